"""Why a player chose a move, as data: a kind from a closed set and the facts it rests on.

A :class:`Reason` is to a player's explanation what :class:`~hfcli.engine.moves.Move` is to its
notation: a value, kept apart from the words. Its ``kind`` says what sort of reason it is (a
single card thrown, the safest of risky discards, a book closed, the plan for the first meld, an
answer to "may I go out?" ...); its facts are typed values under names from a closed list
(:data:`FACTS`): ranks, seats, chances, points, counts, a move weighed against the one played.
``parts`` are the reasons that go with it, in the order they are said (a discard's risk to the
next player, then why that risk was the one to take).

Every fact is public (anyone at the table could know it: a card on the table, a seat's number of
cards, the pile) or private to the seat that reasons (its hand, its plan, a chance worked out
from the cards it holds). :meth:`Reason.public` leaves the private ones out, and the table gives
each seat another seat's reason in that form (a hosted table: every other seat). The words are
made in one place above the engine (``hfcli.text.reason_text``), which says a reason without the
facts it lacks; nothing reads a reason back out of its words.

A reason goes into a transcript as JSON (:meth:`Reason.to_json`, :meth:`Reason.from_json`) beside
its words, so that a reader rebuilds it; a transcript written before reasons were data holds only
words, which are kept as they were written (:data:`ReasonKind.RECORDED`), never parsed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from hfcli.engine.cards import RANK_TOKENS, parse_rank
from hfcli.engine.errors import InvalidMoveError
from hfcli.engine.melds import WILD


class ReasonKind(StrEnum):
    """What sort of reason a player gives. The values are what a transcript records: a new kind
    gets a new value, and an old value never changes its meaning."""

    # Taking the pile or drawing.
    PILE_GAINS = "pile-gains"  # take, effect, rank, book, fits
    PILE_NOT_WORTH = "pile-not-worth"  # take, effect, rank, book, fits, drawn
    PILE_SLOWS_GOING_OUT = "pile-slows-going-out"  # take, later, now
    DRAW = "draw"  # nothing to weigh
    DRAW_ALWAYS = "draw-always"  # a player that never takes the pile
    PILE_STOCK_EMPTY = "pile-stock-empty"  # the pile is the only way on
    STOCK_EMPTY = "stock-empty"  # the deal ends: no draw, no pile
    # The first meld.
    OPENING_PLAN = "opening-plan"  # minimum, plan
    WHOLE_HAND_DOWN = "whole-hand-down"  # no minimum for a first meld of the whole hand
    UNDO_SHORT = "undo-short"  # the melds laid do not reach the minimum
    MELD_TO_MINIMUM = "meld-to-minimum"
    # Melding.
    NEW_MELD = "new-meld"  # rank
    PAIR_ON_TABLE = "pair-on-table"  # rank
    START_WILD_MELD = "start-wild-meld"
    ONTO_MELD = "onto-meld"  # rank
    CLOSES_BOOK = "closes-book"  # rank, book
    TOWARD_BOOK = "toward-book"  # rank, book
    POINTS_ON_TABLE = "points-on-table"  # rank
    TOWARD_GOING_OUT = "toward-going-out"
    LAY_EVERY_MELD = "lay-every-meld"
    # What a meld does for the turn (a part of a meld's reason).
    GOING_OUT = "going-out"
    TO_THE_FOOT = "to-the-foot"
    FOOT_PLAN = "foot-plan"  # finish (meld-out, discard-out)
    # Discarding: what the card is to the hand.
    BLOCK_WITH_THREE = "block-with-three"  # take, seat
    THREE_UNMELDABLE = "three-unmeldable"
    ONLY_WILDS = "only-wilds"
    WILD_LEAST_COST = "wild-least-cost"
    FITS_OUR_MELD = "fits-our-meld"  # rank
    ONE_OF_SET = "one-of-set"  # rank, held
    BREAKS_PAIR = "breaks-pair"  # rank, held
    SINGLE = "single"  # rank, held
    HIGHEST_UNMELDABLE = "highest-unmeldable"  # rank
    LAST_CARD = "last-card"
    # Discarding: what the card hands the next player (a part of a discard's reason).
    PARTNER_NEXT = "partner-next"  # seat
    NO_PILE_ON_THREE = "no-pile-on-three"  # seat
    NO_PILE_BEFORE_MELD = "no-pile-before-meld"  # seat
    NO_PILE_ON_WILD = "no-pile-on-wild"  # seat
    NO_ROOM = "no-room"  # seat, rank
    NONE_UNSEEN = "none-unseen"  # seat, rank, left
    TOO_FEW_UNSEEN = "too-few-unseen"  # seat, rank, left, with_wild
    NOTHING_SINCE = "nothing-since"  # seat, rank, sign
    ALL_KNOWN = "all-known"  # seat, rank, with_wild
    FEW_UNKNOWN = "few-unknown"  # seat, rank, unknown, hand, with_wild
    RISK = "risk"  # seat, rank, take, how, with_wild, book, first_meld, held, sign, since, chance
    # Discarding: why a card the next player may take was the one to throw.
    SAFEST = "safest"  # rank, other_rank, other_chance (no other rank held: no other_rank)
    RISK_WORTH_IT = "risk-worth-it"  # rank, other_rank, other_chance, kept
    # Going out.
    ASK = "ask"  # needed, finish
    ASK_READY = "ask-ready"
    ANSWER_YES = "answer-yes"  # parts: going out's worth, then waiting's
    ANSWER_NO = "answer-no"  # parts: waiting's worth, then going out's
    GOING_OUT_WORTH = "going-out-worth"  # points, bonus, seats, near
    WAITING_WORTH = "waiting-worth"  # points, hands, rank, book, bonus
    WAITING_NOTHING = "waiting-nothing"  # hands
    OWN_CARDS_COST = "own-cards-cost"  # points, bonus, other_points
    AHEAD_IN_GAME = "ahead-in-game"  # lead, points, other_points
    OUT_FOR_BONUS = "out-for-bonus"
    # The expert's search, where it left the rule-based choice ``instead``.
    SEARCH_SAFER_DISCARD = "search-safer-discard"  # instead, rank, seat, taken, samples, gain
    SEARCH_PILE = "search-pile"  # instead, gain
    SEARCH_DRAW = "search-draw"  # instead, gain
    SEARCH_HOLD = "search-hold"  # instead, laid, gain
    SEARCH_LAY = "search-lay"  # instead, laid, gain
    SEARCH_OTHER = "search-other"  # instead, gain
    # No plan.
    NO_BETTER_MOVE = "no-better-move"
    ONLY_WAY_ON = "only-way-on"
    RANDOM = "random"
    # Words recorded before reasons were data: kept as written (``text``), never parsed.
    RECORDED = "recorded"


class FactType(StrEnum):
    """What a fact's value is, and so how it is written in JSON and said in words."""

    RANK = "rank"  # a rank index (WILD for a meld of wild cards); JSON: its token, "wild"
    SEAT = "seat"  # a seat's number
    SEATS = "seats"  # seats' numbers
    CHANCE = "chance"  # 0 to 1
    POINTS = "points"  # a figure in points
    COUNT = "count"  # a number of cards, books or deals
    COUNTS = "counts"  # a few counts (books still needed: clean, dirty, wild)
    BOOK = "book"  # a book's kind: clean, dirty, wild
    MOVE = "move"  # a move in notation
    WORD = "word"  # one of a few words the fact's name allows (see WORDS)
    FLAG = "flag"  # yes or no
    PLAN = "plan"  # melds planned: (rank, naturals, wilds) ...
    NEAR = "near"  # melds near a book: (rank, cards short, book kind) ...
    TEXT = "text"  # words recorded before reasons were data


