"""Engine speed: full random four-deal games per second, moves per second, and the time to list
legal moves (median and p99), for the classic and eleven presets. Run: python bench/engine.py"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from hfcli import rules
from hfcli.engine.game import Game


def play_random(preset: str, seed: int, samples: list[float]) -> int:
    """Play one whole game at random (taking back melds only when nothing else is legal);
    return its number of moves and append each legal-move listing time to ``samples``."""
    game = Game(rules.preset(preset), seed=seed)
    rng = random.Random(seed)
    moves = 0
    clock = time.perf_counter
    while not game.is_over:
        start = clock()
        legal = game.legal_moves()
        samples.append(clock() - start)
        choices = [m for m in legal if m.kind != "undo"] or legal
        game.apply(rng.choice(choices))
        moves += 1
    return moves


def bench(preset: str, games: int) -> None:
    samples: list[float] = []
    total_moves = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in range(games):
        total_moves += play_random(preset, seed, samples)
    wall = time.perf_counter() - start
    # Per-core speed is CPU time: other processes on the machine do not slow it down.
    elapsed = time.process_time() - cpu_start
    samples.sort()
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    print(
        f"{preset:8s} games={games} games/s={games / elapsed:.1f} moves/s={total_moves / elapsed:,.0f} "
        f"moves/game={total_moves / games:.0f} legal_moves median={statistics.median(samples) * 1e3:.3f} ms "
        f"p99={p99 * 1e3:.3f} ms (cpu {elapsed:.1f} s, wall {wall:.1f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games per preset")
    args = parser.parse_args()
    for preset in ("classic", "eleven"):
        bench(preset, args.games)


if __name__ == "__main__":
    main()
