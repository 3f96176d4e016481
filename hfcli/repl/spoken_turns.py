"""What a screen reader hears of a turn (``hf play --screen-reader``): a seat's moves of one turn in
one phrase list, each meld said once, and the one short reason after another seat's discard
(``safe``, ``risky``); the whole reason is for ``why``. Said by :class:`hfcli.repl.spoken.SpokenSession`
after each other seat's turn and after the person's own moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hfcli.engine.cards import WILD_RANKS
from hfcli.engine.melds import WILD, BookKind, Meld
from hfcli.engine.moves import MoveKind, Pick
from hfcli.engine.reasons import Reason, ReasonKind
from hfcli.repl.narration import Told
from hfcli.system.printable import one_line_of_words, printable
from hfcli.text.card_words import added_words, and_list, caused_words, counted, group_words, move_words, with_article
from hfcli.text.reason_text import Form, clauses


def short_reason(reason: Reason | None, names: Mapping[int, str], you: int) -> str:
    """A reason's first clause as the table says it, for the log and a hint (``a single five`` of
    ``a single five; North could take the pile, about 12%``)."""
    if reason is None:
        return ""
    said = clauses(reason, Form.PHRASE, names, you=you)
    return printable(one_line_of_words(said[0])).rstrip(" .") if said else ""


# The kinds of a discard's reason that say why the next player cannot take the pile: the listener
# hears "safe" (which one, and why, is for why).
_SAFE = frozenset({
    ReasonKind.PARTNER_NEXT, ReasonKind.NO_PILE_ON_THREE, ReasonKind.NO_PILE_BEFORE_MELD, ReasonKind.NO_PILE_ON_WILD,
    ReasonKind.NO_ROOM, ReasonKind.NONE_UNSEEN, ReasonKind.TOO_FEW_UNSEEN, ReasonKind.NOTHING_SINCE,
    ReasonKind.ALL_KNOWN, ReasonKind.FEW_UNKNOWN,
})
# Reasons the move says itself: a black three blocks the pile and cannot be melded; the last card goes out.
_SAID_BY_THE_MOVE = frozenset({ReasonKind.BLOCK_WITH_THREE, ReasonKind.THREE_UNMELDABLE, ReasonKind.LAST_CARD})
SHORTEST = 6  # words: a reason of more is left to why


def spoken_reason(reason: Reason | None, names: Mapping[int, str], you: int) -> str:
    """One short reason after another seat's move, as a listener wants it between moves; the whole
    reason is for ``why``. What the discard hands the next player comes first: ``safe`` (they
    cannot take the pile with it), ``risky`` (they could); nothing where the move says it already
    (a black three); else the reason's first clause, if it is short."""
    if reason is None or reason.kind in _SAID_BY_THE_MOVE:
        return ""
    for part in reason.walk():
        if part.kind in _SAFE:
            return "safe"
        if part.kind is ReasonKind.RISK:
            return "risky"  # the next player could take the pile with it: who, how and how likely, in why
    said = short_reason(reason, names, you)
    return said if len(said.split()) <= SHORTEST else ""


def turn_words(moves: Sequence[Told], *, own: bool, reason: str = "") -> str:
    """A seat's turn in one phrase list, each meld said once: the melds of the turn together, with
    what the turn added to them (``melded five tens and four kings``), the adds to older melds
    together (``added a six and two queens``), a book where it was closed (``added two tens for a
    clean book``; several, together: ``closed two clean books``), each where the first of them
    came; the ``reason`` after the discard."""
    parts: list[str] = []
    groups: dict[int, list[Pick]] = {}  # the melds laid this turn, by rank, with what was added to them
    adds: dict[int, list[Pick]] = {}  # what was added to melds laid before
    books: dict[int, Meld] = {}
    for told in moves:
        move = told.move
        if move.kind is MoveKind.MELD:
            if not groups:
                parts.append(MELDS)
            for group in move.groups:
                groups.setdefault(_group_rank(group), []).extend(group)
            rest = caused_words(told.events)
        elif move.kind is MoveKind.ADD:
            target = move.target if move.target is not None else move.picks[0].rank
            if target in groups:
                groups[target].extend(move.picks)
            else:
                if not adds:
                    parts.append(ADDS)
                adds.setdefault(target, []).extend(move.picks)
            rest = caused_words(told.events)
        else:
            rest = move_words(move, told.events, discarded=told.discarded, books=told.books, own=own, pair=told.pair)
            if reason and rest and move.kind is MoveKind.DISCARD:
                rest[0] += f", {reason}"  # the reason belongs to the move, before what the move caused
                reason = ""
        if move.kind in (MoveKind.MELD, MoveKind.ADD) and told.books:
            if not books:
                parts.append(BOOKS)
            books.update((book.rank, book) for book in told.books)
        parts.extend(rest)
    one_book = next(iter(books.values())) if len(books) == 1 else None

    def closed(rank: int) -> str:
        """`` for a clean book`` after the cards that closed the turn's one book."""
        if one_book is None or one_book.rank != rank:
            return ""
        return f" for {with_article(str(one_book.kind))} book"

    # Naturals added to their own melds name them (added a six and two queens, added two kings with
    # a two); wild cards alone name the meld they went to, each in a phrase of its own, so no "to
    # the" is misread as belonging to the list.
    plain = [group_words(p) + closed(t) for t, p in adds.items() if any(pick.rank == t for pick in p)]
    aimed = [f"added {added_words(p, t)}{closed(t)}" for t, p in adds.items() if all(pick.rank != t for pick in p)]
    kinds = [book.kind for book in books.values()]
    together = {
        MELDS: "melded " + and_list([group_words(g) + closed(r) for r, g in groups.items()]),
        ADDS: "; ".join(([f"added {and_list(plain)}"] if plain else []) + aimed),
        BOOKS: "" if one_book is not None else "closed " + and_list(
            [how_many(kinds.count(kind), f"{kind} book") for kind in BookKind if kind in kinds]),
    }
    text = "; ".join(said for part in parts if (said := together.get(part, part)))
    return f"{text}, {reason}" if reason and text else text


def how_many(count: int, thing: str) -> str:
    """``a clean book``, ``two clean books``."""
    return with_article(thing) if count == 1 else counted(count, thing)


def _group_rank(group: Sequence[Pick]) -> int:
    """The rank of the meld a group makes: its naturals', or the wild meld's."""
    return next((pick.rank for pick in group if pick.rank not in WILD_RANKS), WILD)


# Where a turn's melds and adds are told, each said once for all of them.
MELDS, ADDS, BOOKS = "\0melds", "\0adds", "\0books"
