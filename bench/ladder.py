"""The levels on one scale: a round-robin of partnership games, and the ratings fitted to it.

    python bench/ladder.py --rules classic [--games N] [--seed S] [--jobs 2] [--log FILE]
                           [--pairs A-B,C+D-E,...|expert] [--out ai/data/ladder-classic.json]
                           [--boot 1000] [--summary --log FILE --log FILE ...]

Each pairing ``A-B`` seats side A (the first team) against side B; a side is one level (both
partners of that level) or two joined by ``+`` (``hard+easy``: hard in the team's first seat,
easy in its second). Every game is played twice on the same shoes, the sides swapped, so each
side plays both hands of every deal. The n-th game of every pairing uses the n-th seed as
``hf simulate`` makes them (``game_seed``), so pairings meet the same shoes.

Games go round the pairings one index at a time, each finished game appended to ``--log`` as one
JSON line: a second run with the same seed and log plays only what is missing, and a run stopped at
any time leaves every pairing with nearly the same count. ``--summary`` plays nothing.

The fit (:mod:`hfcli.reports.ladder`): Bradley-Terry by maximum likelihood over the one-level pairings,
a tie half a win, ``normal`` anchored at 1500; 95% intervals from a bootstrap over shoes. The mixed
pairings are not fitted: the team model (a side plays as the mean of its two ratings) predicts
them, and the table sets the prediction beside the share observed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

# Run as a script, this file's folder comes first on the path and its name would hide the ai package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

from ai.base import Player  # noqa: E402
from hfcli.engine.game import Game  # noqa: E402
from hfcli.engine.rules import Rules, preset  # noqa: E402
from hfcli.levels import every, make_player  # noqa: E402
from hfcli.reports.simulate import game_seed, play_one, side_names  # noqa: E402
from hfcli.system.workers import parallel_map  # noqa: E402

LEVELS = every()  # the registry's levels, in its order
# Neighbours on the expected ladder, and a few jumps so that no level hangs on one pairing.
DEFAULT_PAIRS = (
    "random-greedy,greedy-easy,easy-normal,normal-hard,hard-baseline-hard,normal-baseline-hard,"
    "easy-hard,greedy-normal,hard+easy-normal,normal+easy-easy,hard+greedy-easy,hard+normal-normal"
)
# The expert's pairings cost about eighty times a rule-based game's time: a run of their own.
EXPERT_PAIRS = "hard-expert,expert-baseline-hard,expert+easy-normal"


def side_players(side: str) -> tuple[str, str]:
    first, _, second = side.partition("+")
    for kind in (first, second or first):
        if kind not in every():
            raise ValueError(f"unknown player {kind!r} in {side!r}")
    return first, second or first


def play(task: tuple[int, str], rules: Rules, seed: int) -> dict[str, Any]:
    index, pairing = task
    sides = _split(pairing)

    def make(game: Game, side: str, seat: int) -> Player:
        seating = game.seating
        team = seating.team_of[seat]
        mates = [s for s in seating.seats if seating.team_of[s] == team]
        first, second = side_players(side)
        return make_player(first if mates.index(seat) % 2 == 0 else second, game.seed, seat)

    started = time.process_time()
    records = play_one(rules, game_seed(seed, index), sides, True, make=make)
    names = side_names(rules)
    return {
        "index": index, "pairing": pairing,
        "won": [1.0 if r.winner == names[0] else 0.5 if r.winner == "tie" else 0.0 for r in records],
        "margin": [r.scores[0] - r.scores[1] for r in records],
        "finished": [r.finished for r in records],
        "seconds": round(time.process_time() - started, 2),
    }


def _split(pairing: str) -> list[str]:
    """A pairing's two sides; a level's own name may hold a dash (baseline-hard)."""
    for cut in range(1, len(pairing)):
        if pairing[cut] == "-":
            left, right = pairing[:cut], pairing[cut + 1:]
            try:
                side_players(left)
                side_players(right)
            except ValueError:
                continue
            return [left, right]
    raise ValueError(f"cannot read the pairing {pairing!r}")


def read_log(path: Path) -> dict[tuple[int, str], dict[str, Any]]:
    finished: dict[tuple[int, str], dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                row = json.loads(line)
            except ValueError:  # a line cut short when a run was stopped: that game is played again
                continue
            finished.setdefault((row["index"], row["pairing"]), row)
    return finished


def complete(finished: dict[tuple[int, str], dict[str, Any]]) -> dict[str, int]:
    """Each pairing of a log (in the order first played) and how many shoes, from the first, it has
    played without a gap: the games a rerun of that pairing with ``--games`` that many makes again,
    exactly. A run of some pairings only (``--pairs``) adds to theirs and leaves the others'."""
    pairings = list(dict.fromkeys(p for _, p in sorted(finished)))
    shoes = dict.fromkeys(pairings, 0)
    for pairing in pairings:
        while (shoes[pairing], pairing) in finished:
            shoes[pairing] += 1
    return shoes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="shoes a pairing, each played both ways round")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--pairs", default=DEFAULT_PAIRS, help="pairings, or 'expert' for the expert's")
    parser.add_argument("--log", type=Path, action="append", default=[],
                        help="the run's log (the first); with --summary, every log to fit together")
    parser.add_argument("--out", type=Path, default=None, help="write the table as JSON here")
    parser.add_argument("--boot", type=int, default=1000, help="bootstrap samples for the intervals")
    parser.add_argument("--summary", action="store_true", help="play nothing: fit what the logs hold")
    parser.add_argument("--markdown", action="store_true", help="print the table as docs/ai.md has it")
    args = parser.parse_args()
    rules = preset(args.rules)
    pairings = [p for p in (EXPERT_PAIRS if args.pairs == "expert" else args.pairs).split(",") if p]
    for pairing in pairings:
        _split(pairing)  # a bad pairing fails before any game
    log = args.log[0] if args.log else None
    finished = read_log(log) if log else {}
    tasks = [] if args.summary else [
        (i, p) for i in range(args.games) for p in pairings if (i, p) not in finished
    ]
    work = partial(play, rules=rules, seed=args.seed)
    results = parallel_map(work, tasks, args.jobs) if args.jobs > 1 else map(work, tasks)
    started = time.monotonic()
    for count, row in enumerate(results, 1):
        finished[(row["index"], row["pairing"])] = row
        if log:
            with log.open("a") as out:
                out.write(json.dumps(row) + "\n")
        if count % 20 == 0:
            print(f"  {count}/{len(tasks)} shoes, {time.monotonic() - started:.0f} s", flush=True)
    from hfcli.reports import ladder  # imported after the games: a long run starts before the fit is written

    # Each pairing of a log counts its shoes up to its first gap: a run stopped part way is fitted
    # as the shorter run it completed, and one command a count of shoes makes those games again.
    logs = [(path, read_log(path)) for path in args.log] if args.summary else [(log, finished)] if log else []
    if not log:
        logs = [(Path("-"), finished)]
    rows: list[dict[str, Any]] = []
    runs = []
    for path, played in logs:
        counts = complete(played)
        if not args.summary:
            counts = {p: min(args.games, counts.get(p, 0)) for p in pairings}
        for shoes in sorted(set(counts.values()), reverse=True):
            names = [p for p, n in counts.items() if n == shoes]
            runs.append({
                "command": f"python bench/ladder.py --rules {rules.name} --seed {args.seed} --games {shoes} "
                           f"--pairs {','.join(names)} --log {path.name}",
                "pairings": names, "shoes": shoes,
                "core_seconds": round(sum(r["seconds"] for (i, p), r in played.items()
                                          if p in names and i < shoes), 1),
            })
        rows += [r for (i, p), r in sorted(played.items()) if i < counts.get(p, 0)]
    games = [ladder.Pairing(tuple(_split(r["pairing"])), r["index"], tuple(r["won"]), tuple(r["margin"]))
             for r in rows]
    table = ladder.table(games, rng=random.Random(args.seed), boot=args.boot)
    table["rules"] = rules.name
    table["seed"] = args.seed
    table["runs"] = runs
    table["fitted_by"] = (f"python bench/ladder.py --rules {rules.name} --seed {args.seed} --boot {args.boot} "
                          "--summary " + " ".join(f"--log {path.name}" for path, _ in logs))
    if args.out:
        args.out.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")
    print(ladder.markdown(table) if args.markdown else ladder.describe(table))


if __name__ == "__main__":
    main()
