"""The rating arithmetic (hfcli.reports.ladder), worked by hand, and the player's rating in ``hf stats``."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from recording import GOLDEN

from hfcli.cli import main
from hfcli.reports.ladder import K, Outcome, Pairing, difference, expected, fit, ratings, table
from hfcli.reports.played import collect
from hfcli.reports.rating import rate_games, trend_chart
from hfcli.reports.stats import Record

LEVELS = {"levels": {"easy": {"rating": 1400}, "normal": {"rating": 1500}, "hard": {"rating": 1600}}}


def test_a_side_rated_400_points_above_wins_ten_games_to_one() -> None:
    assert expected(400) == pytest.approx(10 / 11)
    assert expected(0) == 0.5
    assert difference(10 / 11) == pytest.approx(400)


def test_two_players_and_a_known_share_give_the_difference_that_follows() -> None:
    # a wins 300 of 400 games against b: odds 3 to 1, so a is 400 * log10(3) = 190.85 points above b.
    found, spread = fit([Outcome(("a", "a"), ("b", "b"), 300, 400)], {"b": 1500})
    assert found["a"] == pytest.approx(1500 + 400 * math.log10(3), abs=1e-6)
    # The spread: 1 / sqrt(n p (1 - p)) on the logistic's scale, 1 / sqrt(400 * 3/16) / K points.
    assert spread["a"] == pytest.approx(1 / math.sqrt(75) / K, rel=1e-6)


def test_three_games_with_a_normal_partner_against_normal_worked_by_hand() -> None:
    # Won, won, lost with a normal partner against two normals. The side plays as (you + 1500) / 2,
    # so without a prior: it wins 2/3, 400 * log10(2) = 120.41 points above its opponents, and
    # you are twice that above normal: 1740.8. The spread: the information is
    # 3 * (2/3)(1/3) * (K/2)^2 = K^2 / 6, so the spread is sqrt(6) / K = 425.5 points.
    games = [Outcome(("you", "normal"), ("normal", "normal"), score, 1) for score in (1.0, 1.0, 0.0)]
    found, spread = fit(games, {"normal": 1500})
    assert found["you"] == pytest.approx(1500 + 800 * math.log10(2), abs=1e-6)
    assert found["you"] == pytest.approx(1740.8, abs=0.05)
    assert spread["you"] == pytest.approx(math.sqrt(6) / K, rel=1e-6) == pytest.approx(425.5, abs=0.1)
    # With the prior of an unknown player (1500, spread 350) the peak is where the games' pull,
    # (2 - 3p) K / 2, equals the prior's, (x - 1500) / 350^2: between 1500 and 1740.8.
    found, _ = fit(games, {"normal": 1500}, prior=(1500, 350))
    x = found["you"]
    p = expected((x - 1500) / 2)
    assert (2 - 3 * p) * K / 2 == pytest.approx((x - 1500) / 350**2, abs=1e-9)
    assert 1500 < x < 1740.8


def test_a_pairing_won_every_time_has_a_finite_gap_from_its_virtual_tie() -> None:
    # 10 games all won and one virtual tie: 10.5 of 11, 400 * log10(21) = 528.9 points.
    games = [Pairing(("hard", "normal"), i, (1.0,)) for i in range(10)]
    assert ratings(games)["hard"] == pytest.approx(1500 + 400 * math.log10(21), abs=1e-6)
    # So its rating is a bound, not a measure, and the table says so.
    data = table(games, rng=random.Random(1), boot=10)
    assert data["levels"]["hard"]["measured"] is False and data["levels"]["normal"]["measured"] is True


def test_the_team_model_predicts_a_mixed_side_and_the_table_keeps_it_apart() -> None:
    # hard beats normal 3 games in 4 over 40 shoes (each two games), easy loses as often;
    # hard+easy against normal is then predicted even, whatever it was observed to do.
    games = []
    for i in range(40):
        games.append(Pairing(("hard", "normal"), i, (1.0, 1.0 if i % 2 else 0.0)))
        games.append(Pairing(("easy", "normal"), i, (0.0, 0.0 if i % 2 else 1.0)))
        games.append(Pairing(("hard+easy", "normal"), i, (0.0, 0.0)))
    data = table(games, rng=random.Random(1), boot=50)
    assert data["levels"]["hard"]["rating"] == pytest.approx(-data["levels"]["easy"]["rating"] + 3000, abs=0.2)
    mixed = [row for row in data["pairings"] if not row["fitted"]]
    assert mixed == [{**mixed[0], "sides": ["hard+easy", "normal"], "observed": 0.0, "games": 80}]
    assert mixed[0]["predicted"] == pytest.approx(0.5, abs=1e-4)
    low, high = data["levels"]["hard"]["interval"]
    assert low < data["levels"]["hard"]["rating"] < high


def test_the_chart_fits_80_columns_in_ascii_and_in_blocks() -> None:
    values = [1500 + 3 * i for i in range(100)]
    for ascii in (True, False):
        lines = trend_chart(values, ascii=ascii)
        assert len(lines) == 6 and all(len(line) <= 80 for line in lines)
        if ascii:
            assert all(line.isascii() for line in lines)
        # The last 73 games: game 28 to game 100.
        assert lines[-1].split() == ["game", "28", "game", "100"]
    # Two games, 1400 and 1650: from 1350 (half a fifty below the lowest), 300 points in five rows
    # of 60; the 1400 game fills 50/60 of the lowest row, seven eighths as a block.
    assert trend_chart([1400, 1650], ascii=True) == [
        "  1650  #", "  1590  #", "  1530  #", "  1470  #", "  1410 ##", "       game 1 game 2"]
    assert trend_chart([1400, 1650])[4] == "  1410 ▇█"


def header(created: str, *, partner: str = "normal", west: str = "normal", east: str = "normal",
           extra: dict[str, object] | None = None, others: dict[int, str] | None = None) -> str:
    data = json.loads((GOLDEN / "classic-normal-seed1.jsonl").read_text().splitlines()[0])
    data["created"] = created
    seats = [("S", "Ann", None), ("W", "West", west), ("N", "North", partner), ("E", "East", east)]
    data["seats"] = [{"seat": s, "name": (others or {}).get(i, name),
                      "kind": "human" if i == 0 or i in (others or {}) else "ai",
                      "level": None if i == 0 or i in (others or {}) else level}
                     for i, (s, name, level) in enumerate(seats)]
    data.update(extra or {})
    return json.dumps(data)


def game(path: Path, created: str, ns: int, ew: int, *, finished: bool = True, **kw: object) -> None:
    lines = [header(created, **kw), '{"e":"move","seat":"S","move":"draw","chain":"b59c4875"}',
             json.dumps({"e": "deal_end", "deal": 1, "by": "stock", "went_out": None,
                         "scores": {"NS": {"total": ns}, "EW": {"total": ew}}})]
    if finished:
        lines.append(json.dumps({"e": "game_end", "totals": {"NS": ns, "EW": ew}, "winner": None}))
    path.write_text("\n".join(lines) + "\n")


def test_the_rating_counts_partner_and_opponents_levels_game_by_game(tmp_path: Path) -> None:
    game(tmp_path / "1.jsonl", "2026-03-01T10:00:00Z", 500, 100)  # won with normal against normal
    game(tmp_path / "2.jsonl", "2026-03-02T10:00:00Z", 500, 100, partner="easy", west="hard", east="hard")
    game(tmp_path / "3.jsonl", "2026-03-03T10:00:00Z", 100, 500, west="easy", east="easy")
    found = rate_games(collect([tmp_path]).games, "classic", LEVELS)
    assert found is not None and [p.game for p in found.points] == [1, 2, 3]
    prior = (1500, 350)
    one = [Outcome(("you", "normal"), ("normal", "normal"), 1.0, 1)]
    two = [*one, Outcome(("you", "easy"), ("hard", "hard"), 1.0, 1)]
    three = [*two, Outcome(("you", "normal"), ("easy", "easy"), 0.0, 1)]
    levels = {"easy": 1400.0, "normal": 1500.0, "hard": 1600.0}
    for point, outcomes in zip(found.points, (one, two, three), strict=True):
        rating, spread = fit(outcomes, levels, prior=prior)
        assert (point.rating, point.spread) == (rating["you"], spread["you"])
    # Beating two hards with an easy partner lifts the rating more than beating two normals did.
    assert found.points[1].rating - found.points[0].rating > found.points[0].rating - 1500


def test_what_the_rating_does_not_count(tmp_path: Path) -> None:
    game(tmp_path / "a.jsonl", "2026-03-01T10:00:00Z", 500, 100)
    game(tmp_path / "b.jsonl", "2026-03-02T10:00:00Z", 500, 100, finished=False)
    game(tmp_path / "c.jsonl", "2026-03-03T10:00:00Z", 500, 100,
         extra={"origin": {"kind": "duplicate", "file": "a.jsonl"}})
    game(tmp_path / "d.jsonl", "2026-03-04T10:00:00Z", 500, 100, extra={"event": {"id": "ev1"}})
    game(tmp_path / "e.jsonl", "2026-03-05T10:00:00Z", 500, 100, extra={"event": {"id": "ev1"}})
    # A hosted game: Bob partners Ann. Without the host's seat recorded, nobody knows who is here.
    game(tmp_path / "f.jsonl", "2026-03-06T10:00:00Z", 100, 500, others={2: "Bob"})
    found = rate_games(collect([tmp_path]).games, "classic", LEVELS)
    assert found is not None
    assert [Path(p.path).name for p in found.points] == ["a.jsonl", "d.jsonl"]
    assert found.not_rated == {"unfinished": 1, "duplicate": 1, "event-again": 1}
    assert Record(collect([tmp_path])).collected.skipped[0].reason == "several-players"


def test_a_hosted_game_counts_for_the_host_with_each_person_an_unknown_player(tmp_path: Path) -> None:
    game(tmp_path / "f.jsonl", "2026-03-06T10:00:00Z", 500, 100, others={2: "Bob"}, extra={"host": "S"})
    game(tmp_path / "g.jsonl", "2026-03-07T10:00:00Z", 500, 100, others={1: "Bob"}, extra={"host": "S"})
    games = collect([tmp_path]).games
    assert [(g.partners, g.opposing) for g in games] == [
        (("person:Bob",), ("normal", "normal")), (("normal",), ("person:Bob", "normal"))]
    found = rate_games(games, "classic", LEVELS)
    assert found is not None
    outcomes = [Outcome(("you", "person:Bob"), ("normal", "normal"), 1.0, 1),
                Outcome(("you", "normal"), ("person:Bob", "normal"), 1.0, 1)]
    rating, _ = fit(outcomes, {"normal": 1500.0}, prior=(1500, 350))
    # Bob is fitted beside Ann, from his two games, with the same prior as hers.
    assert found.points[-1].rating == rating["you"] > 1500 and set(rating) == {"you", "person:Bob"}
    # Named with --name, Ann's seat is found without the host's key.
    game(tmp_path / "f.jsonl", "2026-03-06T10:00:00Z", 100, 500, others={2: "Bob"})
    assert [g.partners for g in collect([tmp_path], "Ann").games][0] == ("person:Bob",)


def test_hf_stats_shows_the_rating_the_level_and_the_chart_and_json_carries_them(tmp_path: Path) -> None:
    for day in range(1, 5):
        game(tmp_path / f"{day}.jsonl", f"2026-03-0{day}T10:00:00Z", 500 if day % 2 else 100, 300)
    result = CliRunner().invoke(main, ["stats", str(tmp_path)])
    assert result.exit_code == 0, result.output
    text = result.output
    assert "over 4 rated games." in text and "You play about as well as a table of " in text
    assert "Your rating after each of your last 4 rated games, oldest left:" in text
    data = json.loads(CliRunner().invoke(main, ["stats", "--json", str(tmp_path)]).output)
    rating = data["by_rules"]["classic rules, four players in two partnerships"]["rating"]
    assert rating["rated_games"] == 4 and len(rating["trend"]) == 4
    assert rating["rating"] == rating["trend"][-1] and rating["about_as_well_as"] in rating["levels"]
    assert f"Your rating: {rating['rating']['rating']} (95% interval {rating['rating']['low']} to " in text


def test_for_a_screen_reader_the_chart_is_a_sentence_of_its_figures(tmp_path: Path) -> None:
    for day, ns in enumerate((500, 500, 100), start=1):  # won, won, lost
        game(tmp_path / f"{day}.jsonl", f"2026-03-0{day}T10:00:00Z", ns, 300)
    found = rate_games(collect([tmp_path]).games, "classic")  # the shipped table, as hf stats reads it
    assert found is not None
    first, second, third = (round(p.rating) for p in found.points)
    assert first < second and third < second
    assert found.chart_sentence() == [
        f"Your rating over your last 3 rated games: {first} after game 1, {third} after game 3; "
        f"highest {second} after game 2, lowest {min(first, third)} after game {1 if first < third else 3}."]
    result = CliRunner().invoke(main, ["stats", str(tmp_path)], env={"HF_SCREEN_READER": "1"})
    assert found.chart_sentence()[0] in result.output.replace("\n", " ")
    assert "Your rating after each" not in result.output
