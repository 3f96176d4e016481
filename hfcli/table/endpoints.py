"""What a seat at the table is told, and the seats' kinds that the table itself provides.

An endpoint is anything that sits in a seat: an AI player, the person at this terminal, a friend
over the network. The table tells every endpoint each move as its seat may see it (the cards a
draw, a foot or a red three's replacement brought reach only that seat) and asks the endpoint of
the seat to move for its move. An endpoint that cannot answer at once (a person at a prompt, a
remote one waiting on the network) answers None, and plays later through ``Table.play``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from hfcli.engine.events import Event
from hfcli.engine.melds import Meld
from hfcli.engine.moves import Move
from hfcli.engine.reasons import Reason
from hfcli.engine.seat import Decision, Player
from hfcli.engine.seating import Seating
from hfcli.engine.view import SeatView
from hfcli.system.printable import hidden_characters


@dataclass(frozen=True, slots=True)
class Moved:
    """One move as a seat is told it: who made it, the move, the reason the player gave as this
    seat may be told it (an AI's, :func:`told_reason`; None for a person), the events it caused
    as this seat may see them, and the melds of the mover's side before the move and as the move
    left them (public: on the table; when the move ended the deal, the next deal's view no longer
    shows them, and a book closed by going out is still told)."""

    seat: int
    move: Move
    reason: Reason | None
    events: tuple[Event, ...]
    side_melds_before: tuple[Meld, ...]
    side_melds: tuple[Meld, ...]


@dataclass(frozen=True, slots=True)
class Remark:
    """A line a seat said at the table (``say``); ``text`` is as typed, to be escaped where it is shown."""

    seat: int
    text: str


MAX_REMARK = 200  # characters: a line of talk at the table, not a letter


def remark_problem(text: str) -> str | None:
    """Why ``text`` cannot be said at the table, or None. Control characters may be said (they are
    shown escaped); bytes that are not UTF-8 cannot, since the transcript holds text."""
    if not text.strip():
        return "write the words after say, e.g. say good luck"
    if len(text) > MAX_REMARK:
        return f"a remark has at most {MAX_REMARK} characters, not {len(text)}"
    if any(0xD800 <= ord(c) <= 0xDFFF for c in hidden_characters(text)):
        return "the line holds bytes that are not UTF-8 text"
    return None


class Endpoint(Protocol):
    """A seat at the table.

    ``receive`` is told every move (its own too), as the seat may see it, once the move is in the
    transcript; ``hear`` every remark; ``ask`` is called when the seat is to move, with the seat's
    view, and answers the move, or None to answer later through ``Table.play``. While ``holding``
    is true the table asks nobody (a person reading a deal's score sheet)."""

    @property
    def seat(self) -> int: ...

    @property
    def holding(self) -> bool: ...

    def receive(self, moved: Moved) -> None: ...

    def hear(self, remark: Remark) -> None: ...

    def ask(self, view: SeatView) -> Decision | None: ...


class AiEndpoint:
    """An AI player in a seat: asked, it chooses from its seat's view (the only thing it is shown).
    It reads what it remembers from the views' public history, so the table tells it nothing
    (``listens`` False); one that ``listens`` (a subclass that watches) is told every move."""

    __slots__ = ("seat", "player")

    holding = False
    listens = False

    def __init__(self, seat: int, player: Player) -> None:
        self.seat = seat
        self.player = player

    def receive(self, moved: Moved) -> None:
        pass

    def hear(self, remark: Remark) -> None:
        pass

    def ask(self, view: SeatView) -> Decision | None:
        return self.player.choose(view)


def told_reason(
    reason: Reason | None, mover: int, seat: int, seating: Seating, *, open_partners: bool = False
) -> Reason | None:
    """``mover``'s reason as ``seat`` is told it during the game: whole to the mover itself (and,
    with ``open_partners``, to its partners), else without the facts private to the mover (its
    hand, its plan, chances worked out from its cards). Another seat learns from a reason only
    what it could know at the table; the whole reason is in the transcript, for after the game."""
    if reason is None or seat == mover:
        return reason
    if open_partners and seating.team_of[seat] == seating.team_of[mover]:
        return reason
    return reason.public()


def seen_by(events: Sequence[Event], seat: int) -> tuple[Event, ...]:
    """``events`` as ``seat`` sees them: another seat's private cards taken out, their number left
    (``count``): that a card replaced a red three is public, which card only its holder's."""
    return tuple([e if not e.private or e.seat == seat else hidden(e) for e in events])


def hidden(event: Event) -> Event:
    """``event`` with its private cards taken out and counted."""
    return event._replace(private=(), count=event.count or len(event.private))
