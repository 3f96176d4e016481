"""Checking an entry (a transcript) against its event, and gathering the entries a command names.

An entry counts only when all of these hold, checked in this order (the first that fails is the
entry's one-line reason):

1. its header names this event (by the event's id) and starts from the first deal;
2. it is played with the event's rules, at its table, with its AI seed;
3. the event's seat is a person's, each partner seat a person's or the AI's at the event's partner
   level, every other seat the AI's at the event's opponent level;
4. every shoe it records has the event's commitment for that deal;
5. it replays strictly (every move legal, every line and digest as the engine makes them), and
   today's AI, asked at every AI seat from that seat's view, makes every AI move it records;
6. the game is finished, its file whole.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from hfcli.engine.cards import Card
from hfcli.engine.errors import HandFootError
from hfcli.engine.game import Game
from hfcli.engine.scoring import DealResult
from hfcli.event.shoes import commitment
from hfcli.event.spec import Event
from hfcli.system.printable import printable
from hfcli.transcript import (
    Header,
    RecordedMove,
    TranscriptError,
    Visitor,
    parse_header,
    read_source,
    recorded_shoes,
    replay,
)


@dataclass(frozen=True)
class Entry:
    """An entry that passed every check: who played it, and its deals' results."""

    path: str
    player: str  # the person's name; a pair's two names joined with " & "
    pair: bool  # a partner seat was a person's too (hf host --event)
    results: tuple[DealResult, ...]
    deal_moves: tuple[int, ...]  # the move each deal starts after (for hf replay --move)


@dataclass(frozen=True)
class Refused:
    """An entry that failed a check, and why, in one line."""

    path: str
    player: str
    reason: str


def entry_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Each file named, and every ``*.jsonl`` below each folder named (sorted), once each."""
    seen: set[Path] = set()
    for given in paths:
        path = Path(given)
        found = sorted(path.rglob("*.jsonl")) if path.is_dir() else [path]
        for file in found:
            resolved = file.resolve()
            if resolved not in seen:
                seen.add(resolved)
                yield file


def check(event: Event, path: str | Path) -> Entry | Refused:
    """The entry at ``path``, or why it does not count."""
    name = str(path)
    try:
        source = read_source(path)
        header = parse_header(source)
    except TranscriptError as exc:
        return Refused(name, "?", _reason(exc))
    player = " & ".join(header.seats[s].name for s in header.human_seats) or "?"
    problem = _header_problem(event, header)
    if problem is None:
        try:
            problem = _shoe_problem(event, recorded_shoes(source, header.rules))
        except TranscriptError as exc:
            problem = _reason(exc)
    if problem is not None:
        return Refused(name, player, problem)
    if source.torn is not None:
        return Refused(name, player, f"its last line (line {source.torn}) is torn: the file is not whole")
    starts = DealStarts()
    try:
        replayed = replay(path, starts, ai=True, source=source)
    except TranscriptError as exc:
        return Refused(name, player, _reason(exc))
    except (HandFootError, RecursionError) as exc:
        return Refused(name, player, f"does not replay: {printable(str(exc))}")
    if not replayed.finished:
        played = len(replayed.game.results)
        return Refused(name, player, f"unfinished: {played} of {event.rules.deals} deals played")
    pair = len(header.human_seats) > 1
    return Entry(name, player, pair, tuple(replayed.game.results), tuple(starts.moves))


class DealStarts(Visitor):
    """The moves made before each deal began, deal by deal (an entry's ``deal_moves``)."""

    def __init__(self) -> None:
        self.moves: list[int] = []

    def move(self, game: Game, move: RecordedMove) -> None:
        if len(self.moves) < game.deal_index + 1:
            self.moves.append(move.number - 1)


def _reason(exc: TranscriptError) -> str:
    """A transcript's error without its file's name (the leaderboard names the file)."""
    return printable(f"line {exc.line}: {exc.message}")


def _header_problem(event: Event, header: Header) -> str | None:
    data = header.data.get("event")
    if not isinstance(data, dict):
        return "not an entry of an event: its header names none"
    if data.get("id") != event.id:
        other = data.get("name")
        named = f" ({printable(other)})" if isinstance(other, str) else ""
        return f"an entry of another event{named}, not of {printable(event.name)}"
    if "position" in header.data:
        return "starts from a position, not from the event's first deal"
    if header.rules != event.rules:
        return "played with other rules than the event's: " + _rules_difference(event, header)
    if header.seating != event.seating:
        return "played at another table than the event's"
    if header.seed != event.seed:
        return f"its AI's seed is {header.seed}, the event's {event.seed}"
    return _seats_problem(event, header)


def _rules_difference(event: Event, header: Header) -> str:
    mine, theirs = header.rules.as_dict(), event.rules.as_dict()
    changed = [k for k in theirs if mine.get(k) != theirs[k]]
    return ", ".join(f"{k} {printable(str(mine.get(k)))} (the event's {theirs[k]})" for k in changed[:3])


def _seats_problem(event: Event, header: Header) -> str | None:
    seating = event.seating
    names = seating.long_names
    if header.seats[event.seat].kind != "human":
        return f"{names[event.seat]}, the event's seat, was played by the AI"
    partners = seating.partners(event.seat)
    for seat, want in event.levels.items():
        info = header.seats[seat]
        if info.kind == "human":
            if seat in partners:
                continue  # a pair's entry: two people, as at hf host --event
            return f"{names[seat]} was a person's seat; the AI plays the event's opponents"
        if info.level != want:
            whose = "partner" if seat in partners else "opponents"
            plays = "plays" if whose == "partner" else "play"
            level = printable(str(info.level))
            return f"a level changed: {names[seat]} played {level}; the event's {whose} {plays} {want}"
    return None


def _shoe_problem(event: Event, shoes: list[list[Card]]) -> str | None:
    if len(shoes) > len(event.commitments):
        return f"it records {len(shoes)} deals; the event has {len(event.commitments)}"
    for deal, shoe in enumerate(shoes, start=1):
        found = commitment(shoe)
        if found == event.commitments[deal - 1]:
            continue
        if found in event.commitments:
            other = event.commitments.index(found) + 1
            return f"deal {deal} was dealt the event's deal {other} shoe, not its own"
        return (f"deal {deal} was dealt another shoe than the event's (its SHA-256 begins {found[:12]}, "
                f"the event's {event.commitments[deal - 1][:12]})")
    return None
