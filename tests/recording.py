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
    levels: Sequence[str] | None = None,
    *,
    seats: Sequence[SeatInfo] | None = None,
    seed: int = 11,
    moves: int | None = None,
    preset: str = "classic",
    players: int = 4,
    teams: str = "auto",
) -> Game:
    """Play ``moves`` moves (or the whole game) at a table of ``players`` and record them; players
    default to random ones, seats to AI seats P0, P1, ..."""
    levels = levels or ("random",) * players
    seats = seats or [SeatInfo(f"P{i}", "ai", level) for i, level in enumerate(levels)]
    game = Game(rules.preset(preset).replace(players=players, teams=teams), seed=seed)
    path.unlink(missing_ok=True)  # a test may record its game again; the writer only makes new files
    return record_game(path, game, levels, seed, seats=seats, max_moves=moves)


GOLDEN = Path(__file__).resolve().parent.parent / "transcripts" / "golden"


def position_after(path: Path, move: int) -> str:
    """The position after move ``move`` of a recorded game, as text."""
    from hfcli.transcript.viewer import load

    return load(path).position(move).to_position()


def record_what_if(path: Path, origin: Path, move: int, *, moves: int | None = None) -> Game:
    """A what-if game recorded as ``hf play --from origin:move`` records it (its start position and
    the history before it), with the recorded game's AI levels playing every seat (for ``moves``
    moves, or to the end)."""
    from hfcli.levels import make_player
    from hfcli.table.match import play_game
    from hfcli.transcript import TranscriptWriter, read_source
    from hfcli.transcript.header import parse_header
    from hfcli.transcript.origin import WHAT_IF, Origin, header_keys
    from hfcli.transcript.viewer import load

    start = load(origin).position(move)
    text, history = start.to_position(), list(start.public_events)
    game = Game.from_position(text, history)
    seats = parse_header(read_source(origin)).seats
    players = [make_player(info.level or "normal", game.seed, seat) for seat, info in enumerate(seats)]
    keys = header_keys(Origin(WHAT_IF, str(origin), move), text, history, game.seating, game.rules)
    with TranscriptWriter.create(path, game, seats, fsync=False, header=keys) as writer:
        play_game(game, players, on_move=lambda events, decision: writer.record(events, decision.reason),
                  max_moves=moves)
    return game
