"""How many connections the table holds at once: the guests' places, and the strangers' apart.

A connection is a stranger until it gives the join code (or logs in with a key the host named):
strangers have a few places of their own, so they can never keep a guest from the table. When
their places are full, a new connection takes the place of the one that has got least far; the
guests' places, full, turn the next guest away with a line saying so (hfcli.host.limits says
how many of each).
"""

from __future__ import annotations

from typing import Protocol

import asyncssh

from hfcli.host import limits


class Caller(Protocol):
    """A connection as the places see it (hfcli.host.connection's ``TableServer``)."""

    address: str  # the peer's address
    opened: float  # when it came, by the event loop's clock
    guest: bool  # counted among the guests

    def progress(self) -> int:
        """How far it has got (hfcli.host.connection's stages): the least far is turned away first."""
        ...

    def turn_away(self, why: str, code: int = ...) -> None:
        """Close the connection, saying ``why``."""
        ...


class Places:
    """The connections at the table now: the strangers in the order they came, and the guests."""

    def __init__(self, max_guests: int = limits.MAX_GUESTS, max_strangers: int = limits.MAX_STRANGERS) -> None:
        self.max_guests = max_guests
        self.max_strangers = max_strangers
        self.strangers: list[Caller] = []  # in the order they came
        self.guests: set[Caller] = set()

    @property
    def connections(self) -> int:
        return len(self.strangers) + len(self.guests)

    def arrived(self, caller: Caller) -> None:
        """A new connection is a stranger; when their places are full, it takes the place of the
        one that has got least far (of those, the oldest from the address holding the most places)."""
        if len(self.strangers) >= self.max_strangers:
            held: dict[str, int] = {}
            for other in self.strangers:
                held[other.address] = held.get(other.address, 0) + 1
            place = min(self.strangers, key=lambda other: (other.progress(), -held[other.address], other.opened))
            self.strangers.remove(place)
            place.turn_away(f"the table had {self.max_strangers} connections waiting for its code, "
                            f"and this one had got least far; try again", asyncssh.DISC_TOO_MANY_CONNECTIONS)
        self.strangers.append(caller)

    def admit(self, caller: Caller) -> str | None:
        """The connection gave the code (or logged in with a key): a guest now. Why not, or None."""
        if caller.guest:
            return None
        if caller in self.strangers:
            self.strangers.remove(caller)
        if len(self.guests) >= self.max_guests:
            return f"the table has {self.max_guests} guests connected already; try again later"
        caller.guest = True
        self.guests.add(caller)
        return None

    def left(self, caller: Caller) -> None:
        if caller in self.strangers:
            self.strangers.remove(caller)
        self.guests.discard(caller)
