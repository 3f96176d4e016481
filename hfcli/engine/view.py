"""What one seat can see (the per-seat view handed to players and the AI).

Built only from what a player in that seat could know: their own hand; the size of every other
hand and foot; the table; the pile's top card and size; the stock's size; the scores; the public
history. Changing a card the seat cannot see never changes its view.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from hfcli.engine.cards import Card, card_code, rank_counts
from hfcli.engine.config import GameConfig
from hfcli.engine.events import Event, EventKind
from hfcli.engine.generation import legal_moves
from hfcli.engine.legality import minimum_for
from hfcli.engine.melds import Meld
from hfcli.engine.moves import DISCARD_KIND, Move, MoveKind
from hfcli.engine.rules import Rules
from hfcli.engine.scoring import DealResult, running_totals
from hfcli.engine.seating import Seating
from hfcli.engine.state import GameState, Phase


class History(Sequence[Event]):
    """The first ``length`` public events of a game: a read-only window on its append-only log,
    so handing a view to a player costs nothing however long the game has run. What a reader
    works out from the events it keeps itself: the game's state holds nothing for its readers."""

    __slots__ = ("_events", "_length")

    def __init__(self, events: list[Event], length: int) -> None:
        self._events = events
        self._length = length

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            return self._events[start:stop:step]  # only the part asked for is copied
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("history index out of range")
        return self._events[index]

    def since(self, start: int) -> list[Event]:
        """The events from ``start`` on (``self[start:]``, without a slice's working out): a
        reader that keeps up with the history asks for what is new at every view."""
        return self._events[start:self._length]

    def __iter__(self) -> Iterator[Event]:
        events = self._events
        for i in range(self._length):
            yield events[i]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"<History of {self._length} events>"


@dataclass(frozen=True)
class SeatView:
    seat: int
    rules: Rules
    seating: Seating
    deal_index: int
    dealer: int
    minimum: int
    phase: Phase
    turn_seat: int
    to_move: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]  # the hand's cards of each rank, by rank index (3 .. A, 2, JK)
    hand_sizes: tuple[int, ...]
    foot_sizes: tuple[int, ...]  # 0 once picked up
    in_foot: tuple[bool, ...]
    melds: tuple[tuple[Meld, ...], ...]  # by side
    red_threes: tuple[tuple[Card, ...], ...]
    opened: tuple[bool, ...]
    pile_top: Card | None
    pile_size: int
    pile: tuple[Card, ...]  # bottom card first: every card in it was seen face up
    stock_size: int
    asked: bool
    permission: bool | None
    answer_return: Phase  # in the answer phase, the phase the turn goes back to after it (draw otherwise)
    laid: bool  # the seat to play has laid cards on the table this turn (a pickup counts)
    opening_value: int  # card value laid toward the first meld this turn
    # C-MELDING: after a pickup before the side's first meld, the other pile cards it took into
    # hand, which do not count toward the minimum (the top card and the pair went to the table);
    # None when every card counts.
    pile_taken: tuple[Card, ...] | None
    results: tuple[DealResult, ...]
    history: History  # public events of the whole game
    legal_moves: tuple[Move, ...]  # empty unless this seat is to move
    # The seat's side and its melds: fields, not properties, since the players read them at every
    # decision, again and again.
    team: int
    my_melds: tuple[Meld, ...]

    def totals(self) -> tuple[int, ...]:
        return running_totals(self.results, len(self.seating.team_names))


