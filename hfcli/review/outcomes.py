"""What followed a move in the imagined deals, counted as a card player would tell it: whether the
seat's foot came up that turn, whether the next player took the pile and how many cards, how
many books the side closed and how many points of cards it laid, whether it went out. The
review's rollouts are watched, never changed: the figures come from the same deals, the same
moves, that give a decision's cost.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from hfcli.engine.game import Game
from hfcli.engine.moves import Move, MoveKind
from hfcli.engine.scoring import cards_value
from hfcli.engine.state import Phase
from hfcli.review.model import Outcomes


def _books(game: Game, team: int) -> int:
    return sum(1 for m in game.deal.teams[team].melds if m.is_book)


def _laid(game: Game, team: int) -> int:
    """The points of the cards a side has on the table, as the score sheet counts them."""
    return sum(cards_value(m.cards, game.rules) for m in game.deal.teams[team].melds)


@dataclass(frozen=True)
class Line:
    """What followed one move in one imagined deal."""

    foot: bool  # the seat held its foot when its turn ended (or it went out)
    pile_cards: int  # the cards the next player took from the pile at its turn; 0: it did not
    books: int  # books the seat's side closed, from the move to where the rollout stopped
    out: bool  # the seat's side went out
    laid: int  # the points of the cards the side laid on the table, from the move to where it stopped


class Watch:
    """Shown each move of one rollout (a watcher of the comparison in ``hfcli.analysis``), it keeps
    what a :class:`Line` needs and, shown where the rollout stopped, makes the :attr:`line`."""

    def __init__(self, game: Game, seat: int) -> None:
        self.seat = seat
        self.team = game.seating.team_of[seat]
        self.next_seat = game.seating.next_seat(seat)
        self.deal = game.deal.index
        self.books_before = _books(game, self.team)
        self.laid_before = _laid(game, self.team)
        self.foot = game.deal.feet[seat] is None
        self.turn_over = False
        self.next_seen = False
        self.pile_cards = 0
        self._line: Line | None = None

    def __call__(self, game: Game, move: Move) -> None:
        if game.deal.index != self.deal:
            return
        if not self.turn_over:
            self.foot = game.deal.feet[self.seat] is None
            self.turn_over = game.turn.seat != self.seat
        if self.turn_over and not self.next_seen and game.turn.seat == self.next_seat:
            if game.turn.phase is Phase.DRAW and game.turn.to_move == self.next_seat:
                self.next_seen = True
                # the cards it takes: the top ones, up to the table's limit (C-PILE)
                self.pile_cards = min(len(game.deal.pile), game.rules.pile_limit) if move.kind is MoveKind.PICKUP else 0

    def stopped(self, game: Game) -> None:
        self._line = self.read(game)

    @property
    def line(self) -> Line:
        """What followed the move, once the rollout has stopped."""
        if self._line is None:
            raise ValueError("the rollout has not stopped yet")
        return self._line

    def read(self, game: Game) -> Line:
        """The line of the rollout that stopped at ``game``."""
        if game.deal.index == self.deal and not game.is_over:
            if not self.turn_over:
                self.foot = game.deal.feet[self.seat] is None
            return Line(self.foot, self.pile_cards, _books(game, self.team) - self.books_before, False,
                        _laid(game, self.team) - self.laid_before)
        result = game.results[self.deal]
        side = result.teams[self.team]
        books = side.clean_books + side.dirty_books + side.wild_books
        out = result.went_out is not None and game.seating.team_of[result.went_out] == self.team
        went_out_now = out and not self.turn_over and result.went_out == self.seat
        return Line(self.foot or went_out_now, self.pile_cards, books - self.books_before, out,
                    side.meld_points - self.laid_before)


def outcomes(lines: Sequence[Line]) -> Outcomes:
    """The lines of one move over its imagined deals, as shares and means."""
    n = len(lines)
    if not n:
        return Outcomes(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    taken = [line.pile_cards for line in lines if line.pile_cards]
    return Outcomes(
        deals=n,
        foot=sum(line.foot for line in lines) / n,
        pile=len(taken) / n,
        pile_cards=statistics.fmean(taken) if taken else 0.0,
        books=statistics.fmean(line.books for line in lines),
        out=sum(line.out for line in lines) / n,
        laid=statistics.fmean(line.laid for line in lines),
    )
