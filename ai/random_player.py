"""A player that picks uniformly among the legal moves (taking back melds only when stuck)."""

from __future__ import annotations

from ai.base import Decision, decision_rng
from hfcli.engine.errors import PlayerError
from hfcli.engine.moves import MoveKind
from hfcli.engine.reasons import ReasonKind, reason
from hfcli.engine.view import SeatView


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int | None, seat: int) -> None:
        self.seed = seed
        self.seat = seat

    def choose(self, view: SeatView) -> Decision:
        moves = view.legal_moves
        if not moves:
            raise PlayerError("RandomPlayer asked to move when it has no legal moves")
        # Undo is a convenience for people; a random player that used it freely would wander.
        forward = [m for m in moves if m.kind is not MoveKind.UNDO]
        move = decision_rng(f"player:{self.name}", self.seed, self.seat, view).choice(forward or list(moves))
        return Decision(move, reason(ReasonKind.RANDOM))
