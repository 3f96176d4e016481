"""Does the margin help predict a player's results? Wins-only rating against a margin-aware one.

    python bench/rating_margin.py --rules classic --log bench/ladder/classic.jsonl
                                  [--log bench/ladder/classic-expert.jsonl] [--draws 400] [--seed 37]

The question ``hf stats`` faces: a player has played a few games against levels of known rating;
from those, estimate their rating, then predict whether they win their next games. Here each
level of the ladder's logs in turn is the unknown player (its side's rating, the others held at
the shipped table's values, ai/data/ladder-PRESET.json, whose ``margin`` gives the scale below).
For each of ``--draws`` random draws, ``n`` of its games (each from a different shoe, as a
person's games are) estimate its rating, and the games of every other shoe are predicted. Two
estimates, each with the prior ``hf stats`` uses (an unknown player: 1500, spread 350):

- wins only: the Elo model's likelihood of the wins and losses (a tie half), as hf stats fits;
- the margin: each game's margin taken as ``per_point`` points a rating point of the gap plus noise
  of spread ``spread`` (a normal model), both measured on the one-level pairings when the table
  was fitted (:func:`hfcli.reports.ladder.margin_scale`).

Both predict a game as the Elo model does from the rating found, and are scored on the games held
out: the log-loss (lower is better) and the Brier score. Prints the figures by ``n`` and level.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

from hfcli.levels import every  # noqa: E402
from hfcli.reports.ladder import (  # noqa: E402
    PRIOR_MEAN,
    PRIOR_SPREAD,
    MarginScale,
    Outcome,
    expected,
    fit,
    level_ratings,
    load_table,
)

UNKNOWN = "unknown"
Side = tuple[str, str]


@dataclass(frozen=True)
class Game:
    """One game as the unknown's: its shoe, its side and the other (UNKNOWN marks the unknown's
    seats), the share won (1, 0.5, 0) and the margin, both the unknown's side's."""

    shoe: int
    mine: Side
    theirs: Side
    won: float
    margin: float


def split(pairing: str) -> list[str]:
    """A pairing's two sides (a level's own name may hold a dash: baseline-hard)."""
    known = every()
    for cut in range(1, len(pairing)):
        left, right = pairing[:cut], pairing[cut + 1:]
        if pairing[cut] == "-" and all(p in known for side in (left, right) for p in side.split("+")):
            return [left, right]
    raise ValueError(f"cannot read the pairing {pairing!r}")


def players(side: str) -> Side:
    first, _, second = side.partition("+")
    return first, second or first


def level_games(paths: list[Path], levels: list[str], unknown: str) -> list[Game]:
    """The one-level games of the level ``unknown`` against another of ``levels``, from its side."""
    games: list[Game] = []
    for path in paths:
        for line in path.read_text().splitlines():
            row = json.loads(line)
            sides = split(row["pairing"])
            if "+" in row["pairing"] or unknown not in sides or sides[0] == sides[1]:
                continue
            other = sides[1] if sides[0] == unknown else sides[0]
            if other not in levels:
                continue
            sign = 1 if sides[0] == unknown else -1
            for won, margin in zip(row["won"], row["margin"], strict=True):
                games.append(Game(row["index"], (UNKNOWN, UNKNOWN), (other, other),
                                  won if sign == 1 else 1 - won, sign * margin))
    return games


def person_games(paths: list[Path], levels: list[str], unknown: str) -> list[Game]:
    """A simulated person's games: the level ``unknown`` in its side's first seat (``L+P-O``, as
    South), with a partner and opponents of ``levels``."""
    games: list[Game] = []
    for path in paths:
        for line in path.read_text().splitlines():
            row = json.loads(line)
            mine, theirs = (players(side) for side in split(row["pairing"]))
            if mine[0] != unknown or not all(p in levels for p in (mine[1], *theirs)):
                continue
            for won, margin in zip(row["won"], row["margin"], strict=True):
                games.append(Game(row["index"], (UNKNOWN, mine[1]), theirs, won, margin))
    return games


def estimate(games: list[Game], rated: dict[str, float], scale: MarginScale | None) -> float:
    """The unknown's rating from ``games`` as hf stats finds a player's (:func:`hfcli.reports.ladder.fit`,
    the prior of an unknown player), by its wins alone or, with ``scale``, by its margins."""
    outcomes = [Outcome(g.mine, g.theirs, g.won, 1, g.margin if scale else None) for g in games]
    found, _ = fit(outcomes, rated, prior=(PRIOR_MEAN, PRIOR_SPREAD), scale=scale)
    return found[UNKNOWN]


def scores(x: float, games: list[Game], rated: dict[str, float]) -> tuple[float, float]:
    """Mean log-loss and Brier score of predicting ``games`` from the rating ``x`` (the team model)."""
    known = {**rated, UNKNOWN: x}
    loss = brier = 0.0
    for g in games:
        gap = sum(known[p] for p in g.mine) / 2 - sum(known[p] for p in g.theirs) / 2
        p = min(max(expected(gap), 1e-9), 1 - 1e-9)
        loss -= g.won * math.log(p) + (1 - g.won) * math.log(1 - p)
        brier += (g.won - p) ** 2
    return loss / len(games), brier / len(games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--log", type=Path, action="append", required=True)
    parser.add_argument("--person", action="store_true",
                        help="the logs hold a simulated person's games (L+P-O: L in South), not the ladder's")
    parser.add_argument("--draws", type=int, default=400)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--sizes", default="1,3,10,30,60")
    args = parser.parse_args()
    table = load_table(args.rules)
    if table is None or not table.get("margin"):
        raise SystemExit(f"no table with its margin scale for {args.rules}")
    rated = level_ratings(table)
    scale = MarginScale.from_dict(table["margin"])
    levels = list(scale.levels)  # where margins are read: the levels they were measured between
    print(f"{args.rules}: a rating point is worth {scale.per_point:.2f} points of margin; a game's margin "
          f"spreads {scale.spread:.0f} about that ({scale.noise:.0f} rating points); levels {', '.join(levels)}")
    rng = random.Random(args.seed)
    sizes = [int(n) for n in args.sizes.split(",")]
    print(f"{'games':>5}  {'level':<14}{'draws':>6}  {'log-loss wins':>13} {'margin':>8} {'diff':>8} {'+-':>6}"
          f"  {'Brier wins':>10} {'margin':>8}  {'rating sd wins':>14} {'margin':>7}")
    summary: dict[int, list[tuple[float, ...]]] = {n: [] for n in sizes}  # per draw: the six figures
    for n in sizes:
        for level in levels:
            games = (person_games if args.person else level_games)(args.log, levels, level)
            shoes = sorted({g.shoe for g in games})
            if len(shoes) < n + 10:
                continue
            by_shoe: dict[int, list[Game]] = {}
            for g in games:
                by_shoe.setdefault(g.shoe, []).append(g)
            diffs: list[float] = []
            rows: list[tuple[float, float, float, float, float, float]] = []
            for _ in range(args.draws):
                chosen = set(rng.sample(shoes, n))
                train = [rng.choice(by_shoe[i]) for i in sorted(chosen)]
                test = [g for i in shoes if i not in chosen for g in by_shoe[i]]
                xw = estimate(train, rated, None)
                xm = estimate(train, rated, scale)
                lw, bw = scores(xw, test, rated)
                lm, bm = scores(xm, test, rated)
                diffs.append(lm - lw)
                rows.append((lw, lm, bw, bm, xw, xm))
            mean = [statistics.fmean(r[k] for r in rows) for k in range(4)]
            error = statistics.stdev(diffs) / math.sqrt(len(diffs))
            spread = [statistics.stdev(r[k] for r in rows) for k in (4, 5)]
            spread_of = {k: statistics.stdev(r[k] for r in rows) for k in (4, 5)}
            summary[n] += [(*r[:4], spread_of[4], spread_of[5]) for r in rows]
            print(f"{n:>5}  {level:<14}{args.draws:>6}  {mean[0]:>13.4f} {mean[1]:>8.4f} {mean[1] - mean[0]:>+8.4f} "
                  f"{1.96 * error:>6.4f}  {mean[2]:>10.4f} {mean[3]:>8.4f}  {spread[0]:>14.0f} {spread[1]:>7.0f}")
    print("\nOver every level (each level's draws alike), as docs/ai.md has it:")
    print("| games known | log-loss, wins only | log-loss, margins | margins less wins (95%) "
          "| Brier, wins only | Brier, margins | estimate's spread, wins only | margins |")
    print("|---|---|---|---|---|---|---|---|")
    for n, rows_of_n in summary.items():
        if not rows_of_n:
            continue
        mean = [statistics.fmean(r[k] for r in rows_of_n) for k in range(6)]
        diffs = [r[1] - r[0] for r in rows_of_n]
        error = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
        print(f"| {n} | {mean[0]:.4f} | {mean[1]:.4f} | {mean[1] - mean[0]:+.4f} (+-{error:.4f}) | {mean[2]:.4f} "
              f"| {mean[3]:.4f} | {mean[4]:.0f} | {mean[5]:.0f} |")


if __name__ == "__main__":
    main()
