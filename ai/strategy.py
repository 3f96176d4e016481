"""The rule-based strategy, one named function per decision.

Each function reads a :class:`SeatView` (and the seat's :class:`SeatKnowledge` of the public history)
and returns a move with its reason, as data (:mod:`hfcli.engine.reasons`). The
levels differ only through :class:`Style`, which switches parts on or off.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ai.base import Decision
from ai.hand import HandFacts, open_melds, read_hand
from ai.knowledge import RANKS, SeatKnowledge, target_rank
from ai.meldable import Books, MeldShape, after_move, can_finish, can_go_out, leftover_of
from ai.risk import NextPlayer, Threat, fact_chance, natural_totals
from hfcli.engine.cards import JOKER, NATURAL_RANKS, THREE, TWO, WILD_RANKS
from hfcli.engine.legality import pickup_pair
from hfcli.engine.melds import CLEAN_BOOK, DIRTY_BOOK, WILD, Meld, max_wilds
from hfcli.engine.moves import ADD_KIND, DISCARD_KIND, DRAW, END, MELD_KIND, PICKUP, Move
from hfcli.engine.reasons import Reason, ReasonKind, reason
from hfcli.engine.rules import Rules
from hfcli.engine.view import SeatView


@dataclass(frozen=True)
class Style:
    """What a level of play does and does not think about."""

    name: str
    block_with_threes: bool = True
    count_cards: bool = True  # ... from the cards not yet seen and what they showed (else only known pairs)
    reserve_wilds: bool = True  # keep wilds toward the wild book while one is needed
    guard_clean: bool = True  # don't dirty a clean meld close to a book (two cards short or less)
    low_stock: int = 10  # stock size (at two cards a draw) at which to play for points on the table
    pile_margin: float = 0.0  # how much better than a draw the pile must look
    lookahead: bool = False  # weigh the possible draws from the unseen cards
    pair_wild_hand: int = 5  # hand size from which a pair is laid with a wild card
    rush_burden: float = 1.5  # cost of each useless pile card once the books are there
    wild_first: bool = False  # wild cards go to wild books (1500) before dirty ones
    always_clean: bool = False  # guard clean melds close to a book even when no clean book is needed
    race_danger: float = 0.3  # weight of feeding the next player once the books are there
    feed_weight: float = 1.0  # weight of what a discard hands the next player (the pile is lost to this side too)
    exact_odds: bool = False  # the next player's chance of a pair drawn without replacement
    # Once the dirty books are there, wild cards go to wild books only, the first and any after:
    # seven of them in a wild book are worth 1500, about 200 each, while a wild card that closes
    # a dirty book trades the clean book its naturals could become (500) for 300.
    hoard_wilds: bool = False
    # What keeping a card is worth when choosing a discard, in points on top of its card value:
    pair_keep: float = 75.0  # a pair melds with one more card or a wild card, and takes a pile topped by its rank
    set_keep: float = 120.0  # three or more: a meld waiting in the hand
    fits_keep: float = 200.0  # it goes onto the partnership's open meld
    # A partner who throws a wild card while holding a card that is not wild is the first thing
    # players complain of: with this, a wild card is kept over any other card but one that would
    # all but surely hand the next player a book (WILD_SPARED).
    keep_wilds: bool = False
    # Answering "may I go out?" (ai.going_out): no when this seat's own cards would cost the side
    # more than going out gains (a foot just picked up), and yes when the side is ahead in the game.
    spare_own_cards: bool = False
    out_when_ahead: bool = False
    # Feeding the next player (ai.risk): they seldom hold a pair of a rank their side has an open
    # meld of, since the cards that fit it are laid as they come.
    melds_laid: bool = False


EASY = Style(
    "easy", block_with_threes=False, count_cards=False,
    reserve_wilds=False, guard_clean=False, low_stock=0, pile_margin=2.0,
)
NORMAL = Style("normal")
# hard's feed_weight: against normal, 2.0 won 58.6%, 59.7% and 59.0% of 1,000 games on three
# seed ranges and 1.5 won 60.4%, 61.2% and 60.0% (1.0 and 1.25 were as good on the first two);
# 1.5 keeps its discards handing over the pile less often than normal's.
HARD = Style(
    "hard", lookahead=True, rush_burden=0.5, wild_first=True, pile_margin=-1.0, always_clean=True,
    exact_odds=True, feed_weight=1.5, hoard_wilds=True, keep_wilds=True,
    spare_own_cards=True, out_when_ahead=True, melds_laid=True,
)
STYLES = {s.name: s for s in (EASY, NORMAL, HARD)}

# ---------------------------------------------------------------- the pile


def card_use(rank: int, counts: list[int], mine: dict[int, Meld]) -> float:
    """How much one more card of ``rank`` helps this hand (a rough unit: a card that melds is 1)."""
    if rank == THREE:
        return -0.3
    if rank in (TWO, JOKER):
        return 1.5
    if rank in mine or counts[rank] >= 2:
        return 1.0
    if counts[rank] == 1:
        return 0.6
    return 0.3


def draw_value(
    view: SeatView, knowledge: SeatKnowledge, style: Style, counts: list[int], mine: dict[int, Meld]
) -> float:
    """What the cards a draw takes from the stock (C-DRAW) are worth: a flat guess, or (looking
    ahead) the average over the cards this seat has not seen."""
    n = min(view.rules.draw_count, view.stock_size)
    if not style.lookahead:
        return 0.7 * n
    seen = knowledge.seen_counts(view)
    totals = natural_totals(view.rules.deck_count)
    total = 0.0
    weight = 0
    for rank in range(RANKS):
        out = totals[rank] - seen[rank]
        if out > 0:
            total += out * card_use(rank, counts, mine)
            weight += out
    return n * (total / weight if weight else 0.5)


def pile_value(
    view: SeatView, knowledge: SeatKnowledge, style: Style, hand: HandFacts | None = None
) -> tuple[float, Reason, Reason]:
    """How much better than drawing the pile looks, what it brings, and why not to take it."""
    top = view.pile_top
    assert top is not None
    rules = view.rules
    hand = hand if hand is not None else read_hand(view)
    counts = hand.counts
    mine = hand.mine
    take = min(rules.pile_limit, view.pile_size)
    ranks = knowledge.pile_ranks_taken(view, take)
    rank = WILD if top.is_wild else top.rank
    # The cards the engine melds with the top card: a pair, or with pile_with_wild perhaps one
    # natural and a wild card, which makes the meld dirty.
    pair = pickup_pair(view.hand, top, rules)
    value = 2.5  # the top card and a pair go to the table
    meld = mine.get(rank)
    book: str | None = None
    if meld is not None and len(meld.cards) + 3 >= rules.book_size:
        kind = meld.kind
        if kind is CLEAN_BOOK and (top.is_wild or any(c.is_wild for c in pair)):
            kind = DIRTY_BOOK
        value += 3.0
        effect, book = "closes", str(kind)
    elif meld is None:
        effect = "starts"
    else:
        effect = "onto"
    for r in ranks[1:]:
        value += card_use(r, counts, mine)
    useful = sum(1 for r in ranks[1:] if r != THREE and (r in mine or counts[r] >= 1 or r in (TWO, JOKER)))
    # What the pile does is public (the pickup lays the top card and its pair); what else of it
    # fits the hand is the hand's.
    why = reason(
        ReasonKind.PILE_GAINS, take=take, effect=effect, rank=rank, book=book, fits=useful or None, private=("fits",)
    )
    if not any(hand.needed):
        # Once the books are there only going out matters: the pile is worth what it does to the
        # cards that cannot be melded, against a draw that adds two cards (C-DRAW) and rarely
        # melds both: about one more that cannot be melded, half of the cards drawn.
        after = list(counts)
        for c in pair:
            after[c.rank] -= 1
        for r in ranks[1:]:
            after[r] += 1
        shapes = hand.shapes
        now = leftover_of(rules, counts, shapes)
        later = leftover_of(rules, after, shapes if rank in shapes else {**shapes, rank: (0, 0, 0)})
        why_not = reason(
            ReasonKind.PILE_SLOWS_GOING_OUT, take=take, later=later, now=now, private=("later", "now")
        )
        return now + rules.draw_count / 2 - later - 0.5 * style.rush_burden, why, why_not
    drawn = min(rules.draw_count, view.stock_size)
    why_not = Reason(ReasonKind.PILE_NOT_WORTH, {**why.facts, "drawn": drawn}, why.private)
    return value - draw_value(view, knowledge, style, counts, mine), why, why_not


def choose_draw(view: SeatView, knowledge: SeatKnowledge, style: Style, hand: HandFacts | None = None) -> Decision:
    """Draw or take the pile: weigh what the pile brings against the cards drawn from the stock."""
    legal = view.legal_moves  # a handful of moves: looked through, not hashed (a kind's hash is Python's)
    if PICKUP in legal:
        gain, why, why_not = pile_value(view, knowledge, style, hand)
        if DRAW not in legal or gain > style.pile_margin:
            return Decision(PICKUP, why)
        return Decision(DRAW, why_not)
    if DRAW in legal:
        return Decision(DRAW, reason(ReasonKind.DRAW))
    return Decision(END, reason(ReasonKind.STOCK_EMPTY))


# ---------------------------------------------------------------- the first meld


@dataclass(frozen=True)
class OpeningPlan:
    """New melds that together reach the first meld's minimum: rank -> (naturals, wilds)."""

    melds: dict[int, tuple[int, int]]
    value: int
    cost: int

    def described(self) -> tuple[tuple[int, int, int], ...]:
        """The plan as a reason's fact: (rank, naturals, wilds) of each meld."""
        return tuple((rank, nat, wild) for rank, (nat, wild) in self.melds.items())


