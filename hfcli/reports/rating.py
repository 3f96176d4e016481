"""Your rating: where your finished games of a preset at four players place you on the levels' scale
(:mod:`hfcli.reports.ladder`, the tables in ``ai/data/ladder-<preset>.json``), game by game, and
its chart.

The games count in order: each game's margin (its result where the table reads no margin against a
level at it), with the partner's and the opponents' levels. A duplicate (its shoes were known) and
an event's entries after the first (the event's shoes are the same each time) are not rated.
Another person at the table is an unknown player, rated beside the player from the games they sat in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from hfcli import levels
from hfcli.engine.estimates import Z_95
from hfcli.engine.seating import FOUR_HANDED
from hfcli.reports.ladder import PRIOR_MEAN, PRIOR_SPREAD, MarginScale, Outcome, fit, level_ratings, load_table
from hfcli.reports.played import PERSON, PlayedGame, numbered
from hfcli.text.screen import table_words

YOU = "you"
CHART_ROWS = 5
CHART_LABEL = 7  # "  1550 " before each row's bar
CHART_WIDTH = 80
BLOCKS = " ▁▂▃▄▅▆▇█"  # a column's top cell, by eighths filled


@dataclass(frozen=True)
class RatingPoint:
    """The rating after one more game: its number among the rated games (1 is the first), the
    file, the rating and its spread (one standard deviation)."""

    game: int
    path: str
    rating: float
    spread: float

    @property
    def interval(self) -> tuple[float, float]:
        return (self.rating - Z_95 * self.spread, self.rating + Z_95 * self.spread)

    def as_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {"game": self.game, "file": self.path, "rating": round(self.rating),
                "spread": round(self.spread), "low": round(low), "high": round(high)}


@dataclass(frozen=True)
class Rating:
    """The player's rating over one preset's rated games, game by game (``points``), the table of
    levels it is measured against, and why each of the other games was not rated."""

    rules_name: str
    points: tuple[RatingPoint, ...]
    levels: dict[str, float]
    not_rated: dict[str, int]
    bounds: frozenset[str] = frozenset()  # levels whose rating is a bound: they never won a game

    @property
    def last(self) -> RatingPoint | None:
        return self.points[-1] if self.points else None

    @property
    def players_levels(self) -> list[str]:
        """The levels rated, in order, that a game may be played against (not a baseline kept to measure by)."""
        return [name for name in levels.recorded() if name in self.levels]

    def nearest_level(self) -> str | None:
        """The level whose table the player's rating is nearest (the players' levels only)."""
        last = self.last
        shown = self.players_levels
        if last is None or not shown:
            return None
        return min(shown, key=lambda name: abs(self.levels[name] - last.rating))

    def as_dict(self, last: int = CHART_WIDTH - CHART_LABEL) -> dict[str, Any]:
        point = self.last
        return {
            "rules": self.rules_name,
            "rated_games": len(self.points),
            "rating": None if point is None else point.as_dict(),
            "about_as_well_as": self.nearest_level(),
            "levels": {name: round(r) for name, r in self.levels.items()},
            "not_rated": self.not_rated,
            # The figures of the trend chart, oldest first: a screen reader can say them.
            "trend": [p.as_dict() for p in self.points[-last:]],
        }

    def lines(self) -> list[str]:
        point = self.last
        notes = "; ".join(f"{n} {RATING_SKIPS[why][n > 1]}" for why, n in sorted(self.not_rated.items()))
        if point is None:
            return [f"No rating yet: no finished game against the AI levels{f' ({notes})' if notes else ''}."]
        low, high = point.interval
        near = self.nearest_level()
        lines = [f"Your rating: {point.rating:.0f} (95% interval {low:.0f} to {high:.0f}) over "
                 f"{numbered(len(self.points), 'rated game')}"
                 + (f"; not rated: {notes}" if notes else "") + "."]
        if near is not None:
            shown = self.players_levels
            measured = [n for n in shown if n not in self.bounds]
            below = [n for n in shown if n in self.bounds and measured and self.levels[n] < self.levels[measured[0]]]
            level = f"{near} ({self.levels[near]:.0f})" if near not in self.bounds else f"{near}"
            lines.append(f"You play about as well as a table of {level}. The levels: "
                         + ", ".join(f"{n} {self.levels[n]:.0f}" for n in measured)
                         + (f"; {' and '.join(below)} far below {measured[0]}" if below else "") + ".")
        return lines

    def chart_sentence(self) -> list[str]:
        """The chart's figures said in a sentence: the first and the last, the highest and the lowest."""
        shown = self.points[-(CHART_WIDTH - CHART_LABEL):]
        if len(shown) < 2:
            return []
        high = max(shown, key=lambda p: p.rating)
        low = min(shown, key=lambda p: p.rating)
        return [f"Your rating over your last {len(shown)} rated games: {shown[0].rating:.0f} after game "
                f"{shown[0].game}, {shown[-1].rating:.0f} after game {shown[-1].game}; highest {high.rating:.0f} "
                f"after game {high.game}, lowest {low.rating:.0f} after game {low.game}."]

    def chart(self, *, ascii: bool = False) -> list[str]:
        """The trend: the rating after each of the last games, a bar a game (none before two)."""
        if len(self.points) < 2:
            return []
        return [f"Your rating after each of your last {min(len(self.points), CHART_WIDTH - CHART_LABEL)} "
                "rated games, oldest left:", *trend_chart([p.rating for p in self.points], ascii=ascii)]


