"""Melds and books (C-MELD, C-RATIO, C-BOOK; V-RATIO, V-NOWILD).

A :class:`Meld` is an immutable value: laying cards on a meld makes a new one. The table keeps a
list of them per side, so a copy of the table, the undo of a turn and a player's view all share
the meld objects instead of copying them.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from hfcli.engine.cards import RANK_PLURALS, RANK_TOKENS, Card
from hfcli.engine.rules import Rules

# A wild meld's "rank": C-ONEOPEN counts wild melds as one rank of their own.
WILD = -1


class BookKind(StrEnum):
    """C-BOOK: what a meld is (or would be, were it complete)."""

    CLEAN = "clean"
    DIRTY = "dirty"
    WILD = "wild"


# The kinds as plain module names, for the inner loops: in Python 3.11 a member read through its
# class (BookKind.CLEAN) costs an enum descriptor's call, ten times a global's read.
CLEAN_BOOK, DIRTY_BOOK, WILD_BOOK = BookKind


def meld_rank_token(rank: int) -> str:
    """A meld's rank in move notation: ``9``, ``T``, or ``wild``."""
    return "wild" if rank == WILD else RANK_TOKENS[rank]


def meld_rank_name(rank: int) -> str:
    return "wild cards" if rank == WILD else RANK_PLURALS[rank]


def ratio_ok(rank: int, naturals: int, wilds: int, rules: Rules) -> bool:
    """C-RATIO / V-RATIO for a meld of ``naturals`` + ``wilds`` cards of ``rank``."""
    if rank == WILD:
        return naturals == 0
    return rules.wild_ratio.allows(naturals, wilds)


def max_wilds(rank: int, naturals: int, rules: Rules) -> int:
    """How many wilds a meld of ``rank`` with ``naturals`` may hold (ignoring its size limit)."""
    if rank == WILD:
        return rules.book_size
    return rules.wild_ratio.wilds_for(naturals, rules.book_size)


class Meld:
    """One meld on the table, a complete book once it holds ``book_size`` cards. Immutable:
    equal by rank and cards."""

    __slots__ = ("rank", "cards", "wilds", "naturals", "book_size", "is_book", "kind")

    # Attributes, not properties, worked out once a meld: the engine and the players ask them of
    # every meld at every decision.
    rank: int  # a natural rank index, or WILD
    cards: tuple[Card, ...]  # in the order they were laid
    wilds: int
    naturals: int
    book_size: int
    is_book: bool
    kind: BookKind  # C-BOOK: clean, dirty or wild (for an incomplete meld, what it would be as a book now)

    def __init__(self, rank: int, cards: tuple[Card, ...], book_size: int, wilds: int | None = None) -> None:
        self.rank = rank
        self.cards = cards
        self.book_size = book_size
        self.wilds = wilds = sum(1 for c in cards if c.is_wild) if wilds is None else wilds
        self.naturals = len(cards) - wilds
        self.is_book = len(cards) >= book_size
        self.kind = WILD_BOOK if rank == WILD else DIRTY_BOOK if wilds else CLEAN_BOOK

    def plus(self, cards: Iterable[Card]) -> Meld:
        """This meld with ``cards`` laid on it."""
        added = tuple(cards)
        return Meld(self.rank, self.cards + added, self.book_size, self.wilds + sum(1 for c in added if c.is_wild))

    def first(self, size: int) -> Meld:
        """This meld as it was when it held its first ``size`` cards (undo)."""
        return Meld(self.rank, self.cards[:size], self.book_size)

    @property
    def needed(self) -> int:
        """Cards still needed to make a book."""
        return max(0, self.book_size - len(self.cards))

    @property
    def token(self) -> str:
        return meld_rank_token(self.rank)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return self.rank == other.rank and self.cards == other.cards

    def __hash__(self) -> int:
        return hash((self.rank, self.cards))

    def __repr__(self) -> str:
        return f"Meld({meld_rank_token(self.rank)}: {' '.join(c.text for c in self.cards)})"


def meld_of(cards: Iterable[Card], book_size: int) -> Meld:
    """A meld of ``cards``, its rank read from its natural cards (a wild meld when there are none)."""
    laid = tuple(cards)
    rank = next((c.rank for c in laid if not c.is_wild), WILD)
    return Meld(rank, laid, book_size)


def count_books(melds: Iterable[Meld]) -> tuple[int, int, int]:
    """C-BOOK: the clean, dirty and wild books among ``melds``."""
    clean = dirty = wild = 0
    for m in melds:
        if m.is_book:
            kind = m.kind
            if kind is CLEAN_BOOK:
                clean += 1
            elif kind is DIRTY_BOOK:
                dirty += 1
            else:
                wild += 1
    return clean, dirty, wild
