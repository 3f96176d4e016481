"""How much the expert would win if it knew more than its seat can see: a measure of what holds
its search back, not a player for any table.

    python bench/expert_oracle.py [--knows seat|hands|everything] [--samples K] [--games N] [--seed S]
                                  [--jobs J] [--rules classic]

Plays the expert against hard as ``hf simulate --ns expert --ew hard --swap`` does (the same game
seeds, so the same shoes, each game once from each side), with one difference: the games the
expert searches on are copies of the real one instead of samples of what its view allows. The
search is otherwise unchanged: the same candidates and test against the rule-based choice, on
the expert's budget or K imagined games a decision with ``--samples``.

- ``seat``: only what the seat sees, sampled as the expert always does (to compare at the same
  budget).
- ``hands``: every hand as it really is; the feet not yet picked up and the stock, which no
  player knows, are dealt anew from their cards for each imagined game. This is the most any
  sampler of the hidden hands could give.
- ``everything``: the real game as it stands, the feet and the order of the stock included
  (every imagined game is the same, so two copies stand for the budget; a pickup's rollout
  still sets aside the cards a draw would take, as the expert's does).

What ``hands`` wins more than ``seat`` at the same budget is the most a better sampler could
add; what ``everything`` wins more than ``hands`` is knowledge no player has.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from dataclasses import dataclass, replace
from functools import partial

# Run as a script, this file's folder comes first on the path and its name would hide the ai package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

from ai.base import Player  # noqa: E402
from ai.expert import DEFAULT_BUDGET, ExpertPlayer, Search  # noqa: E402
from ai.knowledge import SeatKnowledge  # noqa: E402
from ai.search import SampledDeals  # noqa: E402
from hfcli.engine.game import Game  # noqa: E402
from hfcli.engine.rules import Rules, preset  # noqa: E402
from hfcli.engine.view import SeatView  # noqa: E402
from hfcli.reports.simulate import GameRecord, SimulationSummary, game_seed, play_one, player_of_kind, side_names  # noqa: E402

KNOWS = ("seat", "hands", "everything")


@dataclass(frozen=True)
class RealGame:
    """A determinizer that imagines copies of the real game (see the module's description)."""

    game: Game
    knows: str

    def imagine(
        self, view: SeatView, rng: random.Random, count: int, seen: SeatKnowledge | None = None
    ) -> list[Game]:
        if self.knows == "seat":
            return SampledDeals().imagine(view, rng, count, seen)
        # Copies of everything are all alike: two give the search its mean and a spread of nought
        # (one would leave the spread unknown), and more would only repeat the same rollouts.
        copies = count if self.knows == "hands" else min(2, count)
        games = []
        for _ in range(copies):
            seed = rng.getrandbits(62)
            game = self.game.clone()
            if self.knows == "hands":
                _shuffle_feet_and_stock(game, random.Random(seed))
            games.append(game)
        return games


def oracle_expert(seed: int, seat: int, game: Game, knows: str, samples: int) -> ExpertPlayer:
    """The expert, its search's imagined games copies of the real one."""
    search = Search(budget=replace(DEFAULT_BUDGET, samples=samples), determinizer=RealGame(game, knows))
    return ExpertPlayer(seed, seat, search=search)


def _shuffle_feet_and_stock(game: Game, rng: random.Random) -> None:
    """Deal the feet not yet picked up and the stock anew from their cards: no player knows them."""
    deal = game.deal
    pool = list(deal.stock)
    for foot in deal.feet:
        if foot is not None:
            pool += foot
    rng.shuffle(pool)
    for seat, foot in enumerate(deal.feet):
        if foot is not None:
            deal.feet[seat] = pool[: len(foot)]
            del pool[: len(foot)]
    deal.stock[:] = pool


def player(knows: str, samples: int, game: Game, kind: str, seat: int) -> Player:
    """The oracle for the kind "oracle", else the player of ``kind``."""
    if kind == "oracle":
        return oracle_expert(game.seed, seat, game, knows, samples)
    return player_of_kind(game, kind, seat)


def play(task: tuple[Rules, int, str, int]) -> list[GameRecord]:
    """One game, played once from every side's seats, the oracle on the first side."""
    rules, seed, knows, samples = task
    return play_one(rules, seed, kinds_of(rules), swap=True, make=partial(player, knows, samples))


def kinds_of(rules: Rules) -> tuple[str, ...]:
    """The oracle on the first side, hard on every other."""
    return ("oracle",) + ("hard",) * (len(side_names(rules)) - 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--knows", choices=KNOWS, default="hands")
    parser.add_argument("--samples", type=int, default=DEFAULT_BUDGET.samples, help="imagined games a decision")
    parser.add_argument("--games", type=int, default=100, help="games, each played once from every side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rules", default="classic")
    args = parser.parse_args()
    rules = preset(args.rules)
    tasks = [(rules, game_seed(args.seed, i), args.knows, args.samples) for i in range(args.games)]
    start = time.perf_counter()
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            results = pool.map(play, tasks, chunksize=1)
    else:
        results = [play(task) for task in tasks]
    summary = SimulationSummary(kinds=kinds_of(rules), sides=side_names(rules), swap=True, requested=args.games)
    for records in results:
        for record in records:
            summary.add(record)
    share, low, high = summary.win_interval(summary.sides[0])
    knowing = {"seat": "what its seat sees", "hands": "the hands", "everything": "everything"}[args.knows]
    print(f"{rules.name}: the expert knowing {knowing}"
          f" against hard, {args.samples} imagined games a decision, {summary.games} games"
          f" (seeds as hf simulate --seed {args.seed})")
    print(f"expert wins {summary.wins[summary.sides[0]]} of {summary.games}: {share:.1%}"
          f" (95% interval {low:.1%} to {high:.1%}), ties {summary.wins['tie']}")
    print("mean game score " + ", ".join(f"{'expert' if kind == 'oracle' else kind} {mean:,.0f}" for kind, mean in zip(
        summary.kinds, summary.mean_scores(), strict=True)))
    print(f"seconds {time.perf_counter() - start:.0f}")


if __name__ == "__main__":
    main()
