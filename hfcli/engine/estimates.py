"""The program's statistics, each worked out one way: a side's lead over the best other side, the
mean of paired differences with its interval, and a share with Wilson's interval.

They live in the engine, which does no I/O and knows only the game, because the engine is the one
layer both the players (``ai/``, which imports nothing else) and the reports above (the review,
``hf stats``, ``hf simulate``, the comparison of a game played again) may import: the expert's
decision rule and the review's cost of a move read one paired estimate, and the score sheets and
the search one lead.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

# The normal curve's 97.5th percentile: a 95% interval is this many standard errors either side.
Z_95 = 1.96

Points = TypeVar("Points", int, float)


def lead(points: Sequence[Points], side: int) -> Points:
    """``side``'s points less the best other side's: what it won (or lost) by, or how far ahead it
    stands; its own points where it plays alone."""
    others = [p for s, p in enumerate(points) if s != side]
    return points[side] - max(others) if others else points[side]


@dataclass(frozen=True)
class PairedEstimate:
    """The mean of paired differences (one value less another, both measured on the same game or
    imagined deal, so that what the two share cancels out), with the differences' sample standard
    deviation (infinite with fewer than two) and their count."""

    mean: float
    spread: float
    count: int

    def half_width(self, z: float = Z_95) -> float:
        """``z`` standard errors of the mean: the half width of its interval."""
        return z * self.spread / math.sqrt(self.count)

    def interval(self, z: float = Z_95) -> tuple[float, float]:
        """The mean's interval, ``z`` standard errors either side (95% by default)."""
        half = self.half_width(z)
        return self.mean - half, self.mean + half


def paired(values: Sequence[float], against: Sequence[float]) -> PairedEstimate:
    """How much ``values`` exceed ``against``, pair by pair (at least one pair)."""
    diffs = [a - b for a, b in zip(values, against, strict=True)]
    spread = statistics.stdev(diffs) if len(diffs) > 1 else math.inf
    return PairedEstimate(statistics.fmean(diffs), spread, len(diffs))


def wilson(successes: int, n: int, z: float = Z_95) -> tuple[float, float, float]:
    """The share ``successes / n`` and its Wilson score interval (95% by default); all 0 for no
    trials. Wilson's interval stays within 0 to 1 and keeps its width near a share of 0 or 1,
    where the plain normal interval collapses."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)
