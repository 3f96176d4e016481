"""A transcript's header line: read strictly into its version, the program and time that wrote it,
the seed, the rules, the seating and who sat where, and the whole line's data (for the keys only
some transcripts have: a start position, its history, where the game came from)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from hfcli import __version__, levels
from hfcli.engine.errors import HandFootError
from hfcli.engine.numbers import seed_from_json
from hfcli.engine.rules import Rules, from_mapping
from hfcli.engine.seating import FOUR_HANDED, Seating, table
from hfcli.system.printable import hidden_characters
from hfcli.transcript.lines import FORMAT, SEAT_KINDS, VERSION, SeatInfo, TranscriptError
from hfcli.transcript.source import Source, json_text, load_line, value_of


@dataclass
class Header:
    version: int
    program: str
    created: str
    seed: int | None
    rules: Rules
    seats: list[SeatInfo]
    data: dict[str, Any]
    seating: Seating = FOUR_HANDED

    @property
    def human_seats(self) -> list[int]:
        """The seats a person played, in seat order."""
        return [seat for seat, info in enumerate(self.seats) if info.kind == "human"]


def parse_header(source: Source) -> Header:
    path = source.path
    if not source.lines:
        raise TranscriptError(path, 1, "empty file: no header line")
    data = load_line(source, 1)
    if data.get("format") != FORMAT:
        raise TranscriptError(path, 1, f"not a transcript: format is {data.get('format')!r}, expected {FORMAT!r}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise TranscriptError(path, 1, f"version must be a whole number >= 1, not {version!r}")
    if version > VERSION:
        raise TranscriptError(
            path, 1, f"unsupported version {version}: this program ({__version__}) reads versions 1 to {VERSION}"
        )
    rules_data = value_of(source, 1, data, "rules", dict)
    try:
        rules = from_mapping(rules_data, source="rules")
    except HandFootError as exc:
        raise TranscriptError(path, 1, f"bad rule set: {exc}") from None
    recorded_seed = data.get("seed")
    try:
        seed = None if recorded_seed is None else seed_from_json(recorded_seed)
    except ValueError as exc:
        value = json_text(recorded_seed)
        raise TranscriptError(path, 1, f"{exc}, or null, not {value if len(value) <= 48 else value[:48] + '...'}") \
            from None
    seating = _seating(source, data, rules)
    seats_data = value_of(source, 1, data, "seats", list)
    if len(seats_data) != len(seating.names):
        raise TranscriptError(path, 1, f"seats must list {len(seating.names)} seats, not {len(seats_data)}")
    seats: list[SeatInfo] = []
    for i, s in enumerate(seats_data):
        if not isinstance(s, dict):
            raise TranscriptError(path, 1, f"seat {i + 1} is not an object")
        name, kind, level = s.get("name"), s.get("kind"), s.get("level")
        if not isinstance(name, str) or kind not in SEAT_KINDS or not (level is None or isinstance(level, str)):
            raise TranscriptError(
                path, 1, f"seat {i + 1} needs a name, kind human or ai, and a level (text or null)"
            )
        _printable(source, f"seat {i + 1}'s name", name)
        if level is not None and level not in levels.recorded():
            raise TranscriptError(
                path, 1, f"seat {i + 1} ({seating.names[i]}): unknown AI level {level!r}; "
                f"the levels are {', '.join(levels.recorded())}"
            )
        seats.append(SeatInfo(name, str(kind), level))
    _printable(source, "the rules' name", rules.name)
    program = data.get("program")
    created = data.get("created")
    return Header(
        version, program if isinstance(program, str) else "", created if isinstance(created, str) else "",
        seed, rules, seats, data, seating,
    )


# What the header's seating may name a seat and a side: short names as the move lines write them,
# long names and side names as the table shows them (nothing that could move a terminal's cursor).
_SEAT_NAME = re.compile(r"[A-Z]{1,4}\Z")
_SHOWN_NAME = re.compile(r"[A-Za-z0-9+ -]{1,40}\Z")


def _seating(source: Source, data: dict[str, Any], rules: Rules) -> Seating:
    """The header's ``seating``; a file without one was written at the four-seat partnership
    table (or, hand-written, sits the table its rules describe)."""
    path = source.path
    found = data.get("seating")
    if found is None:
        return table(rules.players, rules.teams)
    if not isinstance(found, dict):
        raise TranscriptError(path, 1, "seating must be an object")
    lists = [found.get(key) for key in ("seats", "long_names", "sides", "side_names")]
    texts = [v for v in lists if isinstance(v, list) and all(isinstance(x, str) for x in v)]
    if len(texts) != len(lists):
        raise TranscriptError(path, 1, "seating needs seats, long_names, sides and side_names, each a list of text")
    seats, long_names, sides, side_names = texts
    if len(seats) != rules.players or not len(long_names) == len(sides) == len(seats):
        raise TranscriptError(
            path, 1, f"seating must name {rules.players} seats (the rules' players), each with a long name and a side"
        )
    if not all(_SEAT_NAME.match(s) for s in seats) or len(set(seats)) != len(seats):
        raise TranscriptError(path, 1, "seating: seats are 1 to 4 capital letters (S, NW), each named once")
    if not all(_SHOWN_NAME.match(n) for n in (*long_names, *side_names)):
        raise TranscriptError(path, 1, "seating: long names and side names are letters, digits, spaces, + and -")
    if len(set(side_names)) != len(side_names) or set(sides) != set(side_names):
        raise TranscriptError(path, 1, "seating: every seat's side is one of side_names, and every side has a seat")
    first_dealer = found.get("first_dealer")
    if first_dealer not in seats:
        raise TranscriptError(path, 1, f"seating: first_dealer must be one of the seats, not {first_dealer!r}")
    return Seating(
        tuple(seats), tuple(long_names), tuple(side_names.index(side) for side in sides), tuple(side_names),
        seats.index(first_dealer),
    )


def _printable(source: Source, what: str, text: str) -> None:
    """Names are shown at the table and in every replay: text a terminal would act on is refused."""
    if hidden_characters(text):
        raise TranscriptError(source.path, 1, f"{what} has control characters ({text!r}); names are printable text")
