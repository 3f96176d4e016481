"""An event's cards, derived from its key with SHA-256 alone, and the commitment naming each shoe.

Python's ``random`` does not promise the same shuffle on every version, and an event is played on
everyone's own machine: its shoes are shuffled here by a Fisher-Yates shuffle whose numbers come
from SHA-256, which every version of every language computes alike (docs/events.md works one
through). The steps, for deal ``d`` (1-based) of an event whose key is ``K``:

1. The numbers: SHA-256 of the text ``hfcli shoe|K|deal d|block b`` for b = 0, 1, 2, ..., each
   digest read as four 64-bit numbers, big-endian, in order.
2. A number below ``n``: the next number ``x``, taken only if ``x < 2**64 - 2**64 % n`` (so every
   result is equally likely; otherwise the next), and then ``x % n``.
3. The shoe: the rule set's decks in their fixed order (3C 3D 3H 3S 4C ... 2S JK JK, deck after
   deck), then for i from the last place down to 1, the card at i swapped with the card at a
   place below i + 1. The first card is the top of the shoe.

The AI's seed (its own random choices, the same for every entry) is the first 8 bytes of SHA-256
of ``hfcli seed|K``, big-endian, shifted right by 11 bits (a whole number below 2**53, as a
transcript's header keeps seeds).

A shoe's commitment is the SHA-256 of the shoe as a transcript writes it: its cards' names, top
card first, separated by single spaces (the ``shoe`` of a ``deal`` line), in hex.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence

from hfcli.engine.cards import Card, format_cards, new_shoe

_WORD = 8  # bytes of one number
_SPAN = 1 << 64


def numbers(key: str, deal: int) -> Iterator[int]:
    """The 64-bit numbers that shuffle deal ``deal`` (1-based) of the event with ``key``."""
    block = 0
    while True:
        digest = hashlib.sha256(f"hfcli shoe|{key}|deal {deal}|block {block}".encode()).digest()
        for start in range(0, len(digest), _WORD):
            yield int.from_bytes(digest[start:start + _WORD], "big")
        block += 1


def below(n: int, source: Iterator[int]) -> int:
    """A number from 0 to ``n - 1``, each equally likely: numbers past the last whole multiple of
    ``n`` are passed over, so that no remainder comes up more often than another."""
    limit = _SPAN - _SPAN % n
    while True:
        x = next(source)
        if x < limit:
            return x % n


def shoe(key: str, deal: int, decks: int) -> tuple[Card, ...]:
    """The shoe of deal ``deal`` (1-based) of the event with ``key``, top card first."""
    cards = new_shoe(decks)
    source = numbers(key, deal)
    for i in range(len(cards) - 1, 0, -1):
        j = below(i + 1, source)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def shoes(key: str, deals: int, decks: int) -> tuple[tuple[Card, ...], ...]:
    return tuple(shoe(key, deal, decks) for deal in range(1, deals + 1))


def seed(key: str) -> int:
    """The AI's seed of the event with ``key``: below 2**53."""
    return int.from_bytes(hashlib.sha256(f"hfcli seed|{key}".encode()).digest()[:_WORD], "big") >> 11


def commitment(cards: Sequence[Card]) -> str:
    """The SHA-256 of the shoe as a transcript's ``deal`` line writes it, in hex."""
    return shoe_text_commitment(format_cards(cards))


def shoe_text_commitment(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()
