"""Melding and books: which melds and adds to lay, scored by what they do for the books to go out,
and when to keep cards back."""

from __future__ import annotations

from ai.base import Decision
from ai.hand import HandFacts, read_hand
from ai.knowledge import target_rank
from ai.meldable import Books, MeldShape, after_move, can_finish, can_go_out
from ai.strategy import Style
from hfcli.engine.cards import JOKER, TWO, WILD_RANKS
from hfcli.engine.melds import WILD, max_wilds
from hfcli.engine.moves import ADD_KIND, MELD_KIND, Move
from hfcli.engine.reasons import Reason, ReasonKind, reason
from hfcli.engine.rules import Rules
from hfcli.engine.view import SeatView


def low_stock(view: SeatView, style: Style) -> bool:
    """Near the end of the stock, points on the table count more than books to come: within the
    turns ``style.low_stock`` cards last at two a draw (C-DRAW; five turns of the table)."""
    return view.stock_size <= style.low_stock * view.rules.draw_count / 2


def finishing_meld(
    view: SeatView, style: Style, keep_one: bool, out: bool = False, hand: HandFacts | None = None
) -> Decision | None:
    """The best meld or add that keeps the hand able to meld out (``keep_one``: to meld all but
    one card and discard it), or None when the hand cannot finish this turn. With ``out`` the
    partnership's books must be complete at the end too (going out, C-OUT). Greedy melding can
    strand a pair by spending its wild card on a book; this keeps to a plan that gets there."""
    rules = view.rules
    hand = hand if hand is not None else read_hand(view)
    counts, shapes, books = hand.counts, hand.shapes, hand.books
    keep = 1 if keep_one else 0

    def finishes(counts: list[int], shapes: dict[int, MeldShape], books: Books) -> bool:
        if out:
            return can_go_out(rules, counts, shapes, books, keep)
        return can_finish(rules, counts, shapes, keep_one)

    if out:
        if not can_go_out(rules, counts, shapes, books, keep):
            return None
    elif not can_finish(rules, counts, shapes, keep_one, hand.leftover(rules)):
        return None
    best: Move | None = None
    best_score = 0.0
    best_text = ""  # the best move in notation, written only when another move ties its score
    best_why: MeldWhy = None
    scored = MeldScorer(view, hand, style, True).score
    for move in view.legal_moves:
        kind = move.kind
        if kind is not MELD_KIND and kind is not ADD_KIND or len(move.groups) != 1:
            continue
        if not finishes(*after_move(rules, move, counts, shapes, books)):
            continue
        score, why = scored(move)
        # The highest score, and on a tie the move last in notation's order.
        if best is not None and score == best_score:
            best_text = best_text or str(best)
            text = str(move)
            if text <= best_text:
                continue
            best_text = text
        elif best is not None and score < best_score:
            continue
        else:
            best_text = ""
        best, best_score, best_why = move, score, why
    if best is None:
        return None
    return Decision(best, meld_reason(best, best_why or _TOWARD_OUT, hand))


def foot_plan(view: SeatView, hand: HandFacts | None = None) -> str:
    """How to reach the foot: ``meld out`` (meld every card and play the foot this turn),
    ``discard out`` (meld all but one and discard it), or ``build`` (not yet)."""
    if view.in_foot[view.seat] or not view.opened[view.team] and view.opening_value < view.minimum:
        return "build"
    hand = hand if hand is not None else read_hand(view)
    left = hand.leftover(view.rules)
    if left == 0:
        return "meld out"
    if left == 1:
        return "discard out"
    return "build"


def wild_books_pay(rules: Rules) -> bool:
    """Whether a wild book is worth more than a dirty one (C-SCORE), so that wild cards are worth
    saving for one beyond the wild books going out needs."""
    return rules.wild_book_bonus > rules.dirty_book_bonus


def hold_wilds(view: SeatView, style: Style, need_dirty: int, need_wild: int) -> bool:
    """Whether wild cards are kept for a wild book: the dirty books are there and the wild book
    is not, so a wild card on a natural meld only delays going out (with ``hoard_wilds``, also
    once the wild book is there: another one is worth far more than a dirty book)."""
    return (
        view.rules.wild_melds and (need_wild > 0 or style.hoard_wilds and wild_books_pay(view.rules))
        and need_dirty == 0
        and view.opened[view.team] and view.permission is not True
    )


# Why a meld or an add scores: the kind of reason and the book it names (None: the meld's own
# kind, or none), kept as constants: a decision scores every legal meld, and says only one.
MeldWhy = tuple[ReasonKind, str | None] | None
_CLOSES_WILD: MeldWhy = (ReasonKind.CLOSES_BOOK, "wild")
_TOWARD_WILD: MeldWhy = (ReasonKind.TOWARD_BOOK, "wild")
_CLOSES_SAME: MeldWhy = (ReasonKind.CLOSES_BOOK, None)
_CLOSES_DIRTY: MeldWhy = (ReasonKind.CLOSES_BOOK, "dirty")
_TOWARD_DIRTY: MeldWhy = (ReasonKind.TOWARD_BOOK, "dirty")
_ONTO: MeldWhy = (ReasonKind.ONTO_MELD, None)
_POINTS: MeldWhy = (ReasonKind.POINTS_ON_TABLE, None)
_NEW: MeldWhy = (ReasonKind.NEW_MELD, None)
_PAIR: MeldWhy = (ReasonKind.PAIR_ON_TABLE, None)
_WILD_MELD: MeldWhy = (ReasonKind.START_WILD_MELD, None)
_TOWARD_OUT: MeldWhy = (ReasonKind.TOWARD_GOING_OUT, None)


