"""``hf simulate --shoes FILE``: the AI on a recorded game's cards, deal by deal beside the recorded game."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from recording import GOLDEN, record, record_what_if

from hfcli.cli import main
from hfcli.transcript import SeatInfo

ORIGIN = GOLDEN / "classic-normal-seed1.jsonl"  # every seat normal; NS won 21380 to 20775


def invoke(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, args, auto_envvar_prefix="HF")
    return result.exit_code, result.output


def deal_totals(path: Path) -> list[dict[str, int]]:
    ends = [json.loads(line) for line in path.read_text().splitlines() if '"e":"deal_end"' in line]
    return [{side: score["total"] for side, score in end["scores"].items()} for end in ends]


def test_the_same_ai_on_the_same_shoes_plays_the_recorded_game_again() -> None:
    code, out = invoke(["simulate", "--shoes", str(ORIGIN)])
    assert code == 0, out
    assert f"The AI on the cards of {ORIGIN}: classic rules, seed 1, 4 of 4 deals recorded." in out
    assert "Seats: South normal (as recorded), West normal (as recorded)" in out
    for deal, totals in enumerate(deal_totals(ORIGIN), start=1):
        assert f"    {'deal ' + str(deal):<12}{totals['NS']:>10}{totals['NS']:>10}{'0':>12}" in out
    assert "NS won by 605 with the AI and won by 605 in the recorded game: the same." in out
    assert "EW lost by 605 with the AI and lost by 605 in the recorded game: the same." in out


def test_a_persons_game_is_set_beside_the_ai_in_their_seat(tmp_path: Path) -> None:
    path = tmp_path / "mine.jsonl"
    seats = [SeatInfo("Ann", "human", None), SeatInfo("West", "ai", "hard"),
             SeatInfo("North", "ai", "easy"), SeatInfo("East", "ai", "hard")]
    record(path, ["greedy", "hard", "easy", "hard"], seats=seats, seed=8, preset="quick")
    code, out = invoke(["simulate", "--shoes", str(path), "--json"])
    assert code == 0, out
    data = json.loads(out)
    assert [(s["seat"], s["level"]) for s in data["seats"]] == [("S", "normal"), ("W", "hard"), ("N", "easy"),
                                                                 ("E", "hard")]
    assert data["player_side"] == "NS"
    recorded = deal_totals(path)
    for side in ("NS", "EW"):
        assert [d["recorded"] for d in data["deals"][side]["deals"]] == [d[side] for d in recorded]
        here = [d["here"] for d in data["deals"][side]["deals"]]
        assert data["deals"][side]["total"] == {"here": sum(here), "recorded": sum(d[side] for d in recorded)}
    ns, ew = data["deals"]["NS"]["total"], data["deals"]["EW"]["total"]
    margins = {"here": ns["here"] - ew["here"], "recorded": ns["recorded"] - ew["recorded"]}
    assert data["deals"]["NS"]["margin"] == margins
    code, text = invoke(["simulate", "--shoes", str(path), "--ns", "hard"])
    assert code == 0
    assert "Seats: South hard (recorded: Ann, a person), West hard (as recorded), North hard (recorded: easy)" in text
    assert "  NS (you)  " in text and text.splitlines()[-1].startswith("NS (you) ")


def test_shoes_plays_one_game_of_the_recorded_rules(tmp_path: Path) -> None:
    for extra in (["--games", "5"], ["--seed", "3"], ["--rules", "eleven"], ["--swap"]):
        code, out = invoke(["simulate", "--shoes", str(ORIGIN), *extra])
        assert code == 2 and f"drop {extra[0]}" in out
    what_if = tmp_path / "what-if.jsonl"
    record_what_if(what_if, ORIGIN, 300, moves=5)
    code, out = invoke(["simulate", "--shoes", str(what_if)])
    assert code == 1 and "starts from a position, not from its first deal" in out
    code, out = invoke(["simulate", "--shoes", str(tmp_path / "none.jsonl")])
    assert code == 1 and "none.jsonl:0: cannot read" in out
