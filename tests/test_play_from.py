"""``hf play --from FILE:MOVE``: a what-if game from the position after a move of a recorded game."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from recording import GOLDEN, record

from hfcli.cli import main
from hfcli.engine.game import Game
from hfcli.levels import make_player
from hfcli.transcript import SeatInfo, replay
from hfcli.transcript.verify import verify_file
from hfcli.transcript.viewer import load

ORIGIN = GOLDEN / "classic-normal-seed1.jsonl"  # every seat normal; move 300 is in deal 2, East to meld


def invoke(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin, auto_envvar_prefix="HF")
    return result.exit_code, result.output


def moves_to_deal_end(origin: Path, move: int, seat: int, levels: list[str]) -> list[str]:
    """What an AI of ``levels[seat]`` in ``seat`` plays from the position after ``move`` of ``origin``
    to the end of the deal, the other seats played by the AIs the what-if game seats there: a script
    for the person in ``seat``."""
    start = load(origin).position(move)
    game = Game.from_position(start.to_position(), start.public_events)
    players = [make_player(level, game.seed, s) for s, level in enumerate(levels)]
    deal, script = game.deal_index, []
    while game.deal_index == deal and not game.is_over:
        to_move = game.to_move
        move = players[to_move].choose(game.view(to_move)).move
        if to_move == seat:
            script.append(str(move))
        game.apply(move)
    return script


def recorded_deal_totals(path: Path, deal: int) -> dict[str, int]:
    for line in path.read_text().splitlines():
        data = json.loads(line)
        if data.get("e") == "deal_end" and data["deal"] == deal:
            return {side: score["total"] for side, score in data["scores"].items()}
    raise AssertionError(f"no deal {deal} in {path}")


def test_what_if_plays_from_move_300_to_the_end_of_the_deal_and_the_transcript_verifies(tmp_path: Path) -> None:
    path = tmp_path / "what-if.jsonl"
    script = moves_to_deal_end(ORIGIN, 300, 0, ["normal"] * 4)
    code, out = invoke(["play", "--from", f"{ORIGIN}:300", "--speed", "0", "--transcript", str(path)],
                       "\n".join(script) + "\n")
    assert code == 0, out
    assert f"What if: the position after move 300 of {ORIGIN} (deal 2, East to meld)." in out
    assert "You sit South. Your partner North (normal); opponents West (normal) and East (normal)." in out
    assert "Deal 2 score" in out and "Deal 3 of 4 begins" in out
    # The deal played here against the same deal of the recorded game, both sides.
    here = replay(path).game.results[1]
    recorded = recorded_deal_totals(ORIGIN, 2)
    ns, ew = here.teams[0].total, here.teams[1].total
    ns_change, ew_change = ns - recorded["NS"], ew - recorded["EW"]
    assert (f"Deal 2 against the recorded game: NS (you) {ns} here, {recorded['NS']} in the recorded game "
            f"({ns_change:+d}); EW {ew} here, {recorded['EW']} in the recorded game ({ew_change:+d})."
            ).replace("(+0)", "(the same)") in out
    verified = verify_file(path, ai=True)
    assert "unfinished in deal 3" in verified.summary
    header = json.loads(path.read_text().splitlines()[0])
    assert header["origin"] == {"kind": "what-if", "file": str(ORIGIN), "move": 300}
    assert header["seats"][0] == {"seat": "S", "name": "You", "kind": "human", "level": None}
    assert [s["level"] for s in header["seats"][1:]] == ["normal"] * 3
    moves = [json.loads(line) for line in path.read_text().splitlines() if '"e":"move","seat":"S"' in line]
    assert [m["move"] for m in moves][: len(script)] == script
    code, text = invoke(["replay", "--print", str(path)])
    assert code == 0
    assert f"This is a what-if game, started from the position after move 300 of {ORIGIN}." in text
    assert "The game starts in deal 2 of 4, East to meld; the score so far NS 5385, EW 6305." in text


def test_the_player_takes_the_recorded_players_seat_and_name_and_the_ai_keep_their_levels(tmp_path: Path) -> None:
    origin = tmp_path / "mine.jsonl"
    seats = [SeatInfo("West", "ai", "easy"), SeatInfo("Ann", "human", None),
             SeatInfo("East", "ai", "hard"), SeatInfo("North", "ai", "greedy")]
    record(origin, ["easy", "normal", "hard", "greedy"], seats=seats, seed=4, moves=80)
    path = tmp_path / "what-if.jsonl"
    code, out = invoke(["play", "--from", f"{origin}:40", "--speed", "0", "--transcript", str(path)])
    assert code == 0, out
    assert "Ann (" in out  # the name as the file holds it
    header = json.loads(path.read_text().splitlines()[0])
    assert [(s["kind"], s["level"]) for s in header["seats"]] == [
        ("ai", "easy"), ("human", None), ("ai", "hard"), ("ai", "greedy")]
    # A name holding an escape sequence makes the file malformed: refused, and shown escaped.
    seats[1] = SeatInfo("Ann\x1b[2J", "human", None)
    record(origin, ["easy", "normal", "hard", "greedy"], seats=seats, seed=4, moves=80)
    code, out = invoke(["play", "--from", f"{origin}:40", "--speed", "0", "--transcript", str(path)])
    assert code != 0 and "\x1b" not in out and "('Ann\\x1b[2J')" in out


def test_seat_chooses_another_seat_whose_recorded_player_the_level_option_replaces(tmp_path: Path) -> None:
    origin = tmp_path / "mine.jsonl"
    seats = [SeatInfo("Ann", "human", None), SeatInfo("West", "ai", "easy"),
             SeatInfo("North", "ai", "easy"), SeatInfo("East", "ai", "easy")]
    record(origin, ["normal", "easy", "easy", "easy"], seats=seats, seed=4, moves=80)
    path = tmp_path / "what-if.jsonl"
    code, out = invoke(["play", "--from", f"{origin}:40", "--seat", "W", "--level", "hard", "--speed", "0",
                        "--transcript", str(path)])
    assert code == 0, out
    assert "You sit West." in out
    header = json.loads(path.read_text().splitlines()[0])
    assert [(s["name"], s["kind"], s["level"]) for s in header["seats"]] == [
        ("South", "ai", "hard"), ("You", "human", None), ("North", "ai", "easy"), ("East", "ai", "easy")]


def test_what_if_refuses_what_it_cannot_start_from(tmp_path: Path) -> None:
    missing = tmp_path / "none.jsonl"
    code, out = invoke(["play", "--from", f"{missing}:3"])
    assert code == 1 and f"{missing}:0: cannot read: No such file or directory" in out
    code, out = invoke(["play", "--from", str(ORIGIN)])
    assert code == 2 and "write FILE:MOVE, e.g. game.jsonl:300" in out
    # The golden game has 850 moves; after the last one the game is over, so nothing is left to play.
    for move in ("850", "5000"):
        code, out = invoke(["play", "--from", f"{ORIGIN}:{move}"])
        assert code == 2 and "records 850 moves and the end of the game: give a move from 0 to 849" in out
    code, out = invoke(["play", "--from", f"{ORIGIN}:3", "--resume", str(ORIGIN)])
    assert code == 2 and "give one of --resume and --from" in out
    code, out = invoke(["play", "--seat", "W"])
    assert code == 2 and "--seat goes with --from or --duplicate" in out
    code, out = invoke(["play", "--from", f"{ORIGIN}:3", "--partner-level", "hard"])
    assert code == 2 and "--from plays the recorded game's AI levels: leave out --partner-level" in out
    code, out = invoke(["play", "--from", f"{ORIGIN}:3", "--seed", "4"])
    assert code == 2 and "--from plays the recorded game's seed: leave out --seed" in out
    code, out = invoke(["play", "--from", f"{ORIGIN}:3", "--seat", "Q"])
    assert code == 2 and "unknown seat 'Q'" in out


def test_resuming_a_what_if_game_sets_it_against_the_recorded_game_again(tmp_path: Path) -> None:
    path = tmp_path / "what-if.jsonl"
    code, out = invoke(["play", "--from", f"{ORIGIN}:300", "--speed", "0", "--transcript", str(path)])
    assert code == 0, out
    script = moves_to_deal_end(ORIGIN, 300, 0, ["normal"] * 4)
    code, out = invoke(["play", "--resume", str(path), "--speed", "0"], "\n".join(script) + "\n")
    assert code == 0, out
    assert f"This is a what-if game, started from the position after move 300 of {ORIGIN}." in out
    assert "Deal 2 against the recorded game: NS (you)" in out
