"""bench/partner_census.py's four detectors on hand-made positions: each sees the blunder it
counts, and not the same play where it is no blunder."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from positions import position

from ai.base import Decision
from hfcli.engine.game import Game
from hfcli.engine.moves import parse_move


def _census() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "bench" / "partner_census.py"
    spec = importlib.util.spec_from_file_location("partner_census", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["partner_census"] = module
    spec.loader.exec_module(module)
    return module


census = _census()

# The books C-OUT asks for (two clean, two dirty, one wild), already on North-South's table.
BOOKS = "NS melds: K K K K K K K / Q Q Q Q Q Q Q / J J J J J J 2 / 10 10 10 10 10 10 2 / 2 2 2 2 JK JK 2\nNS opened"


def played(text: str, *moves: str) -> Any:
    """The census of ``moves`` played from the position ``text``."""
    game: Game = position(text)
    tracker = census.Tracker(game)
    for text_move in moves:
        decision = Decision(parse_move(text_move))
        tracker.before(game, decision)
        tracker.after(game.apply(decision.move), decision)
    return tracker.census


# ------------------------------------------------------------------ (a) a costly yes

GOING_OUT = f"S hand: 5 5 5 8\nS foot: -\nN foot: -\n{BOOKS}\nturn: S meld"


def test_a_yes_is_costly_when_the_answerers_cards_count_more_than_going_out_gains() -> None:
    # North's hand counts 50 + 50 + 20 + 20 + 10 + 10 = 160 against the side; going out gains the
    # bonus (100) and the three fives South lays (15): 115.
    c = played(GOING_OUT + "\nN hand: JK JK A A K Q", "ask", "yes", "meld 5 5 5", "discard 8")
    assert (c.yes_answers, c.costly_yes) == (1, 1)


def test_a_yes_is_no_blunder_when_the_answerer_holds_little() -> None:
    # North's 4 and 5 count 10: less than the 115 going out gains.
    c = played(GOING_OUT + "\nN hand: 4 5", "ask", "yes", "meld 5 5 5", "discard 8")
    assert (c.yes_answers, c.costly_yes) == (1, 0)


def test_a_yes_not_followed_by_going_out_costs_nothing() -> None:
    c = played(GOING_OUT + "\nN hand: JK JK A A K Q", "ask", "yes", "discard 8")
    assert (c.yes_answers, c.costly_yes) == (1, 0)


def test_an_unpicked_foot_counts_with_the_answerers_hand() -> None:
    game = position("N hand: 4 5\nN foot: A A 3H")
    # 5 + 5, the aces' 40, and the red three in the unpicked foot: 100 (C-SCORE).
    assert census.own_cards_cost(game, 2) == 150


# ------------------------------------------------------------------ (b) a wild card thrown

DISCARDING = "S hand: 2 8 9 K\nNS opened\nNS melds: 6 6 6\nturn: S meld"


def test_a_wild_card_thrown_while_a_natural_could_go_is_counted() -> None:
    c = played(DISCARDING, "discard 2")
    assert (c.wild_chances, c.wilds_thrown) == (1, 1)


def test_a_natural_thrown_beside_a_wild_card_is_a_chance_taken_well() -> None:
    c = played(DISCARDING, "discard 8")
    assert (c.wild_chances, c.wilds_thrown) == (1, 0)


def test_a_hand_of_wild_cards_only_has_no_better_throw() -> None:
    c = played("S hand: 2 JK\nNS opened\nNS melds: 6 6 6\nturn: S meld", "discard 2")
    assert (c.wild_chances, c.wilds_thrown) == (0, 0)


def test_a_black_three_counts_as_the_better_throw() -> None:
    c = played("S hand: 2 3 JK\nNS opened\nNS melds: 6 6 6\nturn: S meld", "discard JK")
    assert (c.wild_chances, c.wilds_thrown) == (1, 1)


# ------------------------------------------------------------------ (c) a pile handed over

FEEDING = "NS opened\nNS melds: 6 6 6\nEW opened\nEW melds: 7 7 7\npile: 5 4\nturn: S meld"


def test_a_pile_taken_with_the_one_card_the_next_player_had_a_pair_of_is_counted() -> None:
    # West holds two eights and nothing else in pairs: South's nine or king would have kept the pile.
    c = played(FEEDING + "\nS hand: 8 9 K\nW hand: 8 8 5", "discard 8", "pickup")
    assert (c.feeding_chances, c.piles_taken, c.piles_handed) == (1, 1, 1)


def test_a_pile_the_next_player_could_take_whatever_was_thrown_is_no_blunder() -> None:
    # West holds a pair of every rank South holds.
    c = played(FEEDING + "\nS hand: 8 9\nW hand: 8 8 9 9 5", "discard 8", "pickup")
    assert (c.feeding_chances, c.piles_taken, c.piles_handed) == (1, 1, 0)


def test_a_black_three_held_would_have_stopped_the_pickup() -> None:
    c = played(FEEDING + "\nS hand: 8 8 3\nW hand: 8 8 5", "discard 8", "pickup")
    assert c.piles_handed == 1


def test_a_discard_followed_by_a_draw_is_a_chance_but_no_pile_taken() -> None:
    c = played(FEEDING + "\nS hand: 8 9 K\nW hand: 8 8 5", "discard 9", "draw")
    assert (c.feeding_chances, c.piles_taken, c.piles_handed) == (1, 0, 0)


# ------------------------------------------------------------------ (d) a missed going out

AHEAD = f"S hand: 5 5 5 9\nS foot: -\nN hand: 4 6\nN foot: -\n{BOOKS}\nturn: S meld"


def test_a_turn_that_could_go_out_with_the_side_ahead_and_did_not_is_counted() -> None:
    c = played(AHEAD, "discard 9")
    assert (c.out_turns, c.outs_missed, c.missed_not_asked) == (1, 1, 1)


def test_a_refusal_is_the_reason_a_turn_that_could_go_out_did_not() -> None:
    c = played(AHEAD, "ask", "no", "discard 9")
    assert (c.out_turns, c.outs_missed, c.missed_refused) == (1, 1, 1)


def test_going_out_ends_the_chance_well() -> None:
    c = played(f"S hand: 5 5 5 8\nS foot: -\nN hand: 4 6\nN foot: -\n{BOOKS}\nturn: S meld",
               "ask", "yes", "meld 5 5 5", "discard 8")
    assert (c.out_turns, c.outs_missed) == (1, 0)


def test_a_side_behind_in_the_game_is_not_asked_to_go_out() -> None:
    # East-West's six clean books and a wild book (5,025 points) stand above North-South's (3,540).
    books = " / ".join(" ".join([r] * 7) for r in ("A", "9", "8", "7", "6", "4", "2"))
    behind = f"{AHEAD}\nEW melds: {books}\nEW opened"
    c = played(behind, "discard 9")
    assert (c.out_turns, c.outs_missed) == (0, 0)


# ------------------------------------------------------------------ the script


def test_a_run_resumed_from_its_checkpoint_prints_what_a_whole_run_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    checkpoint = tmp_path / "census.jsonl"
    args = ["--levels", "normal", "--seed", "7"]
    assert census.main([*args, "--games", "1", "--checkpoint", str(checkpoint)]) == 0
    capsys.readouterr()
    assert census.main([*args, "--games", "2", "--checkpoint", str(checkpoint)]) == 0
    resumed = capsys.readouterr().out
    assert len(checkpoint.read_text().splitlines()) == 2  # the second run played only the second game
    assert census.main([*args, "--games", "2"]) == 0
    assert capsys.readouterr().out == resumed


def test_an_unknown_level_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert census.main(["--levels", "hard,grandmaster", "--games", "1"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "grandmaster" in err


def test_a_checkpoint_of_another_seed_is_refused_and_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    checkpoint = tmp_path / "census.jsonl"
    assert census.main(["--levels", "normal", "--games", "1", "--seed", "7", "--checkpoint", str(checkpoint)]) == 0
    kept = checkpoint.read_text()
    assert census.main(["--levels", "normal", "--games", "1", "--seed", "8", "--checkpoint", str(checkpoint)]) == 1
    assert capsys.readouterr().err.endswith("was made with --seed 7\n")
    assert checkpoint.read_text() == kept


def test_a_turn_whose_going_out_needs_a_costly_yes_is_no_chance_missed() -> None:
    # North's hand counts 160, more than the bonus and all South could lay (5 + 5 + 5 of its
    # 5 5 5 9, the nine thrown): a no there is the answer (a) asks for.
    costly = AHEAD.replace("N hand: 4 6", "N hand: JK JK A A K Q")
    c = played(costly, "ask", "no", "discard 9")
    assert (c.out_turns, c.outs_missed) == (0, 0)
