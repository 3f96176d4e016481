"""The game's changing state as plain data: the deal (hands, feet, stock, pile, each side's table),
the turn (whose, its phase, what it has done so far, what ``undo`` restores), and the game around
them (:class:`GameState`: the finished deals' results, the shoes dealt, the generator, the events).

Equality comes from the fields (dataclasses), and so does copying (:func:`replica`), so a field is
written once, where it is declared. What a game is played with (rules, seating, seed, given shoes)
is not here: it never changes and is the :class:`~hfcli.engine.config.GameConfig`.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from hfcli.engine.cards import Card
from hfcli.engine.events import Event
from hfcli.engine.melds import Meld
from hfcli.engine.scoring import DealResult


class Phase(StrEnum):
    """Where a turn is: ``draw`` (draw, pickup, ask), ``meld`` (meld, add, discard, ask, undo),
    ``answer`` (the partner answers "may I go out?": yes, no), or the game is ``over``."""

    DRAW = "draw"
    MELD = "meld"
    ANSWER = "answer"
    OVER = "over"


# The phases as plain module names, for the engine's inner loops (an enum member read through its
# class costs a lookup each time).
DRAW_PHASE, MELD_PHASE, ANSWER_PHASE, OVER_PHASE = Phase


@dataclass(slots=True)
class TeamState:
    """A side's part of the table for the current deal: its melds and books, its red threes, and
    whether it has made its first meld (C-MIN)."""

    melds: list[Meld] = field(default_factory=list)
    red_threes: list[Card] = field(default_factory=list)
    opened: bool = False

    def open_meld(self, rank: int) -> int | None:
        """The index of the side's incomplete meld of ``rank`` (C-ONEOPEN: at most one), or None."""
        for i, m in enumerate(self.melds):
            if m.rank == rank and not m.is_book:
                return i
        return None


@dataclass(slots=True)
class Undo:
    """What ``undo`` restores: the seat's hand and the side's melds before this turn's first meld,
    and the turn's first-meld bookkeeping then."""

    hand: list[Card]
    melds: tuple[Meld, ...]
    opening_value: int
    counting: dict[Card, int] | None
    laid: bool


@dataclass(slots=True)
class TurnState:
    """The turn in progress."""

    seat: int  # whose turn it is
    to_move: int  # who acts now: the turn's seat, or the partner answering "may I go out?"
    phase: Phase = Phase.DRAW
    asked: bool = False  # C-OUT: asked "may I go out?" this turn
    permission: bool | None = None  # the answer, once given
    answer_return: Phase = Phase.DRAW  # the phase the turn goes back to after the answer
    laid: bool = False  # laid cards on the table this turn (a pickup counts)
    opening_value: int = 0  # C-MIN: card value laid toward the side's first meld this turn
    # C-MELDING: after a pile pickup before the side has opened, the cards (with counts) whose value
    # still counts toward the minimum: those from the hand, not the other taken pile cards. None
    # when every card counts.
    counting: dict[Card, int] | None = None
    undo: Undo | None = None


@dataclass(slots=True)
class DealState:
    """The cards of the deal in progress (or of the last one, once the game is over)."""

    index: int  # 0-based
    dealer: int
    hands: list[list[Card]]
    feet: list[list[Card] | None]  # None once picked up
    teams: list[TeamState]
    stock: list[Card] = field(default_factory=list)  # top card last
    pile: list[Card] = field(default_factory=list)  # top card last


@dataclass(slots=True)
class GameState:
    """Everything about a game that changes as it is played.

    Equality is that of what decides what happens next: the deal, the turn and the scores so far
    (the shoes to come are the configuration's). The rest is history (the shoes dealt, the events,
    the move count) or how the shoes to come are drawn from the configuration's seed (the
    generator and its shuffles), and is not compared.
    """

    deal: DealState
    turn: TurnState
    results: list[DealResult] = field(default_factory=list)
    # The generator every shuffle comes from, and how many shoes it has shuffled (dealt, or stood
    # in for by given ones).
    rng: random.Random = field(default_factory=random.Random, compare=False)
    shuffles: int = field(default=0, compare=False)
    shoes: dict[int, tuple[Card, ...]] = field(default_factory=dict, compare=False)  # top card first
    events: list[Event] = field(default_factory=list, compare=False)  # private cards included
    move_count: int = field(default=0, compare=False)
    # The public forms of the events, built as asked for (a replay or a simulation without views
    # never needs them), after those of the history before the position the state was built from.
    public: list[Event] = field(default_factory=list, compare=False)
    seen_before: int = field(default=0, compare=False)

    def copy(self) -> GameState:
        """A copy that shares nothing mutable with this state (its history included)."""
        return replica(self)

    def public_events(self) -> list[Event]:
        """Every event as every seat saw it (no private cards)."""
        public, events = self.public, self.events
        done = len(public) - self.seen_before
        if done < len(events):
            # Most events carry no private cards and are their own public form: public() is asked only of the rest.
            public.extend([e.public() if e.private else e for e in events[done:]])
        return public


_State = TypeVar("_State")


def replica(value: _State) -> _State:
    """A copy of a state value that shares nothing mutable with it: lists, dicts, generators and
    dataclasses are copied, everything else (cards, melds, events, results, numbers, text, tuples
    of those, frozen dataclasses) is immutable and shared."""
    copied: _State = _replica(value)
    return copied


# Items a list shares with its copy: immutable (events are named tuples).
_SHARED_ITEMS = (Card, Meld, tuple, str, int)


def _replica(value: Any) -> Any:
    if isinstance(value, list):
        # Lists of immutable items (cards, melds, events, results) are the common, long case:
        # copied without a look at each.
        if not value or isinstance(value[0], _SHARED_ITEMS) or _copied_fields(type(value[0])) == ():
            return list(value)
        return [_replica(v) for v in value]
    if isinstance(value, dict):
        return dict(value)
    names = _copied_fields(type(value))
    if names:
        return type(value)(**{name: _replica(getattr(value, name)) for name in names})
    if isinstance(value, random.Random):
        copy = random.Random()
        copy.setstate(value.getstate())
        return copy
    return value


# The fields of each mutable dataclass, found once per class (copying is in the AI's inner loops);
# () for a frozen dataclass, None for anything else.
_FIELDS: dict[type, tuple[str, ...] | None] = {}


def _copied_fields(kind: type) -> tuple[str, ...] | None:
    try:
        return _FIELDS[kind]
    except KeyError:
        pass
    names: tuple[str, ...] | None = None
    if dataclasses.is_dataclass(kind):
        frozen = getattr(kind, "__dataclass_params__").frozen  # noqa: B009  (not in the typeshed)
        names = () if frozen else tuple(f.name for f in dataclasses.fields(kind))
    _FIELDS[kind] = names
    return names
