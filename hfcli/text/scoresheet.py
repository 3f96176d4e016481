"""The score sheet: a game's scores laid out as on the paper pad players keep score on.

One column per side (as many as the game's seating has), and for each deal a block of lines: the
book bonuses by kind, the red threes, the points melded, the points left in hands and in unpicked
feet, the going-out bonus, the deal's total and the running total (C-SCORE, C-GAME). Written as
text for the terminal, a Markdown table, or CSV for a spreadsheet.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hfcli.engine.game import Game
from hfcli.engine.rules import Rules
from hfcli.engine.scoring import DealEnding, DealResult, GameResult, TeamScore
from hfcli.engine.seating import Seating

FORMATS = ("text", "markdown", "csv")


@dataclass(frozen=True)
class Line:
    """A line of a deal's block: its label, and what it counts (or None) and scores for a side."""

    label: str
    points: Callable[[TeamScore], int]
    count: Callable[[TeamScore], int] | None = None
    shown: Callable[[Rules], bool] = lambda rules: True


LINES: tuple[Line, ...] = (
    Line("clean books", lambda t: t.clean_book_points, lambda t: t.clean_books),
    Line("dirty books", lambda t: t.dirty_book_points, lambda t: t.dirty_books),
    Line("wild books", lambda t: t.wild_book_points, lambda t: t.wild_books, lambda rules: rules.wild_melds),
    Line("red threes", lambda t: t.red_three_points, lambda t: t.red_threes),
    Line("red threes in feet", lambda t: t.foot_red_three_points, lambda t: t.foot_red_threes,
         lambda rules: rules.red_three_foot_penalty != 0),
    Line("points melded", lambda t: t.meld_points),
    Line("left in hands", lambda t: t.hand_points),
    Line("left in feet", lambda t: t.foot_points),
    Line("going out", lambda t: t.going_out_points),
)


