"""Where hfcli keeps a user's files: transcripts and command history.

Follows the XDG base-directory convention (``$XDG_DATA_HOME/hfcli``, else
``~/.local/share/hfcli``); ``HF_DATA_DIR`` overrides it. Folders are created on first use.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path


def data_dir() -> Path:
    override = os.environ.get("HF_DATA_DIR")
    if override:
        return Path(override).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "hfcli"


def transcripts_dir() -> Path:
    return data_dir() / "transcripts"


def history_file() -> Path:
    return data_dir() / "history"


def new_transcript_path(seed: int | None, now: datetime | None = None) -> Path:
    """A fresh timestamped transcript path, e.g. ``.../transcripts/2026-11-30T05-31-02-seed7.jsonl``."""
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H-%M-%S")
    suffix = f"-seed{seed}" if seed is not None else ""
    folder = transcripts_dir()
    path = folder / f"{stamp}{suffix}.jsonl"
    n = 2
    while path.exists():
        path = folder / f"{stamp}{suffix}-{n}.jsonl"
        n += 1
    return path