def make_view(config: GameConfig, state: GameState, seat: int) -> SeatView:
    deal, turn, seating = state.deal, state.turn, config.seating
    public = state.public_events()
    team = seating.team_of[seat]
    melds = tuple([tuple(t.melds) for t in deal.teams])
    hand = deal.hands[seat]
    counts = rank_counts(hand)  # once, for the view and the legal moves
    # The fields go into a copy of a dictionary holding every field's name already, one store
    # each: a dictionary display of thirty fields is built by Python 3.11 in two parts, the first
    # grown key by key and the second merged into it, at three times the cost.
    fields = _FIELDS.copy()
    fields["seat"] = seat
    fields["rules"] = config.rules
    fields["seating"] = seating
    fields["deal_index"] = deal.index
    fields["dealer"] = deal.dealer
    fields["minimum"] = minimum_for(config, state, team)
    fields["phase"] = turn.phase
    fields["turn_seat"] = turn.seat
    fields["to_move"] = turn.to_move
    fields["hand"] = tuple(sorted(hand, key=card_code))
    fields["hand_counts"] = tuple(counts)
    # List comprehensions, not generators: a generator resumes once a seat or side.
    fields["hand_sizes"] = tuple(map(len, deal.hands))
    fields["foot_sizes"] = tuple([len(f) if f is not None else 0 for f in deal.feet])
    fields["in_foot"] = tuple([f is None for f in deal.feet])
    fields["melds"] = melds
    fields["red_threes"] = tuple([tuple(t.red_threes) for t in deal.teams])
    fields["opened"] = tuple([t.opened for t in deal.teams])
    fields["pile_top"] = deal.pile[-1] if deal.pile else None
    fields["pile_size"] = len(deal.pile)
    fields["pile"] = tuple(deal.pile)
    fields["stock_size"] = len(deal.stock)
    fields["asked"] = turn.asked
    fields["permission"] = turn.permission
    fields["answer_return"] = turn.answer_return
    fields["laid"] = turn.laid
    fields["opening_value"] = turn.opening_value
    if turn.counting is not None and not deal.teams[seating.team_of[turn.seat]].opened:
        fields["pile_taken"] = _taken_this_turn(public, turn.seat)
    fields["results"] = tuple(state.results)
    fields["history"] = History(public, len(public))
    if turn.to_move == seat:
        fields["legal_moves"] = tuple(legal_moves(config, state, counts))
    fields["team"] = team
    fields["my_melds"] = melds[team]
    return _built(fields)


# Every field of a view by name, in the dataclass's order, with the values a view takes where
# make_view sets none: make_view fills a copy.
_FIELDS: dict[str, Any] = dict.fromkeys(f.name for f in dataclasses.fields(SeatView))
_FIELDS["pile_taken"] = None
_FIELDS["legal_moves"] = ()


def _built(fields: dict[str, Any]) -> SeatView:
    """A view of ``fields``, every field named: a game makes one for every move, and the frozen
    dataclass's ``__init__`` sets its thirty fields one ``object.__setattr__`` at a time (a tenth
    of the view's cost); ``fields`` becomes its instance dictionary as it is, not copied."""
    view: SeatView = object.__new__(SeatView)
    _set_attribute(view, "__dict__", fields)
    return view


_set_attribute = object.__setattr__  # past the frozen dataclass's __setattr__, which refuses every name


def _taken_this_turn(public: list[Event], seat: int) -> tuple[Card, ...]:
    """The pile cards ``seat`` took into hand with this turn's pickup (the top card not among
    them), read back from the end of the history: nothing when the turn began before it (a game
    built from a position)."""
    for i in range(len(public) - 1, -1, -1):
        event = public[i]
        kind = event.kind
        if kind is _TAKE and event.seat == seat:
            return event.cards[1:]
        if kind is _DEAL:
            break
        if kind is _MOVE and event.move is not None:
            if event.seat != seat:
                if event.move.kind in _ANSWERS:
                    continue  # the partner's answer is part of this turn
                break  # the previous turn's last move
            if event.move.kind is DISCARD_KIND:
                break  # this seat's previous turn (with no other seat between: a two-seat table)
    return ()


_ANSWERS = (MoveKind.YES, MoveKind.NO)
# The event kinds as plain names: a member read through its class costs a call in Python 3.11.
_TAKE, _DEAL, _MOVE = EventKind.TAKE, EventKind.DEAL, EventKind.MOVE
