"""The cheap scan of a transcript, for a report over many files (``hf stats``): the header, read and
checked as strictly as a replay reads it, then only the lines of the kinds the report asks for,
told apart by their kind alone. Nothing is replayed and no other line is parsed, so a thousand files
scan in the time a few replays take; ``hf verify`` is what checks a file line by line.

A scan shows a :class:`ScanVisitor` what it finds, as a replay shows its visitor: :meth:`begin` with
the header, :meth:`line` for each line of the kinds in ``kinds``, :meth:`end`. Either may answer
:data:`SKIP`: after the header, to read nothing more of the file; after a line, to be shown no more
lines of its kind (a report that wants to know whether a file has a move stops at the first).
"""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path

from hfcli.transcript.header import Header, parse_header
from hfcli.transcript.kinds import LINE_HEAD, written_kind
from hfcli.transcript.source import Source, read_source


class Skip(Enum):
    SKIP = "skip"


SKIP = Skip.SKIP


class ScanVisitor:
    """A report's reader of a scanned transcript; each method a no-op here."""

    kinds: frozenset[str] = frozenset()  # the line kinds (``e``) it is shown

    def begin(self, source: Source, header: Header) -> Skip | None:
        """The header as read; SKIP reads nothing more of the file (:meth:`end` is not called)."""
        return None

    def line(self, kind: str, number: int, text: str) -> Skip | None:
        """Line ``number``, of ``kind``, as written (not checked: the report parses what it needs of
        it); SKIP shows no more lines of this kind."""
        return None

    def end(self) -> None:
        """Every line of the file scanned."""


def scan(path: str | Path, visitor: ScanVisitor, *, source: Source | None = None) -> None:
    """Scan the transcript at ``path`` (or ``source``, its lines as read) for ``visitor``; raises
    TranscriptError for a file that cannot be read or a header that is malformed."""
    if source is None:
        source = read_source(path)
    header = parse_header(source)
    if visitor.begin(source, header) is SKIP:
        return
    wanted = set(visitor.kinds)
    heads = _heads(wanted)
    for number, text in enumerate(source.lines[1:], start=2):
        # A line as the writer writes it tells its kind in its first bytes (one test of them for
        # the kinds wanted); a line in any other form (written by hand) is parsed for it.
        if text.startswith(heads):
            kind = written_kind(text)
        elif text.startswith(LINE_HEAD):
            continue
        else:
            kind = _loose_kind(text)
        if kind in wanted and visitor.line(kind, number, text) is SKIP:
            wanted.discard(kind)
            if not wanted:
                break
            heads = _heads(wanted)
    visitor.end()


def _heads(kinds: set[str]) -> tuple[str, ...]:
    """How a line of each of ``kinds`` begins as the writer writes it."""
    return tuple(f'{LINE_HEAD}{kind}"' for kind in kinds)


def _loose_kind(text: str) -> str | None:
    """The kind of a line not in the writer's form, from its JSON; None if it has none."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    kind = data.get("e") if isinstance(data, dict) else None
    return kind if isinstance(kind, str) else None
