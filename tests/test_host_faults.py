"""Faults at a hosted table: a guest who drops and comes back, the AI playing for one who does not,
and the host itself stopping and taking the game up again from its transcript."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from host_clients import WAIT, Guest, play_seat, serving
from test_host_login import CODE, settings

from hfcli.host.hosting import HostedTable
from hfcli.transcript.verify import verify_file

pytestmark = pytest.mark.host


async def moves_reach(hosted: HostedTable, count: int) -> None:
    async def wait() -> None:
        while hosted.game is None or hosted.game.move_count < count:
            await asyncio.sleep(0.005)

    await asyncio.wait_for(wait(), WAIT)


async def come_back(port: int, name: str, seat_code: str) -> Guest:
    guest = await Guest().connect(port)
    await guest.until("Join code:")
    guest.line(CODE)
    await guest.until("Your name:")
    guest.line(name)
    await guest.until("seat code (shown when")
    guest.line(seat_code)
    return guest


@pytest.mark.slow
def test_a_guest_who_drops_in_the_middle_of_a_turn_keeps_the_seat_and_takes_it_back(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"

    async def scene() -> None:
        async with serving(settings(transcript_path=path, grace=60.0), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            assert hosted.start() is None
            await ann.until("Your turn: draw")
            ann.line("draw")
            await ann.until("You draw")
            assert hosted.table is not None and hosted.table.pending() == 0  # her turn goes on: meld or discard
            moves = hosted.game.move_count  # type: ignore[union-attr]
            ann.drop()
            await bob.until("Ann (South) lost the connection; the seat waits 60 seconds for them.")
            await asyncio.sleep(0.2)
            assert hosted.game.move_count == moves  # type: ignore[union-attr]  # nobody plays her seat
            again = await come_back(port, "ann", ann.seat_code)  # her name, whatever its case
            back = await again.until("Your hand (")
            assert "Welcome back, Ann: you sit South." in back
            await bob.until("Ann is back at South.")
            assert hosted.table.pending() == 0
            await asyncio.gather(play_seat(again, hosted, 0), play_seat(bob, hosted, 1))
            await again.until("Game over: ")
            assert hosted.failed is None

    asyncio.run(scene())
    assert verify_file(path, ai=True).moves > 20


@pytest.mark.slow
def test_after_the_grace_period_the_ai_plays_for_the_guest_until_they_come_back(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"

    async def scene() -> None:
        async with serving(settings(transcript_path=path, grace=0.05), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            assert hosted.start() is None
            await ann.until("Your turn: draw")
            ann.drop()
            playing = asyncio.ensure_future(play_seat(bob, hosted, 1))
            await bob.until("Ann is not back: the AI plays South for them until they are.")
            await moves_reach(hosted, 12)  # South's turns come round again and again
            assert "South, for Ann" in bob.text
            again = await come_back(port, "Ann", ann.seat_code)
            await again.until("Welcome back, Ann: you sit South.")
            assert hosted.people[0].ai is None
            await asyncio.gather(play_seat(again, hosted, 0), playing)
            await again.until("Game over: ")
            assert hosted.failed is None

    asyncio.run(scene())
    assert verify_file(path, ai=True).moves > 20


@pytest.mark.slow
def test_the_host_takes_a_stopped_game_up_from_its_transcript_and_guests_sit_down_again_by_name(
    tmp_path: Path,
) -> None:
    from hfcli.cli.host import _resumed

    path = tmp_path / "g.jsonl"

    codes: dict[str, str] = {}

    async def first() -> int:
        async with serving(settings(transcript_path=path), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            codes.update(Ann=ann.seat_code, Bob=bob.seat_code)
            assert hosted.start() is None
            stop = asyncio.Event()
            played = asyncio.ensure_future(asyncio.gather(play_seat(ann, hosted, 0, stop=stop),
                                                          play_seat(bob, hosted, 1, stop=stop)))
            await moves_reach(hosted, 25)
            stop.set()
            await played
            return hosted.game.move_count  # type: ignore[union-attr]  # the host stops here (shutdown)

    async def second(resumed_at: int) -> None:
        resumed = _resumed(path, "easy")
        assert resumed.game.move_count >= resumed_at
        assert resumed.humans == {0: "Ann", 1: "Bob"}
        hosted = HostedTable(settings(), resumed)
        assert hosted.start() is None
        async with serving(settings(), tmp_path, hosted=hosted) as (_, port):
            bob = await come_back(port, "Bob", codes["Bob"])
            await bob.until("Resuming the game where it stopped: deal 1 of 1, move ")
            ann = await come_back(port, "Ann", codes["Ann"])
            await ann.until("You sit South.")
            await asyncio.gather(play_seat(ann, hosted, 0), play_seat(bob, hosted, 1))
            await ann.until("Game over: ")
            assert hosted.failed is None

    at = asyncio.run(first())
    asyncio.run(second(at))
    assert verify_file(path, ai=True).moves > at
