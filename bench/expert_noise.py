"""How clearly the expert's search can tell its candidates apart, decision by decision.

    python bench/expert_noise.py [--games N] [--samples K] [--horizon ROUNDS] [--short ROUNDS]
                                 [--rules classic]

Plays hard self-play games and, at every decision the expert would search (the pile against the
stock, a risky discard, an answer), rolls the rule-based choice and the expert's first
alternative forward on the same K imagined games, as the expert does, two ways:

- (a) the rollouts as the expert searched before the learned evaluator: to the end of the deal
  (a discard's cut at two rounds) and judged by :class:`ai.search.Standing` (the horizon estimate);
- (b) every rollout cut at ``--short`` rounds of turns (0: the rest of the turn) and judged by the
  learned evaluator (:class:`ai.evaluator.LearnedEvaluator`); ``--short 0,1`` tries each (b0, b1).

Per kind of decision and per way it prints the medians of: the gap between the two candidates'
means, the standard error of that gap (the paired differences' spread over the square root of K),
and the spread of one candidate's results alone; the mean gap; how many gaps stand past 1.5
standard errors; and the seconds a decision's rollouts took. Then (a)'s median standard error
over (b)'s, and the share of decisions where (a) and (b) favour the same
candidate among those (a) tells apart (past 1.5 standard errors). ``--horizon`` cuts (a)'s
pile-or-stock rollouts at that many rounds instead of the deal's end.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time

# Run as a script, this file's folder comes first on the path and its name would hide the ai package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

from ai.evaluator import LearnedEvaluator  # noqa: E402
from ai.expert import candidates, worth_a_search  # noqa: E402
from ai.sampler import read_knowledge  # noqa: E402
from ai.search import Budget, Evaluator, RuleBasedRollouts, Standing, rollout  # noqa: E402
from hfcli.engine.game import Game  # noqa: E402
from hfcli.engine.moves import Move  # noqa: E402
from hfcli.engine.rules import preset  # noqa: E402
from hfcli.engine.state import Phase  # noqa: E402
from hfcli.levels import make_player  # noqa: E402

POLICY = RuleBasedRollouts("hard")
BUDGET = Budget()  # the candidates as the expert picks them
KINDS = {Phase.DRAW: "pile or stock", Phase.MELD: "discard", Phase.ANSWER: "answer"}
# (gap, standard error, one candidate's spread, seconds) of one decision searched one way
Found = tuple[float, float, float, float]


def searched(games: list[Game], moves: list[Move], seat: int, evaluator: Evaluator, rounds: int | None) -> Found:
    started = time.perf_counter()
    first, second = (
        [rollout(g.clone(), move, seat, g.seed, POLICY, evaluator, rounds) for g in games] for move in moves[:2]
    )
    seconds = time.perf_counter() - started
    n = len(games)
    gaps = [b - a for a, b in zip(first, second, strict=True)]
    return statistics.mean(gaps), statistics.stdev(gaps) / math.sqrt(n), statistics.stdev(first), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--horizon", type=int, default=0,
                        help="rounds for (a)'s pile-or-stock rollouts; 0: to the deal's end")
    parser.add_argument("--short", default="1",
                        help="rounds of (b)'s rollouts before the evaluator; several, comma-separated, are each tried")
    parser.add_argument("--rules", default="classic")
    args = parser.parse_args()
    rules = preset(args.rules)
    n = args.samples
    learned = LearnedEvaluator()
    standing = Standing()
    shorts = [int(r) for r in args.short.split(",")]
    found: dict[str, list[list[Found]]] = {kind: [] for kind in KINDS.values()}
    for seed in range(args.seed, args.seed + args.games):
        game = Game(rules, seed)
        players = [make_player("hard", seed, s) for s in game.seating.seats]
        while not game.is_over:
            seat = game.turn.to_move
            view = game.view(seat)
            chosen = players[seat].choose(view).move
            if worth_a_search(view, chosen, players[seat]):
                knowledge = read_knowledge(view)
                rng = random.Random(f"{seed}:{len(view.history)}")
                games = [knowledge.sample(random.Random(s), s) for s in (rng.getrandbits(62) for _ in range(n))]
                moves = candidates(view, chosen, games, BUDGET)
                if len(moves) >= 2:
                    if view.phase is Phase.MELD:
                        rounds: int | None = BUDGET.discard_horizon
                    else:
                        rounds = args.horizon if view.phase is Phase.DRAW and args.horizon else None
                    found[KINDS[view.phase]].append(
                        [searched(games, moves, seat, standing, rounds)]
                        + [searched(games, moves, seat, learned, short) for short in shorts]
                    )
            game.apply(chosen)
    print(f"{rules.name}, {args.games} hard self-play games from seed {args.seed}, {n} imagined games a decision;"
          f" (a) whole deal{f' (pile or stock: {args.horizon} rounds)' if args.horizon else ''}"
          f" and the horizon estimate; (b{shorts[0]}, ...) {args.short} rounds and the learned evaluator")
    print(f"{'decision':<15}{'way':>4}{'count':>6}{'gap':>7}{'mean gap':>9}{'std error':>10}{'one spread':>11}"
          f"{'past 1.5 SE':>12}{'seconds':>9}")
    for kind, rows in found.items():
        if not rows:
            continue
        ways = [("a", 0)] + [(f"b{short}", i + 1) for i, short in enumerate(shorts)]
        for way, index in ways:
            part = [r[index] for r in rows]
            print(f"{kind:<15}{way:>4}{len(part):>6}{statistics.median(abs(g) for g, _, _, _ in part):>7.0f}"
                  f"{statistics.mean(g for g, _, _, _ in part):>9.0f}"
                  f"{statistics.median(se for _, se, _, _ in part):>10.0f}"
                  f"{statistics.median(sd for _, _, sd, _ in part):>11.0f}"
                  f"{sum(1 for g, se, _, _ in part if abs(g) > 1.5 * se):>12}"
                  f"{statistics.mean(t for _, _, _, t in part):>9.3f}")
        for way, index in ways[1:]:
            short_se = statistics.median(r[index][1] for r in rows)
            ratio = statistics.median(r[0][1] for r in rows) / short_se if short_se else math.inf
            clear = [r for r in rows if abs(r[0][0]) > 1.5 * r[0][1]]
            agree = sum(1 for r in clear if (r[0][0] > 0) == (r[index][0] > 0))
            print(f"{kind:<15}  median standard error (a) over ({way})'s: {ratio:.1f}; the same candidate favoured"
                  f" where (a) tells them apart: {agree} of {len(clear)}")


if __name__ == "__main__":
    main()
