"""``hf replay FILE --score-sheet``: the scores as on a paper pad, one column per side (C-SCORE, C-GAME)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from recording import GOLDEN, record

from hfcli.cli import main
from hfcli.engine.rules import preset
from hfcli.engine.scoring import DealEnding, DealResult, TeamScore
from hfcli.engine.seating import table
from hfcli.text.scoresheet import Sheet
from hfcli.transcript import SeatInfo

GOLDEN_GAMES = sorted(GOLDEN.glob("*.jsonl"))
# The transcript's score keys, by the sheet's line for them.
SCORE_KEYS = {
    "clean books": "clean_book_points", "number of clean books": "clean_books",
    "dirty books": "dirty_book_points", "number of dirty books": "dirty_books",
    "wild books": "wild_book_points", "number of wild books": "wild_books",
    "red threes": "red_three_points", "number of red threes": "red_threes",
    "red threes in feet": "foot_red_three_points", "number of red threes in feet": "foot_red_threes",
    "points melded": "meld_points", "left in hands": "hand_points", "left in feet": "foot_points",
    "going out": "going_out_points", "deal total": "total",
}


def invoke(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, args, auto_envvar_prefix="HF")
    return result.exit_code, result.output


def recorded(path: Path, kind: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines() if f'"e":"{kind}"' in line]


@pytest.mark.parametrize("path", GOLDEN_GAMES, ids=lambda p: p.stem)
def test_every_line_and_total_of_the_csv_sheet_is_the_recorded_games(path: Path) -> None:
    code, out = invoke(["replay", str(path), "--score-sheet", "--format", "csv"])
    assert code == 0, out
    rows = list(csv.DictReader(io.StringIO(out)))
    deal_ends = recorded(path, "deal_end")
    (game_end,) = recorded(path, "game_end")
    totals = game_end["totals"]
    assert isinstance(totals, dict)
    sides = list(totals)
    assert list(rows[0]) == ["deal", "line", *sides]
    for deal in deal_ends:
        scores = deal["scores"]
        assert isinstance(scores, dict)
        lines = [row for row in rows if row["deal"] == str(deal["deal"])]
        for row in lines:
            if row["line"] == "running total":
                continue
            for side in sides:
                assert int(row[side]) == scores[side][SCORE_KEYS[row["line"]]], (deal["deal"], row["line"], side)
        # C-SCORE: the deal total is the sum of the deal's points lines.
        for side in sides:
            points = sum(int(r[side]) for r in lines if r["line"] in SCORE_KEYS and not r["line"].startswith(
                ("number of", "deal total")))
            assert points == scores[side]["total"]
    last = rows[-1]
    assert last["line"] == "running total" and {side: int(last[side]) for side in sides} == totals


@pytest.mark.parametrize("path", GOLDEN_GAMES, ids=lambda p: p.stem)
def test_the_text_and_markdown_sheets_end_on_the_recorded_totals_and_winner(path: Path) -> None:
    (game_end,) = recorded(path, "game_end")
    totals = game_end["totals"]
    assert isinstance(totals, dict)
    code, text = invoke(["replay", str(path), "--score-sheet"])
    assert code == 0
    running = [line.split()[2:] for line in text.splitlines() if line.startswith("  running total")]
    assert [int(n) for n in running[-1]] == list(totals.values())
    scores = " to ".join(str(t) for t in sorted(totals.values(), reverse=True))
    seating = json.loads(path.read_text().splitlines()[0])["seating"]
    winner = game_end["winner"]
    if winner is None:
        # C-GAME: equal totals at the top are a tie; with three sides or more the tied sides are named.
        best = max(totals.values())
        tied = [side for side, total in sorted(totals.items(), key=lambda st: -st[1]) if total == best]
        expected = (f"Game over: a tie at {best}." if len(totals) == 2
                    else f"Game over: a tie at {best} between {', '.join(tied[:-1])} and {tied[-1]}; {scores}.")
        assert text.splitlines()[-1] == expected
    else:
        members = [seat for seat, side in enumerate(seating["sides"]) if side == winner]
        # T-SCORE: a side wins; a player alone is named by the seat, and wins.
        who = f"{seating['long_names'][members[0]]} wins" if len(members) == 1 else f"{winner} win"
        assert text.splitlines()[-1] == f"Game over: {who}, {scores}."
    code, markdown = invoke(["replay", str(path), "--score-sheet", "--format", "markdown"])
    assert code == 0
    last = [line for line in markdown.splitlines() if line.startswith("| **running total** |")][-1]
    assert last == "| **running total** | " + " | ".join(f"**{t}**" for t in totals.values()) + " |"


def score(team: str, **points: int) -> TeamScore:
    fields = dict.fromkeys(
        ("meld_points", "clean_books", "clean_book_points", "dirty_books", "dirty_book_points", "wild_books",
         "wild_book_points", "red_threes", "red_three_points", "going_out_points", "hand_points", "foot_points",
         "foot_red_threes", "foot_red_three_points"), 0)
    fields.update(points)
    return TeamScore(team, went_out=bool(fields["going_out_points"]), **fields)  # type: ignore[arg-type]


def test_a_hand_scored_deal_of_three_players_alone_reads_as_on_the_pad() -> None:
    seating = table(3)
    assert seating.team_names == ("S", "NW", "NE")
    # Worked by hand: S 2 clean books 1000 + 1 red three 100 + 845 melded + 100 going out = 2045;
    # NW 1 dirty book 300 + 420 melded - 60 in hand - 95 in the foot - 100 for a red three there = 465;
    # NE 310 melded - 215 in hand = 95.
    deal = DealResult(0, DealEnding.OUT, 0, (
        score("S", clean_books=2, clean_book_points=1000, red_threes=1, red_three_points=100, meld_points=845,
              going_out_points=100),
        score("NW", dirty_books=1, dirty_book_points=300, meld_points=420, hand_points=-60, foot_points=-95,
              foot_red_threes=1, foot_red_three_points=-100),
        score("NE", meld_points=310, hand_points=-215),
    ))
    assert [t.total for t in deal.teams] == [2045, 465, 95]
    rules = preset("quick").replace(players=3, deals=2)
    sheet = Sheet(rules, seating, (deal,), ("Ann (South)", "Northwest", "Northeast"), over=False, title="A deal")
    lines = sheet.text().splitlines()
    assert lines[:4] == ["A deal", "  S: Ann (South)", "  NW: Northwest", "  NE: Northeast"]
    assert lines[5] == " " * 20 + f"{'S':>10}{'NW':>10}{'NE':>10}"
    assert lines[6] == "Deal 1: Ann (South) went out"
    body = {line[:20].strip(): line[20:].split() for line in lines[7:] if line.startswith("  ")}
    assert body["clean books"] == ["1000", "(2)", "0", "0"]
    assert body["dirty books"] == ["0", "300", "(1)", "0"]
    assert body["red threes in feet"] == ["0", "-100", "(1)", "0"]
    assert body["left in hands"] == ["0", "-60", "-215"]
    assert body["deal total"] == body["running total"] == ["2045", "465", "95"]
    assert lines[-1] == "The game is unfinished: 1 of 2 deals scored."


def test_names_from_the_file_are_escaped_on_screen_and_in_markdown(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    seats = [SeatInfo("Ann|B", "human", None), SeatInfo("West", "ai", "random"),
             SeatInfo("North", "ai", "random"), SeatInfo("East", "ai", "random")]
    record(path, ["random"] * 4, seats=seats, seed=3, preset="eleven")
    code, text = invoke(["replay", str(path), "--score-sheet"])
    assert code == 0 and "  NS: Ann|B (South), North" in text
    code, markdown = invoke(["replay", str(path), "--score-sheet", "--format", "markdown"])
    assert "| | NS (Ann\\|B (South), North) | EW (West, East) |" in markdown
    # A name holding an escape sequence makes the file malformed: refused, and shown escaped.
    seats[0] = SeatInfo("Ann\x1b[2J", "human", None)
    record(path, ["random"] * 4, seats=seats, seed=3, preset="eleven")
    code, text = invoke(["replay", str(path), "--score-sheet"])
    assert code == 2 and "\x1b" not in text and "('Ann\\x1b[2J')" in text


def test_format_goes_with_the_score_sheet_alone() -> None:
    path = str(GOLDEN_GAMES[0])
    code, out = invoke(["replay", path, "--format", "csv"])
    assert code == 2 and "--format goes with --score-sheet" in out
    code, out = invoke(["replay", path, "--score-sheet", "--print"])
    assert code == 2 and "give one of --score-sheet, --print and --position" in out
    code, out = invoke(["replay", path, "--score-sheet", "--format", "pdf"])
    assert code == 2 and "'pdf' is not one of 'text', 'markdown', 'csv'" in out