def plan_opening(
    counts: list[int], rules: Rules, target: int, laid: dict[int, tuple[int, int]] | None = None
) -> OpeningPlan | None:
    """The first meld that reaches ``target`` at the least cost: every natural meld of three or
    more is free (it would be laid anyway); a pair laid with a wild card and each wild card used
    cost, so pairs and wilds are kept when the naturals reach the minimum alone. ``laid`` holds
    the melds already laid this turn (rank -> naturals, wilds), which the plan may add to; the
    plan's melds give each meld's naturals and wilds in total."""
    values = rules.rank_values
    pair_takes_wild = rules.wild_ratio.pair_takes_wild
    book = rules.book_size
    laid = laid or {}
    base: dict[int, tuple[int, int]] = {}
    base_value = 0
    slots: list[tuple[int, int]] = []  # (rank, wild room) on the free melds
    pairs: list[int] = []
    for rank, (nat0, wild0) in laid.items():
        if rank == WILD:
            base[rank] = (0, wild0)
            if book - wild0 > 0:
                slots.append((rank, book - wild0))
            continue
        n = min(counts[rank], book - nat0 - wild0)
        nat = nat0 + n
        base[rank] = (nat, wild0)
        base_value += n * values[rank]
        room = min(book - nat - wild0, max_wilds(rank, nat, rules) - wild0)
        if room > 0:
            slots.append((rank, room))
    for rank in NATURAL_RANKS:
        n = counts[rank]
        if rank in laid:
            continue
        if n >= 3:
            nat = min(n, book)
            base[rank] = (nat, 0)
            base_value += nat * values[rank]
            room = min(book - nat, max_wilds(rank, nat, rules))
            if room > 0:
                slots.append((rank, room))
        elif n == 2 and pair_takes_wild:
            pairs.append(rank)
    if base_value >= target:
        return OpeningPlan(base, base_value, 0)
    pairs.sort(key=lambda r: -values[r])
    pairs = pairs[:6]
    wild_cards = [JOKER] * counts[JOKER] + [TWO] * counts[TWO]
    wild_values = [values[w] for w in wild_cards]
    slot_room = sum(room for _, room in slots)
    best: tuple[int, int, int, int] | None = None  # (cost, -value, pair mask, wilds used)
    for mask in range(1 << len(pairs)):
        chosen = [pairs[i] for i in range(len(pairs)) if mask >> i & 1]
        p = len(chosen)
        pair_value = sum(2 * values[r] for r in chosen)
        for k in range(p, len(wild_cards) + 1):
            spare = k - p
            if spare > slot_room and not (rules.wild_melds and spare >= 3 and WILD not in laid):
                continue
            value = base_value + pair_value + sum(wild_values[:k])
            if value < target:
                continue
            cost = 3 * p + 4 * k
            key = (cost, -value, mask, k)
            if best is None or key < best:
                best = key
            break  # more wilds only cost more
    if best is None:
        return None
    _, neg_value, mask, k = best
    melds = dict(base)
    chosen = [pairs[i] for i in range(len(pairs)) if mask >> i & 1]
    for r in chosen:
        melds[r] = (2, 1)
    spare = k - len(chosen)
    if spare >= 3 and rules.wild_melds and WILD not in laid:
        melds[WILD] = (0, spare)
    else:
        for rank, room in slots:
            put = min(room, spare)
            if put:
                nat, wild = melds[rank]
                melds[rank] = (nat, wild + put)
                spare -= put
    return OpeningPlan(melds, -neg_value, best[0])


