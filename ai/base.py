"""The player interface: choose a move from a per-seat view, with a reason in plain words."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from hfcli.engine.moves import Move
from hfcli.engine.view import SeatView


@dataclass(frozen=True)
class Decision:
    move: Move
    reason: str = ""


class Player(Protocol):
    """Anything that plays a seat. ``choose`` is called only when the view's seat is to move;
    in the ``answer`` phase it answers the partner's "may I go out?" with ``yes`` or ``no``."""

    name: str

    def choose(self, view: SeatView) -> Decision: ...


def player_rng(seed: int | None, seat: int, label: str = "") -> random.Random:
    """A player's own random source, derived from the game's seed and its seat only."""
    return random.Random(f"hfcli-player:{label}:{seed}:{seat}")
