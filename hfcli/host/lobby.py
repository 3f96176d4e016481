"""Who sits where at a hosted table, before and during the game.

A seat is the host's (unless the host only watches), a guest's (by name), or the AI's. A guest who
drops keeps the seat: connected or not, the name holds it, and the same name with the seat's lock
opened (its seat code, or the ssh key it was taken with) takes it back. Pure bookkeeping: the
server and the table ask it and tell it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hfcli.engine.seating import Seating
from hfcli.host.joining import same_name
from hfcli.host.seatlock import SeatLock


class SeatTaken(Exception):
    """The seat or the name cannot be had; the message says why, to show the guest."""


@dataclass
class Place:
    """A person's seat: who, and whether they are here now."""

    name: str
    connected: bool = True
    host: bool = False
    lock: SeatLock | None = None  # what takes the seat back: None for the host, or a game recorded without


@dataclass
class Lobby:
    seating: Seating
    places: dict[int, Place] = field(default_factory=dict)
    started: bool = False
    # The seats a person may take (an event's: its seat and its partners'); None: every seat.
    open_seats: frozenset[int] | None = None

    @property
    def seat_names(self) -> tuple[str, ...]:
        return self.seating.long_names

    def free_seats(self) -> list[int]:
        open_seats = self.open_seats
        return [seat for seat in range(len(self.seat_names))
                if seat not in self.places and (open_seats is None or seat in open_seats)]

    def seat_of(self, name: str) -> int | None:
        for seat, place in self.places.items():
            if same_name(place.name, name):
                return seat
        return None

    def seat_of_key(self, fingerprint: str) -> int | None:
        """The seat taken with the ssh key ``fingerprint``, or None."""
        for seat, place in self.places.items():
            if place.lock is not None and place.lock.opened_by_key(fingerprint):
                return seat
        return None

    def seat_by_name(self, word: str) -> int | None:
        """The seat called ``word`` (``north``, ``N``), or None."""
        try:
            return self.seating.seat_index(word)
        except ValueError:
            return None

    def sit(self, name: str, seat: int | None = None, *, host: bool = False) -> int:
        """Seat ``name``: in ``seat``, or the next one (``next_seat``); a name that holds a seat and is not
        connected takes it back (a reconnect). Raises SeatTaken."""
        held = self.seat_of(name)
        if held is not None:
            place = self.places[held]
            if place.connected:
                raise SeatTaken(f"{place.name} is at the table already; give another name")
            if seat is not None and seat != held:
                raise SeatTaken(f"{place.name} sits {self.seat_names[held]}; come back to that seat")
            place.connected = True
            return held
        if self.started:
            raise SeatTaken("the game has started, and nobody of that name has a seat at it")
        free = self.free_seats()
        if not free:
            raise SeatTaken("every seat is taken")
        if seat is None:
            seat = self.next_seat()
        elif seat not in free:
            raise SeatTaken(self.not_free(seat))
        self.places[seat] = Place(name.strip(), host=host)
        return seat

    def not_free(self, seat: int) -> str:
        """Why a person cannot take ``seat``, which is not free: someone's, or kept for the AI."""
        if seat in self.places:
            return f"{self.seat_names[seat]} is taken; free: {self.free_words()}"
        return f"{self.seat_names[seat]} is the AI's at this table; free: {self.free_words()}"

    def next_seat(self) -> int:
        """Where the next guest sits unless they ask for a seat: beside the host as their partner
        while the host's side has a free seat (friends who join a host play with them), else the
        first free seat."""
        free = self.free_seats()
        hosts = [seat for seat, place in self.places.items() if place.host]
        partners = [seat for seat in free if hosts and seat in self.seating.partners(hosts[0])]
        return (partners or free)[0]

    def leave(self, seat: int) -> None:
        """Before the game the seat is free again; during it, the seat is kept for the name."""
        if not self.started:
            self.places.pop(seat, None)
        elif seat in self.places:
            self.places[seat].connected = False

    def free_words(self) -> str:
        return ", ".join(self.seat_names[s] for s in self.free_seats()) or "none"

    def lines(self, ai_level: dict[int, str]) -> list[str]:
        """Who sits where: a line a seat."""
        width = max(len(n) for n in self.seat_names)
        rows = []
        for seat, long_name in enumerate(self.seat_names):
            place = self.places.get(seat)
            if place is None:
                free = not self.started and (self.open_seats is None or seat in self.open_seats)
                who = f"free (AI, {ai_level.get(seat, '?')})" if free else f"(AI, {ai_level.get(seat, '?')})"
            else:
                who = place.name + (" (host)" if place.host else "") + ("" if place.connected else " (away)")
            rows.append(f"  {long_name:<{width}}  {who}")
        return rows

