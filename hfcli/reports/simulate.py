"""Playing many games without a terminal and summarising them (``hf simulate``).

Each game is played by :func:`play_one`, a pure function of the rule set, the game's seed and
the kind of player of each side, so games can run in a process pool and still add up to exactly
the same summary as one process. With ``swap`` every game is played again on the same shoes once
for each other side, the sides' players rotated round the table: at four, whoever sat North-South
now sits East-West and gets the cards East-West had; at a table of three sides each kind of player
plays each side's cards once. That cancels the luck of the deal.

Results are counted by side: a side is named as the table names it in the first playing (``NS``,
``EW`` at four; ``S``, ``NW``, ``NE`` at three; ``S+N`` ... at six), and is the kind of player
given for it wherever the rotation seats it.

Games are handed to the pool as they are needed, and a summary holds counts and sums only, so a
run of any length takes the same memory; Ctrl-C ends it with the summary of the games finished.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from hfcli.engine.estimates import wilson
from hfcli.engine.events import Event, EventKind
from hfcli.engine.game import Game
from hfcli.engine.melds import BookKind
from hfcli.engine.rules import Rules
from hfcli.engine.scoring import DealEnding
from hfcli.engine.seat import Player
from hfcli.engine.seating import table
from hfcli.engine.seeds import numbered_seed
from hfcli.levels import make_player, seat_together
from hfcli.table.match import MatchStats, play_game

BOOK_KINDS = tuple(BookKind)
# A game that has not ended after this many moves never will: it is stopped and counted as unfinished.
MOVE_LIMIT = 100_000


def side_names(rules: Rules) -> tuple[str, ...]:
    """The sides of the rules' table, in order: the names results are counted under."""
    return table(rules.players, rules.teams).team_names


@dataclass(frozen=True)
class GameRecord:
    """What one game contributes to a summary; sides are indexed as the kinds are (side 0 = the
    first kind given, wherever the rotation seated it)."""

    winner: str  # the side's name, or "tie" (equal highest totals)
    scores: tuple[int, ...]  # by side
    deals: int
    ended_by: tuple[str, ...]
    went_out: tuple[int | None, ...]  # by deal: the side whose player went out, or None
    books: tuple[tuple[int, int, int], ...]  # by side: clean, dirty, wild over all deals
    moves: int
    decision_seconds: tuple[float, ...]
    finished: bool = True  # the game reached its end within MOVE_LIMIT moves
    cards_conserved: bool = True  # after every move, every card of the shoe was somewhere
    turns: int = 0  # draws from the stock and pile pickups: one each turn
    pickups: int = 0
    cards_taken: int = 0  # by every pickup, the top card melded with it included


class DecisionTimes:
    """How long decisions took, counted in buckets 1% wide on a log scale: the median and p99 to
    within 1%, in memory that does not grow with the number of decisions."""

    FLOOR = 1e-7  # seconds; anything quicker counts as this
    RATIO = 1.01

    def __init__(self) -> None:
        self.counts: Counter[int] = Counter()
        self.total = 0
        self._log_ratio = math.log(self.RATIO)

    def add(self, seconds: float) -> None:
        bucket = int(math.log(seconds / self.FLOOR) / self._log_ratio) if seconds > self.FLOOR else 0
        self.counts[bucket] += 1
        self.total += 1

    def percentile(self, q: float) -> float:
        """The q-th quantile (as :func:`percentile` takes it of the sorted times), as the middle of its bucket."""
        if not self.total:
            return 0.0
        index = min(self.total - 1, max(0, math.ceil(q * self.total) - 1))
        seen = 0
        for bucket in sorted(self.counts):
            seen += self.counts[bucket]
            if seen > index:
                return self.FLOOR * self.RATIO ** (bucket + 0.5)
        raise AssertionError("the counts add up to the total")


