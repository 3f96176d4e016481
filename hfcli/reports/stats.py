"""Your record (``hf stats``): the games you played, read from their transcripts.

A game counts when its transcript seats one human (the player), or several with the player's seat
known (the host's, which hf host records, or the one of the name asked for), was dealt from its first deal
(a duplicate game counts; a what-if game, which starts from another game's position, does not)
and has a move (a game left before its first move was not played). Only the header, the scored
deals (``deal_end`` and ``game_end`` lines) and whether there is a move line are read, not the
moves: ``hf verify`` is what checks a file move by move.

Scores and margins are comparable only between games of the same rules at the same table (a
one-deal quick game scores a fraction of a four-deal one), so the record is given for each rule
set and table size apart.

A side's *margin* is its total less the best of the other sides' totals: what it won or lost by.

The player's *rating* (:func:`rate_games`) places them on the levels' scale (:mod:`hfcli.reports.ladder`,
the tables in ``ai/data/ladder-<preset>.json``) from their finished games of a preset at four
players, in order: each game's margin (its result where the table reads no margin against a level
at it), with the partner's and the opponents' levels. A duplicate (its shoes were known) and an
event's entries after the first (the event's shoes are the same each time) are not rated.
Another person at the table is an unknown player, rated beside the player from the games they sat in.
"""

from __future__ import annotations

import json
import textwrap
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from hfcli import levels
from hfcli.engine.estimates import Z_95, lead, wilson
from hfcli.engine.rules import PRESETS
from hfcli.engine.scoring import deal_points_limit
from hfcli.engine.seating import FOUR_HANDED, Seating
from hfcli.reports.ladder import PRIOR_MEAN, PRIOR_SPREAD, MarginScale, Outcome, fit, level_ratings, load_table
from hfcli.system.printable import printable
from hfcli.text.notation import spoken_cards
from hfcli.text.screen import table_words
from hfcli.transcript import Header, TranscriptError, parse_header, read_source
from hfcli.transcript.origin import DUPLICATE, origin_of
from hfcli.transcript.verify import UnreadableFolder, transcript_files

TREND_GAMES = 10  # the last games the trend looks at, against those before them
PERSON = "person:"  # a seat a person played, by name: each one rated as an unknown player
YOU = "you"
CHART_MARK = "\0"  # before a line that is not broken between words


@dataclass(frozen=True)
class PlayedGame:
    """One game of the player's, as its transcript records it."""

    path: str
    created: str  # ISO 8601, from the header
    name: str  # the player's name, as the file holds it
    side: int
    team_names: tuple[str, ...]
    opponents: str  # the opposing AI levels, e.g. "normal" or "easy+hard"
    deal_totals: tuple[tuple[int, ...], ...]  # each scored deal's total, by side
    went_out: tuple[int | None, ...]  # each scored deal: the side that went out, None if the stock ran out
    finished: bool
    duplicate: bool = False
    rules_name: str = "classic"
    table: str = "four players in two partnerships"  # the table in words (screen.table_words)
    # Who else sat: each partner seat and each opposing seat, an AI's level or ``person:NAME``.
    partners: tuple[str, ...] = ()
    opposing: tuple[str, ...] = ()
    preset: bool = True  # the rules are a preset's exactly (the levels' tables are measured on those)
    event: str | None = None  # the event's id, for an event entry

    @property
    def kind(self) -> str:
        """What its figures are comparable with: ``classic rules, four players in two partnerships``."""
        return f"{self.rules_name} rules, {self.table}"

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(deal[t] for deal in self.deal_totals) for t in range(len(self.team_names)))

    @property
    def score(self) -> int:
        return self.totals[self.side]

    @property
    def margin(self) -> int:
        return lead(self.totals, self.side)

    @property
    def outcome(self) -> str:
        """``won``, ``lost`` or ``tied`` (C-GAME: the highest total wins)."""
        lead = self.margin
        return "won" if lead > 0 else "lost" if lead < 0 else "tied"


