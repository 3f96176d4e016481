"""The greedy baseline: draws from the stock only, lays down every meld it legally can, and
discards its highest card that it cannot meld."""

from __future__ import annotations

from ai.base import Decision, decision_rng
from ai.knowledge import SeatKnowledge
from hfcli.engine.cards import rank_counts
from hfcli.engine.moves import ASK, DRAW, END, PICKUP, UNDO, YES, Move, MoveKind
from hfcli.engine.reasons import ReasonKind, reason
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView


class GreedyPlayer:
    name = "greedy"

    def __init__(self, seed: int | None, seat: int) -> None:
        self.seed = seed
        self.seat = seat
        self._undone_turn = -1
        self._stuck_turn = -1
        self._stuck = 0  # moves this turn spent melding on toward the first meld's minimum
        self._knowledge = SeatKnowledge()

    def choose(self, view: SeatView) -> Decision:
        moves = view.legal_moves
        kinds = {m.kind for m in moves}
        if view.phase is Phase.ANSWER:
            return Decision(YES, reason(ReasonKind.OUT_FOR_BONUS))
        if view.phase is Phase.DRAW:
            if MoveKind.DRAW in kinds:
                return Decision(DRAW, reason(ReasonKind.DRAW_ALWAYS))
            if MoveKind.PICKUP in kinds:
                return Decision(PICKUP, reason(ReasonKind.PILE_STOCK_EMPTY))
            return Decision(END, reason(ReasonKind.STOCK_EMPTY))
        self._knowledge.update(view)
        turn = self._knowledge.turns
        if self._stuck_turn != turn:
            self._stuck_turn = turn
            self._stuck = 0
        if MoveKind.ASK in kinds and not view.asked and len(view.hand) <= 2:
            return Decision(ASK, reason(ReasonKind.ASK_READY))
        if self._undone_turn != turn:
            for m in moves:
                if m.kind in (MoveKind.MELD, MoveKind.ADD):
                    return Decision(m, reason(ReasonKind.LAY_EVERY_MELD))
        discards = [m for m in moves if m.kind is MoveKind.DISCARD]
        if not discards:
            if MoveKind.UNDO in kinds and self._undone_turn != turn:
                self._undone_turn = turn
                return Decision(UNDO, reason(ReasonKind.UNDO_SHORT))
            self._stuck += 1
            forward = [m for m in moves if m.kind in (MoveKind.MELD, MoveKind.ADD)]
            forward = forward or [m for m in moves if m.kind is not MoveKind.UNDO]
            if self._stuck > 40 or not forward:
                # Nothing planned works: wander among the legal moves until the turn can end.
                move = decision_rng(f"player:{self.name}", self.seed, self.seat, view).choice(list(moves))
                return Decision(move, reason(ReasonKind.NO_BETTER_MOVE))
            return Decision(forward[0], reason(ReasonKind.MELD_TO_MINIMUM))
        values = view.rules.rank_values
        counts = rank_counts(view.hand)
        best = max(discards, key=lambda m: (values[_rank(m)] if counts[_rank(m)] else -1, -_rank(m)))
        why = reason(ReasonKind.HIGHEST_UNMELDABLE, rank=_rank(best), held=counts[_rank(best)], private=("held",))
        return Decision(best, why)


def _rank(move: Move) -> int:
    return move.groups[0][0].rank
