"""A hosted table: the lobby where guests sit down, then one game that every person plays from
their own terminal, the AI in every other seat.

One asyncio loop runs everything: each guest's connection (a task of its own, in its own
prompt_toolkit session), the host's console, and the driver that plays the AI seats. The game is
the table's (``hfcli.table.Table``): a person's move goes through their own session to the table,
which records it before telling anyone; the driver plays a seat the AI holds, one move at a time,
with a pause after each so people can follow. A seat acts only for itself: a session plays only
its own seat, and the table refuses any other.

A guest who drops keeps the seat: for ``grace`` seconds the table waits for them; then the AI
plays the seat for them (the others are told) until they come back with their name and the code.
A name alone takes no seat back: the guest also gives the seat code they were shown when they sat
down, or logs in with the ssh key they sat down with (``hfcli.host.seatlock``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hfcli.host import limits
from hfcli.host.joining import code_matches, name_problem, plain_name
from hfcli.host.lobby import Lobby, SeatTaken
from hfcli.host.seatlock import SeatLock, new_seat_code
from hfcli.host.terminal import READER_OFF, READER_ON, READER_QUESTION, Closed, Terminal
from hfcli.levels import make_hint_player, make_player
from hfcli.system.printable import printable
from hfcli.table.endpoints import AiEndpoint, remark_problem, told_reason

if TYPE_CHECKING:
    from hfcli.engine.cards import Card
    from hfcli.engine.game import Game
    from hfcli.engine.reasons import Reason
    from hfcli.engine.rules import Rules
    from hfcli.engine.seat import Player
    from hfcli.engine.view import SeatView
    from hfcli.host.server import GuestChannel
    from hfcli.repl.session import Session
    from hfcli.table import Table
    from hfcli.transcript import SeatInfo, TranscriptWriter

log = logging.getLogger("hfcli.host")

NAME_TRIES = 5  # names refused on one connection before it is closed
SEAT_CODE_TRIES = 3  # wrong seat codes on one connection before it is closed
GOODBYE_SECONDS = 5.0  # how long the host, stopping, waits for a guest to be sent its last lines
SEAT_LOCKS = "seat_locks"  # the header's key: each guest's seat lock, by seat
HOST_SEAT = "host"  # the header's key: the seat of the person who hosted, the one at the host's terminal
THANKS = "The game is over. Thank you for playing."
LOBBY_HELP = ("Commands here: who (who sits where), sit SEAT (another free seat), reader (the game in words, "
              "for a screen reader), quit.")


@dataclass
class Settings:
    """How the host set the table."""

    rules: Rules
    seed: int  # a secret: whoever knows it knows every card (see seed_chosen)
    level: str  # of the AI in every seat no person takes, and of the AI that plays for an absent guest
    host_name: str | None  # None: the host only hosts (--watch)
    grace: float = 60.0
    speed: float = 0.25  # seconds after each AI move
    start_when_full: bool = False
    code: str | None = None  # None: the authorized keys let guests in
    transcript_path: Path | None = None
    color: bool = True
    program: str = "hf"
    # The host gave the seed (--seed): shown to the host, who knows it anyway. A fresh seed is shown
    # to nobody until the game is over, and never to a guest.
    seed_chosen: bool = False
    # An event's table (hf host --event): its shoes, its AI seats' levels, the seats people may
    # take (its seat and its partners'), and the header key its entry carries.
    shoes: tuple[tuple[Card, ...], ...] = ()
    levels: Mapping[int, str] = field(default_factory=dict)
    people_seats: frozenset[int] | None = None
    header: Mapping[str, Any] | None = None
    host_reader: bool = False  # the host uses a screen reader (hf config screen-reader, HF_SCREEN_READER)


class HostedAi(AiEndpoint):
    """The endpoint of a seat the host's driver plays: the table's ask is answered later, by the
    driver, off the table's own step (so the AI's thinking and the pause after it do not hold the
    loop that serves every guest). An AI endpoint all the same: the table tells it nothing and
    never asks it to hold the play."""

    __slots__ = ()

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def ask(self, view: SeatView) -> None:
        return None


@dataclass
class Person:
    """A seat a person holds: the host's or a guest's, here or away."""

    seat: int
    name: str
    host: bool = False
    terminal: Terminal | None = None  # None while away
    channel: GuestChannel | None = None
    session: Session | None = None  # once the game has started
    away_since: float | None = None
    grace_timer: asyncio.TimerHandle | None = None
    ai: Player | None = None  # plays for them once the grace period is over, until they are back
    introduced: bool = False  # shown the game's first lines
    returned: bool = False  # came back after a drop: shown the table as it is now
    leaving: bool = False  # left on purpose: the AI takes the seat at once, not after the grace period
    screen_reader: bool = False  # the game told in words, a line at a time (the lobby's reader)
    wake_prompt: Callable[[], None] | None = None  # ends the person's prompt, to show it anew
    away_from: int | None = None  # the session's log entry where the person went away, while away
    remarks: limits.InputBudget | None = None  # the lines they may say to the table (limits.REMARKS_AT_ONCE)

    @property
    def here(self) -> bool:
        return self.terminal is not None


@dataclass
class ResumedTable:
    """A game taken up again from its transcript: where it stands, and who sat where."""

    game: Game
    writer: TranscriptWriter
    humans: dict[int, str]  # seat -> recorded name
    levels: dict[int, str]  # AI seats
    players: dict[int, Player]
    # (deal, seat, move, reason): each reason whole, as recorded; told each person as the table tells it
    moves: list[tuple[int, int, str, Reason | None]] = field(default_factory=list)
    locks: dict[int, SeatLock] = field(default_factory=dict)  # the guests' seats, as the header records them


class HostedTable:
    """The lobby, then the game. ``interact`` is what the ssh server runs for each connection;
    ``console`` is the host's own terminal."""

    def __init__(self, settings: Settings, resumed: ResumedTable | None = None) -> None:
        from hfcli.engine.seating import table

        self.settings = settings
        self.resumed = resumed
        rules = settings.rules
        self.seating = resumed.game.seating if resumed is not None else table(rules.players, rules.teams)
        self.lobby = Lobby(self.seating, open_seats=settings.people_seats)
        self.people: dict[int, Person] = {}
        self.table: Table | None = None
        self.game: Game | None = resumed.game if resumed is not None else None
        self.players: dict[int, Player] = {}  # the AI seats'
        self.levels: dict[int, str] = {}
        self.started = asyncio.Event()
        self.over = asyncio.Event()
        self._wake = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None
        self.watchers: list[Terminal] = []  # the host's console when the host only watches
        self.transcript_path: Path | None = settings.transcript_path
        self.failed: BaseException | None = None
        self.clock: Callable[[], float] = time.monotonic  # what the limits on people's lines count time by
        self.login_seconds = limits.LOGIN_SECONDS  # to give the code and a name
        self.code_tries = limits.CODE_TRIES  # wrong codes before a connection is closed
        if settings.host_name is not None and resumed is None:
            seat = self.lobby.sit(settings.host_name, 0, host=True)
            self.people[seat] = Person(seat, settings.host_name, host=True, screen_reader=settings.host_reader)
        if resumed is not None:
            self._seat_the_recorded(resumed)

    # ------------------------------------------------------------------ telling people

    def announce(self, text: str, *, but: int | None = None) -> None:
        """A line to every person here (and the host's console), the program's own words."""
        for person in self.people.values():
            if person.terminal is not None and person.seat != but:
                person.terminal.say(text)
        for watcher in self.watchers:
            watcher.say(text)

    def tell_host(self, text: str) -> None:
        """A line to the host's console only (whether the host plays or only watches)."""
        for person in self.people.values():
            if person.host and person.terminal is not None:
                person.terminal.say(text)
        for watcher in self.watchers:
            watcher.say(text)

    def named(self, seat: int) -> str:
        """A seat as a prompt names it: its person's name, else the seat's (West)."""
        person = self.people.get(seat)
        if person is None:
            return self.seating.long_names[seat]
        return printable(person.name) if person.ai is None else f"the AI for {printable(person.name)}"

    def who_lines(self) -> list[str]:
        settings = self.settings
        levels = {seat: self.levels.get(seat, settings.levels.get(seat, settings.level)) for seat in self.seating.seats}
        return self.lobby.lines(levels)

    # ------------------------------------------------------------------ a guest's connection

    async def interact(self, channel: GuestChannel) -> None:
        """One connection, from the code to the end of the game (or of the connection)."""
        from prompt_toolkit.application.current import get_app_session

        terminal = Terminal(get_app_session().output, lambda: channel.terminal_size)
        channel.tell = terminal.say
        person: Person | None = None
        try:
            try:
                name = await asyncio.wait_for(self._login(channel, terminal), self.login_seconds)
            except TimeoutError:
                channel.close_with(f"No code and name in {self.login_seconds:g} seconds; goodbye.")
                return
            if name is None:
                return
            person = await self._sit_down(name, terminal, channel)
            if person is None:
                return
            if not self.started.is_set():
                await self._wait_in_lobby(person, terminal)
            if self.started.is_set() and not self.over.is_set():
                await self.play(person)
            await terminal.drained()
        except Closed:
            pass
        finally:
            if person is not None and person.terminal is terminal:
                self._dropped(person)
            terminal.close()

    async def _login(self, channel: GuestChannel, terminal: Terminal) -> str | None:
        """The join code (unless the ssh keys let the guest in) and a name; None when the guest
        does not get that far (the connection is closed, with a line saying why)."""
        settings = self.settings
        terminal.say(self._welcome())
        code = settings.code
        if code is not None:
            for attempt in range(1, self.code_tries + 1):
                typed = await terminal.ask("Join code: ", password=True)
                if code_matches(typed, code):
                    channel.admitted()  # a guest's place now, no longer a stranger's
                    break
                if attempt == self.code_tries:
                    await terminal.drained()
                    channel.close_with(f"{self.code_tries} wrong codes; the connection is closed.")
                    return None
                terminal.say("That is not this table's code. Ask the host for it (e.g. k7mq-x2pa).")
        for _ in range(NAME_TRIES):
            typed = await terminal.ask("Your name: ")
            name = plain_name(typed)
            held = self.lobby.seat_of(name) if name else None
            if held is not None and not self.lobby.places[held].connected:
                back = await self._prove(held, channel, terminal)
                if back is None:
                    return None
                if back:
                    return self.lobby.places[held].name
                continue
            problem = name_problem(typed, (*self.seating.long_names, *self.seating.names))
            if problem is None:
                try:
                    self._check_name(name, channel.key_fingerprint)
                except SeatTaken as exc:
                    terminal.say(f"{exc}.")
                    continue
                await self._ask_reader(terminal)
                return name
            terminal.say(f"{problem[:1].upper()}{problem[1:]}.")
        await terminal.drained()
        channel.close_with("No name the table could take; the connection is closed.")
        return None

    @staticmethod
    async def _ask_reader(terminal: Terminal) -> None:
        """Whether a new guest uses a screen reader: asked once, at joining (Enter is no), and
        kept for the connection; the lobby's reader changes it until the game starts."""
        answer = await terminal.ask(READER_QUESTION)
        if answer.strip().lower() in ("y", "yes"):
            terminal.read_aloud(True)
            terminal.say(READER_ON)

    async def _prove(self, seat: int, channel: GuestChannel, terminal: Terminal) -> bool | None:
        """Whether the guest who gave the name of ``seat``'s away person may take it back: they log
        in with the seat's key, or give its seat code. False to ask for a name again, None when the
        connection is closed (too many wrong seat codes)."""
        place = self.lobby.places[seat]
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
            self.tell_host(f"Someone gave a wrong seat code for {name}'s seat ({self.seating.long_names[seat]}).")
            if attempt == SEAT_CODE_TRIES:
                await terminal.drained()
                channel.close_with(f"{SEAT_CODE_TRIES} wrong seat codes; the connection is closed.")
                return None
            terminal.say(f"That is not the seat code of {name}'s seat.")
        return None

    def _welcome(self) -> str:
        from hfcli.text.screen import table_words

        rules = self.settings.rules
        host = printable(self.settings.host_name) if self.settings.host_name else "the host"
        how = "log in with the key you sat down with and give" if self.settings.code is None else "give"
        proof = "" if self.settings.code is None else ", then your seat code,"
        started = f" The game is under way: {how} the name you sit under{proof} to take your seat back." \
            if self.started.is_set() or self.resumed is not None else ""
        return (f"Hand and Foot at {host}'s table: {rules.name} rules, {table_words(self.seating)}.{started}")

    def _check_name(self, name: str, key: str | None = None) -> None:
        """SeatTaken when ``name`` cannot sit down now (before anything changes); ``key``, the ssh
        key the guest logged in with, takes one seat only."""
        seat = self.lobby.seat_of(name)
        if seat is not None:
            place = self.lobby.places[seat]
            if place.connected or place.host:
                raise SeatTaken(f"{printable(place.name)} is at the table already; give another name")
            return
        keyed = self.lobby.seat_of_key(key) if key is not None else None
        if keyed is not None:
            place = self.lobby.places[keyed]
            raise SeatTaken(f"Your ssh key sits {self.seating.long_names[keyed]} already, as "
                            f"{printable(place.name)}; a key takes one seat"
                            + ("" if place.connected else f" (give the name {printable(place.name)} to take it back)"))
        if self.lobby.started:
            raise SeatTaken("The game has started, and nobody of that name has a seat at it")
        if not self.lobby.free_seats():
            raise SeatTaken("Every seat is taken")

    async def _sit_down(self, name: str, terminal: Terminal, channel: GuestChannel) -> Person | None:
        held = self.lobby.seat_of(name)
        code = None
        if held is not None and self.lobby.places[held].lock is not None:
            lock = None  # coming back: the seat keeps its lock
        elif self.settings.code is None and channel.key_fingerprint is not None:
            lock = SeatLock.for_key(channel.key_fingerprint)
        else:
            code = new_seat_code()
            lock = await asyncio.to_thread(SeatLock.for_code, code)
        try:
            seat = self.lobby.sit(name)
        except SeatTaken as exc:  # taken between the name and now
            terminal.say(f"{exc}.")
            channel.close_with("The connection is closed.")
            return None
        if lock is not None:
            self.lobby.places[seat].lock = lock
        person = self.people.get(seat)
        back = person is not None
        if person is None:
            person = self.people[seat] = Person(seat, name, screen_reader=terminal.reader)
        person.terminal, person.channel = terminal, channel
        long_name = self.seating.long_names[seat]
        if back:
            self._came_back(person)
            if code is not None:  # a seat its record gave no lock: locked from now on
                terminal.say(self._seat_code_line(code))
        else:
            terminal.say(f"You sit {long_name}.")
            if code is not None:
                terminal.say(self._seat_code_line(code))
            terminal.say("Who sits where:")
            terminal.say("\n".join(self.who_lines()))
            terminal.say(LOBBY_HELP)
            self.announce(f"{printable(person.name)} sits down {long_name}.", but=seat)
            if self.settings.start_when_full and not self.lobby.free_seats():
                self.start()
        return person

    async def _wait_in_lobby(self, person: Person, terminal: Terminal) -> None:
        """Until the host starts the game: who, sit, quit."""
        while not self.started.is_set():
            line = await terminal.ask_unless("lobby> ", self.started)  # Closed when the guest went
            if line is None:
                return
            self._lobby_command(person, terminal, line)

    @staticmethod
    def _seat_code_line(code: str) -> str:
        # Two short lines: each fits 80 columns whatever the wrapping.
        return (f"Your seat code is {code}. It is shown only now: note it.\n"
                f"If you lose the connection, your name and this code take your seat back.")

    def _lobby_command(self, person: Person, terminal: Terminal, line: str) -> None:
        word, _, rest = line.strip().partition(" ")
        word = word.lower()
        if not word:
            return
        if word == "who":
            terminal.say("\n".join(self.who_lines()))
        elif word == "sit":
            seat = self.lobby.seat_by_name(rest)
            if seat is None:
                terminal.say(f"Which seat? Free: {self.lobby.free_words()}.")
                return
            if seat == person.seat:
                terminal.say(f"You sit {self.seating.long_names[seat]} already.")
                return
            if seat not in self.lobby.free_seats():
                terminal.say(f"{self.lobby.not_free(seat)}.")
                return
            self.move_seat(person, seat)
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

    def move_seat(self, person: Person, seat: int) -> None:
        """Before the game: ``person`` to the free ``seat``."""
        place = self.lobby.places.pop(person.seat)
        del self.people[person.seat]
        self.lobby.places[seat] = place
        person.seat = seat
        self.people[seat] = person
        self.announce(f"{printable(person.name)} moves to {self.seating.long_names[seat]}.")

    def _dropped(self, person: Person) -> None:
        """The person's connection is gone: before the game the seat is free again; during it the
        seat waits ``grace`` seconds for them, then the AI plays it for them."""
        person.terminal, person.channel = None, None
        if not self.started.is_set():
            self.lobby.leave(person.seat)
            self.people.pop(person.seat, None)
            self.announce(f"{printable(person.name)} left the lobby.")
            return
        self.lobby.leave(person.seat)
        if self.over.is_set() or (self.table is not None and self.table.pending() is None):
            return
        loop = asyncio.get_running_loop()
        person.away_since = loop.time()
        if person.session is not None:
            person.session.echo = _nowhere
            person.away_from = len(person.session.log)
        grace = 0.0 if person.leaving else self.settings.grace
        person.leaving = False
        name, long_name = printable(person.name), self.seating.long_names[person.seat]
        self.announce(f"{name} ({long_name}) lost the connection; the seat waits {grace:g} seconds for them.")
        person.grace_timer = loop.call_later(grace, self._grace_over, person)
        self.wake()

    def _grace_over(self, person: Person) -> None:
        person.grace_timer = None
        if person.here or self.over.is_set():
            return
        person.ai = make_player(self.settings.level, self._seed, person.seat)
        long_name = self.seating.long_names[person.seat]
        self._name_seat(person.seat, f"{long_name}, for {person.name}")
        self.announce(f"{printable(person.name)} is not back: the AI plays {long_name} for them until they are.")
        self.wake()

    def _came_back(self, person: Person) -> None:
        if person.grace_timer is not None:
            person.grace_timer.cancel()
            person.grace_timer = None
        person.away_since = None
        person.ai = None
        person.returned = True
        long_name = self.seating.long_names[person.seat]
        self._name_seat(person.seat, self._seat_label(person.seat, person.name))
        assert person.terminal is not None
        person.terminal.say(f"Welcome back, {printable(person.name)}: you sit {long_name}.")
        self.announce(f"{printable(person.name)} is back at {long_name}.", but=person.seat)
        self.wake()

    def _name_seat(self, seat: int, label: str) -> None:
        """How every person's screen names ``seat`` from now on."""
        for person in self.people.values():
            if person.session is not None and person.seat != seat:
                person.session.names[seat] = printable(label)

    @staticmethod
    def _seat_label_of(long_name: str, name: str) -> str:
        return f"{long_name} ({name})"

    def _seat_label(self, seat: int, name: str) -> str:
        return self._seat_label_of(self.seating.long_names[seat], name)

    # ------------------------------------------------------------------ the host

    def start(self) -> str | None:
        """Start the game (the host's ``start``); why not, or None when it started."""
        if self.started.is_set():
            return "The game has started already."
        # Started before the game is set: the first lines each person is told say who sits where
        # now, with no seat still free. A failure ends the table.
        self.lobby.started = True
        try:
            self._set_the_game()
        except Exception as exc:
            self.failed = exc
            self.over.set()
            raise
        self.started.set()
        self._driver = asyncio.ensure_future(self._drive())
        return None

    @property
    def finished(self) -> bool:
        """The game was played to its end (not stopped, not failed)."""
        return self.failed is None and self.game is not None and self.game.is_over

    @property
    def _seed(self) -> int:
        return self.game.seed if self.game is not None else self.settings.seed

    def _set_the_game(self) -> None:
        from hfcli.engine.game import Game
        from hfcli.repl.display import Display, Pace
        from hfcli.repl.session import Session
        from hfcli.repl.spoken import SpokenSession
        from hfcli.table import Table
        from hfcli.transcript import SeatInfo

        settings = self.settings
        resumed = self.resumed
        if resumed is not None:
            game, writer = resumed.game, resumed.writer
            self.levels = dict(resumed.levels)
            self.players = dict(resumed.players)
        else:
            game = Game(settings.rules, seed=settings.seed, seating=self.seating, shoes=settings.shoes)
            self.levels = {s: settings.levels.get(s, settings.level)
                           for s in self.seating.seats if s not in self.people}
            self.players = {s: make_player(level, game.seed, s) for s, level in self.levels.items()}
            seats = [SeatInfo(self.people[s].name, "human", None) if s in self.people
                     else SeatInfo(self.seating.long_names[s], "ai", self.levels[s]) for s in self.seating.seats]
            locks = {self.seating.names[s]: place.lock.as_json() for s, place in sorted(self.lobby.places.items())
                     if place.lock is not None}
            # The host's seat: hf stats counts a game of several people for the one at this terminal.
            host = [self.seating.names[s] for s, p in self.people.items() if p.host]
            writer, self.transcript_path = _new_transcript(game, seats, settings.transcript_path,
                                                           named_by_seed=settings.seed_chosen,
                                                           header={**(settings.header or {}),
                                                                   **({SEAT_LOCKS: locks} if locks else {}),
                                                                   **({HOST_SEAT: host[0]} if host else {})} or None)
        self.game = game
        table = self.table = Table(game, [HostedAi(s) for s in self.seating.seats], recorder=writer)
        for seat, person in self.people.items():
            kind = SpokenSession if person.screen_reader else Session
            person.session = kind(
                # A guest cannot resume or replay the host's file: only the host is told where it is.
                table, human=seat, human_name=person.name,
                transcript_path=self.transcript_path if person.host else None,
                echo=person.terminal.show if person.terminal is not None else _nowhere,
                display=Display(
                    color=settings.color and not (person.terminal is not None and person.terminal.plain),
                    size=person.terminal.size if person.terminal is not None else None),
                pace=Pace(hold_sheets=True), hint_player=make_hint_player(game.seed, seat), program=settings.program,
            )
            if resumed is not None:
                from hfcli.repl.session import LogEntry

                for deal, mover, move, reason in resumed.moves:
                    told = told_reason(reason, mover, seat, self.seating)
                    person.session.log.append(LogEntry(deal, mover, move, told))
        for seat, person in self.people.items():
            self._name_seat(seat, self._seat_label(seat, person.name))
        for person in self.people.values():
            if person.here and person.session is not None:
                self._introduce(person, person.session)
            elif not person.host:
                self._dropped_at_start(person)

    def _dropped_at_start(self, person: Person) -> None:
        """A resumed game's guest who has not reconnected yet: their seat waits as for a drop."""
        loop = asyncio.get_running_loop()
        person.away_since = loop.time()
        if person.session is not None:
            person.away_from = len(person.session.log)
        person.grace_timer = loop.call_later(self.settings.grace, self._grace_over, person)

    def _seat_the_recorded(self, resumed: ResumedTable) -> None:
        """A resumed game's people, by the names its transcript records: the host at the seat of
        the host's name (else the host watches), every other name waiting for its guest."""
        from hfcli.host.joining import same_name
        from hfcli.host.lobby import Place

        for seat, name in resumed.humans.items():
            host = self.settings.host_name is not None and same_name(name, self.settings.host_name)
            self.lobby.places[seat] = Place(name, connected=host, host=host, lock=resumed.locks.get(seat))
            self.people[seat] = Person(seat, name, host=host)

    # ------------------------------------------------------------------ the game

    def wake(self) -> None:
        """Something changed (a move, a drop, a return): the driver looks again."""
        self._wake.set()

    async def _drive(self) -> None:
        """Play the seats the AI holds, a move at a time, while nobody holds the play; let each
        person whose turn it is know."""
        loop = asyncio.get_running_loop()
        table = self.table
        assert table is not None
        try:
            self._wake.set()
            while not self.over.is_set():
                await self._wake.wait()
                self._wake.clear()
                while True:
                    self._pass_absent_sheets()
                    if table.holding:
                        break
                    seat = table.pending()
                    if seat is None:
                        self._game_over()
                        return
                    player = self._ai_of(seat)
                    if player is None:
                        self._tell_turn(seat)
                        break
                    view = table.view(seat)
                    decision = await loop.run_in_executor(None, player.choose, view)
                    if table.pending() != seat or self._ai_of(seat) is not player:
                        continue  # the seat's person came back while the AI thought
                    table.play(seat, decision.move, decision.reason)
                    if self.settings.speed > 0 and table.pending() is not None:
                        await asyncio.sleep(self.settings.speed)
        except Exception as exc:
            log.exception("the table stopped")
            self.failed = exc
            self.announce("The table stopped on an error; the game is saved up to the last move.")
            self.over.set()

    def _ai_of(self, seat: int) -> Player | None:
        person = self.people.get(seat)
        if person is None:
            return self.players[seat]
        return person.ai

    def _tell_turn(self, seat: int) -> None:
        """The person to move sees their turn start (and their prompt says so)."""
        person = self.people[seat]
        if person.session is not None and person.here:
            person.session.show_turn()
            if person.wake_prompt is not None:
                person.wake_prompt()

    def _pass_absent_sheets(self) -> None:
        """A deal's score sheet held for a person who is away is passed for them."""
        for person in self.people.values():
            session = person.session
            if session is not None and not person.here and session.waiting is not None:
                session.go_on()

    def _game_over(self) -> None:
        self.over.set()
        for watcher in self.watchers:  # a person at the table is thanked by their own session's end (play)
            watcher.say(THANKS)
        if self.table is not None:
            self.table.close()
        for person in self.people.values():
            if person.wake_prompt is not None:
                person.wake_prompt()

    async def play(self, person: Person) -> None:
        """A person at the table: their session's prompt, line after line, until the game ends or
        they leave. Their moves go to the table through the session; the driver is woken after each."""
        session = person.session
        terminal = person.terminal
        assert session is not None and terminal is not None
        session.echo = terminal.show
        terminal.read_aloud(session.spoken)  # as the seat was set when the game started
        # No colour where only text shows; a reader hears lines: nothing is fitted to a screen.
        session.display = replace(session.display, color=self.settings.color and not terminal.plain,
                                  size=session.display.size if session.spoken else terminal.size)
        if not person.introduced:
            self._introduce(person, session)
        elif person.returned:
            person.returned = False
            for line in self._played_for(person, session):
                session.say(line)
            session.say(session.table())  # where the game stands now
            session.show_turn()
        person.away_from = None
        await self.prompt(person)
        if self.finished:
            # Said here, after the person's own last lines (the final scores), rather than by the
            # driver, whose word could come after their connection was already closed.
            terminal.say(THANKS)

    def _may_say(self, person: Person, text: str) -> str | None:
        """Why ``person`` may not say ``text`` to the table now (too many lines of late), or None.
        Only a line the table would hear counts: a blank or too long one is refused as it is."""
        if remark_problem(text) is not None:
            return None  # the session says what is wrong with it
        if person.remarks is None:
            person.remarks = limits.InputBudget(1 / limits.REMARK_SECONDS, limits.REMARKS_AT_ONCE, self.clock)
        budget = person.remarks
        if budget.admit(1):
            return None
        wait = math.ceil((1 - budget.tokens) / budget.rate)
        return (f"Not said: the table hears {limits.REMARKS_AT_ONCE} lines from you at once, then one every "
                f"{limits.REMARK_SECONDS:g} seconds; say it again in {wait} {'second' if wait == 1 else 'seconds'}.")

    def _introduce(self, person: Person, session: Session) -> None:
        """The game's first lines, then the person's own cards: the whole table if it is their
        turn, else their hand, so that nobody starts the game without knowing what they hold."""
        person.introduced, person.returned = True, False
        # A resumed game's guest may come back after the AI went on with it for them.
        session.start([*self._intro(person), *self._played_for(person, session)])
        if not session.is_over and session.view.to_move != person.seat and not session.spoken:  # it says its own
            session.say(session.hand())

    @staticmethod
    def _played_for(person: Person, session: Session) -> list[str]:
        """What the AI played for the person while they were away, if anything, in lines."""
        if person.away_from is None:
            return []
        moves = session.own_moves_since(person.away_from)
        person.away_from = None
        if not moves:
            return []
        count = "1 move" if len(moves) == 1 else f"{len(moves)} moves"
        return [f"While you were away, the AI played {count} for you:", *(f"  {move}" for move in moves)]

    async def prompt(self, person: Person) -> None:
        """The person's prompt at the table, until the game ends or they leave."""
        from hfcli.host.prompt import Seated, table_prompt

        assert person.session is not None and person.terminal is not None

        def waker(wake: Callable[[], None] | None) -> None:
            person.wake_prompt = wake

        seated = Seated(self.over, self.wake, self.who_lines, lambda: self.leave(person), waker, self.named,
                        may_say=lambda text: self._may_say(person, text))
        if person.host:
            seated.question = "Stop hosting? The game stays saved, to take up again with hf host --resume. [y/N] "
        await table_prompt(seated, person.session, person.terminal)

    def _intro(self, person: Person) -> list[str]:
        from hfcli.text.screen import table_words

        game = self.game
        assert game is not None
        seed = f", seed {game.seed}" if person.host and self.settings.seed_chosen else ""
        lines = [f"Hand and Foot, {game.rules.name} rules, {table_words(game.seating)}{seed}."]
        if self.resumed is not None:
            lines.append(f"Resuming the game where it stopped: deal {game.deal_index + 1} of {game.rules.deals}, "
                         f"move {game.move_count}.")
        lines += [f"You sit {self.seating.long_names[person.seat]}. Who sits where:", *self.who_lines()]
        if self.transcript_path is not None and person.host:
            lines.append(f"Transcript: {self.transcript_path}")
        lines.append("Type help for the commands; tab completes them and the cards you hold.")
        return lines

    def leave(self, person: Person) -> None:
        """A person's ``quit`` at the table: like a drop, but the AI takes the seat at once."""
        person.leaving = True
        if person.channel is not None:
            person.channel.close_with(f"You leave the table; the AI plays your seat. Come back with "
                                      f"{self._come_back_with()}.")

    def _come_back_with(self) -> str:
        return "your name and your seat code" if self.settings.code is not None else "your ssh key and your name"

    async def closed(self) -> None:
        """Until the game is over (or stopped)."""
        await self.over.wait()
        if self._driver is not None:
            await asyncio.gather(self._driver, return_exceptions=True)

    async def shutdown(self) -> None:
        """The host stops: every guest is told and let go, the AI stops, the transcript is closed
        (the game is saved to its last move). A guest's goodbye is on its way before this returns:
        the host's program may end right after."""
        if self.finished:
            goodbye = None  # each person was thanked at the end of the game
        elif self.started.is_set():
            goodbye = ("The host stopped the table; the game is saved, and the host can take it up again "
                       f"(you come back with {self._come_back_with()}).")
        else:
            goodbye = "The host closed the table before the game started."
        guests = [(person.terminal, person.channel) for person in self.people.values() if not person.host]
        for terminal, _ in guests:
            if terminal is not None and goodbye is not None:
                # Said before anything ends: a guest's own prompt ending with the table writes it out
                # before their connection closes.
                terminal.say(goodbye)
        self.over.set()
        if self._driver is not None and not self._driver.done():
            self._driver.cancel()
            await asyncio.gather(self._driver, return_exceptions=True)
        for person in self.people.values():
            if person.grace_timer is not None:
                person.grace_timer.cancel()
        # Every guest at once: one whose client stopped reading holds nobody else's goodbye.
        await asyncio.gather(*(_let_go(terminal, channel) for terminal, channel in guests if channel is not None))
        if self.table is not None:
            self.table.close()
        elif self.resumed is not None:
            self.resumed.writer.close()