RATING_SKIPS = {
    "duplicate": ("duplicate (its shoes were known)", "duplicates (their shoes were known)"),
    "event-again": ("event entry after the first of its event", "event entries after the first of their event"),
    "unfinished": ("unfinished game", "unfinished games"),
    "no-table": ("game of rules or a table the levels were not measured at",
                 "games of rules or tables the levels were not measured at"),
    "unknown-level": ("game with a seat of no known level", "games with a seat of no known level"),
}


def rated_outcome(game: PlayedGame, levels: dict[str, float], scale: MarginScale | None = None) -> Outcome | str:
    """The game as the rating counts it, or why it is not counted (a key of ``RATING_SKIPS``): its
    result (a tie half a win), and its margin where ``scale`` reads margins against every level at
    the table (the margin predicts a player's results better: docs/ai.md)."""
    if not game.finished:
        return "unfinished"
    if game.duplicate:
        return "duplicate"
    if not game.preset or game.table != table_words(FOUR_HANDED) or len(game.opposing) != 2:
        return "no-table"
    if any(not w.startswith(PERSON) and w not in levels for w in (*game.partners, *game.opposing)):
        return "unknown-level"
    score = {"won": 1.0, "tied": 0.5, "lost": 0.0}[game.outcome]
    if len(game.partners) != 1:
        return "no-table"
    seated = (*game.partners, *game.opposing)
    read = scale is not None and all(w.startswith(PERSON) or w in scale.levels for w in seated)
    return Outcome((YOU, game.partners[0]), (game.opposing[0], game.opposing[1]), score, 1.0,
                   float(game.margin) if read else None)


def rate_games(games: Iterable[PlayedGame], rules_name: str, table: dict[str, Any] | None = None) -> Rating | None:
    """The player's rating after each of their games of ``rules_name`` in order, against the levels'
    table shipped for it (None when there is none). Each other person is an unknown player with
    the same prior as yours, fitted with you from the games they sat in."""
    data = table if table is not None else load_table(rules_name)
    if data is None:
        return None
    levels = level_ratings(data)
    scale = MarginScale.from_dict(data["margin"]) if data.get("margin") else None
    outcomes: list[Outcome] = []
    points: list[RatingPoint] = []
    skipped: Counter[str] = Counter()
    events: set[str] = set()
    for game in games:
        if game.rules_name != rules_name:
            continue
        counted = rated_outcome(game, levels, scale)
        if isinstance(counted, Outcome) and game.event is not None:
            if game.event in events:
                counted = "event-again"
            events.add(game.event)
        if isinstance(counted, str):
            skipped[counted] += 1
            continue
        outcomes.append(counted)
        found, spread = fit(outcomes, levels, prior=(PRIOR_MEAN, PRIOR_SPREAD), scale=scale)
        points.append(RatingPoint(len(outcomes), game.path, found[YOU], spread[YOU]))
    bounds = frozenset(name for name, row in data["levels"].items() if not row.get("measured", True))
    return Rating(rules_name, tuple(points), levels, dict(skipped), bounds)


def trend_chart(ratings: list[float], *, ascii: bool = False, width: int = CHART_WIDTH,
                rows: int = CHART_ROWS) -> list[str]:
    """The rating after each of the last games as columns of a bar chart ``width`` columns wide
    (oldest left), each row labelled with the rating at its top; ``#`` bars under ``ascii``."""
    shown = ratings[-(width - CHART_LABEL):]
    low = (min(shown) - 25) // 50 * 50  # the lowest rating still shows half a row's bar
    step = max(10, -(-(max(shown) - low) // (10 * rows)) * 10)  # each row a whole number of tens
    lines = []
    for row in range(rows, 0, -1):
        bottom = low + (row - 1) * step
        cells = []
        for value in shown:
            filled = min(max((value - bottom) / step, 0.0), 1.0)
            if ascii:
                cells.append("#" if filled >= 0.5 else " ")
            else:
                cells.append(BLOCKS[round(filled * 8)])
        lines.append(f"{bottom + step:>6.0f} {''.join(cells)}".rstrip())
    first = len(ratings) - len(shown) + 1
    axis = f"game {first}"
    end = f"game {len(ratings)}"
    lines.append(" " * CHART_LABEL + axis + " " * max(1, len(shown) - len(axis) - len(end)) + end)
    return lines

