"""``hf verify`` throughput over the golden games, and the size of a full game's transcript.

    python bench/verify.py [--rounds N]

Each round verifies every golden game in one process with the function ``hf verify
transcripts/golden`` calls for each file (reading the file included). Prints moves verified per
second for the best round and the median one, the same without file reading, with ``--jobs 2``,
the engine alone applying the same moves (the floor), and the size of each golden file.
Targets: at least 50,000 moves per second; at most 300 KB for a full four-deal game.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from hfcli.engine.game import Game
from hfcli.engine.moves import parse_move
from hfcli.transcript import parse_header, read_source, recorded_shoes, replay
from hfcli.transcript.verify import check_all, verify_file

GOLDEN = Path(__file__).resolve().parent.parent / "transcripts" / "golden"


def timings(run: Callable[[], object], rounds: int) -> list[float]:
    result = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        result.append(time.perf_counter() - start)
    return result


def fixed_loop() -> int:
    total = 0
    for i in range(300_000):
        total += i * i
    return total


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=25)
    args = parser.parse_args()
    files = sorted(GOLDEN.glob("*.jsonl"))
    sources = {f: read_source(f) for f in files}
    replays = {f: replay(f, source=sources[f]) for f in files}
    moves = sum(len(r.recorded) for r in replays.values())

    def verify_all() -> None:
        for f in files:
            verify_file(f)

    def replay_all() -> None:
        for f in files:
            replay(f, source=sources[f])

    prepared = []
    for f in files:
        header = parse_header(sources[f])
        shoes = recorded_shoes(sources[f], header.rules)
        prepared.append((header.rules, shoes, [parse_move(m.move) for m in replays[f].moves]))

    def apply_all() -> None:
        for rules, shoes, moves_list in prepared:
            game = Game(rules, shoes=shoes)
            for move in moves_list:
                game.apply(move)

    def verify_two_jobs() -> None:
        assert all(o.verified is not None for o in check_all(files, jobs=2))

    def command() -> None:
        subprocess.run([sys.executable, "-m", "hfcli", "verify", str(GOLDEN)], check=True, capture_output=True)

    # Interleaved, so a slow spell of a shared machine falls on all of them alike; the fixed loop
    # shows how much such spells spread the rounds (its best and median would be equal on a quiet one).
    verify: list[float] = []
    parse: list[float] = []
    floor: list[float] = []
    calibration: list[float] = []
    verify_all()  # warm up the parse caches first
    for _ in range(args.rounds):
        verify += timings(verify_all, 1)
        parse += timings(replay_all, 1)
        floor += timings(apply_all, 1)
        calibration += timings(fixed_loop, 1)
    jobs = timings(verify_two_jobs, max(3, args.rounds // 5))
    whole = timings(command, max(3, args.rounds // 5))
    best, median = min(verify), statistics.median(verify)
    print(f"golden games           {len(files)}")
    print(f"moves                  {moves}")
    print(f"verify seconds         {best:.4f} best, {median:.4f} median of {args.rounds} rounds (files read too)")
    print(f"moves per second       {moves / best:,.0f} best, {moves / median:,.0f} median")
    print(f"  without file reading {moves / min(parse):,.0f} best")
    print(f"with --jobs 2          {moves / min(jobs):,.0f} best  (process start-up included)")
    print(f"engine apply alone     {moves / min(floor):,.0f} best  (same moves and shoes, no checks: the floor)")
    print(f"hf verify as a command {min(whole):.3f} s best  (python start-up and imports included)")
    spread = statistics.median(calibration) / min(calibration)
    print(f"machine spread         a fixed loop's median round took {spread:.2f}x its best this run")
    for f in files:
        size = f.stat().st_size
        print(f"file {f.name:<28} {size / 1024:7.1f} KB  {len(sources[f].lines)} lines  "
              f"{len(replays[f].recorded)} moves")


if __name__ == "__main__":
    main()
