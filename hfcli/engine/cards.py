"""Cards, ranks and their text notation.

A card is written as rank then suit: ``7H``, ``TS``, ``QD``, ``2C``; the joker is ``JK``.
Rank tokens (``7``, ``T``, ``2``, ``JK``) name a card when its suit does not matter, which in
this game is everywhere except threes (red threes never reach a hand, so a ``3`` in a hand is
always black). Card objects are interned: there is exactly one object per card face, so they
compare and hash by identity, which keeps the engine's inner loops cheap.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from hfcli.engine.errors import InvalidMoveError

# Rank indices, in ascending card order; the joker shares the scheme as the highest index.
THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE, TWO, JOKER = range(14)
RANK_COUNT = 14
RANK_TOKENS: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "JK")
RANK_NAMES: tuple[str, ...] = (
    "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace", "two", "joker",
)
RANK_PLURALS: tuple[str, ...] = (
    "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces", "twos", "jokers",
)
NATURAL_RANKS: tuple[int, ...] = tuple(range(FOUR, ACE + 1))
WILD_RANKS: tuple[int, ...] = (TWO, JOKER)
# C-WILD display order: A K Q J 10 9 8 7 6 5 4 3 2, jokers first as the highest wild.
DISPLAY_ORDER: tuple[int, ...] = (JOKER, ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT, SEVEN, SIX, FIVE, FOUR, THREE, TWO)
DISPLAY_PLACE = {rank: i for i, rank in enumerate(DISPLAY_ORDER)}  # a rank's place in DISPLAY_ORDER

SUITS = "CDHS"
RED_SUITS = "DH"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

_RANK_ALIASES = {"10": TEN, "JOKER": JOKER}


class Card:
    """One card face. Use :func:`card` or :meth:`Card.parse`; never construct directly."""

    __slots__ = ("rank", "suit", "code", "text", "is_wild", "is_natural", "is_red_three", "is_black_three")

    rank: int
    suit: str
    code: int
    text: str
    is_wild: bool
    is_natural: bool
    is_red_three: bool
    is_black_three: bool

    def __init__(self, rank: int, suit: str, code: int) -> None:
        self.rank = rank
        self.suit = suit
        self.code = code
        self.text = "JK" if rank == JOKER else RANK_TOKENS[rank] + suit
        self.is_wild = rank in WILD_RANKS
        self.is_natural = FOUR <= rank <= ACE
        self.is_red_three = rank == THREE and suit in RED_SUITS
        self.is_black_three = rank == THREE and suit not in RED_SUITS

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # Unpickling must return the interned object so identity comparison keeps working.
        return (card, (self.text,))

    @staticmethod
    def parse(text: str) -> Card:
        return card(text)


ALL_CARDS: tuple[Card, ...] = tuple(
    [Card(rank, suit, rank * 4 + i) for rank in range(TWO + 1) for i, suit in enumerate(SUITS)]
    + [Card(JOKER, "", JOKER * 4)]
)
JOKER_CARD = ALL_CARDS[-1]
# Every card by its text (``7H``, ``TS``, ``JK``): the one map the parsers of cards read.
CARD_BY_TEXT: Final[Mapping[str, Card]] = {c.text: c for c in ALL_CARDS}


# The one sort key of cards: by code, which orders them by rank, then suit (what ``Card.__lt__``
# compares, read here without a Python call per comparison).
card_code = operator.attrgetter("code")


def rank_counts(cards: Iterable[Card]) -> list[int]:
    """How many of ``cards`` there are of each rank, by rank index (3 .. A, 2, JK)."""
    counts = [0] * RANK_COUNT
    for c in cards:
        counts[c.rank] += 1
    return counts


def card(text: str) -> Card:
    """The card written ``text`` (``7H``, ``10S``, ``JK``), case-insensitive."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    found = CARD_BY_TEXT.get(t)
    if found is None:
        raise InvalidMoveError(f"{text!r} is not a card (write rank then suit, e.g. 7H, TS, 2C, or JK)")
    return found


def parse_rank(token: str) -> int:
    """The rank index named by ``token``: ``9``, ``T``/``10``, ``2``, ``JK``."""
    t = token.strip().upper()
    if t in _RANK_ALIASES:
        return _RANK_ALIASES[t]
    if t in RANK_TOKENS:
        return RANK_TOKENS.index(t)
    raise InvalidMoveError(f"{token!r} is not a rank (use A K Q J T 9 8 7 6 5 4 3 2 or JK)")


def one_deck() -> list[Card]:
    """A 54-card deck: 52 faces and two jokers (C-DECK)."""
    return [c for c in ALL_CARDS if c.rank != JOKER] + [JOKER_CARD, JOKER_CARD]


def new_shoe(decks: int) -> list[Card]:
    """``decks`` decks in a fixed order, before shuffling."""
    return one_deck() * decks


def shuffled_shoe(decks: int, rng: random.Random) -> list[Card]:
    """The one way a shoe is shuffled: ``decks`` decks in their fixed order, shuffled by ``rng``
    (top card first). A game deals deal N from the Nth call on its one generator, so the same seed
    gives the same shoes on any machine whose ``random.shuffle`` is the same; transcripts record
    every shoe so that replays never depend on it."""
    shoe = new_shoe(decks)
    rng.shuffle(shoe)
    return shoe


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join([c.text for c in cards])  # a list joins faster than a generator


def parse_cards(text: str | Sequence[str]) -> list[Card]:
    tokens = text.split() if isinstance(text, str) else list(text)
    return [card(t) for t in tokens]


def sort_for_display(cards: Iterable[Card]) -> list[Card]:
    """Cards in display order (C-WILD): jokers, A K Q ... 4, threes, twos; suits within a rank."""
    return sorted(cards, key=lambda c: (DISPLAY_PLACE[c.rank], c.suit))
