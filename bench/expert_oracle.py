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
  (every imagined game is the same; a pickup's rollout still sets aside the cards a draw would
  take, as the expert's does).

What ``hands`` wins more than ``seat`` at the same budget is the most a better sampler could
add; what ``everything`` wins more than ``hands`` is knowledge no player has.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from dataclasses import replace

# Run as a script, this file's folder comes first on the path and its name would hide the ai package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

from ai import make_player  # noqa: E402
from ai.base import Player  # noqa: E402
from ai.expert import DEFAULT_BUDGET, ExpertPlayer  # noqa: E402
from hfcli.engine.game import Game  # noqa: E402
from hfcli.engine.rules import Rules, preset  # noqa: E402
from hfcli.engine.view import SeatView  # noqa: E402
from hfcli.match import play_game  # noqa: E402
from hfcli.simulate import MOVE_LIMIT, game_seed, wilson  # noqa: E402

KNOWS = ("seat", "hands", "everything")


class OracleExpert(ExpertPlayer):
    """The expert, searching on copies of the real game (see the module's description)."""

    def __init__(self, seed: int, seat: int, game: Game, knows: str, samples: int) -> None:
        super().__init__(seed, seat, replace(DEFAULT_BUDGET, samples=samples))
        self.game = game
        self.knows = knows

    def imagine(self, view: SeatView) -> list[Game]:
        if self.knows == "seat":
            return super().imagine(view)
        rng = self._decision_rng(view)
        games = []
        for _ in range(self.budget.samples):
            seed = rng.getrandbits(62)
            game = self.game.clone()
            if self.knows == "hands":
                _shuffle_feet_and_stock(game, random.Random(seed))
            games.append(game)
        return games


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


def play(task: tuple[Rules, int, str, int]) -> list[str]:
    """One game from every side's seats in turn: for each, "win", "loss" or "tie" for the expert."""
    rules, seed, knows, samples = task
    outcomes: list[str] = []
    first = Game(rules, seed)
    sides = len(first.seating.team_names)
    for rotation in range(sides):
        game = first if rotation == 0 else Game(rules, seed, shoes=first.shoes)
        seating = game.seating
        players: list[Player] = [
            OracleExpert(seed, s, game, knows, samples) if (seating.team_of[s] - rotation) % sides == 0
            else make_player("hard", seed, s)
            for s in seating.seats
        ]
        play_game(game, players, max_moves=MOVE_LIMIT)
        winner = None if game.result is None else game.result.winner
        outcomes.append("tie" if winner is None else "win" if winner == rotation % sides else "loss")
    return outcomes


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
    outcomes = [o for game in results for o in game]
    wins, ties = outcomes.count("win"), outcomes.count("tie")
    share, low, high = wilson(wins, len(outcomes))
    knowing = {"seat": "what its seat sees", "hands": "the hands", "everything": "everything"}[args.knows]
    print(f"{rules.name}: the expert knowing {knowing}"
          f" against hard, {args.samples} imagined games a decision, {len(outcomes)} games"
          f" (seeds as hf simulate --seed {args.seed})")
    print(f"expert wins {wins} of {len(outcomes)}: {share:.1%} (95% interval {low:.1%} to {high:.1%}), ties {ties}")
    print(f"seconds {time.perf_counter() - start:.0f}")


if __name__ == "__main__":
    main()
