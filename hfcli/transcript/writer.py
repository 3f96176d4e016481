"""Writing a transcript as a game is played: one line an event, durable after every line."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hfcli.engine.events import Event, EventKind
from hfcli.engine.game import Game
from hfcli.transcript.digest import Digester
from hfcli.transcript.lines import SeatInfo, digest_line, dumps_compact, ends_turn, event_line, header_dict, move_line


class TranscriptWriter:
    """Appends a game's events to its transcript, one line each, durable after every line."""

    def __init__(self, path: Path, game: Game, fd: int, *, fsync: bool = True) -> None:
        self.path = path
        self.game = game
        self._fd: int | None = fd
        self._fsync = fsync
        self._digester = Digester()

    @classmethod
    def create(
        cls,
        path: str | Path,
        game: Game,
        seats: Sequence[SeatInfo],
        *,
        fsync: bool = True,
        created: str | None = None,
        header: Mapping[str, Any] | None = None,
    ) -> TranscriptWriter:
        """Create parent dirs; write the header and what the game has done so far (deal 1).
        ``header`` adds keys to the header: a game built from a position (it has done nothing yet)
        must give that position as ``position``, for the file to replay without anything else."""
        if len(seats) != len(game.seating.names):
            raise ValueError(f"{len(game.seating.names)} seats need as many SeatInfo, not {len(seats)}")
        if not game.events and "position" not in (header or {}):
            raise ValueError("a game built from a position is recorded with that position in the header")
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o644)
        writer = cls(p, game, fd, fsync=fsync)
        if fsync:
            # The new file's name must survive a crash too, not only its lines.
            folder = os.open(p.parent, os.O_RDONLY)
            try:
                os.fsync(folder)
            finally:
                os.close(folder)
        writer.write_line(dumps_compact(header_dict(game, seats, created, header)))
        # Events so far; moves among them were made before recording began and carry no reason.
        for e in game.events:
            writer.write_line(event_line(e, game))
        return writer

    @classmethod
    def append_to(cls, path: str | Path, game: Game, *, fsync: bool = True) -> TranscriptWriter:
        p = Path(path)
        fd = os.open(p, os.O_WRONLY | os.O_APPEND)
        return cls(p, game, fd, fsync=fsync)

    def write_line(self, line: str) -> None:
        """Append one line as it stands (resume uses it for lines a crash cut off)."""
        if self._fd is None:
            raise ValueError(f"{self.path}: the transcript is closed")
        # One write call a line: a kill can cut the file only between lines or inside the last one.
        os.write(self._fd, (line + "\n").encode("utf-8"))
        if self._fsync:
            os.fsync(self._fd)

    def record(self, events: Sequence[Event], reason: str | None = None) -> None:
        """Call after every game.apply(move) with the events it returned and the AI's reason
        for the move (None for a human). Appends, flushes and fsyncs every line."""
        game = self.game
        names = game.seating.names
        for e in events:
            if e.kind == EventKind.MOVE and e.move is not None and e.seat is not None:
                self.write_line(move_line(names[e.seat], e.move, reason))
            else:
                self.write_line(event_line(e, game))
        if ends_turn(events):
            self.write_line(digest_line(self._digester.digest(game)))

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> TranscriptWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
