"""Frozen players to measure against: today's levels kept under names of their own, so that a
level tuned later (a changed :data:`ai.strategy.HARD`) is measured against where it started.

``baseline-hard`` is hard as it was when the tuner was built: every weight of its style is
written out here, none taken from :class:`ai.strategy.Style`'s defaults or from ``HARD``, so a
change to either leaves it where it is. It keeps the style's name ``hard``, which its random
choices (the rare fallback move) are labelled with, so that while ``HARD`` is unchanged it plays
exactly as hard does; the player is named ``baseline-hard``.

It is a measurement kind: ``hf simulate`` seats it, ``hf play`` does not offer it.
"""

from __future__ import annotations

from ai.rule_based import RuleBasedPlayer
from ai.strategy import Style

BASELINE_HARD = Style(
    "hard",
    block_with_threes=True,
    count_cards=True,
    reserve_wilds=True,
    guard_clean=True,
    low_stock=10,
    pile_margin=-1.0,
    lookahead=True,
    pair_wild_hand=5,
    rush_burden=0.5,
    wild_first=True,
    always_clean=True,
    race_danger=0.3,
    feed_weight=1.5,
    exact_odds=True,
    hoard_wilds=True,
    pair_keep=75.0,
    set_keep=120.0,
    fits_keep=200.0,
    keep_wilds=False,
    spare_own_cards=False,
    out_when_ahead=False,
    melds_laid=False,
)

BASELINES = {"baseline-hard": BASELINE_HARD}


def make_baseline(kind: str, seed: int | None, seat: int) -> RuleBasedPlayer:
    """The frozen player ``kind`` (a key of :data:`BASELINES`) for ``seat``."""
    return RuleBasedPlayer(seed, seat, BASELINES[kind], name=kind)
