"""Recording a game played by AI players into a transcript, for the transcript tests."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ai import make_player
from hfcli import rules
from hfcli.game import Game
from hfcli.match import play_game
from hfcli.transcript import SeatInfo, TranscriptWriter


def record(
    path: Path,
    levels: Sequence[str] = ("random",) * 4,
    *,
    seats: Sequence[SeatInfo] | None = None,
    seed: int = 11,
    moves: int | None = None,
    preset: str = "classic",
) -> Game:
    """Play ``moves`` moves (or the whole game) and record them; seats default to AI seats P0..P3."""
    game = Game(rules.preset(preset), seed=seed)
    seats = seats or [SeatInfo(f"P{i}", "ai", level) for i, level in enumerate(levels)]
    players = [make_player(level, seed, seat) for seat, level in enumerate(levels)]
    writer = TranscriptWriter.create(path, game, seats, fsync=False)
    play_game(game, players, on_move=lambda events, d: writer.record(events, d.reason), max_moves=moves)
    writer.close()
    return game
