"""The table: the one loop every game runs on (``hf play`` in all its forms, ``hf simulate``, tests).

A :class:`Table` owns the game (and with it the game's one random source, which deals every
shoe), the transcript's recorder and an endpoint in every seat. A move reaches the game, then the
transcript, and only then any endpoint: whatever an endpoint does when told (show it, send it
over the network, fail), the file already holds the move.

The loop is a step function, so that whoever drives it can: :meth:`Table.step` asks the endpoint
of the seat to move and plays its answer; an endpoint that answers None (a person at a prompt, a
remote person) plays later with :meth:`Table.play`, from a terminal's loop or an asyncio task
alike, and :meth:`Table.run` steps until a seat must wait for such an answer or the game ends.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from typing import Protocol

from hfcli.engine.errors import HandFootError, TableError
from hfcli.engine.events import Event
from hfcli.engine.game import Game
from hfcli.engine.melds import Meld
from hfcli.engine.moves import Move
from hfcli.engine.reasons import Reason
from hfcli.engine.seat import Decision
from hfcli.engine.view import SeatView
from hfcli.table.endpoints import AiEndpoint, Endpoint, Moved, Remark, remark_problem, seen_by, told_reason


class Recorder(Protocol):
    """The transcript as the table writes it: ``record`` a move's events (and the AI's reason),
    ``remark`` what a seat said."""

    def record(self, events: list[Event], reason: Reason | None = None) -> None: ...

    def remark(self, seat: int, text: str) -> None: ...

    def close(self) -> None: ...


class NotYourTurn(HandFootError):
    """A seat played when another was to move (or the game was over): nothing changed. A
    HandFootError, so whatever answers a refused move answers this one too."""

    def __init__(self, seat: int, to_move: int | None) -> None:
        super().__init__("It is not your turn." if to_move is not None else "The game is over.")
        self.seat = seat
        self.to_move = to_move


class Table:
    """A game with an endpoint in every seat.

    ``recorder`` (the transcript writer) records every move before any endpoint hears of it, with
    the whole reason; each endpoint is told another seat's reason without the facts private to that
    seat (:func:`~hfcli.table.endpoints.told_reason`), its partners' whole with ``open_partners``
    (``hf play``: the program's partner explains itself to the person); ``atomic`` is a guard the
    move is applied, recorded and told inside (a terminal holds Ctrl-C back there, so the game,
    the file and the screen never part).

    An AI endpoint never holds the play, and is told nothing unless it ``listens`` (a player reads
    what it remembers from its views): a table of AI seats only (``hf simulate``) plays each move
    with no more than applying it, as fast as the game itself."""

    def __init__(
        self,
        game: Game,
        endpoints: Iterable[Endpoint] = (),
        *,
        recorder: Recorder | None = None,
        atomic: Callable[[], AbstractContextManager[None]] | None = None,
        open_partners: bool = False,
    ) -> None:
        self.game = game
        self.open_partners = open_partners
        self.recorder = recorder
        self.atomic = atomic
        # Called with the game and each decision an endpoint answers, before it is played (what a
        # measurement or a test watches); None: nobody watches.
        self.on_decision: Callable[[Game, Decision], None] | None = None
        self.last_events: list[Event] = []  # what the last move played caused
        self._endpoints: dict[int, Endpoint] = {}
        self._listeners: list[Endpoint] = []  # the endpoints told of each move, in seat order
        self._holders: list[Endpoint] = []  # the endpoints that may hold the play
        for endpoint in endpoints:
            self.seat(endpoint)

    # ------------------------------------------------------------------ the seats

    def seat(self, endpoint: Endpoint) -> None:
        """Put ``endpoint`` in its seat (in place of whoever sat there: a friend who joins takes an
        AI's seat, an AI takes a seat someone left)."""
        if endpoint.seat not in self.game.seating.seats:
            raise TableError(f"this table has no seat {endpoint.seat}")
        self._endpoints[endpoint.seat] = endpoint
        seated = [self._endpoints[s] for s in sorted(self._endpoints)]
        self._listeners = [e for e in seated if not isinstance(e, AiEndpoint) or e.listens]
        self._holders = [e for e in seated if not isinstance(e, AiEndpoint)]

    def endpoint(self, seat: int) -> Endpoint:
        return self._endpoints[seat]

    @property
    def endpoints(self) -> Iterator[Endpoint]:
        return iter(self._endpoints.values())

    # ------------------------------------------------------------------ where it stands

    def pending(self) -> int | None:
        """The seat to move, or None once the game is over."""
        game = self.game
        return None if game.is_over else game.to_move

    @property
    def moves(self) -> int:
        """The moves played in the game so far."""
        return self.game.move_count

    def view(self, seat: int) -> SeatView:
        """What ``seat`` sees now, and nothing more."""
        return self.game.view(seat)

    @property
    def holding(self) -> bool:
        """Whether an endpoint holds the play (nobody is asked while one does)."""
        return any(endpoint.holding for endpoint in self._holders)

    # ------------------------------------------------------------------ the loop

    def ask(self) -> tuple[int, Decision] | None:
        """Ask the seat to move for its move, without playing it: the seat and its answer, or None
        (the game is over, an endpoint holds the play, or the seat answers later). It reads the
        game and changes nothing, so an asyncio host may run it in a thread while nothing else
        plays, then :meth:`play` the answer on its loop."""
        game = self.game
        if game.is_over or self._holders and self.holding:
            return None
        seat = game.to_move
        decision = self._endpoints[seat].ask(game.view(seat))
        if decision is None:
            return None
        if self.on_decision is not None:
            self.on_decision(game, decision)
        return seat, decision

    def step(self) -> Decision | None:
        """Ask the seat to move and play its answer; the decision played, or None when nothing was
        (the game is over, an endpoint holds the play, or the seat answers later)."""
        asked = self.ask()
        if asked is None:
            return None
        seat, decision = asked
        self.play(seat, decision.move, decision.reason)
        return decision

    def run(self, max_moves: int | None = None) -> int:
        """Step until a seat answers later, an endpoint holds the play or the game is over (or
        ``max_moves`` moves were played); the number of moves played."""
        played = 0
        while (max_moves is None or played < max_moves) and self.step() is not None:
            played += 1
        return played

    def play(self, seat: int, move: Move | str, reason: Reason | None = None) -> list[Event]:
        """``seat`` plays ``move``: applied, recorded, then told to every endpoint. Raises NotYourTurn
        when another seat is to move, and what ``Game.apply`` raises for an illegal move (the rule
        it breaks), with nothing changed; the recorder's error if the disk refuses the move."""
        game = self.game
        to_move = self.pending()
        if seat != to_move:
            raise NotYourTurn(seat, to_move)
        if isinstance(move, str):
            move = Move.parse(move)
        if self.atomic is None and not self._listeners:
            # Nobody to tell and nothing to guard (AI seats only): the move and its record.
            events = self.last_events = game.apply(move)
            if self.recorder is not None:
                self.recorder.record(events, reason=reason)
            return events
        melds = game.deal.teams[game.seating.team_of[seat]].melds  # the deal's, even if the move ends it
        before = tuple(melds)
        with self.atomic() if self.atomic is not None else contextlib.nullcontext():
            events = self.last_events = game.apply(move)
            if self.recorder is not None:
                self.recorder.record(events, reason=reason)
            self._tell(seat, move, reason, events, before, tuple(melds))
        return events

    def _tell(
        self, seat: int, move: Move, reason: Reason | None, events: list[Event], before: tuple[Meld, ...],
        after: tuple[Meld, ...],
    ) -> None:
        public = not any(e.private for e in events)
        whole = tuple(events)
        seating = self.game.seating
        for endpoint in list(self._listeners):
            seen = whole if public else seen_by(events, endpoint.seat)
            told = told_reason(reason, seat, endpoint.seat, seating, open_partners=self.open_partners)
            endpoint.receive(Moved(seat, move, told, seen, before, after))

    def say(self, seat: int, text: str) -> Remark:
        """``seat`` says ``text`` to the table: recorded (before anyone hears it, as a move is), then
        heard by every endpoint, the sayer's too. Raises TableError (why, in words) for text that
        cannot be said (blank, too long, not text), with nothing recorded."""
        problem = remark_problem(text)
        if problem is not None:
            raise TableError(problem)
        if seat not in self.game.seating.seats:
            raise TableError(f"this table has no seat {seat}")
        remark = Remark(seat, text)
        with self.atomic() if self.atomic is not None else contextlib.nullcontext():
            if self.recorder is not None:
                self.recorder.remark(seat, text)
            for endpoint in list(self._endpoints.values()):
                endpoint.hear(remark)
        return remark

    def close(self) -> None:
        """Close the transcript (the game stays where it is)."""
        if self.recorder is not None:
            self.recorder.close()
            self.recorder = None

