"""The engine's inner operations one by one: listing legal moves, applying a move, copying a game
and making a seat's view, each timed over the positions of seeded random games (the best of
several rounds, which a shared machine's slow spells do not move), and the same with two
interpreters side by side.

    python bench/engine_ops.py                      # this tree's engine
    python bench/engine_ops.py --vs OTHER_PYTHON    # both, rounds interleaved, with ratios

OTHER_PYTHON is another checkout's interpreter (its venv's python, which imports that checkout's
hfcli); only the public ``Game`` API is used, so any version runs it.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable

OPERATIONS = ("legal_moves", "apply", "clone", "view")


def positions(games: int) -> list[tuple[object, object]]:
    """(game before the move, move) for every move of ``games`` random games (seeds 0, 1, ...)."""
    from hfcli.engine.game import Game
    from hfcli.engine.rules import preset

    found = []
    for seed in range(games):
        game = Game(preset("classic"), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_moves()
            move = rng.choice([m for m in legal if m.kind != "undo"] or legal)
            copy = game.clone()
            copy.view(copy.to_move)  # the public history is built once a game, not at each view
            found.append((copy, move))
            game.apply(move)
    return found


def one_round(games: int) -> dict[str, float]:
    """Seconds per call of each operation over the positions (one round)."""
    from hfcli.engine.game import Game

    prepared = positions(games)
    clock = time.process_time
    result: dict[str, float] = {}

    def timed(name: str, run: Callable[[], None], calls: int) -> None:
        start = clock()
        run()
        result[name] = (clock() - start) / calls

    def legal() -> None:
        for game, _ in prepared:
            game.legal_moves()  # type: ignore[attr-defined]

    def views() -> None:
        for game, _ in prepared:
            game.view(game.to_move)  # type: ignore[attr-defined]

    copies: list[Game] = []

    def clones() -> None:
        copies.clear()
        for game, _ in prepared:
            copies.append(game.clone())  # type: ignore[attr-defined]

    def applies() -> None:
        for game, (_, move) in zip(copies, prepared, strict=True):
            game.apply(move)

    timed("legal_moves", legal, len(prepared))
    timed("view", views, len(prepared))
    timed("clone", clones, len(prepared))
    timed("apply", applies, len(prepared))  # on the copies, each one move from its position
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--vs", default=None, help="another interpreter to compare with")
    parser.add_argument("--one-round", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_round:
        print(json.dumps(one_round(args.games)))
        return
    pythons = [sys.executable] + ([args.vs] if args.vs else [])
    best: dict[str, dict[str, float]] = {p: {} for p in pythons}
    for _ in range(args.rounds):
        for python in pythons:  # interleaved: a slow spell of the machine falls on both alike
            command = [python, __file__, "--one-round", "--games", str(args.games)]
            out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
            for name, seconds in json.loads(out).items():
                best[python][name] = min(seconds, best[python].get(name, seconds))
    for python in pythons:
        print(python)
        for name in OPERATIONS:
            print(f"  {name:12s} {best[python][name] * 1e6:8.2f} us best of {args.rounds} rounds")
    if args.vs:
        mine, theirs = best[pythons[0]], best[pythons[1]]
        print("ratio (this / other, below 1 is faster):")
        for name in OPERATIONS:
            print(f"  {name:12s} {mine[name] / theirs[name]:.3f}")


if __name__ == "__main__":
    main()
