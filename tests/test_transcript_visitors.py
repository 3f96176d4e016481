"""Reading transcripts through visitors, and the one table of line kinds the writer and readers share."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from recording import GOLDEN

from hfcli import Game, rules
from hfcli.engine.events import EventKind
from hfcli.levels import make_player
from hfcli.transcript import (
    Header,
    RecordedMove,
    Replayed,
    SeatInfo,
    TranscriptError,
    TranscriptWriter,
    Visitor,
    replay,
)
from hfcli.transcript.kinds import KNOWN_KINDS, LINE_HEAD, LINE_KINDS, describe, written_kind
from hfcli.transcript.lines import RecordedRemark
from hfcli.transcript.scan import SKIP, ScanVisitor, scan
from hfcli.transcript.visitor import Visitors

GOLDEN_FILES = sorted(GOLDEN.glob("*.jsonl"))


def test_every_engine_event_has_a_line_kind_and_every_kind_one_name() -> None:
    assert {kind.event for kind in LINE_KINDS.values() if kind.event is not None} == set(EventKind)
    assert all(kind.write is not None for kind in LINE_KINDS.values() if kind.event is not None)
    assert KNOWN_KINDS == {*EventKind, "digest", "say"}
    assert all(name == kind.name for name, kind in LINE_KINDS.items())


@pytest.mark.parametrize("path", GOLDEN_FILES[:3], ids=lambda p: p.stem)
def test_every_written_line_begins_with_its_kind(path: Path) -> None:
    # The scan of a report reads a line's kind off its first bytes; JSON must agree on every line.
    lines = path.read_text().splitlines()[1:]
    assert all(line.startswith(LINE_HEAD) for line in lines)
    assert [written_kind(line) for line in lines] == [json.loads(line)["e"] for line in lines]


def test_a_line_in_another_form_has_no_written_kind_and_messages_still_name_it() -> None:
    assert written_kind('{"e": "deal_end", "deal": 1}') is None
    assert written_kind('{"deal":1,"e":"deal_end"}') is None
    assert describe('{"e": "draw", "seat": "W", "cards": "4H 5S"}') == "draw by W of '4H 5S'"
    assert describe('{"seat":"N","e":"out"}') == "going out by N"
    assert describe('{"e":"say","seat":"S","text":"hi"}') == repr('{"e":"say","seat":"S","text":"hi"}')
    assert describe('{"e":["move"]}') == repr('{"e":["move"]}')


class Calls(Visitor):
    """Every call a replay makes, in order."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def begin(self, path: str, header: Header, game: Game) -> None:
        self.calls.append(f"begin {header.seats[0].name} {game.move_count}")

    def move(self, game: Game, move: RecordedMove) -> None:
        assert game.move_count == move.number - 1  # shown before the move is applied
        self.calls.append(f"move {move.number} {move.move}")

    def remark(self, remark: RecordedRemark) -> None:
        self.calls.append(f"remark after {remark.after}: {remark.text}")

    def end(self, replayed: Replayed) -> None:
        self.calls.append(f"end {len(replayed.recorded)}")


def _short_game(path: Path, moves: int) -> Game:
    """A game of four random players, ``moves`` moves long, with a remark before the first move and
    after the second."""
    game = Game(rules.preset("classic"), seed=3)
    players = [make_player("random", 3, seat) for seat in range(4)]
    seats = [SeatInfo("Ann", "human", None)] + [SeatInfo(f"P{s}", "ai", "random") for s in range(1, 4)]
    with TranscriptWriter.create(path, game, seats, fsync=False) as writer:
        writer.remark(0, "hello")
        for done in range(moves):
            seat = game.to_move
            writer.record(game.apply(players[seat].choose(game.view(seat)).move))
            if done == 1:
                writer.remark(2, "nice")
    return game


def test_a_visitor_is_shown_the_header_each_move_and_remark_in_order_then_the_end(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game = _short_game(path, 4)
    calls = Calls()
    replayed = replay(path, calls)
    moves = [m.move for m in replayed.moves]
    assert calls.calls == [
        "begin Ann 0", "remark after 0: hello", f"move 1 {moves[0]}", f"move 2 {moves[1]}",
        "remark after 2: nice", f"move 3 {moves[2]}", f"move 4 {moves[3]}", "end 4",
    ]
    assert replayed.game == game


def test_a_visitor_sees_the_moves_before_todays_ai_checks_them(tmp_path: Path) -> None:
    # Every seat of the golden game is an AI's: the visitor and the check are both shown every move.
    path = GOLDEN / "quick-normal-seed8.jsonl"
    calls = Calls()
    replayed = replay(path, calls, ai=True)
    assert calls.calls[-1] == f"end {len(replayed.recorded)}"
    assert len([c for c in calls.calls if c.startswith("move ")]) == len(replayed.recorded)


def test_a_visitor_that_raises_stops_the_replay_with_its_message(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    _short_game(path, 6)
    third = replay(path).moves[2].line
    calls = Calls()

    class Refuse(Visitor):
        def move(self, game: Game, move: RecordedMove) -> None:
            if move.number == 3:
                raise TranscriptError(str(path), move.line, "refused at the third move")

    with pytest.raises(TranscriptError, match=rf":{third}: refused at the third move"):
        replay(path, Visitors([calls, Refuse()]))
    assert calls.calls[-1].startswith("move 3 ")  # shown to the first visitor, then refused by the second


class Kinds(ScanVisitor):
    """The kinds a scan shows, with their line numbers; moves until the first only."""

    kinds = frozenset({"move", "deal_end", "game_end"})

    def __init__(self) -> None:
        self.seen: list[tuple[str, int]] = []

    def line(self, kind: str, number: int, text: str) -> object:
        self.seen.append((kind, number))
        return SKIP if kind == "move" else None


def test_the_scan_shows_the_kinds_asked_for_and_stops_showing_a_skipped_one(tmp_path: Path) -> None:
    path = GOLDEN / "quick-normal-seed8.jsonl"
    lines = path.read_text().splitlines()
    found = Kinds()
    scan(path, found)
    first_move = next(i for i, line in enumerate(lines, start=1) if '"e":"move"' in line)
    ends = [(json.loads(line)["e"], i) for i, line in enumerate(lines, start=1)
            if json.loads(line).get("e") in ("deal_end", "game_end")]
    assert found.seen == [("move", first_move), *ends]


def test_the_scan_reads_a_line_in_another_form_by_its_json_and_a_remark_never_passes_for_a_score(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.jsonl"
    _short_game(path, 2)
    with path.open("a") as handle:
        handle.write('{"e":"say","seat":"S","text":"\\"deal_end\\" \\"game_end\\""}\n')
        handle.write('{"e":"say","seat":"S","text":"deal_end"}\n')
        handle.write('{"deal": 1, "e": "deal_end"}\n')
    found = Kinds()
    scan(path, found)
    assert [kind for kind, _ in found.seen] == ["move", "deal_end"]
