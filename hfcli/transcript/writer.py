"""Writing a transcript as a game is played: one line an event, durable after every move."""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, BinaryIO

from hfcli.engine.errors import HandFootError
from hfcli.engine.events import Event, EventKind
from hfcli.engine.game import Game
from hfcli.engine.reasons import Reason
from hfcli.system.files import PRIVATE_FILE, make_private_folder, open_regular
from hfcli.text.reason_text import record_text
from hfcli.transcript.digest import Digester
from hfcli.transcript.kinds import digest_line, event_line, move_line, remark_line
from hfcli.transcript.lines import (
    MAX_LINE_BYTES,
    VERSION,
    SeatInfo,
    dumps_compact,
    ends_turn,
    header_dict,
    move_chain,
)

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)  # a program hf starts does not inherit the transcript


class TranscriptWriteError(OSError):
    """The disk refused a write (file too large, disk full, an I/O error). What could not be written
    in full has been taken back, so the file ends with the last move recorded before it."""

    def __init__(self, path: str | Path, cause: OSError) -> None:
        super().__init__(cause.errno, cause.strerror or str(cause), str(path))
        self.path = Path(path)


class HeaderTooLong(HandFootError):
    """The header line would be longer than a reader reads: the transcript is not written at all."""

    def __init__(self, size: int, largest: str, largest_size: int) -> None:
        super().__init__(
            f"the transcript's header would be {size:,} bytes, and a transcript's lines are read up to "
            f"{MAX_LINE_BYTES >> 20} MiB ({MAX_LINE_BYTES:,} bytes); its largest part is {largest} "
            f"({largest_size:,} bytes)"
        )
        self.size = size


def header_line(data: Mapping[str, Any]) -> str:
    """The header line of ``data``; HeaderTooLong if a reader could not read it back."""
    line = dumps_compact(dict(data))
    size = len(line.encode("utf-8", "surrogatepass"))
    if size > MAX_LINE_BYTES:
        parts = {key: len(dumps_compact({key: value}).encode("utf-8", "surrogatepass")) for key, value in data.items()}
        rules = data.get("rules")
        if isinstance(rules, dict):  # a rule set's text is its name or a list: name the field
            parts |= {f"the rules' {key}": len(dumps_compact({key: value}).encode("utf-8", "surrogatepass"))
                      for key, value in rules.items()}
            parts.pop("rules")
        largest = max(parts, key=parts.__getitem__)
        raise HeaderTooLong(size, largest, parts[largest])
    return line


class TranscriptInUse(OSError):
    """Another process writes this transcript: it holds the file's lock (one writer a transcript)."""

    def __init__(self, path: str | Path) -> None:
        super().__init__(errno.EWOULDBLOCK, "in use: another hf play or hf host is writing this game", str(path))
        self.path = Path(path)


def lock(fd: int, path: str | Path, *, wait: bool = False) -> None:
    """Take the one writer's lock of the transcript open at ``fd``: an exclusive ``flock``, held until
    the file is closed (a crash closes it too, so a killed game never leaves a lock behind). Raises
    TranscriptInUse when another process holds it; ``wait`` waits for it instead (for a file just
    created, which another can hold only for the moment it takes to find it empty). Where there is
    no ``flock`` (Windows) nothing is locked."""
    if sys.platform == "win32":
        return
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except BlockingIOError:
        raise TranscriptInUse(path) from None


def hold(path: str | Path) -> BinaryIO:
    """The existing transcript at ``path``, open for reading and locked as its one writer: taken
    before anything is read, written or shown, so two processes never both continue one game.
    Raises NotRegularFile for anything but a regular file, TranscriptInUse, and OSError as ``open``."""
    handle = open_regular(path)
    try:
        lock(handle.fileno(), path)
    except BaseException:
        handle.close()
        raise
    return handle


def in_use(path: str | Path) -> bool:
    """Whether another process holds the lock of the transcript at ``path`` (asked without waiting,
    and let go at once)."""
    try:
        handle = open_regular(path)
    except OSError:
        return False
    with handle:
        try:
            lock(handle.fileno(), path)
        except TranscriptInUse:
            return True
    return False


