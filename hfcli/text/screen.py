"""The table as one seat sees it: the melds, the pile and each seat's cards, laid out in full,
compact or brief by the terminal's size, and the status line under it.

Everything here returns plain ``str``. With ``color=True`` the text carries ANSI colour codes
(red suits in red, headings in bold), which a terminal, ``click.echo`` and prompt_toolkit's
``ANSI`` all understand; with ``color=False`` it is plain text for pipes, tests and transcripts.
``ascii=True`` writes suits as letters (``7H``) instead of symbols (``7♥``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from hfcli.engine.cards import DISPLAY_PLACE, THREE, Card
from hfcli.engine.melds import WILD, BookKind, Meld
from hfcli.engine.rules import Rules
from hfcli.engine.seating import Seating
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView
from hfcli.text.layout import wrap_line, wrap_pieces
from hfcli.text.notation import (
    BOLD,
    card_count,
    card_text,
    cards_text,
    hand_lines,
    meld_label,
    meld_summary,
    meld_text,
    paint,
)


def books_summary(melds: Sequence[Meld], wild_melds: bool = True) -> str:
    """Completed books by kind, with their ranks: ``clean 1 (Q), dirty 0, wild 0``. Without
    ``wild_melds`` (rules with no wild melds, V-NOWILD) there is no wild kind to count."""
    parts = []
    for kind in BookKind if wild_melds else (BookKind.CLEAN, BookKind.DIRTY):
        books = [m for m in melds if m.is_book and m.kind == kind]
        ranks = " ".join(meld_label(m.rank) for m in books)
        parts.append(f"{kind} {len(books)}" + (f" ({ranks})" if ranks else ""))
    return ", ".join(parts)


def minimums_text(minimums: Sequence[int], side_names: Sequence[str], by_side: bool) -> str:
    """C-MIN at a deal's start in words: ``minimum 50``, or with ``by_side`` (the minimum goes by
    the side's score) each side's: ``minimums NS 90, EW 10``."""
    if not by_side and minimums:
        return f"minimum {minimums[0]}"
    return "minimums " + ", ".join(f"{name} {m}" for name, m in zip(side_names, minimums, strict=True))


def books_to_go_out(rules: Rules) -> str:
    """C-OUT's books as the rules set them: ``clean 2, dirty 2, wild 1`` (no wild kind without wild melds)."""
    text = f"clean {rules.clean_books_to_go_out}, dirty {rules.dirty_books_to_go_out}"
    return text + (f", wild {rules.wild_books_to_go_out}" if rules.wild_melds else "")


def listed_open_melds(melds: Sequence[Meld]) -> list[Meld]:
    """The melds not yet books, as the table lists them: the wild meld first, then by rank, high to low."""
    found = [m for m in melds if not m.is_book]
    found.sort(key=lambda m: -1 if m.rank == WILD else DISPLAY_PLACE[m.rank])
    return found


def pile_state(view: SeatView) -> str:
    """Why the pile cannot be taken as things stand (C-BLACK3, C-PILE, V-NOWILD), or ''."""
    top = view.pile_top
    if top is None:
        return "empty"
    if top.rank == THREE:
        return "blocked: a three is on top"
    if top.is_wild:
        if not view.rules.wild_melds:
            return "blocked: a wild card is on top"
        return "blocked unless you hold a matching wild pair"
    return ""


def player_label(seat_name: str, player_name: str | None) -> str:
    """``Ann (North)``, or just ``North`` when the player is called by the seat's name."""
    return seat_name if player_name in (None, seat_name) else f"{player_name} ({seat_name})"


def seat_label(view: SeatView, seat: int, names: Mapping[int, str] | None = None) -> str:
    return player_label(view.seating.long_names[seat], names.get(seat) if names else None)


def seat_line(view: SeatView, seat: int, names: Mapping[int, str] | None = None) -> str:
    where = "in foot" if view.in_foot[seat] else f"foot {view.foot_sizes[seat]}"
    return f"{seat_label(view, seat, names):<18} hand {view.hand_sizes[seat]:>2}  {where}"


