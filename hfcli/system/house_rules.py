"""House-rules files: reading a TOML file into a rule set, and resolving ``--rules``.

A house-rules file is TOML: ``preset = "classic"`` plus any rule fields to override; the engine's
:func:`hfcli.engine.rules.from_mapping` checks every key and value. This module is the part that
touches the file system, so the engine below it stays free of I/O. It also re-exports the rule
set's names, so ``from hfcli import rules`` gives one place for presets and files alike.
"""

from __future__ import annotations

from pathlib import Path

from hfcli.engine.errors import RulesError
from hfcli.engine.rules import CLASSIC, ELEVEN, PRESETS, Rules, from_mapping, preset
from hfcli.system.files import UnreadableFile, read_toml_file
from hfcli.system.printable import hidden_characters

__all__ = ["CLASSIC", "ELEVEN", "PRESETS", "Rules", "from_mapping", "load", "load_with_preset", "preset", "resolve"]


# A house-rules file is a few lines; anything this large is not one.
MAX_FILE_BYTES = 1 << 20
# Characters: a rule set's name heads the table, every replay and every transcript's header.
MAX_NAME = 60


def load(path: str | Path) -> Rules:
    """Read a house-rules TOML file (a regular file of at most MAX_FILE_BYTES, in UTF-8)."""
    return load_with_preset(path)[0]


def load_with_preset(path: str | Path) -> tuple[Rules, Rules]:
    """A house-rules file's rule set, and the preset it starts from (what ``hf rules`` compares it with)."""
    p = Path(path)
    try:
        data = read_toml_file(p, MAX_FILE_BYTES)
    except UnreadableFile as exc:
        raise RulesError(f"{p}: {exc}") from None
    named = "name" in data
    data.setdefault("name", p.stem)
    name = data["name"]
    if isinstance(name, str) and len(name) > MAX_NAME:
        whose = "" if named else " (the file's own name, as the file gives none: give it a name = \"...\")"
        raise RulesError(f"{p}: name has at most {MAX_NAME} characters, not {len(name):,}{whose}")
    if isinstance(name, str) and hidden_characters(name):
        # The name heads every screen of rules and every replay: text a terminal would act on is refused.
        raise RulesError(f"{p}: name has control characters ({name!r}); a name is printable text")
    rules = from_mapping(data, source=str(p))
    return rules, PRESETS[str(data.get("preset", "classic"))]  # from_mapping refused any other preset


def resolve(spec: str | None) -> Rules:
    """``classic``, ``eleven`` or the path of a house-rules file."""
    if spec is None:
        return CLASSIC
    if spec in PRESETS:
        return PRESETS[spec]
    if spec.endswith(".toml") or Path(spec).exists():
        return load(spec)
    raise RulesError(f"unknown rules {spec!r}; use {', '.join(PRESETS)} or a .toml house-rules file")
