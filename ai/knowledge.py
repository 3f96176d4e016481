"""What a seat can work out from its view: a running account of the public history (cards seen,
what each seat took from the pile and still holds, the upcards buried in the stock).

Everything here is built from a :class:`SeatView` only.
"""

from __future__ import annotations

import operator
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum

from hfcli.engine.cards import JOKER, RANK_COUNT, THREE, TWO, Card
from hfcli.engine.events import EventKind
from hfcli.engine.melds import WILD, Meld
from hfcli.engine.moves import ADD_KIND, DISCARD_KIND, DRAW_KIND, MELD_KIND, PICKUP_KIND, UNDO_KIND, Move
from hfcli.engine.view import SeatView

RANKS = RANK_COUNT
_RANK_OF = operator.attrgetter("rank")
# The event kinds as plain names: every seat's knowledge reads every event of the game.
_MOVE, _DRAW, _TAKE, _DEAL, _UPCARD, _BURY, _FOOT, _RED_THREE = (
    EventKind.MOVE, EventKind.DRAW, EventKind.TAKE, EventKind.DEAL, EventKind.UPCARD, EventKind.BURY,
    EventKind.FOOT, EventKind.RED_THREE,
)


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


def may_go_out(view: SeatView) -> bool:
    """Whether the seat may go out this turn (C-OUT): its partner said yes, or it plays from its
    foot with its side in its feet and needs nobody's leave."""
    if view.permission is True:
        return True
    return view.in_foot[view.seat] and not needs_permission(view) and side_in_feet(view)


def target_rank(move: Move) -> int:
    """The rank of the meld an ``add`` goes on (WILD for the wild meld)."""
    return move.target if move.target is not None else WILD


class Sign(StrEnum):
    """How a seat showed it held no pair of a rank."""

    DISCARDED = "discarded"  # it discarded one
    PASSED = "passed"  # it drew while the pile was topped by one (after its side's first meld)


DISCARDED, PASSED = Sign  # as plain names: a member read through its class costs a descriptor's call


