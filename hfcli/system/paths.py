"""Where hfcli keeps a user's files: transcripts and command history.

The data folder is the platform's per-user one, from ``platformdirs`` (``$XDG_DATA_HOME/hfcli`` or
``~/.local/share/hfcli`` on Linux, ``~/Library/Application Support/hfcli`` on macOS, the roaming
AppData on Windows; relative XDG values are ignored, as the XDG specification says).
``HF_DATA_DIR`` overrides it. Folders are created on first use, below a home folder that exists:
a home that does not exist is never made (the message says where the files would go instead).
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from hfcli.system.printable import hidden_characters

APP = "hfcli"
HOW_TO_SET = "set HF_DATA_DIR to a folder for hf's files, or give --transcript FILE"


class DataFolderError(OSError):
    """No place for the user's files can be found; the message says how to give one."""


def data_dir() -> Path:
    override = os.environ.get("HF_DATA_DIR")
    if override:
        if hidden_characters(override):
            raise DataFolderError(f"HF_DATA_DIR has control characters ({override!r}); {HOW_TO_SET}")
        return Path(override).expanduser()
    try:
        folder = platformdirs.user_data_path(APP, appauthor=False)
    except RuntimeError as exc:  # no home folder to be found at all
        raise DataFolderError(f"no home folder for hf's files ({exc}); {HOW_TO_SET}") from None
    if not folder.is_absolute() or _at_the_root(folder) or hidden_characters(str(folder)):
        raise DataFolderError(f"no home folder for hf's files (it would be {folder}); {HOW_TO_SET}")
    home = Path(os.path.expanduser("~"))
    if folder.is_relative_to(home) and not home.is_dir():
        # A home that is not there is a mistyped or unset-up HOME: made by hf, it would be nobody's.
        raise DataFolderError(f"the home folder {home} does not exist, so there is no {folder} for hf's files; "
                              f"{HOW_TO_SET}")
    return folder


def _at_the_root(folder: Path) -> bool:
    """A home of "/" (or an empty HOME read as one) puts the per-user folder in a hidden folder at
    the root of the file system, ``/.local/share/hfcli``: no place for one user's files."""
    parts = folder.relative_to(folder.anchor).parts
    return bool(parts) and parts[0].startswith(".")


def transcripts_dir() -> Path:
    return data_dir() / "transcripts"


def events_dir() -> Path:
    """Where hf event play keeps this data folder's entries, one file an event."""
    return data_dir() / "events"


def reviews_dir() -> Path:
    """Where reviews are kept for hf practice (and a second hf review), each named by its
    transcript's digest."""
    return data_dir() / "reviews"


def history_file() -> Path:
    return data_dir() / "history"


def new_transcript_path(seed: int | None, now: datetime | None = None) -> Path:
    """A fresh timestamped transcript path, e.g. ``.../transcripts/2026-11-30T05-31-02-seed7.jsonl``.
    A seed of more than 16 digits (a fresh one has 39) is left out of the name: it would make a
    name too long to read, and the header has it."""
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H-%M-%S")
    suffix = f"-seed{seed}" if seed is not None and seed < 10**16 else ""
    folder = transcripts_dir()
    path = folder / f"{stamp}{suffix}.jsonl"
    n = 2
    while path.exists():
        path = folder / f"{stamp}{suffix}-{n}.jsonl"
        n += 1
    return path