# Every fact a reason may carry, by name, and its type: the closed list the transcript holds.
FACTS: dict[str, FactType] = {
    "rank": FactType.RANK,  # the card thrown, the meld laid or taken, the rank the risk is about
    "other_rank": FactType.RANK,  # the card weighed against it: the next safest, the one kept
    "seat": FactType.SEAT,  # the other seat the reason speaks of (the next player, ...)
    "seats": FactType.SEATS,  # the seats that would get no more turns
    "chance": FactType.CHANCE,  # the next player takes the pile with this card
    "other_chance": FactType.CHANCE,  # ... with the card weighed against it
    "points": FactType.POINTS,  # the figure the reason turns on
    "other_points": FactType.POINTS,  # the figure it is weighed against
    "lead": FactType.POINTS,  # the side's lead in the game
    "gain": FactType.POINTS,  # the expert's search: points better than the rule-based choice
    "bonus": FactType.POINTS,  # a bonus of the rules (going out, a book)
    "minimum": FactType.POINTS,  # the first meld's minimum
    "take": FactType.COUNT,  # the cards a pickup takes
    "drawn": FactType.COUNT,  # the cards a draw takes
    "fits": FactType.COUNT,  # cards of the pile that fit the hand
    "held": FactType.COUNT,  # cards of the rank in the hand
    "left": FactType.COUNT,  # cards of the rank out of this seat's sight
    "unknown": FactType.COUNT,  # another seat's cards this seat cannot know
    "hand": FactType.COUNT,  # another seat's number of cards
    "since": FactType.COUNT,  # cards another seat has drawn since it showed something
    "now": FactType.COUNT,  # cards that could not be melded now
    "later": FactType.COUNT,  # ... after the pickup
    "taken": FactType.COUNT,  # imagined deals in which the next player takes the pile
    "samples": FactType.COUNT,  # imagined deals searched
    "hands": FactType.COUNT,  # hands of the side that would count against it
    "needed": FactType.COUNTS,  # books the side still needs: clean, dirty, wild
    "book": FactType.BOOK,  # the book a move makes, a pickup closes, waiting could close
    "instead": FactType.MOVE,  # the rule-based choice the expert's search left
    "effect": FactType.WORD,  # what the pickup does to the meld of its rank
    "how": FactType.WORD,  # how the next player would take the pile
    "sign": FactType.WORD,  # what the next player did that showed no pair
    "finish": FactType.WORD,  # how a hand goes out or reaches the foot
    "kept": FactType.WORD,  # why the safer card was kept: its kind of reason
    "with_wild": FactType.FLAG,  # one natural and a wild card take the pile too
    "first_meld": FactType.FLAG,  # the pickup would have to make the taker's first meld
    "laid": FactType.FLAG,  # cards were laid this turn already
    "plan": FactType.PLAN,
    "near": FactType.NEAR,
    "text": FactType.TEXT,
}

