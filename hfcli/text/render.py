"""Text rendering of what one seat sees: the table screen, score tables and the status line.

Everything here returns plain ``str``. With ``color=True`` the text carries ANSI colour codes
(red suits in red, headings in bold), which a terminal, ``click.echo`` and prompt_toolkit's
``ANSI`` all understand; with ``color=False`` it is plain text for pipes, tests and transcripts.
``ascii=True`` writes suits as letters (``7H``) instead of symbols (``7♥``).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from hfcli.engine.cards import DISPLAY_PLACE, RANK_TOKENS, SUIT_SYMBOLS, THREE, Card, sort_for_display
from hfcli.engine.errors import HandFootError
from hfcli.engine.melds import WILD, BookKind, Meld, count_books
from hfcli.engine.moves import Move, MoveKind, Pick
from hfcli.engine.rules import Rules
from hfcli.engine.scoring import DealEnding, DealResult, GameResult, TeamScore, cards_value
from hfcli.engine.seating import Seating
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView
from hfcli.system.printable import printable as printable  # text from outside, made safe to show, for render's callers
from hfcli.text.card_words import card_name, hand_words, move_words

RESET = "\x1b[0m"
BOLD = "\x1b[1m"
DIM = "\x1b[2m"
RED = "\x1b[31m"
GREEN = "\x1b[32m"
YELLOW = "\x1b[33m"
CYAN = "\x1b[36m"
# --four-color: Okabe and Ito's palette for colour-blind eyes, in the 256-colour set every modern
# terminal has: hearts vermilion (#d75f00), diamonds blue (#0087d7), clubs bluish green (#00af5f),
# spades in the terminal's own colour. Vermilion and bluish green differ in lightness as well as in
# hue, so a red-green colour-blind player still tells hearts from clubs.
VERMILION = "\x1b[38;5;166m"
BLUE = "\x1b[38;5;32m"
BLUISH_GREEN = "\x1b[38;5;35m"
TWO_COLORS: dict[str, str] = {"D": RED, "H": RED}
FOUR_COLORS: dict[str, str] = {"H": VERMILION, "D": BLUE, "C": BLUISH_GREEN}
# The colour of each suit on screen (none for a suit not in it): the program's one display choice
# of suits, set once at the start of a command by use_four_colors.
SUIT_COLORS: dict[str, str] = dict(TWO_COLORS)


# For a screen reader (HF_SCREEN_READER, hf config screen-reader yes): cards in words wherever a
# command writes them (``seven of hearts``, a hand as ranks with counts), set once at the start.
_SPOKEN: list[bool] = [False]


def use_spoken_cards(on: bool) -> None:
    """Cards in words from now on (for a screen reader), or as the table writes them."""
    _SPOKEN[0] = on


def spoken_cards() -> bool:
    return _SPOKEN[0]


def use_four_colors(on: bool) -> None:
    """Suits in four colours from now on (``--four-color``), or red and black."""
    SUIT_COLORS.clear()
    SUIT_COLORS.update(FOUR_COLORS if on else TWO_COLORS)


# A ten in move notation: the rank token ``T`` alone or as an exact card (``TS``), never inside a word.
_NOTATION_TEN = re.compile(r"\bT(?=[CDHS]?\b)")
ANSI_CODE = re.compile(r"\x1b\[[0-9;]*m")


def can_show_symbols(encoding: str | None, codeset: str | None = None) -> bool:
    """Whether text in ``encoding``, on a terminal whose locale's character set is ``codeset`` (not
    checked when None), can carry suit symbols and box lines; if not, letters are used."""
    for charset in (encoding or "ascii", codeset):
        if charset is None:
            continue
        try:
            "♣♦♥♠×│·—".encode(charset)
        except (UnicodeEncodeError, LookupError):
            return False
    return True


def locale_codeset() -> str | None:
    """The character set of the locale the program runs in (``ANSI_X3.4-1968`` under ``LC_ALL=C``,
    where Python still writes UTF-8 but the terminal may show it as garbage), or None where unknown."""
    import locale

    try:
        return locale.nl_langinfo(locale.CODESET) or None
    except (AttributeError, ValueError):  # no nl_langinfo (Windows)
        return None


def output_shows_symbols(encoding: str | None) -> bool:
    """Suit symbols for an output stream in ``encoding``, in this process's locale."""
    return can_show_symbols(encoding, locale_codeset())


def paint(text: str, code: str, color: bool) -> str:
    return f"{code}{text}{RESET}" if color else text


def rank_label(rank: int) -> str:
    """A rank as people write it: ``10`` for tens, ``JK`` for the joker."""
    token = RANK_TOKENS[rank]
    return "10" if token == "T" else token


def meld_label(rank: int) -> str:
    """A meld's rank as people write it: ``10``, ``K``, or ``wild`` for a meld of wild cards."""
    return "wild" if rank == WILD else rank_label(rank)


