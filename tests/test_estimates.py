"""The program's statistics and seeds, each made one way (hfcli/engine/estimates.py and seeds.py):
values worked out by hand."""

from __future__ import annotations

import math
import random

import pytest

from hfcli.engine.estimates import lead, paired, wilson
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.engine.seeds import decision_rng, numbered_seed


def test_a_lead_is_the_side_less_the_best_other() -> None:
    assert lead([300.0, 500.0, 100.0], 0) == -200.0
    assert lead([300.0, 500.0, 100.0], 1) == 200.0
    assert lead([300.0], 0) == 300.0  # alone at the table
    # A score sheet's whole points stay whole.
    assert lead([2980, 2310], 0) == 670 and isinstance(lead([2980, 2310], 0), int)


def test_the_paired_estimate_and_its_interval() -> None:
    # Differences 100, 20, 60, 20: mean 50; spread sqrt((50² + 30² + 10² + 30²) / 3) = 38.30;
    # standard error 38.30 / 2 = 19.15; 95%: 1.96 of them, 37.53 either side.
    estimate = paired([110.0, 40.0, 80.0, 50.0], [10.0, 20.0, 20.0, 30.0])
    assert estimate.mean == 50.0 and estimate.count == 4
    assert estimate.spread == pytest.approx(38.297, abs=1e-3)
    low, high = estimate.interval()
    assert low == pytest.approx(12.47, abs=1e-2) and high == pytest.approx(87.53, abs=1e-2)
    assert estimate.half_width(1.5) == pytest.approx(28.72, abs=1e-2)
    # One pair tells nothing of the noise: the interval is everything.
    one = paired([5.0], [2.0])
    assert one.mean == 3.0 and one.interval() == (-math.inf, math.inf)


def test_wilson_interval() -> None:
    share, low, high = wilson(5, 10)
    assert share == 0.5 and low == pytest.approx(0.2366, abs=1e-3) and high == pytest.approx(0.7634, abs=1e-3)
    assert wilson(0, 10)[1] == 0.0 and wilson(10, 10)[2] == 1.0
    assert wilson(0, 0) == (0.0, 0.0, 0.0)


def test_a_decision_draws_from_its_own_stream() -> None:
    game = Game(preset("quick"), 7)
    view = game.view(game.to_move)
    # The recipe every recorded game was played with: changing it would change the AI's moves.
    expected = random.Random(f"hfcli-player:hard:7:{view.seat}:0:{len(view.history)}").random()
    assert decision_rng("player:hard", 7, view.seat, view).random() == expected
    assert decision_rng("expert", 7, view.seat, view).random() != expected
    assert numbered_seed(4, 2) == 4_000_014
