"""What a seat can work out from its view: counts of its hand, its partnership's melds and books,
and a running account of the public history (cards seen, what each seat took from the pile).

Everything here is built from a :class:`SeatView` only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from hfcli.engine.cards import JOKER, RANK_COUNT, THREE, TWO, rank_counts
from hfcli.engine.events import EventKind
from hfcli.engine.melds import WILD
from hfcli.engine.moves import Move, MoveKind
from hfcli.engine.view import SeatView

RANKS = RANK_COUNT


def needs_permission(view: SeatView) -> bool:
    """Whether going out waits for a teammate's yes (C-OUT): not under V-OUT, and never for a
    player alone, who has nobody to ask (T-OUT)."""
    return view.rules.going_out_needs_permission and bool(view.seating.partners(view.seat))


def side_in_feet(view: SeatView) -> bool:
    """Whether the seat's side is in its feet as far as going out needs (C-OUT, T-OUT): every
    other member (one of them, with ``whole_side_in_foot`` off), or nobody under V-OUT or for
    a player alone."""
    partners = view.seating.partners(view.seat)
    if not view.rules.partner_in_foot_to_go_out or not partners:
        return True
    picked = [view.in_foot[p] for p in partners]
    return all(picked) if view.rules.whole_side_in_foot else any(picked)


def target_rank(move: Move) -> int:
    """The rank of the meld an ``add`` goes on (WILD for the wild meld)."""
    return move.target if move.target is not None else WILD


class Sign(StrEnum):
    """How a seat showed it held no pair of a rank."""

    DISCARDED = "discarded"  # it discarded one
    PASSED = "passed"  # it drew while the pile was topped by one (after its side's first meld)


@dataclass
class Tracker:
    """Reads the public history incrementally: each call looks only at events it has not seen.

    What it learns of each seat's hand this deal: the cards it took from the pile and still holds
    (not since melded or discarded), how many cards it has received unseen (dealt, drawn, its
    foot, red-three replacements), and the last time it showed it held no pair of a rank (see
    :class:`Sign`), so the cards come since are the only ones that could have made that pair.
    It also follows the pile and which sides have made their first meld, which those signs need.
    """

    seen_events: int = 0
    turns: int = 0  # draws and pickups in the game so far: one per turn
    known: dict[int, list[int]] = field(default_factory=dict)  # seat -> ranks taken from the pile, still held
    received: dict[int, int] = field(default_factory=dict)  # seat -> unseen cards received this deal
    # seat -> rank -> (cards received by then, DISCARDED or PASSED): the latest such sign
    no_pair: dict[int, dict[int, tuple[int, Sign]]] = field(default_factory=dict)
    pile: list[int] = field(default_factory=list)  # the discard pile's ranks, bottom first
    opened: set[int] = field(default_factory=set)  # sides that have made their first meld this deal
    # This turn's lay-downs: (rank, was it a known card) for each card, given back on an undo.
    _laid: list[tuple[int, int]] = field(default_factory=list)

    def update(self, view: SeatView) -> None:
        history = view.history
        if len(history) < self.seen_events:
            self.__init__()  # type: ignore[misc]
        rules = view.rules
        team_of = view.seating.team_of
        if not history and not self.seen_events:
            self._start_mid_deal(view)
        for i in range(self.seen_events, len(history)):
            event = history[i]
            kind = event.kind
            seat = event.seat
            if kind is EventKind.DEAL:
                self.known = {}
                self.no_pair = {}
                self.pile = []
                self.opened = set()
                self.received = dict.fromkeys(view.seating.seats, rules.hand_size)
            elif kind is EventKind.UPCARD:
                self.pile.append(event.cards[0].rank)
            elif seat is None:
                continue
            elif kind is EventKind.DRAW or kind is EventKind.FOOT:
                self.received[seat] = self.received.get(seat, 0) + event.count
            elif kind is EventKind.RED_THREE:
                self.received[seat] = self.received.get(seat, 0) + 1
            elif kind is EventKind.TAKE:
                del self.pile[-event.count:]
                top = event.cards[0]
                self._forget(seat, top.rank)  # the pair melded with the top card may have been known cards
                if not self._forget(seat, top.rank) and rules.pile_with_wild and not top.is_wild:
                    # One natural and a wild card may have taken it: a known wild card is let go.
                    if not self._forget(seat, TWO):
                        self._forget(seat, JOKER)
                ranks = self.known.setdefault(seat, [0] * RANKS)
                for c in event.cards[1:]:
                    ranks[c.rank] += 1
            elif kind is EventKind.MOVE and event.move is not None:
                self._move(seat, event.move, team_of[seat])
        self.seen_events = len(history)

    def _start_mid_deal(self, view: SeatView) -> None:
        """A game built from a position has no history: start from what the view shows."""
        seating = view.seating
        self.received = dict(enumerate(view.hand_sizes))
        self.pile = [c.rank for c in view.pile]
        self.opened = {t for t in seating.teams if view.opened[t]}

    def _move(self, seat: int, move: Move, team: int) -> None:
        kind = move.kind
        if kind is MoveKind.DRAW or kind is MoveKind.PICKUP:
            self.turns += 1
            self._laid = []
            if kind is MoveKind.PICKUP:
                self.opened.add(team)
            elif self.pile and self.pile[-1] != THREE and team in self.opened:
                # Before its side's first meld a seat may pass a pile it cannot make the minimum with.
                self.no_pair.setdefault(seat, {})[self.pile[-1]] = (self.received.get(seat, 0), Sign.PASSED)
        elif kind is MoveKind.DISCARD:
            rank = move.groups[0][0].rank
            self._forget(seat, rank)
            if self._laid:
                self.opened.add(team)
            self.no_pair.setdefault(seat, {})[rank] = (self.received.get(seat, 0), Sign.DISCARDED)
            self.pile.append(rank)
            self._laid = []
        elif kind is MoveKind.MELD or kind is MoveKind.ADD:
            for pick in move.picks:
                self._laid.append((pick.rank, self._forget(seat, pick.rank)))
        elif kind is MoveKind.UNDO:
            ranks = self.known.setdefault(seat, [0] * RANKS)
            for rank, was_known in self._laid:
                ranks[rank] += was_known
            self._laid = []

    def _forget(self, seat: int, rank: int) -> int:
        """A card of ``rank`` left ``seat``'s hand: 1 if it was one known to be there."""
        ranks = self.known.get(seat)
        if ranks is not None and ranks[rank] > 0:
            ranks[rank] -= 1
            return 1
        return 0

    def known_of(self, seat: int) -> list[int]:
        """Cards of each rank ``seat`` is known to hold (all zero when nothing is known)."""
        return self.known.get(seat) or [0] * RANKS

    def last_no_pair(self, seat: int, rank: int) -> tuple[int, Sign] | None:
        """The latest sign this deal that ``seat`` held no pair of ``rank``, as the unseen cards
        it has received since (only those can have made the pair) and the sign; None if none."""
        sign = self.no_pair.get(seat, {}).get(rank)
        if sign is None:
            return None
        return self.received.get(seat, 0) - sign[0], sign[1]

    @staticmethod
    def pile_ranks_taken(view: SeatView, take: int) -> list[int]:
        """The ranks a pickup would bring, top first."""
        return [c.rank for c in reversed(view.pile[-take:])]

    def seen_counts(self, view: SeatView) -> list[int]:
        """Cards of each rank this seat has seen this deal and knows are not in the unseen pool:
        its hand, the table (red threes included), the pile, and the cards other seats took from
        the pile and still hold."""
        seen = rank_counts(view.hand)
        for team_melds in view.melds:
            for m in team_melds:
                for c in m.cards:
                    seen[c.rank] += 1
        for threes in view.red_threes:
            seen[THREE] += len(threes)
        for c in view.pile:
            seen[c.rank] += 1
        for seat, ranks in self.known.items():
            if seat != view.seat:
                for rank, n in enumerate(ranks):
                    seen[rank] += n
        return seen
