"""Scoring: C-SCORE line by line against deals scored by hand, C-GAME, V-BOOKS."""

from __future__ import annotations

import random

import pytest
from positions import position

from hfcli import rules
from hfcli.engine.errors import IllegalMoveError
from hfcli.engine.game import Game
from hfcli.engine.rules import ELEVEN
from hfcli.engine.scoring import DealResult, GameResult, TeamScore

NS_BOOKS = (
    "NS melds: 9 9 9 9 9 9 9 / K K K K K 2 2 / 2 2 2 JK JK 2 2 / 8 8 8 8 8 8 8 / Q Q Q Q Q 2 JK\n"
    "NS red3: 3H 3D\nNS opened\n"
)
DEAL = (
    "S hand: 4 4 4 5\nS foot: -\nN hand: A 7 3\nN foot: -\n" + NS_BOOKS
    + "EW melds: J J J 2\nEW red3: 3H\nEW opened\nW hand: JK 6\nW foot: A 3H 4\nE hand: K\nE foot: -\n"
    + "turn: S meld\n"
)


def _go_out(g: Game) -> DealResult:
    g.apply("ask")
    g.apply("yes")
    g.apply("meld 4 4 4")
    g.apply("discard 5")
    return g.results[0]


def test_C_SCORE_every_line_of_a_deal_scored_by_hand() -> None:
    deal = _go_out(position(DEAL))
    ns, ew = deal.teams
    # NS by hand: melds 9x7=70, K5+2x2=90, 2x5+JKx2=200, 8x7=70, Q5+2+JK=120, 4 4 4=15 -> 565.
    assert ns.meld_points == 565
    assert (ns.clean_books, ns.clean_book_points) == (2, 1000)
    assert (ns.dirty_books, ns.dirty_book_points) == (2, 600)
    assert (ns.wild_books, ns.wild_book_points) == (1, 1500)
    assert (ns.red_threes, ns.red_three_points) == (2, 200)
    assert (ns.went_out, ns.going_out_points) == (True, 100)
    assert ns.hand_points == -(20 + 5 + 5)  # North's A 7 and black three
    assert (ns.foot_points, ns.foot_red_threes, ns.foot_red_three_points) == (0, 0, 0)
    assert ns.total == 565 + 1000 + 600 + 1500 + 200 + 100 - 30 == 3935
    # EW by hand: J J J 2 = 50; a red three laid +100; hands JK 6 and K = -65;
    # West's unpicked foot A 3H 4: -25 in cards (a red three has no card value) and -100 for the red three.
    assert ew.meld_points == 50
    assert (ew.clean_books, ew.dirty_books, ew.wild_books) == (0, 0, 0)
    assert ew.clean_book_points == ew.dirty_book_points == ew.wild_book_points == 0
    assert (ew.red_threes, ew.red_three_points) == (1, 100)
    assert (ew.went_out, ew.going_out_points) == (False, 0)
    assert ew.hand_points == -65
    assert ew.foot_points == -25
    assert (ew.foot_red_threes, ew.foot_red_three_points) == (1, -100)
    assert ew.total == 50 + 100 - 65 - 25 - 100 == -40
    assert deal.totals == (3935, -40)
    assert [label for label, _, _ in ns.lines()][0] == "cards in melds and books"
    assert sum(points for _, _, points in ns.lines()) == ns.total


def test_C_SCORE_open_melds_count_their_cards_but_no_bonus() -> None:
    g = position("S hand: 9 5\nW hand: 4\nstock: 7\npile: 6\nNS melds: K K K K K K / 2 2 JK\nNS opened\n"
                 "EW opened\nturn: S draw")
    g.apply("draw")
    g.apply("discard 5")  # West cannot take the pile and the stock is empty: C-END
    ns, ew = g.results[0].teams
    assert ns.meld_points == 60 + 90 and ns.clean_books == ns.wild_books == 0
    assert ns.hand_points == -(10 + 5)  # the 9 and the drawn 7
    assert ns.going_out_points == 0 and ew.going_out_points == 0
    assert ns.foot_points == 0  # empty unpicked feet
    assert ew.hand_points == -5


