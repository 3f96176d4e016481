"""Waiting at the table, in a terminal: the pause after each AI move, which any key press cuts short
for the rest of the round (the keys stay typed for the next prompt). The score sheet at the end of a
deal is held by the table's own prompt (``Session.waiting``), where its commands work.

The pause reads the keyboard directly, between two prompts (prompt_toolkit is not reading then), with
the terminal in cbreak mode: keys are not echoed and arrive one by one, and Ctrl-C still interrupts.
Where the terminal cannot be switched (not POSIX, or stdin is not a terminal) a pause just sleeps.
"""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO


class KeyboardPacer:
    """``pause`` for a Session playing in the terminal whose input is ``stdin``."""

    def __init__(self, stdin: TextIO = sys.stdin, echo: Callable[[str], None] = print) -> None:
        self.stdin = stdin
        self.echo = echo

    def _fd(self) -> int | None:
        try:
            fd = self.stdin.fileno()
        except (AttributeError, ValueError, OSError):
            return None
        return fd if os.isatty(fd) else None

    @contextmanager
    def _cbreak(self, fd: int) -> Iterator[bool]:
        """The terminal in cbreak mode for the block; yields False where that cannot be done."""
        try:
            import termios
            import tty
        except ImportError:  # not POSIX
            yield False
            return
        try:
            saved = termios.tcgetattr(fd)
        except termios.error:
            yield False
            return
        try:
            tty.setcbreak(fd, termios.TCSANOW)
            yield True
        finally:
            # TCSANOW, not TCSAFLUSH: keys typed ahead for the next prompt are kept.
            termios.tcsetattr(fd, termios.TCSANOW, saved)

    def pause(self, seconds: float) -> bool:
        """Wait ``seconds``, or until a key is pressed; True when one was. The key is left where it
        is: what the player types while the AI plays is the start of their next command."""
        fd = self._fd()
        if fd is None:
            time.sleep(seconds)
            return False
        with self._cbreak(fd) as keys:
            if not keys:
                time.sleep(seconds)
                return False
            ready, _, _ = select.select([fd], [], [], seconds)
            if ready:
                return True
        return False
