"""What one seat can see (the per-seat view handed to players and the AI).

Built only from what a player in that seat could know: their own hand; the size of every other
hand and foot; the table; the pile's top card and size; the stock's size; the scores; the public
history. Changing a card the seat cannot see never changes its view.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, overload

from hfcli.engine.cards import Card
from hfcli.engine.events import Event
from hfcli.engine.melds import CLEAN, DIRTY, WILD, WILD_BOOK, meld_rank_token
from hfcli.engine.moves import Move
from hfcli.engine.rules import Rules
from hfcli.engine.scoring import DealResult, running_totals
from hfcli.engine.seating import Seating

if TYPE_CHECKING:
    from hfcli.engine.game import Game


class History(Sequence[Event]):
    """The first ``length`` public events of a game: a read-only window on its append-only log,
    so handing a view to a player costs nothing however long the game has run."""

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
            return self._events[: self._length][index]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("history index out of range")
        return self._events[index]

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
class MeldView:
    rank: int  # natural rank index, or WILD (-1)
    cards: tuple[Card, ...]
    book_size: int

    @cached_property
    def wilds(self) -> int:
        # Counted once: players read it (and kind) many times for every decision.
        return sum(1 for c in self.cards if c.is_wild)

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wilds

    @property
    def is_book(self) -> bool:
        return len(self.cards) >= self.book_size

    @property
    def kind(self) -> str:
        if self.rank == WILD:
            return WILD_BOOK
        return DIRTY if self.wilds else CLEAN

    @property
    def needed(self) -> int:
        """Cards still needed to make a book."""
        return max(0, self.book_size - len(self.cards))

    @property
    def token(self) -> str:
        return meld_rank_token(self.rank)


@dataclass(frozen=True)
class SeatView:
    seat: int
    rules: Rules
    seating: Seating
    deal_index: int
    dealer: int
    minimum: int
    phase: str
    turn_seat: int
    to_move: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    foot_sizes: tuple[int, ...]  # 0 once picked up
    in_foot: tuple[bool, ...]
    melds: tuple[tuple[MeldView, ...], ...]  # by partnership
    red_threes: tuple[tuple[Card, ...], ...]
    opened: tuple[bool, ...]
    pile_top: Card | None
    pile_size: int
    stock_size: int
    asked: bool
    permission: bool | None
    opening_value: int  # card value laid toward the first meld this turn
    results: tuple[DealResult, ...]
    history: History  # public events of the whole game
    legal_moves: tuple[Move, ...]  # empty unless this seat is to move

    @property
    def team(self) -> int:
        return self.seating.team_of[self.seat]

    @property
    def partner(self) -> int:
        return self.seating.partners(self.seat)[0]

    @property
    def my_melds(self) -> tuple[MeldView, ...]:
        return self.melds[self.team]

    def totals(self) -> tuple[int, ...]:
        return running_totals(self.results, len(self.seating.team_names))


def make_view(game: Game, seat: int) -> SeatView:
    return SeatView(
        seat=seat,
        rules=game.rules,
        seating=game.seating,
        deal_index=game.deal_index,
        dealer=game.dealer,
        minimum=game.minimum,
        phase=game.phase,
        turn_seat=game.turn_seat,
        to_move=game.to_move,
        hand=tuple(sorted(game.hands[seat], key=lambda c: c.code)),
        hand_sizes=tuple(len(h) for h in game.hands),
        foot_sizes=tuple(len(f) if f is not None else 0 for f in game.feet),
        in_foot=tuple(f is None for f in game.feet),
        melds=game.meld_views(),
        red_threes=tuple(tuple(t.red_threes) for t in game.teams),
        opened=tuple(t.opened for t in game.teams),
        pile_top=game.pile[-1] if game.pile else None,
        pile_size=len(game.pile),
        stock_size=len(game.stock),
        asked=game.asked,
        permission=game.permission,
        opening_value=game.opening_value,
        results=tuple(game.results),
        history=History(game.public_events, len(game.public_events)),
        legal_moves=tuple(game.legal_moves()) if game.to_move == seat else (),
    )
