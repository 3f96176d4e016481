"""Coming in to a hosted table over ssh: the code, a name, the lobby, and the limits."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest
from host_clients import WAIT, Guest, serving
from host_clients import _ClientSession as _Client

from hfcli.engine.rules import preset
from hfcli.host.room import Settings

pytestmark = pytest.mark.host

CODE = "abcd-efgh"


def settings(**changes: object) -> Settings:
    values: dict[str, object] = dict(rules=preset("quick"), seed=7, level="easy", host_name=None, speed=0.0,
                                     code=CODE, color=False)
    values.update(changes)
    return Settings(**values)  # type: ignore[arg-type]


def test_a_guest_with_the_code_and_a_name_sits_down_and_sees_the_lobby(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            lobby = await ann.until("lobby>")
            assert ann.text.count("You sit South.") == 1
            assert "South  Ann" in lobby and "North  free (AI, easy)" in lobby
            bob = await Guest().join(port, "ABCD EFGH", "Bob")
            assert "Bob sits down West." in await ann.until("Bob sits down West.")
            assert "West" in (await bob.until("lobby>"))
            ann.line("who")
            assert "West   Bob" in await ann.until("East")
            assert hosted.lobby.seat_of("bob") == 1

    asyncio.run(scene())


def test_three_wrong_codes_close_the_connection_with_a_line(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            eve = await Guest().connect(port)
            for _ in range(3):
                await eve.until("Join code:")
                eve.line("wxyz-wxyz")
            await eve.gone()
            assert "That is not this table's code." in eve.text
            assert "3 wrong codes; the connection is closed." in eve.text
            assert not hosted.lobby.places

    asyncio.run(scene())


def test_a_name_is_asked_again_until_it_is_printable_short_and_free(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            await Guest().join(port, CODE, "Ann")
            eve = await Guest().connect(port)
            await eve.until("Join code:")
            eve.line(CODE)
            await eve.until("Your name:")
            eve.line("ann")
            await eve.until("Ann is at the table already; give another name.")
            eve.line("Eve\u202e")  # a right-to-left override: turns what follows around
            await eve.until("'Eve\\u202e' has characters that do not print")
            eve.line("E" * 30)
            await eve.until("A name has at most 20 characters, not 30.")
            eve.line("Eve")
            await eve.answer_reader()
            await eve.until("You sit West.")
            assert hosted.lobby.seat_of("Eve") == 1

    asyncio.run(scene())


def test_a_guest_over_the_guests_limit_is_refused_with_the_reason(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path, max_guests=2) as (hosted, port):
            await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            third = await Guest().connect(port)
            await third.until("Join code:")
            third.line(CODE)
            await third.gone()
            assert "The table has 2 guests connected already; try again later." in third.text
            bob.drop()
            await bob.gone()
            for _ in range(100):  # the server sees the drop a moment after the client
                if len(hosted.lobby.places) == 1:
                    break
                await asyncio.sleep(0.05)
            await Guest().join(port, CODE, "Cy")

    asyncio.run(scene())


def test_a_stranger_over_the_strangers_places_takes_the_place_of_the_one_that_got_least_far(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path, max_strangers=2) as (hosted, port):
            await Guest().join(port, CODE, "Ann")  # a guest: none of the strangers' places
            first = await Guest().connect(port)
            await first.until("Join code:")
            silent = await asyncio.open_connection("127.0.0.1", port)  # not even ssh: got least far
            second = await Guest().connect(port)  # takes the silent socket's place
            await asyncio.wait_for(silent[0].read(), WAIT)  # all the table sent it, to its end:
            assert silent[0].at_eof()  # closed by the table
            await second.until("Join code:")
            third = await Guest().connect(port)  # the places hold two at the code: the older goes
            await first.gone()
            assert "The table had 2 connections waiting for its code, and this one had got least far; " \
                "try again." in " ".join(first.text.split())  # the line is broken to the width
            await third.until("Join code:")
            third.line(CODE)
            await third.until("Your name:")
            third.line("Bob")
            await third.answer_reader()
            await third.until("You sit West.")
            assert not second.closed.is_set()

    asyncio.run(scene())


def test_with_authorized_keys_a_guest_comes_in_by_key_without_the_code_and_no_other_key_does(tmp_path: Path) -> None:
    friend = asyncssh.generate_private_key("ssh-ed25519")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(friend.export_public_key())

    async def scene() -> None:
        async with serving(settings(code=None), tmp_path, authorized_keys=keys) as (hosted, port):
            conn = await asyncssh.connect("127.0.0.1", port, username="ann", known_hosts=None, client_keys=[friend],
                                          agent_path=None)
            guest = Guest()
            guest.conn = conn
            guest.chan, _ = await conn.create_session(lambda: _Client(guest), term_type="xterm", term_size=(80, 24))
            await guest.until("Your name:")
            assert "Join code" not in guest.text
            guest.line("Ann")
            await guest.answer_reader()
            await guest.until("You sit South.")
            with pytest.raises(asyncssh.PermissionDenied):
                await asyncssh.connect("127.0.0.1", port, username="eve", known_hosts=None, client_keys=[stranger],
                                       agent_path=None)
            with pytest.raises(asyncssh.PermissionDenied):
                await Guest().connect(port)  # no key at all

    asyncio.run(scene())
