"""The rule-based player at three levels (easy, normal, hard): the strategy functions of
:mod:`ai.strategy` put together into a turn, one legal move at a time."""

from __future__ import annotations

from collections import Counter

from ai.base import Decision, decision_rng
from ai.discarding import choose_discard
from ai.drawing import choose_draw
from ai.going_out import answer_permission, ask_reason
from ai.hand import HandFacts, read_hand
from ai.knowledge import SeatKnowledge, SharedAccount, may_go_out, shared_knowledge
from ai.melding import choose_meld, finishing_meld, foot_plan, low_stock
from ai.opening import OpeningPlan, opening_moves, plan_opening
from ai.strategy import STYLES, Style
from hfcli.engine.cards import Card, card_code, rank_counts
from hfcli.engine.errors import NotFoundError, PlayerError
from hfcli.engine.legality import pickup_pair
from hfcli.engine.moves import ADD_KIND, ASK, MELD_KIND, PICKUP_KIND, UNDO, Move, MoveKind, Pick, card_pick
from hfcli.engine.reasons import Reason, ReasonKind, reason
from hfcli.engine.state import ANSWER_PHASE, DRAW_PHASE
from hfcli.engine.view import SeatView

# A turn never needs this many moves; past it the player stops planning and just moves on.
MOVE_GUARD = 80


