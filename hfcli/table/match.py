"""Driving a game with a player in every seat: the table's loop with an AI endpoint in each seat,
as simulate, the golden games, tests and benchmarks use it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from hfcli.engine.events import Event
from hfcli.engine.game import Game
from hfcli.engine.seat import Decision, Player
from hfcli.engine.view import SeatView
from hfcli.table import AiEndpoint, Table


@dataclass
class MatchStats:
    moves: int = 0
    decision_seconds: list[float] = field(default_factory=list)


class _TimedPlayer:
    """A player whose every decision is timed by ``clock`` into ``stats``."""

    __slots__ = ("player", "stats", "clock", "name")

    def __init__(self, player: Player, stats: MatchStats, clock: Callable[[], float]) -> None:
        self.player = player
        self.stats = stats
        self.clock = clock
        self.name = player.name

    def choose(self, view: SeatView) -> Decision:
        clock = self.clock
        start = clock()
        decision = self.player.choose(view)
        self.stats.decision_seconds.append(clock() - start)
        return decision


def play_game(
    game: Game,
    players: Sequence[Player],
    *,
    stats: MatchStats | None = None,
    on_decision: Callable[[Game, Decision], None] | None = None,
    on_move: Callable[[list[Event], Decision], None] | None = None,
    clock: Callable[[], float] | None = None,
    max_moves: int | None = None,
) -> Game:
    """Play ``game`` to its end (or for ``max_moves`` moves), each seat's player choosing from
    that seat's view. ``on_decision`` sees a decision before it is applied, ``on_move`` the
    events it caused (what a transcript writer records)."""
    if clock is not None and stats is not None:
        timed = stats
        players = [_TimedPlayer(player, timed, clock) for player in players]
    table = Table(game, [AiEndpoint(seat, players[seat]) for seat in game.seating.seats])
    table.on_decision = on_decision
    played = 0
    while max_moves is None or played < max_moves:
        decision = table.step()
        if decision is None:
            break
        played += 1
        if on_move is not None:
            on_move(table.last_events, decision)
        if stats is not None:
            stats.moves += 1
    return game
