"""``hf simulate``: the summary, the process pool, swapped replays and the command line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from hfcli.cli.simulate import simulate as simulate_command
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.reports.simulate import game_seed, play_one, simulate

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
        (["--ns", "master"], "'master' is not one of"),
        (["--players", "random", "--ns", "normal"], "either --players or --ns/--ew"),
        (["--jobs", "0"], "--jobs"),
        (["--rules", "nosuch.toml"], "nosuch.toml"),
        (["--players", "7"], "players must be a whole number from 2 to 6, not '7'"),
        (["--players", "3", "--levels", "normal,hard"], "2 kinds for 3 sides (S, NW, NE)"),
        (["--players", "3", "--ns", "normal"], "this table's sides are S, NW, NE: use --levels"),
        (["--players", "4", "--teams", "threes"], "teams of three need 6 players, not 4"),
        (["--levels", "master"], "'master' is not one of"),
        (["--levels", "normal", "--ew", "hard"], "either --levels or --ns/--ew"),
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


THREE = CLASSIC.replace(players=3)


def test_swap_at_three_rotates_the_sides_so_each_kind_plays_every_sides_cards() -> None:
    """T-SIZE: with --swap a table of three sides plays each game three times on the same shoes,
    the kinds rotated round the table; a side's results follow its kind wherever it sits."""
    seed = game_seed(2, 0)
    records = play_one(THREE, seed, ("normal", "random", "random"), True)
    assert len(records) == 3
    # The normal player beats two random ones from every seat's cards, and is counted as S each time.
    assert [r.winner for r in records] == ["S", "S", "S"]
    assert all(r.scores[0] == max(r.scores) for r in records)
    assert all(r.finished and r.cards_conserved for r in records)
    summary = simulate(THREE, 2, 2, ("normal", "random", "random"), swap=True)
    assert summary.games == 6 and summary.wins["S"] == 6


def test_every_table_gives_one_result_a_side() -> None:
    data = simulate(CLASSIC.replace(players=6, teams="pairs"), 1, 3, ("normal", "greedy", "random")).as_dict()
    sides = ["S+N", "SW+NE", "NW+SE"]
    assert data["sides"] == sides and data["players"] == dict(zip(sides, ("normal", "greedy", "random"), strict=True))
    for key in ("win_share", "mean_score", "books_per_deal", "went_out_share"):
        assert list(data[key]) == sides, key  # type: ignore[call-overload]
    wins = data["wins"]
    assert isinstance(wins, dict) and sum(wins.values()) == 1
    outs = data["went_out_share"]
    assert isinstance(outs, dict) and sum(outs.values()) == pytest.approx(data["going_out_share"], abs=1e-3)
    assert data["cards_conserved"] is True and data["unfinished"] == 0


@pytest.mark.parametrize(
    ("args", "sides", "kinds"),
    [
        (["--players", "3", "--levels", "normal,hard,easy"], ["S", "NW", "NE"], ["normal", "hard", "easy"]),
        (["--players", "5", "--levels", "greedy"], ["S", "W", "NW", "NE", "E"], ["greedy"] * 5),
        (["--players", "6", "--teams", "threes"], ["S+NW+NE", "SW+N+SE"], ["normal", "normal"]),
        (["--players", "4", "--teams", "none", "--levels", "random"], ["S", "W", "N", "E"], ["random"] * 4),
        (["--ns", "random", "--ew", "greedy"], ["NS", "EW"], ["random", "greedy"]),
        (["--players", "random"], ["NS", "EW"], ["random", "random"]),  # a kind: every seat, as before
    ],
)
def test_command_seats_the_table_and_the_kinds_asked_for(args: list[str], sides: list[str], kinds: list[str]) -> None:
    result = CliRunner().invoke(simulate_command, ["--games", "1", "--json", *args])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["sides"] == sides and data["players"] == dict(zip(sides, kinds, strict=True))
    table = data["table"]
    assert table["decks"] == table["players"] + 1 and table["cards"] == 54 * table["decks"]  # T-DECK
    assert data["cards_conserved"] is True and data["unfinished"] == 0


def test_command_table_names_every_side() -> None:
    result = CliRunner().invoke(simulate_command, ["--games", "1", "--players", "3", "--levels", "random"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split(None, 1) == ["rules", "classic, three players, each alone"]
    for side in ("S", "NW", "NE"):
        assert any(line.startswith(f"{side} wins ") for line in lines)
        assert any(line.startswith(f"{side} books/deal ") for line in lines)
    assert "cards             conserved after every move (216 = 54 x 4 decks)" in lines


def test_turns_and_pickups_are_counted_from_the_draws_and_takes() -> None:
    from hfcli.engine.cards import card
    from hfcli.engine.events import Event, EventKind
    from hfcli.reports.simulate import TurnCount

    count = TurnCount()
    seven = tuple(card(c) for c in ("KD", "5H", "5S", "4C", "9D", "9H", "JS"))
    count.add([Event(EventKind.DRAW, 0, count=2), Event(EventKind.RED_THREE, 0), Event(EventKind.FOOT, 0)])
    count.add([Event(EventKind.TAKE, 1, cards=seven, count=7), Event(EventKind.MOVE, 1)])
    count.add([Event(EventKind.TAKE, 2, cards=seven[:3], count=3)])
    # a red three's replacement and a foot picked up are not turns; two pickups took 7 and 3 cards
    assert (count.turns, count.pickups, count.cards_taken) == (3, 2, 10)
    summary = simulate(CLASSIC, 1, 2, ("normal", "normal"))
    data = summary.as_dict()
    assert data["turns_per_deal"] == round(summary.turns / summary.deals, 2) and summary.turns > summary.deals
