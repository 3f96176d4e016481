"""What the expert's search costs, piece by piece, on positions from real games.

    python bench/expert_costs.py [--games N] [--rules classic]

Plays hard self-play games and, at the decisions the expert searches (a draw where the pile may
be taken, a discard), measures: reading the view and building one sampled game; one rollout
move (a rule-based decision on a fresh view and the engine applying it); a rollout to the end
of the deal and one cut at the discard horizon; and the whole decision of the expert and of the
``hint`` budget. Medians, p90 and the largest, in milliseconds; by the wall clock (quote the
load: the machine is shared) or, with ``--cpu``, by the CPU time the process used.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable

# Run as a script, this file's folder comes first on the path and its name would hide the ai package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

from ai.expert import ExpertPlayer, Search  # noqa: E402
from ai.sampler import read_knowledge  # noqa: E402
from ai.search import rollout  # noqa: E402
from hfcli.engine.game import Game  # noqa: E402
from hfcli.engine.moves import DRAW, PICKUP, MoveKind  # noqa: E402
from hfcli.engine.rules import preset  # noqa: E402
from hfcli.engine.state import Phase  # noqa: E402
from hfcli.engine.view import SeatView  # noqa: E402
from hfcli.levels import make_hint_player, make_player  # noqa: E402
from hfcli.reports.simulate import percentile  # noqa: E402

CLOCK = time.perf_counter
EXPERT = Search()  # the expert's parts, as it plays


def timed(work: Callable[[], object]) -> float:
    start = CLOCK()
    work()
    return CLOCK() - start


def measure(view: SeatView, seed: int, n: int, costs: dict[str, list[float]], rollout_moves: list[int]) -> None:
    """Time every piece of the search at one decision."""
    seat, legal = view.seat, view.legal_moves
    rng = random.Random(n)
    knowledge = read_knowledge(view)
    costs["sample"].append(timed(lambda: read_knowledge(view).sample(rng, 1)))
    sample = knowledge.sample(rng, 2)
    move = legal[0] if view.phase is Phase.DRAW else next(m for m in legal if m.kind is MoveKind.DISCARD)
    before = sample.clone()
    costs["rollout to deal end"].append(timed(lambda: rollout(sample, move, seat, 3, EXPERT.policy, EXPERT.evaluator)))
    moves = sample.move_count - before.move_count
    rollout_moves.append(moves)
    costs["rollout move"].append(costs["rollout to deal end"][-1] / max(1, moves))
    horizon = EXPERT.budget.discard_horizon
    costs["rollout to horizon"].append(
        timed(lambda: rollout(before, move, seat, 3, EXPERT.policy, EXPERT.evaluator, horizon))
    )
    costs["expert decision"].append(timed(lambda: ExpertPlayer(seed, seat).choose(view)))
    costs["hint decision"].append(timed(lambda: make_hint_player(seed, seat).choose(view)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=6, help="measure one searched decision in this many")
    parser.add_argument(
        "--cpu", action="store_true",
        help="time by the process's CPU time, not the wall clock: what one core needs, whatever else runs",
    )
    args = parser.parse_args()
    global CLOCK
    if args.cpu:
        CLOCK = time.process_time
    rules = preset(args.rules)
    costs: dict[str, list[float]] = {k: [] for k in (
        "sample", "rollout move", "rollout to deal end", "rollout to horizon", "expert decision", "hint decision",
    )}
    rollout_moves: list[int] = []
    seen = 0
    for g in range(args.games):
        seed = args.seed * 1000 + g
        game = Game(rules, seed)
        players = [make_player("hard", seed, s) for s in game.seating.seats]
        while not game.is_over:
            seat = game.to_move
            view = game.view(seat)
            legal = view.legal_moves
            searched = (view.phase is Phase.DRAW and DRAW in legal and PICKUP in legal) or (
                view.phase is Phase.MELD and any(m.kind is MoveKind.DISCARD for m in legal)
            )
            if searched:
                seen += 1
            if searched and seen % args.every == 0:
                measure(view, seed, seen, costs, rollout_moves)
            game.apply(players[seat].choose(view).move)
    measured = len(costs["sample"])
    print(f"decisions measured   {measured} from {args.games} {args.rules} games (draws with the pile open, discards)")
    print(f"clock                {'CPU time of this process' if args.cpu else 'wall clock'}")
    print(f"load average         {' '.join(open('/proc/loadavg').read().split()[:3])} on {os.cpu_count()} cores")
    print(f"moves per rollout    median {statistics.median(rollout_moves):.0f} to the end of the deal")
    for name, values in costs.items():
        values.sort()
        print(
            f"{name:<20} median {percentile(values, 0.5) * 1000:8.3f} ms   p90 {percentile(values, 0.9) * 1000:8.3f} ms"
            f"   max {values[-1] * 1000:8.3f} ms"
        )


if __name__ == "__main__":
    main()