# Why a transcript is not counted (the key of ``Skipped.reason``), in words: one, several.
NOT_COUNTED = {
    "what-if": ("what-if game", "what-if games"),
    "ai-only": ("game of AI players only", "games of AI players only"),
    "several-players": ("game of several people with none known as you (try --name)",
                        "games of several people with none known as you (try --name)"),
    "no-move": ("game left before its first move", "games left before their first move"),
}


@dataclass(frozen=True)
class Skipped:
    path: str
    reason: str  # a key of NOT_COUNTED


def read_game(path: str | Path, me: str | None = None) -> PlayedGame | Skipped:
    """The player's game a transcript records, or why it does not count. In a game of several
    people, the player is the host (or the one named ``me``)."""
    source = read_source(path)
    header = parse_header(source)
    origin = origin_of(header, source.path)
    if "position" in header.data:
        return Skipped(source.path, "what-if")
    humans = header.human_seats
    if not humans:
        return Skipped(source.path, "ai-only")
    seating = header.seating
    human = humans[0] if len(humans) == 1 else _person_at_terminal(header, me)
    if human is None:
        return Skipped(source.path, "several-players")
    side = seating.team_of[human]
    who = [f"{PERSON}{info.name}" if info.kind == "human" else info.level or "?" for info in header.seats]
    opponents = sorted({"person" if w.startswith(PERSON) else w
                        for s, w in enumerate(who) if seating.team_of[s] != side})
    event = header.data.get("event")
    deal_totals: list[tuple[int, ...]] = []
    went_out: list[int | None] = []
    finished = False
    moved = False
    limit = deal_points_limit(header.rules)
    for number, text in enumerate(source.lines[1:], start=2):
        if not moved and '"e":"move"' in text:
            moved = True
        if '"deal_end"' in text:
            totals, out = _deal_end(source.path, number, text, seating, limit)
            deal_totals.append(totals)
            went_out.append(out)
        elif '"game_end"' in text:
            finished = True
    if not moved:
        return Skipped(source.path, "no-move")
    return PlayedGame(
        source.path, header.created, header.seats[human].name, side, seating.team_names, "+".join(opponents),
        tuple(deal_totals), tuple(went_out), finished, origin is not None and origin.kind == DUPLICATE,
        header.rules.name, table_words(seating),
        partners=tuple(w for s, w in enumerate(who) if seating.team_of[s] == side and s != human),
        opposing=tuple(w for s, w in enumerate(who) if seating.team_of[s] != side),
        preset=PRESETS.get(header.rules.name) == header.rules,
        event=str(event["id"]) if isinstance(event, dict) and "id" in event else None,
    )


def _person_at_terminal(header: Header, me: str | None) -> int | None:
    """In a game of several people, the seat of the one at this terminal: the host's seat, which
    hf host records (``host``), else the one seat of the name ``me``; None when neither tells."""
    names = header.seating.names
    host = header.data.get("host")
    if isinstance(host, str) and host in names and header.seats[names.index(host)].kind == "human":
        return names.index(host)
    mine = [s for s in header.human_seats if me is not None and header.seats[s].name == me]
    return mine[0] if len(mine) == 1 else None


def _deal_end(path: str, number: int, text: str, seating: Seating, limit: int) -> tuple[tuple[int, ...], int | None]:
    """A ``deal_end`` line's totals by side and the side that went out; a total larger than any
    deal under the game's rules can score (``limit``) is malformed."""
    try:
        data = json.loads(text)
        scores = data["scores"]
        totals = tuple(scores[name]["total"] for name in seating.team_names)
        out = data["went_out"]
    except (ValueError, KeyError, TypeError):
        raise TranscriptError(path, number, "a deal_end line without went_out and each side's total") from None
    if not all(isinstance(t, int) and not isinstance(t, bool) for t in totals):
        raise TranscriptError(path, number, "a deal_end total that is not a whole number")
    if any(abs(t) > limit for t in totals):
        raise TranscriptError(
            path, number, f"a deal_end total no deal of these rules can score (they allow at most {limit:,} either way)"
        )
    seat_names = list(seating.names)
    if out is not None and out not in seat_names:
        raise TranscriptError(path, number, f"went_out names no seat: {out!r}")
    return totals, None if out is None else seating.team_of[seat_names.index(out)]