@dataclass
class SeatKnowledge:
    """What one seat has learnt from the public history, read incrementally: each call of
    :meth:`update` looks only at the events it has not seen. One per seat: the rule-based
    players keep theirs from move to move, and the sampler (:func:`ai.sampler.read_knowledge`)
    reads the same object, so no one walks the history again.

    What it learns of each seat's hand this deal: the cards it took from the pile and still holds
    (not since melded or discarded), how many cards it has received unseen (dealt, drawn, its
    foot, red-three replacements), and the last time it showed it held no pair of a rank (see
    :class:`Sign`), so the cards come since are the only ones that could have made that pair.
    It also follows the pile, which sides have made their first meld, and the upcards buried in
    the stock (C-UPCARD).

    The pile cards a seat still holds are kept two ways, for two readers. ``known`` counts them by
    rank, for the strategy: a meld of a rank forgets one of that rank, a pickup forgets the two of
    the pair, an undo gives back what it took back. ``held`` keeps the exact cards, for the
    sampler, which pins them in that seat's hand: a card laid forgets that very card, a pickup
    forgets every known card of the top card's rank (which two the engine melded is not shown,
    and keeping one could put a card in two places), an undo gives nothing back and a foot picked
    up (with the hand empty, C-FOOT) clears the seat. Either way a seat is said to hold only what
    it does hold; the two differ in how much they dare to say, and each reader's choices depend
    on its own.
    """

    seen_events: int = 0
    turns: int = 0  # draws and pickups in the game so far: one per turn
    known: dict[int, list[int]] = field(default_factory=dict)  # seat -> ranks taken from the pile, still held
    held: dict[int, Counter[Card]] = field(default_factory=dict)  # seat -> cards taken from the pile, still held
    received: dict[int, int] = field(default_factory=dict)  # seat -> unseen cards received this deal
    # seat -> rank -> (cards received by then, DISCARDED or PASSED): the latest such sign
    no_pair: dict[int, dict[int, tuple[int, Sign]]] = field(default_factory=dict)
    pile: list[int] = field(default_factory=list)  # the discard pile's ranks, bottom first
    opened: set[int] = field(default_factory=set)  # sides that have made their first meld this deal
    buried: list[Card] = field(default_factory=list)  # this deal's upcards buried in the stock, in order
    # The ranks of this turn's lay-downs that were known cards, given back on an undo, and whether
    # the turn has laid any card.
    _laid: list[int] = field(default_factory=list)
    _laid_any: bool = False
    # The jokers of each meld with wild cards seen_counts has looked at this deal, by the meld's id.
    _jokers_in: dict[int, tuple[Meld, int]] = field(default_factory=dict, repr=False, compare=False)
    # Each side's melds as seen_counts last counted them, and the cards of each rank in them.
    _tables_seen: dict[int, tuple[tuple[Meld, ...], list[int]]] = field(default_factory=dict, repr=False, compare=False)
    # Whether update has read any view, and whether it began from what a view showed (a game built
    # from a position, with no history), not from the history: see shared_knowledge.
    read_any: bool = field(default=False, repr=False, compare=False)
    from_position: bool = field(default=False, repr=False, compare=False)

    def update(self, view: SeatView) -> None:
        history = view.history
        self.read_any = True
        if len(history) < self.seen_events:
            self.__init__()  # type: ignore[misc]
            self.read_any = True
        if not history and not self.seen_events:
            self._start_mid_deal(view)
            self.from_position = True
        if len(history) == self.seen_events:
            return
        team_of = view.seating.team_of
        for event in history.since(self.seen_events):
            kind = event.kind
            seat = event.seat
            if kind is _MOVE:
                move = event.move
                if seat is not None and move is not None:
                    self._move(seat, move, event.cards, team_of[seat])
            elif kind is _DRAW:
                if seat is not None:
                    self.received[seat] = self.received.get(seat, 0) + event.count
            elif kind is _TAKE:
                if seat is not None:
                    self._take(seat, event.cards, event.count, view.rules.pile_with_wild)
            elif kind is _DEAL:
                self.known = {}
                self.held = {}
                self.no_pair = {}
                self.pile = []
                self.opened = set()
                self.buried = []
                self.received = dict.fromkeys(view.seating.seats, view.rules.hand_size)
                self._jokers_in = {}
            elif kind is _UPCARD:
                self.pile.append(event.cards[0].rank)
            elif kind is _BURY:
                self.buried.append(event.cards[0])
            elif seat is None:
                continue
            elif kind is _FOOT:
                self.received[seat] = self.received.get(seat, 0) + event.count
                self.held[seat] = Counter()  # a foot is picked up only with the hand empty (C-FOOT)
            elif kind is _RED_THREE:
                self.received[seat] = self.received.get(seat, 0) + 1
        self.seen_events = len(history)

    def _take(self, seat: int, cards: tuple[Card, ...], count: int, pile_with_wild: bool) -> None:
        del self.pile[-count:]
        top = cards[0]
        # With pile_with_wild the hand may have given one natural and a wild card instead of a pair.
        wild_too = pile_with_wild and not top.is_wild
        self._forget(seat, top.rank)  # the pair melded with the top card may have been known cards
        if not self._forget(seat, top.rank) and wild_too:
            # One natural and a wild card may have taken it: a known wild card is let go.
            if not self._forget(seat, TWO):
                self._forget(seat, JOKER)
        ranks = self.known.setdefault(seat, [0] * RANKS)
        for c in cards[1:]:
            ranks[c.rank] += 1
        held = self.held.setdefault(seat, Counter())
        for c in [c for c in held if c.rank == top.rank or wild_too and c.is_wild]:
            held[c] = 0
        held.update(cards[1:])  # the top card goes to the meld with the pair

    def _start_mid_deal(self, view: SeatView) -> None:
        """A game built from a position has no history: start from what the view shows."""
        seating = view.seating
        self.received = dict(enumerate(view.hand_sizes))
        self.pile = [c.rank for c in view.pile]
        self.opened = {t for t in seating.teams if view.opened[t]}

    def _move(self, seat: int, move: Move, cards: tuple[Card, ...], team: int) -> None:
        kind = move.kind
        if kind is MELD_KIND or kind is ADD_KIND:
            self._laid_any = True
            ranks = self.known.get(seat)
            if ranks is not None:  # else nothing known of the seat's hand: every card laid was unseen
                laid = self._laid
                for group in move.groups:
                    for pick in group:
                        rank = pick.rank
                        if ranks[rank] > 0:
                            ranks[rank] -= 1
                            laid.append(rank)
            if self.held.get(seat):
                self._forget_cards(seat, cards)
        elif kind is DRAW_KIND or kind is PICKUP_KIND:
            self.turns += 1
            self._laid = []
            self._laid_any = False
            if kind is PICKUP_KIND:
                self.opened.add(team)
            elif self.pile and self.pile[-1] != THREE and team in self.opened:
                # Before its side's first meld a seat may pass a pile it cannot make the minimum with.
                self.no_pair.setdefault(seat, {})[self.pile[-1]] = (self.received.get(seat, 0), PASSED)
        elif kind is DISCARD_KIND:
            rank = move.groups[0][0].rank
            self._forget(seat, rank)
            if self.held.get(seat):
                self._forget_cards(seat, cards)
            if self._laid_any:
                self.opened.add(team)
            self.no_pair.setdefault(seat, {})[rank] = (self.received.get(seat, 0), DISCARDED)
            self.pile.append(rank)
            self._laid = []
            self._laid_any = False
        elif kind is UNDO_KIND:
            ranks = self.known.setdefault(seat, [0] * RANKS)
            for rank in self._laid:
                ranks[rank] += 1
            self._laid = []
            self._laid_any = False

    def _forget(self, seat: int, rank: int) -> int:
        """A card of ``rank`` left ``seat``'s hand: 1 if it was one known to be there."""
        ranks = self.known.get(seat)
        if ranks is not None and ranks[rank] > 0:
            ranks[rank] -= 1
            return 1
        return 0

    def _forget_cards(self, seat: int, cards: tuple[Card, ...]) -> None:
        """``cards`` (the very cards a meld, an add or a discard laid) left ``seat``'s hand."""
        held = self.held.get(seat)
        if held:
            for c in cards:
                # get, not held[c]: a Counter answers a card it lacks through __missing__, in Python.
                if held.get(c, 0) > 0:
                    held[c] -= 1

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

    def _melds_seen(self, melds: tuple[Meld, ...]) -> list[int]:
        """The cards of each rank in ``melds``."""
        seen = [0] * RANKS
        jokers_in = self._jokers_in
        for m in melds:
            # A meld holds naturals of its rank and wild cards only: the naturals are counted
            # at once, the wild cards' ranks only when there are some.
            cards, wilds = m.cards, m.wilds
            if m.rank != WILD:
                seen[m.rank] += len(cards) - wilds
            if wilds:
                # A meld is immutable and stays on the table from view to view: its jokers
                # are counted once (the entry keeps the meld, so its id is not reused).
                found = jokers_in.get(id(m))
                if found is None or found[0] is not m:
                    found = jokers_in[id(m)] = (m, list(map(_RANK_OF, cards)).count(JOKER))
                jokers = found[1]
                seen[TWO] += wilds - jokers
                seen[JOKER] += jokers
        return seen

    def seen_counts(self, view: SeatView) -> list[int]:
        """Cards of each rank this seat has seen this deal and knows are not in the unseen pool:
        its hand, the table (red threes included), the pile, and the cards other seats took from
        the pile and still hold."""
        seen = list(view.hand_counts)
        tables = self._tables_seen
        for side, team_melds in enumerate(view.melds):
            # A side's melds are counted once while none of them changes (melds are immutable
            # and stay on the table from view to view, so the comparison is mostly by identity).
            found = tables.get(side)
            if found is None or found[0] != team_melds:
                found = tables[side] = (team_melds, self._melds_seen(team_melds))
            seen = list(map(operator.add, seen, found[1]))
        seen[THREE] += sum(map(len, view.red_threes))
        for rank in map(_RANK_OF, view.pile):
            seen[rank] += 1
        me = view.seat
        for seat, ranks in self.known.items():
            if seat != me:
                seen = list(map(operator.add, seen, ranks))
        return seen


