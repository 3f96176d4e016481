"""What every part of a hosted table shares: how the host set it, the people in its seats, the
lobby's bookkeeping, the game once it has started, and the lines said to everyone.

The jobs around it are modules of their own, each given the room: a guest's way in (door), a
person away from their seat (away), the game's start (starting), a person at the table
(at_table), the AI's thinking off the event loop (thinking); hosting's ``HostedTable`` is the
room with the ways in from the ssh server and the host's console.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hfcli.host import limits
from hfcli.host.lobby import Lobby
from hfcli.system.printable import printable

if TYPE_CHECKING:
    from hfcli.engine.cards import Card
    from hfcli.engine.game import Game
    from hfcli.engine.reasons import Reason
    from hfcli.engine.rules import Rules
    from hfcli.engine.seat import Player
    from hfcli.host.channel import GuestChannel
    from hfcli.host.seatlock import SeatLock
    from hfcli.host.terminal import Terminal
    from hfcli.repl.session import Session
    from hfcli.table import Table
    from hfcli.transcript import TranscriptWriter

SEAT_LOCKS = "seat_locks"  # the header's key: each guest's seat lock, by seat
HOST_SEAT = "host"  # the header's key: the seat of the person who hosted, the one at the host's terminal
THANKS = "The game is over. Thank you for playing."


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


class Room:
    """A hosted table's state, from the lobby to the game's end, and the lines said to its people."""

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
        self.woken = asyncio.Event()  # something changed that the driver (hfcli.host.thinking) must see
        self.driver: asyncio.Task[None] | None = None  # plays the AI seats, once the game has started
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

    def _seat_the_recorded(self, resumed: ResumedTable) -> None:
        """A resumed game's people, by the names its transcript records: the host at the seat of
        the host's name (else the host watches), every other name waiting for its guest."""
        from hfcli.host.joining import same_name
        from hfcli.host.lobby import Place

        for seat, name in resumed.humans.items():
            host = self.settings.host_name is not None and same_name(name, self.settings.host_name)
            self.lobby.places[seat] = Place(name, connected=host, host=host, lock=resumed.locks.get(seat))
            self.people[seat] = Person(seat, name, host=host)

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

    def name_seat(self, seat: int, label: str) -> None:
        """How every person's screen names ``seat`` from now on."""
        for person in self.people.values():
            if person.session is not None and person.seat != seat:
                person.session.names[seat] = printable(label)

    def seat_and_name(self, seat: int, name: str) -> str:
        """A person's seat as the others' screens name it: West (Ann)."""
        return f"{self.seating.long_names[seat]} ({name})"

    def come_back_with(self) -> str:
        """What a guest who leaves gives to take their seat back."""
        return "your name and your seat code" if self.settings.code is not None else "your ssh key and your name"

    # ------------------------------------------------------------------ the game's course

    def wake(self) -> None:
        """Something changed (a move, a drop, a return): the driver looks again."""
        self.woken.set()

    @property
    def finished(self) -> bool:
        """The game was played to its end (not stopped, not failed)."""
        return self.failed is None and self.game is not None and self.game.is_over

    @property
    def seed(self) -> int:
        """The game's seed, or the one it will be dealt from."""
        return self.game.seed if self.game is not None else self.settings.seed
