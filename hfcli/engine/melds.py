"""Melds and books (C-MELD, C-RATIO, C-BOOK; V-RATIO, V-NOWILD)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from hfcli.engine.cards import RANK_PLURALS, RANK_TOKENS, Card
from hfcli.engine.rules import Rules

# A wild meld's "rank": C-ONEOPEN counts wild melds as one rank of their own.
WILD = -1
CLEAN, DIRTY, WILD_BOOK = "clean", "dirty", "wild"


def meld_rank_token(rank: int) -> str:
    return "wild" if rank == WILD else RANK_TOKENS[rank]


def meld_rank_name(rank: int) -> str:
    return "wild cards" if rank == WILD else RANK_PLURALS[rank]


def ratio_ok(rank: int, naturals: int, wilds: int, rules: Rules) -> bool:
    """C-RATIO / V-RATIO for a meld of ``naturals`` + ``wilds`` cards of ``rank``."""
    if rank == WILD:
        return naturals == 0
    if wilds == 0:
        return True
    if rules.wild_ratio == "four":
        return naturals >= 4
    return naturals >= 2 * wilds


def max_wilds(rank: int, naturals: int, rules: Rules) -> int:
    """How many wilds a meld of ``rank`` with ``naturals`` may hold (ignoring its size limit)."""
    if rank == WILD:
        return rules.book_size
    if rules.wild_ratio == "four":
        return rules.book_size if naturals >= 4 else 0
    return naturals // 2


class Laid(Protocol):
    """A meld as the table shows it: a Meld, or a MeldView handed to a player."""

    @property
    def cards(self) -> Sequence[Card]: ...

    @property
    def kind(self) -> str: ...


def count_books(melds: Iterable[Laid], book_size: int) -> tuple[int, int, int]:
    """C-BOOK: the clean, dirty and wild books among ``melds``."""
    clean = dirty = wild = 0
    for m in melds:
        if len(m.cards) >= book_size:
            kind = m.kind
            if kind == CLEAN:
                clean += 1
            elif kind == DIRTY:
                dirty += 1
            else:
                wild += 1
    return clean, dirty, wild


_ONE_BYTE = [bytes((code,)) for code in range(256)]


class Meld:
    """One meld on the table; a complete book once it holds ``book_size`` cards."""

    __slots__ = ("rank", "cards", "wilds", "card_codes")

    def __init__(self, rank: int, cards: list[Card] | None = None, wilds: int = 0) -> None:
        self.rank = rank
        self.cards: list[Card] = cards if cards is not None else []
        self.wilds = wilds
        # The cards' codes, one byte each, for the table digest: kept up to date by add and
        # truncate, the only ways a meld's cards change, so a digest never reads the cards again.
        self.card_codes = bytes([c.code for c in self.cards])

    def truncate(self, size: int) -> None:
        """Take back every card after the first ``size`` (undo)."""
        del self.cards[size:]
        self.wilds = sum(1 for c in self.cards if c.is_wild)
        self.card_codes = self.card_codes[:size]

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wilds

    def add(self, card: Card) -> None:
        self.cards.append(card)
        if card.is_wild:
            self.wilds += 1
        self.card_codes += _ONE_BYTE[card.code]

    def is_book(self, rules: Rules) -> bool:
        return len(self.cards) >= rules.book_size

    @property
    def kind(self) -> str:
        """C-BOOK: clean, dirty or wild (for an incomplete meld, what it would be as a book now)."""
        if self.rank == WILD:
            return WILD_BOOK
        return DIRTY if self.wilds else CLEAN

    def copy(self) -> Meld:
        return Meld(self.rank, list(self.cards), self.wilds)

    def key(self) -> tuple[int, tuple[int, ...]]:
        return (self.rank, tuple(c.code for c in self.cards))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Meld) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Meld({meld_rank_token(self.rank)}: {' '.join(c.text for c in self.cards)})"
