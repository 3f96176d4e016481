"""Continuing an unfinished game from its transcript (``hf play --resume``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from hfcli.game import Game
from hfcli.transcript.lines import MALFORMED, RecordedMove, SeatInfo, TranscriptError, digest_line
from hfcli.transcript.reader import read_source, replay
from hfcli.transcript.writer import TranscriptWriter


@dataclass
class Resumed:
    """An unfinished game rebuilt from its transcript, with a writer appending to the same file."""

    game: Game
    seats: list[SeatInfo]
    writer: TranscriptWriter
    warning: str | None = None
    moves: list[RecordedMove] = field(default_factory=list)

    @property
    def reasons(self) -> list[RecordedMove]:
        """The recorded moves with their reasons, oldest first (for the REPL's ``log``)."""
        return self.moves


def resume(path: str | Path, *, fsync: bool = True) -> Resumed:
    """Rebuild the game a transcript records, to continue it where the file ends.

    A torn last line (cut by a crash) is dropped from the file and reported in ``warning``; events
    the engine owes after the last complete move (a crash between lines) are written out first, so
    the file stays a complete record. Raises :class:`TranscriptError` on a file that does not replay.
    """
    source = read_source(path)
    replayed = replay(path, source=source)
    if replayed.game.is_over and not replayed.pending and not replayed.digest_due:
        raise TranscriptError(source.path, len(source.lines), "the game is over; nothing to resume", MALFORMED)
    if source.torn is not None:
        with open(path, "r+b") as handle:
            handle.truncate(source.torn_offset)
    writer = TranscriptWriter.append_to(path, replayed.game, fsync=fsync)
    for line in replayed.pending:
        writer.write_line(line)
    if replayed.digest_due:
        writer.write_line(digest_line(replayed.game))
    return Resumed(replayed.game, replayed.header.seats, writer, source.warning, replayed.moves)

