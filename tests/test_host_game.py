"""Whole games at a hosted table: people over ssh and the AI, to the end, and a transcript that verifies."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from host_clients import Guest, play_seat, serving
from test_host_login import CODE, settings

from hfcli.transcript.verify import verify_file

pytestmark = pytest.mark.host


@pytest.mark.slow
def test_two_guests_and_two_ai_seats_play_a_quick_game_to_the_end_and_it_verifies(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"

    async def scene() -> None:
        async with serving(settings(transcript_path=path), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            await bob.until("lobby>")
            bob.line("sit north")
            await ann.until("Bob moves to North.")
            assert hosted.start() is None
            typed = await asyncio.gather(play_seat(ann, hosted, 0), play_seat(bob, hosted, 2))
            await asyncio.wait_for(hosted.over.wait(), 30)
            assert all(n > 0 for n in typed)
            for guest in (ann, bob):
                await guest.until("Game over: ")
            assert hosted.failed is None

    asyncio.run(scene())
    verified = verify_file(path, ai=True)
    assert verified.moves > 20
    header = path.read_text().splitlines()[0]
    assert '"Ann"' in header and '"Bob"' in header


def test_at_the_start_only_the_guest_to_move_is_shown_the_table_and_just_once(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            assert hosted.start() is None
            await ann.until("Your turn: draw")
            await bob.until("Type help for the commands")
            await bob.until("Bob (Ann plays)>")  # the prompt says whose turn it is
            await ann.terminal_quiet()
            assert ann.text.count("Pile: ") == 1
            assert bob.text.count("Pile: ") == 0
            ann.line("draw")
            await bob.until("South (Ann) draws 2 cards.")

    asyncio.run(scene())


def test_a_guest_at_the_table_is_told_the_host_stopped_it_before_the_connection_closes(tmp_path: Path) -> None:
    # Why the table stops, not only that the connection closed.
    async def scene() -> Guest:
        async with serving(settings(transcript_path=tmp_path / "g.jsonl"), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            assert hosted.start() is None
            await ann.until("Ann (draw)>")
        await asyncio.wait_for(ann.closed.wait(), 30)
        return ann

    ann = asyncio.run(scene())
    assert "The host stopped the table; the game is saved" in " ".join(ann.text.split())
