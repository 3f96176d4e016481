"""What a seat can work out from its view: counts of its hand, its partnership's melds and books,
and a running account of the public history (cards seen, what each seat took from the pile).

Everything here is built from a :class:`SeatView` only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from hfcli.engine.cards import Card
from hfcli.engine.events import EventKind
from hfcli.engine.melds import WILD, Meld, count_books
from hfcli.engine.moves import Move, MoveKind
from hfcli.engine.view import SeatView

RANKS = 14


def hand_counts(cards: Iterable[Card]) -> list[int]:
    """Cards held by rank index (3 .. A, 2, JK)."""
    counts = [0] * RANKS
    for c in cards:
        counts[c.rank] += 1
    return counts


def open_melds(melds: tuple[Meld, ...]) -> dict[int, Meld]:
    """The incomplete melds by rank (WILD for the wild meld): at most one of each (C-ONEOPEN)."""
    return {m.rank: m for m in melds if not m.is_book}


def books_needed(view: SeatView, books: tuple[int, int, int] | None = None) -> tuple[int, int, int]:
    """Books of each kind still missing before the partnership may go out (C-OUT)."""
    r = view.rules
    c, d, w = books if books is not None else count_books(view.my_melds)
    return (
        max(0, r.clean_books_to_go_out - c),
        max(0, r.dirty_books_to_go_out - d),
        max(0, r.wild_books_to_go_out - w),
    )


def needs_permission(view: SeatView) -> bool:
    """Whether going out waits for a teammate's yes (C-OUT): not under V-OUT, and never for a
    player alone, who has nobody to ask (T-OUT)."""
    return view.rules.going_out_needs_permission and bool(view.seating.partners(view.seat))


def target_rank(move: Move) -> int:
    """The rank of the meld an ``add`` goes on (WILD for the wild meld)."""
    return move.target if move.target is not None else WILD


@dataclass
class Tracker:
    """Reads the public history incrementally: each call looks only at events it has not seen."""

    seen_events: int = 0
    turns: int = 0  # draws and pickups in the game so far: one per turn
    known: dict[int, list[int]] = field(default_factory=dict)  # seat -> ranks taken into hand from the pile
    last_taken: dict[int, int] = field(default_factory=dict)  # seat -> top rank of its latest pickup

    def update(self, view: SeatView) -> None:
        history = view.history
        if len(history) < self.seen_events:
            self.__init__()  # type: ignore[misc]
        for i in range(self.seen_events, len(history)):
            event = history[i]
            kind = event.kind
            if kind is EventKind.DEAL:
                self.known = {}
                self.last_taken = {}
            elif kind is EventKind.TAKE and event.seat is not None:
                ranks = self.known.setdefault(event.seat, [0] * RANKS)
                for c in event.cards[1:]:
                    ranks[c.rank] += 1
                self.last_taken[event.seat] = event.cards[0].rank
            elif kind == "move" and event.move is not None and event.seat is not None:
                move = event.move
                if move.kind in (MoveKind.DRAW, MoveKind.PICKUP):
                    self.turns += 1
                elif move.kind is MoveKind.DISCARD:
                    self._forget(event.seat, move.groups[0][0].rank)
                elif move.kind in (MoveKind.MELD, MoveKind.ADD):
                    for pick in move.picks:
                        self._forget(event.seat, pick.rank)
        self.seen_events = len(history)

    def _forget(self, seat: int, rank: int) -> None:
        ranks = self.known.get(seat)
        if ranks is not None and ranks[rank] > 0:
            ranks[rank] -= 1

    @staticmethod
    def pile_ranks_taken(view: SeatView, take: int) -> list[int]:
        """The ranks a pickup would bring, top first."""
        return [c.rank for c in reversed(view.pile[-take:])]

    def seen_counts(self, view: SeatView) -> list[int]:
        """Cards of each rank this seat has seen this deal: its hand, the table, the pile."""
        seen = hand_counts(view.hand)
        for team_melds in view.melds:
            for m in team_melds:
                for c in m.cards:
                    seen[c.rank] += 1
        for c in view.pile:
            seen[c.rank] += 1
        return seen