class TranscriptWriter:
    """Appends a game's events to its transcript: each move with the lines it caused in one write,
    then an fsync, so a move reaches the disk whole before the game goes on."""

    def __init__(
        self, path: Path, game: Game, fd: int, *, fsync: bool = True, size: int = 0, version: int = VERSION,
        chain: str = "", held: BinaryIO | None = None,
    ) -> None:
        self.path = path
        self.game = game
        self._fd: int | None = fd
        self._held = held  # the file as opened to lock it, when not by ``fd``: closed with the writer
        self._fsync = fsync
        self._size = size  # bytes in the file: where a refused write is cut back to
        self._digester = Digester()
        self._chained = version >= 2  # a version 1 file goes on as version 1, without chains
        self._chain = chain  # the chain after the last move written

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
        """Create parent dirs and a new file; write the header and what the game has done so far
        (deal 1). ``header`` adds keys to the header: a game built from a position (it has done
        nothing yet) must give that position as ``position``, for the file to replay without anything
        else. A file that exists already raises FileExistsError and is left as it is: the file is
        created exclusively, so nothing can appear under the name between a check and the open. A
        file whose first lines cannot be written is removed: an empty transcript is no use to anyone.
        A header longer than a reader reads raises HeaderTooLong before any file is made."""
        if len(seats) != len(game.seating.names):
            raise ValueError(f"{len(game.seating.names)} seats need as many SeatInfo, not {len(seats)}")
        if not game.events and "position" not in (header or {}):
            raise ValueError("a game built from a position is recorded with that position in the header")
        p = Path(path)
        header_text = header_line(header_dict(game, seats, created, header))
        _make_folder(p.parent)
        fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | _CLOEXEC, PRIVATE_FILE)
        writer = cls(p, game, fd, fsync=fsync)
        try:
            lock(fd, p, wait=True)
            if fsync:
                # The new file's name must survive a crash too, not only its lines.
                folder = os.open(p.parent, os.O_RDONLY)
                try:
                    os.fsync(folder)
                finally:
                    os.close(folder)
            # Events so far; moves among them were made before recording began and carry no reason.
            lines, chain = writer._lines(game.events, None)
            writer._append([header_text, *lines])
            writer._chain = chain
        except BaseException:
            writer.close()
            p.unlink(missing_ok=True)
            raise
        return writer

    @classmethod
    def append_to(
        cls, path: str | Path, game: Game, *, fsync: bool = True, version: int = VERSION, chain: str = "",
        held: BinaryIO | None = None,
    ) -> TranscriptWriter:
        """A writer that goes on with a file of ``version`` whose last move's chain is ``chain``;
        ``held`` is the file as :func:`hold` locked it (the writer closes it), else it is locked here."""
        p = Path(path)
        fd = os.open(p, os.O_WRONLY | os.O_APPEND | _CLOEXEC)
        try:
            if held is None:
                lock(fd, p)
            elif not _same_file(fd, held.fileno()):
                # Another file was put in its place since it was locked and read: not the game read.
                raise TranscriptInUse(p)
            size = os.lseek(fd, 0, os.SEEK_END)
        except BaseException:
            os.close(fd)
            raise
        return cls(p, game, fd, fsync=fsync, size=size, version=version, chain=chain, held=held)

    def write_lines(self, lines: Sequence[str]) -> None:
        """Append lines as they stand, in one write (resume uses it for lines a crash cut off)."""
        self._append(lines)

    def record(self, events: Sequence[Event], reason: Reason | None = None) -> None:
        """Call after every game.apply(move) with the events it returned and the AI's reason for
        the move (None for a human), recorded whole: its words and its data. Appends the lines
        (and the turn's digest) in one write and fsyncs; raises TranscriptWriteError, with nothing
        of the move left in the file, if the disk refuses them."""
        lines, chain = self._lines(events, reason)
        if ends_turn(events):
            lines.append(digest_line(self._digester.digest(self.game)))
        self._append(lines)
        self._chain = chain  # only once the move is on the disk

    def remark(self, seat: int, text: str) -> None:
        """A line ``seat`` said at the table (``say``), between moves: one write and an fsync, as a
        move's are; no chain and no digest (it changes nothing in the game)."""
        self._append([remark_line(self.game.seating.names[seat], text)])

    def _lines(self, events: Sequence[Event], reason: Reason | None) -> tuple[list[str], str]:
        """The lines of ``events`` and the chain after their moves."""
        game = self.game
        names = game.seating.names
        chain = self._chain
        said = None if reason is None else record_text(reason, game.seating.long_names)
        lines = []
        for e in events:
            if e.kind == EventKind.MOVE and e.move is not None and e.seat is not None:
                seat, move = names[e.seat], str(e.move)
                if self._chained:
                    chain = move_chain(chain, seat, move)
                lines.append(move_line(seat, move, said, chain if self._chained else None, reason))
            else:
                lines.append(event_line(e, game))
        return lines, chain

    def _append(self, lines: Sequence[str]) -> None:
        if self._fd is None:
            raise ValueError(f"{self.path}: the transcript is closed")
        fd = self._fd
        payload = "".join(line + "\n" for line in lines).encode("utf-8")
        if len(payload) > MAX_LINE_BYTES and any(len(line.encode("utf-8")) > MAX_LINE_BYTES for line in lines):
            # Nothing hf writes after the header comes near it; written, it would end the file for every reader.
            raise TranscriptWriteError(self.path, OSError(errno.EFBIG, f"a line longer than {MAX_LINE_BYTES:,} bytes, "
                                                                      "more than a reader reads"))
        data = memoryview(payload)
        start = self._size
        try:
            while data:
                # A write may take only part of the bytes (a file-size limit, a signal): go on
                # until all are written or the disk says why not.
                written = os.write(fd, data)
                if written <= 0:
                    raise OSError(errno.EIO, os.strerror(errno.EIO))
                data = data[written:]
            if self._fsync:
                os.fsync(fd)
        except OSError as exc:
            self._cut_back(start)
            raise TranscriptWriteError(self.path, exc) from None
        self._size = start + len(payload)

    def _cut_back(self, size: int) -> None:
        """Take back a partly written move; if even that fails, the torn last line is dropped by
        ``--resume`` and reported by ``hf verify``."""
        if self._fd is None:
            return
        try:
            os.ftruncate(self._fd, size)
        except OSError:
            pass

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        if self._held is not None:
            self._held.close()  # the lock goes with the last descriptor of the file as locked
            self._held = None

    def __enter__(self) -> TranscriptWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _same_file(fd: int, other: int) -> bool:
    one, two = os.fstat(fd), os.fstat(other)
    return (one.st_dev, one.st_ino) == (two.st_dev, two.st_ino)


def _make_folder(folder: Path) -> None:
    """``mkdir -p``, each folder made 0700; a file where a folder should be is named in the error."""
    try:
        make_private_folder(folder)
    except (FileExistsError, NotADirectoryError):
        blocker = next((p for p in (*reversed(folder.parents), folder) if p.exists() and not p.is_dir()), folder)
        raise NotADirectoryError(errno.ENOTDIR, f"{blocker} is a file, not a folder") from None
