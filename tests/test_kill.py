"""A game killed with SIGKILL in mid-deal leaves a transcript that verifies and resumes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hfcli.levels import make_player
from hfcli.table.match import play_game
from hfcli.transcript import read_source, replay, resume

PLAYER = r"""
import sys, time
from hfcli.levels import make_player
from hfcli import Game, rules
from hfcli.transcript import SeatInfo, TranscriptWriter

game = Game(rules.preset("classic"), seed=21)
players = [make_player("random", 21, s) for s in range(4)]
writer = TranscriptWriter.create(sys.argv[1], game, [SeatInfo(n, "ai", "random") for n in "SWNE"])
moves = 0
while not game.is_over:
    decision = players[game.to_move].choose(game.view(game.to_move))
    writer.record(game.apply(decision.move), decision.reason)
    moves += 1
    if moves >= 150:
        time.sleep(0.002)  # slow down so the kill lands mid-deal, with the writer busy
"""


@pytest.mark.e2e
def test_sigkill_mid_deal_leaves_a_file_that_verifies_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "killed.jsonl"
    proc = subprocess.Popen([sys.executable, "-c", PLAYER, str(path)], cwd=Path(__file__).resolve().parent.parent)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if path.exists() and path.stat().st_size > 40_000:
            break
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL
    replayed = replay(path)
    assert not replayed.game.is_over and len(replayed.moves) > 100
    resumed = resume(path, fsync=False)
    assert resumed.game == replayed.game
    # A torn line is possible only if the kill cut a write; then it is reported, never silent.
    assert (replayed.source.torn is None) == (resumed.warning is None)
    assert read_source(path).torn is None
    game = resumed.game
    players = [make_player("random", 5, s) for s in range(4)]
    play_game(game, players, on_move=lambda events, decision: resumed.writer.record(events, decision.reason))
    resumed.writer.close()
    final = replay(path)
    assert final.finished and final.game.totals() == game.totals()