@dataclass
class Collected:
    games: list[PlayedGame] = field(default_factory=list)  # oldest first
    skipped: list[Skipped] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)  # each a one-line message: FILE:LINE: what is wrong


def collect(targets: Iterable[str | Path], name: str | None = None) -> Collected:
    """The games under ``targets`` (files, or folders searched for ``*.jsonl``), oldest first;
    with ``name``, only those whose player had that name."""
    found = Collected()
    for target in targets:
        for path in transcript_files(target):
            if isinstance(path, UnreadableFolder):
                found.unreadable.append(path.message)
                continue
            try:
                game = read_game(path, name)
            except TranscriptError as exc:
                found.unreadable.append(str(exc))
                continue
            if isinstance(game, Skipped):
                found.skipped.append(game)
            elif name is None or game.name == name:
                found.games.append(game)
    found.games.sort(key=lambda g: (g.created, g.path))
    return found


@dataclass(frozen=True)
class Tally:
    games: int = 0
    won: int = 0
    lost: int = 0
    tied: int = 0
    margin_sum: int = 0

    def add(self, game: PlayedGame) -> Tally:
        outcome = game.outcome
        return Tally(self.games + 1, self.won + (outcome == "won"), self.lost + (outcome == "lost"),
                     self.tied + (outcome == "tied"), self.margin_sum + game.margin)

    @property
    def mean_margin(self) -> float:
        return self.margin_sum / self.games if self.games else 0.0

    def as_dict(self) -> dict[str, Any]:
        share, low, high = wilson(self.won, self.games)
        return {"games": self.games, "won": self.won, "lost": self.lost, "tied": self.tied,
                "won_share": {"share": round(share, 4), "low": round(low, 4), "high": round(high, 4)},
                "mean_margin": round(self.mean_margin, 1)}


def tally(games: Iterable[PlayedGame]) -> Tally:
    result = Tally()
    for game in games:
        result = result.add(game)
    return result


