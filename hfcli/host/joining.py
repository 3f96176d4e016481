"""Who may sit down: the join code a guest types and the name a guest gives."""

from __future__ import annotations

import hmac
import secrets

from hfcli.printable import hidden_characters, printable

# No letters that are read as others (0/o, 1/l/i): the code is read out over the phone.
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
CODE_LENGTH = 8  # 31**8, about 2**40: out of reach at a few tries per connection
MAX_NAME = 20  # characters: a guest's name is shown in the lobby, the seat labels and the prompt


def new_code() -> str:
    """A fresh join code, e.g. ``k7mq-x2pa`` (the dash is for reading; it may be left out)."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{letters[:4]}-{letters[4:]}"


def code_matches(typed: str, code: str) -> bool:
    """Whether ``typed`` is ``code``, spaces, dashes and case aside; in constant time, so the time
    taken tells nothing of how much of it was right."""
    def plain(text: str) -> bytes:
        return "".join(text.split()).replace("-", "").lower().encode("utf-8", "surrogateescape")

    return hmac.compare_digest(plain(typed), plain(code))


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a guest's name at the table, or None."""
    if hidden_characters(name):
        return f"'{printable(name)}' has characters that do not print; a name is printable text"
    if not name.strip():
        return "a name cannot be blank"
    if len(name.strip()) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters, not {len(name.strip())}"
    return None


def same_name(one: str, other: str) -> bool:
    """Names are told apart without regard to case or the spaces around them: "ann" comes back as "Ann"."""
    return one.strip().casefold() == other.strip().casefold()
