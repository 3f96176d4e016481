"""Numbers people write: one way to read them, and the range a seed may take.

Python's ``int()`` reads far more than players mean by a number: other scripts' digits (``١٢`` is
12, ``𝟠`` is 8), superscripts that ``str.isdigit`` passes but ``int`` refuses (``²``), underscores,
signs and surrounding spaces, and it refuses strings of more than 4300 digits with a message about
interpreter limits. Every number the program reads from a person or a file (options, table
commands, position text, transcript headers) is read here instead: the ASCII digits 0-9, with a
minus sign only so that a negative number gets the range error rather than a puzzling one.
"""

from __future__ import annotations

import re

# The largest integer that every JSON reader keeps exactly (RFC 8259, section 6): a transcript's
# header records the seed as a JSON number and the position text as digits, so any seed in this
# range survives both, and is read back as the same seed by any tool.
MAX_SEED = 2**53 - 1
MIN_SEED = 0  # random.Random(-5) shuffles as Random(5) does: a negative seed would be a second name

MAX_WHOLE = 10**18 - 1  # the bound of a number no other bound limits: no count the program keeps comes near

_WHOLE = re.compile(r"-?[0-9]+\Z", re.ASCII)
_DECIMAL = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)\Z", re.ASCII)
_SHOWN = 24  # characters of a refused number quoted in a message; a longer one is described


def shown(text: str) -> str:
    """``text`` quoted for a message: whole when short, else its length (a 5,000-digit number)."""
    if len(text) <= _SHOWN:
        return repr(text)
    if _WHOLE.match(text):
        return f"a number of {len(text.lstrip('-'))} digits"
    return f"{text[:_SHOWN]!r}... ({len(text)} characters)"


def whole_number(text: str, what: str, low: int = 0, high: int = MAX_WHOLE) -> int:
    """``text`` as a whole number from ``low`` to ``high``, written in the digits 0-9; ValueError
    saying what is wrong (``seed must be a whole number from 0 to 9007199254740991, not '-5'``)."""
    if not _WHOLE.match(text):
        raise ValueError(f"{what} must be a whole number written in the digits 0-9, not {shown(text)}")
    digits = text.lstrip("-").lstrip("0")
    # Counted before converting: int() refuses more than 4300 digits, and no bound here has 20.
    fits = len(digits) <= len(str(max(abs(low), abs(high))))
    if not fits or not low <= int(text) <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}, not {shown(text)}")
    return int(text)


def decimal_number(text: str, what: str, low: float, high: float) -> float:
    """``text`` as a number from ``low`` to ``high`` written in the digits 0-9 with an optional
    decimal point (``0.25``); not ``1e3``, ``inf`` or ``nan``, which ``float()`` reads too."""
    if not _DECIMAL.match(text):
        raise ValueError(f"{what} must be a number written in the digits 0-9 (0.25), not {shown(text)}")
    digits = text.lstrip("-").split(".")[0].lstrip("0")
    if len(digits) > len(str(int(max(abs(low), abs(high))))) or not low <= float(text) <= high:
        raise ValueError(f"{what} must be a number from {low:g} to {high:g}, not {shown(text)}")
    return float(text)


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` (read from a file) cannot be a game's seed, or None when it can."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not MIN_SEED <= seed <= MAX_SEED:
        return f"seed must be a whole number from {MIN_SEED} to {MAX_SEED}"
    return None


def seed_number(text: str) -> int:
    """A seed written by a person (an option, a position's ``seed:`` line); ValueError if it is not one."""
    return whole_number(text, "seed", MIN_SEED, MAX_SEED)
