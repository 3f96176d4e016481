"""A deal's life: starting it (C-DEAL, C-UPCARD, C-RED3, C-DEALS), each turn's start, putting cards
into a hand, and its end (C-END, C-SCORE).

The shoe of deal N is the Nth shuffle of the game's one generator, seeded with the game's seed,
unless the game was given that deal's shoe (a replay, a scenario, duplicate play). A given shoe
never shifts the deals after it: shuffles the given shoes stood in for are made (and dropped)
before the next shoe that is not given.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from hfcli.engine.cards import Card, shuffled_shoe
from hfcli.engine.config import GameConfig
from hfcli.engine.events import Event, EventKind
from hfcli.engine.legality import minimum_for, pickup_refusal
from hfcli.engine.rules import Rules
from hfcli.engine.scoring import DealEnding, DealResult, running_totals, score_team
from hfcli.engine.state import DealState, GameState, Phase, TeamState, TurnState


def new_state(config: GameConfig) -> GameState:
    """A game's state as it starts: the first deal dealt."""
    # The first deal replaces the placeholder deal and turn at once.
    state = GameState(DealState(0, 0, [], [], []), TurnState(0, 0), rng=random.Random(config.seed))
    start_deal(config, state, 0, state.events)
    return state


def next_shoe(config: GameConfig, state: GameState, index: int) -> list[Card]:
    """The shoe of deal ``index`` (top card first)."""
    rules = config.rules
    given = config.given_shoes.get(index)
    if given is not None:
        if len(given) != rules.card_count:
            raise ValueError(f"deal {index + 1}: a shoe needs {rules.card_count} cards, not {len(given)}")
        return list(given)
    while state.shuffles <= index:
        shoe = shuffled_shoe(rules.deck_count, state.rng)
        state.shuffles += 1
    return shoe


def start_deal(config: GameConfig, state: GameState, index: int, events: list[Event]) -> None:
    """Deal ``index`` begins: hands, then feet, from the first player on; the upcard; dealt red threes."""
    rules, seating = config.rules, config.seating
    n = len(seating.names)
    dealer = (seating.first_dealer + index) % n
    first = (dealer + 1) % n
    shoe = next_shoe(config, state, index)
    state.shoes[index] = tuple(shoe)
    stock = shoe[::-1]
    order = [(first + i) % n for i in range(n)]
    hands: list[list[Card]] = [[] for _ in range(n)]
    feet: list[list[Card] | None] = [[] for _ in range(n)]
    for seat in order:
        hands[seat] = [stock.pop() for _ in range(rules.hand_size)]
    for seat in order:
        feet[seat] = [stock.pop() for _ in range(rules.foot_size)]
    deal = state.deal = DealState(index, dealer, hands, feet, [TeamState() for _ in seating.team_names], stock, [])
    state.turn = TurnState(first, first)
    minimums = tuple(minimum_for(config, state, team) for team in seating.teams)  # C-MIN
    events.append(Event(EventKind.DEAL, dealer, count=index, minimums=minimums))
    up = turn_up(stock, rules, events)
    deal.pile.append(up)
    events.append(Event(EventKind.UPCARD, cards=(up,)))
    # C-RED3: dealt red threes are laid and replaced seat by seat from the first player.
    for seat in order:
        hand = hands[seat]
        reds = [c for c in hand if c.is_red_three]
        if reds:
            hands[seat] = [c for c in hand if not c.is_red_three]
            give(config, state, seat, reds, events)
    begin_turn(config, state, first, events)


def turn_up(stock: list[Card], rules: Rules, events: list[Event]) -> Card:
    """C-UPCARD / V-UPCARD: the card that starts the pile, burying every three, two and joker turned.

    A buried card goes into the middle of the stock, so the turn-up goes round the cards above the
    middle and never reaches those below (the middle of a stock of one or two cards is its top).
    Once a card comes up that was buried already, it and every card turned after it go to the
    bottom instead, so the turn-up goes on down the whole stock. The rules refuse a stock that
    could hold no natural card (``Rules.buried_upcards``); should one
    come up all the same (a shoe given by hand), the last card turned starts the pile."""
    up = stock.pop()
    size = len(stock)  # the stock as each burial finds it: one card in, one turned up
    for turned in range(1, 2 * size + 2):
        if not (up.is_wild or up.is_red_three or (up.is_black_three and rules.bury_black_three_upcard)):
            return up
        stock.insert(bury_index(size, turned), up)
        events.append(Event(EventKind.BURY, cards=(up,)))
        up = stock.pop()
    return up


