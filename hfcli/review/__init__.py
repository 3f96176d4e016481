"""Reviewing a recorded game: where one seat's choices cost points (``hf review``).

At every decision that shapes a deal (the pile or the stock, the discard, the first meld, asking
and answering "may I go out?") the expert is asked what it would have played from the seat's own
view. Where that differs from what was played, both choices are played forward from the same
imagined deals of the cards the seat could not see (common random numbers) by the rule-based
player in every seat, a round of turns for a meld-phase choice and to the end of the seat's turn
otherwise, and the learned evaluator judges each deal where the rollouts stop. The mean
difference of the seat's standing is the choice's estimated cost, with a 95% interval; a
decision is graded by the interval's lower end. What followed each move in those deals (the foot
reached, the pile handed over, books closed, going out) is the lesson the report tells.

The budget is counted in samples (imagined deals per decision); every random number comes from
the game's seed and the decision's place in the game, so a review gives the same figures each
time it is run.

The parts, each with one job: ``model`` (grades, findings, the accuracy, the review as data),
``decisions`` (which moves are decisions, and what kind of choice each made), ``costing`` (the
imagined deals and their statistics), ``outcomes`` (what followed a move in them), ``run`` (each
decision judged, in one process or several) and ``cache`` (reviews kept in the data folder).
"""

from hfcli.analysis import COSTINGS, HORIZON, LEARNED, ROLLOUT_POLICY, Costing, expert_at, is_meld_choice
from hfcli.review.cache import CACHE_FORMAT, CACHE_VERSION, cache_path, read_cached, write_cached
from hfcli.review.costing import DEFAULT_SAMPLES, Estimate, estimate, expected_margin, pile_shares
from hfcli.review.decisions import DecisionPoint, decision_points, is_decision, is_forced, kind_of, same_choice
from hfcli.review.model import (
    CLEAR,
    PILE_ALIKE,
    THRESHOLDS,
    Assessed,
    Fact,
    Finding,
    Grade,
    Lesson,
    MistakeKind,
    Outcomes,
    PileHanded,
    PileShares,
    Review,
    game_accuracy,
    grade_of,
    review_from_dict,
)
from hfcli.review.run import Judged, assess, assess_position, decision_seed, judge, review

__all__ = [
    "Assessed", "CACHE_FORMAT", "CACHE_VERSION", "CLEAR", "COSTINGS", "Costing", "DEFAULT_SAMPLES", "DecisionPoint",
    "Estimate", "Fact", "Finding", "Grade", "HORIZON", "Judged", "LEARNED", "Lesson", "MistakeKind", "Outcomes",
    "PILE_ALIKE", "PileHanded", "PileShares", "ROLLOUT_POLICY", "Review", "THRESHOLDS", "assess", "assess_position",
    "cache_path", "decision_points", "decision_seed", "estimate", "expected_margin", "expert_at", "game_accuracy",
    "grade_of", "is_decision", "is_forced", "is_meld_choice", "judge", "kind_of", "pile_shares", "read_cached",
    "review", "review_from_dict", "same_choice", "write_cached",
]
