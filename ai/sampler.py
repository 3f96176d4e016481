"""Dealing the cards a seat cannot see, consistently with everything its view shows.

A search player cannot look at the other hands, the feet or the stock; it can only imagine them.
:func:`read_knowledge` gathers what the seat's :class:`~hfcli.engine.view.SeatView` and its
:class:`~ai.knowledge.SeatKnowledge` of the history tell of them once, and each
:meth:`Knowledge.sample` imagines one deal of the hidden cards that agrees with it and builds a
whole game in that position with the engine's public builder
(:class:`~hfcli.engine.position.Position`), for the search to play forward.

What a seat knows, and every sample keeps:

- the hidden cards are the shoe (``rules.deck_count`` decks) less everything in sight: its own hand,
  every meld and book, the red threes laid, the discard pile;
- cards seen taken from the pile stay in the hand of the seat that took them, until the public
  history shows that seat melding or discarding them;
- an upcard buried in the stock (C-UPCARD) stays at its place there until the stock is drawn
  down past it;
- every hand, every foot not yet picked up and the stock hold exactly as many cards as the view
  says, and a red three is never in a hand (C-RED3: it is laid as soon as it arrives).

Within those constraints the cards are dealt uniformly at random.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from ai.knowledge import SeatKnowledge
from hfcli.engine.cards import Card, card_code, new_shoe
from hfcli.engine.dealing import buried_places
from hfcli.engine.game import Game
from hfcli.engine.position import Position
from hfcli.engine.state import DealState, TeamState, TurnState
from hfcli.engine.view import SeatView


@dataclass(frozen=True)
class Knowledge:
    """What a seat's view says about the cards it cannot see, worked out once per decision
    (every sample of that decision shares it)."""

    view: SeatView
    unseen: tuple[Card, ...]  # the hidden cards not pinned anywhere, in shoe order
    known: tuple[tuple[Card, ...], ...]  # by seat: cards known to be in that seat's hand
    buried: tuple[tuple[int, Card], ...]  # (index in the stock from the bottom, card) still in the stock
    turn: TurnState  # the turn as far as the view shows it (without the undo snapshot)
    taken_this_turn: tuple[Card, ...]  # pile cards the seat to play took into hand this turn

    def sample(self, rng: random.Random, seed: int) -> Game:
        """One game consistent with the view, its hidden cards dealt by ``rng``; ``seed`` deals
        the deals to come."""
        return Game.from_position(sample_position(self, rng, seed))

    def deals(self, rng: random.Random) -> Iterator[Game]:
        """Imagined games one after another, without end, each dealt from its own seed drawn from
        ``rng``: the first ``n`` are the same however many are taken, so a search may take them a
        batch at a time."""
        while True:
            seed = rng.getrandbits(62)
            yield self.sample(random.Random(seed), seed)


def read_knowledge(view: SeatView, seen: SeatKnowledge | None = None) -> Knowledge:
    """Everything a sample needs from ``view``, read once for all the samples of a decision;
    ``seen`` is the seat's knowledge of the history, brought up to the view (read afresh from the
    view's history when not given)."""
    if seen is None:
        seen = SeatKnowledge()
    seen.update(view)
    seats = len(view.seating.names)
    known = {s: +seen.held.get(s, Counter()) for s in range(seats)}  # + drops the cards counted out
    known[view.seat] = Counter()  # the seat's own hand is in sight anyway
    buried = _still_buried(view, seen.buried)
    in_sight: Counter[Card] = Counter(view.hand)
    in_sight.update(view.pile)
    for melds in view.melds:
        for m in melds:
            in_sight.update(m.cards)
    for reds in view.red_threes:
        in_sight.update(reds)
    pinned: Counter[Card] = Counter()
    for s in range(seats):
        pinned.update(known[s])
    pinned.update(c for _, c in buried)
    unseen = Counter(new_shoe(view.rules.deck_count))
    unseen.subtract(in_sight)
    unseen.subtract(pinned)
    if any(n < 0 for n in unseen.values()):
        # Should the history say more than the table can hold (it never should), trust the table.
        known = {s: Counter() for s in range(seats)}
        buried = []
        unseen = Counter(new_shoe(view.rules.deck_count))
        unseen.subtract(in_sight)
    turn = TurnState(view.turn_seat, view.to_move, view.phase, view.asked, view.permission, view.answer_return,
                     view.laid, view.opening_value, {} if view.pile_taken is not None else None)
    return Knowledge(
        view=view,
        unseen=tuple(sorted(unseen.elements(), key=card_code)),
        known=tuple(tuple(sorted(known[s].elements(), key=card_code)) for s in range(seats)),
        buried=tuple(buried),
        turn=turn,
        taken_this_turn=view.pile_taken or (),
    )


