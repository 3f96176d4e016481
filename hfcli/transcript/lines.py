"""The transcript's lines: format constants, the error type, seats and recorded moves, the header's
keys, and the chain of moves (each kind of line after the header: hfcli/transcript/kinds.py)."""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from hfcli import __version__
from hfcli.engine.errors import HandFootError
from hfcli.engine.events import Event, EventKind
from hfcli.engine.game import Game
from hfcli.engine.moves import DISCARD_KIND
from hfcli.engine.numbers import seed_in_json
from hfcli.engine.reasons import Reason, recorded
from hfcli.engine.seating import Seating

FORMAT = "hfcli-transcript"
VERSION = 2  # version 2 added each move's chain; version 1 files are still read
SEAT_KINDS = ("human", "ai")



class Fault(Enum):
    """What is wrong with a transcript that cannot be replayed: the file is well formed but the
    replay diverges from it (an illegal move, another card, another digest or score), or the file
    itself is malformed or of an unsupported version. What each means for a command's exit status
    is the command's to say (:func:`hfcli.cli.transcript_exit_code`)."""

    DIVERGES = "diverges"
    MALFORMED = "malformed"


DIVERGENCE = Fault.DIVERGES
MALFORMED = Fault.MALFORMED

# No line hf writes comes near this (a 20-deck shoe is some 3 KB, the header of a what-if game from
# the last move of a 20-deal game of six with 40-card hands some 270 KB); a longer one is not a
# transcript, and refusing it keeps a huge file without newlines from being read whole. The writer
# refuses to write a longer line, so what it writes, the reader reads.
MAX_LINE_BYTES = 1 << 20


class TranscriptError(HandFootError):
    """A transcript that cannot be replayed: ``FILE:LINE: message``, and its ``fault``: the replay
    diverges from a well-formed file, or the file is malformed."""

    def __init__(self, file: str | Path, line: int, message: str, fault: Fault = MALFORMED) -> None:
        super().__init__(f"{file}:{line}: {message}")
        self.file = str(file)
        self.line = line
        self.message = message
        self.fault = fault


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a display name, ``human`` or ``ai``, and the AI's level (None for a human)."""

    name: str
    kind: str
    level: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}


@dataclass(slots=True)
class RecordedMove:
    """One move as the file records it: its number in the game (1-based), line, deal (1-based)."""

    number: int
    line: int
    deal: int
    seat: int
    move: str
    reason: str | None  # the reason's words, as recorded
    why_data: object = None  # the reason as data (``why``), as read: JSON text or its value; None if not recorded

    @property
    def why(self) -> Reason | None:
        """The reason the move was recorded with: rebuilt from its data where the line holds it
        (and this version knows every kind and fact of it), else its words kept as written
        (:func:`~hfcli.engine.reasons.recorded`); None for a move recorded without one."""
        data = self.why_data
        if data is not None:
            try:
                return Reason.from_json(json.loads(data) if isinstance(data, str) else data)
            except ValueError:
                pass  # a reason of a newer version, or damaged: its words still say it
        return None if self.reason is None else recorded(self.reason)


@dataclass(frozen=True)
class RecordedRemark:
    """A remark as the file records it: said after move ``after`` (0: before the first) at ``line``."""

    after: int
    line: int
    seat: int
    text: str


# ---------------------------------------------------------------------------- the header and the chain


def header_dict(
    game: Game, seats: Sequence[SeatInfo], created: str | None = None, extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The header line's keys; ``extra`` adds more (a game started from a position records it)."""
    if created is None:
        created = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {
        "format": FORMAT,
        "version": VERSION,
        "program": f"hfcli {__version__}",
        "created": created,
        "seed": seed_in_json(game.seed),
        "rules": game.rules.as_dict(),
        "seating": seating_dict(game.seating),
        "seats": [{"seat": game.seating.names[i], **s.as_dict()} for i, s in enumerate(seats)],
        **(extra or {}),
    }


def seating_dict(seating: Seating) -> dict[str, Any]:
    """The header's ``seating``: the seats in play order, their long names, each seat's side by
    name, the sides in order, and the seat that deals first."""
    return {
        "seats": list(seating.names),
        "long_names": list(seating.long_names),
        "sides": [seating.team_names[team] for team in seating.team_of],
        "side_names": list(seating.team_names),
        "first_dealer": seating.names[seating.first_dealer],
    }


def dumps_compact(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def move_chain(previous: str, seat: str, move: str) -> str:
    """The chain after a move: 8 hex digits of BLAKE2b (4 bytes) of the chain before it, the seat and
    the move as written. It ties each move to every move before it, in order, so a move that is
    moved, removed, added or changed breaks the chain at the first line that changed, even where
    the state after the turn comes out the same. The first move's chain before it is empty."""
    return hashlib.blake2b(f"{previous} {seat} {move}".encode(), digest_size=4).hexdigest()


def ends_turn(events: Sequence[Event]) -> bool:
    """A state digest is recorded after every batch of events that ends a turn (or a deal)."""
    if not events:
        return False
    # A move comes first in its batch: a discard ends the turn, and a move with more events after
    # it may end the deal.
    first = events[0].move
    if first is not None and first.kind is DISCARD_KIND:
        return True
    if len(events) > 1:
        for e in events:
            if e.kind is _DEAL_END:
                return True
    return False


_DEAL_END = EventKind.DEAL_END  # read once: an enum member read through its class costs a lookup