def seat_counts(view: SeatView, seat: int, names: Mapping[int, str] | None = None) -> str:
    """One seat's cards in a few columns: ``>South 13, foot 13`` or ``North 4, in foot``; ``>`` marks
    the seat to move."""
    marker = ">" if seat == view.to_move and view.phase is not Phase.OVER else ""
    where = "in foot" if view.in_foot[seat] else f"foot {view.foot_sizes[seat]}"
    return f"{marker}{seat_label(view, seat, names)} {view.hand_sizes[seat]}, {where}"


def side_label(seating: Seating, team: int, names: Mapping[int, str] | None = None) -> str:
    """A side as the table heads it: a player alone by their seat (``Northwest``, or ``Ann (South)``),
    a partnership or team by its name (``NS``, ``S+N``, ``S+NW+NE``)."""
    members = seating.members(team)
    if len(members) == 1:
        return player_label(seating.long_names[members[0]], names.get(members[0]) if names else None)
    return seating.team_names[team]


def table_words(seating: Seating) -> str:
    """The table in words: ``four players in two partnerships``, ``three players, each alone``,
    ``six players in two teams of three``."""
    count = ("two", "three", "four", "five", "six")[len(seating.names) - 2]
    sides = len(seating.team_names)
    if sides == len(seating.names):
        return f"{count} players, each alone"
    size = len(seating.names) // sides
    shape = "partnerships" if size == 2 else "teams of three"
    return f"{count} players in {('two', 'three')[sides - 2]} {shape}"


def score_pieces(seating: Seating, totals: Sequence[int]) -> list[list[str]]:
    """Each side's name and score, as pieces a wrapped line keeps together: ``[["NS", "120"], ...]``."""
    return [[seating.team_names[t], str(totals[t])] for t in seating.teams]


def status_line(view: SeatView, names: Mapping[int, str] | None = None, width: int | None = None) -> str:
    """The toolbar's one line: whose turn, the phase, stock, deal, first-meld minimum, score and the
    rules' name. Where the line would be wider than ``width`` the rules' name is left off first,
    then the words are shortened (``NW's turn``, ``meld`` for the phase), then the minimum left off,
    so that every table fits 80 columns. The minimum is always said ``first meld 90``, as the table
    says it: two words for one thing would read as two things."""
    seat = view.to_move
    seating = view.seating
    totals = view.totals()
    score = "  ".join(" ".join(piece) for piece in score_pieces(seating, totals))
    if view.phase is Phase.OVER:
        return f"Game over | {score}"
    deal = f"deal {view.deal_index + 1}/{view.rules.deals}"
    phase = {Phase.DRAW: "draw", Phase.MELD: "meld / discard", Phase.ANSWER: "answer: may they go out?"}
    short_phase = {Phase.DRAW: "draw", Phase.MELD: "meld", Phase.ANSWER: "answer"}
    who = "your" if seat == view.seat else f"{seat_label(view, seat, names)}'s"
    short_who = "your" if seat == view.seat else f"{seating.names[seat]}'s"
    long = (f"{who} turn, {phase.get(view.phase, view.phase)} | stock {view.stock_size} | "
            f"{deal}, first meld {view.minimum} | {score}")
    tight = score.replace("  ", " ")
    short = (f"{short_who} turn, {short_phase.get(view.phase, view.phase)} | stock {view.stock_size} | "
             f"{deal}, first meld {view.minimum} | {tight}")
    # The minimum is on the table screen too; the score is nowhere else between deals.
    shortest = f"{short_who}: {short_phase.get(view.phase, view.phase)} | stock {view.stock_size} | {deal} | {tight}"
    for line in (f"{long} | {view.rules.name} rules", long, short, shortest):
        if width is None or len(line) <= width:
            return line
    return shortest[:width]


def pile_line(view: SeatView, *, color: bool = False, ascii: bool = False) -> str:
    """``Pile: 7♣ on top, 9 cards (a pickup takes 7)``: the top card, the size, and how many cards
    a pickup takes where the rules take fewer than the pile holds (C-PILE), or why it cannot be taken."""
    if view.pile_top is None:
        return "Pile: empty"
    state = pile_state(view)
    top = card_text(view.pile_top, color=color, ascii=ascii)
    if state:
        return f"Pile: {top} on top, {card_count(view.pile_size)}  ({state})"
    limit = view.rules.pile_limit
    takes = f" (a pickup takes {limit})" if view.pile_size > limit else ""
    return f"Pile: {top} on top, {card_count(view.pile_size)}{takes}"


