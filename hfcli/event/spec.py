"""An event: its name, rules and table, the seat its players take, the AI's levels, and its shoes;
its file (TOML, a few lines to send by mail or chat); and the daily deal made from a date.

Everything about the event's cards comes from its key (:mod:`hfcli.event.shoes`): a secret of 128
random bits for an event made with ``hf event new``, the text ``daily YYYY-MM-DD`` for the daily
deal. The file lists each shoe's commitment and the event's id, the SHA-256 of everything public
about it (:meth:`Event.public`), so a file whose cards or settings were changed after it was made
is told apart when it is read.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import secrets
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from hfcli import __version__
from hfcli.engine.cards import Card
from hfcli.engine.errors import HandFootError
from hfcli.engine.rules import PRESETS, Rules, from_mapping
from hfcli.engine.seating import Seating, table
from hfcli.event import shoes as derive
from hfcli.levels import offered as offered_levels
from hfcli.system.files import PRIVATE_FILE, UnreadableFile, read_toml_file
from hfcli.system.printable import hidden_characters, printable

FORMAT = "hfcli-event"
VERSION = 1
MAX_NAME = 60  # characters: the name heads the leaderboard and every entry's replay
MAX_FILE_BYTES = 64 * 1024  # an event file is some 30 lines; anything this large is not one
SEAT = 0  # the event's player sits South, as at hf play

DAILY_RULES = "classic"
DAILY_LEVEL = "hard"  # the partner people trust (README), and the opponents


class EventError(HandFootError):
    """An event file that cannot be read, or an event that cannot be made: one line saying why."""


@dataclass(frozen=True)
class Event:
    """An event: the game every entry plays, on the same cards against the same AI."""

    name: str
    rules: Rules  # its ``deals`` are the event's
    partner: str
    opponents: str
    key: str = field(repr=False)  # decides every card: never shown
    created: str = ""
    daily: str | None = None  # the date of a daily deal

    @cached_property
    def seating(self) -> Seating:
        return table(self.rules.players, self.rules.teams)

    @property
    def seat(self) -> int:
        return SEAT

    @cached_property
    def levels(self) -> dict[int, str]:
        """The AI level of every seat but the player's."""
        partners = self.seating.partners(SEAT)
        return {s: self.partner if s in partners else self.opponents for s in self.seating.seats if s != SEAT}

    @cached_property
    def seed(self) -> int:
        return derive.seed(self.key)

    @cached_property
    def shoes(self) -> tuple[tuple[Card, ...], ...]:
        return derive.shoes(self.key, self.rules.deals, self.rules.deck_count)

    @cached_property
    def commitments(self) -> tuple[str, ...]:
        return tuple(derive.commitment(s) for s in self.shoes)

    def public(self) -> dict[str, Any]:
        """Everything about the event but its key: what its id is the SHA-256 of."""
        return {
            "format": FORMAT, "version": VERSION, "name": self.name, "rules": self.rules.as_dict(),
            "seat": self.seating.names[SEAT], "partner": self.partner, "opponents": self.opponents,
            "seed": self.seed, "shoes": list(self.commitments), "daily": self.daily,
        }

    @cached_property
    def id(self) -> str:
        text = json.dumps(self.public(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hashlib.sha256(text.encode()).hexdigest()

    @property
    def short_id(self) -> str:
        return self.id[:16]

    def header(self) -> dict[str, Any]:
        """The ``event`` key an entry's transcript header carries (docs/transcript.md)."""
        data: dict[str, Any] = {"name": self.name, "id": self.id, "shoes": list(self.commitments)}
        if self.daily is not None:
            data["daily"] = self.daily
        return data

    def deals_words(self) -> str:
        deals = self.rules.deals
        return "one deal" if deals == 1 else f"{deals} deals"


def name_problem(name: str) -> str | None:
    if hidden_characters(name):
        return f"'{printable(name)}' has control characters; a name is printable text"
    if not name.strip():
        return "an event's name cannot be blank"
    if len(name) > MAX_NAME:
        return f"an event's name has at most {MAX_NAME} characters, not {len(name)}"
    return None


def new_event(name: str, rules: Rules, partner: str, opponents: str, deals: int | None = None) -> Event:
    """A new event with a fresh secret key; ``deals`` (default: the rules' whole game) cuts the game
    to its first deals."""
    problem = name_problem(name)
    if problem is not None:
        raise EventError(problem)
    if deals is not None and deals != rules.deals:
        if not 1 <= deals <= 20:
            raise EventError(f"an event has 1 to 20 deals, not {deals}")
        try:
            rules = rules.replace(deals=deals)
        except HandFootError as exc:
            raise EventError(str(exc)) from None
    created = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return Event(name.strip(), rules, partner, opponents, secrets.token_hex(16), created)


DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}\Z", re.ASCII)


def daily(date: dt.date) -> Event:
    """The daily deal of ``date``: one deal of classic rules, you South, partner and opponents hard,
    its key the text ``daily YYYY-MM-DD``, so every copy of the program deals the same cards."""
    day = date.isoformat()
    rules = PRESETS[DAILY_RULES].replace(deals=1)
    return Event(f"Daily deal {day}", rules, DAILY_LEVEL, DAILY_LEVEL, f"daily {day}", day, day)


def parse_date(text: str) -> dt.date:
    if not DATE.match(text):
        raise EventError(f"a date is written YYYY-MM-DD, e.g. 2026-12-04, not {printable(text)!r}")
    try:
        return dt.date.fromisoformat(text)
    except ValueError as exc:
        raise EventError(f"{text}: {exc}") from None


# The file ---------------------------------------------------------------------------------------

def file_text(event: Event) -> str:
    """The event's file: TOML, the settings a person reads first, the key and commitments last."""
    rules_lines = _rules_lines(event.rules)
    lines = [
        f"# A Hand and Foot event, made by hfcli {__version__}. To play it:  hf event play THIS-FILE",
        "# The secret below decides every card: anyone who reads it through the program can know",
        "# the deals. Play before you look, as at a card club.",
        f"format = {_string(FORMAT)}",
        f"version = {VERSION}",
        f"name = {_string(event.name)}",
        f"created = {_string(event.created)}",
        f"partner = {_string(event.partner)}",
        f"opponents = {_string(event.opponents)}",
        *([f"daily = {_string(event.daily)}"] if event.daily is not None else []),
        f"secret = {_string(event.key)}",
        "# The SHA-256 of each deal's shoe, and of the whole event (docs/events.md):",
        "shoes = [",
        *[f"  {_string(c)},  # deal {d}" for d, c in enumerate(event.commitments, start=1)],
        "]",
        f"id = {_string(event.id)}",
        "",
        "[rules]",
        *rules_lines,
    ]
    return "\n".join(lines) + "\n"


def _string(text: str) -> str:
    # A JSON string with every non-ASCII character escaped is a TOML basic string too.
    return json.dumps(text, ensure_ascii=True)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return str(value)


def _rules_lines(rules: Rules) -> list[str]:
    """The rule set as the preset nearest to it and the fields that differ from it."""
    data = rules.as_dict()
    best: tuple[int, str, dict[str, Any]] | None = None
    for preset_name, preset in PRESETS.items():
        base = preset.as_dict()
        changed = {k: v for k, v in data.items() if base.get(k) != v}
        if best is None or len(changed) < best[0]:
            best = (len(changed), preset_name, changed)
    assert best is not None
    _, preset_name, changed = best
    lines = [f"preset = {_string(preset_name)}"] + [f"{k} = {_value(v)}" for k, v in changed.items()]
    return lines


def write(event: Event, path: Path) -> None:
    """Write the event's file at ``path``, a new file (one that exists is never written over), its
    owner's alone: it holds the key that deals every shoe."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), PRIVATE_FILE)
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(file_text(event))


def read(path: str | Path) -> Event:
    """The event a file holds, checked whole: the key must deal the shoes the file commits to, and
    the id must be the SHA-256 of the rest; EventError says what is wrong."""
    where = printable(str(path))
    try:
        data = read_toml_file(path, MAX_FILE_BYTES)
    except UnreadableFile as exc:
        raise EventError(f"{where}: {printable(str(exc))}") from None
    if data.get("format") != FORMAT:
        raise EventError(f"{where}: not an event file (its format is not {FORMAT!r})")
    version = data.get("version")
    if version != VERSION:
        raise EventError(f"{where}: event file version {printable(repr(version))}; this program reads "
                         f"version {VERSION}")

    def text(key: str) -> str:
        value = data.get(key)
        if not isinstance(value, str):
            raise EventError(f"{where}: {key!r} must be text")
        return value

    name = text("name")
    problem = name_problem(name)
    if problem is not None:
        raise EventError(f"{where}: {problem}")
    partner, opponents = text("partner"), text("opponents")
    for what, level in (("partner", partner), ("opponents", opponents)):
        if level not in offered_levels():
            raise EventError(f"{where}: {what} must be one of {', '.join(offered_levels())}, not {printable(level)!r}")
    rules_data = data.get("rules")
    if not isinstance(rules_data, dict):
        raise EventError(f"{where}: the [rules] table is missing")
    try:
        rules = from_mapping(rules_data, source="rules")
    except HandFootError as exc:
        raise EventError(f"{where}: {printable(str(exc))}") from None
    key = text("secret")
    daily_date = data.get("daily")
    if daily_date is not None and not isinstance(daily_date, str):
        raise EventError(f"{where}: 'daily' must be a date")
    event = Event(name, rules, partner, opponents, key, text("created"), daily_date)
    listed = data.get("shoes")
    if not isinstance(listed, list) or not all(isinstance(c, str) for c in listed):
        raise EventError(f"{where}: 'shoes' must be a list of commitments")
    if len(listed) != rules.deals:
        raise EventError(f"{where}: the rules play {rules.deals} deals, and the file commits to {len(listed)} shoes")
    for deal, (mine, theirs) in enumerate(zip(event.commitments, listed, strict=True), start=1):
        if mine != theirs:
            raise EventError(f"{where}: the secret does not deal the shoe the file commits to for deal {deal}: "
                             "the file was changed after it was made")
    if text("id") != event.id:
        raise EventError(f"{where}: the id is not the SHA-256 of the event: the file was changed after it was made")
    return event

