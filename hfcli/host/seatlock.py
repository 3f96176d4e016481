"""What binds a seat to the person who first sat in it, so that nobody else takes it back.

A guest who joins with the table's code is given a seat code when they sit down (``k7mq-x2pa``,
shown once): coming back after a drop, or after ``hf host --resume``, they give their name and
that code. A guest who logs in with an ssh key (``--keys``) is bound to that key instead: they
come back by logging in with it. A name alone takes no seat back.

The table keeps only a lock that the code or key opens: a salted scrypt hash of the code, or the
key's fingerprint, never the code itself. The transcript's header records the locks (``seat_locks``),
so a resumed table still knows who may take each seat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from hfcli.host.joining import new_code

# scrypt's cost: about 20 ms and 8 MiB a try, so that a file's hash takes years to search though a
# seat code has only about 2**40 values (a try at the table is slower still: three a connection).
_N, _R, _P = 2**13, 8, 1
_SALT_BYTES = 16


def _plain(code: str) -> bytes:
    return "".join(code.split()).replace("-", "").lower().encode("utf-8", "surrogateescape")


def _hash(code: str, salt: bytes) -> bytes:
    return hashlib.scrypt(_plain(code), salt=salt, n=_N, r=_R, p=_P, maxmem=64 * 1024 * 1024, dklen=32)


@dataclass(frozen=True)
class SeatLock:
    """The lock on one seat: a seat code's hash (with its salt), or an ssh key's fingerprint."""

    salt: bytes = b""
    digest: bytes = b""
    key: str | None = None  # "SHA256:..." as OpenSSH prints it

    @classmethod
    def for_code(cls, code: str) -> SeatLock:
        salt = secrets.token_bytes(_SALT_BYTES)
        return cls(salt, _hash(code, salt))

    @classmethod
    def for_key(cls, fingerprint: str) -> SeatLock:
        return cls(key=fingerprint)

    def opened_by_code(self, typed: str) -> bool:
        """Whether ``typed`` is the seat code (spaces, dashes and case aside); in constant time."""
        if self.key is not None or not self.salt:
            return False
        return hmac.compare_digest(_hash(typed, self.salt), self.digest)

    def opened_by_key(self, fingerprint: str | None) -> bool:
        return self.key is not None and fingerprint is not None and hmac.compare_digest(self.key, fingerprint)

    def as_json(self) -> dict[str, Any]:
        if self.key is not None:
            return {"ssh_key": self.key}
        return {"scrypt": {"n": _N, "r": _R, "p": _P, "salt": self.salt.hex(), "hash": self.digest.hex()}}

    @classmethod
    def from_json(cls, data: object) -> SeatLock | None:
        """The lock a header records, or None for anything else (a file from another program)."""
        if not isinstance(data, dict):
            return None
        key = data.get("ssh_key")
        if isinstance(key, str) and key.isprintable() and len(key) < 200:
            return cls.for_key(key)
        hashed = data.get("scrypt")
        if not isinstance(hashed, dict) or (hashed.get("n"), hashed.get("r"), hashed.get("p")) != (_N, _R, _P):
            return None
        try:
            salt, digest = bytes.fromhex(hashed["salt"]), bytes.fromhex(hashed["hash"])
        except (KeyError, TypeError, ValueError):
            return None
        return cls(salt, digest) if len(salt) == _SALT_BYTES and len(digest) == 32 else None


def new_seat_code() -> str:
    """A seat code, as the join code is made: 8 letters and digits that cannot be misread."""
    return new_code()

