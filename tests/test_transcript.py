"""Recording, replaying and resuming transcripts."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from recording import record

from ai import Decision
from hfcli import Game, rules
from hfcli.engine.events import Event
from hfcli.levels import make_player
from hfcli.table.match import play_game
from hfcli.transcript import SeatInfo, TranscriptError, TranscriptWriter, read_source, replay, resume

SEATS = [SeatInfo("You", "human", None), SeatInfo("West", "ai", "random"),
         SeatInfo("North", "ai", "random"), SeatInfo("East", "ai", "random")]


def record_game(path: Path, preset: str = "classic", seed: int = 5, stop_after: int | None = None) -> Game:
    return record(path, seats=SEATS, seed=seed, moves=stop_after, preset=preset)


def test_full_game_replays_to_the_same_state_and_scores(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game = record_game(path)
    replayed = replay(path)
    assert replayed.finished
    assert replayed.game == game
    assert replayed.game.totals() == game.totals()
    assert len(replayed.moves) == game.move_count
    assert replayed.digests > 0


def test_header_holds_rules_seed_seats_and_version(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record_game(path, "eleven", stop_after=5)
    header = json.loads(path.read_text().splitlines()[0])
    assert header["format"] == "hfcli-transcript" and header["version"] == 2
    assert header["rules"]["hand_size"] == 11 and header["seed"] == 5
    assert header["seats"][0] == {"seat": "S", "name": "You", "kind": "human", "level": None}
    assert rules.from_mapping(header["rules"]) == rules.preset("eleven")


def test_each_deal_records_its_whole_shoe(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game = record_game(path)
    deals = [json.loads(t) for t in path.read_text().splitlines() if '"e":"deal"' in t]
    assert [d["deal"] for d in deals] == [1, 2, 3, 4]
    assert [d["shoe"].split() for d in deals] == [[c.text for c in game.shoes[i]] for i in range(4)]


def test_resume_continues_where_the_file_ends(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    partial = record_game(path, stop_after=300)
    resumed = resume(path, fsync=False)
    assert resumed.warning is None
    assert resumed.game == partial
    assert [s.name for s in resumed.seats] == ["You", "West", "North", "East"]
    assert len(resumed.moves) == 300
    game = resumed.game
    players = [make_player("random", 9, s) for s in range(4)]
    play_game(game, players, on_move=lambda events, _decision: resumed.writer.record(events))
    resumed.writer.close()
    again = replay(path)
    assert again.finished and again.game.totals() == game.totals()


def test_resume_reports_and_drops_a_torn_last_line(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    partial = record_game(path, stop_after=40)
    with path.open("a") as handle:
        handle.write('{"e":"move","seat":"S","mo')
    resumed = resume(path, fsync=False)
    assert resumed.warning is not None and "torn last line dropped" in resumed.warning
    assert resumed.game == partial
    resumed.writer.close()
    assert read_source(path).torn is None


def test_resume_writes_the_events_a_crash_cut_off(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record_game(path, stop_after=60)
    lines = path.read_text().splitlines(keepends=True)
    cut = max(i for i, t in enumerate(lines) if '"e":"draw"' in t)
    path.write_text("".join(lines[:cut]))
    resumed = resume(path, fsync=False)
    resumed.writer.close()
    assert path.read_text().splitlines(keepends=True)[: cut + 1] == lines[: cut + 1]


def test_resume_refuses_a_finished_game(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record_game(path, stop_after=None)
    with pytest.raises(TranscriptError, match="game is over"):
        resume(path)


def test_resume_after_a_crash_between_deals_deals_what_the_seed_deals(tmp_path: Path) -> None:
    full = tmp_path / "full.jsonl"
    record_game(full)
    lines = full.read_text().splitlines(keepends=True)
    end = next(i for i, t in enumerate(lines) if '"e":"deal_end"' in t)
    # The crash came after the deal-ending move line, before its deal_end and the next deal's lines.
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:end]))
    resumed = resume(cut, fsync=False)
    resumed.writer.close()
    deal2 = next(t for t in lines if '"e":"deal","deal":2' in t)
    written = cut.read_text().splitlines(keepends=True)
    assert written[end] == lines[end] and deal2 in written
    assert replay(cut).game.deal_index == 1


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10**6), preset=st.sampled_from(["classic", "eleven"]),
       cut=st.floats(min_value=0.0, max_value=1.0))
def test_any_cut_of_any_game_resumes_to_the_state_at_that_line(tmp_path: Path, seed: int, preset: str,
                                                               cut: float) -> None:
    # A folder of its own for each example: hypothesis may draw the same seed twice, and a
    # transcript is only ever written as a new file.
    path = Path(tempfile.mkdtemp(dir=tmp_path)) / f"g{seed}.jsonl"
    game = Game(rules.preset(preset), seed=seed)
    players = [make_player("random", seed, s) for s in range(4)]
    writer = TranscriptWriter.create(path, game, SEATS, fsync=False)
    states = [game.clone()]

    def record_move(events: list[Event], decision: Decision) -> None:
        writer.record(events, decision.reason)
        states.append(game.clone())

    play_game(game, players, on_move=record_move)
    writer.close()
    lines = path.read_text().splitlines(keepends=True)
    keep = 1 + int(cut * (len(lines) - 1))
    path.write_text("".join(lines[:keep]))
    if keep == len(lines):
        with pytest.raises(TranscriptError, match="game is over"):
            resume(path)
        return
    resumed = resume(path, fsync=False)
    resumed.writer.close()
    # The resumed game is the state after the last move line kept, and the lines the cut removed
    # that the engine owed for that move are written back exactly.
    moves_done = len(resumed.moves)
    assert resumed.game == states[moves_done]
    move_lines = [i for i, t in enumerate(lines) if t.startswith('{"e":"move"')]
    restored = move_lines[moves_done] if moves_done < len(move_lines) else len(lines)
    assert path.read_text().splitlines(keepends=True) == lines[: max(keep, restored)]
