"""Reading a transcript back and replaying it strictly against the engine."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, BinaryIO

from hfcli import __version__, levels
from hfcli.engine.cards import CARD_BY_TEXT, Card, new_shoe, parse_cards
from hfcli.engine.errors import HandFootError, IllegalMoveError
from hfcli.engine.events import KINDS as EVENT_KINDS
from hfcli.engine.game import Game
from hfcli.engine.moves import parse_move
from hfcli.engine.numbers import seed_from_json
from hfcli.engine.rules import Rules, from_mapping
from hfcli.engine.seating import Seating, table
from hfcli.engine.state import OVER_PHASE
from hfcli.system.files import NotRegularFile, open_regular
from hfcli.system.printable import hidden_characters
from hfcli.transcript.digest import Digester
from hfcli.transcript.header import Header
from hfcli.transcript.lines import (
    DIVERGENCE,
    FORMAT,
    MAX_LINE_BYTES,
    REMARK,
    SEAT_KINDS,
    VERSION,
    RecordedMove,
    RecordedRemark,
    SeatInfo,
    TranscriptError,
    ends_turn,
    event_line,
    move_chain,
)
from hfcli.transcript.origin import origin_of, read_history, start_position


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


def _field(source: Source, number: int, data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise TranscriptError(source.path, number, f"{key!r} is missing")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise TranscriptError(source.path, number, f"{key!r} must be {_kind_name(kind)}, not {json_text(value)}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "text", int: "a whole number", float: "a number with a fraction", bool: "true or false",
             list: "a list", dict: "an object", type(None): "null"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


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
    rules_data = _field(source, 1, data, "rules", dict)
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
    seats_data = _field(source, 1, data, "seats", list)
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


def recorded_shoes(source: Source, rules: Rules, first: int = 1) -> list[list[Card]]:
    """Every shoe the file records, in deal order from deal ``first`` (1-based: a game started from a
    position deals its deals after that position's) (a pre-pass: a deal starts inside the move before
    its line)."""
    shoes: list[list[Card]] = []
    reference = sorted(c.text for c in new_shoe(rules.deck_count))
    for number in range(2, len(source.lines) + 1):
        text = source.lines[number - 1]
        if '"shoe"' not in text:
            continue
        data = load_line(source, number)
        if data.get("e") != "deal":
            continue
        deal = _field(source, number, data, "deal", int)
        if deal != len(shoes) + first:
            raise TranscriptError(source.path, number, f"expected deal {len(shoes) + first}, got deal {deal!r}")
        shoe_text = _field(source, number, data, "shoe", str)
        tokens = shoe_text.split(" ")
        if sorted(tokens) == reference:  # the usual case, checked with C-level sorting
            shoes.append(list(map(CARD_BY_TEXT.__getitem__, tokens)))
            continue
        quick = [CARD_BY_TEXT.get(t) for t in tokens]
        if None in quick:
            try:
                parse_cards(shoe_text)
            except HandFootError as exc:
                raise TranscriptError(source.path, number, f"bad shoe: {exc}") from None
            raise TranscriptError(source.path, number, "bad shoe: cards are separated by single spaces")
        shoe = [c for c in quick if c is not None]
        if sorted(c.text for c in shoe) != reference:
            raise TranscriptError(
                source.path, number, f"the shoe is not {rules.deck_count} full deck(s) of 54 cards ({len(shoe)} cards)"
            )
        shoes.append(shoe)
    return shoes


def starting_game(source: Source, header: Header, shoes: Sequence[Sequence[Card]] = ()) -> Game:
    """The game as the file's first event finds it: dealt from the recorded shoes, or built from the
    position the header says it started from (``hfcli.transcript.origin``). ``shoes`` are the
    game's shoes from its first deal where they were fixed before it began (an event's): the deals
    the file does not record yet are dealt from them."""
    rules = header.rules
    origin_of(header, source.path)  # nothing replays from it, but a malformed origin fails verification
    start = start_position(header, source.path)
    if start is None:
        # Deals the file does not record yet (a game to be resumed) are dealt from ``shoes``, or as
        # Game(rules, seed) would.
        recorded: list[Sequence[Card]] = list(recorded_shoes(source, rules))
        recorded += shoes[len(recorded):]
        return Game(rules, header.seed, seating=header.seating, shoes=recorded)
    following = start.deal.index + 1  # the 0-based index of the first deal the file itself records
    for index, shoe in enumerate(recorded_shoes(source, rules, first=following + 1), start=following):
        # A shoe the position already gives stays: a deal line that disagrees is then a divergence.
        start.future_shoes.setdefault(index, tuple(shoe))
    return Game.from_position(start, read_history(header, start.seating, source.path))


def describe(line: str) -> str:
    """A short readable form of a transcript line, for divergence messages."""
    try:
        data = json.loads(line)
    except ValueError:
        return repr(line[:80])
    if not isinstance(data, dict):
        return repr(line[:80])
    kind = data.get("e")
    seat = data.get("seat")
    who = f" by {seat}" if seat else ""
    if kind == "move":
        return f"move {data.get('move')!r}{who}"
    if kind in ("draw", "take", "foot"):
        return f"{kind}{who} of {data.get('cards')!r}"
    if kind == "red3":
        return f"red three {data.get('card')}{who} replaced by {data.get('replacement')}"
    if kind in ("bury", "upcard"):
        return f"{kind} {data.get('card')}"
    if kind == "deal":
        return f"deal {data.get('deal')} (dealer {data.get('dealer')}, minimum {data.get('minimum')})"
    if kind == "deal_end":
        scores = data.get("scores")
        totals = scores
        if isinstance(scores, dict):
            totals = {k: v.get("total") for k, v in scores.items() if isinstance(v, dict)}
        return f"deal {data.get('deal')} ended by {data.get('by')} with totals {totals}"
    if kind == "game_end":
        return f"game end with totals {data.get('totals')}, winner {data.get('winner')}"
    if kind == "digest":
        return f"digest {data.get('digest')}"
    if kind == "out":
        return f"going out{who}"
    return repr(line[:80])


def _same_event(source: Source, number: int, recorded: dict[str, Any], generated: str) -> bool:
    """Whether a recorded line says what the engine produced (extra keys are ignored); a value of
    another JSON type than the engine's (``true`` for 1, ``50.0`` for 50) is malformed."""
    expected = json.loads(generated)
    for key, value in expected.items():
        if key not in recorded:
            return False
        wrong = _wrong_type(recorded[key], value, key)
        if wrong is not None:
            where, got, want = wrong
            message = f"{where!r} must be {_kind_name(type(want))}, not {json_text(got)}"
            raise TranscriptError(source.path, number, message)
        if recorded[key] != value:
            return False
    return True