def opening_moves(view: SeatView, plan: OpeningPlan) -> Decision | None:
    """The next legal move that lays part of ``plan``."""
    mine = open_melds(view.my_melds)
    best: tuple[int, Move] | None = None
    for move in view.legal_moves:
        if move.kind is MELD_KIND:
            picks = move.groups[0]
            nat = [p for p in picks if not p.is_wild]
            rank = nat[0].rank if nat else WILD
            want = plan.melds.get(rank)
            if want is None or rank in mine:
                continue
            if rank != WILD and len(nat) < 3 and want[0] >= 3:
                continue  # three naturals first; wilds join afterwards
            if rank != WILD and len(nat) < 3 and want[1] == 0:
                continue
            score = 10 + sum(1 for p in picks if p.rank == JOKER)
        elif move.kind is ADD_KIND:
            rank = target_rank(move)
            want = plan.melds.get(rank)
            meld = mine.get(rank)
            if want is None or meld is None:
                continue
            if move.groups[0][0].is_wild:
                if meld.wilds >= want[1]:
                    continue
                score = 5 + (move.groups[0][0].rank == JOKER)
            else:
                if meld.naturals >= want[0]:
                    continue
                score = 8
        else:
            continue
        if best is None or score > best[0]:
            best = (score, move)
    if best is None:
        return None
    # The minimum is the table's; the plan is the hand's.
    why = reason(ReasonKind.OPENING_PLAN, minimum=view.minimum, plan=plan.described(), private=("plan",))
    return Decision(best[1], why)


