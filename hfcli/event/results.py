"""An event's results: every entry checked, par played, and the field scored and ranked."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from hfcli.engine.game import Game
from hfcli.engine.scoring import DealResult
from hfcli.event.entries import Entry, Refused, check, entry_files
from hfcli.event.scoring import Scored, margin, percent, ranks, score
from hfcli.event.spec import Event
from hfcli.system.workers import parallel_map


@dataclass(frozen=True)
class Line:
    """One result of the field: an entry, or par."""

    name: str
    path: str | None  # None for par
    pair: bool
    scored: Scored
    rank: int
    percent: float
    deal_moves: tuple[int, ...] = ()

    @property
    def is_par(self) -> bool:
        return self.path is None

    def best_and_worst(self) -> tuple[int, int]:
        """The deals (0-based) of its most and fewest matchpoints, the larger margin breaking a tie
        for the best and the smaller for the worst, the earlier deal after that."""
        deals = range(len(self.scored.margins))
        mp, m = self.scored.matchpoints, self.scored.margins
        best = max(deals, key=lambda d: (mp[d], m[d], -d))
        worst = min(deals, key=lambda d: (mp[d], m[d], d))
        return best, worst


@dataclass(frozen=True)
class Results:
    event: Event
    lines: list[Line]  # best first
    refused: list[Refused]
    par_level: str

    def best_of_deal(self, deal: int) -> Line | None:
        """The entry with the largest margin on ``deal`` (0-based): the first in the ranking of
        those level on it; None without entries."""
        entries = [line for line in self.lines if not line.is_par]
        if not entries:
            return None
        return max(entries, key=lambda line: line.scored.margins[deal])


def par_game(event: Event) -> Game:
    """Par: the AI in every seat on the event's cards, its seat and its partners at the event's
    partner level, the opponents at theirs; the same seed as every entry's AI."""
    from hfcli.levels import make_player, seat_together
    from hfcli.table.match import play_game

    game = Game(event.rules, event.seed, seating=event.seating, shoes=event.shoes)
    levels = {event.seat: event.partner, **event.levels}
    players = [make_player(levels[seat], event.seed, seat) for seat in event.seating.seats]
    seat_together(players)
    play_game(game, players)
    return game


def _work(event: Event, task: Path | None) -> Entry | Refused | tuple[DealResult, ...]:
    """One entry checked, or (for None) par's results: a task for a worker process."""
    return tuple(par_game(event).results) if task is None else check(event, task)


def results(
    event: Event, paths: Iterable[str | Path], on_entry: Callable[[Entry | Refused], None] | None = None,
    jobs: int = 1,
) -> Results:
    """Every entry checked and the field scored. With ``jobs`` > 1 the entries, and par, are
    replayed in that many processes (each replay asks today's AI at every AI move: an expert's
    search makes that the most of the work)."""
    entries: list[Entry] = []
    refused: list[Refused] = []
    tasks: list[Path | None] = [*entry_files(paths), None]
    work = partial(_work, event)
    done = map(work, tasks) if jobs <= 1 else parallel_map(work, tasks, min(jobs, len(tasks)))
    par: tuple[DealResult, ...] = ()
    for checked in done:
        if isinstance(checked, tuple):
            par = checked
            continue
        if isinstance(checked, Entry):
            entries.append(checked)
        else:
            refused.append(checked)
        if on_entry is not None:
            on_entry(checked)
    side = event.seating.team_of[event.seat]
    field = [tuple(margin(r, side) for r in e.results) for e in entries]
    field.append(tuple(margin(r, side) for r in par))
    scored = score(field)
    places = ranks(scored)
    size = len(field)
    lines = [
        Line(e.player, e.path, e.pair, s, place, float(percent(s, size)), e.deal_moves)
        for e, s, place in zip(entries, scored, places, strict=False)
    ]
    lines.append(Line("par", None, False, scored[-1], places[-1], float(percent(scored[-1], size))))
    order = sorted(range(len(lines)), key=lambda i: (lines[i].rank, lines[i].is_par, lines[i].name))
    return Results(event, [lines[i] for i in order], refused, event.partner)
