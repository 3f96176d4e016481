"""Text rendering of what one seat sees: the table screen, score tables and the status line.

Everything here returns plain ``str``. With ``color=True`` the text carries ANSI colour codes
(red suits in red, headings in bold), which a terminal, ``click.echo`` and prompt_toolkit's
``ANSI`` all understand; with ``color=False`` it is plain text for pipes, tests and transcripts.
``ascii=True`` writes suits as letters (``7H``) instead of symbols (``7♥``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from hfcli.engine.cards import DISPLAY_PLACE, RANK_TOKENS, SUIT_SYMBOLS, THREE, Card, sort_for_display
from hfcli.engine.melds import WILD, BookKind, Meld
from hfcli.engine.moves import Pick
from hfcli.engine.scoring import DealEnding, DealResult, GameResult
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView

RESET = "\x1b[0m"
BOLD = "\x1b[1m"
DIM = "\x1b[2m"
RED = "\x1b[31m"
GREEN = "\x1b[32m"
YELLOW = "\x1b[33m"
CYAN = "\x1b[36m"

# A ten in move notation: the rank token ``T`` alone or as an exact card (``TS``), never inside a word.
_NOTATION_TEN = re.compile(r"\bT(?=[CDHS]?\b)")
# The move a reason opens with, when it names the move it explains: ``discard 3: a black three ...``.
_REASON_HEAD = re.compile(r"^([^:]+): (.+)$", re.S)
_PICKUP_WORDS = ("pickup", "take pile")


def can_show_symbols(encoding: str | None) -> bool:
    """Whether the output can carry suit symbols and box lines; if not, letters are used."""
    try:
        "♣♦♥♠×│".encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


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
    if not c.suit:
        return paint("JK", YELLOW, color)
    text = rank_label(c.rank) + (c.suit if ascii else SUIT_SYMBOLS[c.suit])
    return paint(text, RED, color) if c.suit in "DH" else text


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
    (input, transcripts) takes ``T`` and ``10`` alike; only what is shown goes through here."""
    return _NOTATION_TEN.sub("10", text)


def reason_text(move: str, reason: str) -> str:
    """An AI's reason for ``move`` as the table shows it beside the move: without the move named a
    second time (``discard 3: a black three ...`` -> ``a black three ...``), tens written ``10``."""
    found = _REASON_HEAD.match(reason)
    if found is not None:
        head = found.group(1).strip().lower()
        said = move.strip().lower()
        if head == said or (said == "pickup" and head in _PICKUP_WORDS):
            reason = found.group(2)
    return notation_text(reason)


def move_with_reason(move: str, reason: str | None, *, color: bool = False) -> str:
    """``discard 10 (a cheap single)``: a move in notation as shown, and its reason when there is one."""
    shown = notation_text(move)
    if not reason:
        return shown
    return f"{shown} " + paint(f"({reason_text(move, reason)})", DIM, color)


def hand_groups(cards: Sequence[Card]) -> list[tuple[int, list[Card]]]:
    """The hand grouped by rank in display order: ``[(rank, cards), ...]``."""
    groups: dict[int, list[Card]] = {}
    for c in sort_for_display(cards):
        groups.setdefault(c.rank, []).append(c)
    return list(groups.items())


def hand_text(cards: Sequence[Card], *, color: bool = False, ascii: bool = False) -> str:
    """``A×2 A♣ A♥ │ K×1 K♠ │ ...``: each rank with its count, then the cards themselves."""
    if not cards:
        return "(no cards)"
    times = "x" if ascii else "×"
    bar = "|" if ascii else "│"
    parts = []
    for rank, group in hand_groups(cards):
        label = paint(f"{rank_label(rank)}{times}{len(group)}", BOLD, color)
        parts.append(f"{label} {cards_text(group, color=color, ascii=ascii)}")
    return f" {bar} ".join(parts)


def meld_text(meld: Meld, *, color: bool = False, ascii: bool = False) -> str:
    """One meld: its rank, size, kind and what it still needs, e.g. ``9: 9♣ 9♥ 2♠ (3, dirty, 4 to book)``."""
    kind = meld.kind
    kind_painted = paint(kind, {BookKind.CLEAN: GREEN, BookKind.DIRTY: YELLOW}.get(kind, CYAN), color)
    need = "book" if meld.is_book else f"{meld.needed} to book"
    shown = cards_text(meld.cards, color=color, ascii=ascii)
    return f"{paint(meld_label(meld.rank), BOLD, color)}: {shown} ({len(meld.cards)}, {kind_painted}, {need})"


def books_summary(melds: Sequence[Meld]) -> str:
    """Completed books by kind, with their ranks: ``clean 1 (Q), dirty 0, wild 0``."""
    parts = []
    for kind in BookKind:
        books = [m for m in melds if m.is_book and m.kind == kind]
        ranks = " ".join(meld_label(m.rank) for m in books)
        parts.append(f"{kind} {len(books)}" + (f" ({ranks})" if ranks else ""))
    return ", ".join(parts)


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


