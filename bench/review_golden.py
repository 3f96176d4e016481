"""Every seat of every golden game is reviewed, and none raises.

    python bench/review_golden.py [--samples 2] [--jobs 2] [--games DIR] [--only NAME] [--seat S]

Reviews each seat of each transcript in ``--games`` (the golden games by default) as ``hf review
--seat S --samples N --jobs J`` would, and prints a line a seat: its decisions, where the expert
differs, the clear mistakes and the time it took; a seat whose review raises is printed with the
exception. Exits 1 if any seat fails. At ``--samples 2`` the whole run is a few minutes on two
cores (the expert's own search at every decision is most of it), too long for the tests, which
review the decisions that once raised. ``--only`` (a part of the file's name) and ``--seat`` pick
the seats to review, e.g. ``--only classic-mixed --seat E --samples 64`` times one seat's review at
the default budget; each line gives the wall time and the processor time of the review's
processes (this one and the workers it waited for).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

from hfcli.review import review
from hfcli.transcript import parse_header, read_source

GOLDEN = Path(__file__).resolve().parent.parent / "transcripts" / "golden"


def processor_seconds() -> float:
    """User and system time of this process and of the workers it has waited for."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=2, help="imagined deals per decision")
    parser.add_argument("--jobs", type=int, default=2, help="processes per review")
    parser.add_argument("--games", type=Path, default=GOLDEN, help="a folder of transcripts")
    parser.add_argument("--only", default="", help="review only the files whose name holds this")
    parser.add_argument("--seat", default=None, help="review only this seat (S, W, N, E, ...)")
    args = parser.parse_args(argv)
    seats = failures = 0
    started = time.perf_counter()
    for path in sorted(args.games.glob("*.jsonl")):
        if args.only not in path.name:
            continue
        seating = parse_header(read_source(path)).seating
        for seat in seating.seats:
            if args.seat is not None and seating.names[seat] != args.seat.upper():
                continue
            seats += 1
            began = time.perf_counter()
            cpu = processor_seconds()
            label = f"{path.name} {seating.names[seat]}"
            try:
                result = review(path, seat, samples=args.samples, jobs=args.jobs)
            except Exception as exc:  # noqa: BLE001 - every failure is reported, the run goes on
                failures += 1
                print(f"{label}: FAILED {type(exc).__name__}: {exc}", flush=True)
                continue
            print(f"{label}: {result.decisions} decisions, {len(result.findings)} differ, "
                  f"{len(result.mistakes)} clear, {time.perf_counter() - began:.1f} s wall, "
                  f"{processor_seconds() - cpu:.1f} s processor", flush=True)
    print(f"{seats} seats reviewed at {args.samples} samples, {failures} failed, "
          f"{time.perf_counter() - started:.0f} s in all")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
