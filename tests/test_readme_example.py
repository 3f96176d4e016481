"""The README's library example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

from hfcli import Game

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_engine_example_runs() -> None:
    text = README.read_text(encoding="utf-8")
    code = re.search(r"## The engine as a library.*?```python\n(.*?)```", text, re.S)
    assert code is not None
    namespace: dict[str, object] = {}
    exec(compile(code.group(1), str(README), "exec"), namespace)
    game = namespace["game"]
    assert isinstance(game, Game)
    assert game.is_over
    assert game.result is not None and len(game.result.deals) == game.rules.deals
