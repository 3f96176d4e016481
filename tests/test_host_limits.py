"""What a connection may cost a hosted table: the size its terminal claims, window changes by the
thousand, input over the budget, silent sockets and logins with no session, keys by the dozen.
A friend still joins, and a seated guest is still answered."""

from __future__ import annotations

import asyncio
import logging
import socket
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from host_clients import WAIT, Guest, serving
from hypothesis import given
from hypothesis import strategies as st
from test_host_login import CODE, settings

from hfcli.host import limits
from hfcli.host.channel import GuestChannel
from hfcli.host.hosting import HostedTable
from hfcli.host.hostkey import load_or_make
from hfcli.host.server import SshHost

pytestmark = pytest.mark.host

HUGE = 2**32 - 1  # the most an ssh window change can carry


class _Reported:
    """The channel as asyncssh gives it to the session: only the size its terminal reported."""

    def __init__(self, columns: int, rows: int) -> None:
        self.size = (columns, rows, 0, 0)

    def get_terminal_size(self) -> tuple[int, int, int, int]:
        return self.size


def _channel(columns: int, rows: int) -> GuestChannel:
    async def interact(channel: GuestChannel) -> None:
        return None

    channel = GuestChannel(interact, 60.0, limits.InputBudget())
    channel._chan = _Reported(columns, rows)
    return channel


@pytest.mark.parametrize(("reported", "drawn"), [
    ((HUGE, HUGE), (1000, 500)),  # a window change of the most ssh carries
    ((1_000_000, 24), (1000, 24)),
    ((0, 0), (80, 24)),  # ssh -T: no pty, no size
    ((0, 50), (80, 50)),
    ((3, 1), (20, 5)),
    ((80, 24), (80, 24)),
    ((1000, 500), (1000, 500)),
])
def test_the_size_a_terminal_reports_is_drawn_for_within_the_limits(
        reported: tuple[int, int], drawn: tuple[int, int]) -> None:
    assert _channel(*reported).terminal_size == drawn


@given(st.integers(0, HUGE), st.integers(0, HUGE))
def test_every_size_ssh_can_report_is_drawn_for_within_the_limits(columns: int, rows: int) -> None:
    width, height = _channel(columns, rows).terminal_size
    assert limits.MIN_COLUMNS <= width <= limits.MAX_COLUMNS
    assert limits.MIN_ROWS <= height <= limits.MAX_ROWS
    if limits.MIN_COLUMNS <= columns <= limits.MAX_COLUMNS:
        assert width == columns  # a size within the limits is the terminal's own
    if limits.MIN_ROWS <= rows <= limits.MAX_ROWS:
        assert height == rows


