"""The random numbers derived from a game's seed, each made one way.

A decision's own stream depends only on the game's seed, the seat, a name for whose numbers they
are and where the game stands (the deal and the length of the public history): a player made
afresh (a resumed game, a verification, a review asking the expert again) draws the same numbers
for the same decision as one that played along, where one running stream would depend on every
draw the player had made before. A numbered seed is the seed of the n-th of many things made from
one seed (a self-play run's games, a reviewed game's decisions by their move number), so that any
one of them can be made again alone.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hfcli.engine.view import SeatView


def decision_rng(stream: str, seed: int | None, seat: int, view: SeatView) -> random.Random:
    """The random numbers named ``stream`` of ``seat``'s decision at ``view`` in a game of ``seed``
    (a player's own choice is ``player:<its name>``, the expert's search ``expert``)."""
    return random.Random(f"hfcli-{stream}:{seed}:{seat}:{view.deal_index}:{len(view.history)}")


def numbered_seed(seed: int, number: int) -> int:
    """The seed of the ``number``-th thing made from ``seed``."""
    return seed * 1_000_003 + number
