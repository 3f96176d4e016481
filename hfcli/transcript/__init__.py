"""Transcripts: the append-only record of a game, and replaying it strictly.

A transcript is JSON Lines, UTF-8, one event a line (the format is ``docs/transcript.md``). The
first line is the header (format, version, program, time, the resolved rule set, seed, seats);
every deal records its whole shoe, so a replay never depends on Python's ``random``. The writer
appends, flushes and fsyncs after every line, so a game killed at any moment leaves a file whose
complete lines all replay. The reader rebuilds the game by applying the recorded moves to a
``Game`` made from the recorded shoes and checks every line the engine produces against the file.
"""

from hfcli.transcript.header import Header, parse_header
from hfcli.transcript.kinds import event_line
from hfcli.transcript.lines import (
    DIVERGENCE,
    FORMAT,
    MALFORMED,
    VERSION,
    Fault,
    RecordedMove,
    SeatInfo,
    TranscriptError,
)
from hfcli.transcript.reader import replay
from hfcli.transcript.resume import Resumed, resume
from hfcli.transcript.source import Source, read_source
from hfcli.transcript.start import recorded_shoes
from hfcli.transcript.visitor import Replayed, Visitor
from hfcli.transcript.writer import TranscriptInUse, TranscriptWriteError, TranscriptWriter

__all__ = [
    "DIVERGENCE",
    "FORMAT",
    "MALFORMED",
    "VERSION",
    "Fault",
    "Header",
    "RecordedMove",
    "Replayed",
    "Resumed",
    "SeatInfo",
    "Source",
    "TranscriptError",
    "TranscriptInUse",
    "TranscriptWriteError",
    "TranscriptWriter",
    "Visitor",
    "event_line",
    "parse_header",
    "read_source",
    "recorded_shoes",
    "replay",
    "resume",
]
