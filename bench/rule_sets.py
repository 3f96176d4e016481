"""Whole games over many random allowed rule sets: every game ends, every card of the shoe stays
somewhere, every move a player makes is legal, and nothing raises.

Each rule set draws every field of the rules at an end of its allowed range or between
(tests/rule_sets.py, the drawing the property tests use), at 2 to 6 seats; each is played once
with the random player at every seat and once with rule-based and greedy players drawn seat by
seat. A failure prints the rule set as a house-rules mapping, the seed and the players, so that
it can be played again.

    python bench/rule_sets.py --rule-sets 2000 --jobs 2 --seed 1 [--cost 1100]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from rule_sets import play_through, random_rule_set  # noqa: E402

from hfcli.system.workers import parallel_map  # noqa: E402

AI_KINDS = ("greedy", "easy", "normal", "hard")
# Cards dealt over a game (the shoe's cards times the deals) by default: enough for a 20-deck
# shoe of one deal, or a one-deck game of 20 deals.
COST = 1100


def run_one(task: tuple[int, int, int]) -> tuple[int, int, list[str]]:
    """Rule set ``index`` of the run seeded ``seed``: its games, their moves, and any failures."""
    seed, index, cost = task
    rng = random.Random(f"rule-sets:{seed}:{index}")
    data, rules = random_rule_set(rng, cost)
    game_seed = rng.randrange(2**31)
    tables = [["random"] * rules.players, [rng.choice(AI_KINDS) for _ in range(rules.players)]]
    games = moves = 0
    failures = []
    for kinds in tables:
        games += 1
        try:
            moves += play_through(rules, game_seed, kinds)
        except Exception as exc:  # every failure is reported with what reproduces it
            failures.append(
                f"rule set {index}: {type(exc).__name__}: {exc}\n  rules: {data!r}\n  seed: {game_seed}, players: "
                f"{kinds}\n" + "".join(traceback.format_exception(exc, limit=-4))
            )
    return games, moves, failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rule-sets", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cost", type=int, default=COST,
                        help="most cards dealt over a game (decks x 54 x deals); lower runs faster")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    tasks = [(args.seed, i, args.cost) for i in range(args.rule_sets)]
    games = moves = 0
    failures: list[str] = []
    done = 0

    def tally(result: tuple[int, int, list[str]]) -> None:
        nonlocal games, moves, done
        games += result[0]
        moves += result[1]
        failures.extend(result[2])
        for failure in result[2]:
            print(failure, flush=True)
        done += 1
        if done % 100 == 0:
            print(f"... {done} rule sets, {games} games, {moves:,} moves, {len(failures)} failures, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)

    results = parallel_map(run_one, tasks, args.jobs) if args.jobs > 1 else map(run_one, tasks)
    for result in results:
        tally(result)
    summary: dict[str, Any] = {
        "rule sets": args.rule_sets, "cost": args.cost, "games": games, "moves": moves, "failures": len(failures),
        "seconds": round(time.perf_counter() - start, 1),
    }
    print(", ".join(f"{key} {value:,}" if isinstance(value, int) else f"{key} {value}"
                    for key, value in summary.items()))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
