"""How the review's costs are best judged: how far the imagined deals are played, and by what.

    nice -n 10 python bench/review_costing.py [--game transcripts/golden/classic-mixed-seed2.jsonl]
        [--seat W] [--samples 64] [--reference 512] [--jobs 2]

At every decision of the seat where the expert prefers another move, both moves are played forward
on the same ``--samples`` imagined deals in each of these ways: to the end of the deal (scored);
three rounds of turns judged by the horizon estimate (the review before the learned evaluator);
and to the end of the seat's turn, one round and two rounds, judged by the learned evaluator.
With ``--reference N`` (0: none), the meld-phase decisions are also played to the end of the deal
on N other imagined deals, the reference each way is measured against. Printed, by the kind of
decision: each way's median 95% half-interval, its root mean square difference from the reference
less the reference's own noise, its correlation with the reference, how many of its estimates lie
outside the interval the two noises allow together, and the processor time.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from typing import Any

# Run as a script, this file's folder comes first on the path and its name would hide the ai package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

from ai.search import HorizonEstimate, rollout  # noqa: E402
from hfcli.engine.estimates import paired  # noqa: E402
from hfcli.engine.moves import parse_move  # noqa: E402
from hfcli.review import (  # noqa: E402
    HORIZON,
    LEARNED,
    ROLLOUT_POLICY,
    Costing,
    DecisionPoint,
    decision_points,
    decision_seed,
    expert_at,
    is_meld_choice,
    same_choice,
)
from hfcli.system.workers import parallel_map  # noqa: E402
from hfcli.transcript import parse_header, read_source  # noqa: E402

SCORED = HorizonEstimate()  # a deal played to its end is scored
WAYS: dict[str, Costing] = {
    "deal's end, scored": Costing("end", SCORED, None, None),
    "3 rounds, horizon": HORIZON,
    "turn, learned": Costing("turn", LEARNED.evaluator, 0, 0),
    "1 round, learned": LEARNED,
    "2 rounds, learned": Costing("two rounds", LEARNED.evaluator, 2, 0),
}


def mean_half(diffs: list[float]) -> tuple[float, float]:
    estimate = paired(diffs, [0.0] * len(diffs))
    return estimate.mean, estimate.half_width()


def cost_every_way(task: tuple[DecisionPoint, int, int]) -> dict[str, Any] | None:
    position, samples, reference = task
    game = position.game
    view = game.view(position.seat)
    expert, knowledge = expert_at(view, game.seed)
    played = parse_move(position.played)
    if same_choice(game, played, expert.move):
        return None
    meld = is_meld_choice(view, played, expert.move)
    rng = random.Random(decision_seed(game, position.number))
    diffs: dict[str, list[float]] = {name: [] for name in WAYS}
    seconds = dict.fromkeys(WAYS, 0.0)
    for _ in range(samples):
        seed = rng.getrandbits(62)
        imagined = knowledge.sample(random.Random(seed), seed)
        for name, way in WAYS.items():
            rounds = way.rounds(view, played, expert.move)
            began = time.process_time()
            better = rollout(imagined.clone(), expert.move, position.seat, seed, ROLLOUT_POLICY, way.evaluator, rounds)
            worse = rollout(imagined.clone(), played, position.seat, seed, ROLLOUT_POLICY, way.evaluator, rounds)
            seconds[name] += time.process_time() - began
            diffs[name].append(better - worse)
    row: dict[str, Any] = {"number": position.number, "played": position.played, "preferred": str(expert.move),
                           "meld": meld, "ways": {n: (*mean_half(d), seconds[n]) for n, d in diffs.items()}}
    if reference and meld:
        rng = random.Random(decision_seed(game, position.number) ^ 0xABCDEF)
        whole = []
        for _ in range(reference):
            seed = rng.getrandbits(62)
            imagined = knowledge.sample(random.Random(seed), seed)
            whole.append(rollout(imagined.clone(), expert.move, position.seat, seed, ROLLOUT_POLICY, SCORED)
                         - rollout(imagined, played, position.seat, seed, ROLLOUT_POLICY, SCORED))
        row["reference"] = mean_half(whole)
    return row


def report(rows: list[dict[str, Any]]) -> None:
    for meld in (False, True):
        group = [r for r in rows if r["meld"] is meld]
        if not group:
            continue
        print(f"{'meld-phase choices' if meld else 'the pile or the stock, asking and answering'}: {len(group)}")
        referred = [r for r in group if "reference" in r and r["reference"][1] > 0]
        if referred:
            halves = [r["reference"][1] for r in referred]
            print(f"  reference ({len(referred)} decisions): 95% half-interval, median {statistics.median(halves):.0f}")
        for name in WAYS:
            halves = [r["ways"][name][1] for r in group]
            line = (f"  {name:20s} half-interval median {statistics.median(halves):5.0f}, "
                    f"{sum(r['ways'][name][2] for r in group):6.1f} s")
            if len(referred) > 2:
                est = [r["ways"][name][0] for r in referred]
                ref = [r["reference"][0] for r in referred]
                noise = statistics.fmean((r["reference"][1] / 1.96) ** 2 for r in referred)
                error = math.sqrt(max(statistics.fmean((a - b) ** 2 for a, b in zip(est, ref, strict=True)) - noise, 0))
                outside = sum(1 for r in referred if abs(r["ways"][name][0] - r["reference"][0])
                              > math.hypot(r["ways"][name][1], r["reference"][1]))
                spread = len(set(est)) > 1
                corr = statistics.correlation(est, ref) if spread else float("nan")
                line += f"; against the reference: error {error:4.0f}, correlation {corr:5.2f}, {outside} outside"
            print(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="transcripts/golden/classic-mixed-seed2.jsonl")
    parser.add_argument("--seat", default="W")
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--reference", type=int, default=512)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    seats = parse_header(read_source(args.game)).seating.names
    seat = list(seats).index(args.seat.upper())
    positions, _ = decision_points(args.game, seat, args.samples)
    tasks = [(p, args.samples, args.reference) for p in positions]
    work = parallel_map(cost_every_way, tasks, args.jobs) if args.jobs > 1 else map(cost_every_way, tasks)
    rows = [r for r in work if r is not None]
    print(f"{args.game}, {args.seat}: {len(positions)} decisions, the expert differs at {len(rows)}; "
          f"{args.samples} imagined deals each way, reference {args.reference} to the deal's end")
    report(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
