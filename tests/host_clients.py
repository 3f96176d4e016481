"""Guests for the hosted table's tests: asyncssh clients on loopback that keep every byte the table
sends them and type lines, and a server run for one test."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncssh

from hfcli.host.hosting import HostedTable
from hfcli.host.hostkey import load_or_make
from hfcli.host.room import Settings
from hfcli.host.server import SshHost, bound_port

WAIT = 60.0  # seconds a test waits for what the table should show at once: a bound on a hang, not a timing

_SEAT_CODE = re.compile(r"Your seat code is ([a-z0-9]{4}-[a-z0-9]{4})\.")
_ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07]*\x07|[@-Z\\-_]|.)")


def screen_text(raw: str) -> str:
    """What a person reads in ``raw``: escape sequences out, line ends as newlines."""
    return re.sub(r"\r+\n|\r", "\n", _ESCAPES.sub("", raw))


class _ClientSession(asyncssh.SSHClientSession):  # type: ignore[misc]
    def __init__(self, guest: Guest) -> None:
        self.guest = guest

    def data_received(self, data: str, datatype: Any) -> None:
        if self.guest.on_data is not None:
            self.guest.on_data(data)
        self.guest.raw.append(data)
        self.guest.changed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.guest.closed.set()
        self.guest.changed.set()
        if self.guest.conn is not None:
            self.guest.conn.close()  # the session was all the connection was for, as OpenSSH's ssh does


class Guest:
    """One ssh connection to the table, as a person's terminal (80x24) or a script's."""

    def __init__(self) -> None:
        self.raw: list[str] = []
        self.on_data: Callable[[str], None] | None = None  # told every piece of what arrives, first
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: asyncssh.SSHClientChannel[str] | None = None
        self.seen = 0  # how much of the screen text ``until`` has read past

    @property
    def text(self) -> str:
        return screen_text("".join(self.raw))

    @property
    def seat_code(self) -> str:
        """The seat code the table gave this guest when they sat down."""
        found = _SEAT_CODE.search(" ".join(self.text.split()))
        assert found is not None, f"no seat code shown; the screen:\n{self.text[-1500:]}"
        return found.group(1)

    async def connect(self, port: int, *, pty: bool = True, username: str = "guest",
                      key: asyncssh.SSHKey | None = None, term: str = "xterm", size: tuple[int, int] = (80, 24),
                      window: int | None = None) -> Guest:
        """``term`` and ``size`` (columns, rows): the terminal's, as its pty request gives them; ``window``:
        how many bytes the table may send before this client has read them (a slow reader's)."""
        self.conn = await asyncssh.connect(
            "127.0.0.1", port, username=username, known_hosts=None, client_keys=None if key is None else [key],
            agent_path=None,
            preferred_auth="none,publickey", agent_forwarding=False)
        self.chan, _ = await self.conn.create_session(
            lambda: _ClientSession(self), term_type=term if pty else None, term_size=size if pty else None,
            **({} if window is None else {"window": window}))
        return self

    def send(self, data: str) -> None:
        assert self.chan is not None
        self.chan.write(data)

    def line(self, text: str) -> None:
        self.send(text + "\r")

    async def until(self, wanted: str, *, timeout: float = WAIT) -> str:
        """Wait until ``wanted`` shows after what was read before; the text up to it. A space in
        ``wanted`` is any run of spaces and line breaks: the table breaks its lines to the width."""
        pattern = re.compile(r"\s+".join(re.escape(word) for word in wanted.split(" ")))

        async def look() -> str:
            while True:
                text = self.text
                found = pattern.search(text, self.seen)
                if found is not None:
                    part = text[self.seen:found.end()]
                    self.seen = found.end()
                    return part
                if self.closed.is_set():
                    raise AssertionError(f"closed before {wanted!r}; the end of the screen:\n{text[-1500:]}")
                self.changed.clear()
                await self.changed.wait()

        try:
            return await asyncio.wait_for(look(), timeout)
        except TimeoutError:
            raise AssertionError(f"no {wanted!r} in {timeout:g} s; the end of the screen:\n{self.text[-1500:]}") \
                from None

    async def terminal_quiet(self, seconds: float = 0.3) -> None:
        """Until nothing has arrived for ``seconds`` (the table has said all it had to say)."""
        while True:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), seconds)
            except TimeoutError:
                return

    async def join(self, port: int, code: str | None, name: str, *, reader: bool = False, **connect: Any) -> Guest:
        """Log in as a new guest, ``reader``: answering yes to the screen reader question."""
        await self.connect(port, **connect)
        if code is not None:
            await self.until("Join code:")
            self.line(code)
        await self.until("Your name:")
        self.line(name)
        await self.answer_reader(reader)
        await self.until("You sit")
        return self

    async def answer_reader(self, yes: bool = False) -> None:
        """The question a new guest is asked after their name: yes, or Enter (no)."""
        await self.until("Do you use a screen reader? [y/N]")
        self.line("y" if yes else "")

    async def gone(self) -> None:
        await asyncio.wait_for(self.closed.wait(), WAIT)

    def drop(self) -> None:
        if self.conn is not None:
            self.conn.abort()


@asynccontextmanager
async def serving(
    settings: Settings, data: Path, *, hosted: HostedTable | None = None, **limits: Any,
) -> AsyncIterator[tuple[HostedTable, int]]:
    """The table listening on a free loopback port for the block; shut down after it."""
    table = hosted if hosted is not None else HostedTable(settings)
    ssh = SshHost(table.interact, **limits)
    server = await ssh.listen("127.0.0.1", 0, load_or_make(data / "host_key").key)
    try:
        yield table, bound_port(server)
    finally:
        server.close()
        await table.shutdown()
        await server.wait_closed()


async def play_seat(guest: Guest, hosted: HostedTable, seat: int, *, stop: asyncio.Event | None = None,
                    level: str = "easy") -> int:
    """A guest who plays ``seat`` to the end by typing the moves an AI of ``level`` would choose from
    what the seat sees (its view only), and Enter at each score sheet; the moves typed."""
    from hfcli.levels import make_player

    chooser = make_player(level, hosted.settings.seed, seat)
    typed = 0
    while not hosted.over.is_set() and not guest.closed.is_set():
        if stop is not None and stop.is_set():
            return typed
        table = hosted.table
        person = hosted.people.get(seat)
        session = person.session if person is not None else None
        if table is None or session is None:
            await asyncio.sleep(0.005)
            continue
        if session.waiting is not None:
            guest.line("")
            await _changed(lambda held=session: held.waiting is None or hosted.over.is_set())
            continue
        if table.pending() == seat and not table.holding and person is not None and person.ai is None:
            moves = table.game.move_count
            guest.line(str(chooser.choose(table.view(seat)).move))
            typed += 1
            await _changed(lambda at=table, moves=moves: at.game.move_count != moves or hosted.over.is_set()
                           or guest.closed.is_set())
            continue
        await asyncio.sleep(0.005)
    return typed


async def _changed(condition: Callable[[], bool]) -> None:
    async def wait() -> None:
        while not condition():
            await asyncio.sleep(0.002)

    await asyncio.wait_for(wait(), WAIT)
