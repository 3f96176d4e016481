"""The expert's changes to hard's lay-down plan, each checked by playing the deal out.

    python bench/expert_lay_check.py [--games N] [--seed S] [--deals D] [--every] [--rules classic]
                                     [--against baseline-hard]

Plays the expert against ``--against`` as ``bench/expert_match.py`` does (the same game seeds, each
game once from each side). Wherever the expert's lay-down search (ai.expert, ``Budget.lay_horizon``;
with ``--every`` at every meld-phase choice of a turn) leaves hard's choice, both moves are played
from the seat's view to the end of the deal on ``D`` imagined deals (hard in every seat, the deal
scored, the same deals for both) and the reference's mean difference printed with its 95%
interval beside the search's own figure (a round and the learned evaluator). At the end: how many
changes, the reference's mean, and how many were better, clearly better and clearly worse.

The reference is the rollout policy's own judgement, at a far larger budget than the search's:
it says whether the search's cut-short, evaluator-judged comparison points the way that playing
the deal out does, not whether a stronger player would agree.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import statistics
import sys

# Run as a script, this file's folder comes first on the path and its name would hide the ai package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

from ai.base import Decision, Player  # noqa: E402
from ai.expert import POLICY, ExpertPlayer, Search, SearchKind  # noqa: E402
from ai.sampler import read_knowledge  # noqa: E402
from ai.search import Budget, HorizonEstimate, RuleBasedRollouts, rollout  # noqa: E402
from hfcli.engine.game import Game  # noqa: E402
from hfcli.engine.moves import Move  # noqa: E402
from hfcli.engine.rules import preset  # noqa: E402
from hfcli.engine.view import SeatView  # noqa: E402
from hfcli.levels import make_player  # noqa: E402
from hfcli.reports.simulate import game_seed, play_one  # noqa: E402

Z_95 = 1.96


def reference(view: SeatView, move: Move, instead: Move, deals: int, seed: int) -> tuple[float, float]:
    """What ``move`` is worth more than ``instead`` to the seat's side at the end of the deal, over
    ``deals`` imagined deals of what the view hides: the mean and its 95% half-interval."""
    knowledge = read_knowledge(view)
    rng = random.Random(seed)
    policy, judge = RuleBasedRollouts(POLICY), HorizonEstimate()
    diffs = []
    for _ in range(deals):
        sample_seed = rng.getrandbits(62)
        game = knowledge.sample(random.Random(sample_seed), sample_seed)
        changed = rollout(game.clone(), move, view.seat, sample_seed, policy, judge, None)
        kept = rollout(game, instead, view.seat, sample_seed, policy, judge, None)
        diffs.append(changed - kept)
    return statistics.fmean(diffs), Z_95 * statistics.stdev(diffs) / deals**0.5


class Checked:
    """An expert seat whose lay-down changes are checked as they are made (see the module)."""

    def __init__(self, expert: ExpertPlayer, deals: int, found: list[tuple[float, float, float]]) -> None:
        self.expert = expert
        self.name = expert.name
        self.deals = deals
        self.found = found

    def choose(self, view: SeatView) -> Decision:
        searched = self.expert.searched(view)
        decision = searched.decision
        if searched.search is SearchKind.LAY_DOWN and searched.changed:
            seed = len(view.history) * 8 + view.seat
            mean, half = reference(view, decision.move, searched.rule_based, self.deals, seed)
            self.found.append((searched.gain, mean, half))
            print(f"  {decision.move!s:<14} for {searched.rule_based!s:<16} search {searched.gain:>5.0f}"
                  f"  played out {mean:+6.0f} ± {half:4.0f}", flush=True)
        return decision

    def recall(self, view: SeatView) -> None:
        self.expert.recall(view)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2, help="games, each played once from every side")
    parser.add_argument("--seed", type=int, default=9001)
    parser.add_argument("--deals", type=int, default=200, help="imagined deals of each reference")
    parser.add_argument("--every", action="store_true", help="search the plan at every meld-phase choice")
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--against", default="baseline-hard")
    args = parser.parse_args()
    rules = preset(args.rules)
    budget = dataclasses.replace(Budget(), lay_horizon=Budget().lay_horizon or 1, lay_every_choice=args.every)
    found: list[tuple[float, float, float]] = []

    def make(game: Game, who: str, seat: int) -> Player:
        if who == "expert":
            return Checked(ExpertPlayer(game.seed, seat, search=Search(budget)), args.deals, found)
        return make_player(who, game.seed, seat)

    for index in range(args.games):
        play_one(rules, game_seed(args.seed, index), ("expert", args.against), True, make=make)
    if not found:
        print("no lay-down changes")
        return
    means = [m for _, m, _ in found]
    print(f"{len(found)} changes in {2 * args.games} games ({'every' if args.every else 'the first'} meld-phase"
          f" choice of a turn): played out {statistics.fmean(means):+.0f} a change on average;"
          f" better {sum(m > 0 for m in means)}, clearly better {sum(m - h > 0 for _, m, h in found)},"
          f" clearly worse {sum(m + h < 0 for _, m, h in found)}")


if __name__ == "__main__":
    main()
