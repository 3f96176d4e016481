"""A transcript's header line as read: its version, the program and time that wrote it, the seed,
the rules, the seating and who sat where, and the whole line's data (for the keys only some
transcripts have: a start position, its history, where the game came from)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hfcli.engine.rules import Rules
from hfcli.engine.seating import FOUR_HANDED, Seating
from hfcli.transcript.lines import SeatInfo


@dataclass
class Header:
    version: int
    program: str
    created: str
    seed: int | None
    rules: Rules
    seats: list[SeatInfo]
    data: dict[str, Any]
    seating: Seating = FOUR_HANDED

    @property
    def human_seats(self) -> list[int]:
        """The seats a person played, in seat order."""
        return [seat for seat, info in enumerate(self.seats) if info.kind == "human"]
