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
from hfcli.engine.melds import WILD, meld_rank_name
from hfcli.engine.moves import ASK_KIND, NO, YES
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


def ask_reason(view: SeatView, hand: HandFacts | None = None) -> str | None:
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
        plan = "discard the last card and go out"
    elif discarding:
        plan = "meld every card but one and go out"
    else:
        plan = "meld every card and go out"
    missing = hand.needed
    if any(missing):
        return f"ask: a yes lets this turn close the {_books_words(missing)} still needed, {plan}"
    return f"ask: the books are there; a yes lets this turn {plan}"


def _books_words(missing: tuple[int, int, int]) -> str:
    words = []
    for n, kind in zip(missing, ("clean", "dirty", "wild"), strict=True):
        if n == 1:
            words.append(f"{kind} book")
        elif n > 1:
            words.append(f"{n} {kind} books")
    return " and ".join(words)


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
    reachable, best_book = 0, ""
    for rank, meld in hand.mine.items():
        have = counts[TWO] + counts[JOKER] if rank == WILD else counts[rank]
        if have and len(meld.cards) + have >= rules.book_size:
            bonus = book_bonus(rules, meld.kind)
            if bonus > reachable:
                of = "" if rank == WILD else f" of {meld_rank_name(rank)}"
                reachable, best_book = bonus, f"a {meld.kind} book{of}"
    # Any other partner's hand counts against the side too if the deal ends now; about half of
    # it melded by waiting would swing as much as its whole value.
    others = [p for p in seating.partners(view.seat) if p != asker]
    others_value = sum(_hand_estimate(view, knowledge, p) for p in others)
    wait = 2 * meldable + reachable + others_value
    # Going out now: the bonus, and no more turns for the opponents.
    threat, near = _opponents_next_round(view)
    now = rules.going_out_bonus + threat
    ours = "our hands" if others else "this hand"
    if wait:
        book = f", and {best_book}: {reachable}" if best_book else ""
        waiting = f"waiting could add about {wait:.0f} (the cards {ours} could still meld{book})"
    else:
        waiting = f"waiting could add nothing (no card in {ours} could be melded)"
    going = f"going out now is worth about {now:.0f} (the {rules.going_out_bonus} bonus, and {near})"
    if now >= wait:
        return Decision(YES, f"yes: {going}; {waiting}")
    return Decision(NO, f"no: {waiting}; {going}")


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
        return Decision(NO, (
            f"no: going out now would count this hand's {own:.0f} against us, more than it gains "
            f"(the {rules.going_out_bonus} bonus and about {lays:.0f} laid)"
        ))
    if style.out_when_ahead:
        standing = _standing(view, knowledge, average)
        ours = standing[view.team]
        others = [p for t, p in enumerate(standing) if t != view.team]
        if others and ours > max(others):
            return Decision(YES, (
                f"yes: we are ahead in the game by about {ours - max(others):.0f} as things stand, "
                f"and going out keeps us there (this hand's {own:.0f} against the {gain:.0f} it gains)"
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


def _opponents_next_round(view: SeatView) -> tuple[float, str]:
    """What the opposing sides could score in the turns a yes would cut off, and in words."""
    rules = view.rules
    seating = view.seating
    threat = 0.0
    names: list[str] = []
    close: list[str] = []
    for team in seating.teams:
        if team == view.team:
            continue
        names.append(_and_list([seating.long_names[s] for s in seating.members(team)]))
        threat += OPPONENT_CARD * rules.draw_count * len(seating.members(team))
        for rank, meld in open_melds(view.melds[team]).items():
            chance = CLOSE_CHANCE.get(meld.needed)
            if chance:
                threat += chance * book_bonus(rules, meld.kind)
                short = "one card" if meld.needed == 1 else f"{meld.needed} cards"
                what = "wild meld is" if rank == WILD else f"{meld_rank_name(rank)} are"
                close.append(f"their {what} {short} short of a {meld.kind} book")
    words = f"no more turns for {_and_list(names)}"
    if close:
        words += ": " + ", ".join(close)
    return threat, words


def _and_list(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


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
