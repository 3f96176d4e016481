"""An AI seat plays on after ``hf play --resume`` exactly as it would have without the stop: its
moves depend on what its seat has seen, never on whether the process restarted."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from hfcli.cli import main
from hfcli.transcript import read_source
from hfcli.transcript.verify import verify_file

KILLED = Path(__file__).resolve().parent / "killed"


def resume_and_quit(path: Path) -> str:
    result = CliRunner().invoke(main, ["play", "--resume", str(path), "--speed", "0", "--ascii"], input="quit\ny\n")
    assert result.exit_code == 0, result.output
    return result.output


def move_at(path: Path, line: int) -> tuple[str, str]:
    data = json.loads(read_source(path).lines[line - 1])
    return data["seat"], data["move"]


def test_an_ai_resumed_after_taking_the_pile_names_the_cards_it_held_before(tmp_path: Path) -> None:
    # hf play --seed 5, killed after North took the pile and laid its first meld toward 90:
    # line 280 is North's "meld AD AH 2D", named card by card because before its side's first
    # meld only the cards held before the pickup count (C-MELDING).
    path = tmp_path / "killed.jsonl"
    shutil.copy(KILLED / "mid-turn-after-a-pickup-seed5.jsonl", path)
    assert len(read_source(path).lines) == 280
    resume_and_quit(path)
    # North goes on with its plan (3 sixes with 1 wild) and names the two it held, as the game
    # played without a stop does; a player made afresh had forgotten the hand before the pickup
    # and wrote "add 2 to 6".
    assert move_at(path, 281) == ("N", "add 2S to 6")
    assert move_at(path, 282) == ("N", "discard 5")
    verified = verify_file(path, ai=True)
    assert verified.moves == 188