def card_text(c: Card, *, color: bool = False, ascii: bool = False) -> str:
    """One card: ``7♥`` (or ``7H`` with ``ascii``); the joker is ``JK``; red suits in red."""
    if _SPOKEN[0]:
        return card_name(c)
    if not c.suit:
        return paint("JK", YELLOW, color)
    text = rank_label(c.rank) + (c.suit if ascii else SUIT_SYMBOLS[c.suit])
    code = SUIT_COLORS.get(c.suit)
    return paint(text, code, color) if code else text


def cards_text(cards: Sequence[Card], *, color: bool = False, ascii: bool = False) -> str:
    return " ".join(card_text(c, color=color, ascii=ascii) for c in cards)


def card_count(count: int) -> str:
    """``1 card``, ``7 cards``."""
    return f"{count} card{'' if count == 1 else 's'}"


def pick_text(pick: Pick, *, color: bool = False, ascii: bool = False) -> str:
    """A card a move names, as the player reads it: a rank (``T`` -> ``10``, ``JK``) or an exact
    card (``TS`` -> ``10♠``). Move notation keeps ``T``; what the player reads matches the hand."""
    if pick.card is None:
        return rank_label(pick.rank)
    return card_text(pick.card, color=color, ascii=ascii)


def picks_text(picks: Sequence[Pick], *, color: bool = False, ascii: bool = False) -> str:
    return " ".join(pick_text(p, color=color, ascii=ascii) for p in picks)


def notation_text(text: str) -> str:
    """Move notation, or a text quoting it, as the table writes it: a ten is ``10``
    (``meld T T T`` -> ``meld 10 10 10``, ``discard TS`` -> ``discard 10S``). What is read back
    (input, transcripts) takes ``T`` and ``10`` alike; only what is shown goes through here. For a
    screen reader a whole move is said in words (``add a joker to the fives``)."""
    if _SPOKEN[0]:
        try:
            return "; ".join(move_words(Move.parse(text), (), advice=True))
        except HandFootError:
            pass  # not a move: a text quoting one
    return _NOTATION_TEN.sub("10", text)


def move_text(notation: str, *, color: bool = False, ascii: bool = False) -> str:
    """A move in notation as the table writes it: an exact card with its suit as the table shows
    suits (``discard QC`` -> ``discard Q♣``), a ten as ``10`` (``meld T T T`` -> ``meld 10 10 10``)."""
    try:
        move = Move.parse(notation)
    except HandFootError:
        return notation_text(notation)
    if _SPOKEN[0]:  # for a screen reader, in words: add a joker to the fives, not "add J K to 5"
        return "; ".join(move_words(move, (), advice=True))
    if move.kind not in (MoveKind.MELD, MoveKind.ADD, MoveKind.DISCARD):
        return notation_text(str(move))
    text = f"{move.kind} " + ", ".join(picks_text(group, color=color, ascii=ascii) for group in move.groups)
    target = move.target
    if move.kind is MoveKind.ADD and target is not None and any(p.rank != target for p in move.picks):
        text += f" to {meld_label(target)}"
    return text


def reason_suffix(said: str | None, *, color: bool = False, ascii: bool = False) -> str:
    """`` — a single king``: what follows a move told on screen when it has a reason ("" if not);
    ``said`` is the reason's words as :mod:`hfcli.text.reason_text` makes them. A dash, not
    parentheses: a reason may hold parentheses of its own."""
    if not said:
        return ""
    return paint(f"{' -- ' if ascii else ' — '}{said}", DIM, color)


def move_with_reason(move: str, said: str | None, *, color: bool = False, ascii: bool = False) -> str:
    """``discard 10 — a single ten``: a move in notation as shown (suits as the table shows them),
    and its reason's words when there are any."""
    return move_text(move, color=color, ascii=ascii) + reason_suffix(said, color=color, ascii=ascii)


def hand_groups(cards: Sequence[Card]) -> list[tuple[int, list[Card]]]:
    """The hand grouped by rank in display order: ``[(rank, cards), ...]``."""
    groups: dict[int, list[Card]] = {}
    for c in sort_for_display(cards):
        groups.setdefault(c.rank, []).append(c)
    return list(groups.items())


def hand_text(cards: Sequence[Card], *, color: bool = False, ascii: bool = False) -> str:
    """``A×2 A♣ A♥ │ K×1 K♠ │ ...``: each rank with its count, then the cards themselves."""
    return " ".join(hand_lines(cards, color=color, ascii=ascii))