@dataclass
class SimulationSummary:
    kinds: tuple[str, ...] = ("random", "random")
    sides: tuple[str, ...] = ("NS", "EW")
    swap: bool = False
    requested: int = 0  # the games asked for; fewer were played if the run was interrupted
    interrupted: bool = False
    games: int = 0
    deals: int = 0
    moves: int = 0
    turns: int = 0
    pickups: int = 0
    cards_taken: int = 0
    seconds: float = 0.0
    unfinished: int = 0
    cards_conserved: bool = True
    deal_endings: Counter[str] = field(default_factory=Counter)
    wins: Counter[str] = field(default_factory=Counter)
    outs: Counter[str] = field(default_factory=Counter)  # deals each side ended by going out
    score_sums: list[int] = field(default_factory=list)
    book_sums: list[list[int]] = field(default_factory=list)
    decision_times: DecisionTimes = field(default_factory=DecisionTimes)

    def __post_init__(self) -> None:
        if not self.score_sums:
            self.score_sums = [0] * len(self.sides)
            self.book_sums = [[0, 0, 0] for _ in self.sides]

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.deals += record.deals
        self.moves += record.moves
        self.turns += record.turns
        self.pickups += record.pickups
        self.cards_taken += record.cards_taken
        self.unfinished += not record.finished
        self.cards_conserved = self.cards_conserved and record.cards_conserved
        self.deal_endings.update(record.ended_by)
        self.wins[record.winner] += 1
        self.outs.update(self.sides[side] for side in record.went_out if side is not None)
        for side in range(len(self.sides)):
            self.score_sums[side] += record.scores[side]
            for k in range(3):
                self.book_sums[side][k] += record.books[side][k]
        for seconds in record.decision_seconds:
            self.decision_times.add(seconds)

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    @property
    def going_out_share(self) -> float:
        return self.deal_endings[DealEnding.OUT] / self.deals if self.deals else 0.0

    def went_out_share(self, side: str) -> float:
        """The share of all deals that ended with this side going out."""
        return self.outs[side] / self.deals if self.deals else 0.0

    def win_interval(self, side: str) -> tuple[float, float, float]:
        """The side's share of games won, with a 95% Wilson interval."""
        return wilson(self.wins[side], self.games)

    def mean_scores(self) -> tuple[float, ...]:
        n = self.games or 1
        return tuple(total / n for total in self.score_sums)

    def books_per_deal(self) -> dict[str, dict[str, float]]:
        n = self.deals or 1
        return {
            name: {kind: round(self.book_sums[side][k] / n, 3) for k, kind in enumerate(BOOK_KINDS)}
            for side, name in enumerate(self.sides)
        }

    def turns_per_deal(self) -> float:
        return self.turns / self.deals if self.deals else 0.0

    def pickups_per_deal(self) -> float:
        return self.pickups / self.deals if self.deals else 0.0

    def cards_per_pickup(self) -> float:
        return self.cards_taken / self.pickups if self.pickups else 0.0

    def decision_ms(self) -> dict[str, float]:
        times = self.decision_times
        return {"median": round(times.percentile(0.5) * 1000, 3), "p99": round(times.percentile(0.99) * 1000, 3)}

    def as_dict(self) -> dict[str, object]:
        wins: dict[str, object] = {side: self.wins[side] for side in self.sides}
        wins["tie"] = self.wins["tie"]
        means = self.mean_scores()
        return {
            "players": dict(zip(self.sides, self.kinds, strict=True)),
            "sides": list(self.sides),
            "swap": self.swap,
            "games": self.games,
            "games_requested": self.requested,
            "interrupted": self.interrupted,
            "unfinished": self.unfinished,
            "cards_conserved": self.cards_conserved,
            "deals": self.deals,
            "moves": self.moves,
            "turns_per_deal": round(self.turns_per_deal(), 2),
            "pickups_per_deal": round(self.pickups_per_deal(), 2),
            "cards_per_pickup": round(self.cards_per_pickup(), 2),
            "seconds": round(self.seconds, 3),
            "moves_per_second": round(self.moves_per_second, 1),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else 0.0,
            "deal_endings": dict(sorted(self.deal_endings.items())),
            "wins": wins,
            "win_share": {
                side: dict(zip(("share", "low", "high"), (round(x, 4) for x in self.win_interval(side)), strict=True))
                for side in self.sides
            },
            "mean_score": {side: round(mean, 1) for side, mean in zip(self.sides, means, strict=True)},
            "books_per_deal": self.books_per_deal(),
            "going_out_share": round(self.going_out_share, 4),
            "went_out_share": {side: round(self.went_out_share(side), 4) for side in self.sides},
            "decision_ms": self.decision_ms(),
        }


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[index]


def game_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th game of a run, so any one game can be replayed alone."""
    return numbered_seed(seed, index)


@dataclass
class TurnCount:
    turns: int = 0
    pickups: int = 0
    cards_taken: int = 0

    def add(self, events: Sequence[Event]) -> None:
        for event in events:
            if event.kind is EventKind.DRAW:
                self.turns += 1
            elif event.kind is EventKind.TAKE:
                self.turns += 1
                self.pickups += 1
                self.cards_taken += event.count


def _record(game: Game, stats: MatchStats, rotation: int, conserved: bool, count: TurnCount) -> GameRecord:
    """The game's results by side: side ``i`` (the ``i``-th kind) sat as team ``(i + rotation) % n``."""
    seating = game.seating
    n = len(seating.team_names)
    team_of_side = [(side + rotation) % n for side in range(n)]
    result = game.result
    if result is None:  # stopped at the move limit
        return GameRecord("tie", (0,) * n, len(game.results), (), (), ((0, 0, 0),) * n, stats.moves,
                          tuple(stats.decision_seconds), finished=False, cards_conserved=conserved,
                          turns=count.turns, pickups=count.pickups, cards_taken=count.cards_taken)
    totals = result.totals
    winner = result.winner
    books = tuple(
        (sum(d.teams[t].clean_books for d in result.deals), sum(d.teams[t].dirty_books for d in result.deals),
         sum(d.teams[t].wild_books for d in result.deals))
        for t in team_of_side
    )
    went_out = tuple(
        None if d.went_out is None else team_of_side.index(seating.team_of[d.went_out]) for d in result.deals
    )
    return GameRecord(
        winner="tie" if winner is None else seating.team_names[team_of_side.index(winner)],
        scores=tuple(totals[t] for t in team_of_side),
        deals=len(result.deals),
        ended_by=tuple(d.ended_by for d in result.deals),
        went_out=went_out,
        books=books,
        moves=stats.moves,
        decision_seconds=tuple(stats.decision_seconds),
        cards_conserved=conserved,
        turns=count.turns,
        pickups=count.pickups,
        cards_taken=count.cards_taken,
    )


