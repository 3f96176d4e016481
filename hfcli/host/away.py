"""A person away from their seat: the connection dropped, or they left on purpose.

Before the game the seat is free again. During it the seat waits ``grace`` seconds for them (none
when they left with ``quit``); then the AI plays it for them, and the others are told, until they
come back with their name and the seat's lock opened (hfcli.host.door lets them in).
"""

from __future__ import annotations

import asyncio

from hfcli.host.room import Person, Room
from hfcli.levels import make_player
from hfcli.system.printable import printable


def dropped(room: Room, person: Person) -> None:
    """The person's connection is gone: before the game the seat is free again; during it the
    seat waits ``grace`` seconds for them, then the AI plays it for them."""
    person.terminal, person.channel = None, None
    if not room.started.is_set():
        room.lobby.leave(person.seat)
        room.people.pop(person.seat, None)
        room.announce(f"{printable(person.name)} left the lobby.")
        return
    room.lobby.leave(person.seat)
    if room.over.is_set() or (room.table is not None and room.table.pending() is None):
        return
    loop = asyncio.get_running_loop()
    person.away_since = loop.time()
    if person.session is not None:
        person.session.echo = nowhere
        person.away_from = len(person.session.log)
    grace = 0.0 if person.leaving else room.settings.grace
    person.leaving = False
    name, long_name = printable(person.name), room.seating.long_names[person.seat]
    room.announce(f"{name} ({long_name}) lost the connection; the seat waits {grace:g} seconds for them.")
    person.grace_timer = loop.call_later(grace, grace_over, room, person)
    room.wake()


def dropped_at_start(room: Room, person: Person) -> None:
    """A resumed game's guest who has not reconnected yet: their seat waits as for a drop."""
    loop = asyncio.get_running_loop()
    person.away_since = loop.time()
    if person.session is not None:
        person.away_from = len(person.session.log)
    person.grace_timer = loop.call_later(room.settings.grace, grace_over, room, person)


def grace_over(room: Room, person: Person) -> None:
    """The seat has waited long enough: the AI plays it for the person until they are back."""
    person.grace_timer = None
    if person.here or room.over.is_set():
        return
    person.ai = make_player(room.settings.level, room.seed, person.seat)
    long_name = room.seating.long_names[person.seat]
    room.name_seat(person.seat, f"{long_name}, for {person.name}")
    room.announce(f"{printable(person.name)} is not back: the AI plays {long_name} for them until they are.")
    room.wake()


def came_back(room: Room, person: Person) -> None:
    """The person has their seat again (the door checked them): the AI stops playing for them."""
    if person.grace_timer is not None:
        person.grace_timer.cancel()
        person.grace_timer = None
    person.away_since = None
    person.ai = None
    person.returned = True
    long_name = room.seating.long_names[person.seat]
    room.name_seat(person.seat, room.seat_and_name(person.seat, person.name))
    assert person.terminal is not None
    person.terminal.say(f"Welcome back, {printable(person.name)}: you sit {long_name}.")
    room.announce(f"{printable(person.name)} is back at {long_name}.", but=person.seat)
    room.wake()


def nowhere(text: str) -> None:
    """Where an absent person's screen goes."""
