"""Ratings on the Elo scale: the levels' table, fitted to a round-robin, and a player's rating.

The model is Bradley-Terry on the Elo scale, as BayesElo and Ordo use for chess engines: a side
rated ``d`` points above the other wins with probability ``1 / (1 + 10 ** (-d / 400))``, a tie
counting half a win. A partnership plays as the mean of its two players' ratings (the team model);
the mixed pairings of the round-robin test that model rather than feed it.

The fit is maximum likelihood by Newton's method, written out here: with a handful of ratings it
is a few lines, where a rating library would bring its own scale and an order-dependent online
update (openskill, glicko2) to a question that has one exact answer. As in BayesElo, each pairing
played counts one virtual tie besides its games, so that a pairing one side won every time still
gives a finite gap. ``normal`` is anchored at 1500.

A player's rating (:func:`player_rating`) is the one unknown of the same model, the levels'
ratings held at the table's values, with a prior of an unknown player (1500, spread 350) so that
the first games move it and no run of wins sends it to infinity. Its uncertainty is the posterior's
spread (the curvature of the log-likelihood at its peak). The levels' table also carries how a
game's margin reads as a gap between the sides (:func:`margin_scale`); a player's games are read by
their margins through it, which predicts their next results better than wins alone (docs/ai.md).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hfcli.levels import every, order

ANCHOR = "normal"
ANCHOR_RATING = 1500.0
K = math.log(10) / 400  # Elo points to the logistic's natural scale
VIRTUAL_TIES = 1.0  # BayesElo's prior: each pairing played counts this many ties more
PRIOR_MEAN = 1500.0  # an unknown player
PRIOR_SPREAD = 350.0
LEVEL_ORDER = every()  # the levels in the registry's order (hfcli.levels)


def expected(difference: float) -> float:
    """The share of wins of a side ``difference`` Elo points above the other."""
    return 1.0 / (1.0 + 10.0 ** (-difference / 400.0))


def difference(share: float) -> float:
    """The Elo points above the other of a side that wins ``share`` of its games."""
    return 400.0 * math.log10(share / (1.0 - share))


def players(side: str) -> tuple[str, str]:
    """The two players of a side: ``hard+easy`` or ``normal`` (both partners of one level)."""
    first, _, second = side.partition("+")
    return first, second or first


@dataclass(frozen=True)
class Pairing:
    """One shoe of a round-robin: side ``sides[0]`` against ``sides[1]``, ``won`` its share of each
    game played on it (1 won, 0.5 tie, 0 lost), one game for each way round."""

    sides: tuple[str, ...]
    index: int
    won: tuple[float, ...]
    margin: tuple[float, ...] = ()  # the first side's score less the other's, game by game


@dataclass(frozen=True)
class Outcome:
    """``score`` won of ``games`` by a side of ``mine`` against ``theirs`` (each two players' names;
    a name missing from the ratings is the unknown being fitted). ``margin``: the sum of those
    games' margins (the side's score less the other's), when the fit is to read them."""

    mine: tuple[str, str]
    theirs: tuple[str, str]
    score: float
    games: float
    margin: float | None = None


