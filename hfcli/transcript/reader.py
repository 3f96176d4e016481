"""Replaying a transcript strictly against the engine: the one driver every reader of a game goes
through, showing each its visitor (hfcli/transcript/visitor.py) on the way.

The file's lines, the header and the starting game are read by the modules beside this one
(source, header, start); each kind of line is described once, in hfcli/transcript/kinds.py.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hfcli.engine.cards import Card
from hfcli.engine.errors import HandFootError, IllegalMoveError
from hfcli.engine.game import Game
from hfcli.engine.moves import parse_move
from hfcli.engine.state import OVER_PHASE
from hfcli.transcript.digest import Digester
from hfcli.transcript.header import parse_header
from hfcli.transcript.kinds import (
    DIGEST,
    DIGEST_HEAD,
    DIGEST_TAIL,
    KNOWN_KINDS,
    MOVE,
    REMARK,
    QuickMove,
    describe,
    event_line,
    read_move_line,
)
from hfcli.transcript.lines import DIVERGENCE, RecordedMove, RecordedRemark, TranscriptError, ends_turn, move_chain
from hfcli.transcript.source import Source, json_text, kind_name, line_kind, load_line, read_source, value_of
from hfcli.transcript.start import starting_game
from hfcli.transcript.visitor import AiCheck, Replayed, Visitor, Visitors


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
            message = f"{where!r} must be {kind_name(type(want))}, not {json_text(got)}"
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


def replay(
    path: str | Path,
    visitor: Visitor | None = None,
    *,
    ai: bool = False,
    source: Source | None = None,
    shoes: Sequence[Sequence[Card]] = (),
) -> Replayed:
    """Replay a transcript strictly: every move must be legal and by the seat to move, every line
    the engine produces must match the file, every recorded digest must match the state.

    Raises :class:`TranscriptError` at the first problem. ``visitor`` is shown the replay as it goes
    (:class:`~hfcli.transcript.visitor.Visitor`). With ``ai``, today's AI is asked at every AI seat
    and must choose the recorded move (:class:`~hfcli.transcript.visitor.AiCheck`, after ``visitor``).
    ``shoes``: the game's shoes fixed before it began, for the deals the file does not record yet.
    """
    if source is None:
        source = read_source(path)
    header = parse_header(source)
    game = starting_game(source, header, shoes)
    digester = Digester()
    result = Replayed(source, header, game)
    names = game.seating.names
    shown = _shown(visitor, ai)
    if shown is not None:
        shown.begin(source.path, header, game)
    visit = shown.move if shown is not None and shown.sees_moves else None
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
    move_lines: dict[str, QuickMove | None] = {}
    for number in range(2, len(lines) + 1):
        text = lines[number - 1]
        if pending:
            if text != pending[-1]:
                _check_owed(source, number, text, pending[-1])
            pending.pop()
            continue
        if text.startswith(DIGEST_HEAD) and text.endswith(DIGEST_TAIL) \
                and text[_DIGEST_START:_DIGEST_END] == digester.digest(game):
            result.digests += 1
            digest_due = 0
            continue
        fast = move_lines.get(text)
        if fast is None:
            fast = read_move_line(text)
            if not chained:
                move_lines[text] = fast
        if fast is None or game.turn.phase is OVER_PHASE or digest_due or not (fast[2] or not chained):
            read = _read_line(source, number, game, digester, digest_due, chained, result, shown)
            if read is None:  # a remark
                continue
            if isinstance(read, str):  # the turn's digest, checked
                result.digests += 1
                digest_due = 0
                continue
            fast = read
        seat_name, move_text, recorded_chain, reason, why = fast
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
        if visit is not None:
            visit(game, RecordedMove(*fields))
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
    if shown is not None:
        shown.end(result)
    return result


_DIGEST_START, _DIGEST_END = len(DIGEST_HEAD), -len(DIGEST_TAIL)


def _shown(visitor: Visitor | None, ai: bool) -> Visitor | None:
    """The visitor a replay shows: ``visitor``, then the AI's check with ``ai``."""
    if not ai:
        return visitor
    return AiCheck() if visitor is None else Visitors([visitor, AiCheck()])


def _check_owed(source: Source, number: int, text: str, want: str) -> None:
    """Line ``number``, written otherwise than the line the engine produced (``want``), must say the
    same event: a move or a digest where the replay owes an event is a divergence."""
    data = load_line(source, number)
    kind = line_kind(source, number, data)
    if kind in (MOVE, DIGEST):
        raise TranscriptError(
            source.path, number,
            f"expected {describe(text)} (as recorded), got {describe(want)} from the replay first", DIVERGENCE,
        )
    if not _same_event(source, number, data, want):
        raise TranscriptError(
            source.path, number, f"expected {describe(text)} (as recorded), got {describe(want)}", DIVERGENCE
        )


def _read_line(
    source: Source, number: int, game: Game, digester: Digester, digest_due: int, chained: bool, result: Replayed,
    shown: Visitor | None,
) -> QuickMove | str | None:
    """A line the quick paths did not take, parsed and checked: a move's fields; ``DIGEST`` for the
    turn's digest, checked; None for a remark, kept (and shown)."""
    path_name = source.path
    text = source.lines[number - 1]
    data = load_line(source, number)
    kind = line_kind(source, number, data)
    if kind == REMARK:
        # Said at the table between moves: kept for the viewers, no part of the game to check.
        names = game.seating.names
        seat_said = value_of(source, number, data, "seat", str)
        if seat_said not in names:
            raise TranscriptError(path_name, number, f"a remark by {json_text(seat_said)}, which is no seat here")
        said = value_of(source, number, data, "text", str)
        remark = RecordedRemark(len(result.recorded), number, names.index(seat_said), said)
        result.remarks.append(remark)
        if shown is not None:
            shown.remark(remark)
        return None
    if kind == DIGEST:
        recorded = value_of(source, number, data, "digest", str)
        got = digester.digest(game)
        if recorded != got:
            raise TranscriptError(path_name, number, f"expected digest {recorded} (as recorded), got {got}", DIVERGENCE)
        return DIGEST
    if digest_due:
        # A turn's digest is what checks the state the turn left: a file without it is not whole.
        raise TranscriptError(
            path_name, number, f"expected the digest of the turn that ended at line {digest_due}, got {describe(text)}",
            DIVERGENCE,
        )
    if kind != MOVE:
        if kind in KNOWN_KINDS:
            raise TranscriptError(
                path_name, number, f"expected a move, got {describe(text)} that the replay did not produce", DIVERGENCE
            )
        raise TranscriptError(path_name, number, f"unknown event kind {kind!r}")
    if game.is_over:
        raise TranscriptError(
            path_name, number, f"expected the end of the file (the game is over), got {describe(text)}", DIVERGENCE
        )
    seat_name = value_of(source, number, data, "seat", str)
    move_text = value_of(source, number, data, "move", str)
    recorded_chain = value_of(source, number, data, "chain", str) if chained else None
    reason = data.get("reason")
    if reason is not None and not isinstance(reason, str):
        raise TranscriptError(path_name, number, "'reason' must be text or null")
    why = data.get("why")  # the reason as data, read only by who asks (RecordedMove.why)
    return seat_name, move_text, recorded_chain, reason, why
