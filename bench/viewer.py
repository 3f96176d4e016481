"""Replay viewer cost: time to load a golden game, memory the loaded recording holds, and the time
of stepping ``back`` one move and jumping to a move, as ``hf replay`` does them.
Run: python bench/viewer.py [TRANSCRIPT ...]   (default: every golden game)

Targets: ``back`` and ``jump`` well under 50 ms (instant at the prompt); memory a small multiple
of one game, not one game per move.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
import tracemalloc
from pathlib import Path

from hfcli.transcript.viewer import load, screen

ROOT = Path(__file__).resolve().parent.parent


def measure(path: Path, jumps: int) -> None:
    gc.collect()
    tracemalloc.start()
    start = time.perf_counter()
    recording = load(path)
    load_time = time.perf_counter() - start
    held, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    total = len(recording.moves)

    # `back` from the end, one move at a time, the way a viewer steps backwards through a game.
    backs = []
    recording.position(total)
    for k in range(total - 1, max(total - 1 - jumps, -1), -1):
        start = time.perf_counter()
        recording.position(k)
        backs.append(time.perf_counter() - start)
    rng = random.Random(1)
    jump_times = []
    for _ in range(jumps):
        k = rng.randrange(total + 1)
        start = time.perf_counter()
        recording.position(k)
        jump_times.append(time.perf_counter() - start)
    # What a person waits for at the prompt: the position and its whole screen.
    screens = []
    for k in range(total - 1, max(total - 1 - jumps, -1), -1):
        start = time.perf_counter()
        screen(recording, k, 0, omniscient=True)
        screens.append(time.perf_counter() - start)
    ms = 1000
    print(f"{path.name}: {total} moves, load {load_time:.2f} s, held {held / 2**20:.1f} MiB")
    print(f"  back: median {statistics.median(backs) * ms:.2f} ms, max {max(backs) * ms:.2f} ms ({len(backs)} steps)")
    print(f"  jump: median {statistics.median(jump_times) * ms:.2f} ms, max {max(jump_times) * ms:.2f} ms "
          f"({len(jump_times)} random moves)")
    print(f"  back with its screen: median {statistics.median(screens) * ms:.2f} ms, max {max(screens) * ms:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--jumps", type=int, default=200)
    args = parser.parse_args()
    paths = args.paths or sorted((ROOT / "transcripts" / "golden").glob("*.jsonl"))
    for path in paths:
        measure(path, args.jumps)


if __name__ == "__main__":
    main()
