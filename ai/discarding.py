"""The discard: what each card is worth keeping to this hand, against what it would hand the next
player, and why the card thrown was the one."""

from __future__ import annotations

from typing import NamedTuple

from ai.base import Decision
from ai.hand import HandFacts, read_hand
from ai.knowledge import SeatKnowledge
from ai.risk import NextPlayer, Threat, fact_chance
from ai.strategy import Style
from hfcli.engine.cards import JOKER, THREE, TWO
from hfcli.engine.moves import DISCARD_KIND, Move
from hfcli.engine.reasons import Reason, ReasonKind, reason
from hfcli.engine.view import SeatView

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
