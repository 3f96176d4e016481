"""The review's acid test: does it tell the levels apart?

    nice -n 10 python bench/review_levels.py [--games 30] [--levels random,easy,normal,hard,expert]
        [--rules classic] [--seed 1] [--samples 64] [--costing learned] [--jobs 2] [--out DIR]

For each level and each of ``--games`` seeds, South is played by the level and the other seats by
``hard`` (every level's games are dealt from the same seeds, so the same shoes), the game is
recorded, and South's decisions are reviewed as ``hf review --seat S`` reviews them. Each game's
transcript and review go into ``--out`` as they are done (the checkpoint: a run started again
skips what is there, so a long run can be stopped and resumed). Then, by level: the decisions per
game, the points lost per decision (each decision's cost where the expert differs, never below
zero, over every decision looked at) and the accuracy (means over the games, with 95% intervals),
the share of games with a clear decision (an inaccuracy or worse; Wilson interval), the clear
decisions per game, the grades, and the spread of the costs the review found (percentiles of the
cost and of its interval's lower end, over the decisions where the expert differs), the figures
the grades' thresholds were chosen from. Games and reviews are spread over ``--jobs`` processes,
one game (played and reviewed in one process) at a time. Last, each level against the next: the
difference of their points lost per decision and of their accuracy, game by game on the same
shoes, with 95% intervals. ``--costing horizon`` reviews as the review did before the learned
evaluator judged its rollouts (three rounds, the pile or the stock to the deal's end).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from hfcli.engine.estimates import wilson
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.review import COSTINGS, DEFAULT_SAMPLES, review, review_from_dict
from hfcli.system.workers import parallel_map
from hfcli.transcript.golden import record_game

LEVELS = ("random", "easy", "normal", "hard", "expert")


def one_game(task: tuple[str, str, int, int, str, str]) -> dict[str, Any]:
    """Play (or find) the game of ``level`` at ``seed`` and review South; the review as a dict."""
    level, rules_name, seed, samples, out, costing = task
    folder = Path(out)
    path = folder / f"{rules_name}-{level}-seed{seed}.jsonl"
    done = path.with_suffix(f".review-{costing}.json")
    if done.exists():
        loaded: dict[str, Any] = json.loads(done.read_text())
        return loaded
    if not path.exists():
        partial = path.with_suffix(".partial")
        partial.unlink(missing_ok=True)  # a game cut short by a stopped run is played again
        game = Game(preset(rules_name), seed)
        levels = (level,) + ("hard",) * (len(game.seating.seats) - 1)
        record_game(partial, game, levels, seed)
        partial.rename(path)
    began = time.perf_counter()
    data = review(path, 0, samples=samples, costing=COSTINGS[costing]).as_dict()
    data["seconds"] = round(time.perf_counter() - began, 1)
    data["level"], data["seed"] = level, seed
    done.with_suffix(".tmp").write_text(json.dumps(data))
    done.with_suffix(".tmp").rename(done)
    return data


def mean_interval(values: list[float]) -> str:
    if not values:
        return "-"
    mean = statistics.fmean(values)
    if len(values) < 2:
        return f"{mean:.1f}"
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:.1f} ({mean - half:.1f} to {mean + half:.1f})"


def percentiles(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return " ".join(f"p{round(q * 100)} {at(q):.0f}" for q in (0.1, 0.25, 0.5, 0.75, 0.9, 0.95))


def lost_per_decision(game: dict[str, Any]) -> float:
    """The points a game's decisions cost, each its estimated cost (never below zero), a decision."""
    assessed = game["assessed"]
    return sum(max(a["cost"], 0.0) for a in assessed) / len(assessed) if assessed else 0.0


def accuracy_of(game: dict[str, Any]) -> float | None:
    """A game's accuracy as the review works it out now, from its decisions' costs as kept."""
    return review_from_dict(game).accuracy()


def summary(level: str, games: list[dict[str, Any]]) -> list[str]:
    decisions = [g["decisions"] for g in games]
    per_decision = [lost_per_decision(g) for g in games if g["decisions"]]
    accuracy = [a for g in games if (a := accuracy_of(g)) is not None]
    clear = [len(g["mistakes"]) for g in games]
    share, low, high = wilson(sum(1 for c in clear if c), len(games))
    grades: dict[str, int] = {}
    for g in games:
        for grade, count in g["grades"].items():
            grades[grade] = grades.get(grade, 0) + count
    differ = [f for g in games for f in g["mistakes"] + g["not_clear"]]
    seconds = [g.get("seconds", 0.0) for g in games]
    return [
        f"{level} ({len(games)} games, {statistics.fmean(decisions):.0f} decisions a game, "
        f"review {statistics.fmean(seconds):.0f} s a game, wall, one process):",
        f"  points lost per decision {mean_interval(per_decision)}; accuracy {mean_interval(accuracy)}",
        f"  games with a clear decision {share:.0%} ({low:.0%} to {high:.0%}); "
        f"clear decisions per game {mean_interval([float(c) for c in clear])}",
        "  grades: " + ", ".join(f"{grade} {count}" for grade, count in grades.items()),
        f"  where the expert differs ({len(differ)}): cost {percentiles([f['cost'] for f in differ])}",
        f"    interval's lower end {percentiles([f['low'] for f in differ])}",
    ]


def against(worse: str, better: str, results: dict[str, list[dict[str, Any]]]) -> str:
    """``worse`` against ``better`` on the games both played (the same seeds, so the same shoes)."""
    by_seed = {g["seed"]: g for g in results[better]}
    pairs = [(g, by_seed[g["seed"]]) for g in results[worse] if g["seed"] in by_seed]
    lost = [lost_per_decision(a) - lost_per_decision(b) for a, b in pairs]
    accuracy = [y - x for a, b in pairs if (x := accuracy_of(a)) is not None and (y := accuracy_of(b)) is not None]
    return (f"{worse} against {better} ({len(pairs)} games): points lost per decision "
            f"{mean_interval(lost)} more; accuracy {mean_interval(accuracy)} less")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed; game i has seed + i")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="imagined deals per decision, at most")
    parser.add_argument("--costing", choices=sorted(COSTINGS), default="learned",
                        help="what judges the imagined deals where they stop")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("bench-review-levels"), help="the checkpoint folder")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    # Game by game across the levels, so that a run stopped early has every level's first games.
    tasks = [(level, args.rules, args.seed + i, args.samples, str(args.out), args.costing)
             for i in range(args.games) for level in levels]
    started = time.perf_counter()
    results: dict[str, list[dict[str, Any]]] = {level: [] for level in levels}
    work = parallel_map(one_game, tasks, args.jobs) if args.jobs > 1 else map(one_game, tasks)
    for (level, _, seed, _, _, _), data in zip(tasks, work, strict=True):
        results[level].append(data)
        print(f"{level} seed {seed}: {data['decisions']} decisions, {len(data['mistakes'])} clear, "
              f"lost {data['lost']:.0f}, accuracy {data['accuracy']}", flush=True)
    print(f"\n{args.rules}, South of each level at a table of hard players, {args.samples} imagined deals at most, "
          f"costs judged by {args.costing}, {time.perf_counter() - started:.0f} s in all")
    for level in levels:
        for line in summary(level, results[level]):
            print(line)
    print()
    for worse, better in itertools.pairwise(levels):
        print(against(worse, better, results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
