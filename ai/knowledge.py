"""What a seat can work out from its view: counts of its hand, its partnership's melds and books,
and a running account of the public history (the pile's ranks, cards seen, what each seat took).

Everything here is built from a :class:`SeatView` only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from hfcli.engine.cards import JOKER, RANK_TOKENS, Card
from hfcli.engine.melds import WILD, count_books
from hfcli.engine.moves import Move
from hfcli.engine.view import MeldView, SeatView

RANKS = 14


def hand_counts(cards: Iterable[Card]) -> list[int]:
    """Cards held by rank index (3 .. A, 2, JK)."""
    counts = [0] * RANKS
    for c in cards:
        counts[c.rank] += 1
    return counts


def open_melds(melds: tuple[MeldView, ...]) -> dict[int, MeldView]:
    """The incomplete melds by rank (WILD for the wild meld): at most one of each (C-ONEOPEN)."""
    return {m.rank: m for m in melds if not m.is_book}


def books_needed(view: SeatView, books: tuple[int, int, int] | None = None) -> tuple[int, int, int]:
    """Books of each kind still missing before the partnership may go out (C-OUT)."""
    r = view.rules
    c, d, w = books if books is not None else count_books(view.my_melds, r.book_size)
    return (
        max(0, r.clean_books_to_go_out - c),
        max(0, r.dirty_books_to_go_out - d),
        max(0, r.wild_books_to_go_out - w),
    )


def move_rank(token: str) -> int:
    """The rank a move's card token names (``9``, ``9H``, ``JK``)."""
    return JOKER if token == "JK" else RANK_TOKENS.index(token[0])


def target_rank(move: Move) -> int:
    return WILD if move.target == "wild" else RANK_TOKENS.index(move.target or "")


@dataclass
class Tracker:
    """Reads the public history incrementally: each call looks only at events it has not seen."""

    seen_events: int = 0
    turns: int = 0  # draws and pickups in the game so far: one per turn
    pile: list[int] = field(default_factory=list)  # ranks, top last
    known: dict[int, list[int]] = field(default_factory=dict)  # seat -> ranks taken into hand from the pile
    last_taken: dict[int, int] = field(default_factory=dict)  # seat -> top rank of its latest pickup

    def update(self, view: SeatView) -> None:
        history = view.history
        if len(history) < self.seen_events:
            self.__init__()  # type: ignore[misc]
        for i in range(self.seen_events, len(history)):
            event = history[i]
            kind = event.kind
            if kind == "deal":
                self.pile = []
                self.known = {}
                self.last_taken = {}
            elif kind == "upcard":
                self.pile.append(event.cards[0].rank)
            elif kind == "take" and event.seat is not None:
                n = len(event.cards)
                del self.pile[len(self.pile) - n :]
                ranks = self.known.setdefault(event.seat, [0] * RANKS)
                for c in event.cards[1:]:
                    ranks[c.rank] += 1
                self.last_taken[event.seat] = event.cards[0].rank
            elif kind == "move" and event.move is not None and event.seat is not None:
                move = event.move
                if move.kind in ("draw", "pickup"):
                    self.turns += 1
                elif move.kind == "discard":
                    rank = move_rank(move.groups[0][0])
                    self.pile.append(rank)
                    self._forget(event.seat, rank)
                elif move.kind in ("meld", "add"):
                    for token in move.cards:
                        self._forget(event.seat, move_rank(token))
        self.seen_events = len(history)

    def _forget(self, seat: int, rank: int) -> None:
        ranks = self.known.get(seat)
        if ranks is not None and ranks[rank] > 0:
            ranks[rank] -= 1

    def pile_ranks_taken(self, take: int) -> list[int]:
        """The ranks a pickup would bring, top first."""
        return list(reversed(self.pile[-take:]))

    def seen_counts(self, view: SeatView) -> list[int]:
        """Cards of each rank this seat has seen this deal: its hand, the table, the pile."""
        seen = hand_counts(view.hand)
        for team_melds in view.melds:
            for m in team_melds:
                for c in m.cards:
                    seen[c.rank] += 1
        for rank in self.pile:
            seen[rank] += 1
        return seen
