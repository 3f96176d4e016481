"""Benchmark of the AI players: decision time and the time of a full four-deal game.

    python bench/ai_speed.py [--games N] [--kind normal] [--cpu]

Prints the median and p99 of a decision (milliseconds), the mean and slowest full game
(seconds, dealing included), and the share of deals that ended by going out. Each game is
played by the function `hf simulate` plays its games with.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from hfcli.engine.rules import preset
from hfcli.reports.simulate import percentile, play_one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--kind", default="normal")
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--cpu", action="store_true",
        help="time decisions by the process's CPU time: what one core spends, however busy the machine",
    )
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    rules = preset(args.rules)
    decisions: list[float] = []
    game_seconds: list[float] = []
    deals = outs = moves = 0
    for i in range(args.games):
        start = clock()
        [record] = play_one(rules, args.seed * 1000 + i, (args.kind, args.kind), swap=False, clock=clock)
        game_seconds.append(clock() - start)
        decisions.extend(record.decision_seconds)
        moves += record.moves
        deals += record.deals
        outs += record.ended_by.count("out")
    decisions.sort()
    print(f"kind                 {args.kind} self-play, {args.rules}, {args.games} games, {moves} decisions")
    print(f"clock                {'CPU time of this process' if args.cpu else 'wall clock'}")
    print(f"load average         {' '.join(open('/proc/loadavg').read().split()[:3])} on {os.cpu_count()} cores")
    print(f"decision median      {percentile(decisions, 0.5) * 1000:.3f} ms")
    print(f"decision p99         {percentile(decisions, 0.99) * 1000:.3f} ms")
    print(f"decision max         {decisions[-1] * 1000:.3f} ms")
    print(f"full game mean       {statistics.mean(game_seconds):.3f} s")
    print(f"full game slowest    {max(game_seconds):.3f} s")
    print(f"going out            {outs / deals:.1%} of {deals} deals")


if __name__ == "__main__":
    main()
