"""The seat interface: what plays a seat, and what it answers with.

A :class:`Player` is anything that plays a seat from that seat's view alone (OpenSpiel keeps its
``Bot`` in the core in the same way, and the algorithms implement it): the AI players of the
``ai`` package, and whatever a program or a test puts in a seat. It answers a
:class:`Decision`: the move, and why as a :class:`~hfcli.engine.reasons.Reason` (data, put in
words only where a person reads it).

The player's life at a table: made for a seat and a game's seed; asked to ``choose`` whenever
its seat is to move (in the ``answer`` phase, to answer the partner's "may I go out?"); and, made
afresh for a game resumed mid-turn, shown the views it chose at earlier in that turn
(:func:`recall`) so that what it keeps through a turn is what it was when the game stopped. A
player keeps nothing from one game to the next: a new game is a new player.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from hfcli.engine.moves import Move
from hfcli.engine.reasons import Reason
from hfcli.engine.view import SeatView


@dataclass(frozen=True, slots=True)
class Decision:
    """A move and why it was chosen (None: no reason given, a person's move)."""

    move: Move
    reason: Reason | None = None


class Player(Protocol):
    """Anything that plays a seat. ``choose`` is called only when the view's seat is to move."""

    name: str

    def choose(self, view: SeatView) -> Decision: ...


@runtime_checkable
class Recalling(Protocol):
    """A player that can be shown a view it chose at before a resume without choosing again (the
    expert, whose searches are recorded in the moves already)."""

    def recall(self, view: SeatView) -> None: ...


def recall(player: Player, views: Iterable[SeatView]) -> None:
    """Show a player made afresh for a resumed game the views it was shown at its moves so far in
    the turn the game stopped in, oldest first: a :class:`Recalling` player through ``recall``,
    any other by choosing again (and forgetting the choice)."""
    for view in views:
        if isinstance(player, Recalling):
            player.recall(view)
        else:
            player.choose(view)
