"""Playing many games without a terminal and summarising them (``hf simulate``).

Each game is played by :func:`play_one`, a pure function of the rule set, the game's seed and
the two kinds of player, so games can run in a process pool and still add up to exactly the
same summary as one process. With ``swap`` every game is played a second time on the same
shoes with the partnerships' players exchanged: whoever sat North-South now sits East-West and
gets the cards East-West had, which cancels the luck of the deal.

Wins are counted by side: ``NS`` is the side given as ``--ns`` (North-South in the first
playing of a game, East-West in its swapped replay) and ``EW`` is the other.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ai import make_player
from hfcli.engine.game import Game
from hfcli.engine.melds import BookKind
from hfcli.engine.rules import Rules
from hfcli.engine.scoring import DealEnding
from hfcli.match import MatchStats, play_game

SIDES = ("NS", "EW")
BOOK_KINDS = tuple(BookKind)


@dataclass(frozen=True)
class GameRecord:
    """What one game contributes to a summary; sides are indexed as in SIDES (0 = the --ns side)."""

    winner: str  # "NS", "EW" (by side) or "tie"
    scores: tuple[int, int]  # by side
    deals: int
    ended_by: tuple[str, ...]
    books: tuple[tuple[int, int, int], tuple[int, int, int]]  # by side: clean, dirty, wild over all deals
    moves: int
    decision_seconds: tuple[float, ...]


@dataclass
class SimulationSummary:
    kinds: tuple[str, str] = ("random", "random")
    swap: bool = False
    games: int = 0
    deals: int = 0
    moves: int = 0
    seconds: float = 0.0
    deal_endings: Counter[str] = field(default_factory=Counter)
    wins: Counter[str] = field(default_factory=Counter)
    score_sums: list[int] = field(default_factory=lambda: [0, 0])
    book_sums: list[list[int]] = field(default_factory=lambda: [[0, 0, 0], [0, 0, 0]])
    decision_seconds: list[float] = field(default_factory=list)

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.deals += record.deals
        self.moves += record.moves
        self.deal_endings.update(record.ended_by)
        self.wins[record.winner] += 1
        for side in range(2):
            self.score_sums[side] += record.scores[side]
            for k in range(3):
                self.book_sums[side][k] += record.books[side][k]
        self.decision_seconds.extend(record.decision_seconds)

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    @property
    def going_out_share(self) -> float:
        return self.deal_endings[DealEnding.OUT] / self.deals if self.deals else 0.0

    def win_interval(self, side: str) -> tuple[float, float, float]:
        """The side's share of games won, with a 95% Wilson interval."""
        return wilson(self.wins[side], self.games)

    def mean_scores(self) -> tuple[float, float]:
        n = self.games or 1
        return (self.score_sums[0] / n, self.score_sums[1] / n)

    def books_per_deal(self) -> dict[str, dict[str, float]]:
        n = self.deals or 1
        return {
            SIDES[side]: {kind: round(self.book_sums[side][k] / n, 3) for k, kind in enumerate(BOOK_KINDS)}
            for side in range(2)
        }

    def decision_ms(self) -> dict[str, float]:
        times = sorted(self.decision_seconds)
        return {"median": round(percentile(times, 0.5) * 1000, 3), "p99": round(percentile(times, 0.99) * 1000, 3)}

    def as_dict(self) -> dict[str, object]:
        wins: dict[str, object] = {side: self.wins[side] for side in SIDES}
        wins["tie"] = self.wins["tie"]
        means = self.mean_scores()
        return {
            "players": {"NS": self.kinds[0], "EW": self.kinds[1]},
            "swap": self.swap,
            "games": self.games,
            "deals": self.deals,
            "moves": self.moves,
            "seconds": round(self.seconds, 3),
            "moves_per_second": round(self.moves_per_second, 1),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else 0.0,
            "deal_endings": dict(sorted(self.deal_endings.items())),
            "wins": wins,
            "win_share": {
                side: dict(zip(("share", "low", "high"), (round(x, 4) for x in self.win_interval(side)), strict=True))
                for side in SIDES
            },
            "mean_score": {"NS": round(means[0], 1), "EW": round(means[1], 1)},
            "books_per_deal": self.books_per_deal(),
            "going_out_share": round(self.going_out_share, 4),
            "decision_ms": self.decision_ms(),
        }


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """(share, low, high): the 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 0.0, 0.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[index]


def game_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th game of a run, so any one game can be replayed alone."""
    return seed * 1_000_003 + index


