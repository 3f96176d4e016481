"""Ctrl-C (and Ctrl-\\, which the table makes the same) held back while a move is applied and
recorded: an interrupt that arrived in between would leave the game one move ahead of its
transcript, and every move after it would be recorded on a game the file no longer describes."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

_INTERRUPTS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGQUIT") if hasattr(signal, name))


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Run the block whole: an interrupt that comes during it is raised (KeyboardInterrupt) at its
    end. Signals whose handler is not Python's Ctrl-C one are left as they are; so is a thread
    other than the main one, where no signal handler runs."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        arrived.append(signum)

    held = {s: signal.signal(s, hold) for s in _INTERRUPTS if signal.getsignal(s) is signal.default_int_handler}
    try:
        yield
    finally:
        for number, handler in held.items():
            signal.signal(number, handler)
    if arrived:
        raise KeyboardInterrupt
