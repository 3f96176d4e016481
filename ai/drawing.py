"""The draw: the stock or the discard pile, each valued by what its cards do for this hand."""

from __future__ import annotations

from ai.base import Decision
from ai.hand import HandFacts, read_hand
from ai.knowledge import RANKS, SeatKnowledge
from ai.meldable import leftover_of
from ai.risk import natural_totals
from ai.strategy import Style
from hfcli.engine.cards import JOKER, THREE, TWO
from hfcli.engine.legality import pickup_pair
from hfcli.engine.melds import CLEAN_BOOK, DIRTY_BOOK, WILD, Meld
from hfcli.engine.moves import DRAW, END, PICKUP
from hfcli.engine.reasons import Reason, ReasonKind, reason
from hfcli.engine.view import SeatView


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
