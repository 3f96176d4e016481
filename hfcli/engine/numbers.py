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
import secrets

# A seed decides every shoe of its game, so whoever knows it knows every card. A fresh seed is 128
# bits from the operating system's secure source: too many to try one by one, as a table's guest
# who has seen a few cards could try a million (the whole range of seeds up to 10^6 fell to such
# a search in about a minute). A person may still give any seed in the range (``--seed 7``).
SEED_BITS = 128
MAX_SEED = 2**SEED_BITS - 1
MIN_SEED = 0  # random.Random(-5) shuffles as Random(5) does: a negative seed would be a second name
# The largest integer that every JSON reader keeps exactly (RFC 8259, section 6): a transcript's
# header records a seed up to it as a JSON number, and a larger one as a string of its digits, so
# that every tool reads back the same seed.
JSON_EXACT = 2**53 - 1

MAX_WHOLE = 10**18 - 1  # the bound of a number no other bound limits: no count the program keeps comes near

_WHOLE = re.compile(r"-?[0-9]+\Z", re.ASCII)
_DECIMAL = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)\Z", re.ASCII)
_SHOWN = 40  # characters of a refused number quoted in a message (a 128-bit seed, whole); a longer one is described


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


def new_seed() -> int:
    """A fresh seed nobody can guess: 128 bits from ``secrets``."""
    return secrets.randbits(SEED_BITS)


def chosen_seed(given: int | None) -> tuple[int, bool]:
    """The seed a new game is dealt from, and whether the player chose it: the one given, else a
    fresh one nobody can guess (:func:`new_seed`). The one rule for a seed nobody gave: a game,
    hf play and hf host all ask here. A seed chosen may be shown at a hosted table; a fresh one
    is the host's secret until the game is over."""
    return (given, True) if given is not None else (new_seed(), False)


def seed_in_json(seed: int) -> int | str:
    """``seed`` as a JSON value: a number where every reader keeps it exactly, else its digits."""
    return seed if seed <= JSON_EXACT else str(seed)


def seed_from_json(value: object) -> int:
    """The seed a JSON value records (a number, or a string of digits for a large one); ValueError
    saying what is wrong when it is neither."""
    if isinstance(value, str):
        try:
            return whole_number(value, "seed", MIN_SEED, MAX_SEED)
        except ValueError:
            pass
    elif isinstance(value, int) and not isinstance(value, bool) and MIN_SEED <= value <= JSON_EXACT:
        return value
    raise ValueError(f"seed must be a whole number from {MIN_SEED} to {JSON_EXACT}, or a string of its digits "
                     f"up to {MAX_SEED}")


def seed_number(text: str) -> int:
    """A seed written by a person (an option, a position's ``seed:`` line); ValueError if it is not one."""
    return whole_number(text, "seed", MIN_SEED, MAX_SEED)