def test_C_SCORE_bonuses_and_values_are_options() -> None:
    house = rules.from_mapping({"clean_book_bonus": 1000, "red_three_bonus": 50, "going_out_bonus": 0,
                                "red_three_foot_penalty": 500, "wild_book_bonus": 2000})
    ns, ew = _go_out(position(DEAL, rules=house)).teams
    assert ns.clean_book_points == 2000 and ns.red_three_points == 100 and ns.going_out_points == 0
    assert ns.wild_book_points == 2000
    assert ew.foot_red_three_points == -500


def test_V_BOOKS_eleven_clean_500_dirty_300() -> None:
    g = position("S hand: 4 4 4\nS foot: -\nNS melds: 9 9 9 9 9 9 9 / K K K K K 2 2 / Q Q Q Q Q Q Q\n"
                 "NS opened\nturn: S meld", rules=ELEVEN)
    g.apply("meld 4 4 4")  # V-OUT: melding every card goes out
    ns = g.results[0].teams[0]
    assert (ns.clean_book_points, ns.dirty_book_points, ns.wild_book_points) == (1000, 300, 0)
    assert ns.meld_points == 70 + 90 + 70 + 15
    assert ns.total == 245 + 1300 + 100


def _score(team: str, total: int) -> TeamScore:
    return TeamScore(team, total, 0, 0, 0, 0, 0, 0, 0, 0, False, 0, 0, 0, 0, 0)


def test_C_GAME_sum_of_deals_higher_total_wins_equal_is_a_tie() -> None:
    deals = (DealResult(0, "stock", None, (_score("NS", 300), _score("EW", 100))),
             DealResult(1, "out", 1, (_score("NS", -50), _score("EW", 200))))
    result = GameResult(deals, ("NS", "EW"))
    assert result.totals == (250, 300) and result.winner == 1
    tie = GameResult(deals[:1] + (DealResult(1, "out", 1, (_score("NS", 0), _score("EW", 200))),), ("NS", "EW"))
    assert tie.totals == (300, 300) and tie.winner is None


def test_C_GAME_a_played_game_totals_its_deals() -> None:
    small = rules.from_mapping({"decks": 2, "hand_size": 8, "foot_size": 8, "deals": 2})
    game = Game(small, seed=21)
    rng = random.Random(21)
    while not game.is_over:
        moves = game.legal_moves()
        game.apply(rng.choice([m for m in moves if m.kind != "undo"] or moves))
    result = game.result
    assert result is not None and len(result.deals) == 2
    # Worked from each deal's score lines (neither side makes a book in random play):
    # deal 1  NS 95 melded + 300 red threes - 220 in hands - 220 in feet = -45
    #         EW 265 + 100 - 155 - 160 = 50
    # deal 2  NS 180 + 200 - 175 - 140 = 65;  EW 190 + 200 - 180 - 165 = 45
    ns1, ew1 = result.deals[0].teams
    assert (ns1.meld_points, ns1.red_three_points, ns1.hand_points, ns1.foot_points) == (95, 300, -220, -220)
    assert (ew1.meld_points, ew1.red_three_points, ew1.hand_points, ew1.foot_points) == (265, 100, -155, -160)
    assert [d.totals for d in result.deals] == [(-45, 50), (65, 45)]
    assert result.totals == game.totals() == (20, 95)
    assert result.winner == 1  # EW


def test_C_GAME_no_move_after_the_game_is_over() -> None:
    game = Game(rules.from_mapping({"decks": 2, "hand_size": 8, "foot_size": 8, "deals": 1}), seed=3)
    while not game.is_over:
        game.apply("end" if game.is_legal("end") else ("draw" if game.phase == "draw" else
                   next(m for m in game.legal_moves() if m.kind == "discard")))
    key = game.clone()
    for text in ("draw", "discard 4", "yes"):
        with pytest.raises(IllegalMoveError) as info:
            game.apply(text)
        assert info.value.rule == "C-GAME" and game == key
    assert game.legal_moves() == [] and game.result is not None
