"""What the players share: the seat interface they implement (kept in the engine, where the
table owns it) and a decision's random numbers."""

from __future__ import annotations

import random

from hfcli.engine.seat import Decision, Player, recall
from hfcli.engine.view import SeatView

__all__ = ["Decision", "Player", "decision_rng", "recall"]


def decision_rng(seed: int | None, seat: int, label: str, view: SeatView) -> random.Random:
    """A random source for one decision, derived from the game's seed, the seat and where the game
    stands (the deal and the length of the public history) only: a player made afresh (a resumed
    game, a verification) draws the same numbers for the same decision as one that played along,
    where one running stream would depend on every draw the player had made before."""
    return random.Random(f"hfcli-player:{label}:{seed}:{seat}:{view.deal_index}:{len(view.history)}")