def status_line(view: SeatView, names: Mapping[int, str] | None = None) -> str:
    """The toolbar's one line: whose turn, the phase, stock, deal and score."""
    seat = view.to_move
    who = "your" if seat == view.seat else f"{seat_label(view, seat, names)}'s"
    phase = {Phase.DRAW: "draw", Phase.MELD: "meld / discard", Phase.ANSWER: "answer: may they go out?"}
    totals = view.totals()
    score = "  ".join(f"{view.seating.team_names[t]} {totals[t]}" for t in view.seating.teams)
    if view.phase is Phase.OVER:
        return f"Game over | {score}"
    return (
        f"{who} turn, {phase.get(view.phase, view.phase)} | stock {view.stock_size} | "
        f"deal {view.deal_index + 1}/{view.rules.deals} | {score}"
    )


def render_table(
    view: SeatView,
    *,
    color: bool = False,
    ascii: bool = False,
    hidden_hands: Mapping[int, Sequence[Card]] | None = None,
    names: Mapping[int, str] | None = None,
) -> str:
    """The whole screen for ``view.seat``: deal and scores, every seat, the melds, the pile, the hand.

    ``hidden_hands`` (seat -> cards) shows other seats' hands too, for an omniscient replay.
    ``names`` gives seats a person's name (``{0: "Ann"}``).
    """
    rules = view.rules
    totals = view.totals()
    seating = view.seating
    lines: list[str] = []
    score = "   ".join(f"{seating.team_names[t]} {totals[t]}" for t in seating.teams)
    lines.append(
        paint(f"Deal {view.deal_index + 1} of {rules.deals}", BOLD, color)
        + f"  minimum first meld {view.minimum}   score: {score}   ({rules.name} rules)"
    )
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
            lines.append(f"    {hand_text(hidden_hands[seat], color=color, ascii=ascii)}")
    for team in seating.teams:
        mine = " (you)" if team == view.team else ""
        lines.append("")
        opened = "" if view.opened[team] else "  not yet melded this deal"
        lines.append(paint(f"{seating.team_names[team]}{mine} melds:", BOLD, color) + opened)
        melds = view.melds[team]
        open_melds = [m for m in melds if not m.is_book]
        open_melds.sort(key=lambda m: -1 if m.rank == WILD else DISPLAY_PLACE[m.rank])  # the wild meld first
        for meld in open_melds:
            lines.append(f"  {meld_text(meld, color=color, ascii=ascii)}")
        if not open_melds:
            lines.append("  (no open melds)")
        lines.append(f"  books: {books_summary(melds)}")
        reds = view.red_threes[team]
        lines.append(f"  red threes: {cards_text(reds, color=color, ascii=ascii) if reds else 'none'}")
    lines.append("")
    if view.pile_top is None:
        lines.append("Pile: empty")
    else:
        state = pile_state(view)
        top = card_text(view.pile_top, color=color, ascii=ascii)
        lines.append(f"Pile: {top} on top, {card_count(view.pile_size)}" + (f"  ({state})" if state else ""))
    lines.append("")
    where = "foot" if view.in_foot[view.seat] else "hand"
    lines.append(paint(f"Your {where} ({len(view.hand)} cards):", BOLD, color))
    lines.append(f"  {hand_text(view.hand, color=color, ascii=ascii)}")
    return "\n".join(lines)


def score_table(result: DealResult, team_names: Sequence[str], *, color: bool = False) -> str:
    """Every C-SCORE line for both partnerships, with counts and points, and the deal's total."""
    header = f"{'Deal ' + str(result.deal + 1) + ' score':<32}" + "".join(f"{n:>10}" for n in team_names)
    lines = [paint(header, BOLD, color)]
    per_team = [t.lines() for t in result.teams]
    for i, (label, _, _) in enumerate(per_team[0]):
        cells = []
        for team_lines in per_team:
            _, count, points = team_lines[i]
            cell = f"{points:+d}" if points else "0"
            if count is not None:
                cell = f"{count}: {cell}"
            cells.append(f"{cell:>10}")
        lines.append(f"{label:<32}" + "".join(cells))
    lines.append(f"{'total':<32}" + "".join(f"{t.total:>10}" for t in result.teams))
    how = "someone went out" if result.ended_by is DealEnding.OUT else "the stock ran out"
    lines.append(f"(the deal ended because {how})")
    return "\n".join(lines)


def game_summary(result: GameResult, *, color: bool = False) -> str:
    """The totals after every deal and the winner (C-GAME)."""
    names = result.team_names
    lines = [paint("Game over", BOLD, color), *deal_totals(result.deals, names, result.totals)]
    winner = result.winner
    lines.append("A tie." if winner is None else f"{names[winner]} win.")
    return "\n".join(lines)


def deal_totals(deals: Sequence[DealResult], team_names: Sequence[str], totals: Sequence[int]) -> list[str]:
    """The lines of a table of each deal's total per partnership, then the game's ``totals``."""
    lines = [f"{'deal':<8}" + "".join(f"{n:>10}" for n in team_names)]
    for deal in deals:
        lines.append(f"{deal.deal + 1:<8}" + "".join(f"{t.total:>10}" for t in deal.teams))
    lines.append(f"{'total':<8}" + "".join(f"{t:>10}" for t in totals))
    return lines
