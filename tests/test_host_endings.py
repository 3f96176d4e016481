"""How a hosted game ends for each person at it: played to the end, or stopped by the host. Every
guest reads the end on their own screen before their connection closes."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from host_clients import Guest, play_seat, serving
from test_host_login import CODE, settings

pytestmark = pytest.mark.host

THANKS = "The game is over. Thank you for playing."


@pytest.mark.slow
def test_every_guest_reads_the_final_scores_and_the_thanks_before_the_connection_closes(tmp_path: Path) -> None:
    async def scene() -> list[Guest]:
        async with serving(settings(transcript_path=tmp_path / "g.jsonl"), tmp_path) as (hosted, port):
            guests = [await Guest().join(port, CODE, name) for name in ("Ann", "Bob", "Cy", "Di")]
            assert hosted.start() is None
            await asyncio.gather(*(play_seat(guest, hosted, seat) for seat, guest in enumerate(guests)))
            for guest in guests:
                await guest.gone()  # the table closes each connection once the game is over
            assert hosted.failed is None and hosted.finished
            return guests

    for guest in asyncio.run(scene()):
        screen = guest.text.rstrip().splitlines()[-24:]  # what an 80x24 terminal shows at the end
        assert screen[-1] == THANKS
        assert any(line.startswith("Game over: NS win, ") for line in screen), screen
        assert any(line.split()[:1] == ["game"] for line in screen), screen  # the final score sheet's total


def test_when_the_host_stops_every_guest_reads_why_even_one_whose_client_reads_late(tmp_path: Path) -> None:
    stopped = "The host stopped the table; the game is saved"

    async def scene() -> list[Guest]:
        async with serving(settings(transcript_path=tmp_path / "g.jsonl"), tmp_path) as (hosted, port):
            guests = [await Guest().join(port, CODE, name, window=512) for name in ("Ann", "Bob", "Cy")]
            assert hosted.start() is None
            await guests[0].until("Your turn: draw")
            await guests[1].until("Bob (Ann plays)>")
            # Bob's client stops reading: what the table sends him waits at the host, his window full.
            late = guests[1].chan
            assert late is not None
            late.pause_reading()
            asyncio.get_running_loop().call_later(0.5, late.resume_reading)
            for line in ("hand", "table", "hand", "table"):
                guests[1].line(line)
            await asyncio.sleep(0.1)
        for guest in guests:  # the host has stopped
            await guest.gone()
        return guests

    for guest in asyncio.run(scene()):
        assert stopped in " ".join(guest.text.split())[-300:]
