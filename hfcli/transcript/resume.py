"""Continuing an unfinished game from its transcript (``hf play --resume``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from hfcli.engine.cards import Card
from hfcli.engine.game import Game
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView
from hfcli.system.files import NotRegularFile
from hfcli.transcript.digest import digest
from hfcli.transcript.header import Header, parse_header
from hfcli.transcript.kinds import digest_line
from hfcli.transcript.lines import MALFORMED, RecordedMove, SeatInfo, TranscriptError
from hfcli.transcript.reader import replay
from hfcli.transcript.source import Source, read_source
from hfcli.transcript.visitor import Replayed, Visitor
from hfcli.transcript.writer import TranscriptInUse, TranscriptWriteError, TranscriptWriter, hold

if TYPE_CHECKING:
    from hfcli.engine.seat import Player


class FinishedGame(TranscriptError):
    """The transcript records a whole game: there is nothing to resume. ``game`` is the game it
    records, replayed to its end, for the result to be shown instead."""

    def __init__(self, file: str | Path, line: int, game: Game) -> None:
        super().__init__(file, line, "the game is over; nothing to resume", MALFORMED)
        self.game = game


@dataclass
class Resumed:
    """An unfinished game rebuilt from its transcript, with a writer appending to the same file."""

    game: Game
    seats: list[SeatInfo]
    writer: TranscriptWriter
    warning: str | None = None
    moves: list[RecordedMove] = field(default_factory=list)  # with their reasons, oldest first
    # What each AI seat was shown at its moves so far in the turn the file stops in, oldest first.
    turn_views: list[SeatView] = field(default_factory=list)
    header: dict[str, Any] = field(default_factory=dict)  # the header line's data, keys only some files have too

    def recall(self, players: Mapping[int, Player]) -> None:
        """Bring the AI players made for the resumed game to where the game stopped: each is shown
        the views it chose at earlier in the turn in progress (:func:`hfcli.engine.seat.recall`). A player
        keeps things from move to move of a turn (the hand it held before taking the pile, its plan
        for the first meld); one made afresh in the middle of a turn would choose otherwise than
        the player that played on without a stop. Across turns a player keeps nothing it cannot
        read again from the public history, so the turn in progress is enough."""
        from hfcli.engine.seat import recall

        for seat, player in players.items():
            recall(player, (v for v in self.turn_views if v.seat == seat))


def hold_to_resume(path: str | Path) -> BinaryIO:
    """The transcript at ``path`` open and locked as its one writer (:func:`hold`), before anything
    is read: raises TranscriptInUse while another process writes it, and TranscriptError (line 0)
    for a file that cannot be opened or is not a regular file."""
    try:
        return hold(path)
    except TranscriptInUse:
        raise
    except NotRegularFile as exc:
        raise TranscriptError(str(path), 0, str(exc)) from None
    except OSError as exc:
        raise TranscriptError(str(path), 0, f"cannot read: {exc.strerror or exc}") from None


def resume(
    path: str | Path, *, fsync: bool = True, source: Source | None = None, held: BinaryIO | None = None,
    shoes: Sequence[Sequence[Card]] = (),
) -> Resumed:
    """Rebuild the game a transcript records, to continue it where the file ends.

    A torn last line (cut by a crash) is dropped from the file and reported in ``warning``; events
    the engine owes after the last complete move (a crash between lines) are written out first, so
    the file stays a complete record. Raises :class:`TranscriptError` on a file that does not replay,
    :class:`TranscriptInUse` while another process writes it and :class:`TranscriptWriteError` on
    one that cannot be written to. ``held`` is the file as :func:`hold_to_resume` locked it, and
    ``source`` the file as read from it since, if they were; the writer returned keeps the lock.
    ``shoes``: the game's shoes fixed before it began (an event's), for the deals not recorded yet.
    """
    if held is None:
        held = hold_to_resume(path)
        try:
            return resume(path, fsync=fsync, source=source, held=held, shoes=shoes)
        except BaseException:
            held.close()
            raise
    if source is None:
        source = read_source(path, held)
    turn = TurnViews()
    replayed = replay(path, turn, source=source, shoes=shoes)
    if replayed.game.is_over and not replayed.pending and not replayed.digest_due:
        raise FinishedGame(source.path, len(source.lines), replayed.game)
    try:
        if source.torn is not None:
            with open(path, "r+b") as handle:
                handle.truncate(source.torn_offset)
        writer = TranscriptWriter.append_to(
            path, replayed.game, fsync=fsync, version=replayed.header.version, chain=replayed.chain, held=held
        )
    except OSError as exc:
        raise TranscriptWriteError(path, exc) from None
    try:
        owed = replayed.pending + ([digest_line(digest(replayed.game))] if replayed.digest_due else [])
        if owed:
            writer.write_lines(owed)
    except BaseException:
        writer.close()
        raise
    return Resumed(replayed.game, replayed.header.seats, writer, source.warning, replayed.moves, turn.views,
                   replayed.header.data)


class TurnViews(Visitor):
    """What each AI seat was shown at its moves in the turn the file stops in, oldest first: what a
    resumed player is shown again (:meth:`Resumed.recall`)."""

    def __init__(self) -> None:
        self.views: list[SeatView] = []
        self.ai_seats: set[int] = set()

    def begin(self, path: str, header: Header, game: Game) -> None:
        self.ai_seats = {seat for seat, info in enumerate(header.seats) if info.kind == "ai"}

    def move(self, game: Game, move: RecordedMove) -> None:
        if game.turn.phase is Phase.DRAW and not game.turn.asked:
            self.views.clear()  # a turn starts: nothing before it is kept through it
        if move.seat in self.ai_seats:
            self.views.append(game.view(move.seat))

    def end(self, replayed: Replayed) -> None:
        if replayed.game.turn.phase is Phase.DRAW and not replayed.game.turn.asked:
            self.views.clear()  # the file stops between turns


def human_seat(source: Source) -> int:
    """The seat of the one human the header lists. A game with none or several cannot be continued
    at one keyboard: TranscriptError, raised before anything touches the file."""
    path = source.path
    humans = parse_header(source).human_seats
    if not humans:
        raise TranscriptError(path, 1, "this game has no human seat: use 'hf replay' to watch it", MALFORMED)
    if len(humans) > 1:
        raise TranscriptError(path, 1, f"this game has {len(humans)} human seats and hf play seats one: "
                              "use 'hf replay' to watch it", MALFORMED)
    return humans[0]

