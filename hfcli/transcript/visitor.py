"""Visitors: what a replay of a transcript shows whoever reads it, in the file's order.

:func:`hfcli.transcript.reader.replay` is the one driver: it reads the header, builds the game, and
checks every line against the engine. Whatever a reader wants of a game on the way (a copy of the
game before a move, the views an AI seat was shown, where each deal began) it takes as a
:class:`Visitor`: a class whose methods the driver calls as it goes, each a no-op here, so a visitor
writes only the ones it needs and keeps what it finds in its own fields. A visitor only looks: it
never changes the game it is shown (:meth:`Game.clone` takes a copy to keep).

:class:`Replayed`, what the driver returns and shows a visitor at the end, is here too. The stock
visitors below serve several commands: :class:`AiCheck` (``hf verify --ai``, an event's
entries) and :class:`PositionAfter` (``hf play --from``, tests).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from hfcli.engine.game import Game
from hfcli.engine.moves import parse_move
from hfcli.transcript.header import Header
from hfcli.transcript.lines import DIVERGENCE, RecordedMove, RecordedRemark, TranscriptError
from hfcli.transcript.source import Source

if TYPE_CHECKING:
    from hfcli.engine.seat import Player


@dataclass
class Replayed:
    """The outcome of replaying a transcript."""

    source: Source
    header: Header
    game: Game
    # Each move's RecordedMove fields; the objects themselves are built only if asked for.
    recorded: list[tuple[int, int, int, int, str, str | None, object]] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)  # lines the engine produced that the file lacks
    digest_due: bool = False  # the file ends after a turn's last event but before its digest
    digests: int = 0
    chain: str = ""  # the chain after the last move (version 2 on)
    lines: int = 0
    remarks: list[RecordedRemark] = field(default_factory=list)  # what the seats said, in order

    @cached_property
    def moves(self) -> list[RecordedMove]:
        """Every move the file records, in order (asked for once the replay is done)."""
        return [RecordedMove(*fields) for fields in self.recorded]

    @property
    def finished(self) -> bool:
        return self.game.is_over and not self.pending and not self.digest_due


class Visitor:
    """A reader of a replayed transcript. The driver calls, in order: :meth:`begin` once, then
    :meth:`move` before each recorded move and :meth:`remark` at each remark, as the file has them,
    then :meth:`end` once the whole file has replayed. A visitor that raises
    :class:`TranscriptError` stops the replay with its message."""

    def begin(self, path: str, header: Header, game: Game) -> None:
        """The header as read, and the game as the file's first line after it finds it."""

    def move(self, game: Game, move: RecordedMove) -> None:
        """The game just before ``move`` is applied (the move is legal and by the seat to move)."""

    def remark(self, remark: RecordedRemark) -> None:
        """A remark a seat made at the table, between moves."""

    def end(self, replayed: Replayed) -> None:
        """The file replayed to its end: the game as it leaves it, and what it owes."""

    @property
    def sees_moves(self) -> bool:
        """Whether the visitor looks at moves: the driver builds each move's record only for one that does."""
        return type(self).move is not Visitor.move


class Visitors(Visitor):
    """Several visitors shown one replay, each in turn, in the order given."""

    def __init__(self, visitors: Sequence[Visitor]) -> None:
        self.visitors = tuple(visitors)
        self._movers = tuple(v for v in self.visitors if v.sees_moves)

    @property
    def sees_moves(self) -> bool:
        return bool(self._movers)

    def begin(self, path: str, header: Header, game: Game) -> None:
        for visitor in self.visitors:
            visitor.begin(path, header, game)

    def move(self, game: Game, move: RecordedMove) -> None:
        for visitor in self._movers:
            visitor.move(game, move)

    def remark(self, remark: RecordedRemark) -> None:
        for visitor in self.visitors:
            visitor.remark(remark)

    def end(self, replayed: Replayed) -> None:
        for visitor in self.visitors:
            visitor.end(replayed)


class AiCheck(Visitor):
    """Today's AI asked at every AI seat, which must choose the recorded move (``hf verify --ai``):
    each seat's player is made from the level the header records for it."""

    def __init__(self) -> None:
        self.players: list[Player | None] = []
        self.path = ""
        self.names: tuple[str, ...] = ()

    def begin(self, path: str, header: Header, game: Game) -> None:
        from hfcli.levels import make_player, seat_together

        self.path, self.names = path, game.seating.names
        for seat, info in enumerate(header.seats):
            if info.kind == "ai":
                try:
                    self.players.append(make_player(info.level or "", header.seed, seat))
                except ValueError as exc:
                    raise TranscriptError(path, 1, f"seat {self.names[seat]}: {exc}") from None
            else:
                self.players.append(None)
        seat_together(self.players)

    def move(self, game: Game, move: RecordedMove) -> None:
        player = self.players[move.seat]
        if player is None:
            return
        chosen = player.choose(game.view(move.seat)).move
        if chosen != parse_move(move.move):
            raise TranscriptError(
                self.path, move.line,
                f"expected {move.move!r} (as recorded), got {str(chosen)!r} from today's AI at {self.names[move.seat]}",
                DIVERGENCE,
            )


class PositionAfter(Visitor):
    """A copy of the game after ``moves`` moves, kept when the move after them comes (``hf play
    --from FILE:MOVE``); the game after the last move is the replay's own."""

    def __init__(self, moves: int) -> None:
        self.moves = moves
        self.game: Game | None = None

    def move(self, game: Game, move: RecordedMove) -> None:
        if move.number == self.moves + 1:
            self.game = game.clone()