def hand_lines(
    cards: Sequence[Card],
    *,
    width: int | None = None,
    lead: str = "",
    indent: str = "  ",
    color: bool = False,
    ascii: bool = False,
) -> list[str]:
    """The hand as ``hand_text`` writes it, after ``lead``, in lines of at most ``width`` columns
    (unbounded when None). Lines break between ranks where they can, else between two cards, never
    inside a card; lines after the first start with ``indent``."""
    if not cards:
        return [f"{lead}(no cards)"]
    if _SPOKEN[0]:
        return [f"{lead}{hand_words(cards)}"]
    times = "x" if ascii else "×"
    bar = "|" if ascii else "│"
    groups = [
        [paint(f"{rank_label(rank)}{times}{len(group)}", BOLD, color),
         *(card_text(c, color=color, ascii=ascii) for c in group)]
        for rank, group in hand_groups(cards)
    ]
    return wrap_pieces(groups, width, lead=lead, indent=indent, between=f" {bar} ")


def visible_len(text: str) -> int:
    """Columns ``text`` takes on a terminal: colour codes take none."""
    return len(ANSI_CODE.sub("", text))


def wrap_pieces(
    groups: Sequence[Sequence[str]], width: int | None, *, lead: str = "", indent: str = "  ", between: str = " "
) -> list[str]:
    """Words in groups, laid out in lines of at most ``width`` columns: words of a group are joined
    by a space, groups by ``between``. A group moves whole to the next line when it fits there; a
    group longer than a line breaks between its words. A word is never broken."""
    lines: list[str] = []
    line = lead
    empty = True  # nothing on this line yet but its lead or indent: the next piece needs no ``between``

    def fits(piece: str) -> bool:
        return width is None or visible_len(line) + visible_len(piece) <= width

    def new_line() -> None:
        nonlocal line, empty
        lines.append(line.rstrip())
        line, empty = indent, True

    for group in groups:
        whole = " ".join(group)
        if not fits(whole if empty else between + whole) and line != indent and (
            width is None or visible_len(indent) + visible_len(whole) <= width
        ):
            new_line()
        if fits(whole if empty else between + whole):
            line += whole if empty else between + whole
            empty = False
            continue
        for i, word in enumerate(group):
            piece = word if empty else (between if i == 0 else " ") + word
            if not fits(piece) and line != indent:
                new_line()
                piece = word
            line += piece
            empty = False
    lines.append(line)
    return lines


def wrap_line(text: str, width: int | None, indent: str = "  ") -> list[str]:
    """One line of text broken at spaces to fit ``width`` (so a card, one word, is never split);
    the lines after the first keep the line's own indentation plus ``indent``."""
    if width is None or visible_len(text) <= width:
        return [text]
    body = text.lstrip(" ")
    lead = text[: len(text) - len(body)]
    return wrap_pieces([[word] for word in body.split(" ")], width, lead=lead, indent=lead + indent, between=" ")


def command_lines(command: str, width: int | None, lead: str = "  ") -> list[str]:
    """A shell command to copy, after ``lead``: one line where it fits ``width``, else broken
    between its words with a backslash ending each line but the last, as a shell reads it back, so
    that no word is cut in two (a long path has a line of its own); later lines are indented two
    more. The command's words are read as the shell reads them, quotes and all."""
    if width is None or len(lead) + len(command) <= width:
        return [lead + command]
    words = [shlex.quote(word) for word in shlex.split(command)]
    lines: list[str] = []
    line = lead + words[0]
    for word in words[1:]:
        if len(line) + 1 + len(word) + 2 <= width:  # room for the word and the " \" that may follow
            line += " " + word
        else:
            lines.append(line + " \\")
            line = lead + "  " + word
    return [*lines, line]


def meld_text(meld: Meld, *, color: bool = False, ascii: bool = False) -> str:
    """One meld: its rank, size, kind and what it still needs, e.g. ``9: 9♣ 9♥ 2♠ (3, dirty, 4 to book)``."""
    kind = meld.kind
    kind_painted = paint(kind, {BookKind.CLEAN: GREEN, BookKind.DIRTY: YELLOW}.get(kind, CYAN), color)
    need = "book" if meld.is_book else f"{meld.needed} to book"
    shown = cards_text(meld.cards, color=color, ascii=ascii)
    return f"{paint(meld_label(meld.rank), BOLD, color)}: {shown} ({len(meld.cards)}, {kind_painted}, {need})"


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


def open_melds(melds: Sequence[Meld]) -> list[Meld]:
    """The melds not yet books, as the table lists them: the wild meld first, then by rank, high to low."""
    found = [m for m in melds if not m.is_book]
    found.sort(key=lambda m: -1 if m.rank == WILD else DISPLAY_PLACE[m.rank])
    return found


def meld_summary(meld: Meld, *, ascii: bool = False) -> str:
    """One meld in a few columns, for the compact table: ``K×5``, ``9×4 (1 wild)``, ``wild×3``."""
    wilds = "" if meld.rank == WILD or not meld.wilds else f" ({meld.wilds} wild)"
    return f"{meld_label(meld.rank)}{'x' if ascii else '×'}{len(meld.cards)}{wilds}"


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
        melds = open_melds(view.melds[team])
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
        melds = [[meld_summary(m, ascii=ascii) + ","] for m in open_melds(view.melds[team])]
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
