"""The options of a rule set that take one of a fixed set of values, each a policy the engine and
the players ask, never a string they compare.

Every option is a StrEnum: its value is what a house-rules file, a transcript's header and a
position write (``wild_ratio = "four"``), so files read and write exactly as they did when the
options were plain text. What a value means is said once, here: a new value of an option is one
member of its enum, and the engine, the players and ``hf rules`` follow it.
"""

from __future__ import annotations

from enum import Enum, StrEnum
from typing import TypeVar

from hfcli.engine.errors import Refusal
from hfcli.engine.rule_ids import RuleId

E = TypeVar("E", bound=Enum)


def choice_of(option: type[E], text: object) -> E | None:
    """The value of ``option`` written ``text``, or None when ``text`` names none of them."""
    return next((member for member in option if member.value == text), None)


class WildRatio(StrEnum):
    """C-RATIO / V-RATIO: how many wild cards a meld of one natural rank may hold.

    A meld with wild cards holds at least ``naturals_per_wild`` natural cards for each wild card,
    and at least ``naturals_for_wilds`` natural cards in all (0: no such floor). ``rule`` is the id
    its refusals cite; ``house`` marks a value the rules contract does not know (a house option).
    ``meaning`` is the value's line in ``hf rules``; ``principle`` is the rule in words, as its
    text reads; ``refusal`` says why a meld breaks it (with ``{naturals}`` and ``{wilds}``)."""

    naturals_per_wild: int
    naturals_for_wilds: int
    rule: RuleId
    house: bool
    meaning: str
    principle: str
    refusal: str
    pair_takes_wild: bool

    def __new__(
        cls, value: str, naturals_per_wild: int, naturals_for_wilds: int, rule: RuleId, house: bool,
        meaning: str, principle: str, refusal: str,
    ) -> WildRatio:
        member = str.__new__(cls, value)
        member._value_ = value
        member.naturals_per_wild = naturals_per_wild
        member.naturals_for_wilds = naturals_for_wilds
        member.rule = rule
        member.house = house
        member.meaning = meaning
        member.principle = principle
        member.refusal = refusal
        # Whether two natural cards and one wild card make a meld (the smallest meld with a wild):
        # an attribute, since listing the legal moves and the players' counts ask it again and again.
        member.pair_takes_wild = member.allows(2, 1)
        return member

    TWICE = (
        "twice", 2, 0, RuleId.C_RATIO, False,
        "a meld's naturals at least twice its wilds (C-RATIO)",
        "natural cards must number at least twice the wild cards",
        "natural cards must be at least twice the wild cards; this would be {naturals} natural, {wilds} wild",
    )
    FOUR = (
        "four", 0, 4, RuleId.V_RATIO, False,
        "wilds only with 4 naturals (V-RATIO)",
        "wild cards may be in a meld only if it holds at least 4 natural cards",
        "wild cards need at least 4 natural cards in the meld; it would have {naturals}",
    )
    EVEN = (
        "even", 1, 0, RuleId.C_RATIO, True,
        "at most as many wilds as naturals (a house option, C-RATIO)",
        "natural cards must number at least as many as the wild cards",
        "wild cards may not outnumber the natural cards; this would be {naturals} natural, {wilds} wild",
    )

    def allows(self, naturals: int, wilds: int) -> bool:
        """Whether a meld of ``naturals`` natural cards may hold ``wilds`` wild cards."""
        return not wilds or (naturals >= self.naturals_for_wilds and naturals >= self.naturals_per_wild * wilds)

    def wilds_for(self, naturals: int, room: int) -> int:
        """The most wild cards a meld of ``naturals`` natural cards may hold, ``room`` at most."""
        if naturals < self.naturals_for_wilds:
            return 0
        if not self.naturals_per_wild:
            return room
        return min(room, naturals // self.naturals_per_wild)

    def wilds_in(self, size: int) -> int:
        """The most wild cards a meld of ``size`` cards in all may hold (a book: ``size`` = book_size)."""
        return max(w for w in range(size + 1) if self.allows(size - w, w))

    def refused(self, naturals: int, wilds: int) -> Refusal:
        return Refusal(self.rule, self.refusal.format(naturals=naturals, wilds=wilds))


class MeldMinimumBy(StrEnum):
    """C-MIN: what sets a side's first-meld minimum: the deal (``meld_minimums``, the same for
    every side) or the side's score at the start of the deal (``score_minimums``)."""

    DEAL = "deal"
    SCORE = "score"

    @property
    def by_score(self) -> bool:
        """Whether each side has a minimum of its own, set by its score so far."""
        return self is _BY_SCORE  # not MeldMinimumBy.SCORE: a member read through its class costs a call

    def minimum(
        self, deal_minimums: tuple[int, ...], score_minimums: tuple[tuple[int, int], ...], deal_index: int,
        score: int,
    ) -> int:
        """The minimum in deal ``deal_index`` (0-based; deals past ``deal_minimums`` repeat its last
        value) of a side with ``score`` points so far; a score below the first of ``score_minimums``
        (pairs of score from, minimum) uses the first."""
        if self.by_score:
            minimum = score_minimums[0][1]
            for start, value in score_minimums:
                if score >= start:
                    minimum = value
            return minimum
        return deal_minimums[min(deal_index, len(deal_minimums) - 1)]


_BY_SCORE = MeldMinimumBy.SCORE


class Teams(StrEnum):
    """T-SIZE: how the players sit in sides. ``auto`` is pairs at four and six and everyone alone
    otherwise; pairs and teams of three fit only the tables ``table_sizes`` gives."""

    AUTO = "auto"
    PAIRS = "pairs"
    THREES = "threes"
    NONE = "none"

    def shape(self, players: int) -> Teams:
        """The sides a table of ``players`` sits in: ``auto`` settled, every other value itself."""
        if self is Teams.AUTO:
            return Teams.PAIRS if players in (4, 6) else Teams.NONE
        return self

    @property
    def table_sizes(self) -> tuple[int, ...] | None:
        """The numbers of players these teams need, or None where every table fits them."""
        if self is Teams.PAIRS:
            return (4, 6)
        if self is Teams.THREES:
            return (6,)
        return None

    def fits(self, players: int) -> bool:
        sizes = self.table_sizes
        return sizes is None or players in sizes

    @property
    def needs(self) -> str:
        """The tables these teams need, in words: ``4 or 6 players``."""
        return " or ".join(map(str, self.table_sizes or (2, 3, 4, 5, 6))) + " players"

    @property
    def sides_name(self) -> str:
        """The sides in words, for the message refusing a table they do not fit."""
        return "teams of three" if self is Teams.THREES else str(self)

    def team_of(self, players: int) -> tuple[int, ...]:
        """Each seat's side, in clockwise order from South: partners two apart at six (A B C A B C)
        and opposite at four; teams of three every other seat (A B A B A B); or a side each."""
        shape = self.shape(players)
        if shape is Teams.PAIRS:
            sides = players // 2
            return tuple(seat % sides for seat in range(players))
        if shape is Teams.THREES:
            return tuple(seat % 2 for seat in range(players))
        return tuple(range(players))