def test_a_huge_terminal_is_drawn_for_at_the_most_and_a_guest_without_a_pty_at_80x24(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            ann = Guest()
            assert ann.conn is None
            ann.conn = await asyncssh.connect("127.0.0.1", port, username="ann", known_hosts=None, client_keys=None,
                                              agent_path=None, preferred_auth="none")
            from host_clients import _ClientSession

            # A pty request 100,000 columns wide: prompt_toolkit keeps a cell for each it draws.
            ann.chan, _ = await ann.conn.create_session(lambda: _ClientSession(ann), term_type="xterm",
                                                        term_size=(100_000, 24))
            await ann.until("Join code:")
            ann.line(CODE)
            await ann.until("Your name:")
            ann.line("Ann")
            await ann.answer_reader()
            await ann.until("You sit South.")
            terminal = hosted.people[0].terminal
            assert terminal is not None
            assert terminal.size() == (1000, 24)
            ann.chan.change_terminal_size(HUGE, HUGE)  # 2^32-1 by 2^32-1: the host's memory, once
            ann.line("who")
            await ann.until("South  Ann")
            assert terminal.size() == (1000, 500)

            bob = await Guest().connect(port, pty=False)  # as ssh -T: no pty, so no size at all
            await bob.until("Join code:")
            bob.line(CODE)
            await bob.until("Your name:")
            bob.line("Bob")
            await bob.answer_reader()
            await bob.until("You sit West.")
            bob_terminal = hosted.people[1].terminal
            assert bob_terminal is not None and bob_terminal.size() == (80, 24)

    asyncio.run(scene())


def test_a_code_and_a_name_typed_before_the_prompts_seat_a_guest_without_a_pty(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            cy = await Guest().connect(port, pty=False)
            cy.send(f"{CODE}\nCy\n\n")  # as `printf 'CODE\nCy\n\n' | ssh -T`: typed before anything is asked
            await cy.until("You sit South.")
            assert hosted.lobby.seat_of("Cy") == 0

    asyncio.run(scene())


@pytest.mark.slow
def test_a_flood_of_window_changes_is_one_redraw_a_moment_and_closed_and_a_seated_guest_is_answered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    from prompt_toolkit.application import Application

    redraws = 0
    on_resize = Application._on_resize

    def counted(app: Any) -> None:
        nonlocal redraws
        redraws += 1
        on_resize(app)

    monkeypatch.setattr(Application, "_on_resize", counted)
    caplog.set_level(logging.WARNING)

    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            eve = await Guest().connect(port)  # no code needed for this
            await eve.until("Join code:")
            assert eve.chan is not None
            for number in range(20_000):
                eve.chan.change_terminal_size(80 + number % 2, 24 + number % 2)
            await eve.gone()
            assert "That is more window changes than any terminal sends; the connection is closed." in eve.text
            ann.line("who")
            await ann.until("South  Ann")
            # The budget (8,192 at once, a window change costing 16) closes it after some 4,600
            # changes: each a redraw of Eve's prompt before, a handful now.
            assert redraws < 50

            mallory = await Guest().connect(port)  # floods, and is gone before the table has drawn
            await mallory.until("Join code:")
            assert mallory.chan is not None
            for number in range(3000):
                mallory.chan.change_terminal_size(90 + number % 2, 30)
            mallory.drop()
            await mallory.gone()
            ann.line("who")
            await ann.until("South  Ann")
            await asyncio.sleep(0.2)  # any redraw after the drop is done

    asyncio.run(scene())
    assert not [r for r in caplog.records if "socket.send() raised exception" in r.getMessage()]


@pytest.mark.slow
def test_input_over_the_budget_is_cut_and_the_guest_told(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            await ann.until("lobby>")
            ann.send("x" * 20_000)
            await ann.until("The table takes 8,192 characters at once, then 1,024 a second: ")
            await ann.until(" of what you sent just now were left out.")
            assert not ann.closed.is_set()
            ann.line("")
            ann.line("who")
            await ann.until("South  Ann")

    asyncio.run(scene())


def test_silent_sockets_and_logins_with_no_session_leave_a_friend_able_to_join_and_are_closed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The deadlines short, so the test sees them pass; what it asserts is who is let in, not when.
    monkeypatch.setattr(limits, "HANDSHAKE_SECONDS", 1.0)
    monkeypatch.setattr(limits, "SESSION_SECONDS", 1.0)

    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            silent = [await asyncio.open_connection("127.0.0.1", port) for _ in range(200)]
            sessionless: list[asyncssh.SSHClientConnection] = []
            for _ in range(20):  # as ssh -N: logged in, and never a session
                try:
                    sessionless.append(await asyncssh.connect(
                        "127.0.0.1", port, username="n", known_hosts=None, client_keys=None, agent_path=None,
                        preferred_auth="none"))
                except asyncssh.DisconnectError as exc:  # a place taken by the next one before it logged in
                    assert "connections waiting for its code" in str(exc)
            bob = await Guest().join(port, CODE, "Bob")  # while they hold every stranger's place
            assert hosted.lobby.seat_of("Bob") == 1
            for reader, _ in silent:
                await asyncio.wait_for(reader.read(), WAIT)
                assert reader.at_eof()  # closed by the table
            for conn in sessionless:
                await asyncio.wait_for(conn.wait_closed(), WAIT)
            assert not ann.closed.is_set() and not bob.closed.is_set()
            ann.line("who")
            await ann.until("West   Bob")

    asyncio.run(scene())


def test_a_connection_may_open_one_session(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            eve = await Guest().connect(port)
            assert eve.conn is not None
            with pytest.raises(asyncssh.ChannelOpenError, match="one session a connection"):
                await eve.conn.create_session(asyncssh.SSHClientSession, term_type="xterm")

    asyncio.run(scene())


def test_with_authorized_keys_the_seventh_key_offered_is_not_tried(tmp_path: Path) -> None:
    friend = asyncssh.generate_private_key("ssh-ed25519")
    strangers = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(6)]
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(friend.export_public_key())

    async def scene() -> None:
        async with serving(settings(code=None), tmp_path, authorized_keys=keys) as (hosted, port):
            with pytest.raises(asyncssh.DisconnectError, match="6 keys refused"):
                await asyncssh.connect("127.0.0.1", port, username="eve", known_hosts=None,
                                       client_keys=[*strangers, friend], agent_path=None)
            five = strangers[:5]
            conn = await asyncssh.connect("127.0.0.1", port, username="ann", known_hosts=None,
                                          client_keys=[*five, friend], agent_path=None)
            conn.close()

    asyncio.run(scene())


def _ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
        return True
    except OSError:
        return False


@pytest.mark.skipif(not _ipv6_loopback(), reason="no IPv6 loopback on this machine")
def test_a_second_table_cannot_take_the_port_of_the_first_on_the_other_loopback_address(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):  # on 127.0.0.1, so on ::1 as well
            second = SshHost(HostedTable(settings()).interact)
            with pytest.raises(OSError, match="address already in use"):
                await second.listen("::1", port, load_or_make(tmp_path / "host_key").key)
            ann = Guest()
            ann.conn = await asyncssh.connect("::1", port, username="ann", known_hosts=None, client_keys=None,
                                              agent_path=None, preferred_auth="none")
            from host_clients import _ClientSession

            ann.chan, _ = await ann.conn.create_session(lambda: _ClientSession(ann), term_type="xterm",
                                                        term_size=(80, 24))
            await ann.until("Join code:")  # localhost's other address: the same table
            ann.line(CODE)
            await ann.until("Your name:")
            ann.line("Ann")
            await ann.answer_reader()
            await ann.until("You sit South.")
            assert hosted.lobby.seat_of("Ann") == 0

    asyncio.run(scene())


@pytest.mark.skipif(not _ipv6_loopback(), reason="no IPv6 loopback on this machine")
def test_hf_host_says_why_it_cannot_take_a_port_another_table_holds_on_the_other_loopback_address(
        tmp_path: Path) -> None:
    from click.testing import CliRunner

    from hfcli.cli import main

    with socket.socket(socket.AF_INET) as holder:  # another table, as the port's holder
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = CliRunner().invoke(main, ["host", "--bind", "::1", "--port", str(port)])
    assert result.exit_code == 1
    assert result.output == (f"Error: cannot host on ::1 port {port}: the port is in use on 127.0.0.1, which guests "
                              f"may reach in this address's place\n")