@dataclass(frozen=True)
class Record:
    """The figures of ``hf stats``."""

    collected: Collected
    last: int = TREND_GAMES

    @cached_property
    def finished(self) -> list[PlayedGame]:
        return [g for g in self.collected.games if g.finished]

    def by_opponents(self) -> dict[str, Tally]:
        groups: dict[str, Tally] = {}
        for game in self.finished:
            groups[game.opponents] = groups.get(game.opponents, Tally()).add(game)
        return dict(sorted(groups.items(), key=lambda item: (_level_order(item[0]), item[0])))

    def deals(self) -> tuple[int, int]:
        """(deals scored in every game counted, deals the player's side went out in)."""
        games = self.collected.games
        return (sum(len(g.went_out) for g in games),
                sum(1 for g in games for side in g.went_out if side == g.side))

    def best(self) -> PlayedGame | None:
        """The finished game won by the most (the latest of equals)."""
        return max(reversed(self.finished), key=lambda g: (g.margin, g.score), default=None)

    @cached_property
    def rating(self) -> Rating | None:
        """The player's rating, for a record of one preset at four players in two partnerships."""
        games = self.collected.games
        if len({g.kind for g in games}) != 1 or games[0].table != table_words(FOUR_HANDED):
            return None
        return rate_games(games, games[0].rules_name)

    def not_counted(self) -> list[tuple[str, int]]:
        """(reason, how many transcripts) for those read but not counted, by reason."""
        return sorted(Counter(s.reason for s in self.collected.skipped).items())

    def mean_score(self) -> float | None:
        """The player's side's mean score over the finished games (None without one)."""
        finished = self.finished
        return sum(g.score for g in finished) / len(finished) if finished else None

    def trend(self) -> tuple[list[PlayedGame], list[PlayedGame]]:
        """The last ``last`` finished games, and the ones before them."""
        finished = self.finished
        cut = max(0, len(finished) - self.last)
        return finished[cut:], finished[:cut]

    def by_kind(self) -> dict[str, Record]:
        """The record of each rule set and table size apart (``PlayedGame.kind``), the most played first."""
        kinds: dict[str, list[PlayedGame]] = {}
        for game in self.collected.games:
            kinds.setdefault(game.kind, []).append(game)
        ordered = sorted(kinds.items(), key=lambda item: (-len(item[1]), item[0]))
        return {kind: Record(Collected(games=games), self.last) for kind, games in ordered}

    def as_dict(self) -> dict[str, Any]:
        collected = self.collected
        data = self._figures_dict()
        data["games"]["duplicates"] = sum(1 for g in collected.games if g.duplicate)
        data["not_counted"] = dict(self.not_counted())
        data["unreadable"] = collected.unreadable
        # The figures of each rule set and table apart: scores are comparable only within one.
        data["by_rules"] = {kind: record._figures_dict() for kind, record in self.by_kind().items()}
        return data

    def _figures_dict(self) -> dict[str, Any]:
        collected = self.collected
        finished = self.finished
        deals, out = self.deals()
        best = self.best()
        recent, before = self.trend()
        mean_score = self.mean_score()
        total = tally(finished)
        return {
            "games": {
                "played": len(collected.games),
                "finished": len(finished),
                "unfinished": len(collected.games) - len(finished),
            },
            "results": total.as_dict(),
            "by_opponents": {key: t.as_dict() for key, t in self.by_opponents().items()},
            "mean_score": None if mean_score is None else round(mean_score, 1),
            "mean_margin": round(total.mean_margin, 1) if finished else None,
            "went_out": {"deals": deals, "yours": out, "share": round(out / deals, 4) if deals else None},
            "best_game": None if best is None else _game_dict(best),
            "rating": None if self.rating is None else self.rating.as_dict(),
            "trend": {
                "last": tally(recent).as_dict(),
                "before": tally(before).as_dict(),
                "results": [g.outcome for g in recent],
            },
        }

    def lines(self, where: str, width: int | None = None, *, ascii: bool = False) -> list[str]:
        """The record as text, each rule set and table size apart, broken between words to ``width``
        (None: not broken); ``where`` says which transcripts it was read from. The rating's chart
        is drawn in ``#`` under ``ascii``, else in block characters."""
        collected = self.collected
        games, finished = collected.games, self.finished
        lines = [f"Your record over the transcripts in {printable(where)}:"]
        notes = [f"{n} {NOT_COUNTED[reason][n > 1]}" for reason, n in self.not_counted()]
        if collected.unreadable:
            notes.append(f"{len(collected.unreadable)} unreadable ({printable(collected.unreadable[0])}"
                         f"{' and more' if len(collected.unreadable) > 1 else ''})")
        if not games:
            lines.append("No games of yours yet." + (f" Not counted: {'; '.join(notes)}." if notes else ""))
            return _wrapped(lines, width)
        duplicates = sum(1 for g in games if g.duplicate)
        lines.append(f"{_count(len(games), 'game')} played ({len(finished)} finished"
                     + (f", {duplicates} of them duplicates" if duplicates else "") + ")"
                     + (f"; not counted: {'; '.join(notes)}" if notes else "") + ".")
        for kind, record in self.by_kind().items():
            group = record.collected.games
            lines.append("")
            lines.append(f"{printable(kind).capitalize()}: {_count(len(group), 'game')} "
                         f"({len(record.finished)} finished).")
            lines += record._figure_lines()
            if record.rating is not None:
                lines += record.rating.lines()
                if spoken_cards():  # a screen reader: the chart's figures in a sentence
                    lines += record.rating.chart_sentence()
                else:
                    lines += [CHART_MARK + line for line in record.rating.chart(ascii=ascii)]
        return _wrapped(lines, width)

    def _figure_lines(self) -> list[str]:
        finished = self.finished
        lines = []
        if finished:
            total = tally(finished)
            share, low, high = wilson(total.won, total.games)
            lines.append(f"Won {total.won}, lost {total.lost}, tied {total.tied}: {share:.0%} of finished games "
                         f"won (95% interval {low:.0%} to {high:.0%}).")
            groups = self.by_opponents()
            if spoken_cards():  # a screen reader: a sentence for each opponents, not columns read across
                lines += [f"Against {printable(key)}: {_count(group.games, 'game')}, won {group.won}, "
                          f"lost {group.lost}, tied {group.tied}, {group.won / group.games:.0%} won, "
                          f"mean margin {group.mean_margin:+.0f}." for key, group in groups.items()]
            else:
                width = max(12, *(len(key) + 2 for key in groups))
                lines.append(f"{'against':<{width}}{'games':>6}{'won':>6}{'lost':>6}{'tied':>6}{'share':>7}"
                             "  mean margin")
                for key, group in groups.items():
                    lines.append(f"{printable(key):<{width}}{group.games:>6}{group.won:>6}{group.lost:>6}"
                                 f"{group.tied:>6}{group.won / group.games:>7.0%}  {group.mean_margin:+.0f}")
            lines.append(f"Mean score {self.mean_score():.0f}, mean margin {total.mean_margin:+.0f} (finished games).")
        deals, out = self.deals()
        if deals:
            lines.append(f"Your side went out in {out} of {_count(deals, 'deal')} ({out / deals:.0%}).")
        best = self.best()
        if best is not None:
            # One game is not a best; a game lost by the least is the closest, not the best.
            label = ("Your one game" if len(finished) == 1 else "Best game" if best.margin > 0
                     else "Closest game")
            lines.append(f"{label}: {_describe(best)}:")
            lines.append(f"  {printable(best.path)}")  # a line of its own: a path is never cut
        recent, before = self.trend()
        if recent:
            marks = " ".join(g.outcome[0].upper() for g in recent)
            lines.append(f"Last {_count(len(recent), 'game')}: {_tally_text(tally(recent))} ({marks}, oldest first).")
        if before:
            lines.append(f"The {_count(len(before), 'game')} before them: {_tally_text(tally(before))}.")
        return lines


