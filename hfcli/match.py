"""Driving a game with a player in every seat: the loop shared by simulate, tests and benchmarks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ai.base import Decision, Player
from hfcli.game import Game
from hfcli.view import SeatView


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
    clock: Callable[[], float] | None = None,
) -> Game:
    """Play ``game`` to its end, each seat's player choosing from that seat's view."""
    while not game.is_over:
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
        game.apply(decision.move)
        if stats is not None:
            stats.moves += 1
    return game
