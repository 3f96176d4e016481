"""The arithmetic of tuning a rule-based style: the weights tuned and their ranges, one SPSA step,
and the SPRT that gates a candidate against the frozen baseline. No games are played here (the
tuner, ``bench/tune.py``, plays them with :mod:`hfcli.reports.simulate`).

SPSA (simultaneous perturbation stochastic approximation) moves every weight at once: it plays
theta + c·delta against theta - c·delta, delta a random ±1 per weight, and moves theta along
delta by how much better the plus side did. Gains follow Spall's schedule,
``a_k = a / (k + 1 + A) ** alpha`` and ``c_k = c / (k + 1) ** gamma``, where ``c`` is each
weight's own perturbation (in its units) and the step is scaled by ``c²`` so that ``a`` is a
number without units: a weight moves by about ``a_k · c · y / 2`` for a result ``y`` in [-1, 1].

The SPRT (sequential probability ratio test) asks, after every result, whether the candidate's
expected score against the baseline is ``p1`` (better) rather than ``p0``; a result is the
candidate's score on one duplicate pair of games (the same shoes with the partnerships swapped:
1 both won, 0.5 one each or two ties, 0 both lost), so the results are independent of each other.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from ai.strategy import Style


@dataclass(frozen=True)
class Weight:
    """One weight of :class:`ai.strategy.Style` the tuner moves, within ``low`` to ``high``, by
    perturbations of ``perturbation`` (in the weight's units) at the first iteration; a whole
    number weight is rounded when a style is made."""

    name: str
    low: float
    high: float
    perturbation: float
    whole: bool = False

    def clamp(self, value: float) -> float:
        return min(self.high, max(self.low, value))


# The weights tuned: the numbers hard's choices turn on, each within the range where its meaning
# holds (a negative feed weight would reward handing the pile over).
WEIGHTS = (
    Weight("pile_margin", -3.0, 3.0, 0.5),  # how much better than a draw the pile must look
    Weight("rush_burden", 0.0, 3.0, 0.25),  # cost of a useless pile card once the books are there
    Weight("feed_weight", 0.5, 3.0, 0.25),  # weight of what a discard hands the next player
    Weight("race_danger", 0.0, 1.0, 0.1),  # weight of feeding the next player once the books are there
    Weight("low_stock", 0.0, 30.0, 3.0, whole=True),  # stock size at which to play for points
    Weight("pair_wild_hand", 2.0, 11.0, 1.0, whole=True),  # hand size from which a pair takes a wild
    # A discard's cost of breaking a pair, a set, or a card that fits an open meld, in points; the
    # perturbations are about a twelfth of the range, as the weights' above.
    Weight("pair_keep", 0.0, 200.0, 15.0),
    Weight("set_keep", 40.0, 300.0, 20.0),
    Weight("fits_keep", 50.0, 400.0, 30.0),
)


@dataclass(frozen=True)
class Gains:
    """Spall's gain schedule (see the module's description); his recommended exponents."""

    a: float = 0.5
    big_a: float = 5.0  # A: holds the first steps back while the estimates are rough
    alpha: float = 0.602
    gamma: float = 0.101

    def step(self, k: int) -> float:
        return self.a / (k + 1 + self.big_a) ** self.alpha

    def spread(self, k: int) -> float:
        return 1.0 / (k + 1) ** self.gamma


Theta = dict[str, float]


def margin_result(margin: float, games: int, scale: float) -> float:
    """SPSA's result from a points margin: ``margin`` (the plus side's final totals less the minus
    side's, summed over ``games`` games) a game, in units of ``scale`` points, held within -1 to 1.

    Near hard most duplicate pairs split one game each, so who won says little; by how much says
    more, and the same shoes played both ways cancel most of the luck of the cards."""
    if games < 1 or scale <= 0.0:
        raise ValueError(f"a margin result needs games and a positive scale, not {games} and {scale}")
    return max(-1.0, min(1.0, margin / games / scale))


def starting_theta(style: Style, weights: Sequence[Weight] = WEIGHTS) -> Theta:
    """The tuned weights' values in ``style``."""
    return {w.name: float(getattr(style, w.name)) for w in weights}


def style_of(base: Style, theta: Mapping[str, float], weights: Sequence[Weight] = WEIGHTS) -> Style:
    """``base`` with the tuned weights set from ``theta``, each within its range (whole numbers
    rounded)."""
    values: dict[str, float | int] = {}
    for w in weights:
        value = w.clamp(theta[w.name])
        values[w.name] = round(value) if w.whole else value
    return replace(base, **values)  # type: ignore[arg-type]


def perturbed(
    theta: Mapping[str, float], delta: Mapping[str, int], k: int, gains: Gains, weights: Sequence[Weight] = WEIGHTS
) -> tuple[Theta, Theta]:
    """theta + c_k·delta and theta - c_k·delta, each weight within its range."""
    spread = gains.spread(k)
    plus = {w.name: w.clamp(theta[w.name] + spread * w.perturbation * delta[w.name]) for w in weights}
    minus = {w.name: w.clamp(theta[w.name] - spread * w.perturbation * delta[w.name]) for w in weights}
    return plus, minus


def spsa_step(
    theta: Mapping[str, float], delta: Mapping[str, int], result: float, k: int, gains: Gains,
    weights: Sequence[Weight] = WEIGHTS,
) -> Theta:
    """Theta after iteration ``k``, in which theta + c_k·delta scored ``result`` more than
    theta - c_k·delta (-1 to 1: the tuner's is :func:`margin_result`).

    The gradient estimate for a weight is ``result / (2 c_k delta_i)``, ``c_k = c_i · spread(k)``;
    the step is ``a_k · c_i² ·`` that, so ``a_k · c_i · result / (2 · spread(k) · delta_i)``."""
    step, spread = gains.step(k), gains.spread(k)
    return {
        w.name: w.clamp(theta[w.name] + step * w.perturbation * result / (2.0 * spread * delta[w.name]))
        for w in weights
    }


# ---------------------------------------------------------------------------- the gate


class Verdict(StrEnum):
    BETTER = "better"  # H1 accepted: the candidate scores p1 or more
    NOT_BETTER = "not better"  # H0 accepted: it scores p0 or less
    UNDECIDED = "undecided"  # neither bound crossed yet


@dataclass(frozen=True)
class Sprt:
    """Wald's sequential test of a score of ``p0`` against ``p1`` per result, with error rates
    ``alpha`` (accepting a candidate that is no better) and ``beta`` (rejecting one that is)."""

    p0: float = 0.5
    p1: float = 0.55
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not 0.0 < self.p0 < self.p1 < 1.0:
            raise ValueError(f"the test needs 0 < p0 < p1 < 1, not p0 {self.p0} and p1 {self.p1}")
        if not (0.0 < self.alpha < 0.5 and 0.0 < self.beta < 0.5):
            raise ValueError(f"error rates lie between 0 and 0.5, not {self.alpha} and {self.beta}")

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1.0 - self.beta) / self.alpha)

    def llr(self, scores: Sequence[float]) -> float:
        """The log-likelihood ratio of ``scores`` (each 0 to 1; a half counts half a win and half
        a loss) under p1 against p0."""
        win, loss = math.log(self.p1 / self.p0), math.log((1.0 - self.p1) / (1.0 - self.p0))
        return sum(s * win + (1.0 - s) * loss for s in scores)

    def verdict(self, scores: Sequence[float]) -> Verdict:
        llr = self.llr(scores)
        if llr >= self.upper:
            return Verdict.BETTER
        if llr <= self.lower:
            return Verdict.NOT_BETTER
        return Verdict.UNDECIDED
