"""The table's speed, one tree against another: whole games at the table through ``Session.handle``,
the person's seat played by the normal AI's choice, with the commands a person types between moves
(hand, table, score, log, why, help, an unknown word and a refused move) at each of their turns.

    python bench/table_speed.py --vs /work/base [--games 6] [--repeat 3]

Each tree runs in a process of its own (``TREE`` first on the path, this machine's Python), one
after the other, ``--repeat`` times, alternating; the fastest run of each counts. A run is timed by
the CPU time its process spends on the games (``time.process_time``). Prints the lines answered a
second by each tree, the ratio, and whether the two trees said the same words (a digest of every
line shown), so a change that should change nothing on screen is seen to change nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

CHILD = r"""
import hashlib, json, sys, time
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.levels import make_player
from hfcli.repl.session import Session

games, seed0, rules_name = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
TYPED = ("hand", "table", "score", "log", "why", "help", "frobnicate", "discard 3")
digest, lines, cpu = hashlib.sha256(), 0, 0.0
for i in range(games):
    seed = seed0 + i
    shown = []
    start = time.process_time()
    game = Game(preset(rules_name), seed=seed)
    players = {s: make_player("normal", seed, s) for s in game.seating.seats if s != 0}
    me = make_player("normal", seed, 0)
    session = Session(game, players, echo=shown.append)
    session.start()
    turns = 0
    while not session.finished and turns < 5000:
        view = session.view
        if view.phase.value == "draw" and turns % 3 == 0:
            for line in TYPED:
                session.handle(line)
                lines += 1
        session.handle(str(me.choose(view).move))
        lines += 1
        turns += 1
    session.close()
    cpu += time.process_time() - start
    digest.update("\n".join(shown).encode())
print(json.dumps({"cpu": cpu, "lines": lines, "digest": digest.hexdigest()}))
"""


def run_tree(tree: Path, games: int, seed: int, rules: str) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", CHILD, str(games), str(seed), rules], cwd=tree, env=env,
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        sys.exit(f"table_speed: {tree} failed: {out.stderr.strip().splitlines()[-3:]}")
    result: dict[str, object] = json.loads(out.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vs", type=Path, required=True, help="the tree to compare with")
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each tree; the fastest counts")
    args = parser.parse_args()
    best: dict[Path, dict[str, object]] = {}
    for _ in range(args.repeat):
        for tree in (args.vs, args.tree):
            result = run_tree(tree, args.games, args.seed, args.rules)
            if tree not in best or float(result["cpu"]) < float(best[tree]["cpu"]):  # type: ignore[arg-type]
                best[tree] = result
    old, new = best[args.vs], best[args.tree]
    old_rate = float(old["lines"]) / float(old["cpu"])  # type: ignore[arg-type]
    new_rate = float(new["lines"]) / float(new["cpu"])  # type: ignore[arg-type]
    print(f"{args.vs}: {old['lines']} lines in {float(old['cpu']):.2f} s CPU, {old_rate:.0f} lines/s")  # type: ignore[arg-type]
    print(f"{args.tree}: {new['lines']} lines in {float(new['cpu']):.2f} s CPU, {new_rate:.0f} lines/s")  # type: ignore[arg-type]
    print(f"time new/old: {float(new['cpu']) / float(old['cpu']):.3f}")  # type: ignore[arg-type]
    print("screens: " + ("the same, word for word" if old["digest"] == new["digest"] else "DIFFERENT"))


if __name__ == "__main__":
    main()
