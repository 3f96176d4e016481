"""A guest at a hosted table who uses a screen reader: the lobby's reader command, and the game
told to them in words, a line at a time, while the others see the table."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from host_clients import Guest, serving
from test_host_login import CODE, settings

from hfcli.repl.spoken import SpokenSession

UNSPEAKABLE = re.compile("[\u2500-\u259f\u2660-\u2667\u00d7]")


def test_a_guest_turns_the_reader_on_in_the_lobby_and_hears_the_game_in_words(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            ann.line("help")
            await ann.until("reader (the game in words, for a screen reader)")
            ann.line("reader")
            await ann.until("Screen reader: on.")
            bob.line("reader")
            await bob.until("Screen reader: on.")
            bob.line("reader off")
            await bob.until("Screen reader: off.")
            assert hosted.start() is None
            said = await ann.until("You: your turn.")
            assert "Table: Hand and Foot, quick rules" in " ".join(said.split()), said
            assert not UNSPEAKABLE.search(said), said
            people = {person.name: person for person in hosted.people.values()}
            assert isinstance(people["Ann"].session, SpokenSession)
            assert not isinstance(people["Bob"].session, SpokenSession)
            await bob.until("Your hand (")  # the table as it is drawn, suits and all
            ann.line("hand")
            hand = await ann.until("You: your hand, ")
            assert not UNSPEAKABLE.search(hand)

    asyncio.run(scene())


def test_a_guest_asked_at_joining_gets_every_line_and_prompt_as_text_without_an_escape(tmp_path: Path) -> None:
    """A yes to the question at joining: from then on nothing reaches the guest's terminal but text
    (no colour, no cursor moved, no prompt drawn again), lines unbroken; Enter at the question is no."""

    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann", reader=True)
            bob = await Guest().join(port, CODE, "Bob")  # Enter: no
            raw = "".join(ann.raw)
            after = raw.index("Screen reader: on.")
            assert hosted.start() is None
            await ann.until("You: your turn.")
            await ann.until("draw> ")
            who = "Table: South Ann; West Bob; North (AI, easy); East (AI, easy)."
            for line, said in (("draw", "You: drew "), ("hand", "You: your hand, "), ("pile", "Table: the pile "),
                               ("cards", "Table: you "), ("who", who)):
                ann.line(line)
                await ann.until(said)
            await ann.terminal_quiet()
            raw = "".join(ann.raw)[after:]
            assert "\x1b" not in raw, repr(raw[raw.index("\x1b") - 80:raw.index("\x1b") + 40])
            assert not UNSPEAKABLE.search(raw)
            assert "draw> draw\n" in raw.replace("\r\n", "\n")  # the prompt, and the keys typed echoed as text
            assert "lobby>" not in raw[raw.index("Table: Hand and Foot"):]  # the lobby's question, given up, is gone
            # A line longer than the screen is not broken: a reader hears it whole.
            hand = next(line for line in raw.split("\r\n") if line.startswith("You: your hand, "))
            assert len(hand) > 80
            people = {person.name: person for person in hosted.people.values()}
            assert isinstance(people["Ann"].session, SpokenSession)
            assert not isinstance(people["Bob"].session, SpokenSession)
            await bob.until("Your hand (")
            assert "\x1b[" in "".join(bob.raw)  # Bob's screen is drawn as a table is

    asyncio.run(scene())


def test_a_reader_who_does_not_start_hears_the_hand_once_at_the_start(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann", reader=True)
            ann.line("sit west")
            await ann.until("Ann moves to West.")
            assert hosted.start() is None
            said = await ann.until("You: your turn.")  # South, the AI, plays first
            assert said.count("You: your hand, ") == 1, said
            assert "Table: South (AI, easy)" in " ".join(said.split()) and "free" not in said  # seats as they are now
            assert "South: " in said

    asyncio.run(scene())
