"""The ssh server of ``hf host``: asyncssh, with prompt_toolkit's ssh session on every channel.

It serves the table and nothing else: a guest gets the table's application on an interactive
session (a pty, or none for scripted clients), and every other kind of request is refused: a
command to run (exec), a subsystem (SFTP among them), port forwarding either way, agent and X11
forwarding. What a guest sends goes through an input budget (bytes a second; a window change
counts too); a silent connection is closed after the idle time. Connections that have not given
the code have a few places of their own, apart from the guests' (hfcli.host.limits says how they
are shared and how long each step may take); one turned away is told why in the disconnect
message, which an OpenSSH client prints.

The size a guest's terminal reports is never taken as it is: prompt_toolkit draws every cell of
it, so it is held between the least and the most the table draws for (limits.screen_size).
"""

from __future__ import annotations

import asyncio
import errno
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TextIO, cast

import asyncssh
from prompt_toolkit.contrib.ssh import PromptToolkitSSHServer, PromptToolkitSSHSession
from prompt_toolkit.data_structures import Size

from hfcli.host import limits

log = logging.getLogger("hfcli.host")

Interact = Callable[["GuestChannel"], Awaitable[None]]


NOTICE_SECONDS = 10.0  # a guest whose input is cut is told so at most this often


class GuestChannel(PromptToolkitSSHSession):
    """One guest's interactive session: prompt_toolkit's, with the table's limits on what comes in."""

    def __init__(self, interact: Interact, idle_seconds: float, budget: limits.InputBudget,
                 admitted: Callable[[], str | None] | None = None) -> None:
        super().__init__(interact, enable_cpr=False)  # type: ignore[arg-type]
        self.idle_seconds = idle_seconds
        self.budget = budget
        self._admitted = admitted
        self._idle: asyncio.TimerHandle | None = None
        self._resize: asyncio.TimerHandle | None = None
        self._noticed = -NOTICE_SECONDS  # when the guest was last told their input was cut
        self.closed_because: str | None = None  # why the table closed the connection, once it has
        self.lost = asyncio.Event()  # set when the connection is gone, however it went
        self.ended = asyncio.Event()  # set once the channel is closed and all sent on it has gone out
        self.conn: Any = None
        self.tell: Callable[[str], None] | None = None  # a line to the guest above their prompt (the table's)
        self._early: list[str] = []  # what came before the session's input was made
        self.key_fingerprint: str | None = None  # the ssh key the guest logged in with (--keys)
        self.stdout = cast(TextIO, _ChannelOut(self))

    # ------------------------------------------------------------------ what the guest may ask for

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False  # the table is the only thing to run

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # no SFTP, nothing else

    # ------------------------------------------------------------------ the connection's life

    def connection_made(self, chan: Any) -> None:
        super().connection_made(chan)
        self.conn = chan.get_extra_info("connection")

    def session_started(self) -> None:
        self._touch()
        super().session_started()

    def admitted(self) -> None:
        """The guest gave the join code: the connection leaves the strangers' places for the guests'
        (closed, with a line saying why, when those are full)."""
        refused = self._admitted() if self._admitted is not None else None
        if refused is not None:
            self.close_with(_sentence(refused))

    def data_received(self, data: str, datatype: object) -> None:
        if self.closed_because is not None:
            return
        self._touch()
        kept = self.budget.admit(len(data))
        if self.budget.exhausted:
            self.close_with(f"That is more than anyone types ({self.budget.dropped} bytes over the table's "
                            f"{limits.INPUT_RATE:.0f} a second); the connection is closed.")
            return
        if kept and self._input is None:
            # Sent before the session's input is there (a line typed ahead, or ssh -T, which sends
            # what was typed as soon as the session opens): kept for it, not dropped.
            self._early.append(data[:kept])
        elif kept:
            super().data_received(data[:kept], datatype)
        if kept < len(data):
            self._cut(len(data) - kept)

    def _cut(self, left_out: int) -> None:
        """Say that some of what the guest sent was left out (once in a while, not for every piece)."""
        now = asyncio.get_running_loop().time()
        if self.tell is None or now - self._noticed < NOTICE_SECONDS:
            return
        self._noticed = now
        self.tell(f"The table takes {limits.INPUT_BURST:,.0f} characters at once, then {limits.INPUT_RATE:,.0f} "
                  f"a second: {left_out:,} of what you sent just now were left out.")

    def terminal_size_changed(self, width: int, height: int, pixwidth: object, pixheight: object) -> None:
        # A window change is input too: a flood of them is closed as a flood of keys is. The size
        # itself is read when the screen is drawn (_get_size), so only the last one counts, and a
        # burst of them is one redraw, a moment after the first.
        if self.closed_because is not None:
            return
        self.budget.admit(limits.RESIZE_BYTES)
        if self.budget.exhausted:
            self.close_with("That is more window changes than any terminal sends; the connection is closed.")
            return
        if self._resize is None:
            self._resize = asyncio.get_running_loop().call_later(limits.RESIZE_SECONDS, self._resized)

    def _resized(self) -> None:
        self._resize = None
        session = self.app_session
        app = session.app if session is not None else None
        if self.closed_because is None and app is not None and app.is_running:
            app._on_resize()

    def _touch(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
        loop = asyncio.get_running_loop()
        self._idle = loop.call_later(self.idle_seconds, self._idle_out)

    def _idle_out(self) -> None:
        minutes = self.idle_seconds / 60
        self.close_with(f"Nothing typed for {minutes:g} minutes; the connection is closed.")

    def close_with(self, line: str) -> None:
        """Say ``line`` and close the connection (the table treats it as a drop)."""
        if self.closed_because is not None:
            return
        sendable = self.sendable()
        self.closed_because = line
        chan = self._chan
        if chan is not None:
            if sendable:
                from hfcli.text.layout import wrap_line

                try:
                    chan.write("\r\n" + "\r\n".join(wrap_line(line, self.terminal_size[0])) + "\r\n")
                except (OSError, asyncssh.Error):
                    pass
            _close_connection(chan, self.conn)
        self._gone()

    def connection_lost(self, exc: Exception | None) -> None:
        self.ended.set()
        self._gone()

    def _gone(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        if self._resize is not None:
            self._resize.cancel()
            self._resize = None
        self.lost.set()
        if self._input is not None:
            self._input.close()  # a prompt waiting on this guest ends (EOFError) rather than waits forever
        task = self.interact_task
        if task is not None and not task.done() and self.app_session is not None:
            app = self.app_session.app
            if app is not None and app.is_running and not app.is_done:
                app.exit(exception=EOFError())

    def _get_size(self) -> Size:
        # What prompt_toolkit draws for, and what the table lays its lines out for: the size the
        # terminal reported (in its pty request or its last window change), held to the limits.
        reported = self._chan.get_terminal_size() if self._chan is not None else (0, 0, 0, 0)
        columns, rows = limits.screen_size(reported[0], reported[1])
        return Size(rows=rows, columns=columns)

    @property
    def terminal_size(self) -> tuple[int, int]:
        size = self._get_size()
        return size.columns, size.rows

    def sendable(self) -> bool:
        """Whether a write reaches the guest. asyncio's transport, once a send to the socket has
        failed, logs every later write ("socket.send() raised exception.", on the host's terminal)
        until the connection's loss is handled a moment later: nothing is written in between."""
        if self.closed_because is not None or self._chan is None:
            return False
        transport = getattr(self.conn, "_transport", None)  # asyncssh's; None once the connection is lost
        return transport is not None and not transport.is_closing()

    def write_raw(self, text: str) -> None:
        """Text to the guest's terminal as it is (the program's own words; a line break as CR LF)."""
        chan = self._chan
        if chan is not None and self.sendable():
            try:
                chan.write(text.replace("\n", "\r\n"))
            except (OSError, asyncssh.Error):
                pass

    async def _interact(self) -> None:
        # As prompt_toolkit's, but a failure is one line in the host's log rather than a traceback
        # on the host's terminal, and a cancelled session (the server closing) is no failure.
        from prompt_toolkit.application.current import create_app_session
        from prompt_toolkit.input import create_pipe_input

        from hfcli.host.terminal import guest_output

        chan = self._chan
        assert chan is not None
        # prompt_toolkit's session keeps the output only to hold it; a text-only one is no Vt100_Output.
        self._output = guest_output(self.stdout, self._get_size, chan.get_terminal_type())  # type: ignore[assignment]
        try:
            with create_pipe_input() as self._input, \
                    create_app_session(input=self._input, output=self._output) as session:
                self.app_session = session
                for early in self._early:
                    self._input.send_text(early)
                self._early.clear()
                if self.lost.is_set():
                    return
                await self.interact(self)
        except asyncio.CancelledError:
            pass
        except Exception as exc:  # noqa: BLE001 - one guest's fault must not stop the table
            log.warning("a guest's session ended on %s: %s", type(exc).__name__, exc)
        finally:
            _close_connection(chan, self.conn)


def _sentence(why: str) -> str:
    """A reason as a disconnect gives it ("the table is full"), as a line on the screen says it."""
    return why[:1].upper() + why[1:] + "."


class _ChannelOut:
    """The guest's screen as prompt_toolkit writes to it: the channel, while a write can reach it."""

    def __init__(self, channel: GuestChannel) -> None:
        self.channel = channel

    def write(self, data: str) -> None:
        self.channel.write_raw(data)

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        pass

    @property
    def encoding(self) -> str:
        chan = self.channel._chan
        return str(chan._orig_chan.get_encoding()[0]) if chan is not None else "utf-8"


CLOSING_SECONDS = 5.0  # to send what is queued on a closed channel and let the client hang up first
_closing: set[asyncio.Task[None]] = set()  # held here: the loop keeps only weak references to tasks


def _close_connection(chan: Any, conn: Any) -> None:
    """The session is all a connection is for: when it ends, the connection goes with it (its
    place among the connections at once is free again). The channel is closed first, once all
    queued on it is sent (the end of the game, the goodbye); the client then hangs up itself, and
    only one that does not is cut off, so nobody's last lines are lost to a disconnect."""
    try:
        chan.exit(0)  # ssh exits with status 0: the table ended the session, no error did
    except (OSError, asyncssh.Error):
        pass
    if conn is None:
        return
    try:
        task = asyncio.get_running_loop().create_task(_hang_up(chan, conn))
    except RuntimeError:  # no loop any more: nothing left to send with
        conn.close()
        return
    _closing.add(task)
    task.add_done_callback(_closing.discard)


async def _hang_up(chan: Any, conn: Any) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + CLOSING_SECONDS
    for closed in (chan.wait_closed, conn.wait_closed):
        try:
            await asyncio.wait_for(closed(), max(0.0, deadline - loop.time()))
        except (TimeoutError, OSError, asyncssh.Error):
            break
    try:
        conn.close()
    except (OSError, asyncssh.Error):
        pass


# How far a stranger's connection has got, as the table sees it; the least far is turned away first.
SILENT, SPEAKS_SSH, KEYS_EXCHANGED, LOGGING_IN, LOGGED_IN, IN_SESSION = range(6)


class TableServer(PromptToolkitSSHServer):
    """The server side of one connection: no authentication by ssh (the table asks for its code),
    or by the authorized keys when given; one session channel and nothing else. A stranger until
    the guest gives the code (or logs in with a key)."""

    def __init__(self, host: SshHost) -> None:
        super().__init__(host.interact, enable_cpr=False)  # type: ignore[arg-type]  # a GuestChannel's
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.channel: GuestChannel | None = None
        self.address = ""
        self.opened = 0.0
        self.stage = SILENT  # once past KEYS_EXCHANGED, set as it happens; before, read off the connection
        self.guest = False  # gave the code (or logged in with a key): counted among the guests
        self.key_tries = 0
        self._deadline: asyncio.TimerHandle | None = None
        self._offered: str | None = None  # the last key let through: the one that logs in, once it has
        self.key_fingerprint: str | None = None  # the key the guest logged in with (--keys)

    # ------------------------------------------------------------------ how far it has got

    def progress(self) -> int:
        if self.stage >= LOGGING_IN or self.conn is None:
            return self.stage
        if self.conn.get_extra_info("send_cipher") is not None:
            return KEYS_EXCHANGED  # its person may be reading the host key's fingerprint
        if self.conn.get_extra_info("client_version") is not None:
            return SPEAKS_SSH
        return SILENT

    def _expect(self, seconds: float, why: str, check: Callable[[], bool] = lambda: True) -> None:
        """Close the connection, saying ``why``, unless the next step has come in ``seconds``
        (or ``check`` says it may wait longer then)."""
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = asyncio.get_running_loop().call_later(seconds, self._late, why, check)

    def _late(self, why: str, check: Callable[[], bool]) -> None:
        self._deadline = None
        if check():
            self.turn_away(why)

    def _on_time(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def turn_away(self, why: str, code: int = asyncssh.DISC_BY_APPLICATION) -> None:
        """Close the connection with ``why``: on the guest's screen, or as the disconnect's reason."""
        if self.channel is not None and self.channel.closed_because is None:
            self.channel.close_with(_sentence(why))
        elif self.conn is not None:
            try:
                self.conn.disconnect(code, why)
            except (OSError, asyncssh.Error):
                self.conn.abort()

    # ------------------------------------------------------------------ asyncssh's calls

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        self.opened = asyncio.get_running_loop().time()
        self.host.arrived(self)
        self._expect(limits.HANDSHAKE_SECONDS, "no ssh handshake in time",
                     lambda: self.progress() < KEYS_EXCHANGED)

    def connection_lost(self, exc: Exception | None) -> None:
        self._on_time()
        self.host.left(self)

    def begin_auth(self, username: str) -> bool:
        self.stage = LOGGING_IN
        self._on_time()  # asyncssh's login time (limits.SSH_LOGIN_SECONDS) runs on to the login
        return self.host.authorized_keys is not None  # keys given: a key of theirs; else the join code

    def auth_completed(self) -> None:
        self.stage = LOGGED_IN
        self.key_fingerprint = self._offered
        if self.host.authorized_keys is not None:
            refused = self.host.admit(self)  # a key the host named: a guest
            if refused is not None:
                self.turn_away(refused, asyncssh.DISC_TOO_MANY_CONNECTIONS)
                return
        self._expect(limits.SESSION_SECONDS, f"no session in {limits.SESSION_SECONDS:g} seconds; "
                     "the table is only for playing at it")

    def public_key_auth_supported(self) -> bool:
        return self.host.authorized_keys is not None

    def validate_ca_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # A certificate signed by a cert-authority the file names logs in as before; its seat is
        # locked by a seat code, as the table cannot tell which key signed in.
        keys = self.host.keys
        return keys is not None and keys.validate(key, self.address, self.address, ca=True) is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # Checked here rather than by asyncssh's own authorized_client_keys, which does not say which
        # key logged in: a seat is bound to the key its guest sat down with. A key is asked about
        # once, then once more with its signature; the last let through before the login completes
        # is the one that logged in.
        keys = self.host.keys
        if keys is not None and keys.validate(key, self.address, self.address) is not None:
            self._offered = str(key.get_fingerprint("sha256"))
            return True
        self.key_tries += 1
        if self.key_tries == limits.MAX_KEY_TRIES and self.conn is not None:
            conn = self.conn
            asyncio.get_running_loop().call_soon(
                conn.disconnect, asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                f"{limits.MAX_KEY_TRIES} keys refused; none of them is one the table's host named")
        return False

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> GuestChannel:
        if self.channel is not None:
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                                            "one session a connection")
        self.stage = IN_SESSION
        if self.guest:
            self._on_time()
        else:
            self._expect(limits.CODE_SECONDS, f"no code in {limits.CODE_SECONDS:g} seconds; goodbye")
        self.channel = GuestChannel(self.host.interact, self.host.idle_seconds, limits.InputBudget(),
                                    admitted=self._admitted)
        self.channel.key_fingerprint = self.key_fingerprint
        return self.channel

    def _admitted(self) -> str | None:
        self._on_time()
        return self.host.admit(self)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def tun_requested(self, unit: int | None) -> bool:
        return False


class SshHost:
    """What the server needs from the host: the conversation with each guest (``interact``), and
    the limits it keeps: the guests' places and the strangers'."""

    def __init__(
        self,
        interact: Interact,
        *,
        authorized_keys: Path | None = None,
        max_guests: int = limits.MAX_GUESTS,
        max_strangers: int = limits.MAX_STRANGERS,
        idle_seconds: float = limits.IDLE_SECONDS,
    ) -> None:
        self.interact = interact
        self.authorized_keys = authorized_keys
        self.keys = asyncssh.read_authorized_keys(str(authorized_keys)) if authorized_keys is not None else None
        self.max_guests = max_guests
        self.max_strangers = max_strangers
        self.idle_seconds = idle_seconds
        self.strangers: list[TableServer] = []  # in the order they came
        self.guests: set[TableServer] = set()

    @property
    def connections(self) -> int:
        return len(self.strangers) + len(self.guests)

    def arrived(self, server: TableServer) -> None:
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
        self.strangers.append(server)

    def admit(self, server: TableServer) -> str | None:
        """The connection gave the code (or logged in with a key): a guest now. Why not, or None."""
        if server.guest:
            return None
        if server in self.strangers:
            self.strangers.remove(server)
        if len(self.guests) >= self.max_guests:
            return f"the table has {self.max_guests} guests connected already; try again later"
        server.guest = True
        self.guests.add(server)
        return None

    def left(self, server: TableServer) -> None:
        if server in self.strangers:
            self.strangers.remove(server)
        self.guests.discard(server)

    async def listen(self, bind: str, port: int, host_key: asyncssh.SSHKey) -> Listening:
        """Listen on ``bind``:``port`` (0: any free port; ``bound_port`` of the result says which),
        and on the same port of the address guests may reach in its place (see ``_ALSO``)."""
        others = [other for other in _ALSO.get(bind, ()) if other != bind]
        first = bind if bind != "localhost" else "127.0.0.1"
        for _ in range(PORT_TRIES if port == 0 else 1):
            main = await self._listen_on(first, port, host_key)
            try:
                also = [server for server in [await self._listen_also(other, bound_port(main), host_key)
                                              for other in others] if server is not None]
            except OSError as exc:
                main.close()
                if port == 0 and exc.errno == errno.EADDRINUSE:
                    continue  # the free port here is taken there: another free port
                raise
            return Listening([main, *also])
        raise OSError(errno.EADDRINUSE, f"no port free on {bind} and {', '.join(others)} alike")

    async def _listen_also(self, address: str, port: int, host_key: asyncssh.SSHKey) -> asyncssh.SSHAcceptor | None:
        try:
            return await self._listen_on(address, port, host_key)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise OSError(exc.errno, f"the port is in use on {address}, which guests may reach "
                                         f"in this address's place") from None
            return None  # no such address on this machine (no IPv6): nobody reaches another table there

    async def _listen_on(self, address: str, port: int, host_key: asyncssh.SSHKey) -> asyncssh.SSHAcceptor:
        return await asyncssh.create_server(
            lambda: TableServer(self), address, port,
            server_host_keys=[host_key],
            encoding="utf-8", errors="replace",  # bytes that are not UTF-8 reach the table as U+FFFD
            line_editor=False,  # prompt_toolkit edits the line
            agent_forwarding=False, x11_forwarding=False, allow_scp=False, sftp_factory=None,
            login_timeout=limits.SSH_LOGIN_SECONDS,
            keepalive_interval=30, keepalive_count_max=4,  # a guest whose network died is seen to drop
        )


# A guest's ssh reaches the table by a name ("localhost") that stands for an address of each family,
# and tries them in turn: a table listening on one of them alone leaves the other to another table
# on the same port, with the same host key (the account's), so the guest could not tell they sat at
# the wrong one. The table listens on both, or does not start.
_ALSO = {
    "127.0.0.1": ("::1",), "::1": ("127.0.0.1",), "localhost": ("::1",),
    "0.0.0.0": ("::",), "::": ("0.0.0.0",),
}
PORT_TRIES = 10  # free ports tried (--port 0) for one free on both addresses


class Listening:
    """The table's listening sockets: one address, or one of each family on the same port."""

    def __init__(self, servers: list[asyncssh.SSHAcceptor]) -> None:
        self.servers = servers

    def get_port(self) -> int:
        return int(self.servers[0].get_port())

    def close(self) -> None:
        for server in self.servers:
            server.close()

    async def wait_closed(self) -> None:
        for server in self.servers:
            await server.wait_closed()


def bound_port(server: Listening | asyncssh.SSHAcceptor) -> int:
    """The port the server listens on (the one chosen, when 0 was asked)."""
    return int(server.get_port())
