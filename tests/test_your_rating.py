"""Your rating at the table: the margin read as a rating gap, ``hf play --level auto``, and the
rating before and after at a game's end. Expected figures worked by hand."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_ladder import game

from hfcli.cli import main
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.levels import make_player
from hfcli.reports.ladder import K, MarginScale, Outcome, Pairing, even_opponents, expected, fit, margin_scale
from hfcli.reports.played import collect
from hfcli.reports.rating import rate_games, rated_outcome

LEVELS = {"easy": 1400.0, "normal": 1500.0, "hard": 1600.0, "expert": 1650.0}
# A margin of 10 points a rating point, each game's spread 2,000 points: 200 rating points.
SCALE = MarginScale(10.0, 2000.0, ("easy", "normal", "hard", "expert"))
TABLE: dict[str, Any] = {"levels": {name: {"rating": r} for name, r in LEVELS.items()}, "margin": SCALE.as_dict()}


def test_a_margin_reads_as_a_rating_gap_worked_by_hand() -> None:
    # Won by 1,000 with a normal partner against two normals: 1000 / 10 = 100 points of side gap,
    # give or take 200. Your side is (x + 1500) / 2, so x - 1500 reads as 200 give or take 400.
    # With the prior (0 give or take 350) the peak is 200 * 350^2 / (350^2 + 400^2) = 86.73 and
    # the spread 1 / sqrt(1/350^2 + 1/400^2) = 263.40.
    one = [Outcome(("you", "normal"), ("normal", "normal"), 1.0, 1, 1000.0)]
    found, spread = fit(one, LEVELS, prior=(1500, 350), scale=SCALE)
    assert found["you"] == pytest.approx(1586.73, abs=0.01)
    assert spread["you"] == pytest.approx(263.40, abs=0.01)
    # A game won by 10 says almost what a game lost by 10 does; by wins alone they are far apart.
    won = fit([Outcome(("you", "normal"), ("normal", "normal"), 1.0, 1, 10.0)], LEVELS, prior=(1500, 350),
              scale=SCALE)[0]["you"]
    lost = fit([Outcome(("you", "normal"), ("normal", "normal"), 0.0, 1, -10.0)], LEVELS, prior=(1500, 350),
               scale=SCALE)[0]["you"]
    # Each margin is 1 point of side gap, 2 of yours, shrunk by the prior: 2 * 350^2 / (350^2 + 400^2) each way.
    assert won - lost == pytest.approx(4 * 350**2 / (350**2 + 400**2), abs=1e-6) == pytest.approx(1.73, abs=0.01)
    by_wins = [fit([Outcome(("you", "normal"), ("normal", "normal"), s, 1)], LEVELS, prior=(1500, 350))[0]["you"]
               for s in (1.0, 0.0)]
    assert by_wins[0] - by_wins[1] > 100


def test_without_a_scale_or_its_margin_the_fit_reads_the_wins() -> None:
    games = [Outcome(("you", "normal"), ("normal", "normal"), s, 1, m) for s, m in ((1.0, 500.0), (0.0, -100.0))]
    by_wins = fit([Outcome(o.mine, o.theirs, o.score, o.games) for o in games], LEVELS, prior=(1500, 350))
    assert fit(games, LEVELS, prior=(1500, 350)) == by_wins
    # One win and one loss against normals with a normal partner: even, so exactly 1500.
    assert by_wins[0]["you"] == pytest.approx(1500, abs=1e-6)
    # Its spread: 1 / sqrt(1/350^2 + 2 * (1/4) * (K/2)^2).
    assert by_wins[1]["you"] == pytest.approx(1 / math.sqrt(1 / 350**2 + K * K / 8), rel=1e-9)


def test_the_margin_scale_worked_by_hand() -> None:
    # a is 100 above b; its margins 1,000 and 3,000: 4000 * 100 / (2 * 100^2) = 20 points a rating
    # point, and about 2,000 each a spread of sqrt((1000^2 + 1000^2) / 1) = 1414.2. A pairing 500
    # points apart is left out: margins stop growing in step with so wide a gap.
    games = [Pairing(("a", "b"), 0, (1.0, 1.0), (1000.0, 3000.0)),
             Pairing(("a", "c"), 0, (1.0, 1.0), (90000.0, 90000.0))]
    scale = margin_scale(games, {"a": 1600.0, "b": 1500.0, "c": 1100.0})
    assert scale is not None
    assert scale.per_point == pytest.approx(20.0)
    assert scale.spread == pytest.approx(math.sqrt(2) * 1000)
    assert scale.levels == ("a", "b")


def test_a_game_against_a_level_the_scale_does_not_cover_is_read_by_its_result(tmp_path: Path) -> None:
    game(tmp_path / "1.jsonl", "2026-03-01T10:00:00Z", 1100, 100)
    game(tmp_path / "2.jsonl", "2026-03-02T10:00:00Z", 1100, 100, west="greedy", east="greedy")
    first, second = collect([tmp_path]).games
    rated = {**LEVELS, "greedy": 400.0}
    assert rated_outcome(first, rated, SCALE) == Outcome(("you", "normal"), ("normal", "normal"), 1.0, 1.0, 1000.0)
    assert rated_outcome(second, rated, SCALE) == Outcome(("you", "normal"), ("greedy", "greedy"), 1.0, 1.0, None)


def test_even_opponents_worked_by_hand() -> None:
    # Rated 1620 at a table of one level: the level nearest 1620 is hard (20 away; expert 30), and
    # the side, (1620 + 1600) / 2, is 10 above hard: it wins 1 / (1 + 10^(-10/400)) = 51.4%.
    assert even_opponents(1620, LEVELS, list(LEVELS)) == ("hard", pytest.approx(expected(10)))
    assert expected(10) == pytest.approx(0.5144, abs=1e-4)
    # With an easy partner the side is (1620 + 1400) / 2 = 1510: normal, 10 below it.
    assert even_opponents(1620, LEVELS, list(LEVELS), "easy") == ("normal", pytest.approx(expected(10)))
    # Equally near two levels (1450 with easy: 50 from each), the weaker.
    assert even_opponents(1500, LEVELS, list(LEVELS), "easy")[0] == "easy"
    # Far above every level: the strongest, and the share says how uneven it still is.
    level, share = even_opponents(2100, LEVELS, ["easy", "normal", "hard"])
    assert level == "hard" and share == pytest.approx(expected(250))


@pytest.fixture
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HF_DATA_DIR", str(tmp_path))
    for where in ("hfcli.reports.rating.load_table", "hfcli.cli.your_rating.load_table"):
        monkeypatch.setattr(where, lambda name: TABLE if name == "classic" else None)
    (tmp_path / "transcripts").mkdir()
    return tmp_path / "transcripts"


def test_the_end_of_a_game_says_the_rating_before_and_after(data_folder: Path) -> None:
    from hfcli.cli.your_rating import rating_change

    game(data_folder / "1.jsonl", "2026-03-01T10:00:00Z", 1100, 100)
    # The first game: from a new player's 1500 to 1586.7 (+87), 1586.7 -+ 1.96 * 263.4.
    assert rating_change("classic", data_folder / "1.jsonl") == (
        "Your classic rating: 1500 (a new player's) before this game, 1587 after it (+87); "
        "95% interval 1070 to 2103 over 1 rated game.")
    # The second, won by 1,000 again: the two margins read as 200 each, spread 400 each, so the
    # peak is (2 * 200 / 400^2) / (1/350^2 + 2/400^2) = 121.0 and the spread 1 / sqrt(1/350^2 + 2/400^2)
    # = 220.0: 1621 (+34 from 1587), 1621 -+ 431.2.
    game(data_folder / "2.jsonl", "2026-03-02T10:00:00Z", 1100, 100)
    assert rating_change("classic", data_folder / "2.jsonl") == (
        "Your classic rating: 1587 before this game, 1621 after it (+34); 95% interval 1190 to 2052 over 2 rated "
        "games.")
    # A game the rating leaves out (unfinished) says nothing.
    game(data_folder / "3.jsonl", "2026-03-03T10:00:00Z", 1100, 100, finished=False)
    assert rating_change("classic", data_folder / "3.jsonl") is None


def play(*args: str, moves: str = "quit\ny\n") -> str:
    result = CliRunner().invoke(main, ["play", "--seed", "1", "--speed", "0", *args], input=moves)
    assert result.exit_code == 0, result.output
    return result.output


def test_level_auto_with_no_games_sits_you_with_normal_and_says_why(data_folder: Path) -> None:
    text = play("--level", "auto")
    assert "Level auto: normal opponents, as you have no rated classic game yet and start at 1500, normal's " \
           "rating." in text
    assert "Your partner North (normal); opponents West (normal) and East (normal)." in text


def test_level_auto_chooses_the_opponents_nearest_an_even_game(data_folder: Path) -> None:
    game(data_folder / "1.jsonl", "2026-03-01T10:00:00Z", 1100, 100)  # rated 1586.7, as above
    # Nearest 1586.7: hard (13 away). The side, (1586.7 + 1600) / 2, is 6.6 below hard: 49.0%.
    assert expected(-6.6) == pytest.approx(0.490, abs=0.001)
    text = play("--level", "auto")
    assert "Level auto: hard opponents, the nearest to an even game for your rating of 1587 (your side " \
           "should win 49%)." in text
    assert "Your partner North (hard); opponents West (hard) and East (hard)." in text
    # With an easy partner: the side is (1586.7 + 1400) / 2 = 1493.4, nearest normal, 6.6 below it.
    text = play("--level", "auto", "--partner-level", "easy")
    assert "Level auto: normal opponents for you and your easy partner, the nearest to an even game for your " \
           "rating of 1587 (your side should win 49%)." in text
    assert "Your partner North (easy); opponents West (normal) and East (normal)." in text


def test_level_auto_refuses_what_it_cannot_choose(data_folder: Path) -> None:
    result = CliRunner().invoke(main, ["play", "--level", "auto", "--opponent-level", "hard"], input="")
    assert result.exit_code == 2 and "--level auto chooses the opponents' level itself" in result.output
    result = CliRunner().invoke(main, ["play", "--level", "auto", "--players", "3"], input="")
    assert result.exit_code == 2 and "measured for classic, eleven and quick at four players" in result.output
    result = CliRunner().invoke(main, ["play", "--level", "auto", "--duplicate", "x.jsonl"], input="")
    assert result.exit_code == 2 and "name a level" in result.output
    # Kept as a preference, auto is for new games only.
    assert CliRunner().invoke(main, ["config", "level", "auto"]).exit_code == 0
    result = CliRunner().invoke(main, ["config", "partner-level", "auto"])
    assert result.exit_code != 0


def south_moves(rules_name: str, seed: int) -> list[str]:
    """The moves a normal player makes in South's seat against normal AI seats: a person's input."""
    game = Game(preset(rules_name), seed=seed)
    players = {seat: make_player("normal", seed, seat) for seat in range(4)}
    moves = []
    while not game.is_over:
        seat = game.to_move
        move = players[seat].choose(game.view(seat)).move
        if seat == 0:
            moves.append(str(move))
        game.apply(move)
    return moves


def test_a_whole_game_ends_with_the_rating_before_and_after(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_DATA_DIR", str(tmp_path))
    moves = "\n".join(south_moves("quick", 11)) + "\n"
    text = CliRunner().invoke(main, ["play", "--rules", "quick", "--seed", "11", "--speed", "0", "--level", "auto"],
                              input=moves).output
    found = rate_games(collect([tmp_path / "transcripts"]).games, "quick")
    assert found is not None and len(found.points) == 1
    after = found.points[0]
    low, high = after.interval
    assert (f"Your quick rating: 1500 (a new player's) before this game, {after.rating:.0f} after it "
            f"({round(after.rating) - 1500:+d}); 95% interval {low:.0f} to {high:.0f} over 1 rated game.") in text
    # Said after the final scores, before the commands to look back at the game.
    assert text.index("Your quick rating:") < text.index("To replay it, move by move:")
