"""A whole game of ``hf play`` in a pseudo-terminal (pexpect), on a small house-rules set so it is
short: each deal's score sheet waits for Enter, and the game ends on the final screen.

The person's moves are worked out beforehand by the same hint player the table offers, against the
same seeded AI seats, so the game in the terminal is the game played here in-process.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from hfcli import rules
from hfcli.engine.game import Game
from hfcli.levels import make_player

pytestmark = pytest.mark.e2e
pexpect = pytest.importorskip("pexpect", reason="pexpect drives the pseudo-terminal")

SMALL = 'decks = 1\nhand_size = 3\nfoot_size = 3\ndeals = 2\nmeld_minimums = [0]\n'
SEED = 5


def people_moves(house: Path) -> tuple[list[str], Game]:
    """The moves South makes when always following the hint, and the finished game."""
    game = Game(rules.load(house), seed=SEED)
    players = {seat: make_player("normal", SEED, seat) for seat in (1, 2, 3)}
    hint = make_player("normal", SEED, 0)
    moves = []
    while not game.is_over:
        seat = game.to_move
        move = (hint if seat == 0 else players[seat]).choose(game.view(seat)).move
        if seat == 0:
            moves.append(str(move))
        game.apply(move)
    return moves, game


def test_a_whole_game_holds_each_score_sheet_and_ends_on_the_final_screen(tmp_path: Path) -> None:
    house = tmp_path / "small.toml"
    house.write_text(SMALL)
    moves, finished = people_moves(house)
    assert finished.result is not None and len(finished.result.deals) == 2
    transcript = tmp_path / "game.jsonl"
    child = pexpect.spawn(
        sys.executable, ["-m", "hfcli", "play", "--seed", str(SEED), "--rules", str(house), "--speed", "0",
                         "--transcript", str(transcript)],
        encoding="utf-8", timeout=30, dimensions=(24, 80),
        env={**os.environ, "TERM": "xterm", "HF_DATA_DIR": str(tmp_path), "LC_ALL": "C.UTF-8",
             "PROMPT_TOOLKIT_NO_CPR": "1"},
    )
    prompt = r"South \((draw|meld/discard)\)>|May your partner go out\? \[y/n\]"
    holds = []
    try:
        for move in moves:
            while child.expect([prompt, r"Press Enter to start deal (\d) of 2\.", r"Press Enter for the final"]):
                holds.append(child.after)
                before = child.before
                assert "score" in before and "Game so far:" in before  # the sheet is shown, then held
                # Held: nothing more is written until Enter (the next deal's line has not come).
                with pytest.raises(pexpect.TIMEOUT):
                    child.expect("begins:", timeout=0.5)
                child.sendline("")
            child.sendline(move)
            # Every move the person makes is told as "You ..."; then comes a fresh prompt.
            assert child.expect([r"You ", r"Not allowed|Can't read"]) == 0, child.before
        child.expect(r"Press Enter for the final scores\.")
        holds.append(child.after)
        child.sendline("")
        child.expect(r"Game over: ")
        child.expect(r"To replay it, move by move:")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert holds == ["Press Enter to start deal 2 of 2.", "Press Enter for the final scores."]
    assert child.exitstatus == 0
    assert "hf replay" in child.before or "-m hfcli replay" in child.before