def sample_position(knowledge: Knowledge, rng: random.Random, seed: int) -> Position:
    view = knowledge.view
    seating = view.seating
    seats = range(len(seating.names))
    pool = list(knowledge.unseen)
    rng.shuffle(pool)
    # A red three goes to a foot or the stock, never a hand: the hands are filled first from the
    # other cards, which deals uniformly among the deals that keep the rule.
    for_hands = [c for c in pool if not c.is_red_three]
    rest_reds = [c for c in pool if c.is_red_three]
    hands: list[list[Card]] = []
    at = 0
    for s in seats:
        if s == view.seat:
            hands.append(list(view.hand))
            continue
        known = knowledge.known[s]
        need = view.hand_sizes[s] - len(known)
        hands.append(list(known) + for_hands[at:at + need])
        at += need
    rest = for_hands[at:] + rest_reds
    rng.shuffle(rest)
    feet: list[list[Card] | None] = []
    for s in seats:
        if view.in_foot[s]:
            feet.append(None)
        else:
            size = view.foot_sizes[s]
            feet.append(rest[:size])
            del rest[:size]
    # In a dealt game what is left is exactly the stock; a position built by hand may leave cards
    # of the shoe out of play, and those must not lengthen the stock the view counts.
    stock = rest[: max(0, view.stock_size - len(knowledge.buried))]
    for index, c in knowledge.buried:
        stock.insert(index, c)
    teams = [
        TeamState(list(view.melds[t]), list(view.red_threes[t]), view.opened[t]) for t in range(len(view.melds))
    ]
    deal = DealState(view.deal_index, view.dealer, hands, feet, teams, stock, list(view.pile))
    turn = _copy_turn(knowledge.turn)
    if turn.counting is not None:
        # C-MELDING: after a pickup before the first meld, the cards that still count are those the
        # hand held before it; the view does not keep which those are, so they are taken to be
        # every card in the hand but the pile cards taken this turn (melds laid since then used
        # counting cards first, as naming ranks does).
        counting = Counter(hands[turn.seat])
        counting.subtract(knowledge.taken_this_turn)
        turn.counting = {c: n for c, n in counting.items() if n > 0}
    return Position(view.rules, seating, deal, turn, results=list(view.results), seed=seed)


def _copy_turn(turn: TurnState) -> TurnState:
    return TurnState(
        turn.seat, turn.to_move, turn.phase, turn.asked, turn.permission, turn.answer_return,
        turn.laid, turn.opening_value, dict(turn.counting) if turn.counting is not None else None, None,
    )


def _still_buried(view: SeatView, buried: list[Card]) -> list[tuple[int, Card]]:
    """The upcards buried this deal (C-UPCARD) that are still in the stock, each with its place
    there counted from the bottom: the stock is only ever drawn from the top, so that place never
    changes while the card is there."""
    rules = view.rules
    seats = len(view.seating.names)
    after_deal = rules.card_count - seats * (rules.hand_size + rules.foot_size) - 1
    places = buried_places(after_deal, len(buried))
    still = [(at, c) for at, c in zip(places, buried, strict=True) if at is not None and at < view.stock_size]
    still.sort(key=_place)
    return still


def _place(pair: tuple[int, Card]) -> int:
    return pair[0]
