"""Recording a game played by AI players into a transcript, for the transcript tests."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from hfcli import rules
from hfcli.engine.game import Game
from hfcli.transcript import SeatInfo
from hfcli.transcript.golden import record_game


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
    seats = seats or [SeatInfo(f"P{i}", "ai", level) for i, level in enumerate(levels)]
    return record_game(path, Game(rules.preset(preset), seed=seed), levels, seed, seats=seats, max_moves=moves)
