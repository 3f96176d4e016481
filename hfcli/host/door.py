"""A guest's way in to a hosted table: the join code (unless their ssh key let them in), a name, a
seat, then the lobby's commands until the host starts the game.

A name alone takes no seat back: a guest who comes back under the name of a person away also
gives the seat code they were shown when they sat down, or logs in with the ssh key they sat down
with (hfcli.host.seatlock). Every wrong try is counted, and too many close the connection.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from hfcli.host.away import came_back
from hfcli.host.joining import code_matches, name_problem, plain_name
from hfcli.host.lobby import SeatTaken
from hfcli.host.room import Person, Room
from hfcli.host.seatlock import SeatLock, new_seat_code
from hfcli.host.starting import start
from hfcli.host.terminal import READER_OFF, READER_ON, READER_QUESTION, Closed, Terminal
from hfcli.system.printable import printable

if TYPE_CHECKING:
    from hfcli.host.channel import GuestChannel

NAME_TRIES = 5  # names refused on one connection before it is closed
SEAT_CODE_TRIES = 3  # wrong seat codes on one connection before it is closed
LOBBY_HELP = ("Commands here: who (who sits where), sit SEAT (another free seat), reader (the game in words, "
              "for a screen reader), quit.")


async def login(room: Room, channel: GuestChannel, terminal: Terminal) -> str | None:
    """The join code (unless the ssh keys let the guest in) and a name; None when the guest
    does not get that far (the connection is closed, with a line saying why)."""
    settings = room.settings
    terminal.say(_welcome(room))
    code = settings.code
    if code is not None:
        for attempt in range(1, room.code_tries + 1):
            typed = await terminal.ask("Join code: ", password=True)
            if code_matches(typed, code):
                channel.admitted()  # a guest's place now, no longer a stranger's
                break
            if attempt == room.code_tries:
                await terminal.drained()
                channel.close_with(f"{room.code_tries} wrong codes; the connection is closed.")
                return None
            terminal.say("That is not this table's code. Ask the host for it (e.g. k7mq-x2pa).")
    for _ in range(NAME_TRIES):
        typed = await terminal.ask("Your name: ")
        name = plain_name(typed)
        held = room.lobby.seat_of(name) if name else None
        if held is not None and not room.lobby.places[held].connected:
            back = await _prove(room, held, channel, terminal)
            if back is None:
                return None
            if back:
                return room.lobby.places[held].name
            continue
        problem = name_problem(typed, (*room.seating.long_names, *room.seating.names))
        if problem is None:
            try:
                _check_name(room, name, channel.key_fingerprint)
            except SeatTaken as exc:
                terminal.say(f"{exc}.")
                continue
            await _ask_reader(terminal)
            return name
        terminal.say(f"{problem[:1].upper()}{problem[1:]}.")
    await terminal.drained()
    channel.close_with("No name the table could take; the connection is closed.")
    return None


async def _ask_reader(terminal: Terminal) -> None:
    """Whether a new guest uses a screen reader: asked once, at joining (Enter is no), and
    kept for the connection; the lobby's reader changes it until the game starts."""
    answer = await terminal.ask(READER_QUESTION)
    if answer.strip().lower() in ("y", "yes"):
        terminal.read_aloud(True)
        terminal.say(READER_ON)


async def _prove(room: Room, seat: int, channel: GuestChannel, terminal: Terminal) -> bool | None:
    """Whether the guest who gave the name of ``seat``'s away person may take it back: they log
    in with the seat's key, or give its seat code. False to ask for a name again, None when the
    connection is closed (too many wrong seat codes)."""
    place = room.lobby.places[seat]
    lock, name = place.lock, printable(place.name)
    if lock is None:
        return True  # a game recorded before seats were locked: the name is all there is
    if lock.key is not None:
        if lock.opened_by_key(channel.key_fingerprint):
            return True
        terminal.say(f"{name}'s seat is kept for the ssh key {name} sat down with; log in with that key "
                     f"to take it back.")
        return False
    for attempt in range(1, SEAT_CODE_TRIES + 1):
        typed = await terminal.ask(f"{name}'s seat code (shown when {name} sat down): ", password=True)
        # scrypt takes some 20 ms: off the loop that serves every guest.
        if await asyncio.to_thread(lock.opened_by_code, typed[:100]):
            return True
        # The host may know who is at the door; the seat's person, away, cannot be told.
        room.tell_host(f"Someone gave a wrong seat code for {name}'s seat ({room.seating.long_names[seat]}).")
        if attempt == SEAT_CODE_TRIES:
            await terminal.drained()
            channel.close_with(f"{SEAT_CODE_TRIES} wrong seat codes; the connection is closed.")
            return None
        terminal.say(f"That is not the seat code of {name}'s seat.")
    return None


def _welcome(room: Room) -> str:
    from hfcli.text.screen import table_words

    settings = room.settings
    host = printable(settings.host_name) if settings.host_name else "the host"
    how = "log in with the key you sat down with and give" if settings.code is None else "give"
    proof = "" if settings.code is None else ", then your seat code,"
    started = f" The game is under way: {how} the name you sit under{proof} to take your seat back." \
        if room.started.is_set() or room.resumed is not None else ""
    return (f"Hand and Foot at {host}'s table: {settings.rules.name} rules, {table_words(room.seating)}.{started}")


