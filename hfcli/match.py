"""Driving a game with a player in every seat: the loop shared by simulate, tests and benchmarks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ai.base import Decision, Player
from hfcli.engine.events import Event
from hfcli.engine.game import Game
from hfcli.engine.view import SeatView


@dataclass
class MatchStats:
    moves: int = 0
    decision_seconds: list[float] = field(default_factory=list)


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
    played = 0
    while not game.is_over and (max_moves is None or played < max_moves):
        seat = game.to_move
        view: SeatView = game.view(seat)
        if clock is not None and stats is not None:
            start = clock()
            decision = players[seat].choose(view)
            stats.decision_seconds.append(clock() - start)
        else:
            decision = players[seat].choose(view)
        if on_decision is not None:
            on_decision(game, decision)
        events = game.apply(decision.move)
        played += 1
        if on_move is not None:
            on_move(events, decision)
        if stats is not None:
            stats.moves += 1
    return game
