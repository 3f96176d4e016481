"""An AI seat plays on after ``hf play --resume`` exactly as it would have without the stop: its
moves depend on what its seat has seen, never on whether the process restarted."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ai import recall
from hfcli.cli import main
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView
from hfcli.levels import make_player
from hfcli.transcript import read_source
from hfcli.transcript.verify import verify_file

ROOT = Path(__file__).resolve().parent.parent
KILLED = ROOT / "tests" / "killed"
PLAY = ["--speed", "0", "--ascii"]


def resume_and_quit(path: Path) -> str:
    result = CliRunner().invoke(main, ["play", "--resume", str(path), *PLAY], input="quit\ny\n")
    assert result.exit_code == 0, result.output
    return result.output


def south_moves(seed: int) -> list[str]:
    """South's moves in the quick game ``seed`` against hf play's normal AI seats, as typed at the
    table: South is played by the hard player, so the game can be scripted."""
    game = Game(preset("quick"), seed=seed)
    players = {seat: make_player("normal", seed, seat) for seat in (1, 2, 3)}
    players[0] = make_player("hard", seed + 1, 0)
    moves = []
    while not game.is_over:
        seat = game.to_move
        move = players[seat].choose(game.view(seat)).move
        if seat == 0:
            moves.append(str(move))
        game.apply(move)
    return moves


def play(args: list[str], moves: list[str]) -> None:
    result = CliRunner().invoke(main, ["play", *args, *PLAY], input="".join(m + "\n" for m in moves))
    assert result.exit_code == 0 and "Input ended before the game did" not in result.output, result.output


def first_melds_after_a_pickup(lines: list[str]) -> list[range]:
    """The lines of each AI seat's turn that takes the pile toward its side's first meld: from
    its first move to the line before its digest."""
    turns, start, moves = [], 0, []
    for number, line in enumerate(lines[1:], start=2):
        data = json.loads(line)
        if data["e"] == "move":
            start = start or number
            moves.append(data)
        elif data["e"] == "digest":
            if moves[0]["seat"] != "S" and moves[0]["move"] == "pickup" and any(
                    "toward the first meld" in m["reason"] for m in moves[1:]):
                turns.append(range(start, number))
            start, moves = 0, []
    return turns


def move_at(path: Path, line: int) -> tuple[str, str]:
    data = json.loads(read_source(path).lines[line - 1])
    return data["seat"], data["move"]


def test_an_ai_resumed_after_taking_the_pile_names_the_cards_it_held_before(tmp_path: Path) -> None:
    # hf play --seed 5, killed after North took the pile and laid its first meld toward 90:
    # line 280 is North's "meld AD AH 2D", named card by card because before its side's first
    # meld only the cards held before the pickup count (C-MELDING).
    path = tmp_path / "killed.jsonl"
    shutil.copy(KILLED / "mid-turn-after-a-pickup-seed5.jsonl", path)
    assert len(read_source(path).lines) == 280
    resume_and_quit(path)
    # North goes on with its plan (3 sixes with 1 wild) and names the two it held, as the game
    # played without a stop does; a player made afresh had forgotten the hand before the pickup
    # and wrote "add 2 to 6".
    assert move_at(path, 281) == ("N", "add 2S to 6")
    assert move_at(path, 282) == ("N", "discard 5")
    verified = verify_file(path, ai=True)
    assert verified.moves == 188


@pytest.mark.slow
def test_a_game_cut_anywhere_in_an_ai_turn_after_a_pickup_goes_on_as_the_uninterrupted_one(tmp_path: Path) -> None:
    seed, south = 20, south_moves(20)
    full_path = tmp_path / "uninterrupted.jsonl"
    play(["--seed", str(seed), "--rules", "quick", "--transcript", str(full_path)], south)
    full = full_path.read_bytes()
    lines = full.decode().splitlines()
    # One such turn: a seat takes the pile, melds three queens and adds the four it held; with the
    # pile's cards in hand only those held before the pickup count toward the first meld (C-MELDING).
    turns = first_melds_after_a_pickup(lines)
    assert [[json.loads(lines[n - 1]).get("move") for n in turn] for turn in turns] == [
        ["pickup", None, "meld QD QH QS", "add 4S", "discard 3"]]
    for kept in (n for turn in turns for n in turn):
        for torn in (False, True) if kept % 2 else (False,):
            # The file as a SIGKILL leaves it: whole lines, or a piece of the next one as well.
            cut = tmp_path / f"cut-{kept}-{torn}.jsonl"
            text = "".join(line + "\n" for line in lines[:kept]) + (lines[kept][:17] if torn else "")
            cut.write_text(text)
            south_before = sum(1 for line in lines[1:kept] if '"e":"move","seat":"S"' in line)
            play(["--resume", str(cut)], south[south_before:])
            assert cut.read_bytes() == full, f"cut after line {kept}{' with a torn line' if torn else ''}"
    assert verify_file(full_path, ai=True).moves == len(json.loads("[" + ",".join(
        line for line in lines if '"e":"move"' in line) + "]"))


@pytest.mark.parametrize("kind", ["random", "greedy", "easy", "normal", "hard"])
def test_a_player_made_afresh_and_shown_the_turn_so_far_chooses_as_the_one_that_played_along(kind: str) -> None:
    # At every decision of a whole quick game, a player made afresh (a resumed game) and shown its
    # views of the turn so far chooses what the player that has played every move chooses.
    seed = 12
    game = Game(preset("quick"), seed=seed)
    players = [make_player(kind, seed, seat) for seat in game.seating.seats]
    turn: list[SeatView] = []
    decisions = 0
    while not game.is_over:
        seat = game.to_move
        view = game.view(seat)
        if view.phase is Phase.DRAW and not view.asked:
            turn = []
        fresh = make_player(kind, seed, seat)
        recall(fresh, (v for v in turn if v.seat == seat))
        decision = players[seat].choose(view)
        assert fresh.choose(view) == decision, f"decision {decisions + 1}, {game.seating.names[seat]}"
        turn.append(view)
        game.apply(decision.move)
        decisions += 1
    assert decisions > 100


@pytest.mark.slow
@pytest.mark.e2e
def test_the_kill_and_resume_bench_finds_every_stopped_game_going_on_as_the_uninterrupted_one() -> None:
    # bench/kill_resume.py in small: three cuts of a quick game (two inside AI turns, one with a
    # torn line) and one hf play killed with SIGKILL while it plays, each resumed and finished.
    run = subprocess.run(
        [sys.executable, "bench/kill_resume.py", "--games", "1", "--cuts", "3", "--kills", "1", "--rules", "quick",
         "--seed", "3"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    figures = re.search(r"^all: 4 cut points \((\d) inside AI turns, (\d) torn, 1 real kills\): 4 resumed files "
                        r"equal the uninterrupted game, 4 pass hf verify --ai", run.stdout, re.M)
    assert figures is not None, run.stdout
    assert int(figures.group(1)) >= 2 and int(figures.group(2)) >= 1