# ---------------------------------------------------------------- melding and books


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


# ---------------------------------------------------------------- discards


# What keeping a card is worth to this hand, in points, on top of its card value (a pair's, a
# set's and a card that fits an open meld are the style's: Style.pair_keep, set_keep, fits_keep).
WILD_KEEP = 200.0
THREE_KEEP = 15.0  # a black three kept blocks a bigger pile later
# With keep_wilds, what a wild card's keep is raised by: more than any card costs to throw but one
# the next player all but surely takes the pile with and closes a book (a pair of theirs seen
# taken: the chance 1, the book's 500 and the pile's cards, one and a half times), where throwing
# the wild card is the lesser harm.
WILD_SPARED = 300.0


class DiscardOption(NamedTuple):
    """A legal discard, what it costs (lower is better to throw) and why, made a reason only when
    asked: what the card is to this hand (``what``, with ``held`` cards of its rank, or for a black
    three that blocks the pile the cards it blocks and the seat it blocks), and what it would hand
    the next player (a named tuple: a discard weighs one for every card it could throw, and a
    frozen dataclass sets its fields one call at a time)."""

    cost: float
    move: Move
    what: ReasonKind
    threat: Threat | None = None
    held: int = 0
    seat: int = 0

    @property
    def text(self) -> str:
        """The move in notation."""
        return str(self.move)

    @property
    def rank(self) -> int:
        return self.move.groups[0][0].rank

    @property
    def chance(self) -> float:
        """The chance the next player takes the pile with it (a black three: none)."""
        return self.threat.chance if self.threat is not None else 0.0

    @property
    def reason(self) -> Reason:
        """What the card is to this hand, and what it hands the next player."""
        what = self.what
        if what is ReasonKind.BLOCK_WITH_THREE:
            said = reason(what, take=self.held, seat=self.seat)
        elif what is ReasonKind.THREE_UNMELDABLE or what is ReasonKind.FITS_OUR_MELD:
            said = reason(what, rank=self.rank)
        else:
            # What else of its rank the hand holds is the hand's.
            said = reason(what, rank=self.rank, held=self.held, private=("held",))
        if self.threat is not None:
            return said.with_parts(self.threat.risk)
        return said


_new_tuple = tuple.__new__


