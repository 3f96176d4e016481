"""Cards, melds and moves as the screen writes them: a card as ``7♥`` (``7H`` in letters, words
for a screen reader), a ten as ``10``, a hand by rank, a move with its reason's words, and the
colours of the suits.

Everything here returns plain ``str``. With ``color=True`` the text carries ANSI colour codes
(red suits in red, headings in bold), which a terminal, ``click.echo`` and prompt_toolkit's
``ANSI`` all understand; with ``color=False`` it is plain text for pipes, tests and transcripts.
``ascii=True`` writes suits as letters (``7H``) instead of symbols (``7♥``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from hfcli.engine.cards import RANK_TOKENS, SUIT_SYMBOLS, Card, sort_for_display
from hfcli.engine.errors import HandFootError
from hfcli.engine.melds import WILD, BookKind, Meld
from hfcli.engine.moves import Move, MoveKind, Pick
from hfcli.text.card_words import card_name, hand_words, move_words
from hfcli.text.layout import wrap_pieces

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


def meld_text(meld: Meld, *, color: bool = False, ascii: bool = False) -> str:
    """One meld: its rank, size, kind and what it still needs, e.g. ``9: 9♣ 9♥ 2♠ (3, dirty, 4 to book)``."""
    kind = meld.kind
    kind_painted = paint(kind, {BookKind.CLEAN: GREEN, BookKind.DIRTY: YELLOW}.get(kind, CYAN), color)
    need = "book" if meld.is_book else f"{meld.needed} to book"
    shown = cards_text(meld.cards, color=color, ascii=ascii)
    return f"{paint(meld_label(meld.rank), BOLD, color)}: {shown} ({len(meld.cards)}, {kind_painted}, {need})"


def meld_summary(meld: Meld, *, ascii: bool = False) -> str:
    """One meld in a few columns, for the compact table: ``K×5``, ``9×4 (1 wild)``, ``wild×3``."""
    wilds = "" if meld.rank == WILD or not meld.wilds else f" ({meld.wilds} wild)"
    return f"{meld_label(meld.rank)}{'x' if ascii else '×'}{len(meld.cards)}{wilds}"
