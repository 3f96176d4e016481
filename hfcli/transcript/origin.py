"""Where a recorded game came from, when it was not simply dealt from its first deal.

Three header keys say so (``docs/transcript.md``):

- ``position``: the position the game started from (``docs/position.md``). The reader builds the
  game from it instead of dealing deal 1, so the file replays and verifies with nothing else.
- ``history``: what every seat had seen before that position (the recorded game's public events),
  which the game's views carry: an AI seat remembers who took what from the pile, and plays on
  from the position as it did in the recorded game until someone plays otherwise.
- ``origin``: the recorded game it came from, for people to read: ``{"kind": "what-if", "file":
  F, "move": 300}`` for a game started after move 300 of ``F`` (``hf play --from``), or
  ``{"kind": "duplicate", "file": F}`` for a game dealt the shoes of ``F`` (``hf play --duplicate``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hfcli.engine.cards import format_cards, parse_cards
from hfcli.engine.errors import HandFootError
from hfcli.engine.events import Event, EventKind
from hfcli.engine.moves import parse_move
from hfcli.engine.position import Position
from hfcli.engine.rules import Rules
from hfcli.engine.seating import Seating
from hfcli.system.printable import printable
from hfcli.transcript.header import Header
from hfcli.transcript.lines import TranscriptError

WHAT_IF = "what-if"
DUPLICATE = "duplicate"
KINDS = (WHAT_IF, DUPLICATE)


@dataclass(frozen=True)
class Origin:
    """The recorded game a game came from: a what-if started after its move ``move``, or a
    duplicate dealt its shoes."""

    kind: str
    file: str
    move: int | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "file": self.file}
        if self.move is not None:
            data["move"] = self.move
        return data

    def describe(self) -> str:
        """What the game is, in words for the screen (the file's name escaped)."""
        file = printable(self.file)
        if self.kind == WHAT_IF:
            return f"a what-if game, started from the position after move {self.move} of {file}"
        return f"a duplicate of {file}: the same cards, dealt again"


def origin_of(header: Header, path: str) -> Origin | None:
    """The header's ``origin``, or None for a game dealt afresh."""
    data = header.data.get("origin")
    if data is None:
        return None
    problem = "'origin' must be an object with kind (what-if or duplicate), file and, for a what-if, move"
    if not isinstance(data, dict):
        raise TranscriptError(path, 1, problem)
    kind, file, move = data.get("kind"), data.get("file"), data.get("move")
    if kind not in KINDS or not isinstance(file, str):
        raise TranscriptError(path, 1, problem)
    if kind == WHAT_IF and (not isinstance(move, int) or isinstance(move, bool) or move < 0):
        raise TranscriptError(path, 1, problem)
    return Origin(str(kind), file, move if kind == WHAT_IF else None)


def origin_line(header: Header, path: str) -> str | None:
    """``This is a what-if game, started from ...``: what ``hf replay`` says of where the game came
    from, or None for a game dealt afresh."""
    origin = origin_of(header, path)
    return None if origin is None else f"This is {origin.describe()}."


def start_position(header: Header, path: str) -> Position | None:
    """The position the header says the game started from, or None for a game dealt from its
    first deal. It must be played with the header's rules, seating and seed."""
    text = header.data.get("position")
    if text is None:
        return None
    if not isinstance(text, str):
        raise TranscriptError(path, 1, "'position' must be a position's text (docs/position.md)")
    try:
        position = Position.parse(text)
    except HandFootError as exc:
        raise TranscriptError(path, 1, f"the start position: {exc}") from None
    if position.rules != header.rules:
        raise TranscriptError(path, 1, "the start position is played with other rules than the header's")
    if position.seating != header.seating:
        raise TranscriptError(path, 1, "the start position seats the players otherwise than the header")
    if header.seed is not None and position.seed != header.seed:
        raise TranscriptError(path, 1, f"the start position's seed is {position.seed}, the header's {header.seed}")
    return position


def header_keys(
    origin: Origin,
    position: str | None = None,
    history: Sequence[Event] = (),
    seating: Seating | None = None,
    rules: Rules | None = None,
) -> dict[str, Any]:
    """The header keys of a game that came from ``origin``, started from ``position`` (if given)
    after the public events ``history`` (of a game seated as ``seating`` and played with ``rules``)."""
    keys: dict[str, Any] = {"origin": origin.as_dict()}
    if position is not None:
        keys["position"] = position
        if history:
            assert seating is not None and rules is not None, "a history names its seats and minimums"
            keys["history"] = history_data(history, seating, rules)
    return keys


# An event of a history is a JSON array [kind, seat, move, cards, count, detail], its trailing
# values left off where they are these.
_EVENT_DEFAULTS: tuple[Any, ...] = (None, None, None, "", 0, "")


def history_data(events: Sequence[Event], seating: Seating, rules: Rules) -> list[list[Any]]:
    """Events as the header's ``history`` writes them (public forms: no private cards)."""
    names = seating.names
    data = []
    for e in events:
        detail = _minimums_detail(e.minimums, seating, rules) if e.kind is EventKind.DEAL else e.detail
        item: list[Any] = [
            str(e.kind), None if e.seat is None else names[e.seat], None if e.move is None else str(e.move),
            format_cards(e.cards), e.count, detail,
        ]
        while len(item) > 1 and item[-1] == _EVENT_DEFAULTS[len(item) - 1]:
            item.pop()
        data.append(item)
    return data


def read_history(header: Header, seating: Seating, path: str) -> list[Event]:
    """The header's ``history`` (none when it has none)."""
    data = header.data.get("history", [])
    if not isinstance(data, list):
        raise TranscriptError(path, 1, "'history' must be a list of events")
    events = []
    for number, item in enumerate(data, start=1):
        try:
            events.append(_event(item, seating))
        except (ValueError, TypeError, HandFootError) as exc:
            raise TranscriptError(path, 1, f"'history' event {number} ({item!r:.60}): {exc}") from None
    return events


def _event(item: Any, seating: Seating) -> Event:
    if not isinstance(item, list) or not 1 <= len(item) <= len(_EVENT_DEFAULTS):
        raise ValueError("an event is a list [kind, seat, move, cards, count, detail]")
    kind, seat, move, cards, count, detail = [*item, *_EVENT_DEFAULTS[len(item):]]
    if seat is not None and seat not in seating.names:
        raise ValueError(f"{seat!r} is not a seat")
    if not (move is None or isinstance(move, str)) or not isinstance(cards, str) or not isinstance(detail, str):
        raise ValueError("move, cards and detail are text")
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise ValueError("count is a whole number")
    minimums: tuple[int, ...] = ()
    if kind == EventKind.DEAL:
        minimums, detail = _read_minimums(detail, seating), ""
    return Event(
        EventKind(kind), None if seat is None else seating.names.index(seat),
        None if move is None else parse_move(move), tuple(parse_cards(cards)), (), count, detail, minimums,
    )


# A deal event of a history writes each side's first-meld minimum in its detail, as the program
# first wrote it: "minimum 50" when it goes by the deal, "minimums NS 90, EW 10" by the score.
def _minimums_detail(minimums: Sequence[int], seating: Seating, rules: Rules) -> str:
    if rules.meld_minimum_by.by_score:
        return "minimums " + ", ".join(f"{seating.team_names[t]} {m}" for t, m in enumerate(minimums))
    return f"minimum {minimums[0]}"


def _read_minimums(detail: str, seating: Seating) -> tuple[int, ...]:
    """The sides' minimums a deal event's detail gives (see ``_minimums_detail``)."""
    sides = seating.team_names
    head, _, rest = detail.partition(" ")
    if head == "minimum" and rest.isdigit():
        return (int(rest),) * len(sides)
    if head == "minimums":
        pairs = [part.split(" ") for part in rest.split(", ")]
        if [p[0] for p in pairs] == list(sides) and all(len(p) == 2 and p[1].isdigit() for p in pairs):
            return tuple(int(p[1]) for p in pairs)
    raise ValueError(f"a deal's detail is 'minimum M' or 'minimums {sides[0]} M, ...', not {detail!r}")
