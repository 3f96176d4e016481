"""``hf play --duplicate FILE``: the cards of a recorded game dealt again, the result set beside the recorded one."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from recording import GOLDEN, record_what_if

from hfcli.cli import main
from hfcli.engine.cards import parse_cards
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.levels import make_player
from hfcli.transcript.verify import verify_file

ORIGIN = GOLDEN / "classic-normal-seed1.jsonl"  # every seat normal; NS won 21380 to 20775


def invoke(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin, auto_envvar_prefix="HF")
    return result.exit_code, result.output


def events(path: Path, kind: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines() if f'"e":"{kind}"' in line]


def deal_totals(path: Path) -> list[dict[str, int]]:
    totals = []
    for deal in events(path, "deal_end"):
        scores = deal["scores"]
        assert isinstance(scores, dict)
        totals.append({side: score["total"] for side, score in scores.items()})
    return totals


def test_playing_the_recorded_moves_again_deals_the_same_cards_and_compares_even(tmp_path: Path) -> None:
    path = tmp_path / "duplicate.jsonl"
    south = [str(m["move"]) for m in events(ORIGIN, "move") if m["seat"] == "S"]
    code, out = invoke(["play", "--duplicate", str(ORIGIN), "--speed", "0", "--transcript", str(path)],
                       "\n".join(south) + "\n")
    assert code == 0, out
    assert f"Duplicate: the cards of {ORIGIN}, dealt again." in out
    assert [d["shoe"] for d in events(path, "deal")] == [d["shoe"] for d in events(ORIGIN, "deal")]
    header = json.loads(path.read_text().splitlines()[0])
    assert header["origin"] == {"kind": "duplicate", "file": str(ORIGIN)}
    assert "position" not in header
    for deal in range(1, 5):
        assert f"Deal {deal} against the recorded game: NS (you) " in out
    assert "    game             21380     21380           0" in out
    assert "    game             20775     20775           0" in out
    assert "NS (you) won by 605 here and won by 605 in the recorded game: the same." in out
    assert "finished, NS 21380 EW 20775 (NS wins)" in verify_file(path).summary


def test_another_way_of_playing_the_same_cards_is_set_beside_the_recorded_game_deal_by_deal(tmp_path: Path) -> None:
    path = tmp_path / "duplicate.jsonl"
    # South played as the easy AI would; the other seats are the recorded game's normal AIs.
    shoes = [parse_cards(str(d["shoe"])) for d in events(ORIGIN, "deal")]
    game = Game(preset("classic").replace(decks=5), 1, shoes=shoes)
    players = [make_player(level, 1, s) for s, level in enumerate(["easy", "normal", "normal", "normal"])]
    script = []
    while not game.is_over:
        seat = game.to_move
        move = players[seat].choose(game.view(seat)).move
        if seat == 0:
            # Typed with aces in words: the table reads "meld A A JK" as "meld a(n) A JK".
            script.append(" ".join("ace" if word == "A" else word for word in str(move).split()))
        game.apply(move)
    code, out = invoke(["play", "--duplicate", str(ORIGIN), "--speed", "0", "--transcript", str(path)],
                       "\n".join(script) + "\n")
    assert code == 0, out
    here, recorded = deal_totals(path), deal_totals(ORIGIN)
    assert len(here) == len(recorded) == 4 and here != recorded
    for deal, (mine, theirs) in enumerate(zip(here, recorded, strict=True), start=1):
        change = mine["NS"] - theirs["NS"]
        cell = f"{change:+d}" if change else "0"
        assert f"    {'deal ' + str(deal):<12}{mine['NS']:>10}{theirs['NS']:>10}{cell:>12}" in out
    mine_total = {side: sum(d[side] for d in here) for side in ("NS", "EW")}
    margin = mine_total["NS"] - mine_total["EW"]
    outcome = f"won by {margin}" if margin > 0 else f"lost by {-margin}"
    change = margin - 605
    verdict = f"{change} better" if change > 0 else f"{-change} worse"
    assert f"NS (you) {outcome} here and won by 605 in the recorded game: {verdict}." in out


def test_a_what_if_game_cannot_be_played_again_as_a_duplicate(tmp_path: Path) -> None:
    what_if = tmp_path / "what-if.jsonl"
    record_what_if(what_if, ORIGIN, 300, moves=5)
    code, out = invoke(["play", "--duplicate", str(what_if)])
    assert code == 1
    assert f"starts from a position (move 300 of {ORIGIN}), not from its first deal" in out
