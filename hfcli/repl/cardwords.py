"""Cards as people say them at a table, read into the move notation's card tokens.

``king``, ``kings``, ``3 kings``, ``ten``, ``deuce``, ``joker``, ``3 of clubs``, ``3c``, ``10♥``
and the notation's own ``K``, ``T``/``10``, ``7H``, ``JK``. A plural names every card of that rank
in the hand (``meld sevens``), so reading needs the hand. The result is always canonical notation
(``K K K``, ``3C``): the engine reads one notation, whatever was typed.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass

from hfcli.engine.cards import JOKER, RANK_NAMES, RANK_PLURALS, RANK_TOKENS, SUIT_SYMBOLS, TEN, TWO, Card, parse_rank
from hfcli.engine.errors import InvalidMoveError
from hfcli.engine.moves import parse_pick

# Words that carry no card: "meld an ace and two jacks", "add the queens to the queens meld". The
# article "a" is one too, but only before a card said in words ("a king"): "discard a" is an ace.
FILLERS = frozenset({"an", "the", "and", "with", "plus", "my", "all", "of", "meld", "melds", "book",
                     "black"})  # "a black three": a three in a hand is always black
COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
COUNTS.update({str(n): n for n in range(1, 8)})
SUIT_WORDS = {"club": "C", "clubs": "C", "diamond": "D", "diamonds": "D", "heart": "H", "hearts": "H",
              "spade": "S", "spades": "S", "c": "C", "d": "D", "h": "H", "s": "S"}
SINGULARS: dict[str, int] = {name: rank for rank, name in enumerate(RANK_NAMES)}
SINGULARS.update({"deuce": TWO, "jk": JOKER})
PLURALS: dict[str, int] = {name: rank for rank, name in enumerate(RANK_PLURALS)}
PLURALS.update({"deuces": TWO, "jks": JOKER, "10s": TEN, "tens": TEN})
WILD_WORDS = frozenset({"wild", "wilds", "w"})
TARGET_MARKS = ("to", "on", "onto")
# Every word a card phrase may use, for "did you mean ...?" after a typo.
VOCABULARY = sorted(w for w in {*SINGULARS, *PLURALS, *SUIT_WORDS, *WILD_WORDS} if len(w) > 2)


def suggest(word: str, choices: Sequence[str]) -> str | None:
    """The closest of ``choices`` to a mistyped ``word`` (``drwa`` -> ``draw``), or None."""
    found = difflib.get_close_matches(word.lower(), choices, n=1, cutoff=0.6)
    return found[0] if found else None


def _with_symbols_as_letters(text: str) -> str:
    """``10♥`` (copied from the table) reads as ``10h``."""
    for suit, symbol in SUIT_SYMBOLS.items():
        text = text.replace(symbol, suit.lower())
    return text


def _shorthand_plural(word: str) -> int | None:
    """``7s``, ``Ks``, ``10s``: a rank and an s, which is also how a spade is written (``7S``)."""
    if len(word) < 2 or word[-1] != "s":
        return None
    try:
        return parse_rank(word[:-1])
    except InvalidMoveError:
        return None


def _counted(word: str, after: str | None) -> list[str] | None:
    """``3 kings``, ``two jokers``, ``one king`` as tokens, or None when ``word`` counts nothing."""
    if word not in COUNTS or after is None:
        return None
    rank = PLURALS.get(after)
    if rank is None and COUNTS[word] == 1:
        rank = SINGULARS.get(after)
    return None if rank is None else [RANK_TOKENS[rank]] * COUNTS[word]


@dataclass(frozen=True)
class CardWords:
    """Reads card phrases against the hand they are played from."""

    hand: Sequence[Card]

    def held(self, rank: int) -> int:
        return sum(1 for c in self.hand if c.rank == rank)

    def every(self, rank: int, said: str) -> list[str]:
        count = self.held(rank)
        if count == 0:
            raise InvalidMoveError(f"'{said}': you hold no {RANK_PLURALS[rank]}")
        return [RANK_TOKENS[rank]] * count

    def group(self, text: str, *, lone_plural: bool) -> list[str]:
        """One group of cards (``3 kings and a 2``) as notation tokens (``K K K 2``). With
        ``lone_plural``, a group that is only ``7s`` means every seven held, not the seven of spades."""
        words = _with_symbols_as_letters(text).lower().split()
        meaningful = [w for w in words if w not in FILLERS]
        if lone_plural and len(meaningful) == 1 and _shorthand_plural(meaningful[0]) is not None:
            rank = _shorthand_plural(meaningful[0])
            assert rank is not None
            return self.every(rank, meaningful[0])
        tokens: list[str] = []
        i = 0
        while i < len(words):
            word = words[i]
            after = words[i + 1] if i + 1 < len(words) else None
            counted = _counted(word, after)
            if counted is not None:
                tokens += counted
                i += 2
                continue
            if after == "of" and i + 2 < len(words) and words[i + 2] in SUIT_WORDS:
                tokens.append(self._exact(word, SUIT_WORDS[words[i + 2]]))
                i += 3
                continue
            # "a king" is one king, but "a a jk" is two aces and a joker: "a" is an article only
            # before a card said in words, never before a rank written as in the notation.
            if word in FILLERS or word == "a" and (after in SINGULARS and len(after) > 2 or after == "black"):
                i += 1
                continue
            if word in PLURALS:
                tokens += self.every(PLURALS[word], word)
            else:
                tokens.append(self.token(word))
            i += 1
        return tokens

    def token(self, word: str) -> str:
        """One card word: a rank (``king``, ``10``, ``T``) or an exact card (``3c``, ``10h``)."""
        if word in SINGULARS:
            return RANK_TOKENS[SINGULARS[word]]
        try:
            return parse_pick(word).token
        except InvalidMoveError:
            pass
        close = suggest(word, VOCABULARY)
        hint = f"; did you mean {close}?" if close else " (e.g. 9, 10, K, king, 2, JK, 9H, 3 of clubs)"
        raise InvalidMoveError(f"{word!r} is not a card or rank{hint}")

    def _exact(self, rank_word: str, suit: str) -> str:
        rank = SINGULARS.get(rank_word)
        if rank is None:
            try:
                rank = parse_rank(rank_word)
            except InvalidMoveError:
                raise InvalidMoveError(f"{rank_word!r} is not a rank (e.g. 3 of clubs, king of hearts)") from None
        if rank == JOKER:
            raise InvalidMoveError("a joker has no suit: say joker or JK")
        return RANK_TOKENS[rank] + suit


def target(text: str) -> str:
    """The meld named after ``to``: ``queens``, ``the queens``, ``Q``, ``10``, ``wild``, ``the wild meld``."""
    words = [w for w in text.lower().split() if w not in FILLERS]
    if len(words) != 1:
        raise InvalidMoveError(f"'to {text}': name one meld, e.g. 'to 9', 'to kings' or 'to wild'")
    word = words[0]
    if word in WILD_WORDS:
        return "wild"
    for table in (PLURALS, SINGULARS):
        if word in table:
            return RANK_TOKENS[table[word]]
    plural = _shorthand_plural(word)
    if plural is not None:
        return RANK_TOKENS[plural]
    try:
        return RANK_TOKENS[parse_rank(word)]
    except InvalidMoveError:
        close = suggest(word, sorted({*PLURALS, *SINGULARS, *WILD_WORDS}))
        hint = f"; did you mean {close}?" if close else " (e.g. to 9, to kings, to wild)"
        raise InvalidMoveError(f"{word!r} is not a meld{hint}") from None