def _wrong_type(got: Any, want: Any, where: str) -> tuple[str, Any, Any] | None:
    """The first place (``scores.NS.total``) where ``got`` holds a value of another type than ``want``."""
    if type(got) is not type(want):
        return where, got, want
    if isinstance(want, dict):
        for key, value in want.items():
            if key in got:
                wrong = _wrong_type(got[key], value, f"{where}.{key}")
                if wrong is not None:
                    return wrong
    elif isinstance(want, list):
        for i, (a, b) in enumerate(zip(got, want, strict=False)):
            wrong = _wrong_type(a, b, f"{where}[{i}]")
            if wrong is not None:
                return wrong
    return None


@dataclass
class Replayed:
    """The outcome of replaying a transcript."""

    source: Source
    header: Header
    game: Game
    # Each move's RecordedMove fields; the objects themselves are built only if asked for.
    recorded: list[tuple[int, int, int, int, str, str | None, object]] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)  # lines the engine produced that the file lacks
    digest_due: bool = False  # the file ends after a turn's last event but before its digest
    digests: int = 0
    chain: str = ""  # the chain after the last move (version 2 on)
    lines: int = 0
    remarks: list[RecordedRemark] = field(default_factory=list)  # what the seats said, in order

    @cached_property
    def moves(self) -> list[RecordedMove]:
        """Every move the file records, in order (asked for once the replay is done)."""
        return [RecordedMove(*fields) for fields in self.recorded]

    @property
    def finished(self) -> bool:
        return self.game.is_over and not self.pending and not self.digest_due


StepHook = Callable[[Game, RecordedMove], None]


