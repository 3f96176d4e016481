"""``hf verify`` throughput over the golden games, and the size of a full game's transcript.

    python bench/verify.py [--rounds N]

Prints moves verified per second (best of N rounds, each verifying every golden game in one
process with the function ``hf verify transcripts/golden`` calls for each file, reading the file
included) and the size of each golden file.
Targets: at least 50,000 moves per second; at most 300 KB for a full four-deal game.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from hfcli.game import Game
from hfcli.moves import parse_move
from hfcli.transcript import parse_header, read_source, recorded_shoes, replay
from hfcli.transcript.verify import check_all, verify_file

GOLDEN = Path(__file__).resolve().parent.parent / "transcripts" / "golden"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    files = sorted(GOLDEN.glob("*.jsonl"))
    sources = {f: read_source(f) for f in files}
    best = float("inf")
    best_parse = float("inf")
    moves = 0
    for _ in range(args.rounds):
        start = time.perf_counter()
        moves = 0
        for f in files:
            moves += verify_file(f).moves
        best = min(best, time.perf_counter() - start)
        start = time.perf_counter()
        for f in files:
            replay(f, source=sources[f])
        best_parse = min(best_parse, time.perf_counter() - start)
    # The floor: the engine applying the same moves to the same shoes, checking nothing else.
    prepared = []
    for f in files:
        header = parse_header(sources[f])
        shoes = recorded_shoes(sources[f], header.rules)
        prepared.append((header.rules, shoes, [parse_move(m.move) for m in replay(f, source=sources[f]).moves]))
    best_apply = float("inf")
    for _ in range(args.rounds):
        start = time.perf_counter()
        for rules, shoes, moves_list in prepared:
            game = Game(rules, shoes=shoes)
            for move in moves_list:
                game.apply(move)
        best_apply = min(best_apply, time.perf_counter() - start)
    best_jobs = float("inf")
    for _ in range(args.rounds):
        start = time.perf_counter()
        assert all(o.verified is not None for o in check_all(files, jobs=2))
        best_jobs = min(best_jobs, time.perf_counter() - start)
    print(f"golden games           {len(files)}")
    print(f"moves                  {moves}")
    print(f"verify seconds         {best:.3f}  (best of {args.rounds}, reading files included)")
    print(f"moves per second       {moves / best:,.0f}")
    print(f"  without file reading {moves / best_parse:,.0f}")
    print(f"with --jobs 2          {moves / best_jobs:,.0f}  (process start-up included)")
    print(f"engine apply alone     {moves / best_apply:,.0f}  (same moves and shoes, no checks: the floor)")
    print(f"verify / apply         {best_apply / best:.2f}")
    for f in files:
        size = f.stat().st_size
        lines = len(sources[f].lines)
        print(f"file {f.name:<28} {size / 1024:7.1f} KB  {lines} lines  {len(replay(f).recorded)} moves")


if __name__ == "__main__":
    main()
