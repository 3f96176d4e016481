"""What a player says of its risky discards, counted in self-play.

    python bench/reason_census.py [--level hard] [--rules classic] [--games 200] [--seed 1]

Every seat is played by ``--level``, so every seat is a partner. A risky discard is one whose
reason says the next player, an opponent, could take the pile with it: a ``risk`` part with a
chance above nought (ai/risk.py). For each the census counts what the reason goes on to say
(hfcli/engine/reasons.py): that the card was the safest held (``safest``: with the next safest
card's chance, or that no card held was safer, or that every card held was of its rank), or why the
risk was worth taking (``risk-worth-it``, by what the safer card kept was: a pair, a set, a card
for our meld, a wild card, a black three, or a single worth more to keep), or neither. "Neither"
should be nought: point 3 of the reasons-as-data issue.
"""

from __future__ import annotations

import argparse
from collections import Counter

from hfcli.engine.game import Game
from hfcli.engine.moves import MoveKind
from hfcli.engine.reasons import Reason, ReasonKind
from hfcli.engine.rules import preset
from hfcli.engine.seat import Decision
from hfcli.levels import make_player
from hfcli.reports.simulate import game_seed
from hfcli.table.match import play_game


def what_it_says(why: Reason) -> str | None:
    """How a risky discard's reason accounts for its risk; None for a discard that is not risky."""
    parts = list(why.walk())
    risk = next((p for p in parts if p.kind is ReasonKind.RISK), None)
    if risk is None or not risk.fact("chance"):
        return None
    for part in parts:
        if part.kind is ReasonKind.SAFEST:
            if part.fact("other_rank") is None:
                return "safest: every card held of its rank"
            if part.fact("other_chance") <= part.fact("chance"):
                return "safest: no card held safer"
            return "safest: the next safest's chance said"
        if part.kind is ReasonKind.RISK_WORTH_IT:
            return f"worth it: the safer card kept is {part.fact('kept')}"
    return "neither"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    said: Counter[str] = Counter()
    discards = 0

    def count(game: Game, decision: Decision) -> None:
        nonlocal discards
        if decision.move.kind is not MoveKind.DISCARD or decision.reason is None:
            return
        discards += 1
        what = what_it_says(decision.reason)
        if what is not None:
            said[what] += 1

    rules = preset(args.rules)
    for i in range(args.games):
        game = Game(rules, game_seed(args.seed, i))
        play_game(game, [make_player(args.level, game.seed, s) for s in game.seating.seats], on_decision=count)
    risky = sum(said.values())
    print(f"{args.games} games of {args.rules}, {args.level} in every seat: {discards} discards, {risky} risky")
    for what, n in sorted(said.items(), key=lambda kv: -kv[1]):
        print(f"  {n:6}  {n / risky:6.1%}  {what}")


if __name__ == "__main__":
    main()
