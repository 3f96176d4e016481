"""What one connection to a hosted table may cost it: how many connections at once, how fast a
guest may send, how many tries at the code, how long a connection may sit silent, how large a
screen it may claim.

Nobody types faster than a few characters a second, and a paste is a few lines: the budget is far
above both, and far below what would slow the table for everyone else.

Connections that have not given the code (strangers, to the table) have a few places of their own,
apart from the guests who have: strangers can never keep a guest from the table. When their places
are full, a new connection takes the place of the one that has got least far (a silent socket
before one that speaks ssh, one that speaks ssh before one logged in; the oldest of those from the
address holding the most places), so silent sockets cannot keep a friend out either. Each step of
the way has a deadline of its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable

MAX_GUESTS = 16  # connections at once that have given the code (or logged in with a key); the next is told so
MAX_STRANGERS = 8  # connections at once that have not: the next takes the place of one of them
CODE_TRIES = 3  # wrong codes on one connection before it is closed
MAX_KEY_TRIES = 6  # keys refused on one connection (with --keys) before it is closed, as OpenSSH's MaxAuthTries
LOGIN_SECONDS = 120.0  # to give the code and a name
# A real ssh client speaks at once (its version line, then its key exchange): a connection that has
# not in this time is silent, or fed a byte at a time, and is closed.
HANDSHAKE_SECONDS = 10.0
# From the connection to logging in: time for a first-time guest to check the host key's
# fingerprint at their ssh's question, or to type a key's passphrase (OpenSSH allows 120).
SSH_LOGIN_SECONDS = 60.0
SESSION_SECONDS = 5.0  # from logging in to asking for a session: ssh asks at once (ssh -N never does)
CODE_SECONDS = 60.0  # from the session to the join code
IDLE_SECONDS = 30 * 60.0  # without a key, seated or in the lobby: then the connection is closed (a drop)
INPUT_RATE = 1024.0  # bytes a second, sustained
INPUT_BURST = 8192.0  # bytes at once: a paste of several long lines
MAX_DROPPED = 64 * 1024  # bytes over the budget before the connection is closed
# What one person may say to the table (say TEXT): a few lines together, then one every few
# seconds. Each goes to every screen and into the transcript, so a flood would fill both.
REMARKS_AT_ONCE = 5
REMARK_SECONDS = 4.0
RESIZE_BYTES = 16  # what a window change costs the budget: the four numbers it carries
RESIZE_SECONDS = 0.05  # a burst of window changes is one redraw this long after the first: only the last size counts

# The screen a guest's terminal may claim: the table draws its lines and its prompt for that size,
# and prompt_toolkit keeps a cell for every column of every row it draws. A size over the most is
# taken as the most (2^32-1 columns would take all of the host's memory); a terminal that gives
# none (ssh -T, no pty: width 0) is drawn for as the usual 80x24; one smaller than the least for the least.
MAX_COLUMNS, MAX_ROWS = 1000, 500
MIN_COLUMNS, MIN_ROWS = 20, 5
DEFAULT_COLUMNS, DEFAULT_ROWS = 80, 24


def screen_size(columns: int, rows: int) -> tuple[int, int]:
    """The size the table draws for, from the size a terminal reported (a pty request or a window change)."""
    def fit(reported: int, default: int, least: int, most: int) -> int:
        return default if reported <= 0 else max(least, min(most, reported))

    return fit(columns, DEFAULT_COLUMNS, MIN_COLUMNS, MAX_COLUMNS), fit(rows, DEFAULT_ROWS, MIN_ROWS, MAX_ROWS)


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
