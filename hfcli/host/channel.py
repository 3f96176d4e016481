"""One guest's ssh session at the table: prompt_toolkit's session on the channel, with the
table's limits on what comes in, and the way the table closes it.

What a guest sends goes through an input budget (bytes a second; a window change counts too); a
silent connection is closed after the idle time. The size a guest's terminal reports is never taken
as it is: prompt_toolkit draws every cell of it, so it is held between the least and the most the
table draws for (limits.screen_size). When the table closes the session, its last lines go out
first and the client is let hang up itself, so nobody's last lines are lost to a disconnect.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TextIO, cast

import asyncssh
from prompt_toolkit.contrib.ssh import PromptToolkitSSHSession
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
            self.close_with(as_line(refused))

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


def as_line(why: str) -> str:
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
