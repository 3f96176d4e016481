"""``hf stats``: the player's record over their transcripts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from recording import GOLDEN, record_what_if

from hfcli.cli import main
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.reports.played import collect
from hfcli.reports.stats import Record
from hfcli.transcript import SeatInfo
from hfcli.transcript.golden import record_game

OPPONENTS = [("easy", "easy"), ("normal", "normal"), ("hard", "hard"), ("easy", "hard")]


def invoke(args: list[str], env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, args, env=env, auto_envvar_prefix="HF")
    return result.exit_code, result.output


def stats_json(*args: str) -> dict[str, object]:
    code, out = invoke(["stats", "--json", *args])
    assert code == 0, out
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def simulate_games(folder: Path, count: int) -> list[Path]:
    """``count`` games of the quick rules where Ann sits South (the normal AI plays her cards)
    against each pairing of OPPONENTS in turn, each on its own day."""
    paths = []
    for i in range(count):
        west, east = OPPONENTS[i % len(OPPONENTS)]
        levels = ["normal", west, "normal", east]
        seats = [SeatInfo("Ann", "human", None), SeatInfo("West", "ai", west),
                 SeatInfo("North", "ai", "normal"), SeatInfo("East", "ai", east)]
        path = folder / f"game{i:02d}.jsonl"
        record_game(path, Game(preset("quick"), seed=100 + i), levels, 100 + i, seats=seats,
                    created=f"2026-02-{i + 1:02d}T20:00:00Z")
        paths.append(path)
    return paths


def own_result(path: Path) -> tuple[dict[str, int], list[str | None]]:
    """The game's totals (its game_end line) and who went out of each deal (its deal_end lines)."""
    lines = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    (end,) = [line for line in lines if line["e"] == "game_end"]
    return end["totals"], [line["went_out"] for line in lines if line["e"] == "deal_end"]