@dataclass(frozen=True)
class TableLook:
    """How a table is drawn, whichever layout: colour, letters for suits, the hands an omniscient
    replay shows (seat -> cards), people's names for seats, and the width to wrap to (None: no limit)."""

    color: bool = False
    ascii: bool = False
    hidden_hands: Mapping[int, Sequence[Card]] | None = None
    names: Mapping[int, str] | None = None
    width: int | None = None


def render_table(
    view: SeatView,
    *,
    color: bool = False,
    ascii: bool = False,
    hidden_hands: Mapping[int, Sequence[Card]] | None = None,
    names: Mapping[int, str] | None = None,
    width: int | None = None,
    height: int | None = None,
    layout: str | None = None,
) -> str:
    """The table as ``view.seat`` sees it, in ``width`` x ``height`` columns and lines (either
    unbounded when None): the full table when it fits, else the compact one (every seat's counts,
    both sides' melds and books, the pile and the hand, in about a dozen lines). ``layout`` ("full",
    "compact", or "brief": the header, the pile and the hand) asks for one whatever the height.

    ``hidden_hands`` (seat -> cards) shows other seats' hands too, for an omniscient replay.
    ``names`` gives seats a person's name (``{0: "Ann"}``).
    """
    look = TableLook(color, ascii, hidden_hands, names, width)
    if layout == "compact":
        return "\n".join(_compact_table(view, look))
    if layout == "brief":
        return "\n".join(_brief_table(view, look))
    lines = _full_table(view, look)
    if layout is None and height is not None and len(lines) > height:
        lines = _compact_table(view, look)
    return "\n".join(lines)


def _full_table(view: SeatView, look: TableLook) -> list[str]:
    """Every fact on its own line: deal and scores, every seat, every meld's cards, the pile, the hand."""
    color, ascii, hidden_hands, names, width = look.color, look.ascii, look.hidden_hands, look.names, look.width
    rules = view.rules
    totals = view.totals()
    seating = view.seating
    lines: list[str] = []
    deal = paint(f"Deal {view.deal_index + 1} of {rules.deals}", BOLD, color)
    head = [[f"{deal}  minimum first meld {view.minimum}"]]
    scores = score_pieces(seating, totals)
    scores[0].insert(0, "score:")
    lines += wrap_pieces([*head, *scores, [f"({rules.name} rules)"]], width, between="   ")
    dealer = seating.long_names[view.dealer]
    lines.append(f"Dealer {dealer}.  Stock {view.stock_size}.")
    lines.append("")
    for seat in seating.seats:
        marker = ">" if seat == view.to_move and view.phase is not Phase.OVER else " "
        line = f"{marker} {seat_line(view, seat, names)}"
        if seat == view.seat:
            line = paint(line, BOLD, color)
        lines.append(line)
        if hidden_hands is not None and seat != view.seat and seat in hidden_hands:
            lines += hand_lines(hidden_hands[seat], width=width, lead="    ", indent="      ", color=color, ascii=ascii)
    for team in seating.teams:
        mine = " (you)" if team == view.team else ""
        lines.append("")
        opened = "" if view.opened[team] else "  not yet melded this deal"
        lines.append(paint(f"{side_label(seating, team, names)}{mine} melds:", BOLD, color) + opened)
        melds = listed_open_melds(view.melds[team])
        for meld in melds:
            lines += wrap_line(f"  {meld_text(meld, color=color, ascii=ascii)}", width)
        if not melds:
            lines.append("  (no open melds)")
        lines.append(f"  books: {books_summary(view.melds[team], rules.wild_melds)}")
        reds = view.red_threes[team]
        lines.append(f"  red threes: {cards_text(reds, color=color, ascii=ascii) if reds else 'none'}")
    lines.append("")
    lines.append(pile_line(view, color=color, ascii=ascii))
    lines.append("")
    where = "foot" if view.in_foot[view.seat] else "hand"
    lines.append(paint(f"Your {where} ({card_count(len(view.hand))}):", BOLD, color))
    lines += hand_lines(view.hand, width=width, lead="  ", indent="  ", color=color, ascii=ascii)
    return lines


