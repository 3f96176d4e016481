"""What one connection to a hosted table may cost it: how many connections at once, how fast a
guest may send, how many tries at the code, how long a connection may sit silent.

Nobody types faster than a few characters a second, and a paste is a few lines: the budget is far
above both, and far below what would slow the table for everyone else.
"""

from __future__ import annotations

import time
from collections.abc import Callable

MAX_CONNECTIONS = 16  # at once; the next is refused with a line saying so
CODE_TRIES = 3  # wrong codes on one connection before it is closed
LOGIN_SECONDS = 120.0  # to give the code and a name
IDLE_SECONDS = 30 * 60.0  # without a key, seated or in the lobby: then the connection is closed (a drop)
INPUT_RATE = 1024.0  # bytes a second, sustained
INPUT_BURST = 8192.0  # bytes at once: a paste of several long lines
MAX_DROPPED = 64 * 1024  # bytes over the budget before the connection is closed


class InputBudget:
    """A token bucket over the bytes a guest sends: ``admit(n)`` says how many of ``n`` bytes may
    go to the table now; the rest are dropped and counted. ``clock`` is for tests."""

    def __init__(
        self, rate: float = INPUT_RATE, burst: float = INPUT_BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.last = clock()
        self.dropped = 0

    def admit(self, size: int) -> int:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        kept = min(size, int(self.tokens))
        self.tokens -= kept
        self.dropped += size - kept
        return kept

    @property
    def exhausted(self) -> bool:
        """Sent so far over the budget that this is no person typing."""
        return self.dropped > MAX_DROPPED
