"""A transcript of a game started from a position (a what-if game): its header records the start
position and where it came from; it replays, verifies and resumes with nothing else."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from recording import GOLDEN, position_after, record_what_if

from hfcli import rules
from hfcli.engine.events import Event, EventKind
from hfcli.engine.game import Game
from hfcli.levels import make_player
from hfcli.table.match import play_game
from hfcli.transcript import (
    DIVERGENCE,
    MALFORMED,
    SeatInfo,
    TranscriptError,
    TranscriptWriter,
    read_source,
    replay,
    resume,
)
from hfcli.transcript.header import parse_header
from hfcli.transcript.origin import history_data, read_history
from hfcli.transcript.verify import verify_file
from hfcli.transcript.viewer import load

ORIGIN = GOLDEN / "classic-normal-seed1.jsonl"


def lines_of(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def rewrite_header(path: Path, **changes: object) -> None:
    lines = path.read_text().splitlines()
    header = json.loads(lines[0]) | changes
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")


def test_a_what_if_game_replays_from_its_header_position_to_the_same_end(tmp_path: Path) -> None:
    path = tmp_path / "what-if.jsonl"
    played = record_what_if(path, ORIGIN, 300)
    header = lines_of(path)[0]
    assert header["origin"] == {"kind": "what-if", "file": str(ORIGIN), "move": 300}
    assert header["position"] == position_after(ORIGIN, 300)
    assert lines_of(path)[1]["e"] == "move"  # nothing is dealt: the game starts inside deal 2
    replayed = replay(path)
    assert replayed.finished and replayed.game == played
    assert replayed.game.results[0] == replay(ORIGIN).game.results[0]  # deal 1 was over before move 300
    # Every AI seat chooses from the same views when verified as when it played.
    verified = verify_file(path, ai=True)
    assert "finished" in verified.summary


def test_with_the_history_in_the_header_the_recorded_ai_plays_on_exactly_as_recorded(tmp_path: Path) -> None:
    path = tmp_path / "what-if.jsonl"
    record_what_if(path, ORIGIN, 300)
    header = parse_header(read_source(path))
    start = load(ORIGIN).position(300)
    assert read_history(header, start.seating, str(path)) == start.public_events
    # Every seat makes the moves the recorded game's AIs made: nobody played otherwise, so the
    # game goes on as recorded to the same end.
    assert [m.move for m in replay(path).moves] == [m.move for m in replay(ORIGIN).moves[300:]]
    assert replay(path).game == replay(ORIGIN).game


def test_a_malformed_history_is_refused_naming_the_event(tmp_path: Path) -> None:
    path = tmp_path / "what-if.jsonl"
    record_what_if(path, ORIGIN, 300, moves=5)
    history = lines_of(path)[0]["history"]
    assert isinstance(history, list)  # the deal's start; trailing defaults (no cards, count 0) left off
    assert history[:3] == [["deal", "E", None, "", 0, "minimum 50"], ["bury", None, None, "2H"],
                           ["upcard", None, None, "AD"]]
    history[3] = ["move", "Q", "draw"]
    rewrite_header(path, history=history)
    with pytest.raises(TranscriptError, match=r"'history' event 4 \(\['move', 'Q', 'draw'\]\): 'Q' is not a seat"):
        replay(path)
    rewrite_header(path, history="none")
    with pytest.raises(TranscriptError, match="'history' must be a list of events"):
        replay(path)


def test_a_cut_what_if_game_resumes_from_its_position(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    finished = record_what_if(whole, ORIGIN, 300)
    record_what_if(cut, ORIGIN, 300, moves=120)
    resumed = resume(cut, fsync=False)
    seats = parse_header(read_source(cut)).seats
    players = [make_player(info.level or "", resumed.game.seed, s) for s, info in enumerate(seats)]
    # The AI seats start afresh at the resume; the views are the same, and so are their choices.
    play_game(resumed.game, players, on_move=lambda events, decision: resumed.writer.record(events, decision.reason))
    resumed.writer.close()
    assert resumed.game == finished
    assert replay(cut).finished


def test_later_deals_come_from_the_position_and_a_deal_line_that_disagrees_diverges(tmp_path: Path) -> None:
    path = tmp_path / "what-if.jsonl"
    record_what_if(path, ORIGIN, 300)
    lines = path.read_text().splitlines()
    deal3 = next(i for i, line in enumerate(lines) if line.startswith('{"e":"deal","deal":3,'))
    data = json.loads(lines[deal3])
    cards = data["shoe"].split()
    cards[0], cards[-1] = cards[-1], cards[0]
    assert cards != data["shoe"].split()
    data["shoe"] = " ".join(cards)
    lines[deal3] = json.dumps(data, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(TranscriptError) as caught:
        replay(path)
    assert caught.value.fault is DIVERGENCE and caught.value.line == deal3 + 1
    assert "deal 3" in caught.value.message


def test_a_start_position_of_other_rules_or_seed_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "what-if.jsonl"
    record_what_if(path, ORIGIN, 300, moves=10)
    text = lines_of(path)[0]["position"]
    assert isinstance(text, str)
    # The rules line with one option more: "rules: classic" or "rules: classic {...}" (docs/position.md).
    rules_line = next(line for line in text.splitlines() if line.startswith("rules: "))
    name, _, overrides = rules_line.removeprefix("rules: ").partition(" ")
    other = {**(json.loads(overrides) if overrides else {}), "going_out_bonus": 200}
    rewrite_header(path, position=text.replace(rules_line, f"rules: {name} {json.dumps(other)}"))
    with pytest.raises(TranscriptError) as caught:
        replay(path)
    assert caught.value.fault is MALFORMED and "other rules than the header's" in str(caught.value)
    rewrite_header(path, position=text.replace("seed: 1\n", "seed: 9\n"))
    with pytest.raises(TranscriptError, match="seed is 9, the header's 1"):
        replay(path)


def test_a_broken_start_position_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "what-if.jsonl"
    record_what_if(path, ORIGIN, 300, moves=10)
    text = lines_of(path)[0]["position"]
    assert isinstance(text, str)
    rewrite_header(path, position=text.replace("to move: ", "to move: Q"))
    with pytest.raises(TranscriptError) as caught:
        replay(path)
    assert caught.value.line == 1 and "the start position: line 8: to move: 'Q" in caught.value.message
    rewrite_header(path, position=7)
    with pytest.raises(TranscriptError, match="'position' must be a position's text"):
        replay(path)


def test_a_malformed_origin_is_refused_and_an_unknown_key_beside_it_ignored(tmp_path: Path) -> None:
    path = tmp_path / "what-if.jsonl"
    record_what_if(path, ORIGIN, 300, moves=10)
    rewrite_header(path, future_key={"anything": 1})
    assert len(replay(path).moves) == 10
    rewrite_header(path, origin={"kind": "what-if", "file": "x.jsonl"})  # a what-if names its move
    with pytest.raises(TranscriptError, match="'origin' must be an object"):
        replay(path)


def test_a_game_built_from_a_position_is_recorded_only_with_its_position(tmp_path: Path) -> None:
    game = Game.from_position(position_after(ORIGIN, 300))
    seats = [SeatInfo(name, "ai", "normal") for name in ("South", "West", "North", "East")]
    with pytest.raises(ValueError, match="with that position in the header"):
        TranscriptWriter.create(tmp_path / "g.jsonl", game, seats, fsync=False)


def test_a_history_writes_each_sides_minimum_as_the_first_program_did_and_reads_it_back() -> None:
    """A deal event holds the sides' minimums as numbers; the history writes them in the deal's
    detail as earlier versions wrote it ("minimum 50", or by score "minimums NS 90, EW 10"), so
    files with a history read the same in every version."""
    by_score = rules.from_mapping({"meld_minimum_by": "score", "score_minimums": [[0, 10], [1200, 90]]})
    game = Game(by_score, seed=3)
    seating = game.seating
    deal = Event(EventKind.DEAL, 3, count=1, minimums=(90, 10))
    data = history_data([game.public_events[0], deal], seating, by_score)
    assert data[0] == ["deal", "E", None, "", 0, "minimums NS 10, EW 10"]
    assert data[1] == ["deal", "E", None, "", 1, "minimums NS 90, EW 10"]
    assert read_history(SimpleNamespace(data={"history": data}), seating, "f") == [  # type: ignore[arg-type]
        game.public_events[0], deal]
    # Written by the deal, one minimum for every side.
    classic = Game(rules.preset("classic"), seed=3)
    data = history_data(classic.public_events[:1], seating, classic.rules)
    assert data == [["deal", "E", None, "", 0, "minimum 50"]]
    assert read_history(SimpleNamespace(data={"history": data}), seating, "f")[0].minimums == (50, 50)  # type: ignore[arg-type]
    with pytest.raises(TranscriptError, match="a deal's detail is 'minimum M' or 'minimums NS M, ...'"):
        read_history(SimpleNamespace(data={"history": [["deal", "E", None, "", 0, "minimum fifty"]]}),  # type: ignore[arg-type]
                     seating, "f")