def _wrapped(lines: list[str], width: int | None) -> list[str]:
    """Each line broken between words to ``width``, its later lines indented two columns: a path
    or a run of result letters is never cut."""
    out: list[str] = []
    for line in lines:
        if line.startswith(CHART_MARK):  # a chart's row is never broken: it fits 80 columns
            out.append(line.removeprefix(CHART_MARK))
            continue
        if width is None:
            out.append(line)
            continue
        out += textwrap.wrap(line, max(width, 20), subsequent_indent="  ", break_long_words=False,
                             break_on_hyphens=False) or [""]
    return out


def _level_order(key: str) -> int:
    return min((levels.order(level) for level in key.split("+")), default=0)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _tally_text(t: Tally) -> str:
    return f"{t.won} won, {t.lost} lost, {t.tied} tied, mean margin {t.mean_margin:+.0f}"


def _describe(game: PlayedGame) -> str:
    names = game.team_names
    totals = game.totals
    score = ", ".join(f"{names[t]} {totals[t]}" for t in range(len(names)))
    lead = game.margin
    how = f"won by {lead}" if lead > 0 else f"lost by {-lead}" if lead < 0 else "a tie"
    return f"{how} ({score}) against {printable(game.opponents)}, {printable(game.created[:10])}"


def _game_dict(game: PlayedGame) -> dict[str, Any]:
    return {
        "file": game.path,
        "created": game.created,
        "side": game.team_names[game.side],
        "opponents": game.opponents,
        "totals": dict(zip(game.team_names, game.totals, strict=True)),
        "score": game.score,
        "margin": game.margin,
    }


# ---------------------------------------------------------------------------------------------
# Your rating

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
                 f"{_count(len(self.points), 'rated game')}"
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