def score_meld_move(
    view: SeatView, move: Move, hand: HandFacts, style: Style, aggressive: bool
) -> tuple[float, MeldWhy]:
    """How much a legal meld or add is worth now (0 = not now), and why: the kind of reason, made
    a :class:`Reason` (:func:`meld_reason`) only for the move played."""
    return MeldScorer(view, hand, style, aggressive).score(move)


class MeldScorer:
    """:func:`score_meld_move` for the moves of one decision: what the scores read of the view,
    the hand and the style is read once, not once a move."""

    __slots__ = (
        "view", "rules", "book", "counts", "mine", "need_clean", "need_dirty", "need_wild", "aggressive",
        "wild_first", "guard_clean", "reserve", "style", "opened", "holding",
    )

    def __init__(self, view: SeatView, hand: HandFacts, style: Style, aggressive: bool) -> None:
        rules = view.rules
        self.view = view
        self.rules = rules
        self.book = rules.book_size
        self.counts, self.mine = hand.counts, hand.mine
        self.need_clean, self.need_dirty, self.need_wild = need_clean, need_dirty, need_wild = hand.needed
        self.aggressive = aggressive
        self.style = style
        # Wild books first and clean melds kept clean only where the bonuses make them worth more
        # (C-SCORE: a wild book over a dirty one, a clean book over a dirty one).
        self.wild_first = wild_first = style.wild_first and wild_books_pay(rules)
        self.guard_clean = style.guard_clean and rules.clean_book_bonus > rules.dirty_book_bonus
        self.reserve = (
            style.reserve_wilds and rules.wild_melds and not aggressive
            and (need_wild > 0 or wild_first and WILD in self.mine)
        )
        self.opened = view.opened[view.team]
        self.holding = hold_wilds(view, style, need_dirty, need_wild)

    def score(self, move: Move) -> tuple[float, MeldWhy]:
        """:func:`score_meld_move` of ``move``."""
        book = self.book
        counts = self.counts
        aggressive = self.aggressive
        wild_first = self.wild_first
        reserve = self.reserve
        picks = move.groups[0]
        if move.kind is ADD_KIND:
            rank = move.target if move.target is not None else WILD  # target_rank, without the call
            meld = self.mine[rank]
            card = picks[0].rank
            closes = len(meld.cards) + 1 >= book
            if rank == WILD:
                if closes:
                    return 130, _CLOSES_WILD
                return (95 if wild_first else 60) + (card == JOKER), _TOWARD_WILD
            if card == rank:
                if closes:
                    return 120, _CLOSES_SAME
                return 100, _ONTO
            # a wild card onto a natural meld; jokers first while the first meld counts card values
            spare = counts[TWO] + counts[JOKER]
            if self.holding:
                return 0, None
            if not self.opened and card == JOKER:
                aggressive = True
            guard_clean = self.guard_clean
            need_dirty = self.need_dirty
            if meld.wilds == 0:
                near_clean = meld.naturals >= book - 2 and (self.need_clean > 0 or self.style.always_clean)
                if guard_clean and near_clean and not (aggressive and closes):
                    return 0, None
                if closes and (need_dirty > 0 or aggressive or not guard_clean):
                    return 80, _CLOSES_DIRTY
                if aggressive and not reserve and (not guard_clean or meld.naturals < book - 2):
                    return 30, _POINTS
                if (
                    not reserve
                    and need_dirty > 0
                    and len(meld.cards) + spare >= book
                    and max_wilds(rank, meld.naturals, self.rules) >= book - len(meld.cards)
                ):
                    return 50, _TOWARD_DIRTY
                return 0, None
            if closes:
                return 85, _CLOSES_DIRTY
            if not reserve and (aggressive or len(meld.cards) + spare >= book):
                return 55, _TOWARD_DIRTY
            return 0, None
        # a new meld
        naturals = [p for p in picks if p.rank not in WILD_RANKS]  # Pick.is_wild, without the property's call
        if len(naturals) == 3:
            return 90, _NEW
        if naturals:
            if not reserve and (aggressive or len(self.view.hand) <= self.style.pair_wild_hand):
                return 40 + (picks[-1].rank == TWO), _PAIR
            return 0, None
        if self.rules.wild_melds and (
            self.need_wild > 0 or aggressive or wild_first or counts[TWO] + counts[JOKER] >= 4
        ):
            return 70 + sum(1 for p in picks if p.rank == JOKER), _WILD_MELD
        return 0, None


def meld_reason(move: Move, why: MeldWhy, hand: HandFacts) -> Reason:
    """The reason :func:`score_meld_move` gave ``move``, with the meld's rank and kind: public, as
    the meld itself is once laid."""
    assert why is not None
    kind, book = why
    if move.kind is ADD_KIND:
        rank = target_rank(move)
        if book is None:
            book = str(hand.mine[rank].kind)
    else:
        rank = next((p.rank for p in move.groups[0] if not p.is_wild), WILD)
    return reason(kind, rank=rank, book=book)


def choose_meld(
    view: SeatView, style: Style, aggressive: bool = False, hand: HandFacts | None = None
) -> Decision | None:
    """The best meld or add now, or None to stop melding: naturals first (closing clean books),
    wild cards to close dirty books or toward the wild book."""
    hand = hand if hand is not None else read_hand(view)
    best: tuple[float, Move, MeldWhy] | None = None
    scored = MeldScorer(view, hand, style, aggressive).score
    for move in view.legal_moves:
        kind = move.kind
        if kind is not MELD_KIND and kind is not ADD_KIND:
            continue
        score, why = scored(move)
        if score > 0 and (best is None or score > best[0]):
            best = (score, move, why)
    if best is None:
        return None
    return Decision(best[1], meld_reason(best[1], best[2], hand))
