"""``hf simulate``: the summary, the process pool, swapped replays and the command line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from hfcli.cli.simulate import simulate as simulate_command
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.simulate import game_seed, play_one, simulate, wilson

CLASSIC = preset("classic")
TIMING = {"seconds", "decision_ms", "moves_per_second", "games_per_second"}


def stable(data: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in data.items() if k not in TIMING}


def test_a_process_pool_gives_the_same_results() -> None:
    one = simulate(CLASSIC, 3, 5, ("normal", "greedy"), jobs=1)
    two = simulate(CLASSIC, 3, 5, ("normal", "greedy"), jobs=2)
    assert stable(one.as_dict()) == stable(two.as_dict())
    assert one.games == 3 and one.deals == 12


def test_swap_replays_the_same_shoes_with_the_sides_exchanged() -> None:
    seed = game_seed(4, 0)
    records = play_one(CLASSIC, seed, ("normal", "random"), True)
    assert len(records) == 2
    # the better side wins from either set of cards, and is counted as NS both times
    assert [r.winner for r in records] == ["NS", "NS"]
    first = Game(CLASSIC, seed)
    replay = Game(CLASSIC, seed, shoes=[first.shoes[0]])
    assert replay.hands == first.hands and replay.feet == first.feet
    summary = simulate(CLASSIC, 2, 4, ("normal", "random"), swap=True)
    assert summary.games == 4 and summary.wins["NS"] == 4


def test_summary_keys_and_shares() -> None:
    data = simulate(CLASSIC, 2, 1, ("normal", "normal")).as_dict()
    for key in ("games", "deals", "moves", "seconds", "moves_per_second", "going_out_share", "books_per_deal"):
        assert key in data
    wins = data["wins"]
    assert isinstance(wins, dict) and set(wins) == {"NS", "EW", "tie"} and sum(wins.values()) == 2
    decision = data["decision_ms"]
    assert isinstance(decision, dict) and 0 < decision["median"] <= decision["p99"]
    endings = data["deal_endings"]
    assert isinstance(endings, dict)
    assert data["going_out_share"] == pytest.approx(endings.get("out", 0) / 8, abs=1e-4)


def test_wilson_interval() -> None:
    share, low, high = wilson(5, 10)
    assert share == 0.5 and low == pytest.approx(0.2366, abs=1e-3) and high == pytest.approx(0.7634, abs=1e-3)
    assert wilson(0, 10)[1] == 0.0 and wilson(10, 10)[2] == 1.0
    assert wilson(0, 0) == (0.0, 0.0, 0.0)


def test_command_json() -> None:
    result = CliRunner().invoke(simulate_command, ["--games", "2", "--ns", "normal", "--ew", "random", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 2 and data["players"] == {"NS": "normal", "EW": "random"}
    assert set(data["decision_ms"]) == {"median", "p99"}
    assert data["wins"]["NS"] == 2


def test_command_table_and_players_option() -> None:
    result = CliRunner().invoke(simulate_command, ["--games", "1", "--players", "random"])
    assert result.exit_code == 0, result.output
    assert "NS wins" in result.output and "going out" in result.output and "decision time" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ns", "expert"], "'expert' is not one of"),
        (["--players", "random", "--ns", "normal"], "either --players or --ns/--ew"),
        (["--jobs", "0"], "--jobs"),
        (["--rules", "nosuch.toml"], "nosuch.toml"),
    ],
)
def test_command_refuses_bad_options(args: list[str], message: str) -> None:
    result = CliRunner().invoke(simulate_command, ["--games", "1", *args])
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output


def test_by_default_the_ai_at_its_default_level_plays_both_sides() -> None:
    result = CliRunner().invoke(simulate_command, ["--games", "1", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.output)["players"] == {"NS": "normal", "EW": "normal"}
    help_text = CliRunner().invoke(simulate_command, ["--help"]).output
    assert "[default: normal]" in help_text and "random]" not in help_text
