"""Going out: when to ask the partner "may I go out?", and how to answer them (C-OUT).

A player asks only when a yes lets it go out this turn: it can meld every card but one, and the
partnership holds the books C-OUT asks for by then (counting the books this turn's melds close).
The partner answers by weighing what going out now is worth (the bonus, and the opponents' turns
it cuts off) against what waiting could add (the cards of its side's hands that could still be
melded, a book within reach). A side with no partner never asks (T-OUT).
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING

from ai.base import Decision
from ai.hand import HandFacts, open_melds, read_hand
from ai.knowledge import SeatKnowledge
from ai.meldable import can_go_out
from ai.risk import book_bonus, natural_total
from hfcli.engine.cards import JOKER, THREE, TWO, rank_counts
from hfcli.engine.estimates import lead
from hfcli.engine.melds import WILD
from hfcli.engine.moves import ASK_KIND, NO, YES
from hfcli.engine.reasons import Reason, ReasonKind, reason
from hfcli.engine.scoring import score_team
from hfcli.engine.view import SeatView

if TYPE_CHECKING:
    from ai.strategy import Style

# What one opposing seat's turn is worth to its side when nothing is close, for each card it
# draws (C-DRAW: two in classic, 40 a turn): drawn, melded or moved toward a book.
OPPONENT_CARD = 20.0
# The chance an opposing side closes, within a round, a meld one or two cards short of a book.
CLOSE_CHANCE = {1: 0.5, 2: 0.25}
_KIND_OF = operator.attrgetter("kind")
# What a card of the hand a player asks to go out with is worth: cheap cards are thrown first, so
# such a hand holds the dearer ones (hard's askers held 14.5 a card over 40 games, the cards not
# yet seen about 11); a yes is given unless the answerer's own cards clearly cost more.
ASKER_CARD = 20.0


def ask_reason(view: SeatView, hand: HandFacts | None = None) -> Reason | None:
    """Why to ask "may I go out?" now, or None when not to: only when a yes lets this turn meld
    every card but one with the books complete, and go out by discarding the last (or, where
    melding every card goes out, meld them all)."""
    # The engine offers it only once a turn, from the foot (C-OUT), and only to a side (T-OUT):
    # most decisions are settled by the first two, read from the view, without looking through
    # the legal moves. Looked for by kind (an ask is only ever the plain ``ask``): comparing each
    # legal move with ASK calls Move's dataclass __eq__, in Python, once a move.
    if view.asked or not view.in_foot[view.seat] or ASK_KIND not in map(_KIND_OF, view.legal_moves):
        return None
    hand = hand if hand is not None else read_hand(view)
    rules = view.rules
    # V-OUT: where melding every card goes out, a hand that melds out with no discard asks too.
    discarding = can_go_out(rules, hand.counts, hand.shapes, hand.books, keep=1)
    if not discarding and not (
        rules.go_out_by_melding_all and can_go_out(rules, hand.counts, hand.shapes, hand.books, keep=0)
    ):
        return None
    if len(view.hand) == 1:
        finish = "discard-last"
    elif discarding:
        finish = "meld-all-but-one"
    else:
        finish = "meld-all"
    # The books still needed are on the table for all to count; how the hand goes out is its own.
    return reason(ReasonKind.ASK, needed=tuple(hand.needed), finish=finish, private=("finish",))


def answer_permission(
    view: SeatView, knowledge: SeatKnowledge | None = None, hand: HandFacts | None = None,
    style: Style | None = None,
) -> Decision:
    """As the partner: yes when going out now is worth at least what waiting could add; with
    ``style``'s ``spare_own_cards``, no first when this seat's own cards would cost the side more
    than going out gains it, and with ``out_when_ahead`` yes when the side is ahead in the game."""
    rules = view.rules
    values = rules.rank_values
    seating = view.seating
    asker = view.turn_seat
    hand = hand if hand is not None else read_hand(view)
    if style is not None and (style.spare_own_cards or style.out_when_ahead):
        decided = trusted_answer(view, knowledge, style)
        if decided is not None:
            return decided
    counts = hand.counts
    # Waiting: the cards of this hand that could be melded would count for the side instead of
    # against it, and a book within reach would add its bonus.
    hand_value = sum(values[c.rank] for c in view.hand if c.rank != THREE)
    left = hand.leftover(rules)
    meldable = hand_value * max(0, len(view.hand) - left) // max(1, len(view.hand))
    reachable, best_rank, best_kind = 0, 0, ""
    for rank, meld in hand.mine.items():
        have = counts[TWO] + counts[JOKER] if rank == WILD else counts[rank]
        if have and len(meld.cards) + have >= rules.book_size:
            bonus = book_bonus(rules, meld.kind)
            if bonus > reachable:
                reachable, best_rank, best_kind = bonus, rank, str(meld.kind)
    # Any other partner's hand counts against the side too if the deal ends now; about half of
    # it melded by waiting would swing as much as its whole value.
    others = [p for p in seating.partners(view.seat) if p != asker]
    others_value = sum(_hand_estimate(view, knowledge, p) for p in others)
    wait = 2 * meldable + reachable + others_value
    # Going out now: the bonus, and no more turns for the opponents.
    threat, seats, near = _opponents_next_round(view)
    now = rules.going_out_bonus + threat
    hands = 1 + len(others)
    # What waiting could add is read from this hand: the hand's. What going out is worth is read
    # from the table.
    if wait:
        book = {"rank": best_rank, "book": best_kind, "bonus": reachable} if best_kind else {}
        waiting = Reason(
            ReasonKind.WAITING_WORTH, {"points": round(wait), "hands": hands, **book},
            frozenset({"points", *book}),
        )
    else:
        waiting = reason(ReasonKind.WAITING_NOTHING, points=0, hands=hands, private=("points",))
    going = reason(
        ReasonKind.GOING_OUT_WORTH, points=round(now), bonus=rules.going_out_bonus, seats=seats, near=near or None
    )
    if now >= wait:
        return Decision(YES, reason(ReasonKind.ANSWER_YES, going, waiting))
    return Decision(NO, reason(ReasonKind.ANSWER_NO, waiting, going))


def trusted_answer(view: SeatView, knowledge: SeatKnowledge | None, style: Style) -> Decision | None:
    """The answer a partner is trusted to give, or None to weigh waiting against going out.

    Going out now counts this seat's cards against the side (C-SCORE): its hand, and its foot if
    not yet picked up. When they cost more than going out gains (the bonus and what the asker
    lays: its cards but the one it throws) a yes loses points, typically with a foot just picked
    up; the answer is no (``spare_own_cards``). Otherwise, with the side ahead in the game as
    things stand, ending the deal keeps it ahead: yes (``out_when_ahead``)."""
    rules = view.rules
    values = rules.rank_values
    asker = view.turn_seat
    average = _unseen_average(view, knowledge)
    own = sum(values[c.rank] for c in view.hand) + view.foot_sizes[view.seat] * average
    lays = _asker_lays(view, knowledge, asker)
    gain = rules.going_out_bonus + lays
    if style.spare_own_cards and own > gain:
        # This hand's cards are its own; what the asker lays is read from the table.
        return Decision(NO, reason(
            ReasonKind.OWN_CARDS_COST, points=round(own), bonus=rules.going_out_bonus, other_points=round(lays),
            private=("points",),
        ))
    if style.out_when_ahead:
        standing = _standing(view, knowledge, average)
        ahead = lead(standing, view.team)
        if len(standing) > 1 and ahead > 0:
            # The standing counts this hand's cards: the lead is the hand's too.
            return Decision(YES, reason(
                ReasonKind.AHEAD_IN_GAME, lead=round(ahead), points=round(own), other_points=round(gain),
                private=("lead", "points"),
            ))
    return None


def _asker_lays(view: SeatView, knowledge: SeatKnowledge | None, asker: int) -> float:
    """What the asker lays going out, as far as this seat knows: every card but the one it
    throws, the cards seen taken from the pile at their value and the others at ``ASKER_CARD``."""
    values = view.rules.rank_values
    known = knowledge.known_of(asker) if knowledge is not None else [0] * len(values)
    size = view.hand_sizes[asker]
    held = min(size, sum(known))
    cards = sum(n * values[r] for r, n in enumerate(known)) + (size - held) * ASKER_CARD
    return cards * max(0, size - 1) / max(1, size)


def _standing(view: SeatView, knowledge: SeatKnowledge | None, average: float) -> list[float]:
    """Each side's total so far and the deal as it would score if it ended now with no one out,
    the cards this seat cannot see counted at their average."""
    rules, seating = view.rules, view.seating
    totals = view.totals()
    values = rules.rank_values
    out: list[float] = []
    for team, name in enumerate(seating.team_names):
        table = score_team(name, view.melds[team], len(view.red_threes[team]), False, [], [], rules).total
        held = 0.0
        for s in seating.members(team):
            cards = sum(values[c.rank] for c in view.hand) if s == view.seat else _hand_estimate(view, knowledge, s)
            held += cards + view.foot_sizes[s] * average
        out.append(totals[team] + table - held)
    return out


def _unseen_average(view: SeatView, knowledge: SeatKnowledge | None) -> float:
    """The average card value of the cards this seat has not seen."""
    values = view.rules.rank_values
    seen = knowledge.seen_counts(view) if knowledge is not None else rank_counts(view.hand)
    out = [max(0, natural_total(view.rules, r) - seen[r]) for r in range(len(values))]
    return sum(n * values[r] for r, n in enumerate(out)) / (sum(out) or 1)


def _opponents_next_round(view: SeatView) -> tuple[float, tuple[int, ...], tuple[tuple[int, int, str], ...]]:
    """What the opposing sides could score in the turns a yes would cut off: the points, their
    seats, and their melds near a book (rank, cards short, the book's kind)."""
    rules = view.rules
    seating = view.seating
    threat = 0.0
    seats: list[int] = []
    close: list[tuple[int, int, str]] = []
    for team in seating.teams:
        if team == view.team:
            continue
        seats.extend(seating.members(team))
        threat += OPPONENT_CARD * rules.draw_count * len(seating.members(team))
        for rank, meld in open_melds(view.melds[team]).items():
            chance = CLOSE_CHANCE.get(meld.needed)
            if chance:
                threat += chance * book_bonus(rules, meld.kind)
                close.append((rank, meld.needed, str(meld.kind)))
    return threat, tuple(seats), tuple(close)


def _hand_estimate(view: SeatView, knowledge: SeatKnowledge | None, seat: int) -> float:
    """The card value of ``seat``'s hand as far as this seat knows it: the cards seen taken from
    the pile, and the average of the unseen cards for the rest."""
    values = view.rules.rank_values
    known = knowledge.known_of(seat) if knowledge is not None else [0] * len(values)
    seen = knowledge.seen_counts(view) if knowledge is not None else rank_counts(view.hand)
    out = [max(0, natural_total(view.rules, r) - seen[r]) for r in range(len(values))]
    unseen = sum(out) or 1
    average = sum(n * values[r] for r, n in enumerate(out)) / unseen
    held = sum(known)
    return sum(n * values[r] for r, n in enumerate(known)) + max(0, view.hand_sizes[seat] - held) * average
