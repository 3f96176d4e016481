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
