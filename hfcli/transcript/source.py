"""A transcript's bytes as lines, and each line as strict JSON: what every reader of a transcript
starts from (the replay, the scan of a report, a scenario)."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from hfcli.system.files import NotRegularFile, open_regular
from hfcli.transcript.lines import MAX_LINE_BYTES, TranscriptError


@dataclass
class Source:
    """A transcript's lines, split and decoded; a torn last line (no newline) is set aside."""

    path: str
    lines: list[str]  # lines[0] is line 1
    torn: int | None = None  # the number of a dropped torn last line
    torn_offset: int = 0  # byte offset where the torn line starts

    @property
    def warning(self) -> str | None:
        return None if self.torn is None else f"{self.path}:{self.torn}: torn last line dropped"


_CHUNK = MAX_LINE_BYTES  # the longest line a reader reads (hfcli.transcript.lines)


def read_source(path: str | Path, handle: BinaryIO | None = None) -> Source:
    """A regular file's lines; anything else, and a line longer than MAX_LINE_BYTES, is malformed.
    ``handle`` is the file already open (as locked to resume it): read from its start, left open."""
    name = str(path)
    try:
        if handle is not None:
            handle.seek(0)
            data = _read_lines(handle, name)
        else:
            with open_regular(path) as opened:
                data = _read_lines(opened, name)
    except NotRegularFile as exc:
        raise TranscriptError(name, 0, str(exc)) from None
    except OSError as exc:
        raise TranscriptError(name, 0, f"cannot read: {exc.strerror or exc}") from None
    complete = data.rfind(b"\n") + 1  # the complete lines end here
    torn: int | None = None
    if complete < len(data):
        torn = data.count(b"\n", 0, complete) + 1
    body = data[:complete]
    try:
        text = body.decode("utf-8")  # the whole file at once: far cheaper than line by line
    except UnicodeDecodeError as exc:
        line_start = body.rfind(b"\n", 0, exc.start) + 1
        raise TranscriptError(
            name, body.count(b"\n", 0, exc.start) + 1, f"not UTF-8 text (byte {exc.start - line_start + 1} of the line)"
        ) from None
    lines = text.split("\n")
    lines.pop()  # what follows the last newline: nothing
    return Source(name, lines, torn, complete if torn is not None else 0)


def _read_lines(handle: BinaryIO, name: str) -> bytes:
    """The whole file, read a chunk at a time, stopping at the first line longer than MAX_LINE_BYTES."""
    chunks: list[bytes] = []
    size = 0
    line_start = 0  # where the line being read began
    while chunk := handle.read(_CHUNK):
        first = chunk.find(b"\n")
        # Lines that begin and end inside one chunk are no longer than the chunk; only the line
        # running across a chunk's start can be longer.
        end = size + (first if first >= 0 else len(chunk))
        if end - line_start > MAX_LINE_BYTES:
            number = sum(c.count(b"\n") for c in chunks) + 1
            raise TranscriptError(name, number, f"the line is longer than {MAX_LINE_BYTES >> 20} MiB")
        if first >= 0:
            line_start = size + chunk.rfind(b"\n") + 1
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


class _DuplicateKey(ValueError):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(f"the key {key!r} appears twice")
            seen.add(key)
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"{text} is too large a number")
    return value


def json_text(value: Any) -> str:
    """A value as JSON writes it, for messages (``true``, ``50.0``, ``[]``)."""
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"))


def load_line(source: Source, number: int) -> dict[str, Any]:
    """Line ``number`` as a JSON object: strict JSON (no NaN, no number too large for a float) with
    every key once."""
    text = source.lines[number - 1]
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant, parse_float=_finite)
    except _DuplicateKey as exc:
        raise TranscriptError(source.path, number, str(exc)) from None
    except (ValueError, RecursionError) as exc:
        raise TranscriptError(source.path, number, f"not a JSON object: {exc}") from None
    if not isinstance(data, dict):
        raise TranscriptError(source.path, number, "not a JSON object")
    return data


def value_of(source: Source, number: int, data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """``data[key]``, which line ``number`` must hold, of type ``kind`` (``true`` is no number)."""
    if key not in data:
        raise TranscriptError(source.path, number, f"{key!r} is missing")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise TranscriptError(source.path, number, f"{key!r} must be {kind_name(kind)}, not {json_text(value)}")
    return value


def kind_name(kind: type | tuple[type, ...]) -> str:
    """A JSON type in words, for messages."""
    names = {str: "text", int: "a whole number", float: "a number with a fraction", bool: "true or false",
             list: "a list", dict: "an object", type(None): "null"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


_MISSING = object()


def line_kind(source: Source, number: int, data: dict[str, Any]) -> str:
    """The event kind ``e`` of line ``number``: text, whichever it is."""
    kind = data.get("e", _MISSING)
    if kind is _MISSING:
        raise TranscriptError(source.path, number, "the line has no event kind 'e'")
    if not isinstance(kind, str):
        raise TranscriptError(source.path, number, f"the event kind 'e' must be text, not {json_text(kind)}")
    return kind
