"""A seat comes back only to its person: a name alone takes no seat, not during a drop, not once
the AI plays it, not after ``hf host --resume``. The guest who sat down gives the seat code they
were shown, or logs in with the ssh key they sat down with (``--keys``)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import asyncssh
import pytest
from host_clients import Guest, play_seat, serving
from host_clients import _ClientSession as _Client
from test_host_faults import come_back, moves_reach
from test_host_login import CODE, settings

from hfcli.host.away import grace_over
from hfcli.host.hosting import HostedTable
from hfcli.host.seatlock import SeatLock
from hfcli.transcript.verify import verify_file

pytestmark = pytest.mark.host


async def claim(port: int, name: str, *, key: asyncssh.SSHKey | None = None) -> Guest:
    """A guest who gives ``name`` (with the table's code, unless by key) and nothing else."""
    guest = await Guest().connect(port, key=key)
    if key is None:
        await guest.until("Join code:")
        guest.line(CODE)
    await guest.until("Your name:")
    guest.line(name)
    return guest


async def refused_codes(guest: Guest, name: str) -> None:
    """Three wrong seat codes, each refused; the third closes the connection."""
    for _ in range(3):
        await guest.until(f"{name}'s seat code (shown when {name} sat down):")
        guest.line("abcd-efgh")
    await guest.gone()
    assert guest.text.count(f"That is not the seat code of {name}'s seat.") == 2
    assert "3 wrong seat codes; the connection is closed." in guest.text


@pytest.mark.slow
def test_a_name_alone_takes_no_seat_during_a_drop_nor_once_the_ai_plays_it(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(grace=60.0), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            code = ann.seat_code
            assert hosted.start() is None
            await ann.until("Your turn: draw")
            ann.drop()
            await bob.until("Ann (South) lost the connection")
            # During the grace period: her name, in any case, is not enough.
            for name in ("Ann", "ann", "ANN"):
                eve = await claim(port, name)
                await refused_codes(eve, "Ann")
                assert "Your hand" not in eve.text and "Welcome back" not in eve.text
            assert not hosted.lobby.places[0].connected and hosted.people[0].terminal is None
            # Once the AI plays it for her: the same.
            hosted.people[0].grace_timer.cancel()  # type: ignore[union-attr]
            grace_over(hosted, hosted.people[0])
            await bob.until("Ann is not back: the AI plays South for them until they are.")
            eve = await claim(port, "Ann")
            await refused_codes(eve, "Ann")
            assert hosted.people[0].ai is not None
            # Ann herself, with the code she was shown.
            again = await come_back(port, "Ann", code.upper().replace("-", " "))
            await again.until("Welcome back, Ann: you sit South.")
            assert hosted.people[0].ai is None

    asyncio.run(scene())


def test_a_seat_code_is_shown_once_to_its_guest_only_and_each_guest_has_their_own(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            await ann.until("Bob sits down West.")
            await bob.terminal_quiet()
            assert ann.seat_code != bob.seat_code
            assert ann.text.count("Your seat code is") == 1
            assert ann.seat_code not in bob.text and bob.seat_code not in ann.text
            # The table keeps a lock the code opens, not the code.
            lock = hosted.lobby.places[0].lock
            assert lock is not None and lock.opened_by_code(ann.seat_code) and not lock.opened_by_code(bob.seat_code)
            assert ann.seat_code.replace("-", "") not in repr(hosted.lobby)

    asyncio.run(scene())


def test_a_lookalike_name_neither_sits_beside_nor_takes_the_seat(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            await Guest().join(port, CODE, "Tiny")
            await Guest().join(port, CODE, "Ace")
            eve = await Guest().connect(port)
            await eve.until("Join code:")
            eve.line(CODE)
            # Case, spaces, fullwidth letters, and a name all in Cyrillic letters that look Latin.
            tries = (("tiny", "Tiny"), (" TINY ", "Tiny"), ("Ｔｉｎｙ", "Tiny"), ("\u0410\u0441\u0435", "Ace"))
            for name, holder in tries:
                await eve.until("Your name:")
                eve.line(name)
                await eve.until(f"{holder} is at the table already; give another name.")
            await eve.until("Your name:")
            eve.line("\u0422iny")  # a Cyrillic T before Latin letters
            await eve.until("mixes letters of 2 alphabets (cyrillic, latin), so it could pass for another name.")
            assert list(hosted.lobby.places) == [0, 1]

    asyncio.run(scene())


@pytest.mark.slow
def test_after_a_resume_a_seat_comes_back_only_with_its_code_which_the_file_does_not_hold(tmp_path: Path) -> None:
    from hfcli.cli.host import _resumed

    path = tmp_path / "g.jsonl"
    codes: dict[str, str] = {}

    async def first() -> None:
        async with serving(settings(transcript_path=path), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            codes.update(Ann=ann.seat_code, Bob=bob.seat_code)
            assert hosted.start() is None
            stop = asyncio.Event()
            played = asyncio.ensure_future(asyncio.gather(play_seat(ann, hosted, 0, stop=stop),
                                                          play_seat(bob, hosted, 1, stop=stop)))
            await moves_reach(hosted, 10)
            stop.set()
            await played

    async def second() -> None:
        resumed = _resumed(path, "easy")
        assert set(resumed.locks) == {0, 1}
        hosted = HostedTable(settings(), resumed)
        assert hosted.start() is None
        async with serving(settings(), tmp_path, hosted=hosted) as (_, port):
            eve = await claim(port, "Bob")
            await refused_codes(eve, "Bob")
            eve = await claim(port, "Ann")
            await eve.until("Ann's seat code")
            eve.line(codes["Bob"])  # a seat code, but another seat's
            await eve.until("That is not the seat code of Ann's seat.")
            eve.drop()
            bob = await come_back(port, "Bob", codes["Bob"])
            ann = await come_back(port, "Ann", codes["Ann"])
            await ann.until("You sit South.")
            await bob.until("You sit West.")
            await asyncio.gather(play_seat(ann, hosted, 0), play_seat(bob, hosted, 1))
            await ann.until("Game over: ")
            assert hosted.failed is None

    asyncio.run(first())
    text = path.read_text()
    for code in codes.values():
        assert code not in text and code.replace("-", "") not in text
    header = json.loads(text.split("\n")[0])
    assert set(header["seat_locks"]) == {"S", "W"}
    assert SeatLock.from_json(header["seat_locks"]["S"]).opened_by_code(codes["Ann"])  # type: ignore[union-attr]
    asyncio.run(second())
    assert verify_file(path, ai=True).moves > 10


def test_under_keys_a_seat_is_bound_to_the_key_it_was_taken_with_and_a_key_takes_one_seat(tmp_path: Path) -> None:
    from hfcli.cli.host import _resumed

    ann_key, eve_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(ann_key.export_public_key() + eve_key.export_public_key())
    path = tmp_path / "g.jsonl"

    async def first() -> None:
        async with serving(settings(code=None, transcript_path=path, grace=60.0), tmp_path,
                           authorized_keys=keys) as (hosted, port):
            ann = await claim(port, "Ann", key=ann_key)
            await ann.answer_reader()
            await ann.until("You sit South.")
            assert "seat code" not in ann.text
            # One key, one seat: Ann's key cannot take a second seat under another name.
            twice = await claim(port, "Annie", key=ann_key)
            await twice.until("Your ssh key sits South already, as Ann; a key takes one seat.")
            twice.drop()
            eve = await claim(port, "Eve", key=eve_key)
            await eve.answer_reader()
            await eve.until("You sit West.")
            assert hosted.start() is None
            await ann.until("Your turn: draw")
            ann.drop()
            await eve.until("Ann (South) lost the connection")
            # Another authorized key gives her name: refused, whatever the name's case.
            thief = await claim(port, "ann", key=eve_key)
            await thief.until("Ann's seat is kept for the ssh key Ann sat down with; log in with that key to take it "
                              "back.")
            thief.drop()
            back = await claim(port, "Ann", key=ann_key)
            await back.until("Welcome back, Ann: you sit South.")

    asyncio.run(first())
    header = json.loads(path.read_text().split("\n")[0])
    assert header["seat_locks"]["S"] == {"ssh_key": ann_key.get_fingerprint("sha256")}
    assert _resumed(path, "easy").locks[0].opened_by_key(ann_key.get_fingerprint("sha256"))


def test_under_keys_a_certificate_of_a_named_authority_logs_in_and_its_seat_gets_a_seat_code(tmp_path: Path) -> None:
    authority, ann_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    certificate = authority.generate_user_certificate(ann_key, "ann", principals=["ann"])
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(b"cert-authority " + authority.export_public_key())

    async def scene() -> None:
        async with serving(settings(code=None), tmp_path, authorized_keys=keys) as (hosted, port):
            conn = await asyncssh.connect("127.0.0.1", port, username="ann", known_hosts=None,
                                          client_keys=[(ann_key, certificate)], agent_path=None)
            guest = Guest()
            guest.conn = conn
            guest.chan, _ = await conn.create_session(lambda: _Client(guest), term_type="xterm", term_size=(80, 24))
            await guest.until("Your name:")
            guest.line("Ann")
            await guest.answer_reader()
            await guest.until("You sit South.")
            assert guest.seat_code
            assert hosted.lobby.places[0].lock is not None and hosted.lobby.places[0].lock.key is None

    asyncio.run(scene())
