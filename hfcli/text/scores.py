"""Scores as the table and a game's end show them: the score table deal by deal, the running
count, the verdict and a game's summary."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from hfcli.engine.melds import BookKind, count_books
from hfcli.engine.scoring import DealEnding, DealResult, GameResult, TeamScore, cards_value
from hfcli.engine.seating import Seating
from hfcli.engine.view import SeatView
from hfcli.text.notation import BOLD, card_count, paint
from hfcli.text.screen import seat_label, side_label

# A score sheet's columns: the label, then one a side, kept within 80 columns at a table of five alone.
SHEET_WIDTH = 80
SIDE_COLUMN = 10


def sheet_row(label: str, width: int, cells: Sequence[object], column: int = SIDE_COLUMN) -> str:
    """One line of a score sheet: ``label`` in ``width`` columns, then each side's cell right-aligned."""
    return f"{label:<{width}}" + "".join(f"{cell!s:>{column}}" for cell in cells)


def _label_width(sides: int, widest_label: int, column: int = SIDE_COLUMN) -> int:
    """The label column of a sheet with ``sides`` columns: 32 where that fits 80 columns, else just
    wide enough for the longest label."""
    return 32 if 32 + sides * column <= SHEET_WIDTH else widest_label + 1


def score_table(
    result: DealResult, team_names: Sequence[str], *, color: bool = False, wild_melds: bool = True
) -> str:
    """Every C-SCORE line, one column a side, with counts and points, and the deal's total; no
    wild books line under rules without wild melds (V-NOWILD), where there can be none."""
    per_team = [t.lines() for t in result.teams]
    width = _label_width(len(team_names), max(len(label) for label, _, _ in per_team[0]))
    lines = [paint(sheet_row(f"Deal {result.deal + 1} score", width, team_names), BOLD, color)]
    for i, (label, _, _) in enumerate(per_team[0]):
        if label == "wild books" and not wild_melds:
            continue
        cells = []
        for team_lines in per_team:
            _, count, points = team_lines[i]
            cell = f"{points:+d}" if points else "0"
            if count is not None:
                cell = f"{count}: {cell}"
            cells.append(cell)
        lines.append(sheet_row(label, width, cells))
    lines.append(sheet_row("total", width, [t.total for t in result.teams]))
    how = "someone went out" if result.ended_by is DealEnding.OUT else "the stock ran out"
    lines.append(f"(the deal ended because {how})")
    return "\n".join(lines)


def running_count(view: SeatView, names: Mapping[int, str] | None = None) -> str:
    """The deal in progress as C-SCORE would count it so far: each side's points on the table (cards
    in melds and books, book bonuses, red threes laid), and what the cards ``view.seat`` holds would
    cost if the deal ended now; the other hands and the feet are counted in cards, as the seat sees them."""
    rules = view.rules
    seating = view.seating
    teams = seating.teams
    heads = [seating.team_names[t] + (" (you)" if t == view.team else "") for t in teams]
    column = max(12 if len(heads) <= 4 else SIDE_COLUMN, *(len(h) + 2 for h in heads))
    rows: list[tuple[str, list[str]]] = []
    books = [count_books(view.melds[t]) for t in teams]
    bonuses = (rules.clean_book_bonus, rules.dirty_book_bonus, rules.wild_book_bonus)
    table = [cards_value((c for m in view.melds[t] for c in m.cards), rules) for t in teams]
    rows.append(("cards in melds and books", [str(v) for v in table]))
    for i, kind in enumerate(BookKind if rules.wild_melds else (BookKind.CLEAN, BookKind.DIRTY)):
        rows.append((f"{kind} books", [f"{b[i]}: +{b[i] * bonuses[i]}" if b[i] else "0" for b in books]))
        table = [v + b[i] * bonuses[i] for v, b in zip(table, books, strict=True)]
    reds = [len(view.red_threes[t]) for t in teams]
    rows.append(("red threes laid", [f"{r}: +{r * rules.red_three_bonus}" if r else "0" for r in reds]))
    table = [v + r * rules.red_three_bonus for v, r in zip(table, reds, strict=True)]
    rows.append(("on the table now", [str(v) for v in table]))
    width = _label_width(len(heads), 2 + max(len(label) for label, _ in rows), column)
    lines = [sheet_row(f"Deal {view.deal_index + 1} of {rules.deals} so far", width, heads, column),
             *(sheet_row(f"  {label}", width, cells, column) for label, cells in rows)]
    where = "foot" if view.in_foot[view.seat] else "hand"
    cost = cards_value(view.hand, rules)
    lines.append(f"If the deal ended now, the {card_count(len(view.hand))} in your {where} would count -{cost}"
                 + ("." if view.in_foot[view.seat] else
                    f", and your unpicked foot's {card_count(view.foot_sizes[view.seat])} against you too."))
    others = []
    for seat in seating.seats:
        if seat != view.seat:
            foot = "in foot" if view.in_foot[seat] else f"foot {view.foot_sizes[seat]} unpicked"
            others.append(f"{seat_label(view, seat, names)} holds {view.hand_sizes[seat]} ({foot})")
    lines.append("; ".join(others) + ".")
    return "\n".join(lines)


