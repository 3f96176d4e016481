"""The README says what it must, and the library example (docs/library.md) runs as written."""

from __future__ import annotations

import re
from pathlib import Path

from hfcli import Game

README = Path(__file__).resolve().parent.parent / "README.md"
LIBRARY = Path(__file__).resolve().parent.parent / "docs" / "library.md"


def test_the_library_example_runs() -> None:
    text = LIBRARY.read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S)
    assert code is not None
    namespace: dict[str, object] = {}
    exec(compile(code.group(1), str(LIBRARY), "exec"), namespace)
    game = namespace["game"]
    assert isinstance(game, Game)
    assert game.is_over
    assert game.result is not None and len(game.result.deals) == game.rules.deals


def test_readme_short_rules_name_the_wild_ratio() -> None:
    text = README.read_text(encoding="utf-8")
    brief = re.search(r"^The game in brief.*?\n\n", text, re.S | re.M)
    assert brief is not None
    words = " ".join(brief.group(0).split())
    assert "at most one wild card for every two naturals (2:1, C-RATIO" in words


def test_readme_names_hf_practice() -> None:
    text = README.read_text(encoding="utf-8")
    assert "| `hf practice" in text  # in the table of commands
