"""What happens in a game, move by move and automatically, as a list of events.

Every event has a public form (what every seat sees) and may carry ``private`` cards that only
``seat`` sees: the cards a draw brought, the card that replaced a red three. Views and the public
history hold public forms only, so hidden cards never leak through them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from hfcli.engine.cards import Card
from hfcli.engine.moves import Move


class EventKind(StrEnum):
    DEAL = "deal"  # a deal starts: seat = the dealer, count = the deal (0-based), minimums = each side's C-MIN
    UPCARD = "upcard"  # cards = (the upcard,)
    BURY = "bury"  # cards = (the buried card,): C-UPCARD
    MOVE = "move"  # a seat's move; cards = the physical cards it melded, added or discarded
    DRAW = "draw"  # private = the cards drawn; count = how many
    TAKE = "take"  # cards = the pile cards taken into hand (public: they were discards)
    RED_THREE = "red3"  # cards = (the red three,); private = (replacement,) if any
    FOOT = "foot"  # the seat picked up their foot; private = its cards
    OUT = "out"  # the seat went out
    DEAL_END = "deal_end"  # count = the deal (0-based); detail = how it ended (a DealEnding)
    GAME_END = "game_end"


KINDS = tuple(EventKind)


class Event(NamedTuple):
    """One event; a named tuple because games create them by the thousand (a frozen dataclass
    is several times slower to build)."""

    kind: EventKind
    seat: int | None = None
    move: Move | None = None
    cards: tuple[Card, ...] = ()
    private: tuple[Card, ...] = ()
    count: int = 0  # type: ignore[assignment]  # shadows tuple.count, which events never use
    detail: str = ""
    # The first meld's minimum of each side, in the seating's order of sides (a deal's start):
    # numbers, which the table and the viewers put into words.
    minimums: tuple[int, ...] = ()

    def public(self) -> Event:
        """The event as every seat sees it: without its private cards (built as a plain tuple,
        without _replace's calls: a draw has private cards, every turn)."""
        if not self.private:
            return self
        kind, seat, move, cards, _, count, detail, minimums = self
        return _new_tuple(Event, (kind, seat, move, cards, (), count, detail, minimums))


_new_tuple = tuple.__new__
_MOVE_EVENT, _DRAW_EVENT = EventKind.MOVE, EventKind.DRAW  # read once: a lookup through the class costs each time


def move_event(seat: int, move: Move, cards: tuple[Card, ...] = ()) -> Event:
    """``Event(EventKind.MOVE, seat, move, cards)``, built without the named tuple's argument handling:
    every move makes one."""
    return _new_tuple(Event, (_MOVE_EVENT, seat, move, cards, (), 0, "", ()))


def draw_event(seat: int, drawn: tuple[Card, ...]) -> Event:
    """``Event(EventKind.DRAW, seat, private=drawn, count=len(drawn))``, built as ``move_event`` is."""
    return _new_tuple(Event, (_DRAW_EVENT, seat, None, (), drawn, len(drawn), "", ()))
