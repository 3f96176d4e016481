"""``hf play --resume`` seats the person where the transcript's header says, and refuses a game
with no human seat or several."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from recording import record

from hfcli.cli import main
from hfcli.transcript import SeatInfo, replay

LEVELS = ("easy", "normal", "hard", "normal")  # West is recorded by an AI but listed as a person


def invoke(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin)
    return result.exit_code, result.output


def test_resume_seats_the_human_at_west_and_the_ai_at_their_recorded_levels(tmp_path: Path) -> None:
    path = tmp_path / "west.jsonl"
    seats = [SeatInfo("South", "ai", "easy"), SeatInfo("Ann", "human", None),
             SeatInfo("North", "ai", "hard"), SeatInfo("East", "ai", "normal")]
    game = record(path, LEVELS, seats=seats, seed=11, moves=9)
    assert game.to_move != 1  # the AI seats play first, then West is asked
    moves_before = len(replay(path).moves)
    code, text = invoke(["play", "--resume", str(path), "--speed", "0"], "hand\nd\nquit\ny\n")
    assert code == 0, text
    assert "You sit West. Your partner East (normal); opponents South (easy) and North (hard)." in text
    prompts = re.findall(r"^(\S+) \((?:draw|meld/discard)\)> ", text, re.M)
    assert prompts and set(prompts) == {"Ann"}
    first_prompt = text.index("Ann (draw)> ")
    assert re.search(r"^North draws 2 cards — ", text[:first_prompt], re.M)  # North is an AI again, with reasons
    assert "> Ann (West)" in text and "EW (you) melds:" in text
    assert re.search(r"^Ann \(draw\)> d\nYou draw \S+ \S+\.$", text, re.M)
    # The continued record replays with every AI seat choosing as its recorded level does.
    continued = replay(path, ai=True)
    new_moves = continued.moves[moves_before:]
    assert new_moves[-1].seat == 1 and new_moves[-1].move == "draw" and new_moves[-1].reason is None
    assert all(m.reason for m in new_moves[:-1]) and {m.seat for m in new_moves[:-1]} >= {2, 3, 0}


@pytest.mark.parametrize(("kinds", "message"), [
    (("ai", "ai", "ai", "ai"), "this game has no human seat: use 'hf replay' to watch it"),
    (("human", "ai", "human", "ai"), "this game has 2 human seats and hf play seats one: use 'hf replay' to watch it"),
])
def test_resume_refuses_a_game_without_exactly_one_human_seat(
    tmp_path: Path, kinds: tuple[str, ...], message: str
) -> None:
    path = tmp_path / "game.jsonl"
    seats = [SeatInfo(f"P{i}", kind, None if kind == "human" else "random") for i, kind in enumerate(kinds)]
    record(path, ("random",) * 4, seats=seats, seed=3, moves=5)
    before = path.read_bytes()
    code, text = invoke(["play", "--resume", str(path), "--speed", "0"], "d\n")
    assert code != 0
    assert text.splitlines() == [f"Error: {path}:1: {message}"]
    assert path.read_bytes() == before  # the refused file is left as it was
