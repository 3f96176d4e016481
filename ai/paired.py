"""One comparison of moves over imagined deals, made by the expert and by the review alike.

From one seat's view, every move is played forward on the same imagined deals of the cards the
seat cannot see (common random numbers, so that the luck of the deal cancels out of their
difference): a rollout policy plays every seat for so many rounds of turns, and an evaluator says
what the deal is then worth to the seat's side (the parts of :mod:`ai.search`). A stopping rule
says how many deals the comparison rests on, from what it has found so far; the paired estimate of
each move against the first (:func:`hfcli.engine.estimates.paired`) is what is read from it.

The expert (:mod:`ai.expert`) compares the rule-based choice with its alternatives on a fixed
number of deals, its budget's, and its decision rule (:class:`ai.search.ClearGain`) leaves the
first only for a gain clear of the noise. The review compares the move played with the expert's
choice a batch of deals at a time, until the move's grade is settled, and watches what followed
each move. Each brings its own parts to one object, as OpenSpiel's bots share one interface
around their own evaluators.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from ai.search import Evaluator, RolloutPolicy, rollout
from hfcli.engine.estimates import PairedEstimate, paired
from hfcli.engine.game import Game
from hfcli.engine.moves import Move


class Watcher(Protocol):
    """Follows one rollout without changing it: shown the game before each move and the move,
    then the game where the rollout stopped."""

    def __call__(self, game: Game, move: Move) -> None: ...

    def stopped(self, game: Game) -> None: ...


# Makes the watcher of move ``i``'s rollout on an imagined game, shown that game before the move.
WatchFactory = Callable[[int, Game], Watcher]


@dataclass(frozen=True)
class Compared:
    """What a comparison found: ``values[i][k]``, move ``i`` played forward on imagined deal ``k``."""

    values: tuple[tuple[float, ...], ...]

    @property
    def deals(self) -> int:
        return len(self.values[0]) if self.values else 0

    def against_first(self, index: int) -> PairedEstimate:
        """How much move ``index`` gains over the first, deal by deal (at least one deal)."""
        return paired(self.values[index], self.values[0])


class StoppingRule(Protocol):
    """How many imagined deals a comparison should rest on, given what it has found so far (None
    before the first deal); as many as it has played means it is done."""

    def deals(self, found: Compared | None) -> int: ...


@dataclass(frozen=True)
class FixedDeals:
    """Exactly ``count`` deals: a budget set beforehand."""

    count: int

    def deals(self, found: Compared | None) -> int:
        return self.count


@dataclass(frozen=True)
class MoveComparison:
    """Moves compared over imagined deals: each played forward by ``policy`` in every seat for
    ``rounds`` rounds of turns (0: to the end of the seat's turn; None: to the end of the deal),
    the deal then judged by ``evaluator``."""

    policy: RolloutPolicy
    evaluator: Evaluator
    rounds: int | None

    def value(self, game: Game, move: Move, seat: int, watch: Watcher | None = None, copy: bool = True) -> float:
        """What ``move`` is worth to ``seat``'s side, played forward on a copy of the imagined
        ``game`` (left as it was), or with ``copy`` False on the game itself, by the game's own seed."""
        ahead = game.clone() if copy else game
        value = rollout(ahead, move, seat, game.seed, self.policy, self.evaluator, self.rounds, watch)
        if watch is not None:
            watch.stopped(ahead)
        return value

    def compare(
        self, deals: Iterator[Game], moves: Sequence[Move], seat: int, stop: StoppingRule,
        watch: WatchFactory | None = None, spend: bool = False,
    ) -> Compared:
        """Every move of ``moves`` played forward on the imagined ``deals``, taken in order for as
        long as ``stop`` asks (or until there are no more), for ``seat``. The deals are left as they
        were, unless ``spend``: then the last move is played on each deal itself, which saves a
        copy of every deal (a tenth of a rollout) where the caller has no more use for them."""
        values: list[list[float]] = [[] for _ in moves]
        found: Compared | None = None
        wanted = stop.deals(found)
        while len(values[0]) < wanted:
            before = len(values[0])
            for game in itertools.islice(deals, wanted - before):
                for i, move in enumerate(moves):
                    watcher = None if watch is None else watch(i, game)
                    values[i].append(self.value(game, move, seat, watcher, copy=not spend or i < len(moves) - 1))
            if len(values[0]) == before:
                break  # no deal left to imagine
            found = Compared(tuple(map(tuple, values)))
            wanted = stop.deals(found)
        return found if found is not None else Compared(tuple(() for _ in moves))