@dataclass(frozen=True)
class MarginScale:
    """How a game's margin reads as a rating gap: on average ``per_point`` points of margin a rating
    point of the sides' gap, each game's margin spread ``spread`` points about that (a normal
    model), measured on the one-level pairings of ``levels`` no more than MARGIN_GAP apart."""

    per_point: float
    spread: float
    levels: tuple[str, ...]

    @property
    def noise(self) -> float:
        """A game's margin read as a rating gap: its spread, in rating points."""
        return self.spread / self.per_point

    def as_dict(self) -> dict[str, Any]:
        return {"per_point": round(self.per_point, 3), "spread": round(self.spread, 1), "levels": list(self.levels)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MarginScale:
        return cls(float(data["per_point"]), float(data["spread"]), tuple(data["levels"]))


MARGIN_GAP = 400.0  # rating points: past this (a side winning nine games in ten) margins stop growing in step


def fit(
    outcomes: Sequence[Outcome], known: Mapping[str, float], *, prior: tuple[float, float] | None = None,
    scale: MarginScale | None = None,
) -> tuple[dict[str, float], dict[str, float]]:
    """The ratings of every name in ``outcomes`` not in ``known`` that make the outcomes most likely
    (with ``prior``, a normal prior of that mean and spread on each), and each one's spread (from
    the curvature at the peak). ``known`` holds the fixed ratings (the anchor, or the levels').
    With ``scale``, an outcome that carries its margin is read by its margin (a normal model of the
    margin about ``scale.per_point`` times the sides' gap), the others by their wins."""
    summed: dict[tuple[tuple[str, str], tuple[str, str], bool], list[float]] = {}
    for o in outcomes:  # the likelihood depends only on each match-up's sums: fit those
        by_margin = scale is not None and o.margin is not None
        total = summed.setdefault((o.mine, o.theirs, by_margin), [0.0, 0.0, 0.0])
        total[0] += o.score
        total[1] += o.games
        total[2] += o.margin if by_margin and o.margin is not None else 0.0
    outcomes = [Outcome(mine, theirs, s, n, m if by_margin else None)
                for (mine, theirs, by_margin), (s, n, m) in summed.items()]
    names = sorted({n for o in outcomes for n in (*o.mine, *o.theirs) if n not in known})
    at = {n: i for i, n in enumerate(names)}
    x = [prior[0] if prior else ANCHOR_RATING for _ in names]
    hessian: list[list[float]] = []
    for _ in range(100):
        gradient = [0.0] * len(names)
        hessian = [[0.0] * len(names) for _ in names]
        for o in outcomes:
            weights: dict[int, float] = {}
            d = 0.0
            for sign, side in ((0.5, o.mine), (-0.5, o.theirs)):
                for name in side:
                    if name in known:
                        d += sign * known[name]
                    else:
                        d += sign * x[at[name]]
                        weights[at[name]] = weights.get(at[name], 0.0) + sign
            if scale is not None and o.margin is not None:
                # Each game's margin over per_point is the gap plus noise of spread scale.noise.
                pull, weight = (o.margin / scale.per_point - o.games * d) / scale.noise ** 2, o.games / scale.noise ** 2
            else:
                p = expected(d)
                pull, weight = (o.score - o.games * p) * K, o.games * p * (1 - p) * K * K
            for i, wi in weights.items():
                gradient[i] += pull * wi
                for j, wj in weights.items():
                    hessian[i][j] -= weight * wi * wj
        if prior:
            for i in range(len(names)):
                gradient[i] -= (x[i] - prior[0]) / prior[1] ** 2
                hessian[i][i] -= 1 / prior[1] ** 2
        step = _solve([[-h for h in row] for row in hessian], gradient)
        step = [max(-400.0, min(400.0, s)) for s in step]  # far from the peak, go a little at a time
        x = [a + s for a, s in zip(x, step, strict=True)]
        if max((abs(s) for s in step), default=0.0) < 1e-6:
            break
    inverse = _inverse([[-h for h in row] for row in hessian])
    return ({n: x[at[n]] for n in names},
            {n: math.sqrt(max(inverse[at[n]][at[n]], 0.0)) for n in names})


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` by Gaussian elimination with partial pivoting."""
    n = len(vector)
    a = [row[:] + [v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-300:
            raise ValueError("the ratings are not tied together by the games")
        for r in range(n):
            if r != col:
                f = a[r][col] / a[col][col]
                a[r] = [ar - f * ac for ar, ac in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    columns = [_solve(matrix, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def outcomes_of(games: Iterable[Pairing]) -> list[Outcome]:
    """The one-level pairings' games summed by pairing, with each pairing's virtual ties."""
    sums: dict[tuple[str, str], list[float]] = {}
    for g in games:
        if "+" in g.sides[0] or "+" in g.sides[1]:
            continue
        total = sums.setdefault((g.sides[0], g.sides[1]), [VIRTUAL_TIES / 2, VIRTUAL_TIES])
        total[0] += sum(g.won)
        total[1] += len(g.won)
    return [Outcome(players(a), players(b), s, n) for (a, b), (s, n) in sums.items()]


def ratings(games: Sequence[Pairing]) -> dict[str, float]:
    """The levels' ratings fitted to the one-level pairings of ``games``, ``normal`` at 1500."""
    found, _ = fit(outcomes_of(games), {ANCHOR: ANCHOR_RATING})
    return {ANCHOR: ANCHOR_RATING, **found}


def side_rating(side: str, rated: Mapping[str, float]) -> float:
    first, second = players(side)
    return (rated[first] + rated[second]) / 2


def margin_scale(games: Sequence[Pairing], rated: Mapping[str, float]) -> MarginScale | None:
    """The margin a rating point is worth, by least squares through the origin over every game of
    the one-level pairings whose levels are ``MARGIN_GAP`` or less apart, and the spread of a game's
    margin about it. None without such games."""
    pairs: list[tuple[float, float]] = []
    levels: set[str] = set()
    for g in games:
        if "+" in g.sides[0] + g.sides[1] or not all(side in rated for side in g.sides):
            continue
        gap = rated[g.sides[0]] - rated[g.sides[1]]
        if abs(gap) <= MARGIN_GAP:
            pairs += [(gap, m) for m in g.margin]
            levels.update(g.sides if g.margin else ())
    squares = sum(gap * gap for gap, _ in pairs)
    if len(pairs) < 2 or squares == 0:
        return None
    per_point = sum(gap * m for gap, m in pairs) / squares
    spread = math.sqrt(sum((m - per_point * gap) ** 2 for gap, m in pairs) / (len(pairs) - 1))
    return MarginScale(per_point, spread, tuple(sorted(levels, key=lambda n: (order(n), n))))


def table(games: Sequence[Pairing], *, rng: random.Random, boot: int = 1000) -> dict[str, Any]:
    """The levels' table: each level's rating with its 95% interval from ``boot`` resamplings of
    the shoes (a shoe's games in every pairing go together, as they share its cards), and each
    pairing's share observed beside the share the ratings predict, each with its interval."""
    point = ratings(games)
    shoes = sorted({g.index for g in games})
    by_shoe: dict[int, list[Pairing]] = {}
    for g in games:
        by_shoe.setdefault(g.index, []).append(g)
    pairings = sorted({g.sides for g in games}, key=lambda s: (("+" in s[0] + s[1]), s))
    samples: list[dict[str, float]] = []
    observed_samples: list[dict[tuple[str, ...], float]] = []
    for _ in range(boot):
        drawn = [g for _ in shoes for g in by_shoe[rng.choice(shoes)]]
        try:
            samples.append(ratings(drawn))
        except ValueError:  # a resample that left a level unconnected says nothing of it
            continue
        observed_samples.append(_shares(drawn))

    def interval(values: list[float]) -> tuple[float, float]:
        if not values:
            return (math.nan, math.nan)
        values = sorted(values)
        return (values[int(0.025 * (len(values) - 1))], values[int(0.975 * (len(values) - 1))])

    games_of: dict[str, int] = {}
    for g in games:
        if "+" not in g.sides[0] + g.sides[1]:
            for side in g.sides:
                games_of[side] = games_of.get(side, 0) + len(g.won)
    levels = [name for name in LEVEL_ORDER if name in point] + sorted(set(point) - set(LEVEL_ORDER))
    shares = _shares(games)
    rows: list[dict[str, Any]] = []
    for sides in pairings:
        if not all(p in point for s in sides for p in players(s)):
            continue
        predicted = expected(side_rating(sides[0], point) - side_rating(sides[1], point))
        predicted_boot = [expected(side_rating(sides[0], r) - side_rating(sides[1], r))
                          for r in samples if all(p in r for s in sides for p in players(s))]
        observed_boot = [s[sides] for s in observed_samples if sides in s]
        rows.append({
            "sides": list(sides), "fitted": "+" not in sides[0] + sides[1],
            "games": sum(len(g.won) for g in games if g.sides == sides),
            "observed": round(shares[sides], 4), "observed_interval": _rounded(interval(observed_boot), 4),
            "predicted": round(predicted, 4), "predicted_interval": _rounded(interval(predicted_boot), 4),
        })
    # A bound is no measure to read margins against.
    scale = margin_scale(games, {name: point[name] for name in levels if measured(name, rows)})
    return {
        "margin": None if scale is None else scale.as_dict(),
        "model": "Bradley-Terry (Elo scale) by maximum likelihood; a partnership plays as the mean of its "
                 f"two ratings; {VIRTUAL_TIES:g} virtual tie a pairing; {ANCHOR} anchored at {ANCHOR_RATING:g}; "
                 f"95% intervals from {boot} bootstrap resamplings of the shoes",
        "levels": {name: {"rating": round(point[name], 1),
                          "interval": _rounded(interval([s[name] for s in samples if name in s]), 1),
                          "games": games_of.get(name, 0), "measured": measured(name, rows)} for name in levels},
        "pairings": rows,
        "shoes": len(shoes),
    }


def measured(name: str, rows: Sequence[Mapping[str, Any]]) -> bool:
    """Whether a level both won and lost games of its pairings, or tied one: a level that lost
    every game (or won every one) has a rating the virtual ties set, a bound and not a measure."""
    shares = [row["observed"] if row["sides"][0] == name else 1 - row["observed"]
              for row in rows if row["fitted"] and name in row["sides"]]
    return any(0 < share < 1 for share in shares) or name == ANCHOR


def _rounded(pair: tuple[float, float], digits: int) -> list[float]:
    return [round(v, digits) for v in pair]


def _shares(games: Iterable[Pairing]) -> dict[tuple[str, ...], float]:
    sums: dict[tuple[str, ...], list[float]] = {}
    for g in games:
        total = sums.setdefault(g.sides, [0.0, 0.0])
        total[0] += sum(g.won)
        total[1] += len(g.won)
    return {sides: s / n for sides, (s, n) in sums.items()}


def describe(data: Mapping[str, Any]) -> str:
    """The table as text: the levels, then each pairing's observed and predicted share."""
    lines = [f"{data.get('rules', '')}: {data['model']}",
             f"{'level':<15}{'rating':>7}  {'95% interval':<14}{'games':>7}"]
    for name, row in data["levels"].items():
        bound = "" if row.get("measured", True) else "  a bound: it never won a game (or never lost one)"
        lines.append(f"{name:<15}{row['rating']:>7.0f}  {_span(row['interval']):<14}{row['games']:>7}{bound}")
    lines.append(f"{'pairing':<30}{'games':>6}  {'observed':<22}{'predicted':<22}")
    for row in data["pairings"]:
        name = " v ".join(row["sides"]) + ("" if row["fitted"] else " *")
        lines.append(f"{name:<30}{row['games']:>6}  "
                     f"{row['observed']:6.1%} {_span(row['observed_interval'], '{:.1%}'):<15}"
                     f"{row['predicted']:6.1%} {_span(row['predicted_interval'], '{:.1%}'):<15}")
    lines.append("* a mixed partnership: not fitted, predicted by the team model")
    return "\n".join(lines)


def markdown(data: Mapping[str, Any]) -> str:
    """The table for docs/ai.md: the levels, then the pairings with their shares."""
    lines = ["| level | rating | 95% interval | games |", "|---|---|---|---|"]
    for name, row in data["levels"].items():
        if row.get("measured", True):
            lines.append(f"| `{name}` | {row['rating']:.0f} | {_span(row['interval'])} | {row['games']:,} |")
        else:
            lines.append(f"| `{name}` | ({row['rating']:.0f}) | a bound, not a measure | {row['games']:,} |")
    lines += ["", "| pairing (first side's share) | games | observed | predicted |", "|---|---|---|---|"]
    for row in data["pairings"]:
        name = " against ".join(f"`{side}`" for side in row["sides"]) + ("" if row["fitted"] else " (mixed)")
        observed = f"{row['observed']:.1%} ({_span(row['observed_interval'], '{:.1%}')})"
        predicted = f"{row['predicted']:.1%} ({_span(row['predicted_interval'], '{:.1%}')})"
        lines.append(f"| {name} | {row['games']:,} | {observed} | {predicted} |")
    return "\n".join(lines)


def _span(bounds: Sequence[float], form: str = "{:.0f}") -> str:
    low, high = bounds
    if math.isnan(low):
        return "-"
    return f"{form.format(low)} to {form.format(high)}"


def load_table(rules_name: str) -> dict[str, Any] | None:
    """The levels' table shipped for a preset (``ai/data/ladder-<preset>.json``), or None."""
    from importlib.resources import files

    try:
        text = files("ai").joinpath("data", f"ladder-{rules_name}.json").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None
    data: dict[str, Any] = json.loads(text)
    return data


def level_ratings(data: Mapping[str, Any]) -> dict[str, float]:
    return {name: float(row["rating"]) for name, row in data["levels"].items()}


def even_opponents(
    rating: float, rated: Mapping[str, float], choices: Sequence[str], partner: str | None = None,
) -> tuple[str, float]:
    """The level, among ``choices`` rated in ``rated``, that both opponents of a player rated
    ``rating`` should play for the game nearest even, with the partner at level ``partner`` (None:
    the opponents' level, a table of one level); and the share of games the player's side is then
    expected to win. The weaker level of two equally near."""
    def share(level: str) -> float:
        mate = rated[partner] if partner is not None else rated[level]
        return expected((rating + mate) / 2 - rated[level])

    shown = [level for level in choices if level in rated]
    if not shown:
        raise ValueError("no level has a rating")
    best = min(shown, key=lambda level: (abs(share(level) - 0.5), rated[level]))
    return best, share(best)
