"""A person's place at a hosted table: where a guest sits, what they see first, what they are told
when they come back, and how much they may say."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

from host_clients import Guest, play_seat, serving
from test_host_faults import come_back, moves_reach
from test_host_login import CODE, settings

from hfcli.engine.seating import table
from hfcli.host.lobby import Lobby


def test_the_first_guest_sits_as_the_hosts_partner_then_the_others_in_turn(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(host_name="Host"), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            assert "You sit North." in ann.text  # across from the host, South: partners
            bob = await Guest().join(port, CODE, "Bob")
            assert "You sit West." in bob.text
            cy = await Guest().join(port, CODE, "Cy")
            assert "You sit East." in cy.text
            assert {seat: place.name for seat, place in hosted.lobby.places.items()} == {
                0: "Host", 1: "Bob", 2: "Ann", 3: "Cy"}

    asyncio.run(scene())


def test_at_six_the_guests_fill_the_hosts_side_first_and_with_no_sides_the_next_seat() -> None:
    pairs = Lobby(table(6, "pairs"))  # S+N, SW+NE, NW+SE
    pairs.sit("Host", 0, host=True)
    assert [pairs.sit(name) for name in ("Ann", "Bob")] == [3, 1]
    threes = Lobby(table(6, "threes"))  # S+NW+NE, SW+N+SE
    threes.sit("Host", 0, host=True)
    assert [threes.sit(name) for name in ("Ann", "Bob", "Cy")] == [2, 4, 1]
    alone = Lobby(table(3, "none"))
    alone.sit("Host", 0, host=True)
    assert alone.sit("Ann") == 1
    watched = Lobby(table(4, "pairs"))  # hf host --watch: nobody's partner to sit with
    assert [watched.sit(name) for name in ("Ann", "Bob")] == [0, 1]


def test_a_guest_who_is_not_first_to_play_sees_their_hand_on_their_first_screen(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            assert hosted.start() is None
            await ann.until("Your turn: draw")
            first = await bob.until("Bob (Ann plays)>")
            assert hosted.game is not None
            hand = hosted.game.state.deal.hands[1]
            assert f"Your hand ({len(hand)}): " in first
            assert "Pile: " not in first  # the table is shown when it is their turn

    asyncio.run(scene())


def test_a_guest_who_comes_back_is_told_each_move_the_ai_played_for_them(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"

    async def scene() -> tuple[int, int, str]:
        async with serving(settings(transcript_path=path, grace=0.05), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            assert hosted.start() is None
            await ann.until("Your turn: draw")
            assert hosted.game is not None
            left_at = hosted.game.move_count
            ann.drop()
            playing = asyncio.ensure_future(play_seat(bob, hosted, 1))
            await moves_reach(hosted, 12)
            again = await come_back(port, "Ann", ann.seat_code)
            told = await again.until("Pile: ")
            back_at = hosted.game.move_count
            await asyncio.gather(play_seat(again, hosted, 0), playing)
            return left_at, back_at, told

    left_at, back_at, told = asyncio.run(scene())
    moves = [json.loads(line) for line in path.read_text().splitlines()]
    moves = [line for line in moves if line.get("e") == "move"]
    hers = [line for line in moves[left_at:back_at] if line["seat"] == "S"]
    assert len(hers) >= 3  # a draw, a discard, and so on, of each turn she missed
    lines = told.split("\n")
    at = lines.index(f"While you were away, the AI played {len(hers)} moves for you:")
    listed = [line for line in lines[at + 1:] if line.startswith("  ") and not line.startswith("   ")]
    listed = listed[:len(hers)]  # a move's line, not the lines a long one is wrapped onto
    assert [line.split()[0] for line in listed] == [line["move"].split()[0] for line in hers]


def test_say_has_a_rate_of_its_own_five_lines_at_once_then_one_every_four_seconds(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    now = [100.0]

    async def scene() -> tuple[Guest, Guest]:
        async with serving(settings(transcript_path=path), tmp_path) as (hosted, port):
            hosted.clock = lambda: now[0]
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            assert hosted.start() is None
            await bob.until("Bob (Ann plays)>")
            for number in range(1, 9):
                ann.line(f"say hello {number}")
                await ann.until(f"say hello {number}")
            await ann.until("say it again in 4 seconds.")
            ann.line("say   ")  # a blank line is refused for what it is, not counted
            await ann.until("write the words after say")
            now[0] += 4.0
            ann.line("say hello 9")
            await bob.until("South (Ann) says: hello 9")
            return ann, bob

    ann, bob = asyncio.run(scene())
    heard = [f"hello {n}" for n in (1, 2, 3, 4, 5, 9)]
    assert re.findall(r"South \(Ann\) says: (hello \d)", bob.text) == heard
    assert ann.text.count("Not said: the table hears 5 lines from you at once, then one every 4 seconds") == 3
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    remarks = [line["text"] for line in lines if line.get("e") == "say"]
    assert remarks == heard
