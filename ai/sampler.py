"""Dealing the cards a seat cannot see, consistently with everything its view shows.

A search player cannot look at the other hands, the feet or the stock; it can only imagine them.
:func:`read_knowledge` gathers what the seat's :class:`~hfcli.engine.view.SeatView` tells of
them once, and each :meth:`Knowledge.sample` imagines one deal of the hidden cards that agrees
with it and builds a whole game in that position with the engine's
public builder (:class:`~hfcli.engine.position.Position`), for the search to play forward.

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
from collections.abc import Sequence
from dataclasses import dataclass

from hfcli.engine.cards import Card, card_code, new_shoe
from hfcli.engine.events import EventKind
from hfcli.engine.game import Game
from hfcli.engine.moves import MoveKind
from hfcli.engine.position import Position
from hfcli.engine.state import DealState, Phase, TeamState, TurnState
from hfcli.engine.view import SeatView

_LAYING = (MoveKind.MELD, MoveKind.ADD, MoveKind.DISCARD)
_ANSWERS = (MoveKind.YES, MoveKind.NO)


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


def read_knowledge(view: SeatView) -> Knowledge:
    """Everything a sample needs from ``view``, read once for all the samples of a decision."""
    seats = len(view.seating.names)
    known, buried = _known_cards(view)
    for s in view.seating.seats:
        if s == view.seat:
            known[s] = Counter()  # the seat's own hand is in sight anyway
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
    turn, taken = _turn_state(view)
    return Knowledge(
        view=view,
        unseen=tuple(sorted(unseen.elements(), key=card_code)),
        known=tuple(tuple(sorted(known[s].elements(), key=card_code)) for s in range(seats)),
        buried=tuple(buried),
        turn=turn,
        taken_this_turn=taken,
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


def _known_cards(view: SeatView) -> tuple[dict[int, Counter[Card]], list[tuple[int, Card]]]:
    """Cards each seat is known to hold (pile cards it took and has not laid since) and the
    upcards buried in the stock that are still there, from the current deal's public history."""
    history = view.history
    start = _deal_start(history)
    seats = len(view.seating.names)
    known: dict[int, Counter[Card]] = {s: Counter() for s in range(seats)}
    buried_cards: list[Card] = []
    for i in range(start, len(history)):
        event = history[i]
        kind = event.kind
        if kind is EventKind.TAKE and event.seat is not None:
            mine = known[event.seat]
            # The pair melded with the top card came from the hand: the engine takes the two
            # lowest-coded cards of the rank, which may or may not be known ones; forgetting the
            # known ones only widens the samples, keeping them could put a card in two places.
            # With pile_with_wild the hand may have given one natural and a wild card instead:
            # the known wild cards are forgotten too.
            top = event.cards[0]
            wild_too = view.rules.pile_with_wild and not top.is_wild
            for c in [c for c in mine if c.rank == top.rank or wild_too and c.is_wild]:
                mine[c] = 0
            mine.update(event.cards[1:])  # the top card goes to the meld with the pair
        elif kind is EventKind.MOVE and event.seat is not None and event.move is not None:
            if event.move.kind in _LAYING:
                mine = known[event.seat]
                for c in event.cards:
                    if mine[c] > 0:
                        mine[c] -= 1
        elif kind is EventKind.FOOT and event.seat is not None:
            known[event.seat] = Counter()  # a foot is picked up only with the hand empty (C-FOOT)
        elif kind is EventKind.BURY:
            buried_cards.extend(event.cards)
    # C-UPCARD: each buried upcard goes into the middle of the stock as it stands after the deal
    # and the turned card; later burials go in at the same place, above the earlier ones, and the
    # stock is only ever drawn from the top, so a buried card's place counted from the bottom
    # never changes while it is there.
    rules = view.rules
    after_deal = rules.card_count - seats * (rules.hand_size + rules.foot_size) - 1
    bottom = after_deal - after_deal // 2
    buried: list[tuple[int, Card]] = []
    count = len(buried_cards)
    for k, c in enumerate(buried_cards):
        index = bottom + (count - 1 - k)
        if index < view.stock_size:
            buried.append((index, c))
    buried.sort(key=lambda pair: pair[0])
    return {s: +known[s] for s in range(seats)}, buried


def _deal_start(history: Sequence[object]) -> int:
    for i in range(len(history) - 1, -1, -1):
        if history[i].kind is EventKind.DEAL:  # type: ignore[attr-defined]
            return i
    return 0


def _turn_state(view: SeatView) -> tuple[TurnState, tuple[Card, ...]]:
    """The turn as the view and this turn's public moves show it, and the pile cards taken into
    hand this turn."""
    turn = TurnState(view.turn_seat, view.to_move, view.phase, view.asked, view.permission)
    turn.opening_value = view.opening_value
    history = view.history
    drew = laid = False
    # An undo takes back this turn's melds and additions laid since the foot was picked up (or
    # since the turn began): walking back from it, they do not count as laid.
    undone = False
    taken: tuple[Card, ...] = ()
    for i in range(len(history) - 1, -1, -1):
        event = history[i]
        if event.kind is EventKind.DEAL:
            break
        if event.kind is EventKind.TAKE and event.seat == view.turn_seat:
            taken = event.cards[1:]
            continue
        if event.kind is EventKind.FOOT and event.seat == view.turn_seat:
            undone = False
            continue
        if event.kind is not EventKind.MOVE or event.move is None:
            continue
        kind = event.move.kind
        if event.seat != view.turn_seat:
            if kind in _ANSWERS:
                continue  # the partner's answer is part of this turn
            break  # the previous turn's last move
        if kind is MoveKind.DISCARD:
            break  # this seat's previous turn (with no other seat between: a two-seat table)
        if kind in (MoveKind.DRAW, MoveKind.PICKUP):
            drew = True
        if kind is MoveKind.UNDO:
            undone = True
        elif kind is MoveKind.PICKUP or (kind in (MoveKind.MELD, MoveKind.ADD) and not undone):
            laid = True
        if kind is MoveKind.PICKUP and not view.opened[view.seating.team_of[view.turn_seat]]:
            turn.counting = {}
    turn.laid = laid
    if view.phase is Phase.ANSWER:
        turn.answer_return = Phase.MELD if drew else Phase.DRAW
    if turn.counting is None:
        taken = ()
    # The undo snapshot (what ``undo`` would restore) is not in the view; searches start from the
    # draw, a discard or an answer, and after a sample's discard the turn is over, so it is left
    # out: a sampled game offers no ``undo`` for the moves already laid this turn.
    return turn, taken
