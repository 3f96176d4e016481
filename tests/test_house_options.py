"""House-rule options people use, one test per key of the house-rules file, each on a built
position: what the option changes, and that the default keeps the rule as written."""

from __future__ import annotations

from typing import Any

import pytest
from positions import assert_illegal, position

from hfcli import rules
from hfcli.engine.errors import RulesError
from hfcli.engine.game import Game
from hfcli.engine.position import position_of
from hfcli.engine.scoring import DealEnding, DealResult, TeamScore

# Two clean, two dirty and a wild book: what C-OUT needs.
BOOKS = (
    "KC KD KH KS KC KD KH / QC QD QH QS QC QD QH / JC JD JH JS JC JD 2C / TC TD TH TS TC TD 2D / 2H 2S JK JK 2H 2S JK"
)


def house(**options: Any) -> rules.Rules:
    return rules.from_mapping(options)


def south_turn(game: Game, level: str) -> list[str]:
    """The moves the AI at ``level`` makes in South's seat until the turn passes, each legal."""
    from hfcli.levels import make_player

    player = make_player(level, 1, 0)
    moves: list[str] = []
    while game.to_move == 0 and not game.is_over:
        move = player.choose(game.view(0)).move
        assert game.is_legal(move), f"{level}: {move} after {moves}"
        game.apply(move)
        moves.append(str(move))
    return moves


def test_draw_count_draws_that_many_cards() -> None:
    text = "S hand: 9 K\nstock: 5C 6C 7C 8C\nturn: S draw"
    two = position(text)
    two.apply("draw")
    assert sorted(c.text for c in two.hands[0]) == ["5C", "6C", "9C", "KC"] and len(two.stock) == 2
    three = position(text, house(draw_count=3))
    three.apply("draw")
    assert sorted(c.text for c in three.hands[0]) == ["5C", "6C", "7C", "9C", "KC"] and len(three.stock) == 1


def test_pile_take_all_takes_the_whole_pile() -> None:
    text = "S hand: 9 9 K\npile: 4H 5H 6H 7H 8H 4S 5S 6S 7S 9H\nNS opened\nturn: S draw"
    top_seven = position(text)
    top_seven.apply("pickup")
    assert len(top_seven.pile) == 3 and len(top_seven.hands[0]) == 1 + 6  # the king and six taken cards
    whole = position(text, house(pile_take="all"))
    whole.apply("pickup")
    assert whole.pile == [] and len(whole.hands[0]) == 1 + 9
    assert house(pile_take="all").pile_take == 0 and house(pile_take="all").as_dict()["pile_take"] == 0


def test_pile_with_wild_lets_a_natural_and_a_wild_take_the_pile() -> None:
    text = "S hand: 9 2 K K\npile: 5H 9H\nNS opened\nturn: S draw"
    assert_illegal(position(text), "pickup", "C-PILE", "two natural 9s in your hand; you hold 1")
    game = position(text, house(pile_with_wild=True))
    game.apply("pickup")
    [meld] = game.teams[0].melds
    assert sorted(c.text for c in meld.cards) == ["2C", "9C", "9H"] and meld.kind == "dirty"
    assert sorted(c.text for c in game.hands[0]) == ["5H", "KC", "KC"]
    # A natural pair is still taken first, and a wild top card still needs a wild pair.
    pair = position("S hand: 9 9 2 K\npile: 5H 9H\nNS opened\nturn: S draw", house(pile_with_wild=True))
    pair.apply("pickup")
    assert [c.text for c in pair.teams[0].melds[0].cards] == ["9H", "9C", "9C"]
    wild_top = position("S hand: 9 2 K\npile: 5H 2H\nNS opened\nturn: S draw", house(pile_with_wild=True))
    assert_illegal(wild_top, "pickup", "C-PILE", "needs two twos")


def test_pile_with_wild_the_wild_card_counts_toward_the_first_meld() -> None:
    # Deal 2 (minimum 90): 6C on the pile, taken with 6H and 2H: 5 + 5 + 20 = 30 toward it, and
    # 5 5 JK (60) makes 90, so West may discard.
    text = "W hand: K J 10 5H 5H 2H JK 7 J 6H K 4 8\npile: 6C\ndeal: 2\nturn: W draw"
    game = position(text, house(pile_with_wild=True))
    game.apply("pickup")
    assert game.view(1).opening_value == 30
    game.apply("meld 5 5 JK")
    assert game.view(1).opening_value == 90
    game.apply("discard 8")
    assert game.teams[1].opened


