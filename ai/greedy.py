"""The greedy baseline: draws from the stock only, lays down every meld it legally can, and
discards its highest card that it cannot meld."""

from __future__ import annotations

from ai.base import Decision, decision_rng
from ai.knowledge import SeatKnowledge
from hfcli.engine.cards import rank_counts
from hfcli.engine.moves import ASK, DRAW, END, PICKUP, UNDO, YES, Move, MoveKind
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
            return Decision(YES, "yes: going out ends the deal with the bonus")
        if view.phase is Phase.DRAW:
            if MoveKind.DRAW in kinds:
                return Decision(DRAW, "draw: the greedy player always draws from the stock")
            if MoveKind.PICKUP in kinds:
                return Decision(PICKUP, "take pile: the stock is empty")
            return Decision(END, "end: the stock is empty")
        self._knowledge.update(view)
        turn = self._knowledge.turns
        if self._stuck_turn != turn:
            self._stuck_turn = turn
            self._stuck = 0
        if MoveKind.ASK in kinds and not view.asked and len(view.hand) <= 2:
            return Decision(ASK, "ask: ready to go out")
        if self._undone_turn != turn:
            for m in moves:
                if m.kind in (MoveKind.MELD, MoveKind.ADD):
                    return Decision(m, f"{m}: lay down every meld")
        discards = [m for m in moves if m.kind is MoveKind.DISCARD]
        if not discards:
            if MoveKind.UNDO in kinds and self._undone_turn != turn:
                self._undone_turn = turn
                return Decision(UNDO, "undo: the melds do not reach the first meld's minimum")
            self._stuck += 1
            forward = [m for m in moves if m.kind in (MoveKind.MELD, MoveKind.ADD)]
            forward = forward or [m for m in moves if m.kind is not MoveKind.UNDO]
            if self._stuck > 40 or not forward:
                # Nothing planned works: wander among the legal moves until the turn can end.
                move = decision_rng(self.seed, self.seat, self.name, view).choice(list(moves))
                return Decision(move, f"{move}: no better move")
            return Decision(forward[0], f"{forward[0]}: meld on to reach the first meld's minimum")
        values = view.rules.rank_values
        counts = rank_counts(view.hand)
        best = max(discards, key=lambda m: (values[_rank(m)] if counts[_rank(m)] else -1, -_rank(m)))
        return Decision(best, f"{best}: the highest card that cannot be melded")


def _rank(move: Move) -> int:
    return move.groups[0][0].rank
