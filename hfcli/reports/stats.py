"""Your record (``hf stats``): the games you played (:mod:`hfcli.reports.played`) in figures: won
and lost by the levels played against, mean score and margin, deals gone out in, the best game and
the trend, and your rating (:mod:`hfcli.reports.rating`), as text or as one JSON object.

Scores and margins are comparable only between games of the same rules at the same table (a
one-deal quick game scores a fraction of a four-deal one), so the record is given for each rule
set and table size apart.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from hfcli import levels
from hfcli.engine.estimates import wilson
from hfcli.engine.seating import FOUR_HANDED
from hfcli.reports.played import NOT_COUNTED, Collected, PlayedGame, numbered
from hfcli.reports.rating import Rating, rate_games
from hfcli.system.printable import printable
from hfcli.text.notation import spoken_cards
from hfcli.text.screen import table_words

TREND_GAMES = 10  # the last games the trend looks at, against those before them
CHART_MARK = "\0"  # before a line that is not broken between words


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
        lines.append(f"{numbered(len(games), 'game')} played ({len(finished)} finished"
                     + (f", {duplicates} of them duplicates" if duplicates else "") + ")"
                     + (f"; not counted: {'; '.join(notes)}" if notes else "") + ".")
        for kind, record in self.by_kind().items():
            group = record.collected.games
            lines.append("")
            lines.append(f"{printable(kind).capitalize()}: {numbered(len(group), 'game')} "
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
                lines += [f"Against {printable(key)}: {numbered(group.games, 'game')}, won {group.won}, "
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
            lines.append(f"Your side went out in {out} of {numbered(deals, 'deal')} ({out / deals:.0%}).")
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
            lines.append(f"Last {numbered(len(recent), 'game')}: {_tally_text(tally(recent))} ({marks}, oldest first).")
        if before:
            lines.append(f"The {numbered(len(before), 'game')} before them: {_tally_text(tally(before))}.")
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

