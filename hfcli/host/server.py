"""The ssh server of ``hf host``: asyncssh, with prompt_toolkit's ssh session on every channel.

``SshHost`` is what the server needs from the host: the conversation with each guest
(``interact``), the keys that let guests in (or none: the join code does), and the limits it keeps
(hfcli.host.places). It listens on the table's port: each connection is a ``TableServer``
(hfcli.host.connection), each guest's session a ``GuestChannel`` (hfcli.host.channel).
"""

from __future__ import annotations

import errno
from pathlib import Path

import asyncssh

from hfcli.host import limits
from hfcli.host.channel import Interact
from hfcli.host.connection import TableServer
from hfcli.host.places import Places


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
        self.idle_seconds = idle_seconds
        self.places = Places(max_guests, max_strangers)

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
            lambda: TableServer(self.interact, self.places, self.keys, self.idle_seconds), address, port,
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
