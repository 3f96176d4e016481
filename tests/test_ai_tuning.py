"""The tuner's arithmetic, with values worked out by hand: the SPSA step and the SPRT gate."""

from __future__ import annotations

import math

import pytest

from ai.strategy import HARD
from ai.tuning import (
    WEIGHTS,
    Gains,
    Sprt,
    Verdict,
    Weight,
    margin_result,
    perturbed,
    spsa_step,
    starting_theta,
    style_of,
)

FEED = (Weight("feed_weight", 0.5, 3.0, 0.25),)
FLAT = Gains(a=0.4, big_a=0.0)  # at k = 0: step 0.4 / 1 = 0.4, spread 1


def test_the_spsa_step_moves_a_weight_along_its_perturbation_by_the_result() -> None:
    # 1.5 + a_0 0.4 x c 0.25 x result 0.5 / (2 x spread 1 x delta 1) = 1.5 + 0.025
    assert spsa_step({"feed_weight": 1.5}, {"feed_weight": 1}, 0.5, 0, FLAT, FEED) == {"feed_weight": 1.525}
    # the plus side was theta - c: the same result moves the other way
    assert spsa_step({"feed_weight": 1.5}, {"feed_weight": -1}, 0.5, 0, FLAT, FEED) == {"feed_weight": 1.475}
    assert spsa_step({"feed_weight": 1.5}, {"feed_weight": 1}, 0.0, 0, FLAT, FEED) == {"feed_weight": 1.5}


def test_the_gains_shrink_by_spalls_schedule() -> None:
    gains = Gains(a=1.0, big_a=0.0, alpha=1.0, gamma=1.0)
    assert gains.step(3) == 0.25 and gains.spread(3) == 0.25  # 1 / (3 + 1)
    # at k = 3: 1.5 + 0.25 x 0.25 x 0.5 / (2 x 0.25 x 1) = 1.5 + 0.0625
    assert spsa_step({"feed_weight": 1.5}, {"feed_weight": 1}, 0.5, 3, gains, FEED) == {"feed_weight": 1.5625}
    # with the default exponents the first step is a / (1 + A) ** 0.602
    assert Gains().step(0) == pytest.approx(0.5 / 6**0.602)


def test_the_spsa_step_and_the_perturbation_stay_within_the_weights_range() -> None:
    assert spsa_step({"feed_weight": 2.99}, {"feed_weight": 1}, 1.0, 0, Gains(a=4.0, big_a=0.0), FEED) == {
        "feed_weight": 3.0
    }
    assert perturbed({"feed_weight": 1.5}, {"feed_weight": 1}, 0, FLAT, FEED) == (
        {"feed_weight": 1.75}, {"feed_weight": 1.25}
    )
    assert perturbed({"feed_weight": 0.6}, {"feed_weight": -1}, 0, FLAT, FEED) == (
        {"feed_weight": 0.5}, {"feed_weight": 0.85}
    )


def test_a_style_takes_the_tuned_weights_whole_numbers_rounded() -> None:
    theta = starting_theta(HARD)
    assert theta["feed_weight"] == 1.5 and theta["low_stock"] == 10.0
    style = style_of(HARD, {**theta, "low_stock": 12.6, "pile_margin": -9.0})
    assert style.low_stock == 13 and style.pile_margin == -3.0  # rounded; held at the range's end
    assert style.feed_weight == 1.5 and style.lookahead is HARD.lookahead and style.name == "hard"
    assert style_of(HARD, theta) == HARD
    assert {w.name for w in WEIGHTS} <= set(HARD.__dataclass_fields__)


def test_the_sprt_log_likelihood_ratio_worked_by_hand() -> None:
    sprt = Sprt(p0=0.5, p1=0.6)
    # a win counts ln(0.6 / 0.5) = 0.18232, a loss ln(0.4 / 0.5) = -0.22314, a half both halves
    assert sprt.llr([1.0] * 10 + [0.0] * 5) == pytest.approx(10 * 0.182322 - 5 * 0.223144, abs=1e-5)
    assert sprt.llr([0.5]) == pytest.approx(0.5 * (0.182322 - 0.223144), abs=1e-6)
    # alpha = beta = 0.05: the bounds are -ln 19 and ln 19 = 2.9444
    assert sprt.upper == pytest.approx(math.log(19)) and sprt.lower == pytest.approx(-math.log(19))


def test_the_sprt_says_better_only_past_its_upper_bound() -> None:
    sprt = Sprt(p0=0.5, p1=0.6)
    assert sprt.verdict([1.0] * 16) is Verdict.UNDECIDED  # 16 x 0.18232 = 2.917 < 2.944
    assert sprt.verdict([1.0] * 17) is Verdict.BETTER  # 3.099
    assert sprt.verdict([0.0] * 13) is Verdict.UNDECIDED  # -2.901
    assert sprt.verdict([0.0] * 14) is Verdict.NOT_BETTER  # -3.124
    # Even results favour p0 = 0.5: each pair of a win and a loss adds 0.18232 - 0.22314 = -0.04082,
    # so 72 pairs (-2.939) are not yet enough and 73 (-2.980) are.
    assert sprt.verdict([1.0, 0.0] * 72) is Verdict.UNDECIDED
    assert sprt.verdict([1.0, 0.0] * 73) is Verdict.NOT_BETTER


def test_the_sprt_refuses_hypotheses_in_the_wrong_order() -> None:
    with pytest.raises(ValueError, match="p0 < p1"):
        Sprt(p0=0.6, p1=0.5)


def test_the_margin_result_is_the_points_a_game_in_units_of_the_scale_held_within_one() -> None:
    # 4 games, the plus side 1,200 points ahead in all: 300 a game, 0.6 of a 500-point scale
    assert margin_result(1200, 4, 500.0) == pytest.approx(0.6)
    assert margin_result(-1200, 4, 500.0) == pytest.approx(-0.6)
    assert margin_result(9000, 4, 500.0) == 1.0 and margin_result(-9000, 4, 500.0) == -1.0
    with pytest.raises(ValueError):
        margin_result(100, 0, 500.0)
    with pytest.raises(ValueError):
        margin_result(100, 2, 0.0)


def test_the_discard_weights_start_at_hards_values_within_their_ranges() -> None:
    by_name = {w.name: w for w in WEIGHTS}
    theta = starting_theta(HARD)
    assert (theta["pair_keep"], theta["set_keep"], theta["fits_keep"]) == (75.0, 120.0, 200.0)
    for name in ("pair_keep", "set_keep", "fits_keep"):
        w = by_name[name]
        assert w.low < theta[name] < w.high and not w.whole
    style = style_of(HARD, {**theta, "pair_keep": 250.0, "fits_keep": 10.0})
    assert style.pair_keep == 200.0 and style.fits_keep == 50.0 and style.set_keep == 120.0
