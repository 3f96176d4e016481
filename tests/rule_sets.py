"""Rule sets drawn from every field of :class:`hfcli.engine.rules.Rules` over its allowed range.

Each whole-number field is drawn at either end of its range or anywhere between; fields that
depend on others (the teams on the players, the hands and feet on the decks) are drawn within
what the others leave allowed, so every rule set drawn is one ``from_mapping`` accepts. One
drawing function serves hypothesis (``rule_sets()``) and the seeded runs of
``bench/rule_sets.py`` (``random_rule_set(rng)``).

``cost`` bounds the cards dealt over a game (the shoe's cards times the deals), which is what a
game's length grows with: a rule set may take decks or deals at the top of their ranges, but not
both at once in a run that must stay short.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from hypothesis import strategies as st

from hfcli.engine.options import WildRatio
from hfcli.engine.rules import Rules, from_mapping

T = TypeVar("T")


class Drawer:
    """Where the choices come from: ``number(low, high)`` is an end of the range or anything
    between, ``one_of(options)`` one of the options."""

    def __init__(self, number: Callable[[int, int], int], one_of: Callable[[Sequence[Any]], Any]) -> None:
        self.number = number
        self.one_of = one_of

    def flag(self) -> bool:
        return bool(self.one_of((False, True)))


def draw_mapping(draw: Drawer, cost: int) -> dict[str, Any]:
    """A house-rules mapping (preset and overrides) of an allowed rule set."""
    data: dict[str, Any] = {"preset": draw.one_of(("classic", "eleven", "quick"))}
    players = draw.number(2, 6)
    data["players"] = players
    data["teams"] = draw.one_of(
        {4: ("auto", "pairs", "none"), 6: ("auto", "pairs", "threes", "none")}.get(players, ("auto", "none"))
    )
    # T-DECK: 0 is one deck more than players; within the cost, at least one deal of the shoe.
    most_decks = max(1, min(20, cost // 54))
    decks = draw.number(0, most_decks) if players + 1 <= most_decks else draw.number(1, most_decks)
    data["decks"] = decks
    deck_count = decks or players + 1
    bury_black_three = draw.flag()
    data["bury_black_three_upcard"] = bury_black_three
    # C-DEAL, C-UPCARD: the stock left must hold more than the cards the turn-up buries.
    buried = deck_count * (10 if bury_black_three else 8)
    each = min(80, (54 * deck_count - buried - 1) // players)  # hand and foot together
    hand = draw.number(1, min(40, each - 1))
    data["hand_size"] = hand
    data["foot_size"] = draw.number(1, min(40, each - hand))
    data["deals"] = draw.number(1, max(1, min(20, cost // (54 * deck_count))))
    data["meld_minimums"] = [draw.one_of((0, 50, draw.number(0, 300), 5000)) for _ in range(draw.number(1, 4))]
    data["meld_minimum_by"] = draw.one_of(("deal", "score"))
    pairs, start = [], draw.number(-1000, 0)
    for _ in range(draw.number(1, 4)):
        pairs.append([start, draw.one_of((0, 50, draw.number(0, 300), 5000))])
        start += draw.number(1, 5000)
    data["score_minimums"] = pairs
    data["minimum_waived_for_whole_hand"] = draw.flag()
    data["game_target"] = draw.one_of((0, 1, draw.number(0, 10**7), 10**7))
    for key in ("joker_value", "two_value", "ace_value", "high_value", "low_value", "black_three_value"):
        data[key] = draw.one_of((0, draw.number(0, 100), 1000))
    for key in ("clean_book_bonus", "dirty_book_bonus", "wild_book_bonus", "red_three_bonus",
                "red_three_foot_penalty", "going_out_bonus"):
        data[key] = draw.one_of((-500, 0, draw.number(-100, 2000), 5000))
    wild_melds = draw.flag()
    data["wild_melds"] = wild_melds
    data["clean_books_to_go_out"] = draw.one_of((0, 1, draw.number(0, 5), 50))
    data["dirty_books_to_go_out"] = draw.one_of((0, 1, draw.number(0, 5), 50))
    data["wild_books_to_go_out"] = draw.one_of((0, 1, draw.number(0, 3), 50)) if wild_melds else 0
    for key in ("going_out_needs_permission", "partner_in_foot_to_go_out", "whole_side_in_foot",
                "go_out_by_melding_all", "pile_needs_first_meld"):
        data[key] = draw.flag()
    wild_ratio = draw.one_of(tuple(WildRatio))
    data["wild_ratio"] = str(wild_ratio)
    # A natural and a wild card take the pile only where a pair may hold a wild (the rules refuse the rest).
    data["pile_with_wild"] = draw.flag() if wild_ratio.pair_takes_wild else False
    data["draw_count"] = draw.number(1, 5)
    data["book_size"] = draw.number(3, 20)
    data["pile_take"] = draw.one_of((0, 1, draw.number(0, 1080), 1080))
    return data


def rule_set(draw: Drawer, cost: int) -> tuple[dict[str, Any], Rules]:
    """The mapping drawn and the rule set it reads as (every drawn rule set must be allowed)."""
    data = draw_mapping(draw, cost)
    return data, from_mapping(data)


def random_rule_set(rng: random.Random, cost: int) -> tuple[dict[str, Any], Rules]:
    def number(low: int, high: int) -> int:
        return rng.choice((low, high, rng.randint(low, high)))

    return rule_set(Drawer(number, lambda options: rng.choice(list(options))), cost)


@st.composite
def rule_sets(draw: st.DrawFn, cost: int) -> tuple[dict[str, Any], Rules]:
    def number(low: int, high: int) -> int:
        return draw(st.one_of(st.sampled_from((low, high)), st.integers(low, high)))

    return rule_set(Drawer(number, lambda options: draw(st.sampled_from(list(options)))), cost)


def move_cap(rules: Rules) -> int:
    """More moves than a game of ``rules`` takes: a turn draws a card or melds three for good, so
    a deal has fewer turns than cards. A random player's turn may wander, laying melds and taking
    them back while its side cannot reach the first meld's minimum, and with a minimum no meld
    reaches its hand grows all deal long (a two-player game of 20 decks, draws of 5 and a minimum
    of 5000 took more than 47,000 moves), but not for 400 moves a card."""
    return rules.deals * (rules.card_count + 100) * 400


def play_through(rules: Rules, seed: int, kinds: Sequence[str]) -> int:
    """Play a whole game of ``rules``, seat ``s`` played by ``kinds[s]``; every move must be legal
    and every card of the shoe somewhere after it. The number of moves it took."""
    from hfcli.engine.game import Game
    from hfcli.levels import make_player

    game = Game(rules, seed=seed)
    players = [make_player(kind, seed, seat) for seat, kind in zip(game.seating.seats, kinds, strict=True)]
    cap = move_cap(rules)
    moves = 0
    while not game.is_over:
        assert moves < cap, f"the game did not end in {cap} moves"
        seat = game.to_move
        assert game.legal_moves(), "a game that is not over always has a move"
        game.apply(players[seat].choose(game.view(seat)).move)
        moves += 1
        assert game.card_total() == rules.card_count
    assert game.result is not None and len(game.results) <= rules.deals
    return moves