def replay(
    path: str | Path,
    *,
    ai: bool = False,
    source: Source | None = None,
    before_move: StepHook | None = None,
    shoes: Sequence[Sequence[Card]] = (),
) -> Replayed:
    """Replay a transcript strictly: every move must be legal and by the seat to move, every line
    the engine produces must match the file, every recorded digest must match the state.

    Raises :class:`TranscriptError` at the first problem. With ``ai``, today's AI is asked at every
    AI seat and must choose the recorded move. ``before_move`` sees the game before each move.
    ``shoes``: the game's shoes fixed before it began, for the deals the file does not record yet.
    """
    if source is None:
        source = read_source(path)
    header = parse_header(source)
    game = starting_game(source, header, shoes)
    digester = Digester()
    result = Replayed(source, header, game)
    names = game.seating.names
    players: list[Any] = []
    if ai:
        from hfcli.levels import make_player, seat_together

        for seat, info in enumerate(header.seats):
            if info.kind == "ai":
                try:
                    players.append(make_player(info.level or "", header.seed, seat))
                except ValueError as exc:
                    raise TranscriptError(source.path, 1, f"seat {names[seat]}: {exc}") from None
            else:
                players.append(None)
        seat_together(players)
    pending = [event_line(e, game) for e in game.events]
    pending.reverse()  # popped from the end
    digest_due = 0  # the line of the move that ended a turn whose digest has not come yet
    lines = source.lines
    path_name = source.path
    moves_read = result.recorded
    chained = header.version >= 2  # every move carries its link in the chain of moves
    chain = ""
    # In a version 1 file, two move lines in three repeat an earlier one word for word (the same
    # seat drawing "from the stock"), so each distinct line is read once.
    move_lines: dict[str, tuple[str, str, str | None, str | None, str | None] | None] = {}
    for number in range(2, len(lines) + 1):
        text = lines[number - 1]
        if pending:
            want = pending[-1]
            if text == want:
                pending.pop()
                continue
            data = load_line(source, number)
            kind = _check_kind(source, number, data)
            if kind in ("move", "digest"):
                raise TranscriptError(
                    path_name, number,
                    f"expected {describe(text)} (as recorded), got {describe(want)} from the replay first", DIVERGENCE,
                )
            if not _same_event(source, number, data, want):
                raise TranscriptError(
                    path_name, number, f"expected {describe(text)} (as recorded), got {describe(want)}", DIVERGENCE
                )
            pending.pop()
            continue
        if text.startswith(_DIGEST_HEAD) and text.endswith('"}') and text[_DIGEST_START:-2] == digester.digest(game):
            result.digests += 1
            digest_due = 0
            continue
        fast = move_lines.get(text)
        if fast is None:
            fast = _quick_move(text)
            if not chained:
                move_lines[text] = fast
        if fast is not None and game.turn.phase is not OVER_PHASE and not digest_due and (fast[2] or not chained):
            seat_name, move_text, recorded_chain, reason, why = fast
        else:
            data = load_line(source, number)
            kind = _check_kind(source, number, data)
            if kind == REMARK:
                # Said at the table between moves: kept for the viewers, no part of the game to check.
                seat_said = _field(source, number, data, "seat", str)
                if seat_said not in names:
                    raise TranscriptError(
                        path_name, number, f"a remark by {json_text(seat_said)}, which is no seat here"
                    )
                said = _field(source, number, data, "text", str)
                result.remarks.append(RecordedRemark(len(moves_read), number, names.index(seat_said), said))
                continue
            if kind == "digest":
                recorded = _field(source, number, data, "digest", str)
                got = digester.digest(game)
                if recorded != got:
                    raise TranscriptError(
                        path_name, number, f"expected digest {recorded} (as recorded), got {got}", DIVERGENCE
                    )
                result.digests += 1
                digest_due = 0
                continue
            if digest_due:
                # A turn's digest is what checks the state the turn left: a file without it is not whole.
                raise TranscriptError(
                    path_name, number,
                    f"expected the digest of the turn that ended at line {digest_due}, got {describe(text)}",
                    DIVERGENCE,
                )
            if kind != "move":
                if kind in KNOWN_KINDS:
                    raise TranscriptError(
                        path_name, number, f"expected a move, got {describe(text)} that the replay did not produce",
                        DIVERGENCE,
                    )
                raise TranscriptError(path_name, number, f"unknown event kind {kind!r}")
            if game.is_over:
                raise TranscriptError(
                    path_name, number, f"expected the end of the file (the game is over), got {describe(text)}",
                    DIVERGENCE,
                )
            seat_name = _field(source, number, data, "seat", str)
            move_text = _field(source, number, data, "move", str)
            recorded_chain = _field(source, number, data, "chain", str) if chained else None
            reason = data.get("reason")
            if reason is not None and not isinstance(reason, str):
                raise TranscriptError(path_name, number, "'reason' must be text or null")
            why = data.get("why")  # the reason as data, read only by who asks (RecordedMove.why)
        try:
            move = parse_move(move_text)
        except HandFootError as exc:
            raise TranscriptError(path_name, number, f"move {move_text!r} does not parse: {exc}") from None
        seat = game.turn.to_move
        if seat_name != names[seat]:
            raise TranscriptError(
                path_name, number, f"expected a move by {seat_name} (as recorded), got {names[seat]} to move",
                DIVERGENCE,
            )
        fields = (len(moves_read) + 1, number, game.deal.index + 1, seat, move_text, reason, why)
        if before_move is not None:
            before_move(game, RecordedMove(*fields))
        if players and players[seat] is not None:
            chosen = players[seat].choose(game.view(seat)).move
            if chosen != move:
                raise TranscriptError(
                    path_name, number,
                    f"expected {move_text!r} (as recorded), got {str(chosen)!r} from today's AI at {names[seat]}",
                    DIVERGENCE,
                )
        try:
            events = game.apply(move)
        except IllegalMoveError as exc:
            raise TranscriptError(
                path_name, number, f"expected {move_text!r} by {seat_name} to be legal, got {exc}", DIVERGENCE
            ) from None
        except HandFootError as exc:
            raise TranscriptError(path_name, number, f"move {move_text!r}: {exc}", DIVERGENCE) from None
        if chained:
            chain = move_chain(chain, seat_name, move_text)
            if recorded_chain != chain:
                raise TranscriptError(
                    path_name, number,
                    f"expected chain {recorded_chain} (as recorded), got {chain}: this move or one before it "
                    "was moved, removed, added or changed",
                    DIVERGENCE,
                )
        moves_read.append(fields)
        if len(events) > 1:  # most moves (melds, adds) cause no event beyond themselves
            pending = [event_line(e, game) for e in events[:0:-1]]  # reversed: popped from the end
        digest_due = number if ends_turn(events) else 0
    result.pending = pending[::-1]
    result.digest_due = bool(digest_due)
    result.chain = chain
    result.lines = len(lines)
    return result


