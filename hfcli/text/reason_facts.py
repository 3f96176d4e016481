"""A reason's facts as its words read them, and the pieces every kind's words are made of: seats
named from the reader's side, ranks, chances and moves in words, a clause said only where its
facts are there, a searched reason's gain."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from hfcli.engine.cards import JOKER, RANK_NAMES, RANK_TOKENS, TEN
from hfcli.engine.errors import InvalidMoveError
from hfcli.engine.melds import WILD
from hfcli.engine.melds import meld_rank_name as rank_plural
from hfcli.engine.moves import Move, Pick
from hfcli.engine.reasons import Reason
from hfcli.system.printable import printable
from hfcli.text.card_words import and_list

Names = Mapping[int, str] | Sequence[str]


class MissingFact(Exception):
    """A fact a clause needs is not there (left out as private): the clause is not said."""


class Facts:
    """A reason's facts as its words read them: a fact left out (private, in the public form)
    makes the clause that needs it go unsaid."""

    __slots__ = ("_facts", "_names", "_you")

    def __init__(self, reason: Reason, names: Names, you: int | None) -> None:
        self._facts = reason.facts
        self._names = names
        self._you = you

    def __getitem__(self, name: str) -> object:
        try:
            return self._facts[name]
        except KeyError:
            raise MissingFact(name) from None

    def get(self, name: str) -> object | None:
        return self._facts.get(name)

    def has(self, name: str) -> bool:
        return name in self._facts

    def integer(self, name: str) -> int:
        value = self[name]
        assert isinstance(value, int)
        return value

    def number(self, name: str) -> float:
        value = self[name]
        assert isinstance(value, (int, float))
        return float(value)

    def seat(self, name: str = "seat") -> str:
        """The seat ``name`` by its name, ``you`` for the reader's own."""
        return self._seat_name(self.integer(name))

    def _seat_name(self, seat: int) -> str:
        if seat == self._you:
            return "you"
        try:
            return self._names[seat]
        except (KeyError, IndexError):
            return f"seat {seat + 1}"

    def whose(self, name: str = "seat") -> str:
        """``West's``, or ``your``."""
        return "your" if self.is_you(name) else f"{self.seat(name)}'s"

    def is_you(self, name: str = "seat") -> bool:
        return self._facts.get(name) == self._you is not None

    def seats(self, name: str) -> str:
        seats = self[name]
        assert isinstance(seats, tuple)
        return and_list([self._seat_name(seat) for seat in seats])


@dataclass(frozen=True)
class Said:
    """A clause of a reason: ``full`` for ``why`` and the log; ``short`` beside a move at the
    table (``full`` when None); ``lesson`` in a review (``full`` when None; "" leaves it out)."""

    full: str
    short: str | None = None
    lesson: str | None = None


Words = Callable[[Facts], Said | str | None]


def rank_or_wild(rank: int) -> str:
    return "wild card" if rank == WILD else RANK_NAMES[rank]


def a_rank(rank: int) -> str:
    name = rank_or_wild(rank)
    return ("an " if name[0] in "aeio" else "a ") + name


def cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def percent(chance: float) -> str:
    """``about 42%``; under 1%, ``under 1%``."""
    return "under 1%" if chance < 0.01 else f"about {chance:.0%}"


def chance_words(chance: float) -> str:
    return "a chance under 1%" if chance < 0.01 else f"a chance of about {chance:.0%}"


def pile_words(take: int) -> str:
    return "card" if take == 1 else f"{take}-card pile"


def move_as_written(text: str) -> str:
    """A move in notation as the table writes it: a ten is ``10`` (``discard T`` -> ``discard 10``)."""
    try:
        move = Move.parse(text)
    except InvalidMoveError:
        return printable(text)
    groups = ", ".join(" ".join(_pick_words(p) for p in g) for g in move.groups)
    if not groups:
        return str(move)
    head = str(move.kind)
    if move.target is not None and " to " in str(move):  # the notation names the meld added to
        return f"{head} {groups} to {_rank_label(move.target)}"
    return f"{head} {groups}"


def _rank_label(rank: int) -> str:
    """A rank as the table writes it: ``10`` for tens, ``wild`` for the wild meld."""
    if rank == WILD:
        return "wild"
    return "10" if rank == TEN else RANK_TOKENS[rank]


def _pick_words(pick: Pick) -> str:
    label = _rank_label(pick.rank)
    return label if pick.card is None or pick.rank == JOKER else label + pick.card.suit


def seat_verb(f: Facts, third: str, second: str, name: str = "seat") -> str:
    """``East holds`` or ``you hold``."""
    return f"{f.seat(name)} {second if f.is_you(name) else third}"


def _gain(f: Facts) -> str:
    return f"about {f.number('gain'):.0f} points better than {move_as_written(str(f['instead']))}"


def searched_words(words: Callable[[Facts], str]) -> Words:
    """An expert's reason: ``words``, then the search's gain (left out of a lesson: the review
    costs the decision itself, from more imagined deals)."""

    def said(f: Facts) -> Said:
        head = words(f)
        if not f.has("gain"):
            return Said(head)
        return Said(f"{head}; {_gain(f)}", short=head, lesson=head)

    return said


def fixed_words(text: str, short: str | None = None) -> Words:
    said = Said(text, short=short)
    return lambda f: said


def private_words(words: Words, *needs: str) -> Words:
    """``words``, said only where the facts ``needs`` are there (they say something of the hand)."""

    def said(f: Facts) -> Said | str | None:
        for name in needs:
            f[name]
        return words(f)

    return said


def rank_words(template: str) -> Words:
    return lambda f: template.format(plural=rank_plural(f.integer("rank")), name=rank_or_wild(f.integer("rank")))
