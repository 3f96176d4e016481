"""House-rules files: reading a TOML file into a rule set, and resolving ``--rules``.

A house-rules file is TOML: ``preset = "classic"`` plus any rule fields to override; the engine's
:func:`hfcli.engine.rules.from_mapping` checks every key and value. This module is the part that
touches the file system, so the engine below it stays free of I/O. It also re-exports the rule
set's names, so ``from hfcli import rules`` gives one place for presets and files alike.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from hfcli.engine.errors import RulesError
from hfcli.engine.rules import CLASSIC, ELEVEN, PRESETS, Rules, from_mapping, preset

__all__ = ["CLASSIC", "ELEVEN", "PRESETS", "Rules", "from_mapping", "load", "preset", "resolve"]


def load(path: str | Path) -> Rules:
    """Read a house-rules TOML file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesError(f"{p}: cannot read: {exc.strerror or exc}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"{p}: not valid TOML: {exc}") from None
    data.setdefault("name", p.stem)
    return from_mapping(data, source=str(p))


def resolve(spec: str | None) -> Rules:
    """``classic``, ``eleven`` or the path of a house-rules file."""
    if spec is None:
        return CLASSIC
    if spec in PRESETS:
        return PRESETS[spec]
    if spec.endswith(".toml") or Path(spec).exists():
        return load(spec)
    raise RulesError(f"unknown rules {spec!r}; use {', '.join(PRESETS)} or a .toml house-rules file")