def player_of_kind(game: Game, kind: str, seat: int) -> Player:
    """The player of ``kind`` (a level of :mod:`hfcli.levels`) for ``seat`` in ``game``."""
    return make_player(kind, game.seed, seat)


def play_one(
    rules: Rules, seed: int, kinds: Sequence[str], swap: bool, clock: Callable[[], float] = time.perf_counter,
    make: Callable[[Game, str, int], Player] = player_of_kind,
) -> list[GameRecord]:
    """One game (and, with ``swap``, its replays on the same shoes with the sides' players rotated
    round the table, so each kind plays every side's cards once); decisions are timed by ``clock``
    (``time.process_time`` times what one core spends on them). ``make`` gives each seat its player
    from its kind (a bench script may add kinds of its own)."""

    def play(game: Game, rotation: int) -> GameRecord:
        seating = game.seating
        n = len(seating.team_names)
        # The kind of side i sits where team (i + rotation) % n sits.
        players = [make(game, kinds[(seating.team_of[s] - rotation) % n], s) for s in seating.seats]
        seat_together(players)
        stats = MatchStats()
        conserved = [game.card_total() == rules.card_count]

        def check(_events: list[Event], _decision: object) -> None:
            if game.card_total() != rules.card_count:
                conserved[0] = False

        play_game(game, players, stats=stats, clock=clock, on_move=check, max_moves=MOVE_LIMIT)
        count = TurnCount()
        count.add(game.events)  # the game keeps every event: count the turns once, at its end
        return _record(game, stats, rotation, conserved[0], count)

    game = Game(rules, seed)
    if len(kinds) != len(game.seating.team_names):
        raise ValueError(f"{len(game.seating.team_names)} sides need as many kinds of player, not {len(kinds)}")
    records = [play(game, 0)]
    if swap:
        for rotation in range(1, len(kinds)):
            records.append(play(Game(rules, seed, shoes=game.shoes), rotation))
    return records


def _play_task(args: tuple[Rules, int, tuple[str, ...], bool]) -> list[GameRecord]:
    return play_one(*args)


def run_games(
    rules: Rules, games: int, seed: int, kinds: Sequence[str], *, jobs: int = 1, swap: bool = False
) -> Iterator[list[GameRecord]]:
    """The records of each game in order, from ``jobs`` processes. Games are made as the pool takes
    them (it holds a few in its pipe) and each comes back as soon as it is played."""
    tasks = ((rules, game_seed(seed, i), tuple(kinds), swap) for i in range(games))
    if jobs <= 1:
        for task in tasks:
            yield _play_task(task)
        return
    from hfcli.system.workers import parallel_map

    # One game a task: a game takes milliseconds to seconds, far more than handing it over.
    yield from parallel_map(_play_task, tasks, jobs)


def simulate(
    rules: Rules,
    games: int,
    seed: int,
    kinds: Sequence[str],
    *,
    jobs: int = 1,
    swap: bool = False,
    on_game: Callable[[int], None] | None = None,
) -> SimulationSummary:
    """Play ``games`` games (each once per side with ``swap``) with ``kinds[i]`` playing side ``i``,
    and summarise them by side. Ctrl-C (KeyboardInterrupt) stops the run: the summary of the games
    finished so far comes back, marked ``interrupted``."""
    summary = SimulationSummary(kinds=tuple(kinds), sides=side_names(rules), swap=swap, requested=games)
    start = time.perf_counter()
    try:
        for done, records in enumerate(run_games(rules, games, seed, kinds, jobs=jobs, swap=swap), start=1):
            for record in records:
                summary.add(record)
            if on_game is not None:
                on_game(done)
    except KeyboardInterrupt:
        summary.interrupted = True
    summary.seconds = time.perf_counter() - start
    return summary