@dataclass(frozen=True)
class Sheet:
    """A game's finished deals, ready to be written out. ``players`` names each seat as shown (text
    from a file already escaped); ``notes`` are lines under the title (where the game came from)."""

    rules: Rules
    seating: Seating
    deals: tuple[DealResult, ...]
    players: tuple[str, ...]
    over: bool
    title: str = ""
    notes: tuple[str, ...] = ()

    @classmethod
    def of_game(cls, game: Game, players: Sequence[str], title: str = "", notes: Sequence[str] = ()) -> Sheet:
        """The sheet of ``game`` as it stands: its finished deals, and its result once it is over."""
        return cls(game.rules, game.seating, tuple(game.results), tuple(players), game.is_over, title, tuple(notes))

    def lines(self) -> list[Line]:
        """The lines the rules can score, and any other a deal did score."""
        return [
            line for line in LINES
            if line.shown(self.rules) or any(line.points(t) for d in self.deals for t in d.teams)
        ]

    def side_players(self, team: int) -> str:
        return ", ".join(self.players[s] for s in self.seating.members(team))

    def deal_heading(self, deal: DealResult) -> str:
        if deal.ended_by is DealEnding.OUT and deal.went_out is not None:
            return f"Deal {deal.deal + 1}: {self.players[deal.went_out]} went out"
        return f"Deal {deal.deal + 1}: the stock ran out"

    def running(self) -> list[tuple[int, ...]]:
        """Each side's running total after each deal."""
        totals = [0] * len(self.seating.team_names)
        after = []
        for deal in self.deals:
            totals = [total + team.total for total, team in zip(totals, deal.teams, strict=True)]
            after.append(tuple(totals))
        return after

    def ending(self) -> str:
        """The result (C-GAME), or how far an unfinished game got."""
        if not self.over:
            played = len(self.deals)
            return f"The game is unfinished: {played} of {self.rules.deals} deals scored."
        result = GameResult(self.deals, self.seating.team_names)
        totals = result.totals
        names = self.seating.team_names
        order = sorted(self.seating.teams, key=lambda t: -totals[t])
        scores = " to ".join(str(totals[t]) for t in order)
        if result.winner is None:
            best = max(totals)
            if len(names) == 2:
                return f"Game over: a tie at {best}."
            # With three sides or more, the sheet says which sides tied, as the table does.
            tied = [names[t] for t in order if totals[t] == best]
            return f"Game over: a tie at {best} between {', '.join(tied[:-1])} and {tied[-1]}; {scores}."
        members = self.seating.members(result.winner)
        # A side wins; a player alone, named by the seat, wins too (T-SCORE).
        who = f"{self.seating.long_names[members[0]]} wins" if len(members) == 1 else f"{names[result.winner]} win"
        return f"Game over: {who}, {scores}."

    # ------------------------------------------------------------------ formats

    def text(self) -> str:
        names = self.seating.team_names
        label_width = 20
        cells = [[_cell(line, team) for team in deal.teams] for deal in self.deals for line in self.lines()]
        widest = max((len(c) for row in cells for c in row), default=0)
        width = max(10, widest + 2, *(len(n) + 2 for n in names))
        out = [self.title] if self.title else []
        out += list(self.notes)
        out += [f"  {names[t]}: {self.side_players(t)}" for t in self.seating.teams]
        out.append("")
        out.append(" " * label_width + "".join(f"{n:>{width}}" for n in names))
        for deal, running in zip(self.deals, self.running(), strict=True):
            out.append(self.deal_heading(deal))
            for line in self.lines():
                out.append(f"  {line.label:<{label_width - 2}}" + "".join(
                    f"{_cell(line, team):>{width}}" for team in deal.teams))
            out.append(f"  {'deal total':<{label_width - 2}}" + "".join(f"{t.total:>{width}}" for t in deal.teams))
            out.append(f"  {'running total':<{label_width - 2}}" + "".join(f"{t:>{width}}" for t in running))
            out.append("")
        out.append(self.ending())
        return "\n".join(out)

    def markdown(self) -> str:
        names = self.seating.team_names
        out = [f"## {_markdown_cell(self.title)}", ""] if self.title else []
        for note in self.notes:
            out += [_markdown_cell(note), ""]
        out.append("| | " + " | ".join(f"{n} ({_markdown_cell(self.side_players(t))})"
                                         for t, n in enumerate(names)) + " |")
        out.append("|---|" + "---:|" * len(names))
        for deal, running in zip(self.deals, self.running(), strict=True):
            out.append(f"| **{_markdown_cell(self.deal_heading(deal))}** |" + " |" * len(names))
            for line in self.lines():
                out.append(f"| {line.label} | " + " | ".join(_cell(line, t) for t in deal.teams) + " |")
            out.append("| deal total | " + " | ".join(str(t.total) for t in deal.teams) + " |")
            out.append("| **running total** | " + " | ".join(f"**{t}**" for t in running) + " |")
        out += ["", _markdown_cell(self.ending())]
        return "\n".join(out)

    def csv(self) -> str:
        """One row a line of a deal: ``deal,line,<side>...``, whole numbers; a counted line (books,
        red threes) has a row ``number of ...`` before its points."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(["deal", "line", *self.seating.team_names])
        for deal, running in zip(self.deals, self.running(), strict=True):
            number = deal.deal + 1
            for line in self.lines():
                if line.count is not None:
                    counted = line.count
                    writer.writerow([number, f"number of {line.label}", *(counted(t) for t in deal.teams)])
                writer.writerow([number, line.label, *(line.points(t) for t in deal.teams)])
            writer.writerow([number, "deal total", *(t.total for t in deal.teams)])
            writer.writerow([number, "running total", *running])
        return buffer.getvalue().rstrip("\n")

    def render(self, fmt: str) -> str:
        if fmt == "markdown":
            return self.markdown()
        if fmt == "csv":
            return self.csv()
        return self.text()


def _cell(line: Line, team: TeamScore) -> str:
    """``1000 (2)``: the points, and for a counted line how many there were."""
    points = line.points(team)
    if line.count is None or not line.count(team):
        return str(points)
    return f"{points} ({line.count(team)})"


def _markdown_cell(text: str) -> str:
    """Text inside a Markdown table or paragraph: a bar or a backslash would be read as markup."""
    return text.replace("\\", "\\\\").replace("|", "\\|")