def verdict(result: GameResult, seating: Seating | None = None, names: Mapping[int, str] | None = None) -> str:
    """C-GAME, T-SCORE: who won and by how much, every side's total from the highest down
    (``Game over: NS win, 5120 to 3410.``), or who tied at the top. With the ``seating``, a player
    alone is named by their seat (``Northwest wins``)."""
    sides = range(len(result.team_names))
    labels = [side_label(seating, t, names) for t in sides] if seating is not None else list(result.team_names)
    totals = result.totals
    order = sorted(sides, key=lambda t: -totals[t])
    scores = " to ".join(str(totals[t]) for t in order)
    winner = result.winner
    if winner is not None:
        alone = seating is not None and len(seating.members(winner)) == 1
        return f"Game over: {labels[winner]} {'wins' if alone else 'win'}, {scores}."
    if len(labels) == 2:
        return f"Game over: a tie at {totals[0]}."
    best = totals[order[0]]
    tied = [labels[t] for t in order if totals[t] == best]
    return f"Game over: a tie at {best} between {', '.join(tied[:-1])} and {tied[-1]}; {scores}."


def game_summary(
    result: GameResult,
    *,
    color: bool = False,
    seating: Seating | None = None,
    names: Mapping[int, str] | None = None,
) -> str:
    """The end of the game: who won and by how much (C-GAME), then one column a side: each deal's
    total and the game's, and where the game's points came from (melds, books, red threes, going
    out, the cards left in hands and feet)."""
    sides = result.team_names
    lines = [paint(verdict(result, seating, names), BOLD, color), ""]
    label = 28
    lines.append(paint(sheet_row("", label, sides), BOLD, color))
    for deal in result.deals:
        lines.append(sheet_row(f"deal {deal.deal + 1}", label, [t.total for t in deal.teams]))
    lines.append(paint(sheet_row("game", label, result.totals), BOLD, color))
    lines.append("")
    lines.append(f"where the points came from, over {len(result.deals)} deal{'s' if len(result.deals) != 1 else ''}:")
    sources: tuple[tuple[str, Callable[[TeamScore], int]], ...] = (
        ("cards in melds and books", lambda t: t.meld_points),
        ("book bonuses", lambda t: t.clean_book_points + t.dirty_book_points + t.wild_book_points),
        ("red threes", lambda t: t.red_three_points + t.foot_red_three_points),
        ("going out", lambda t: t.going_out_points),
        ("cards left", lambda t: t.hand_points + t.foot_points),
    )
    for what, points in sources:
        cells = [sum(points(deal.teams[team]) for deal in result.deals) for team in range(len(sides))]
        lines.append(sheet_row(f"  {what}", label, cells))
    return "\n".join(lines)


def deal_totals(deals: Sequence[DealResult], team_names: Sequence[str], totals: Sequence[int]) -> list[str]:
    """The lines of a table of each deal's total per side, then the game's ``totals``."""
    lines = [sheet_row("deal", 8, team_names)]
    for deal in deals:
        lines.append(sheet_row(str(deal.deal + 1), 8, [t.total for t in deal.teams]))
    lines.append(sheet_row("total", 8, totals))
    return lines
