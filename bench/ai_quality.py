"""How much each level's discards hand the pile to the next player.

    python bench/ai_quality.py [--games N] [--seed S] [--levels easy,normal,hard] [--jobs J]

Each level plays North-South against ``normal`` players on every seed, then again on the same
shoes from the East-West seats, so every level meets the same cards. For the level's own
discards after which the deal goes on, it counts how often the next player takes the pile at
once and how many cards that hands over; it also prints the level's share of games won against
``normal`` (the level's self-play for ``normal``), ties apart. Run it with another checkout's interpreter
(its ``ai`` package) to compare two versions of the players on the same seeds.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass

# Run as a script, this file's folder comes first on the path and its name would hide the ai package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

from ai.base import Decision  # noqa: E402
from hfcli.engine.estimates import wilson  # noqa: E402
from hfcli.engine.events import Event, EventKind  # noqa: E402
from hfcli.engine.game import Game  # noqa: E402
from hfcli.engine.moves import MoveKind  # noqa: E402
from hfcli.engine.rules import Rules, preset  # noqa: E402
from hfcli.levels import make_player, offered  # noqa: E402
from hfcli.table.match import play_game  # noqa: E402

OPPONENT = "normal"


@dataclass
class Tally:
    discards: int = 0  # the level's discards after which the next player drew or took the pile
    taken: int = 0  # of those, how many the next player answered by taking the pile
    cards: int = 0  # cards those pickups took
    games: int = 0
    wins: int = 0
    ties: int = 0

    def add(self, other: Tally) -> None:
        self.discards += other.discards
        self.taken += other.taken
        self.cards += other.cards
        self.games += other.games
        self.wins += other.wins
        self.ties += other.ties


def play_and_count(game: Game, level: str, seed: int, team: int) -> Tally:
    """Play ``game`` with ``level`` in the seats of ``team`` and normal players elsewhere."""
    seating = game.seating
    players = [make_player(level if seating.team_of[s] == team else OPPONENT, seed, s) for s in seating.seats]
    tally = Tally(games=1)
    pending: int | None = None  # the seat that discarded last, while its discard may still be taken

    def on_move(events: list[Event], decision: Decision) -> None:
        nonlocal pending
        seat = next(e.seat for e in events if e.kind is EventKind.MOVE and e.seat is not None)
        kind = decision.move.kind
        if pending is not None and seat == seating.next_seat(pending) and kind in (MoveKind.DRAW, MoveKind.PICKUP):
            tally.discards += 1
            if kind is MoveKind.PICKUP:
                tally.taken += 1
                tally.cards += sum(e.count for e in events if e.kind is EventKind.TAKE)
        pending = None
        ended = any(e.kind in (EventKind.DEAL_END, EventKind.GAME_END) for e in events)
        if kind is MoveKind.DISCARD and seating.team_of[seat] == team and not ended:
            pending = seat

    play_game(game, players, on_move=on_move)
    result = game.result
    assert result is not None
    tally.wins = int(result.winner == team)
    tally.ties = int(result.winner is None)
    return tally


def play_seed(args: tuple[Rules, str, int]) -> Tally:
    rules, level, seed = args
    first = Game(rules, seed)
    tally = play_and_count(first, level, seed, 0)
    tally.add(play_and_count(Game(rules, seed, shoes=first.shoes), level, seed, 1))
    return tally


def measure(rules: Rules, level: str, games: int, seed: int, jobs: int) -> Tally:
    tasks = [(rules, level, seed * 1_000_003 + i) for i in range(games)]
    total = Tally()
    if jobs <= 1:
        for task in tasks:
            total.add(play_seed(task))
        return total
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for tally in pool.imap(play_seed, tasks, chunksize=4):
            total.add(tally)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="seeds; each is played twice (both sides)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--levels", default=",".join(offered()))
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    rules = preset(args.rules)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    print(
        f"{args.rules}, {args.games} seeds from {args.seed}, each played from both sides "
        f"({2 * args.games} games a level) against {OPPONENT} opponents"
    )
    print(
        f"{'level':<8}{'discards':>9}{'taken':>7}  {'share taken (95% interval)':<28}"
        f"{'cards/take':>11}{'taken/game':>11}{'cards/game':>11}  {'wins vs ' + OPPONENT + ' (95%)'}"
    )
    for level in levels:
        t = measure(rules, level, args.games, args.seed, args.jobs)
        share, low, high = wilson(t.taken, t.discards)
        win, win_low, win_high = wilson(t.wins, t.games)
        print(
            f"{level:<8}{t.discards:>9}{t.taken:>7}  {share:6.2%} ({low:.2%} to {high:.2%})       "
            f"{t.cards / max(1, t.taken):>11.2f}{t.taken / t.games:>11.2f}{t.cards / t.games:>11.1f}"
            f"  {win:.1%} ({win_low:.1%} to {win_high:.1%})" + (f", {t.ties} tied" if t.ties else "")
        )


if __name__ == "__main__":
    main()