# The words a WORD fact may hold.
WORDS: dict[str, frozenset[str]] = {
    "effect": frozenset({"closes", "starts", "onto"}),
    "how": frozenset({"holds-two", "holds-one-and-wild", "could", "could-if"}),
    "sign": frozenset({"threw", "passed"}),
    "finish": frozenset({"discard-last", "meld-all-but-one", "meld-all", "meld-out", "discard-out"}),
    "kept": frozenset(k.value for k in ReasonKind),
}

_KINDS = frozenset(k.value for k in ReasonKind)

FactValue = Any  # int, float, str, bool or a tuple, as FACTS types it


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a move was chosen: ``kind``, the ``facts`` by name (see :data:`FACTS`), which of them
    are ``private`` to the seat that reasons, and the ``parts`` said with it, in order."""

    kind: ReasonKind
    facts: Mapping[str, FactValue] = field(default_factory=dict)
    private: frozenset[str] = frozenset()
    parts: tuple[Reason, ...] = ()

    def __post_init__(self) -> None:
        unknown = [name for name in (*self.facts, *self.private) if name not in FACTS]
        if unknown:
            raise ValueError(f"no such fact of a reason: {', '.join(sorted(unknown))}")
        if not self.private <= self.facts.keys():
            raise ValueError("a private fact must be one of the reason's facts")

    def fact(self, name: str) -> FactValue | None:
        """The fact ``name``, or None where the reason has none."""
        return self.facts.get(name)

    def is_private(self, name: str) -> bool:
        return name in self.private

    def public(self) -> Reason:
        """The reason as another seat may be told it: every private fact left out, in its parts too."""
        if not self.has_private():
            return self
        facts = {name: value for name, value in self.facts.items() if name not in self.private}
        return Reason(self.kind, facts, frozenset(), tuple(part.public() for part in self.parts))

    def has_private(self) -> bool:
        """Whether any fact of the reason or its parts is private."""
        return bool(self.private) or any(part.has_private() for part in self.parts)

    def walk(self) -> Iterable[Reason]:
        """The reason and its parts, depth first, in the order they are said."""
        yield self
        for part in self.parts:
            yield from part.walk()

    def with_parts(self, *parts: Reason) -> Reason:
        """The reason with ``parts`` said after its own."""
        return Reason(self.kind, self.facts, self.private, self.parts + parts)

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The reason as JSON values: ``{"kind": ..., "facts": {...}, "private": [...], "parts": [...]}``,
        the empty ones left out; ranks by their token (``"T"``, ``"JK"``, ``"wild"``)."""
        out: dict[str, Any] = {"kind": self.kind.value}
        if self.facts:
            out["facts"] = {name: _encode(FACTS[name], value) for name, value in self.facts.items()}
        if self.private:
            out["private"] = sorted(self.private)
        if self.parts:
            out["parts"] = [part.to_json() for part in self.parts]
        return out

    @staticmethod
    def from_json(data: object) -> Reason:
        """The reason :meth:`to_json` wrote. Raises ValueError, saying what is wrong, for anything
        else (an unknown kind or fact, a value of the wrong type)."""
        if not isinstance(data, dict):
            raise ValueError("a reason must be a JSON object")
        unknown = set(data) - {"kind", "facts", "private", "parts"}
        if unknown:
            raise ValueError(f"a reason has no field {sorted(unknown)[0]!r}")
        named = data.get("kind")
        if not isinstance(named, str) or named not in _KINDS:
            raise ValueError(f"no such kind of reason: {str(named)[:40]!r}")
        kind = ReasonKind(named)
        raw_facts = data.get("facts", {})
        if not isinstance(raw_facts, dict):
            raise ValueError("a reason's facts must be a JSON object")
        facts: dict[str, FactValue] = {}
        for name, value in raw_facts.items():
            kind_of = FACTS.get(name)
            if kind_of is None:
                raise ValueError(f"no such fact of a reason: {str(name)[:40]!r}")
            facts[name] = _decode(name, kind_of, value)
        private = data.get("private", [])
        if not isinstance(private, list) or not all(isinstance(p, str) and p in facts for p in private):
            raise ValueError("a reason's private facts must be a list of its facts' names")
        parts = data.get("parts", [])
        if not isinstance(parts, list):
            raise ValueError("a reason's parts must be a JSON list")
        return Reason(kind, facts, frozenset(private), tuple(Reason.from_json(p) for p in parts))


