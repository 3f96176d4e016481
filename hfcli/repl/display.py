"""How a person's terminal shows the table, and how the AI's play is paced there: two frozen values
made once where a command starts (or where a hosted guest's terminal is known) and handed to the
session whole, so no screen setting travels on its own through the functions that set a table."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Display:
    """What the person's terminal shows: colour (and four suit colours), suits as letters or symbols,
    everything in words for a screen reader, and the terminal's size. ``size`` gives (columns, lines)
    and is asked at every screen, so a resized window is followed; None where there is no screen to
    fit (a pipe, a screen reader)."""

    color: bool = False
    ascii: bool = False
    four_color: bool = False
    screen_reader: bool = False
    size: Callable[[], tuple[int, int]] | None = None

    @property
    def width(self) -> int | None:
        """The terminal's columns now, or None where nothing is fitted to a screen."""
        return self.size()[0] if self.size is not None else None


@dataclass(frozen=True)
class Pace:
    """How the AI's moves are paced at this terminal: ``seconds`` after each (0: none); ``sleep``
    waits and returns True when the player asked to skip the rest of the round (a key pressed); a
    deal's score sheet is held on screen until Enter where ``hold_sheets`` (a terminal; a pipe goes on)."""

    seconds: float = 0.0
    sleep: Callable[[float], bool | None] = time.sleep
    hold_sheets: bool = False


PLAIN = Display()  # a pipe, a test: no colour, symbols, nothing fitted to a screen
UNPACED = Pace()  # the AI plays on at once, and a deal's score sheet is not held