def test_pile_with_wild_the_ai_knows_which_wild_card_took_the_pile() -> None:
    # South has not melded (deal 1: 50) and holds one nine, so 9C and the lowest wild, 2H, take the
    # nine on the pile (40 points); K K and the other two, 2S, make the 50. The player must name
    # 2S, the two it still holds, not 2H.
    text = "S hand: 9 2H 2S K K 8 7 6 4 3C\npile: 4H 5H 9H\nturn: S draw"
    for level in ("normal", "hard"):
        game = position(text, house(pile_with_wild=True))
        moves = south_turn(game, level)
        assert moves[:2] == ["pickup", "meld KC KC 2S"] and moves[-1].startswith("discard"), moves
        assert game.teams[0].opened


def test_pile_with_wild_cannot_go_with_the_four_natural_ratio() -> None:
    with pytest.raises(RulesError, match="pile_with_wild cannot go with wild_ratio"):
        rules.from_mapping({"preset": "eleven", "pile_with_wild": True})


def test_pile_needs_first_meld_keeps_the_pile_from_a_side_that_has_not_melded() -> None:
    text = "S hand: 9 9 9 9 K K K\npile: 5H 9H\nturn: S draw"
    position(text).apply("pickup")  # the rule as written: the first meld may be made with the pile
    strict = position(text, house(pile_needs_first_meld=True))
    assert_illegal(strict, "pickup", "C-PILE", "once it has made its first meld")
    opened = position(text + "\nNS opened", house(pile_needs_first_meld=True))
    opened.apply("pickup")
    assert len(opened.teams[0].melds) == 1


def _after_a_deal(rules_set: rules.Rules, ns_total: int, ew_total: int) -> Game:
    """Deal 2 about to be played by South, after a first deal that ended with these totals."""
    def score(team: str, total: int) -> TeamScore:
        return TeamScore(team, total, 0, 0, 0, 0, 0, 0, 0, 0, False, 0, 0, 0, 0, 0)

    game = position("S hand: 9 9 9 K K K 5\nW hand: 8 8 8 A A A 5\ndeal: 2\nturn: S meld", rules_set)
    built = position_of(game.config, game.state)
    built.results = [DealResult(0, DealEnding.STOCK, None, (score("NS", ns_total), score("EW", ew_total)))]
    return Game.from_position(built)


def test_meld_minimum_by_score_sets_each_side_its_own_minimum() -> None:
    by_score = house(meld_minimum_by="score", score_minimums=[[0, 50], [2500, 90], [5000, 120]])
    game = _after_a_deal(by_score, 3000, 100)
    assert game.view(0).minimum == 90 and game.view(1).minimum == 50  # NS 3000 >= 2500; EW 100 < 2500
    game.apply("meld 9 9 9, K K K")  # 30 + 30 = 60, short of NS's 90
    assert_illegal(game, "discard 5", "C-MIN", "at least 90")
    by_deal = _after_a_deal(rules.CLASSIC, 3000, 100)
    assert by_deal.view(0).minimum == by_deal.view(1).minimum == 90  # deal 2's minimum for both sides
    # A score below the first threshold uses the first minimum.
    assert by_score.meld_minimum(3, -400) == 50 and by_score.meld_minimum(0, 5000) == 120


def test_score_minimums_must_rise() -> None:
    with pytest.raises(RulesError, match="scores must rise"):
        house(meld_minimum_by="score", score_minimums=[[2500, 90], [0, 50]])


def test_minimum_waived_for_whole_hand_lets_a_first_meld_of_the_whole_hand_go_down() -> None:
    text = "S hand: 9 9 9 5\nturn: S meld"  # deal 1: the minimum is 50; 9 9 9 is worth 30
    strict = position(text)
    strict.apply("meld 9 9 9")
    assert_illegal(strict, "discard 5", "C-MIN", "at least 50")
    waived = position(text, house(minimum_waived_for_whole_hand=True))
    waived.apply("meld 9 9 9")
    waived.apply("discard 5")  # the whole hand is down: the foot is picked up
    assert waived.teams[0].opened and waived.feet[0] is None
    melded_out = position("S hand: 9 9 9\nS foot: 4 5 6\nturn: S meld", house(minimum_waived_for_whole_hand=True))
    melded_out.apply("meld 9 9 9")
    assert melded_out.feet[0] is None and melded_out.turn.seat == 0  # C-FOOT (a): the turn goes on
    assert_illegal(position("S hand: 9 9 9\nS foot: 4 5 6\nturn: S meld"), "meld 9 9 9", "C-MIN", "at least 50")