def _compact_table(view: SeatView, look: TableLook) -> list[str]:
    """The table for a short terminal: a header line, then for each side its seats' counts, its melds
    (rank, size, wild cards), books and red threes, then the pile and the hand, wrapped to the width.
    The rules' name is on the status line, which the terminal shows under the prompt."""
    color, ascii, hidden_hands, names, width = look.color, look.ascii, look.hidden_hands, look.names, look.width
    rules = view.rules
    seating = view.seating
    lines = _compact_head(view, look)
    lines.append("")
    for team in seating.teams:
        mine = " (you)" if team == view.team else ""
        seats = seating.members(team)
        reds = view.red_threes[team]
        red_threes = [f"red threes {cards_text(reds, color=color, ascii=ascii) if reds else 'none'}"]
        if len(seats) == 1:
            # A player alone: the side is the seat, named once.
            [seat] = seats
            marker = ">" if seat == view.to_move and view.phase is not Phase.OVER else ""
            where = "in foot" if view.in_foot[seat] else f"foot {view.foot_sizes[seat]}"
            heading = paint(f"{marker}{seat_label(view, seat, names)}{mine}:", BOLD, color)
            counts = [[f"hand {view.hand_sizes[seat]}, {where};"], red_threes]
        else:
            heading = paint(f"{seating.team_names[team]}{mine}:", BOLD, color)
            counts = [[seat_counts(view, s, names) + ";"] for s in seats]
            counts.append(red_threes)
        lines += wrap_pieces(counts, width, lead=f"{heading} ", indent="    ", between=" ")
        melds = [[meld_summary(m, ascii=ascii) + ","] for m in listed_open_melds(view.melds[team])]
        if melds:
            melds[0].insert(0, "melds")
            melds[-1][-1] = melds[-1][-1].rstrip(",")
        else:
            melds = [["no open melds" if view.opened[team] else "not yet melded this deal"]]
        melds[-1][-1] += ";"
        melds.append([f"books {books_summary(view.melds[team], rules.wild_melds)}"])
        lines += wrap_pieces(melds, width, lead="  ", indent="    ", between=" ")
        if hidden_hands is not None:
            for seat in seats:
                if seat != view.seat and seat in hidden_hands:
                    lead = f"  {seat_label(view, seat, names)}: "
                    lines += hand_lines(hidden_hands[seat], width=width, lead=lead, indent="    ", color=color,
                                        ascii=ascii)
    lines.append("")
    return lines + _pile_and_hand(view, look)


def _compact_head(view: SeatView, look: TableLook) -> list[str]:
    """``Deal 1 of 4, dealt by East · first meld 50 · stock 164 · NS 0, EW 0``, wrapped."""
    seating = view.seating
    dot = "-" if look.ascii else "·"
    scores = score_pieces(seating, view.totals())
    for piece in scores[:-1]:
        piece[-1] += ","
    scores[0].insert(0, dot)
    head = [
        [paint(f"Deal {view.deal_index + 1} of {view.rules.deals}", BOLD, look.color) + ",", "dealt", "by",
         seating.long_names[view.dealer]],
        [dot, "first", "meld", str(view.minimum)], [dot, "stock", str(view.stock_size)], *scores,
    ]
    return wrap_pieces(head, look.width, between=" ")


def _pile_and_hand(view: SeatView, look: TableLook) -> list[str]:
    lines = [pile_line(view, color=look.color, ascii=look.ascii)]
    where = "foot" if view.in_foot[view.seat] else "hand"
    lead = paint(f"Your {where} ({len(view.hand)}):", BOLD, look.color) + " "
    return lines + hand_lines(view.hand, width=look.width, lead=lead, indent="  ", color=look.color,
                              ascii=look.ascii)


def _brief_table(view: SeatView, look: TableLook) -> list[str]:
    """The least a turn starts with, for a screen too short for the compact table beside what the
    round did: the header, the pile and the hand (``table`` shows the rest)."""
    return _compact_head(view, look) + _pile_and_hand(view, look)