def reason(kind: ReasonKind, *parts: Reason, private: Iterable[str] = (), **facts: FactValue) -> Reason:
    """``Reason(kind, facts, private, parts)``, written the short way; facts that are None are left out."""
    given = {k: v for k, v in facts.items() if v is not None}
    return Reason(kind, given, frozenset(private).intersection(given), parts)


def recorded(text: str) -> Reason:
    """Words a transcript recorded before reasons were data, kept as written. Nobody can tell
    which of them were private, so all of them are."""
    return Reason(ReasonKind.RECORDED, {"text": text}, frozenset({"text"}))


def _rank_token(rank: int) -> str:
    return "wild" if rank == WILD else RANK_TOKENS[rank]


def _parse_rank(token: object) -> int:
    if token == "wild":
        return WILD
    if not isinstance(token, str):
        raise ValueError("a rank must be written as its token, e.g. \"T\"")
    try:
        return parse_rank(token)
    except InvalidMoveError:
        raise ValueError(f"no such rank: {token[:10]!r}") from None


def _encode(kind: FactType, value: FactValue) -> Any:
    if kind is FactType.RANK:
        return _rank_token(value)
    if kind is FactType.PLAN:
        return [[_rank_token(r), n, w] for r, n, w in value]
    if kind is FactType.NEAR:
        return [[_rank_token(r), n, str(b)] for r, n, b in value]
    if kind in (FactType.SEATS, FactType.COUNTS):
        return list(value)
    return value


def _decode(name: str, kind: FactType, value: object) -> FactValue:
    """A fact's value from JSON, checked against its type."""
    wrong = ValueError(f"the reason's fact {name!r} is not a {kind.value}")
    if kind is FactType.RANK:
        return _parse_rank(value)
    if kind in (FactType.SEAT, FactType.COUNT):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise wrong
        return value
    if kind in (FactType.CHANCE, FactType.POINTS):
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise wrong
        if kind is FactType.CHANCE and not 0.0 <= value <= 1.0:
            raise wrong
        return value
    if kind is FactType.FLAG:
        if not isinstance(value, bool):
            raise wrong
        return value
    if kind in (FactType.SEATS, FactType.COUNTS):
        if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise wrong
        return tuple(value)
    if kind is FactType.BOOK:
        if value not in ("clean", "dirty", "wild"):
            raise wrong
        return value
    if kind in (FactType.MOVE, FactType.TEXT):
        if not isinstance(value, str):
            raise wrong
        return value
    if kind is FactType.WORD:
        if not isinstance(value, str) or value not in WORDS[name]:
            raise wrong
        return value
    if kind in (FactType.PLAN, FactType.NEAR):
        if not isinstance(value, list):
            raise wrong
        out = []
        for item in value:
            if not isinstance(item, list) or len(item) != 3 or not isinstance(item[1], int):
                raise wrong
            third = item[2]
            if kind is FactType.PLAN and not isinstance(third, int) or kind is FactType.NEAR and third not in (
                "clean", "dirty", "wild"
            ):
                raise wrong
            out.append((_parse_rank(item[0]), item[1], third))
        return tuple(out)
    raise wrong  # pragma: no cover - every FactType is handled above
