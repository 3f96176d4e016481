"""The player interface: choose a move from a per-seat view, with a reason in plain words."""

from __future__ import annotations

import random
from collections.abc import Iterable
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


def decision_rng(seed: int | None, seat: int, label: str, view: SeatView) -> random.Random:
    """A random source for one decision, derived from the game's seed, the seat and where the game
    stands (the deal and the length of the public history) only: a player made afresh (a resumed
    game, a verification) draws the same numbers for the same decision as one that played along,
    where one running stream would depend on every draw the player had made before."""
    return random.Random(f"hfcli-player:{label}:{seed}:{seat}:{view.deal_index}:{len(view.history)}")


def recall(player: Player, views: Iterable[SeatView]) -> None:
    """Show a player made afresh for a resumed game the views it was shown at its moves so far in
    the turn the game stopped in, oldest first, so that what it keeps through a turn (the hand
    before a pickup, its plan for the first meld, whether it has undone) is what it was when the
    game stopped. A player with a ``recall`` method is shown them there (the expert skips its
    searches, whose choices are already recorded); any other is asked to choose again."""
    remember = getattr(player, "recall", None)
    for view in views:
        if remember is not None:
            remember(view)
        else:
            player.choose(view)