class SharedAccount:
    """What the seats of one game learn from its public history, read once for them all. The
    players a rollout makes for an imagined game are handed one account together
    (:meth:`ai.rule_based.RuleBasedPlayer.share`); a player made alone keeps its own. The account
    belongs to the players, never to the game, so two players that think at once (an AI seat and a
    hint at a hosted table) share nothing."""

    __slots__ = ("knowledge",)

    def __init__(self) -> None:
        self.knowledge: SeatKnowledge | None = None


def shared_knowledge(view: SeatView, kept: SeatKnowledge, account: SharedAccount) -> SeatKnowledge:
    """The knowledge a player reads ``view`` with, brought up to it: ``kept`` (the one it read its
    last view with) or the one in ``account``, which the players of an imagined game share. What
    a seat learns from the public history is what every seat learns, so one account serves them
    all and reads each event once rather than once a seat. It only goes forward: a view of an
    earlier point than it has read (a game taken up again, a look back) is read with knowledge of
    the player's own, as is every view of a player whose own knowledge has read any. A player
    new to the game joins the shared account where its own would read the same: from the history,
    or, in a game built from a position with no history, from the first view if it is shown that
    view too."""
    history = view.history
    shared = account.knowledge
    if shared is None:
        shared = account.knowledge = SeatKnowledge()
    if kept is shared:
        if shared.seen_events <= len(history):
            shared.update(view)
            return shared
        kept = SeatKnowledge()
    elif not kept.read_any and shared.seen_events <= len(history) and (not shared.from_position or not history):
        shared.update(view)
        return shared
    kept.update(view)
    return kept
