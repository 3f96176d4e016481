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

``HostedTable`` is the table's state (hfcli.host.room) with the ways in: a guest's connection
from the ssh server, the host's console, and the host stopping. Each job is a module of its own:
the door (a guest's way in and the lobby), away (a dropped seat), starting (the game begins),
at_table (a person's prompt), thinking (the AI off the event loop).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from hfcli.host import at_table, door, starting
from hfcli.host.away import dropped
from hfcli.host.room import Person, Room
from hfcli.host.terminal import Closed, Terminal

if TYPE_CHECKING:
    from hfcli.host.channel import GuestChannel

GOODBYE_SECONDS = 5.0  # how long the host, stopping, waits for a guest to be sent its last lines


class HostedTable(Room):
    """The lobby, then the game. ``interact`` is what the ssh server runs for each connection;
    ``console`` (hfcli.host.console) is the host's own terminal."""

    async def interact(self, channel: GuestChannel) -> None:
        """One connection, from the code to the end of the game (or of the connection)."""
        from prompt_toolkit.application.current import get_app_session

        terminal = Terminal(get_app_session().output, lambda: channel.terminal_size)
        channel.tell = terminal.say
        person: Person | None = None
        try:
            try:
                name = await asyncio.wait_for(door.login(self, channel, terminal), self.login_seconds)
            except TimeoutError:
                channel.close_with(f"No code and name in {self.login_seconds:g} seconds; goodbye.")
                return
            if name is None:
                return
            person = await door.sit_down(self, name, terminal, channel)
            if person is None:
                return
            if not self.started.is_set():
                await door.wait_in_lobby(self, person, terminal)
            if self.started.is_set() and not self.over.is_set():
                await self.play(person)
            await terminal.drained()
        except Closed:
            pass
        finally:
            if person is not None and person.terminal is terminal:
                dropped(self, person)
            terminal.close()

    def start(self) -> str | None:
        """Start the game (the host's ``start``); why not, or None when it started."""
        return starting.start(self)

    async def play(self, person: Person) -> None:
        """A person at the table, until the game ends or they leave."""
        await at_table.play(self, person)

    def move_seat(self, person: Person, seat: int) -> None:
        """Before the game: ``person`` to the free ``seat``."""
        door.move_seat(self, person, seat)

    async def closed(self) -> None:
        """Until the game is over (or stopped)."""
        await self.over.wait()
        if self.driver is not None:
            await asyncio.gather(self.driver, return_exceptions=True)

    async def shutdown(self) -> None:
        """The host stops: every guest is told and let go, the AI stops, the transcript is closed
        (the game is saved to its last move). A guest's goodbye is on its way before this returns:
        the host's program may end right after."""
        if self.finished:
            goodbye = None  # each person was thanked at the end of the game
        elif self.started.is_set():
            goodbye = ("The host stopped the table; the game is saved, and the host can take it up again "
                       f"(you come back with {self.come_back_with()}).")
        else:
            goodbye = "The host closed the table before the game started."
        guests = [(person.terminal, person.channel) for person in self.people.values() if not person.host]
        for terminal, _ in guests:
            if terminal is not None and goodbye is not None:
                # Said before anything ends: a guest's own prompt ending with the table writes it out
                # before their connection closes.
                terminal.say(goodbye)
        self.over.set()
        if self.driver is not None and not self.driver.done():
            self.driver.cancel()
            await asyncio.gather(self.driver, return_exceptions=True)
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
