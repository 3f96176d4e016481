"""Hostile clients at a hosted table: what ssh may not do there, garbage, a line of 10 MB, silence,
a flood of connections and of wrong codes. The table plays on, and its transcript verifies."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import asyncssh
import pytest
from host_clients import WAIT, Guest, play_seat, serving
from test_host_login import CODE, settings

from hfcli.host import limits
from hfcli.transcript.verify import verify_file

pytestmark = pytest.mark.host


def test_no_command_file_transfer_or_forwarding_is_served(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            probe = await Guest().connect(port)
            conn = probe.conn
            assert conn is not None
            with pytest.raises(asyncssh.Error):
                await conn.run("cat /etc/passwd", check=True)
            with pytest.raises(asyncssh.Error):
                await conn.start_sftp_client()
            with pytest.raises(asyncssh.Error):
                await conn.open_connection("127.0.0.1", port)  # a tunnel through the table
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", port)
            await Guest().join(port, CODE, "Ann")  # and the table is there as before
            assert hosted.lobby.seat_of("Ann") == 0

    asyncio.run(scene())


@pytest.mark.slow
def test_the_table_plays_on_through_garbage_a_10_mb_line_silence_and_moves_out_of_turn(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"

    async def scene() -> None:
        async with serving(settings(transcript_path=path), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            hosted.login_seconds = 1.0  # for the silent ones below; the two above had the usual time
            assert hosted.start() is None
            await ann.until("Your turn: draw")
            bob.line("draw")  # South is to move: West may not play for her
            await bob.until("It is not your turn.")
            assert hosted.game is not None and hosted.game.move_count == 0

            garbage = await Guest().connect(port)
            await garbage.until("Join code:")
            noise = random.Random(5)
            garbage.send("".join(chr(noise.randrange(0, 0x250)) for _ in range(4000)))
            huge = await Guest().connect(port)
            await huge.until("Join code:")
            huge.send("x" * 10_000_000)
            silent_ssh = await Guest().connect(port)  # connects, then types nothing
            silent_tcp = await asyncio.open_connection("127.0.0.1", port)  # not even ssh

            await asyncio.gather(play_seat(ann, hosted, 0), play_seat(bob, hosted, 1))
            await ann.until("Game over: ")
            await huge.gone()
            assert "That is more than anyone types" in huge.text
            await silent_ssh.gone()
            assert "No code and name in 1 seconds; goodbye." in silent_ssh.text
            assert "Traceback" not in garbage.text
            silent_tcp[1].close()
            assert hosted.failed is None
            assert [p.name for p in hosted.people.values()] == ["Ann", "Bob"]

    asyncio.run(scene())
    assert verify_file(path, ai=True).moves > 20


def test_two_hundred_connections_at_once_hold_eight_places_at_most_and_a_friend_still_joins(tmp_path: Path) -> None:
    reason = "he table had 8 connections waiting for its code, and this one had got least far; try again"

    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            async def one() -> Guest | str:
                try:
                    return await Guest().connect(port)
                except asyncssh.Error as exc:
                    return str(exc)

            tried = await asyncio.gather(*(one() for _ in range(200)))
            connected = [t for t in tried if isinstance(t, Guest)]
            for guest in connected:
                await guest.until("Join code:")  # every one that is still there is at the code
            await asyncio.sleep(0.2)
            held = [guest for guest in connected if not guest.closed.is_set()]
            told = [t for t in tried if isinstance(t, str)] + [g.text for g in connected if g.closed.is_set()]
            assert len(held) == 8
            assert len(told) == 192
            assert all(reason in " ".join(text.split()) for text in told)  # lines are broken to the width
            await Guest().join(port, CODE, "Ann")  # while the eight hold their places
            assert hosted.lobby.seat_of("Ann") == 0
            assert sum(guest.closed.is_set() for guest in held) == 1  # the oldest made room

    asyncio.run(scene())


@pytest.mark.slow
def test_a_thousand_wrong_codes_let_nobody_in_and_the_right_one_still_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "CODE_SECONDS", 600.0)  # a bound on a hang here, not the table's minute

    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            # 8 connections (the strangers' places) of 125 tries each: a thousand wrong codes (three a
            # connection, as the table has it, would take over 300 handshakes; the limit itself is
            # tested at the login). Each try is a prompt of its own: about 15 s in all on a quiet machine.
            hosted.code_tries = 125
            wrong = random.Random(11)
            tries = 0

            async def wrong_codes() -> None:
                nonlocal tries
                guest = await Guest().connect(port)
                await guest.until("Join code:")
                # Typed ahead, as a script would: the table reads them one prompt after another.
                codes = ["".join(wrong.choice("abcdefghjk") for _ in range(8)) for _ in range(125)]
                guest.send("".join(code + "\r" for code in codes))
                tries += len(codes)
                await asyncio.wait_for(guest.closed.wait(), WAIT * 3)
                assert guest.text.count("That is not this table's code.") == 124
                assert "125 wrong codes; the connection is closed." in guest.text

            await asyncio.gather(*(wrong_codes() for _ in range(8)))
            assert tries == 1000
            assert not hosted.lobby.places
            await Guest().join(port, CODE, "Ann")
            assert hosted.lobby.seat_of("Ann") == 0

    asyncio.run(scene())
