"""A game of Hand and Foot: what it is played with, where it stands, and its one way to change.

A :class:`Game` holds its settings (rules, seating), which never change, and its state as data
(:mod:`hfcli.engine.state`: the deal and the turn), the finished deals' results and where the next
shoes come from. The rules' checks are in :mod:`~hfcli.engine.legality`, listing moves in
:mod:`~hfcli.engine.generation`, checking one in :mod:`~hfcli.engine.validation`, and what a move
does in :mod:`~hfcli.engine.applying` and :mod:`~hfcli.engine.dealing`. This module puts them
behind the game's interface: the seat to move, its legal moves, apply, views, copies, equality.

The engine is pure: no printing, no files, no terminal. Every random choice (the shuffles) comes
from one ``random.Random`` seeded with the game's seed, or from shoes given explicitly, so a
transcript replays without Python's ``random``.

A turn runs in phases (:class:`Phase`): ``draw`` (draw, pickup, ask; ``end`` when the stock is
empty), ``meld`` (meld, add, discard, ask, undo) and, while a partner answers "may I go out?",
``answer`` (yes, no) with the partner to move.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from hfcli.engine.applying import apply_plan
from hfcli.engine.cards import Card
from hfcli.engine.dealing import start_deal
from hfcli.engine.errors import IllegalMoveError
from hfcli.engine.events import Event
from hfcli.engine.generation import legal_moves
from hfcli.engine.moves import Move, parse_move
from hfcli.engine.rules import CLASSIC, Rules
from hfcli.engine.scoring import DealResult, GameResult, running_totals
from hfcli.engine.seating import Seating, table
from hfcli.engine.state import OVER_PHASE, DealState, Phase, TeamState, TurnState, replica
from hfcli.engine.validation import validate
from hfcli.engine.view import SeatView, make_view

if TYPE_CHECKING:
    from hfcli.engine.position import Position

__all__ = ["Game", "Phase"]



class Game:
    """One game of Hand and Foot: ``Game(rules, seed)``; see the README for the API."""

    deal: DealState
    turn: TurnState

    def __init__(
        self,
        rules: Rules = CLASSIC,
        seed: int | None = None,
        *,
        seating: Seating | None = None,
        shoes: Sequence[Sequence[Card]] | Mapping[int, Sequence[Card]] | None = None,
    ) -> None:
        self.rules = rules
        self.seating = seating if seating is not None else table(rules.players, rules.teams)
        if len(self.seating.names) != rules.players:
            raise ValueError(f"the rules seat {rules.players} players; the seating has {len(self.seating.names)}")
        # A game without a seed picks one, so that its shoes can always be dealt again.
        self.seed: int = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
        self.rng = random.Random(self.seed)
        self.shuffles = 0  # how many shoes the generator has shuffled (dealt, or stood in for by given ones)
        given = shoes.items() if isinstance(shoes, Mapping) else enumerate(shoes or ())
        self.given_shoes: dict[int, tuple[Card, ...]] = {i: tuple(s) for i, s in given}
        self.shoes: dict[int, tuple[Card, ...]] = {}  # the shoe of every deal this game dealt, top card first
        self.results: list[DealResult] = []
        self.events: list[Event] = []  # everything, private cards included
        self._public_events: list[Event] = []
        self._seen_before = 0  # public events from before the position a game was built from
        self.move_count = 0
        start_deal(self, 0, self.events)

    # ------------------------------------------------------------------ where it stands

    @property
    def phase(self) -> Phase:
        return self.turn.phase

    @property
    def to_move(self) -> int:
        return self.turn.to_move

    @property
    def turn_seat(self) -> int:
        return self.turn.seat

    @property
    def deal_index(self) -> int:
        return self.deal.index

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def hands(self) -> list[list[Card]]:
        return self.deal.hands

    @property
    def feet(self) -> list[list[Card] | None]:
        return self.deal.feet

    @property
    def teams(self) -> list[TeamState]:
        return self.deal.teams

    @property
    def stock(self) -> list[Card]:
        """Top card last."""
        return self.deal.stock

    @property
    def pile(self) -> list[Card]:
        """Top card last."""
        return self.deal.pile

    def minimum_for(self, team: int) -> int:
        """C-MIN: the first-meld minimum of side ``team`` in the deal in progress."""
        rules = self.rules
        # Only a minimum by score asks for the totals, which add up every finished deal.
        score = self.totals()[team] if rules.meld_minimum_by.by_score else 0
        return rules.meld_minimum(self.deal.index, score)

    @property
    def minimum(self) -> int:
        """C-MIN for the side whose turn it is."""
        return self.minimum_for(self.seating.team_of[self.turn.seat])

    @property
    def is_over(self) -> bool:
        return self.turn.phase is OVER_PHASE

    @property
    def result(self) -> GameResult | None:
        if not self.is_over:
            return None
        return GameResult(tuple(self.results), self.seating.team_names)

    def totals(self) -> tuple[int, ...]:
        """Each side's score over the deals played so far."""
        return running_totals(self.results, len(self.seating.team_names))

    def card_total(self) -> int:
        """Every card wherever it is; always 54 x decks in a dealt game."""
        deal = self.deal
        n = len(deal.stock) + len(deal.pile)
        n += sum(len(h) for h in deal.hands)
        n += sum(len(f) for f in deal.feet if f is not None)
        for t in deal.teams:
            n += len(t.red_threes) + sum(len(m.cards) for m in t.melds)
        return n

    @property
    def public_events(self) -> list[Event]:
        """Every event as every seat saw it (no private cards); built as asked for, since a
        replay or a simulation without views never needs it."""
        public, events = self._public_events, self.events
        done = len(public) - self._seen_before
        if done < len(events):
            public.extend([e.public() for e in events[done:]])
        return public

    def view(self, seat: int) -> SeatView:
        """What a player in ``seat`` can see, and nothing more."""
        return make_view(self, seat)

    # ------------------------------------------------------------------ moves

    # Every legal move for the seat to move, in a fixed order (the engine's innermost loop, so the
    # method is the listing function itself, not a call through to it).
    legal_moves = legal_moves

    def refusal(self, move: Move | str) -> IllegalMoveError | None:
        """Why ``move`` is illegal now (the error :meth:`apply` would raise), or None."""
        try:
            validate(self, parse_move(move) if isinstance(move, str) else move)
        except IllegalMoveError as exc:
            return exc
        return None

    def is_legal(self, move: Move | str) -> bool:
        return self.refusal(move) is None

    def apply(self, move: Move | str) -> list[Event]:
        """Apply a move for the seat to move; return the events it caused.

        An illegal move raises :class:`IllegalMoveError` naming the rule and changes nothing.
        """
        if isinstance(move, str):
            move = parse_move(move)
        events = apply_plan(self, move, validate(self, move))
        self.move_count += 1
        self.events += events
        return events

    # ------------------------------------------------------------------ copies and comparison

    def clone(self) -> Game:
        """A copy that shares nothing mutable with this game (its history included)."""
        g = Game.__new__(Game)
        g.rules = self.rules
        g.seating = self.seating
        g.seed = self.seed
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.shuffles = self.shuffles
        g.given_shoes = self.given_shoes
        g.shoes = dict(self.shoes)
        g.results = list(self.results)
        g.events = list(self.events)
        g._public_events = list(self._public_events)
        g._seen_before = self._seen_before
        g.move_count = self.move_count
        g.deal = replica(self.deal)
        g.turn = replica(self.turn)
        return g

    def future_shoes(self) -> dict[int, tuple[Card, ...]]:
        """The given shoes of the deals not yet dealt."""
        return {i: s for i, s in self.given_shoes.items() if i > self.deal.index}

    def _future(self) -> tuple[dict[int, tuple[Card, ...]], int | None]:
        """What decides the shoes to come: the given ones, and the seed when some are not given."""
        given = self.future_shoes()
        shuffled = any(i not in given for i in range(self.deal.index + 1, self.rules.deals))
        return given, self.seed if shuffled else None

    def __eq__(self, other: object) -> bool:
        """Equal when everything that decides what happens next is equal: the settings, the deal,
        the turn, the scores so far, and the shoes to come. The history is not compared."""
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self.rules == other.rules
            and self.seating == other.seating
            and self.deal == other.deal
            and self.turn == other.turn
            and self.results == other.results
            and self._future() == other._future()
        )

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------------------ positions

    def to_position(self) -> str:
        """The whole state as text (``docs/position.md``); :meth:`from_position` reads it back."""
        from hfcli.engine.position import position_of

        return position_of(self).text()

    @classmethod
    def from_position(cls, position: str | Position, history: Sequence[Event] = ()) -> Game:
        """A game in the position ``position`` (its text, or a :class:`Position`), equal to the
        game it was written from and playing on identically. A position is not a history: the
        views of the game carry ``history`` as what every seat saw before it (public forms only),
        so that players who remember the game so far (who took what from the pile) can."""
        from hfcli.engine.position import Position

        if isinstance(position, str):
            position = Position.parse(position)
        game = position.game()
        if history:
            game._public_events = [e.public() for e in history]
            game._seen_before = len(game._public_events)
        return game

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.name} deal {self.deal.index + 1}/{self.rules.deals} "
            f"{self.turn.phase} {self.seating.names[self.turn.to_move]} to move>"
        )


def restored(
    rules: Rules,
    seating: Seating,
    seed: int,
    future_shoes: Mapping[int, Sequence[Card]],
    results: Sequence[DealResult],
    deal: DealState,
    turn: TurnState,
) -> Game:
    """A game put in a given state, as :class:`~hfcli.engine.position.Position` builds it. Deals
    to come whose shoes are not given are dealt from ``seed`` as a game started with it would."""
    g = Game.__new__(Game)
    g.rules = rules
    g.seating = seating
    g.seed = seed
    g.rng = random.Random(seed)
    g.shuffles = 0
    g.given_shoes = {i: tuple(s) for i, s in future_shoes.items()}
    g.shoes = {}
    g.results = list(results)
    g.events = []
    g._public_events = []
    g._seen_before = 0
    g.move_count = 0
    g.deal = deal
    g.turn = turn
    return g
