"""The ssh server of ``hf host``: asyncssh, with prompt_toolkit's ssh session on every channel.

It serves the table and nothing else: a guest gets the table's application on an interactive
session (a pty, or none for scripted clients), and every other kind of request is refused: a
command to run (exec), a subsystem (SFTP among them), port forwarding either way, agent and X11
forwarding. What a guest sends goes through an input budget (bytes a second); a silent connection
is closed after the idle time; the count of connections at once is bounded, and one over it is
told so in the disconnect message, which an OpenSSH client prints.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncssh
from prompt_toolkit.contrib.ssh import PromptToolkitSSHServer, PromptToolkitSSHSession

from hfcli.host import limits

log = logging.getLogger("hfcli.host")

Interact = Callable[["GuestChannel"], Awaitable[None]]


class GuestChannel(PromptToolkitSSHSession):
    """One guest's interactive session: prompt_toolkit's, with the table's limits on what comes in."""

    def __init__(self, interact: Interact, idle_seconds: float, budget: limits.InputBudget) -> None:
        super().__init__(interact, enable_cpr=False)  # type: ignore[arg-type]
        self.idle_seconds = idle_seconds
        self.budget = budget
        self._idle: asyncio.TimerHandle | None = None
        self.closed_because: str | None = None  # why the table closed the connection, once it has
        self.lost = asyncio.Event()  # set when the connection is gone, however it went
        self.conn: Any = None

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

    def data_received(self, data: str, datatype: object) -> None:
        self._touch()
        kept = self.budget.admit(len(data))
        if self.budget.exhausted:
            self.close_with(f"That is more than anyone types ({self.budget.dropped} bytes over the table's "
                            f"{limits.INPUT_RATE:.0f} a second); the connection is closed.")
            return
        if kept:
            super().data_received(data[:kept], datatype)

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
        self.closed_because = line
        chan = self._chan
        if chan is not None:
            try:
                chan.write("\r\n" + line + "\r\n")
            except (OSError, asyncssh.Error):
                pass
            _close_connection(chan, self.conn)
        self._gone()

    def connection_lost(self, exc: Exception | None) -> None:
        self._gone()

    def _gone(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        self.lost.set()
        if self._input is not None:
            self._input.close()  # a prompt waiting on this guest ends (EOFError) rather than waits forever
        task = self.interact_task
        if task is not None and not task.done() and self.app_session is not None:
            app = self.app_session.app
            if app is not None and app.is_running and not app.is_done:
                app.exit(exception=EOFError())

    @property
    def terminal_size(self) -> tuple[int, int]:
        size = self._get_size()
        return size.columns, size.rows

    def write_raw(self, text: str) -> None:
        """Text to the guest's terminal as it is (the program's own words; a line break as CR LF)."""
        if self.closed_because is None and self._chan is not None:
            try:
                self._chan.write(text.replace("\n", "\r\n"))
            except (OSError, asyncssh.Error):
                pass

    async def _interact(self) -> None:
        # As prompt_toolkit's, but a failure is one line in the host's log rather than a traceback
        # on the host's terminal, and a cancelled session (the server closing) is no failure.
        from prompt_toolkit.application.current import create_app_session
        from prompt_toolkit.input import create_pipe_input
        from prompt_toolkit.output.vt100 import Vt100_Output

        chan = self._chan
        assert chan is not None
        self._output = Vt100_Output(self.stdout, self._get_size, term=chan.get_terminal_type(), enable_cpr=False)
        try:
            with create_pipe_input() as self._input, \
                    create_app_session(input=self._input, output=self._output) as session:
                self.app_session = session
                if self.lost.is_set():
                    return
                await self.interact(self)
        except asyncio.CancelledError:
            pass
        except Exception as exc:  # noqa: BLE001 - one guest's fault must not stop the table
            log.warning("a guest's session ended on %s: %s", type(exc).__name__, exc)
        finally:
            _close_connection(chan, self.conn)


def _close_connection(chan: Any, conn: Any) -> None:
    """The session is all a connection is for: when it ends, the connection goes with it (its
    place among the connections at once is free again)."""
    try:
        chan.close()
        if conn is not None:
            conn.close()
    except (OSError, asyncssh.Error):
        pass


class TableServer(PromptToolkitSSHServer):
    """The server side of one connection: no authentication by ssh (the table asks for its code),
    or by the authorized keys when given; nothing but a session channel."""

    def __init__(self, host: SshHost) -> None:
        super().__init__(host.interact, enable_cpr=False)  # type: ignore[arg-type]  # a GuestChannel's
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.counted = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.counted = self.host.connections < self.host.max_connections
        if self.counted:
            self.host.connections += 1

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.counted = False
            self.host.connections -= 1

    def begin_auth(self, username: str) -> bool:
        if not self.counted and self.conn is not None:
            # Refused here, the first moment a message reaches the client (OpenSSH prints it).
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS,
                                 f"the table has {self.host.max_connections} connections already; try again later")
            return True
        return self.host.authorized_keys is not None  # keys given: a key of theirs; else the join code

    def public_key_auth_supported(self) -> bool:
        return self.host.authorized_keys is not None

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> GuestChannel:
        if not self.counted:
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "the table is full")
        return GuestChannel(self.host.interact, self.host.idle_seconds, limits.InputBudget())

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
    the limits it keeps."""

    def __init__(
        self,
        interact: Interact,
        *,
        authorized_keys: Path | None = None,
        max_connections: int = limits.MAX_CONNECTIONS,
        idle_seconds: float = limits.IDLE_SECONDS,
    ) -> None:
        self.interact = interact
        self.authorized_keys = authorized_keys
        self.max_connections = max_connections
        self.idle_seconds = idle_seconds
        self.connections = 0

    async def listen(self, bind: str, port: int, host_key: asyncssh.SSHKey) -> asyncssh.SSHAcceptor:
        """Listen on ``bind``:``port`` (0: any free port; ``port`` of the result says which)."""
        options: dict[str, Any] = {}
        if self.authorized_keys is not None:
            options["authorized_client_keys"] = str(self.authorized_keys)
        return await asyncssh.create_server(
            lambda: TableServer(self), bind, port,
            server_host_keys=[host_key],
            encoding="utf-8", errors="replace",  # bytes that are not UTF-8 reach the table as U+FFFD
            line_editor=False,  # prompt_toolkit edits the line
            agent_forwarding=False, x11_forwarding=False, allow_scp=False, sftp_factory=None,
            login_timeout=limits.LOGIN_SECONDS,
            keepalive_interval=30, keepalive_count_max=4,  # a guest whose network died is seen to drop
            **options,
        )


def bound_port(server: asyncssh.SSHAcceptor) -> int:
    """The port the server listens on (the one chosen, when 0 was asked)."""
    return int(server.get_port())
