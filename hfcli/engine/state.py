"""The game's changing state as plain data: the deal (hands, feet, stock, pile, each side's table)
and the turn (whose, its phase, what it has done so far, what ``undo`` restores).

Equality comes from the fields (dataclasses), and so does copying (:func:`replica`), so a field is
written once, where it is declared. What a game is played with (rules, seating) is not here: it
never changes and lives on the :class:`~hfcli.engine.game.Game`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from hfcli.engine.cards import Card
from hfcli.engine.melds import Meld


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


_State = TypeVar("_State")


def replica(value: _State) -> _State:
    """A copy of a state value that shares nothing mutable with it: lists, dicts and dataclasses
    are copied, everything else (cards, melds, numbers, text, tuples of those) is immutable and
    shared."""
    copied: _State = _replica(value)
    return copied


def _replica(value: Any) -> Any:
    if isinstance(value, list):
        # Lists of cards or melds (immutable) are the common, long case: copied without a look at each.
        if not value or isinstance(value[0], (Card, Meld)):
            return list(value)
        return [_replica(v) for v in value]
    if isinstance(value, dict):
        return dict(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return type(value)(**{f.name: _replica(getattr(value, f.name)) for f in dataclasses.fields(value)})
    return value
