"""How clearly the expert's search can tell its candidates apart, decision by decision.

    python bench/expert_noise.py [--games N] [--samples K] [--horizon ROUNDS] [--rules classic]

Plays hard self-play games and, at every decision the expert would search (the pile against the
stock, a risky discard, an answer), rolls the rule-based choice and the expert's first
alternative forward on the same K imagined games, as the expert does. Per kind of decision it
prints the medians of: the gap between the two candidates' means; the standard error of that
gap (the paired differences' spread over the square root of K); and the spread of one
candidate's results alone. Pairing helps where the standard error times the square root of K is
well under the single spread times the square root of 2. It also counts the decisions whose gap
stands past 1.5 standard errors. ``--horizon`` cuts the pile-or-stock rollouts at that many
rounds instead of the deal's end (a discard's rollouts are cut at the expert's horizon anyway).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys

# Run as a script, this file's folder comes first on the path and its name would hide the ai package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

from ai import make_player  # noqa: E402
from ai.expert import Search, candidates, worth_a_search  # noqa: E402
from ai.sampler import read_knowledge  # noqa: E402
from ai.search import rollout  # noqa: E402
from hfcli.engine.game import Game  # noqa: E402
from hfcli.engine.rules import preset  # noqa: E402
from hfcli.engine.state import Phase  # noqa: E402

EXPERT = Search()  # the expert's parts, as it plays
KINDS = {Phase.DRAW: "pile or stock", Phase.MELD: "discard", Phase.ANSWER: "answer"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--horizon", type=int, default=0,
                        help="rounds for the pile-or-stock rollouts; 0: to the deal's end")
    parser.add_argument("--rules", default="classic")
    args = parser.parse_args()
    rules = preset(args.rules)
    n = args.samples
    found: dict[str, list[tuple[float, float, float]]] = {kind: [] for kind in KINDS.values()}
    for seed in range(args.seed, args.seed + args.games):
        game = Game(rules, seed)
        players = [make_player("hard", seed, s) for s in game.seating.seats]
        while not game.is_over:
            seat = game.turn.to_move
            view = game.view(seat)
            chosen = players[seat].choose(view).move
            if worth_a_search(view, chosen):
                knowledge = read_knowledge(view)
                rng = random.Random(f"{seed}:{len(view.history)}")
                games = [knowledge.sample(random.Random(s), s) for s in (rng.getrandbits(62) for _ in range(n))]
                moves = candidates(view, chosen, games, EXPERT.budget)
                if len(moves) >= 2:
                    if view.phase is Phase.MELD:
                        rounds: int | None = EXPERT.budget.discard_horizon
                    else:
                        rounds = args.horizon if view.phase is Phase.DRAW and args.horizon else None
                    first, second = (
                        [rollout(g.clone(), move, seat, g.seed, EXPERT.policy, EXPERT.evaluator, rounds) for g in games]
                        for move in moves[:2]
                    )
                    gaps = [b - a for a, b in zip(first, second, strict=True)]
                    found[KINDS[view.phase]].append(
                        (statistics.mean(gaps), statistics.stdev(gaps) / math.sqrt(n), statistics.stdev(first))
                    )
            game.apply(chosen)
    print(f"{rules.name}, {args.games} hard self-play games from seed {args.seed}, {n} imagined games a decision"
          + (f", pile-or-stock rollouts cut at {args.horizon} rounds" if args.horizon else ""))
    print(f"{'decision':<15}{'count':>6}{'gap':>8}{'std error':>11}{'one spread':>12}  past 1.5 SE")
    for kind, rows in found.items():
        if rows:
            print(f"{kind:<15}{len(rows):>6}{statistics.median(abs(g) for g, _, _ in rows):>8.0f}"
                  f"{statistics.median(se for _, se, _ in rows):>11.0f}"
                  f"{statistics.median(sd for _, _, sd in rows):>12.0f}"
                  f"  {sum(1 for g, se, _ in rows if abs(g) > 1.5 * se)}")


if __name__ == "__main__":
    main()
