"""Every table, 2 to 6 players (T-SIZE): the transcript records the seating, and replay, verify,
resume and positions handle any table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from recording import record

from ai import make_player
from hfcli.cli import main
from hfcli.engine.game import Game
from hfcli.engine.seating import FOUR_HANDED
from hfcli.match import play_game
from hfcli.transcript import TranscriptError, replay, resume
from hfcli.transcript.viewer import load

# (players, teams) of every table the game is played at.
TABLES = [(2, "auto"), (3, "auto"), (4, "pairs"), (4, "none"), (5, "auto"), (6, "pairs"), (6, "threes")]


def _header(path: Path) -> dict[str, object]:
    header = json.loads(path.read_text().splitlines()[0])
    assert isinstance(header, dict)
    return header


def _rewrite_header(path: Path, **changes: object) -> None:
    lines = path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0]) | changes
    header = {k: v for k, v in header.items() if v is not None}
    lines[0] = json.dumps(header, separators=(",", ":")) + "\n"
    path.write_text("".join(lines))


@pytest.mark.parametrize(
    ("players", "teams", "seating"),
    [
        (2, "auto", {"seats": ["S", "N"], "long_names": ["South", "North"], "sides": ["S", "N"],
                     "side_names": ["S", "N"], "first_dealer": "N"}),
        (3, "auto", {"seats": ["S", "NW", "NE"], "long_names": ["South", "Northwest", "Northeast"],
                     "sides": ["S", "NW", "NE"], "side_names": ["S", "NW", "NE"], "first_dealer": "NE"}),
        (4, "pairs", {"seats": ["S", "W", "N", "E"], "long_names": ["South", "West", "North", "East"],
                      "sides": ["NS", "EW", "NS", "EW"], "side_names": ["NS", "EW"], "first_dealer": "E"}),
        (6, "pairs", {"seats": ["S", "SW", "NW", "N", "NE", "SE"],
                      "long_names": ["South", "Southwest", "Northwest", "North", "Northeast", "Southeast"],
                      "sides": ["S+N", "SW+NE", "NW+SE", "S+N", "SW+NE", "NW+SE"],
                      "side_names": ["S+N", "SW+NE", "NW+SE"], "first_dealer": "SE"}),
        (6, "threes", {"seats": ["S", "SW", "NW", "N", "NE", "SE"],
                       "long_names": ["South", "Southwest", "Northwest", "North", "Northeast", "Southeast"],
                       "sides": ["S+NW+NE", "SW+N+SE", "S+NW+NE", "SW+N+SE", "S+NW+NE", "SW+N+SE"],
                       "side_names": ["S+NW+NE", "SW+N+SE"], "first_dealer": "SE"}),
    ],
)
def test_T_SIZE_the_header_records_the_seating(tmp_path: Path, players: int, teams: str,
                                               seating: dict[str, object]) -> None:
    path = tmp_path / "g.jsonl"
    game = record(path, players=players, teams=teams, moves=30)
    header = _header(path)
    assert header["seating"] == seating
    assert [s["seat"] for s in header["seats"]] == seating["seats"]  # type: ignore[index, union-attr]
    replayed = replay(path)
    assert replayed.header.seating == game.seating and replayed.game == game


def test_a_file_without_a_seating_was_played_at_the_four_seat_partnership_table(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game = record(path, moves=200)
    _rewrite_header(path, seating=None)
    assert "seating" not in _header(path)
    replayed = replay(path)
    assert replayed.header.seating == FOUR_HANDED and replayed.game == game


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seats": ["S", "NW"]}, "must name 3 seats"),
        ({"long_names": ["South", "North\x1b[2J", "Northeast"]}, "long names and side names are letters"),
        ({"seats": ["S", "S", "NE"]}, "each named once"),
        ({"seats": ["S", "nw", "NE"]}, "capital letters"),
        ({"sides": ["S", "NW", "E"]}, "every seat's side is one of side_names"),
        ({"first_dealer": "E"}, "first_dealer must be one of the seats, not 'E'"),
        ({"side_names": "S NW NE"}, "each a list of text"),
    ],
)
def test_a_bad_seating_is_refused_at_line_1(tmp_path: Path, change: dict[str, object], message: str) -> None:
    path = tmp_path / "g.jsonl"
    record(path, players=3, moves=10)
    seating = _header(path)["seating"]
    assert isinstance(seating, dict)
    _rewrite_header(path, seating=seating | change)
    with pytest.raises(TranscriptError) as caught:
        replay(path)
    assert caught.value.line == 1 and caught.value.exit_code == 2
    assert message in caught.value.message
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output and "\x1b" not in result.output


@pytest.mark.parametrize(("players", "teams"), [(3, "auto"), (6, "threes")])
def test_resume_at_any_table_continues_where_the_file_ends(tmp_path: Path, players: int, teams: str) -> None:
    path = tmp_path / "g.jsonl"
    partial = record(path, players=players, teams=teams, seed=4, moves=400)
    resumed = resume(path, fsync=False)
    assert resumed.game == partial and resumed.game.seating == partial.seating
    assert len(resumed.moves) == 400
    game = resumed.game
    seats = game.seating.seats
    play_game(game, [make_player("random", 9, s) for s in seats],
              on_move=lambda events, d: resumed.writer.record(events, d.reason))
    resumed.writer.close()
    again = replay(path)
    assert again.finished and again.game == game and again.game.totals() == game.totals()
    assert len(again.game.totals()) == len(game.seating.team_names)


def test_replay_position_at_six_prints_a_position_of_that_table(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record(path, players=6, teams="threes", moves=120)
    result = CliRunner().invoke(main, ["replay", "--position", "100", str(path)])
    assert result.exit_code == 0, result.output
    assert ("seating: S South S+NW+NE, SW Southwest SW+N+SE, NW Northwest S+NW+NE, N North SW+N+SE, "
            "NE Northeast S+NW+NE, SE Southeast SW+N+SE; first dealer SE") in result.output
    assert Game.from_position(result.output) == load(path).position(100)
