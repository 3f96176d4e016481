"""The golden games in ``transcripts/golden/``: recorded on purpose, verified by every test run.

Regenerate them (after a deliberate change to the engine, the AI or the format) with::

    python -m hfcli.transcript regenerate [FOLDER]

Each game is played by AI seats from ``hfcli.levels.make_player`` and recorded through the writer; the
header's ``created`` time is fixed so that regenerating an unchanged game rewrites the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from hfcli.engine.game import Game
from hfcli.engine.rules import Rules, preset
from hfcli.levels import make_player, seat_together
from hfcli.table.match import play_game
from hfcli.transcript import SeatInfo, TranscriptWriter

FIXED_CREATED = "2026-01-01T00:00:00Z"


@dataclass(frozen=True)
class GoldenGame:
    """A golden game: its file name, rules, seed, the level of each seat in play order, and the
    table (T-SIZE: how many play and how they sit)."""

    name: str
    preset: str
    seed: int
    levels: tuple[str, ...]
    players: int = 4
    teams: str = "auto"

    def rules(self) -> Rules:
        return preset(self.preset).replace(players=self.players, teams=self.teams)


GOLDEN: tuple[GoldenGame, ...] = (
    GoldenGame("classic-normal-seed1", "classic", 1, ("normal", "normal", "normal", "normal")),
    GoldenGame("classic-mixed-seed2", "classic", 2, ("hard", "greedy", "easy", "random")),
    GoldenGame("eleven-normal-seed3", "eleven", 3, ("normal", "easy", "normal", "easy")),
    GoldenGame("classic-two-seed4", "classic", 4, ("normal", "hard"), players=2),
    GoldenGame("classic-three-seed5", "classic", 5, ("hard", "normal", "easy"), players=3),
    GoldenGame("classic-six-pairs-seed6", "classic", 6, ("normal", "hard", "easy", "normal", "hard", "easy"),
               players=6, teams="pairs"),
    GoldenGame("classic-six-threes-seed7", "classic", 7, ("normal", "hard", "easy", "greedy", "normal", "hard"),
               players=6, teams="threes"),
    GoldenGame("quick-normal-seed8", "quick", 8, ("normal", "hard", "normal", "easy")),
)


def record_game(
    path: Path,
    game: Game,
    levels: Sequence[str],
    seed: int,
    *,
    seats: Sequence[SeatInfo] | None = None,
    created: str | None = None,
    max_moves: int | None = None,
) -> Game:
    """Play ``game`` to its end (or for ``max_moves`` moves) with AI players of ``levels``, recording
    every move and reason; ``seats`` default to AI seats named after their places."""
    if seats is None:
        seats = [SeatInfo(game.seating.long_names[i], "ai", level) for i, level in enumerate(levels)]
    players = [make_player(level, seed, seat) for seat, level in enumerate(levels)]
    seat_together(players)
    writer = TranscriptWriter.create(path, game, seats, fsync=False, created=created)
    try:
        play_game(
            game, players, on_move=lambda events, decision: writer.record(events, decision.reason), max_moves=max_moves
        )
    finally:
        writer.close()
    return game


def regenerate(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for spec in GOLDEN:
        path = folder / f"{spec.name}.jsonl"
        path.unlink(missing_ok=True)  # a golden game is rewritten whole; the writer only makes new files
        record_game(path, Game(spec.rules(), spec.seed), spec.levels, spec.seed, created=FIXED_CREATED)
        written.append(path)
    return written