# A move line exactly as the writer writes it; anything else goes through the JSON parser. The
# reason's pattern is the unrolled form of "(?:[^"\\]|\\.)*", several times faster on long reasons;
# control characters, which JSON forbids inside strings, are left to the parser to refuse.
_DIGEST_HEAD = '{"e":"digest","digest":"'  # a digest line is this, the digest, and '"}'
_DIGEST_START = len(_DIGEST_HEAD)
_MOVE_LINE = re.compile(
    r'\{"e":"move","seat":"([A-Z]+)","move":"([^"\\\x00-\x1f]*)"(?:,"chain":"([0-9a-f]{8})")?'
    r'(?:,"reason":("[^"\\\x00-\x1f]*(?:\\.[^"\\\x00-\x1f]*)*")(?:,"why":(\{[^\x00-\x1f]*\}))?)?\}\Z'
)


def _check_kind(source: Source, number: int, data: dict[str, Any]) -> str:
    kind = data.get("e", _MISSING)
    if kind is _MISSING:
        raise TranscriptError(source.path, number, "the line has no event kind 'e'")
    if not isinstance(kind, str):
        raise TranscriptError(source.path, number, f"the event kind 'e' must be text, not {json_text(kind)}")
    return kind


_MISSING = object()


def _quick_move(text: str) -> tuple[str, str, str | None, str | None, str | None] | None:
    """(seat, move, chain, reason, why) of a move line exactly as the writer writes it, or None,
    when the JSON parser reads the line instead. ``why``, the reason as data, is kept as its JSON
    text: only a reader that shows reasons parses it (RecordedMove.why)."""
    found = _MOVE_LINE.match(text)
    if found is None:
        return None
    seat, move, chain, literal, why = found.groups()
    if literal is None:
        return seat, move, chain, None, None
    if "\\" in literal:
        try:
            return seat, move, chain, json.loads(literal), why
        except ValueError:
            return None
    return seat, move, chain, literal[1:-1], why  # a JSON string with no escape: the text inside its quotes


KNOWN_KINDS = frozenset({*EVENT_KINDS, "digest", REMARK})  # every line kind a transcript holds
