"""Opening a user's file to read itfrom hfcli.engine.errors import HandFootError
: regular files only; and the modes of what hf makes.

A path on the command line can name a FIFO (reading it blocks until someone writes), a device
(``/dev/zero`` never ends) or a folder. Each is refused with a message that says what it is,
before anything is read; a FIFO is opened without blocking so that it can be told apart at all.

Whatever hf makes is its user's alone: a transcript holds every card of the game (a hosted game's
too, while it is played), a history holds what was typed. Files are made 0600 and folders 0700,
so another account on a shared machine reads none of it. A folder that is there already keeps
its mode: it may be one the user shares on purpose (``HF_DATA_DIR=/tmp``).
"""

from __future__ import annotations

import os
import stat
import sys
import tomllib
from pathlib import Path
from typing import Any, BinaryIO

from hfcli.engine.errors import HandFootError

PRIVATE_FILE = 0o600  # the mode of every file hf makes: its owner reads and writes it, nobody else
PRIVATE_FOLDER = 0o700  # and of every folder it makes

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class NotRegularFile(OSError):
    """The path names something other than a regular file: its ``kind`` says what."""

    def __init__(self, path: str | Path, kind: str) -> None:
        super().__init__(f"not a regular file ({kind})")
        self.path = str(path)
        self.kind = kind


class FileTooLarge(OSError):
    """A file larger than the reader takes."""

    def __init__(self, path: str | Path, limit: int) -> None:
        super().__init__(f"larger than {limit:,} bytes")
        self.path = str(path)
        self.limit = limit


def open_regular(path: str | Path) -> BinaryIO:
    """Open ``path`` for reading in binary; raises NotRegularFile for anything but a regular file,
    and OSError as ``open`` does."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "not a file")
            raise NotRegularFile(path, kind)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_text_file(path: str | Path, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; a larger one raises FileTooLarge."""
    with open_regular(path) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(path, limit)
    return data


class UnreadableFile(HandFootError):
    """A file from outside that cannot be read as what it should be; the message says why, in
    words that follow the file's name (``not UTF-8 text (line 2)``)."""


def read_toml_file(path: str | Path, limit: int) -> dict[str, Any]:
    """A regular file of at most ``limit`` bytes read as TOML in UTF-8 (house rules, an event, the
    preferences); UnreadableFile says what is wrong."""
    try:
        raw = read_text_file(path, limit)
    except (NotRegularFile, FileTooLarge) as exc:
        raise UnreadableFile(str(exc)) from None
    except OSError as exc:
        raise UnreadableFile(f"cannot read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise UnreadableFile(f"not UTF-8 text (line {line})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UnreadableFile(f"not valid TOML: {exc}") from None
    except ValueError:
        # tomllib reads a number with int(), which refuses one of thousands of digits; no file of hf's takes one.
        raise UnreadableFile(f"a number in it is too long to read (more than {sys.get_int_max_str_digits()} "
                             "digits)") from None
    except RecursionError:
        raise UnreadableFile("nested too deep to read") from None


def make_private_folder(folder: Path) -> None:
    """``mkdir -p`` with mode 0700 at every level it makes (``Path.mkdir`` gives the parents it makes
    the default mode); folders that are there already are left as they are."""
    missing = []
    for level in (folder, *folder.parents):
        if level.is_dir():
            break
        missing.append(level)
    for level in reversed(missing):
        try:
            level.mkdir(PRIVATE_FOLDER)
        except FileExistsError:
            if not level.is_dir():
                raise
            # Another process made it a moment ago: its mode is its maker's.


def touch_private(path: Path) -> None:
    """Make ``path`` an empty file of mode 0600 when nothing is there, for a library that then
    opens it by name with the default mode (prompt_toolkit's history); a file there is left as it is."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), PRIVATE_FILE)
    except FileExistsError:
        return
    os.close(fd)