class RuleBasedPlayer:
    def __init__(self, seed: int | None, seat: int, level: str | Style = "normal", name: str | None = None) -> None:
        """A player at ``level``: a level's name, or a style of its own (a frozen baseline, a
        style being tuned); ``name`` is the player's, the style's name unless given."""
        if isinstance(level, Style):
            style = level
        elif level in STYLES:
            style = STYLES[level]
        else:
            raise NotFoundError(f"unknown level {level!r}; choose from {', '.join(STYLES)}")
        self.style = style
        self.name = style.name if name is None else name
        self.seed = seed
        self.seat = seat
        self.knowledge = SeatKnowledge()
        self.account = SharedAccount()
        self._turn = -1
        self._moves = 0
        self._undone = False
        self._plan: OpeningPlan | None = None
        self._planned = False
        self._origin: Counter[Card] | None = None  # the hand before a pickup, for the first meld

    def choose(self, view: SeatView) -> Decision:
        self.knowledge = shared_knowledge(view, self.knowledge, self.account)
        if not view.legal_moves:
            raise PlayerError(f"{self.name} player asked to move with no legal moves")
        phase = view.phase
        if phase is ANSWER_PHASE:
            return answer_permission(view, self.knowledge, style=self.style)
        if phase is DRAW_PHASE:
            decision = choose_draw(view, self.knowledge, self.style)
            self._origin = None
            if decision.move.kind is PICKUP_KIND and not view.opened[view.team] and view.pile_top is not None:
                # The cards the engine melds with the top card (with pile_with_wild, perhaps a wild).
                origin = Counter(view.hand)
                origin.subtract(pickup_pair(view.hand, view.pile_top, view.rules))
                self._origin = origin
            return decision
        if self.knowledge.turns != self._turn:
            self._turn = self.knowledge.turns
            self._moves = 0
            self._undone = False
            self._plan = None
            self._planned = False
        self._moves += 1
        decision = self._meld_phase(view)
        if self._origin is not None and (decision.move.kind is MELD_KIND or decision.move.kind is ADD_KIND):
            exact = self._from_origin(decision.move)
            decision = Decision(exact, decision.reason)  # the reason speaks of ranks, not of the cards
        return decision

    def share(self, account: SharedAccount) -> None:
        """Read the game's public history through ``account``, which the other players made for the
        same game hold too: each event is then read once, not once a seat. Given before the first
        choice; the knowledge is the same either way, only the time differs."""
        self.account = account

    def recall(self, view: SeatView) -> None:
        """Be shown a view it chose at before the game was resumed (see :func:`hfcli.engine.seat.recall`):
        choosing again keeps through the turn what choosing kept then."""
        self.choose(view)

    def _meld_phase(self, view: SeatView) -> Decision:
        legal = view.legal_moves
        if self._moves > MOVE_GUARD:
            # A plan that went wrong: wander among the legal moves until the turn can end.
            discards = [m for m in legal if m.kind is MoveKind.DISCARD]
            # Labelled by the style, not the player: a baseline under a name of its own wanders alike.
            move = decision_rng(f"player:{self.style.name}", self.seed, self.seat, view).choice(discards or list(legal))
            return Decision(move, reason(ReasonKind.NO_BETTER_MOVE))
        team_open = view.opened[view.team] or view.opening_value >= view.minimum
        hand = read_hand(view)  # once a decision: every strategy function below reads it
        melded = self._first_meld(view, hand) if not team_open else self._meld_on(view, hand)
        return melded if melded is not None else self._end_of_turn(view, hand)

    def _first_meld(self, view: SeatView, hand: HandFacts) -> Decision | None:
        """Before the side's first meld: the whole hand down where no minimum is asked of it, else
        the next step of the opening plan (made once a turn)."""
        style = self.style
        if view.rules.minimum_waived_for_whole_hand and not view.in_foot[view.seat]:
            # A first meld of the whole hand needs no minimum: take it whenever the hand allows.
            whole = (
                finishing_meld(view, style, keep_one=True, hand=hand)
                or finishing_meld(view, style, keep_one=False, hand=hand)
            )
            if whole is not None:
                return Decision(whole.move, _and(whole.reason, reason(ReasonKind.WHOLE_HAND_DOWN)))
        if not self._planned:
            self._planned = True
            self._plan = self._make_plan(view, hand.counts)
        if self._plan is not None and not self._undone:
            return opening_moves(view, self._plan)
        return None

    def _meld_on(self, view: SeatView, hand: HandFacts) -> Decision | None:
        """Once the side has melded: ask to go out, go out or into the foot, else meld toward the books."""
        style = self.style
        asking = ask_reason(view, hand) if view.permission is not True else None
        if asking is not None:
            return Decision(ASK, asking)
        books_there = not any(hand.needed)
        in_foot = view.in_foot[view.seat]
        out = may_go_out(view)
        finish = None
        if out:
            finish = finishing_meld(view, style, keep_one=True, out=True, hand=hand)
            if finish is None and view.rules.go_out_by_melding_all:
                finish = finishing_meld(view, style, keep_one=False, out=True, hand=hand)
        elif not in_foot:
            finish = (
                finishing_meld(view, style, keep_one=False, hand=hand)
                or finishing_meld(view, style, keep_one=True, hand=hand)
            )
        if finish is not None:
            then = reason(ReasonKind.GOING_OUT if out else ReasonKind.TO_THE_FOOT)
            return Decision(finish.move, _and(finish.reason, then))
        plan = foot_plan(view, hand)
        aggressive = view.permission is True or books_there or low_stock(view, style) or plan != "build"
        step = choose_meld(view, style, aggressive, hand)
        if step is not None:
            if plan != "build" and not in_foot:
                way = "meld-out" if plan == "meld out" else "discard-out"
                foot = reason(ReasonKind.FOOT_PLAN, finish=way, private=("finish",))
                return Decision(step.move, _and(step.reason, foot))
            return step
        if out and len(view.hand) == 1 and books_there:
            last = next((m for m in view.legal_moves if m.kind is MoveKind.DISCARD), None)
            if last is not None:
                return Decision(last, reason(ReasonKind.LAST_CARD))
        return None

    def _end_of_turn(self, view: SeatView, hand: HandFacts) -> Decision:
        """Nothing more to meld: the discard, else take the melds back to try again, else any way on."""
        legal = view.legal_moves
        discard = choose_discard(view, self.knowledge, self.style, hand)
        if discard is not None:
            return discard
        if UNDO in legal and not self._undone:
            self._undone = True
            return Decision(UNDO, reason(ReasonKind.UNDO_SHORT))
        step = choose_meld(view, self.style, aggressive=True, hand=hand)
        if step is not None:
            return step
        forward = [m for m in legal if m.kind not in (MoveKind.UNDO, MoveKind.ASK)]
        move = (forward or list(legal))[0]
        return Decision(move, reason(ReasonKind.ONLY_WAY_ON))

    def _make_plan(self, view: SeatView, counts: list[int]) -> OpeningPlan | None:
        if self._origin is not None:
            counts = rank_counts(self._origin.elements())
        laid = {m.rank: (m.naturals, m.wilds) for m in view.my_melds if not m.is_book}
        return plan_opening(counts, view.rules, view.minimum - view.opening_value, laid)

    def _from_origin(self, move: Move) -> Move:
        """Name exact cards from the hand held before the pickup: only those count toward the
        first meld (C-MELDING), and a rank alone would let the engine pick a card from the pile."""
        origin = self._origin
        assert origin is not None
        exact: list[Pick] = []
        for pick in move.groups[0]:
            held = min((c for c, n in origin.items() if n > 0 and c.rank == pick.rank), key=card_code, default=None)
            if held is None:
                exact.append(pick)
            else:
                origin[held] -= 1
                exact.append(card_pick(held))
        return Move(move.kind, (tuple(exact),), move.target)



def _and(first: Reason | None, then: Reason) -> Reason:
    """``first`` with ``then`` said after it."""
    return then if first is None else first.with_parts(then)