def _about_to_go_out(rules_set: rules.Rules) -> Game:
    return position(f"S hand: 9 9 9 5\nS foot: -\nN foot: -\nNS melds: {BOOKS}\nNS opened\nturn: S meld", rules_set)


def test_minimum_waived_for_whole_hand_the_ai_lays_its_whole_hand_down() -> None:
    # Deal 4 (minimum 150): three melds of 15 each and a 7 to throw make 45, far short of it, but
    # they are the whole hand.
    text = "S hand: 4 4 4 5 5 5 6 6 6 7\nS foot: 8 8 9 9 K K A\ndeal: 4\nturn: S meld"

    waived = south_turn(position(text, house(minimum_waived_for_whole_hand=True)), "normal")
    assert sorted(waived[:3]) == ["meld 4 4 4", "meld 5 5 5", "meld 6 6 6"] and waived[3:] == ["discard 7"]
    # with the minimum in force there is nothing to lay
    assert south_turn(position(text, house()), "normal") == ["discard 7"]


def test_game_target_ends_the_game_after_the_deal_in_which_a_side_reaches_it() -> None:
    # NS's books alone are 2 x 500 + 2 x 300 + 1500 = 3100.
    target = _about_to_go_out(house(game_target=3000))
    for move in ("ask", "yes", "meld 9 9 9", "discard 5"):
        target.apply(move)
    assert target.is_over and len(target.results) == 1 and target.result is not None
    assert target.result.totals[0] >= 3000 and target.result.winner == 0
    four_deals = _about_to_go_out(rules.CLASSIC)
    for move in ("ask", "yes", "meld 9 9 9", "discard 5"):
        four_deals.apply(move)
    assert not four_deals.is_over and four_deals.deal_index == 1


def test_red_three_bonus_and_red_three_foot_penalty_score_as_set() -> None:
    # South discards; West cannot take the pile with the stock empty, so the deal ends (C-END).
    text = "S hand: 5 6\nNS red3: 3H\nN foot: 3D 4 4\nNS opened\nstock:\npile: 8H\nturn: S meld"
    for rules_set, laid, in_foot in ((rules.CLASSIC, 100, -100), (house(red_three_bonus=200,
                                                                        red_three_foot_penalty=300), 200, -300)):
        game = position(text, rules_set)
        game.apply("discard 5")
        ns = game.results[0].teams[0]
        assert (ns.red_threes, ns.red_three_points) == (1, laid)
        assert (ns.foot_red_threes, ns.foot_red_three_points, ns.foot_points) == (1, in_foot, -10)


def test_whole_side_in_foot_only_matters_to_a_side_of_three() -> None:
    pairs = _about_to_go_out(house(whole_side_in_foot=False))
    pairs.apply("ask")  # at four, the one partner is the whole side either way
    assert pairs.phase == "answer"


@pytest.mark.parametrize("options", [
    {"draw_count": 3}, {"pile_take": "all"}, {"pile_with_wild": True}, {"pile_needs_first_meld": True},
    {"meld_minimum_by": "score"}, {"minimum_waived_for_whole_hand": True},
    {"red_three_bonus": 300, "red_three_foot_penalty": 500}, {"game_target": 12000, "deals": 8},
    {"players": 6, "teams": "threes", "whole_side_in_foot": False}, {"preset": "quick"},
], ids=lambda o: ",".join(o))
def test_the_ai_plays_whole_games_under_each_option(options: dict[str, Any]) -> None:
    from hfcli.reports.simulate import game_seed, play_one, side_names

    house_rules = rules.from_mapping(options)
    sides = len(side_names(house_rules))
    for index in range(3):
        [record] = play_one(house_rules, game_seed(1, index), ("normal",) * sides, False)
        assert record.finished and record.cards_conserved