def test_stats_over_24_simulated_games_agree_with_each_games_own_result(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    paths = simulate_games(folder, 24)
    record_game(folder / "ai-only.jsonl", Game(preset("quick"), seed=7), ["normal"] * 4, 7)
    record_what_if(folder / "what-if.jsonl", GOLDEN / "classic-normal-seed1.jsonl", 300, moves=40)
    data = stats_json(str(folder), "--last", "10")
    margins, outcomes, by_level, went_out, deals = [], [], {}, 0, 0
    for i, path in enumerate(paths):
        totals, out = own_result(path)
        margin = totals["NS"] - totals["EW"]
        margins.append(margin)
        outcome = "won" if margin > 0 else "lost" if margin < 0 else "tied"
        outcomes.append(outcome)
        key = "+".join(sorted(set(OPPONENTS[i % len(OPPONENTS)])))
        by_level.setdefault(key, []).append(outcome)
        went_out += sum(1 for seat in out if seat in ("S", "N"))
        deals += len(out)
    assert data["games"] == {"played": 24, "finished": 24, "unfinished": 0, "duplicates": 0}
    assert data["not_counted"] == {"ai-only": 1, "what-if": 1}
    results = data["results"]
    assert isinstance(results, dict)
    for outcome in ("won", "lost", "tied"):
        assert results[outcome] == outcomes.count(outcome)
    by_opponents = data["by_opponents"]
    assert isinstance(by_opponents, dict)
    assert set(by_opponents) == {"easy", "normal", "hard", "easy+hard"}
    for key, group in by_opponents.items():
        assert (group["games"], group["won"], group["lost"]) == (
            len(by_level[key]), by_level[key].count("won"), by_level[key].count("lost"))
    scores = [own_result(p)[0]["NS"] for p in paths]
    assert data["mean_score"] == round(sum(scores) / 24, 1)
    assert data["mean_margin"] == round(sum(margins) / 24, 1)
    assert data["went_out"] == {"deals": deals, "yours": went_out, "share": round(went_out / deals, 4)}
    best = data["best_game"]
    assert isinstance(best, dict)
    assert best["margin"] == max(margins) and best["file"] == str(paths[margins.index(max(margins))])
    trend = data["trend"]
    assert isinstance(trend, dict)
    assert trend["results"] == outcomes[-10:]
    assert trend["last"]["mean_margin"] == round(sum(margins[-10:]) / 10, 1)
    assert trend["before"]["games"] == 14 and trend["before"]["won"] == outcomes[:14].count("won")


def header_line(name: str = "Ann", west: str = "hard", created: str = "2026-03-01T10:00:00Z") -> str:
    header = json.loads((GOLDEN / "classic-normal-seed1.jsonl").read_text().splitlines()[0])
    header["created"] = created
    header["seats"] = [{"seat": "S", "name": name, "kind": "human", "level": None},
                       {"seat": "W", "name": "West", "kind": "ai", "level": west},
                       {"seat": "N", "name": "North", "kind": "ai", "level": "normal"},
                       {"seat": "E", "name": "East", "kind": "ai", "level": "hard"}]
    return json.dumps(header)


# Only whether a file has a move is read of its moves (a game left before its first move is not counted).
MOVE = '{"e":"move","seat":"S","move":"draw","chain":"b59c4875"}'


def deal_end(deal: int, ns: int, ew: int, went_out: str | None) -> str:
    return json.dumps({"e": "deal_end", "deal": deal, "by": "out" if went_out else "stock", "went_out": went_out,
                       "scores": {"NS": {"total": ns}, "EW": {"total": ew}}})


def test_a_hand_counted_record(tmp_path: Path) -> None:
    # Only the header and the scored deals are read, so these files hold nothing else.
    (tmp_path / "a.jsonl").write_text("\n".join([
        header_line(created="2026-03-01T10:00:00Z"), MOVE,
        deal_end(1, 3000, 1000, "N"), deal_end(2, 2000, 2000, None),
        '{"e":"game_end","totals":{"NS":5000,"EW":3000},"winner":"NS"}']) + "\n")
    (tmp_path / "b.jsonl").write_text("\n".join([
        header_line(west="easy", created="2026-03-02T10:00:00Z"), MOVE,
        deal_end(1, 2000, 4500, "E"),
        '{"e":"game_end","totals":{"NS":2000,"EW":4500},"winner":"EW"}']) + "\n")
    (tmp_path / "c.jsonl").write_text("\n".join([
        header_line(created="2026-03-03T10:00:00Z"), MOVE, deal_end(1, 100, 200, "S")]) + "\n")
    data = stats_json(str(tmp_path), "--last", "1")
    # Played 3, finished a and b: a won by 2000, b lost by 2500. Mean score (5000 + 2000) / 2 = 3500,
    # mean margin (2000 - 2500) / 2 = -250. Deals: a 2 (N out), b 1 (E out), c 1 (S out): NS out in 2 of 4.
    assert data["games"] == {"played": 3, "finished": 2, "unfinished": 1, "duplicates": 0}
    assert data["mean_score"] == 3500.0 and data["mean_margin"] == -250.0
    assert data["went_out"] == {"deals": 4, "yours": 2, "share": 0.5}
    assert data["by_opponents"]["hard"]["won"] == 1 and data["by_opponents"]["easy+hard"]["lost"] == 1
    assert data["best_game"]["margin"] == 2000 and data["best_game"]["created"] == "2026-03-01T10:00:00Z"
    assert data["trend"]["results"] == ["lost"] and data["trend"]["before"]["won"] == 1
    code, text = invoke(["stats", str(tmp_path), "--last", "1"])
    assert code == 0
    assert "3 games played (2 finished)." in text
    assert "Won 1, lost 1, tied 0: 50% of finished games won (95% interval 9% to 91%)." in text
    assert "against      games   won  lost  tied  share  mean margin" in text
    assert "easy+hard        1     0     1     0     0%  -2500" in text
    assert "hard             1     1     0     0   100%  +2000" in text
    assert "Mean score 3500, mean margin -250 (finished games)." in text
    assert "Your side went out in 2 of 4 deals (50%)." in text
    assert f"Best game: won by 2000 (NS 5000, EW 3000) against hard, 2026-03-01:\n  {tmp_path / 'a.jsonl'}\n" in text
    assert "Last 1 game: 0 won, 1 lost, 0 tied, mean margin -2500 (L, oldest first)." in text
    assert "The 1 game before them: 1 won, 0 lost, 0 tied, mean margin +2000." in text


def test_name_picks_one_players_games_and_text_from_files_is_escaped(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_text("\n".join([header_line(name="Ann"), MOVE, deal_end(1, 10, 5, None)]) + "\n")
    (tmp_path / "b.jsonl").write_text("\n".join([header_line(name="Bob", west="easy"), MOVE,
                                                  deal_end(1, 10, 5, None),
                                                  '{"e":"game_end","totals":{"NS":10,"EW":5},"winner":"NS"}']) + "\n")
    # A level the program does not know makes the file unreadable; the note quotes it escaped.
    (tmp_path / "c.jsonl").write_text("\n".join([header_line(name="Bob", west="\x1b[31mred"), MOVE,
                                                  deal_end(1, 10, 5, None)]) + "\n")
    assert stats_json(str(tmp_path), "--name", "Ann")["games"]["played"] == 1
    code, text = invoke(["stats", str(tmp_path), "--name", "Bob"])
    assert code == 0 and "\x1b" not in text
    assert "easy+hard        1     1     0     0   100%" in text
    assert "c.jsonl:1: seat 2 (W): unknown AI level '\\x1b[31mred'" in text


def test_unreadable_files_are_counted_apart_and_a_missing_folder_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "bad.jsonl").write_text('{"format":"something else"}\n')
    (tmp_path / "worse.jsonl").write_text("\n".join([header_line(), '{"e":"deal_end","deal":1}']) + "\n")
    data = stats_json(str(tmp_path))
    assert data["games"]["played"] == 0
    assert data["unreadable"] == [
        f"{tmp_path / 'bad.jsonl'}:1: not a transcript: format is 'something else', expected 'hfcli-transcript'",
        f"{tmp_path / 'worse.jsonl'}:2: a deal_end line without went_out and each side's total"]
    code, out = invoke(["stats", str(tmp_path / "nowhere")])
    assert code == 1 and "nowhere: no such file or folder" in out


@pytest.mark.parametrize("has_games", [False, True])
def test_the_data_folder_is_read_when_no_folder_is_given(tmp_path: Path, has_games: bool) -> None:
    data_dir = tmp_path / "data"
    if has_games:
        simulate_games(data_dir / "transcripts", 2)
    code, out = invoke(["stats"], env={"HF_DATA_DIR": str(data_dir)})
    assert code == 0
    if has_games:
        assert f"Your record over the transcripts in {data_dir / 'transcripts'}:" in out
        assert "2 games played (2 finished)." in out
    else:
        assert out == f"No games yet: hf play records each game in {data_dir / 'transcripts'}.\n"


def golden_header(golden: str, created: str) -> str:
    """A golden game's header (its rules and table) with Ann in seat 0 and the AI elsewhere."""
    header = json.loads((GOLDEN / golden).read_text().splitlines()[0])
    header["created"] = created
    header["seats"] = [{**seat, "name": "Ann", "kind": "human", "level": None} if i == 0 else seat
                       for i, seat in enumerate(header["seats"])]
    return json.dumps(header)


def a_game(path: Path, golden: str, created: str, totals: dict[str, int] | None) -> None:
    """A finished game of one deal with ``totals`` by side, or (None) one left before any move."""
    lines = [golden_header(golden, created)]
    if totals is not None:
        scores = {side: {"total": total} for side, total in totals.items()}
        lines += [MOVE, json.dumps({"e": "deal_end", "deal": 1, "by": "stock", "went_out": None, "scores": scores}),
                  json.dumps({"e": "game_end", "totals": totals, "winner": None})]
    path.write_text("\n".join(lines) + "\n")


def test_the_record_is_given_for_each_rule_set_and_table_size_apart(tmp_path: Path) -> None:
    a_game(tmp_path / "a.jsonl", "classic-normal-seed1.jsonl", "2026-03-01T10:00:00Z", {"NS": 9000, "EW": 7000})
    a_game(tmp_path / "b.jsonl", "classic-normal-seed1.jsonl", "2026-03-02T10:00:00Z", {"NS": 6000, "EW": 8000})
    a_game(tmp_path / "c.jsonl", "quick-normal-seed8.jsonl", "2026-03-03T10:00:00Z", {"NS": 900, "EW": 200})
    a_game(tmp_path / "d.jsonl", "classic-six-pairs-seed6.jsonl", "2026-03-04T10:00:00Z",
           {"S+N": 3000, "SW+NE": 2500, "NW+SE": 1000})
    a_game(tmp_path / "e.jsonl", "classic-normal-seed1.jsonl", "2026-03-05T10:00:00Z", None)  # quit at once
    code, text = invoke(["stats", str(tmp_path)])
    assert code == 0
    lines = text.split("\n")
    assert "4 games played (4 finished); not counted: 1 game left before its first move." in lines
    # The classic four-deal games apart from the one-deal quick game and the six-seat game: a won by
    # 2000, b lost by 2000, so mean score (9000 + 6000) / 2 = 7500 and mean margin 0; the quick game's
    # 900 and 700 are its own (mixed, the mean score was 5725 and the best game the quick one's 700).
    at = lines.index("Classic rules, four players in two partnerships: 2 games (2 finished).")
    assert "Mean score 7500, mean margin +0 (finished games)." in lines[at:at + 8]
    best = lines.index("Best game: won by 2000 (NS 9000, EW 7000) against normal, 2026-03-01:")
    assert lines[best + 1] == f"  {tmp_path / 'a.jsonl'}"
    at = lines.index("Classic rules, six players in three partnerships: 1 game (1 finished).")
    assert lines[at + 4] == "Mean score 3000, mean margin +500 (finished games)."
    at = lines.index("Quick rules, four players in two partnerships: 1 game (1 finished).")
    assert lines[at + 4] == "Mean score 900, mean margin +700 (finished games)."
    data = stats_json(str(tmp_path))
    assert data["not_counted"] == {"no-move": 1} and data["games"]["played"] == 4
    by_rules = data["by_rules"]
    assert list(by_rules) == ["classic rules, four players in two partnerships",
                              "classic rules, six players in three partnerships",
                              "quick rules, four players in two partnerships"]
    assert by_rules["classic rules, four players in two partnerships"]["mean_score"] == 7500.0
    assert by_rules["quick rules, four players in two partnerships"]["best_game"]["margin"] == 700


def test_the_record_is_broken_between_words_to_the_terminal(tmp_path: Path) -> None:
    simulate_games(tmp_path, 4)
    record = Record(collect([tmp_path]))
    whole = record.lines(str(tmp_path), None)
    lines = record.lines(str(tmp_path), 80)
    assert len(lines) > len(whole)
    # No word is cut (the same words as the unbroken record); only a word longer than the line may
    # pass its end (a file's path).
    assert " ".join(lines).split() == " ".join(whole).split()
    assert all(len(line) <= 80 or " " not in line.strip() for line in lines)
    # A pipe or a file gets whole lines (hf stats wraps only for a terminal).
    code, text = invoke(["stats", str(tmp_path)])
    assert code == 0 and text.split("\n")[:-1] == whole


def test_one_lost_game_is_not_called_the_best_and_a_lost_best_is_the_closest(tmp_path: Path) -> None:
    (tmp_path / "b.jsonl").write_text("\n".join([
        header_line(west="easy", created="2026-03-02T10:00:00Z"), MOVE,
        deal_end(1, 2000, 4500, "E"),
        '{"e":"game_end","totals":{"NS":2000,"EW":4500},"winner":"EW"}']) + "\n")
    code, text = invoke(["stats", str(tmp_path)])
    assert code == 0 and "Best game" not in text
    assert ("Your one game: lost by 2500 (NS 2000, EW 4500) against easy+hard, 2026-03-02:\n"
            f"  {tmp_path / 'b.jsonl'}\n") in text
    (tmp_path / "c.jsonl").write_text("\n".join([
        header_line(created="2026-03-03T10:00:00Z"), MOVE,
        deal_end(1, 3000, 3100, "E"),
        '{"e":"game_end","totals":{"NS":3000,"EW":3100},"winner":"EW"}']) + "\n")
    code, text = invoke(["stats", str(tmp_path)])
    assert "Best game" not in text
    assert "Closest game: lost by 100 (NS 3000, EW 3100) against hard, 2026-03-03:" in text