def discard_scores(
    view: SeatView, knowledge: SeatKnowledge, style: Style, hand: HandFacts | None = None
) -> list[DiscardOption]:
    """Every legal discard with its cost in points: what the card is worth to this hand, plus
    what it would hand the next player (their chance of taking the pile times its worth)."""
    rules = view.rules
    values = rules.rank_values
    hand = hand if hand is not None else read_hand(view)
    counts = hand.counts
    mine = hand.mine
    nxt = NextPlayer(
        view, knowledge, counting=style.count_cards, exact=style.exact_odds, melds_laid=style.melds_laid
    )
    racing = not any(hand.needed)
    take = min(rules.pile_limit, view.pile_size + 1)
    discards = [m for m in view.legal_moves if m.kind is DISCARD_KIND]
    only_wilds = all(m.groups[0][0].rank in (TWO, JOKER) for m in discards)
    options: list[DiscardOption] = []
    for move in discards:
        rank = move.groups[0][0].rank
        n = counts[rank]
        if rank == THREE:
            if style.block_with_threes and take >= 2:
                cost = THREE_KEEP * (1.0 - min(1.0, take / (rules.pile_take or 7))) - values[THREE]
                options.append(DiscardOption(
                    cost, move, ReasonKind.BLOCK_WITH_THREE, None, take, view.seating.next_seat(view.seat)
                ))
            else:
                options.append(DiscardOption(-values[THREE], move, ReasonKind.THREE_UNMELDABLE, None, n))
            continue
        if rank in (TWO, JOKER):
            cost = WILD_KEEP + values[rank]
            why = ReasonKind.ONLY_WILDS if only_wilds else ReasonKind.WILD_LEAST_COST
            if style.keep_wilds and not only_wilds:
                cost += WILD_SPARED
        else:
            cost = float(values[rank])
            if rank in mine:
                cost += style.fits_keep
                why = ReasonKind.FITS_OUR_MELD
            elif n >= 3:
                cost += style.set_keep
                why = ReasonKind.ONE_OF_SET
            elif n == 2:
                cost += style.pair_keep
                why = ReasonKind.BREAKS_PAIR
            else:
                why = ReasonKind.SINGLE
                if nxt.counting and nxt.out[rank] == 0:
                    # No other card of its rank is left to come: it can never be melded, and it
                    # costs its value if the deal ends with it in hand.
                    cost = -float(values[rank])
        threat = nxt.threat(rank)
        danger = threat.chance * threat.gain * style.feed_weight  # Threat.cost, without the property's call
        if racing:
            # Only going out matters now: a card that cannot be melded goes before feeding worries.
            danger *= style.race_danger
        cost += danger
        # Without __new__'s argument handling.
        options.append(_new_tuple(DiscardOption, (cost, move, why, threat, n, 0)))
    return options


def choose_discard(
    view: SeatView, knowledge: SeatKnowledge, style: Style, hand: HandFacts | None = None
) -> Decision | None:
    """The discard that costs least: a black three to block a pile worth taking, then singletons
    and cheap cards nobody next to play is collecting; pairs and wild cards are kept."""
    options = discard_scores(view, knowledge, style, hand)
    if not options:
        return None
    # The least cost, and among equal costs the move first in notation's order: the moves are
    # written only when costs tie.
    cheapest = min(o.cost for o in options)
    tied = [o for o in options if o.cost == cheapest]
    best = tied[0] if len(tied) == 1 else min(tied, key=lambda o: o.text)
    why = best.reason
    if best.chance > 0.0:
        why = why.with_parts(risk_taken(best, options))
    return Decision(best.move, why)


def risk_taken(best: DiscardOption, options: list[DiscardOption]) -> Reason:
    """Why ``best``, a card the next player may take the pile with, was the one to throw: it was
    the safest card held (and how safe the next safest was), or the safer cards were worth more
    kept (the safest of them and what it is to the hand). All of it is the hand's."""
    rank = best.rank
    others = [o for o in options if o.rank != rank]
    if not others:
        return reason(ReasonKind.SAFEST, rank=rank, held=best.held, private=("held",))
    chance = best.chance
    safer = [o for o in others if o.chance < chance]
    weighed = min(safer or others, key=lambda o: (o.chance, o.cost, o.text))
    facts = {
        "rank": rank, "held": best.held, "chance": fact_chance(chance),
        "other_rank": weighed.rank, "other_chance": fact_chance(weighed.chance),
    }
    private = frozenset(("held", "chance", "other_rank", "other_chance", "kept"))
    if not safer:
        return Reason(ReasonKind.SAFEST, facts, private & facts.keys())
    return Reason(ReasonKind.RISK_WORTH_IT, {**facts, "kept": weighed.what.value}, private)