def _record(game: Game, stats: MatchStats, swapped: bool) -> GameRecord:
    result = game.result
    assert result is not None
    # side 0 is the --ns kind: North-South normally, East-West in a swapped replay.
    team_of_side = (1, 0) if swapped else (0, 1)
    totals = result.totals
    winner = result.winner
    side_won = "tie" if winner is None else SIDES[team_of_side.index(winner)]
    books = []
    for side in range(2):
        team = team_of_side[side]
        clean = sum(d.teams[team].clean_books for d in result.deals)
        dirty = sum(d.teams[team].dirty_books for d in result.deals)
        wild = sum(d.teams[team].wild_books for d in result.deals)
        books.append((clean, dirty, wild))
    return GameRecord(
        winner=side_won,
        scores=(totals[team_of_side[0]], totals[team_of_side[1]]),
        deals=len(result.deals),
        ended_by=tuple(d.ended_by for d in result.deals),
        books=(books[0], books[1]),
        moves=stats.moves,
        decision_seconds=tuple(stats.decision_seconds),
    )


def play_one(rules: Rules, seed: int, kinds: tuple[str, str], swap: bool) -> list[GameRecord]:
    """One game (and, with ``swap``, its replay on the same shoes with the sides exchanged)."""

    def play(game: Game, swapped: bool) -> GameRecord:
        # The --ns kind sits North-South, or East-West in the swapped replay.
        players = [make_player(kinds[game.seating.team_of[s] ^ swapped], seed, s) for s in game.seating.seats]
        stats = MatchStats()
        play_game(game, players, stats=stats, clock=time.perf_counter)
        return _record(game, stats, swapped)

    game = Game(rules, seed)
    records = [play(game, False)]
    if swap:
        records.append(play(Game(rules, seed, shoes=game.shoes), True))
    return records


def _play_task(args: tuple[Rules, int, tuple[str, str], bool]) -> list[GameRecord]:
    return play_one(*args)


def run_games(
    rules: Rules, games: int, seed: int, kinds: tuple[str, str], *, jobs: int = 1, swap: bool = False
) -> Iterator[list[GameRecord]]:
    """The records of each game in order, from ``jobs`` processes."""
    tasks = [(rules, game_seed(seed, i), kinds, swap) for i in range(games)]
    if jobs <= 1:
        for task in tasks:
            yield _play_task(task)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn" if _threads_running() else "fork").Pool(jobs) as pool:
        yield from pool.imap(_play_task, tasks, chunksize=max(1, min(8, games // (jobs * 8) or 1)))


def _threads_running() -> bool:
    import threading

    return threading.active_count() > 1


def simulate(
    rules: Rules,
    games: int,
    seed: int,
    kinds: tuple[str, str],
    *,
    jobs: int = 1,
    swap: bool = False,
    on_game: Callable[[int], None] | None = None,
) -> SimulationSummary:
    """Play ``games`` games (twice each with ``swap``) and summarise them."""
    summary = SimulationSummary(kinds=kinds, swap=swap)
    start = time.perf_counter()
    for done, records in enumerate(run_games(rules, games, seed, kinds, jobs=jobs, swap=swap), start=1):
        for record in records:
            summary.add(record)
        if on_game is not None:
            on_game(done)
    summary.seconds = time.perf_counter() - start
    return summary
