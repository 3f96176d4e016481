"""What the players share: the seat interface they implement (kept in the engine, where the
table owns it) and a decision's random numbers (:func:`hfcli.engine.seeds.decision_rng`)."""

from __future__ import annotations

from hfcli.engine.seat import Decision, Player, recall
from hfcli.engine.seeds import decision_rng

__all__ = ["Decision", "Player", "decision_rng", "recall"]

