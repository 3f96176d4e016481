"""The expert against a frozen opponent, before and after a change of its search, side by side.

    python bench/expert_match.py [--games N] [--seed S] [--rules classic] [--jobs 1]
                                 [--kinds expert,expert-before] [--against baseline-hard]
                                 [--log FILE] [--also FILE ...] [--summary]

Each kind of expert plays the same games (seeds as ``hf simulate`` gives them, each game played
again with the sides swapped, ``--swap``) against ``--against``, the kinds interleaved game by
game so that a busy machine slows them alike. Per kind it prints the share of games won (ties
half) with its 95% Wilson interval, the mean score margin, and the expert's decision times on one
core (process time: median, p99, slowest, how many over 3 s). Finished games go to ``--log`` as
they are played (one JSON line each), and a second run with the same log plays only the rest.

Kinds: ``expert`` (as shipped), ``expert-before`` (the search before the learned evaluator:
whole-deal rollouts judged by the horizon estimate, a discard's cut at two rounds), and
``search:key=value,...`` for a variant of the shipped one, with keys ``samples``, ``candidates``
(discard candidates), ``discard``, ``draw``, ``answer``, ``lay`` (rollout horizons in rounds;
``end`` for the deal's end; ``lay=off``: the lay-down plan not searched), ``layevery`` (1: the plan
searched at every meld-phase choice of a turn), ``z`` and ``margin``
(ClearGain's), ``judge`` (``learned`` or ``horizon``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

# Run as a script, this file's folder comes first on the path and its name would hide the ai package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

from ai.base import Decision, Player  # noqa: E402
from ai.evaluator import LearnedEvaluator  # noqa: E402
from ai.expert import ExpertPlayer, Search  # noqa: E402
from ai.search import Budget, ClearGain, Standing  # noqa: E402
from hfcli.engine.estimates import wilson  # noqa: E402
from hfcli.engine.game import Game  # noqa: E402
from hfcli.engine.rules import Rules, preset  # noqa: E402
from hfcli.engine.view import SeatView  # noqa: E402
from hfcli.levels import make_player  # noqa: E402
from hfcli.reports.simulate import game_seed, play_one, side_names  # noqa: E402
from hfcli.system.workers import parallel_map  # noqa: E402

# The expert's search as it was before the learned evaluator, written out part by part.
BEFORE = Search(
    budget=Budget(samples=8, discard_candidates=2, discard_horizon=2, draw_horizon=None, answer_horizon=None),
    evaluator=Standing(), rule=ClearGain(z=1.5, margin=30.0),
)


def search_of(kind: str) -> Search | None:
    """The search of an expert ``kind`` (None: the shipped expert's)."""
    if kind == "expert":
        return None
    if kind == "expert-before":
        return BEFORE
    if not kind.startswith("search:"):
        raise ValueError(f"unknown kind {kind!r}")
    base = Search()
    budget, rule, evaluator = base.budget, base.rule, base.evaluator
    for item in kind.removeprefix("search:").split(","):
        key, _, value = item.partition("=")
        rounds = None if value == "end" else int(value) if value.isdigit() else None
        if key == "samples":
            budget = dataclasses.replace(budget, samples=int(value))
        elif key == "candidates":
            budget = dataclasses.replace(budget, discard_candidates=int(value))
        elif key == "discard":
            budget = dataclasses.replace(budget, discard_horizon=int(value))
        elif key == "draw":
            budget = dataclasses.replace(budget, draw_horizon=rounds)
        elif key == "answer":
            budget = dataclasses.replace(budget, answer_horizon=rounds)
        elif key == "layevery":
            budget = dataclasses.replace(budget, lay_every_choice=value == "1")
        elif key == "lay":
            budget = dataclasses.replace(budget, lay_horizon=None if value == "off" else rounds)
        elif key == "z":
            rule = ClearGain(z=float(value), margin=rule.margin)  # type: ignore[attr-defined]
        elif key == "margin":
            rule = ClearGain(z=rule.z, margin=float(value))  # type: ignore[attr-defined]
        elif key == "judge":
            evaluator = LearnedEvaluator() if value == "learned" else Standing()
        else:
            raise ValueError(f"unknown key {key!r} in {kind!r}")
    return Search(budget=budget, determinizer=base.determinizer, policy=base.policy, evaluator=evaluator, rule=rule)


class Timed:
    """A player whose every decision's process time is kept."""

    def __init__(self, player: ExpertPlayer, times: list[float]) -> None:
        self.player = player
        self.name = player.name
        self.times = times

    def choose(self, view: SeatView) -> Decision:
        started = time.process_time()
        decision = self.player.choose(view)
        self.times.append(time.process_time() - started)
        return decision

    def recall(self, view: SeatView) -> None:
        self.player.recall(view)


def play(task: tuple[int, str], rules: Rules, seed: int, against: str) -> dict[str, Any]:
    index, kind = task
    times: list[float] = []
    search = search_of(kind)

    def make(game: Game, who: str, seat: int) -> Player:
        if who == kind:
            return Timed(ExpertPlayer(game.seed, seat, search=search), times)
        return make_player(who, game.seed, seat)

    records = play_one(rules, game_seed(seed, index), (kind, against), True, make=make)
    names = side_names(rules)
    return {
        "index": index, "kind": kind,
        "won": [1.0 if r.winner == names[0] else 0.5 if r.winner == "tie" else 0.0 for r in records],
        "margin": [r.scores[0] - r.scores[1] for r in records],
        "times": times,
    }


def summary(kind: str, rows: Sequence[dict[str, Any]]) -> str:
    won = [w for r in rows for w in r["won"]]
    margins = [m for r in rows for m in r["margin"]]
    times = sorted(t for r in rows for t in r["times"])
    _, low, high = wilson(round(sum(won)), len(won))  # a tie counts half a win (and rounds to even)
    share = sum(won) / len(won)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0
    return (f"{kind:<40}{len(won):>6} {share:6.1%} [{low:.1%}, {high:.1%}] {statistics.mean(margins):+8.0f}"
            f"  {1000 * statistics.median(times):6.1f} {1000 * p99:7.0f} {1000 * times[-1]:7.0f}"
            f" {sum(1 for t in times if t > 3.0):5}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--kinds", default="expert,expert-before")
    parser.add_argument("--against", default="baseline-hard")
    parser.add_argument("--log", type=Path, default=None)
    parser.add_argument("--also", type=Path, action="append", default=[], metavar="FILE")
    parser.add_argument("--summary", action="store_true", help="play nothing: the logs' figures")
    args = parser.parse_args()
    rules = preset(args.rules)
    kinds = args.kinds.split(";") if ";" in args.kinds else args.kinds.split(",")
    for kind in kinds:
        search_of(kind)  # a bad kind fails before any game
    # A game is counted once, though two of the logs read hold it.
    finished: dict[tuple[int, str], dict[str, Any]] = {}
    for path in [*args.also, *([args.log] if args.log else [])]:
        if path.exists():
            for row in (json.loads(line) for line in path.read_text().splitlines() if line.strip()):
                finished.setdefault((row["index"], row["kind"]), row)
    done = list(finished.values())
    have = set(finished)
    tasks = [] if args.summary else [(i, k) for i in range(args.games) for k in kinds if (i, k) not in have]
    work = partial(play, rules=rules, seed=args.seed, against=args.against)
    results = parallel_map(work, tasks, args.jobs) if args.jobs > 1 else map(work, tasks)
    started = time.monotonic()
    for count, row in enumerate(results, 1):
        done.append(row)
        if args.log:
            with args.log.open("a") as log:
                log.write(json.dumps(row) + "\n")
        if count % 20 == 0:
            print(f"  {count}/{len(tasks)} games, {time.monotonic() - started:.0f} s", flush=True)
    played = len({r["index"] for r in done if r["index"] < args.games and r["kind"] in kinds})
    print(f"{rules.name}: each kind against {args.against}, {played} games each way round (--swap), "
          f"seed {args.seed}")
    print(f"{'kind':<40}{'games':>6} {'won':>6} {'95% interval':<16} {'margin':>8}"
          f"  {'ms: median':>10} {'p99':>7} {'max':>7} {'>3 s':>5}")
    for kind in kinds:
        rows = [r for r in done if r["kind"] == kind and r["index"] < args.games]
        if rows:
            print(summary(kind, rows))
    for kind in kinds[1:]:
        line = paired(kinds[0], kind, [r for r in done if r["index"] < args.games])
        if line:
            print(line)


def paired(first: str, kind: str, rows: Sequence[dict[str, Any]]) -> str:
    """``kind`` against ``first`` on the games both played (the same shoes, the same seats): the
    difference of their shares won and of their margins, each with its 95% interval, a game being
    the pair of its two ways round."""
    by_kind: dict[str, dict[int, dict[str, Any]]] = {first: {}, kind: {}}
    for r in rows:
        if r["kind"] in by_kind:
            by_kind[r["kind"]][r["index"]] = r
    both = sorted(set(by_kind[first]) & set(by_kind[kind]))
    if len(both) < 2:
        return ""
    one, other = by_kind[first], by_kind[kind]
    won = [statistics.fmean(other[i]["won"]) - statistics.fmean(one[i]["won"]) for i in both]
    margin = [statistics.fmean(other[i]["margin"]) - statistics.fmean(one[i]["margin"]) for i in both]

    def interval(values: list[float]) -> str:
        mean, half = statistics.fmean(values), 1.96 * statistics.stdev(values) / len(values) ** 0.5
        return f"{mean:+.3f} ({mean - half:+.3f} to {mean + half:+.3f})"
    return (f"{kind} against {first} on the same {len(both)} shoes: share won {interval(won)},"
            f" margin a game {interval(margin)}")


if __name__ == "__main__":
    main()