def bury_index(size: int, turned: int) -> int:
    """C-UPCARD: where the ``turned``-th card turned up (from 1) goes when it is buried, counted
    from the bottom of the stock of ``size`` cards it goes into: the middle while the turn-up
    goes round the cards above the middle, the bottom after that."""
    return size - size // 2 if turned <= size // 2 + 1 else 0


def buried_places(size: int, burials: int) -> list[int | None]:
    """Where each of a deal's first ``burials`` buried upcards stands once the turn-up is over,
    counted from the bottom of the stock (``size``: the stock after the deal, less the first card
    turned), in the order they were buried; None for one turned up again. The stock is only ever
    drawn from the top afterwards, so a card's place stays while it is there."""
    places: list[int | None] = []
    for turned in range(1, burials + 1):
        at = bury_index(size, turned)
        places = [p + 1 if p is not None and p >= at else p for p in places]
        places.append(at)
        # The card on top (index ``size`` of the ``size + 1`` now there) is turned up next.
        places = [None if p == size else p for p in places]
    return places


def give(config: GameConfig, state: GameState, seat: int, cards: Iterable[Card], events: list[Event]) -> None:
    """Put cards into a hand, laying every red three and replacing it from the stock (C-RED3)."""
    deal = state.deal
    hand = deal.hands[seat]
    team = deal.teams[config.seating.team_of[seat]]
    counting = state.turn.counting
    pending = list(cards)
    while pending:
        c = pending.pop(0)
        if c.is_red_three:
            team.red_threes.append(c)
            replacement = deal.stock.pop() if deal.stock else None
            events.append(
                Event(EventKind.RED_THREE, seat, cards=(c,), private=(replacement,) if replacement else ())
            )
            if replacement is not None:
                pending.append(replacement)
                if counting is not None:
                    counting[replacement] = counting.get(replacement, 0) + 1
        else:
            hand.append(c)


def begin_turn(config: GameConfig, state: GameState, seat: int, events: list[Event]) -> None:
    state.turn = TurnState(seat, seat)
    # C-END: the stock is empty and the pile cannot be taken.
    if not state.deal.stock and pickup_refusal(config, state, seat) is not None:
        end_deal(config, state, None, events)


def end_deal(config: GameConfig, state: GameState, went_out: int | None, events: list[Event]) -> None:
    """C-END, C-SCORE: score the deal (``went_out``: the seat that went out, None when the stock
    ran out), then start the next deal, or end the game after the last (C-GAME)."""
    rules, seating, deal = config.rules, config.seating, state.deal
    scores = []
    for team_index, name in enumerate(seating.team_names):
        members = seating.members(team_index)
        team = deal.teams[team_index]
        scores.append(
            score_team(
                name,
                team.melds,
                len(team.red_threes),
                went_out is not None and seating.team_of[went_out] == team_index,
                [deal.hands[s] for s in members],
                [f for s in members if (f := deal.feet[s]) is not None],
                rules,
            )
        )
        if went_out is not None and seating.team_of[went_out] == team_index:
            team.opened = True
    ending = DealEnding.STOCK if went_out is None else DealEnding.OUT
    state.results.append(DealResult(deal.index, ending, went_out, tuple(scores)))
    events.append(Event(EventKind.DEAL_END, count=deal.index, detail=ending))
    totals = running_totals(state.results, len(seating.team_names))
    if not rules.ends_the_game(deal.index, totals):
        start_deal(config, state, deal.index + 1, events)
    else:
        state.turn.phase = Phase.OVER
        events.append(Event(EventKind.GAME_END))
