"""The learned evaluator: its features worked out by hand, a scored deal worth its score, the
chance of winning the game on a deal that can end it, and the shipped weights at every table."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st
from positions import position

from ai.evaluator import EvaluatorWeights, LearnedEvaluator, shipped_weights, weights_path
from ai.features import SIDE_FEATURES, feature_names, features, side_features
from hfcli.engine.estimates import lead
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.levels import make_player


def test_a_sides_features_are_counted_from_its_table_hands_and_feet() -> None:
    game = position("""
        NS melds: 9 9 9 9 9 9 9 / K K K 2
        S hand: 9 K K Q Q Q 2 3
        N foot: -
        NS opened
        EW melds: 5 5 5
        turn: S draw
    """)
    got = dict(zip(SIDE_FEATURES, side_features(game, 0), strict=True))
    assert got["meld_points"] == (7 * 10 + 3 * 10 + 20) / 100  # C-VALUE: nines and kings 10, the two 20
    assert got["book_points"] == 5.0  # one clean book, 500
    assert (got["clean_books"], got["dirty_books"], got["wild_books"]) == (1, 0, 0)
    assert got["books_short"] == 1 + 2 + 1  # of 2 clean, 2 dirty and 1 wild to go out (classic)
    assert got["can_go_out"] == 0.0
    assert (got["open_melds"], got["open_short"], got["near_books"]) == (1, 3, 0)  # K K K 2 needs three
    assert got["opened"] == 1.0
    assert got["hand_cards"] == 8
    assert got["hand_points"] == (10 + 20 + 30 + 20 + 5) / 100
    assert (got["hand_wilds"], got["hand_threes"]) == (1, 1)
    assert (got["hand_pairs"], got["hand_triples"]) == (1, 1)  # the kings, the queens
    assert got["hand_fits"] == 2  # the two kings fit the open meld; the nines' meld is a book
    assert got["in_foot"] == 0.5  # North has picked up the foot, South has not
    assert got["fewest_cards"] == 0  # North's hand in the foot is empty
    assert got["foot_points"] == 0.0  # South's foot is empty in this position
    other = dict(zip(SIDE_FEATURES, side_features(game, 1), strict=True))
    assert (other["meld_points"], other["open_melds"], other["open_short"], other["hand_cards"]) == (0.15, 1, 4, 0)


def test_features_put_the_seats_side_first_and_scale_the_sides_by_the_stock_left() -> None:
    game = position("""
        NS melds: 9 9 9
        EW melds: 5 5 5 5 5 5
        turn: W draw
    """)
    names = feature_names()
    south = dict(zip(names, features(game, 0), strict=True))
    west = dict(zip(names, features(game, 1), strict=True))
    assert south["own_meld_points"] == west["other_meld_points"] == 0.3
    assert west["own_meld_points"] == south["other_meld_points"] == 0.3  # six fives are 30 points too
    assert west["own_open_short"] == 1 and south["own_open_short"] == 4
    assert (south["own_to_move"], west["own_to_move"]) == (0.0, 1.0)
    left = south["left"]
    assert 0.0 < left <= 1.0
    assert south["own_open_short*left"] == 4 * left


def flat(margin: float, spread: float = 100.0) -> EvaluatorWeights:
    """Weights that predict ``margin`` for every side anywhere, with one spread."""
    names = feature_names()
    return EvaluatorWeights(weights=tuple(margin if n == "bias" else 0.0 for n in names), spread=(spread,) * 5)


def test_a_deal_in_play_adds_the_chance_of_winning_only_where_it_can_end_the_game() -> None:
    evaluator = LearnedEvaluator(flat(200.0))
    first = position("deal: 1\nturn: S draw")
    assert evaluator.win_chance(first, 0, 0) is None
    assert evaluator.evaluate(first, 0, 0) == 200.0
    last = position("deal: 4\nturn: S draw")  # the deals before scored nothing: level in the game
    # Level in the game, ahead by a predicted 200 with a spread of 100: the normal curve at 2.
    chance = 0.5 * (1 + math.erf(2 / math.sqrt(2)))
    assert math.isclose(evaluator.win_chance(last, 3, 0) or 0.0, chance)
    assert math.isclose(evaluator.evaluate(last, 3, 0), 200 + 1500 * (2 * chance - 1))


def finished_quick_deal(seed: int) -> Game:
    game = Game(preset("quick"), seed)
    players = [make_player("hard", seed, s) for s in game.seating.seats]
    while not game.is_over:
        seat = game.turn.to_move
        game.apply(players[seat].choose(game.view(seat)).move)
    return game


def test_a_scored_deal_is_worth_its_score_and_the_win() -> None:
    game = finished_quick_deal(4)  # quick has one deal: it is the game's last
    totals = [t.total for t in game.results[0].teams]
    evaluator = LearnedEvaluator(flat(12345.0))  # the model is not asked about a scored deal
    for seat in game.seating.seats:
        margin = lead(totals, game.seating.team_of[seat])
        assert evaluator.margin(game, 0, seat) == margin
        won = 1500.0 if margin > 0 else -1500.0 if margin < 0 else 0.0
        assert evaluator.evaluate(game, 0, seat) == margin + won


def test_the_shipped_weights_are_small_and_say_how_they_were_made() -> None:
    for name in ("classic", "eleven"):
        path = weights_path(preset(name))
        assert path.name == f"evaluator-{name}.json"
        assert path.stat().st_size <= 2_000_000
        weights = shipped_weights(path)
        assert weights.names == feature_names()
        assert "bench/train_evaluator.py" in weights.metadata["command"]
        # The learned margin is closer to how deals end than the horizon estimate, on held-out games.
        assert weights.metadata["held_out_rmse"] < weights.metadata["horizon_estimate_rmse"]
    assert weights_path(preset("quick")).name == "evaluator-classic.json"


@settings(max_examples=12, deadline=None)
@given(
    table=st.sampled_from([("classic", 2, "auto"), ("classic", 3, "auto"), ("classic", 6, "pairs"),
                           ("classic", 6, "threes"), ("eleven", 4, "auto"), ("quick", 4, "auto")]),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 300),
)
def test_it_judges_any_position_at_any_table(table: tuple[str, int, str], seed: int, moves: int) -> None:
    name, players, teams = table
    game = Game(preset(name).replace(players=players, teams=teams), seed)
    hard = [make_player("hard", seed, s) for s in game.seating.seats]
    for _ in range(moves):
        if game.is_over:
            break
        seat = game.turn.to_move
        game.apply(hard[seat].choose(game.view(seat)).move)
    evaluator = LearnedEvaluator()
    deal = game.deal.index
    for seat in game.seating.seats:
        assert len(features(game, seat)) == len(feature_names())
        value = evaluator.evaluate(game, deal, seat)
        assert math.isfinite(value)
        # Partners are one side: they get the same worth.
        for partner in game.seating.partners(seat):
            assert evaluator.evaluate(game, deal, partner) == value
