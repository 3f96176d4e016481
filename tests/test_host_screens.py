"""What a guest's terminal is sent at a hosted table: lines that fit its width, the status bar at
the foot of the prompt, and on a terminal that shows text only, nothing but text."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from host_clients import Guest, serving
from test_host_login import CODE, settings


def said_lines(guest: Guest) -> list[str]:
    """The lines the table wrote, without its prompts: prompt_toolkit redraws a prompt in place, and
    a line written above it starts where the prompt was, so only what follows the prompt is kept."""
    questions = ("[y/N]", "Join code:", "Your name:")
    return [line.rsplit(">", 1)[-1] for line in guest.text.splitlines()
            if not any(question in line for question in questions)]


@pytest.mark.parametrize("width", [80, 40])
def test_every_line_of_the_table_fits_the_guests_width_broken_at_spaces(tmp_path: Path, width: int) -> None:
    async def scene() -> Guest:
        async with serving(settings(host_name="Host"), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann", size=(width, 24))
            await ann.until("lobby>")
            ann.line("sit west")
            await ann.until("lobby>")
            assert hosted.start() is None
            await ann.until("Ann (Host plays)>")
            ann.line("quit")
            await ann.until("[y/N]")
            ann.line("n")
            await ann.until("Staying at the table.")
            await ann.until("Ann (Host plays)>")
        await ann.gone()  # the host stopped: the goodbye and the last line are the table's too
        return ann

    ann = asyncio.run(scene())
    lines = said_lines(ann)
    assert any("seat code" in line for line in lines)
    assert [line for line in lines if len(line) > width] == []
    # No word is cut at the edge: every line ends at a word's end, the next starts with one.
    text = " ".join(ann.text.split())
    for sentence in ("Hand and Foot at Host's table: quick rules, four players in two partnerships.",
                     "The host stopped the table; the game is saved, and the host can take it up again",
                     "Leave the table? The AI plays your seat until you come back. [y/N]"):
        assert sentence in text
    question = [line for line in ann.text.splitlines() if "[y/N]" in line][0]
    assert question.index("[y/N]") + len("[y/N]") <= width - 1  # room for the answer after it


def test_a_guests_prompt_has_the_status_bar_under_it(tmp_path: Path) -> None:
    async def scene() -> tuple[Guest, Guest]:
        async with serving(settings(), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            assert hosted.start() is None
            await ann.until("Ann (draw)>")
            await bob.until("Bob (Ann plays)>")
            await ann.until("deal 1/1")
            await bob.until("deal 1/1")
            return ann, bob

    ann, bob = asyncio.run(scene())
    # The bar, under the prompt: whose turn it is, the stock, the deal, the score, the rules.
    assert "your turn, draw | stock " in ann.text
    assert "South's turn, draw | stock " in bob.text and " | deal 1/1, first meld 50 | NS 0  EW 0" in bob.text


def test_a_terminal_that_shows_text_only_is_sent_text_only(tmp_path: Path) -> None:
    async def scene() -> Guest:
        async with serving(settings(), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann", term="dumb")
            await ann.until("lobby> ")
            ann.line("who")
            await ann.until("East ")
            assert hosted.start() is None
            await ann.until("Your turn: draw")
            await ann.until("Ann (draw)> ")
            for line, answer in (("draw", "You draw"), ("hand", "Your hand ("), ("hint", "Hint: "),
                                 ("dra\x7f\x7f\x7fhand", "Your hand (")):
                ann.line(line)
                await ann.until(answer)
            ann.line("quit")
            await ann.until("[y/N] ")
            ann.line("y")
            await ann.gone()
            return ann

    ann = asyncio.run(scene())
    sent = "".join(ann.raw)
    assert "\x1b" not in sent  # no colour, no cursor moved: nothing but text
    assert "Join code: *********" in sent  # the code typed is shown as stars, as it is typed
    assert "Ann (draw)> draw\r\nYou draw" in sent  # each key typed echoed, the line ended
    assert "dra\b \b\b \b\b \bhand" in sent  # keys rubbed out, rubbed out on the screen
    assert "You leave the table" in sent
