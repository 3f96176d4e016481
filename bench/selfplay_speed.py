"""Self-play speed of one tree against another, and whether their players choose the same moves.

    python bench/selfplay_speed.py --vs /work/base [--kind hard] [--games 20] [--seed 1] [--repeat 1]

Each tree plays the same games (same seeds, the same kind in every seat) in a process of its own,
started with that tree's own Python (``TREE/.venv/bin/python``) so each imports its own code; the
two are run one after the other, never at once, ``--repeat`` times, alternating, and the fastest
run of each counts. A game is timed by the CPU time its process spends (``time.process_time``),
which another busy process on the machine does not inflate as much as the wall clock. Prints the
games a second of each tree, the ratio, and whether the two trees' games were the same move for
move and reason for reason (a digest of every move and reason of every game, a reason as the
transcript records it, and the first game that differs if one does).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

# Run inside each tree's own interpreter: only what both trees have (the Game facade, make_player,
# found in hfcli.levels or, in a tree from before the registry, in ai).
CHILD = r"""
import hashlib, json, sys, time
try:
    from hfcli.levels import make_player, seat_together
except ImportError:  # before the registry, the game's history kept the players' shared account
    from ai import make_player
    seat_together = lambda players: None
from hfcli.engine.game import Game
from hfcli.engine.rules import preset

kind, rules_name, seed, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rules = preset(rules_name)
digests, moves, cpu = [], 0, 0.0
for i in range(games):
    start = time.process_time()
    game = Game(rules, seed * 1000 + i)
    players = [make_player(kind, game.seed, s) for s in game.seating.seats]
    seat_together(players)
    lines = []
    while not game.is_over and len(lines) < 20000:
        seat = game.to_move
        decision = players[seat].choose(game.view(seat))
        # The reason as the transcript writes it: its repr shows sets in the process's hash order.
        why = decision.reason.to_json() if hasattr(decision.reason, "to_json") else decision.reason
        lines.append(f"{seat} {decision.move} | {json.dumps(why, sort_keys=True)}")
        game.apply(decision.move)
    cpu += time.process_time() - start
    moves += len(lines)
    digests.append(hashlib.sha256("\n".join(lines).encode()).hexdigest())
print(json.dumps({"cpu": cpu, "moves": moves, "digests": digests}))
"""


def run_tree(tree: Path, kind: str, rules: str, seed: int, games: int) -> dict[str, object]:
    python = tree / ".venv" / "bin" / "python"
    if not python.exists():
        sys.exit(f"selfplay_speed: {tree} has no .venv/bin/python")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(
        [str(python), "-c", CHILD, kind, rules, str(seed), str(games)],
        cwd=tree, env=env, capture_output=True, text=True, check=False,
    )
    if out.returncode != 0:
        sys.exit(f"selfplay_speed: {tree} failed: {out.stderr.strip().splitlines()[-1:]}")
    result: dict[str, object] = json.loads(out.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vs", type=Path, required=True, help="the tree to compare with (its own .venv)")
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--kind", default="hard")
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=1, help="runs of each tree; the fastest counts")
    args = parser.parse_args()
    trees = {"old": args.vs.resolve(), "new": args.tree.resolve()}
    best: dict[str, dict[str, object]] = {}
    for _ in range(args.repeat):
        for name, tree in trees.items():
            result = run_tree(tree, args.kind, args.rules, args.seed, args.games)
            if name not in best or float(result["cpu"]) < float(best[name]["cpu"]):  # type: ignore[arg-type]
                best[name] = result
    print(f"{args.kind} self-play, {args.rules}, {args.games} games from seed {args.seed}, "
          f"CPU time, best of {args.repeat}")
    rate: dict[str, float] = {}
    for name, tree in trees.items():
        cpu = float(best[name]["cpu"])  # type: ignore[arg-type]
        rate[name] = args.games / cpu
        print(f"{name:4} {tree}: {rate[name]:.2f} games/s ({cpu:.2f} s, {best[name]['moves']} moves)")
    print(f"ratio new/old: {rate['new'] / rate['old']:.2f}")
    old, new = best["old"]["digests"], best["new"]["digests"]
    assert isinstance(old, list) and isinstance(new, list)
    differ = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
    if differ:
        print(f"DIFFERENT games: {len(differ)} of {args.games}, first the game of seed {args.seed * 1000 + differ[0]}")
        sys.exit(1)
    print(f"same moves and reasons in all {args.games} games")


if __name__ == "__main__":
    main()
