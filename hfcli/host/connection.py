"""One connection to the table, as its ssh server sees it: how far it has got, the deadline of
each step, how it logs in, and everything it may not ask for.

It serves the table and nothing else: a guest gets the table's application on an interactive
session (a pty, or none for scripted clients; hfcli.host.channel), and every other kind of request
is refused: a command to run (exec), a subsystem (SFTP among them), port forwarding either way,
agent and X11 forwarding. Each step has a deadline of its own (hfcli.host.limits); a connection
late for one is closed, and one turned away is told why in the disconnect message, which an
OpenSSH client prints.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import asyncssh
from prompt_toolkit.contrib.ssh import PromptToolkitSSHServer

from hfcli.host import limits
from hfcli.host.channel import GuestChannel, Interact, as_line
from hfcli.host.places import Places

# How far a stranger's connection has got, as the table sees it; the least far is turned away first.
SILENT, SPEAKS_SSH, KEYS_EXCHANGED, LOGGING_IN, LOGGED_IN, IN_SESSION = range(6)


class TableServer(PromptToolkitSSHServer):
    """The server side of one connection: no authentication by ssh (the table asks for its code),
    or by the authorized keys when given; one session channel and nothing else. A stranger until
    the guest gives the code (or logs in with a key)."""

    def __init__(self, interact: Interact, places: Places, keys: asyncssh.SSHAuthorizedKeys | None,
                 idle_seconds: float) -> None:
        super().__init__(interact, enable_cpr=False)  # type: ignore[arg-type]  # a GuestChannel's
        self.places = places
        self.keys = keys  # None: the join code lets guests in
        self.idle_seconds = idle_seconds
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
            self.channel.close_with(as_line(why))
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
        self.places.arrived(self)
        self._expect(limits.HANDSHAKE_SECONDS, "no ssh handshake in time",
                     lambda: self.progress() < KEYS_EXCHANGED)

    def connection_lost(self, exc: Exception | None) -> None:
        self._on_time()
        self.places.left(self)

    def begin_auth(self, username: str) -> bool:
        self.stage = LOGGING_IN
        self._on_time()  # asyncssh's login time (limits.SSH_LOGIN_SECONDS) runs on to the login
        return self.keys is not None  # keys given: a key of theirs; else the join code

    def auth_completed(self) -> None:
        self.stage = LOGGED_IN
        self.key_fingerprint = self._offered
        if self.keys is not None:
            refused = self.places.admit(self)  # a key the host named: a guest
            if refused is not None:
                self.turn_away(refused, asyncssh.DISC_TOO_MANY_CONNECTIONS)
                return
        self._expect(limits.SESSION_SECONDS, f"no session in {limits.SESSION_SECONDS:g} seconds; "
                     "the table is only for playing at it")

    def public_key_auth_supported(self) -> bool:
        return self.keys is not None

    def validate_ca_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # A certificate signed by a cert-authority the file names logs in as before; its seat is
        # locked by a seat code, as the table cannot tell which key signed in.
        keys = self.keys
        return keys is not None and keys.validate(key, self.address, self.address, ca=True) is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # Checked here rather than by asyncssh's own authorized_client_keys, which does not say which
        # key logged in: a seat is bound to the key its guest sat down with. A key is asked about
        # once, then once more with its signature; the last let through before the login completes
        # is the one that logged in.
        keys = self.keys
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
        self.channel = GuestChannel(self.interact, self.idle_seconds, limits.InputBudget(),
                                    admitted=self._admitted)
        self.channel.key_fingerprint = self.key_fingerprint
        return self.channel

    def _admitted(self) -> str | None:
        self._on_time()
        return self.places.admit(self)

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