async def _let_go(terminal: Terminal | None, channel: GuestChannel) -> None:
    """A guest's connection closed once all said to them has gone out (within GOODBYE_SECONDS,
    whatever their client does)."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(GOODBYE_SECONDS):
            if terminal is not None:
                await terminal.drained()
            channel.close_with("The connection is closed.")
            await channel.ended.wait()
    channel.close_with("The connection is closed.")  # given up waiting: closed all the same


def _new_transcript(game: Game, seats: list[SeatInfo], path: Path | None, *,
                    named_by_seed: bool, header: Mapping[str, Any] | None = None) -> tuple[TranscriptWriter, Path]:
    """A new transcript at ``path``, else a fresh timestamped file in the data folder (its name
    has the seed only when the host chose it: a fresh one is a secret); never a file that is there
    already."""
    from hfcli.system import paths
    from hfcli.transcript import TranscriptWriter

    keys = dict(header) if header is not None else None
    if path is not None:
        return TranscriptWriter.create(path, game, seats, header=keys), path
    for _ in range(100):
        path = paths.new_transcript_path(game.seed if named_by_seed else None)
        try:
            return TranscriptWriter.create(path, game, seats, header=keys), path
        except FileExistsError:
            continue  # another game took the name since it was chosen
    raise FileExistsError(f"every new transcript name in {paths.transcripts_dir()} is taken")


def _nowhere(text: str) -> None:
    """Where an absent person's screen goes."""


def levels_text(levels: Mapping[int, str]) -> str:
    return ", ".join(sorted(set(levels.values())))

