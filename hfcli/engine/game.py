"""A game of Hand and Foot: what it is played with, where it stands, and its one way to change.

A :class:`Game` is a configuration (:class:`~hfcli.engine.config.GameConfig`: the rules, the
seating, the seed and the given shoes, which never change) and a state
(:class:`~hfcli.engine.state.GameState`: the deal, the turn, the finished deals' results, the
shoes dealt, the generator, the events). The engine's helpers are functions of the two: the
rules' checks are in :mod:`~hfcli.engine.legality`, listing moves in
:mod:`~hfcli.engine.generation`, checking one in :mod:`~hfcli.engine.validation`, what a move
does in :mod:`~hfcli.engine.applying` and :mod:`~hfcli.engine.dealing`, a seat's view in
:mod:`~hfcli.engine.view`, a position in :mod:`~hfcli.engine.position`. None of them knows of
this module; it puts them behind the game's interface: the seat to move, its legal moves, apply,
views, copies, equality, positions.

The engine is pure: no printing, no files, no terminal. Every random choice (the shuffles) comes
from one ``random.Random`` seeded with the game's seed, or from shoes given explicitly, so a
transcript replays without Python's ``random``.

A turn runs in phases (:class:`Phase`): ``draw`` (draw, pickup, ask; ``end`` when the stock is
empty), ``meld`` (meld, add, discard, ask, undo) and, while a partner answers "may I go out?",
``answer`` (yes, no) with the partner to move.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence

from hfcli.engine.applying import apply_plan
from hfcli.engine.cards import Card
from hfcli.engine.config import GameConfig
from hfcli.engine.dealing import new_state
from hfcli.engine.errors import IllegalMoveError
from hfcli.engine.events import Event
from hfcli.engine.generation import legal_moves
from hfcli.engine.legality import minimum_for
from hfcli.engine.moves import Move, parse_move
from hfcli.engine.numbers import chosen_seed
from hfcli.engine.position import Position, position_of
from hfcli.engine.rules import CLASSIC, Rules
from hfcli.engine.scoring import DealResult, GameResult, running_totals
from hfcli.engine.seating import Seating, table
from hfcli.engine.state import OVER_PHASE, DealState, GameState, Phase, TeamState, TurnState
from hfcli.engine.validation import validate
from hfcli.engine.view import SeatView, make_view

__all__ = ["Game", "Phase"]


class Game:
    """One game of Hand and Foot: ``Game(rules, seed)``; see docs/library.md for the API."""

    __slots__ = ("config", "state", "rules", "seating", "seed", "legal_moves")

    config: GameConfig
    state: GameState
    # The configuration's values, read as often as the state (the same objects, never changed).
    rules: Rules
    seating: Seating
    seed: int
    # Every legal move for the seat to move, in a fixed order. Listing moves is the engine's
    # innermost loop, so the method is the listing function bound to this game's configuration
    # and state (set by _bind), not a method calling through to it.
    legal_moves: Callable[[], list[Move]]

    def __init__(
        self,
        rules: Rules = CLASSIC,
        seed: int | None = None,
        *,
        seating: Seating | None = None,
        shoes: Sequence[Sequence[Card]] | Mapping[int, Sequence[Card]] | None = None,
    ) -> None:
        seating = seating if seating is not None else table(rules.players, rules.teams)
        if len(seating.names) != rules.players:
            raise ValueError(f"the rules seat {rules.players} players; the seating has {len(seating.names)}")
        # A game without a seed picks one, so that its shoes can always be dealt again.
        seed, _ = chosen_seed(seed)
        given = shoes.items() if isinstance(shoes, Mapping) else enumerate(shoes or ())
        config = GameConfig(rules, seating, seed, {i: tuple(s) for i, s in given})
        self._bind(config, new_state(config))

    @classmethod
    def from_state(cls, config: GameConfig, state: GameState) -> Game:
        """The game of ``config`` in ``state`` (the state is the game's from now on, not copied)."""
        game = cls.__new__(cls)
        game._bind(config, state)
        return game

    def _bind(self, config: GameConfig, state: GameState) -> None:
        self.config = config
        self.state = state
        self.rules = config.rules
        self.seating = config.seating
        self.seed = config.seed
        self.legal_moves = functools.partial(legal_moves, config, state)

    # ------------------------------------------------------------------ where it stands

    @property
    def deal(self) -> DealState:
        return self.state.deal

    @property
    def turn(self) -> TurnState:
        return self.state.turn

    @property
    def results(self) -> list[DealResult]:
        return self.state.results

    @property
    def shoes(self) -> dict[int, tuple[Card, ...]]:
        """The shoe of every deal this game dealt, top card first."""
        return self.state.shoes

    @property
    def given_shoes(self) -> Mapping[int, tuple[Card, ...]]:
        return self.config.given_shoes

    @property
    def events(self) -> list[Event]:
        """Everything that happened, private cards included."""
        return self.state.events

    @property
    def move_count(self) -> int:
        return self.state.move_count

    @property
    def phase(self) -> Phase:
        return self.state.turn.phase

    @property
    def to_move(self) -> int:
        return self.state.turn.to_move

    @property
    def turn_seat(self) -> int:
        return self.state.turn.seat

    @property
    def deal_index(self) -> int:
        return self.state.deal.index

    @property
    def dealer(self) -> int:
        return self.state.deal.dealer

    @property
    def hands(self) -> list[list[Card]]:
        return self.state.deal.hands

    @property
    def feet(self) -> list[list[Card] | None]:
        return self.state.deal.feet

    @property
    def teams(self) -> list[TeamState]:
        return self.state.deal.teams

    @property
    def stock(self) -> list[Card]:
        """Top card last."""
        return self.state.deal.stock

    @property
    def pile(self) -> list[Card]:
        """Top card last."""
        return self.state.deal.pile

    def minimum_for(self, team: int) -> int:
        """C-MIN: the first-meld minimum of side ``team`` in the deal in progress."""
        return minimum_for(self.config, self.state, team)

    @property
    def minimum(self) -> int:
        """C-MIN for the side whose turn it is."""
        return self.minimum_for(self.seating.team_of[self.state.turn.seat])

    @property
    def is_over(self) -> bool:
        return self.state.turn.phase is OVER_PHASE

    @property
    def result(self) -> GameResult | None:
        if not self.is_over:
            return None
        return GameResult(tuple(self.state.results), self.seating.team_names)

    def totals(self) -> tuple[int, ...]:
        """Each side's score over the deals played so far."""
        return running_totals(self.state.results, len(self.seating.team_names))

    def card_total(self) -> int:
        """Every card wherever it is; always 54 x decks in a dealt game."""
        deal = self.state.deal
        n = len(deal.stock) + len(deal.pile)
        n += sum(len(h) for h in deal.hands)
        n += sum(len(f) for f in deal.feet if f is not None)
        for t in deal.teams:
            n += len(t.red_threes) + sum(len(m.cards) for m in t.melds)
        return n

    @property
    def public_events(self) -> list[Event]:
        """Every event as every seat saw it (no private cards)."""
        return self.state.public_events()

    def view(self, seat: int) -> SeatView:
        """What a player in ``seat`` can see, and nothing more."""
        return make_view(self.config, self.state, seat)

    # ------------------------------------------------------------------ moves

    def refusal(self, move: Move | str) -> IllegalMoveError | None:
        """Why ``move`` is illegal now (the error :meth:`apply` would raise), or None."""
        try:
            validate(self.config, self.state, parse_move(move) if isinstance(move, str) else move)
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
        config, state = self.config, self.state
        events = apply_plan(config, state, move, validate(config, state, move))
        state.move_count += 1
        state.events += events
        return events

    def set_aside_the_draw(self) -> None:
        """Put the cards a draw would take now at the bottom of the stock, in their order.

        For an imagined game, never a real one (whose stock is its shuffle's): the AI's search
        plays a pickup and a draw forward on the same imagined deal, and after a pickup, which
        draws nothing, the later draws then take the same cards as after the draw. The stock keeps
        its cards, so every count the rules check is unchanged."""
        stock = self.state.deal.stock  # top card last
        n = min(self.rules.draw_count, len(stock))
        if n:
            stock[:0] = stock[-n:]
            del stock[-n:]

    # ------------------------------------------------------------------ copies and comparison

    def clone(self) -> Game:
        """A copy that shares nothing mutable with this game (its history included)."""
        return Game.from_state(self.config, self.state.copy())

    def future_shoes(self) -> dict[int, tuple[Card, ...]]:
        """The given shoes of the deals not yet dealt."""
        return self.config.shoes_after(self.state.deal.index)

    def __eq__(self, other: object) -> bool:
        """Equal when everything that decides what happens next is equal: the settings, the deal,
        the turn, the scores so far, and the shoes to come. The history is not compared."""
        if not isinstance(other, Game):
            return NotImplemented
        mine, theirs = self.config, other.config
        return (
            mine.rules == theirs.rules
            and mine.seating == theirs.seating
            and self.state == other.state
            and mine.future(self.state.deal.index) == theirs.future(other.state.deal.index)
        )

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------------------ positions

    def to_position(self) -> str:
        """The whole state as text (``docs/position.md``); :meth:`from_position` reads it back."""
        return position_of(self.config, self.state).text()

    @classmethod
    def from_position(cls, position: str | Position, history: Sequence[Event] = ()) -> Game:
        """A game in the position ``position`` (its text, or a :class:`Position`), equal to the
        game it was written from and playing on identically. A position is not a history: the
        views of the game carry ``history`` as what every seat saw before it (public forms only),
        so that players who remember the game so far (who took what from the pile) can."""
        if isinstance(position, str):
            position = Position.parse(position)
        state = position.state()
        if history:
            state.public = [e.public() for e in history]
            state.seen_before = len(state.public)
        return cls.from_state(position.config(), state)

    def __repr__(self) -> str:
        deal, turn = self.state.deal, self.state.turn
        return (
            f"<Game {self.rules.name} deal {deal.index + 1}/{self.rules.deals} "
            f"{turn.phase} {self.seating.names[turn.to_move]} to move>"
        )
