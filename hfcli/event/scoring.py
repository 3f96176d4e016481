"""Duplicate scoring: each result compared only with the others on the same deal (docs/events.md).

A result on a deal is its margin: the points of the event seat's side less those of the best
other side. On each deal every result in the field (the entries that count, and par: the AI's own
side on the same cards) scores

- matchpoints: 1 for each other result it beats, 1/2 for each it ties;
- IMPs: the mean, over every other result, of the IMPs of the difference (``imps``), a gain when
  it is ahead and a loss when behind ("cross-IMPs").

The field is ranked by matchpoints over every deal, then by IMPs.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from hfcli.engine.estimates import lead
from hfcli.engine.scoring import DealResult

# The points a difference must reach for each IMP, 1 to 24: bridge's table stretched one and a half
# times and rounded to fifties, so that its top (24 IMPs) is reached by about one swing in fifty
# between the AI levels on the same shoes (docs/events.md has the measurement).
IMP_TABLE = (50, 100, 150, 200, 250, 350, 400, 500, 550, 650, 750, 900,
             1150, 1350, 1650, 1950, 2250, 2650, 3000, 3400, 3750, 4500, 5250, 6000)


def imps(difference: int) -> int:
    """The IMPs of a difference in points (negative for a loss)."""
    won = bisect.bisect_right(IMP_TABLE, abs(difference))
    return won if difference >= 0 else -won


def margin(result: DealResult, side: int) -> int:
    """``side``'s points on the deal less the best other side's."""
    return lead(result.totals, side)


@dataclass(frozen=True)
class Scored:
    """One result of the field, scored deal by deal."""

    margins: tuple[int, ...]
    matchpoints: tuple[Fraction, ...]
    imps: tuple[Fraction, ...]

    @property
    def total_matchpoints(self) -> Fraction:
        return sum(self.matchpoints, Fraction(0))

    @property
    def total_imps(self) -> Fraction:
        return sum(self.imps, Fraction(0))


def score(field: Sequence[Sequence[int]]) -> list[Scored]:
    """Each result's scores, given every result's margins deal by deal (every one the same length)."""
    deals = len(field[0]) if field else 0
    others = len(field) - 1
    scored = []
    for mine in field:
        points: list[Fraction] = []
        swings: list[Fraction] = []
        for deal in range(deals):
            mp, imp = Fraction(0), 0
            for theirs in field:
                if theirs is mine:
                    continue
                difference = mine[deal] - theirs[deal]
                mp += 1 if difference > 0 else Fraction(1, 2) if difference == 0 else 0
                imp += imps(difference)
            points.append(mp)
            swings.append(Fraction(imp, others) if others else Fraction(0))
        scored.append(Scored(tuple(mine), tuple(points), tuple(swings)))
    return scored


def percent(scored: Scored, field_size: int) -> Fraction:
    """The share of the matchpoints there were to win: each deal is worth one a result beaten."""
    top = len(scored.margins) * (field_size - 1)
    return Fraction(100) * scored.total_matchpoints / top if top else Fraction(0)


def ranks(scored: Sequence[Scored]) -> list[int]:
    """Each result's place (1 first; results level on matchpoints and IMPs share a place)."""
    keys = [(s.total_matchpoints, s.total_imps) for s in scored]
    return [1 + sum(1 for other in keys if other > key) for key in keys]