def _check_name(room: Room, name: str, key: str | None = None) -> None:
    """SeatTaken when ``name`` cannot sit down now (before anything changes); ``key``, the ssh
    key the guest logged in with, takes one seat only."""
    lobby = room.lobby
    seat = lobby.seat_of(name)
    if seat is not None:
        place = lobby.places[seat]
        if place.connected or place.host:
            raise SeatTaken(f"{printable(place.name)} is at the table already; give another name")
        return
    keyed = lobby.seat_of_key(key) if key is not None else None
    if keyed is not None:
        place = lobby.places[keyed]
        raise SeatTaken(f"Your ssh key sits {room.seating.long_names[keyed]} already, as "
                        f"{printable(place.name)}; a key takes one seat"
                        + ("" if place.connected else f" (give the name {printable(place.name)} to take it back)"))
    if lobby.started:
        raise SeatTaken("The game has started, and nobody of that name has a seat at it")
    if not lobby.free_seats():
        raise SeatTaken("Every seat is taken")


async def sit_down(room: Room, name: str, terminal: Terminal, channel: GuestChannel) -> Person | None:
    """The guest named ``name`` takes their seat: a free one (locked by a new seat code, or by
    their key), or the one they hold and come back to. None when it was taken meanwhile."""
    held = room.lobby.seat_of(name)
    code = None
    if held is not None and room.lobby.places[held].lock is not None:
        lock = None  # coming back: the seat keeps its lock
    elif room.settings.code is None and channel.key_fingerprint is not None:
        lock = SeatLock.for_key(channel.key_fingerprint)
    else:
        code = new_seat_code()
        lock = await asyncio.to_thread(SeatLock.for_code, code)
    try:
        seat = room.lobby.sit(name)
    except SeatTaken as exc:  # taken between the name and now
        terminal.say(f"{exc}.")
        channel.close_with("The connection is closed.")
        return None
    if lock is not None:
        room.lobby.places[seat].lock = lock
    person = room.people.get(seat)
    back = person is not None
    if person is None:
        person = room.people[seat] = Person(seat, name, screen_reader=terminal.reader)
    person.terminal, person.channel = terminal, channel
    long_name = room.seating.long_names[seat]
    if back:
        came_back(room, person)
        if code is not None:  # a seat its record gave no lock: locked from now on
            terminal.say(_seat_code_line(code))
    else:
        terminal.say(f"You sit {long_name}.")
        if code is not None:
            terminal.say(_seat_code_line(code))
        terminal.say("Who sits where:")
        terminal.say("\n".join(room.who_lines()))
        terminal.say(LOBBY_HELP)
        room.announce(f"{printable(person.name)} sits down {long_name}.", but=seat)
        if room.settings.start_when_full and not room.lobby.free_seats():
            start(room)
    return person


def _seat_code_line(code: str) -> str:
    # Two short lines: each fits 80 columns whatever the wrapping.
    return (f"Your seat code is {code}. It is shown only now: note it.\n"
            f"If you lose the connection, your name and this code take your seat back.")


async def wait_in_lobby(room: Room, person: Person, terminal: Terminal) -> None:
    """Until the host starts the game: who, sit, quit."""
    while not room.started.is_set():
        line = await terminal.ask_unless("lobby> ", room.started)  # Closed when the guest went
        if line is None:
            return
        _lobby_command(room, person, terminal, line)


def _lobby_command(room: Room, person: Person, terminal: Terminal, line: str) -> None:
    word, _, rest = line.strip().partition(" ")
    word = word.lower()
    if not word:
        return
    if word == "who":
        terminal.say("\n".join(room.who_lines()))
    elif word == "sit":
        seat = room.lobby.seat_by_name(rest)
        if seat is None:
            terminal.say(f"Which seat? Free: {room.lobby.free_words()}.")
            return
        if seat == person.seat:
            terminal.say(f"You sit {room.seating.long_names[seat]} already.")
            return
        if seat not in room.lobby.free_seats():
            terminal.say(f"{room.lobby.not_free(seat)}.")
            return
        move_seat(room, person, seat)
    elif word in ("reader", "screen-reader") or (word == "screen" and rest.strip().lower().startswith("reader")):
        said = rest.strip().lower().split()[-1:] if rest.strip() else []
        person.screen_reader = {"on": True, "yes": True, "off": False, "no": False}.get(
            said[0] if said else "", not person.screen_reader)
        terminal.read_aloud(person.screen_reader)
        terminal.say(READER_ON if person.screen_reader else READER_OFF)
    elif word in ("quit", "exit"):
        raise Closed()
    elif word == "help":
        terminal.say(LOBBY_HELP)
    else:
        terminal.say(f"The game has not started yet ('{printable(word)[:20]}' waits for it). {LOBBY_HELP}")


def move_seat(room: Room, person: Person, seat: int) -> None:
    """Before the game: ``person`` to the free ``seat`` (the guest's ``sit``, the host's ``seat``)."""
    place = room.lobby.places.pop(person.seat)
    del room.people[person.seat]
    room.lobby.places[seat] = place
    person.seat = seat
    room.people[seat] = person
    room.announce(f"{printable(person.name)} moves to {room.seating.long_names[seat]}.")
