"""The rules' text as ``hf rules`` and the table show it: written for the rule set in force, broken
between words at the terminal's width, and a house-rules file's changes marked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hfcli.cli import main
from hfcli.engine.game import Game
from hfcli.engine.rules import CLASSIC, ELEVEN, PRESETS, Rules
from hfcli.levels import make_player
from hfcli.repl.display import Display
from hfcli.repl.session import Session
from hfcli.text.rulebook import RULE_TITLES, rule_ids, rule_list, rule_text

HOUSE = CLASSIC.replace(name="house", pile_take="all", pile_with_wild=True)


def words(text: str) -> list[str]:
    return text.replace("\n", " ").split()


@pytest.mark.parametrize("rules", [*PRESETS.values(), HOUSE], ids=lambda r: r.name)
@pytest.mark.parametrize("width", [80, 60])
def test_every_rule_is_broken_between_words_to_the_width(rules: Rules, width: int) -> None:
    for rule_id in rule_ids():
        text = rule_text(rule_id, width, rules)
        assert all(len(line) <= width for line in text.split("\n")), rule_id
        # The same words as the text unbroken: no word was cut in two or lost.
        assert words(text) == words(rule_text(rule_id, None, rules)), rule_id


def test_the_pile_rule_says_how_a_house_table_takes_the_pile() -> None:
    text = " ".join(words(rule_text("C-PILE", 80, HOUSE)))
    assert "takes all of it" in text and "top 7" not in text
    assert "two natural cards of the top card's rank, or one and a wild card" in text
    classic = " ".join(words(rule_text("C-PILE", 80)))
    assert "takes its top 7 cards (all of them if fewer)" in classic and "wild card (option" not in classic


def test_eleven_rules_are_written_as_eleven_plays_them() -> None:
    out = " ".join(words(rule_text("C-OUT", 80, ELEVEN)))
    assert "at least 1 clean book and 1 dirty book" in out and "no permission is asked" in out
    assert "may I go out" not in out
    assert "a hand of 11 cards" in rule_text("C-DEAL", 80, ELEVEN)
    assert "no wild melds (V-NOWILD)" in " ".join(words(rule_text("C-MELD", 80, ELEVEN)))
    # The C-SCORE bonuses: no wild book where wild melds are not played.
    assert "1500" not in rule_text("C-SCORE", 80, ELEVEN) and "1500 for each wild" in rule_text("C-SCORE", 200)


def test_rules_by_id_at_the_table_follow_the_house_rules_and_the_terminal() -> None:
    game = Game(HOUSE, seed=3)
    lines: list[str] = []
    players = {seat: make_player("random", 3, seat) for seat in (1, 2, 3)}
    session = Session(game, players, echo=lambda t: lines.extend(t.split("\n")), display=Display(size=lambda: (80, 24)))
    session.start()
    lines.clear()
    session.handle("rules C-PILE")
    assert lines[0].startswith("C-PILE  Taking the discard pile takes all of it")
    assert all(len(line) <= 80 for line in lines)
    # "Allowed" was cut to "Al" / "lowed" where the text was filled for 96 columns and the terminal broke it.
    assert all(re.fullmatch(r"[\w'(),.;:\"?/+-]+", word) for word in words("\n".join(lines)))
    assert "Allowed" in words("\n".join(lines))


def invoke(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, args, env={"COLUMNS": "80"})
    return result.exit_code, result.output


def test_hf_rules_marks_what_a_house_file_changes(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('preset = "classic"\npile_take = "all"\npile_with_wild = true\n')
    code, text = invoke(["rules", str(house), "--keys"])
    assert code == 0
    assert "From the classic preset; * marks the 2 values this file changes." in text
    marked = [line for line in text.split("\n") if line.startswith("* ")]
    assert [line.split()[1] for line in marked] == ["pile_take", "pile_with_wild"]
    assert "classic: 7" in text and "classic: false" in text
    assert "  decks = 0 " in text  # an unchanged value is not marked
    assert all(len(line) <= 80 for line in text.split("\n") if not line.startswith("  score_minimums"))


def test_hf_rules_of_one_id_for_a_house_file(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('preset = "classic"\npile_take = "all"\n')
    code, text = invoke(["rules", "C-PILE", "--rules", str(house)])
    assert code == 0 and text.startswith("C-PILE  Taking the discard pile takes all of it")
    code, text = invoke(["rules", "C-PILE"])
    assert code == 0 and text.startswith("C-PILE  Taking the discard pile takes its top 7 cards")
    assert all(len(line) <= 80 for line in text.split("\n"))


def test_rules_list_gives_each_id_its_title() -> None:
    code, text = invoke(["rules", "--list"])
    assert code == 0
    lines = text.strip().split("\n")
    assert len(lines) == len(RULE_TITLES) and text.strip() == rule_list()
    assert "C-PILE      taking the discard pile" in lines
    assert "V-NOWILD    eleven: no wild melds" in lines


def test_hf_rules_alone_says_how_a_game_goes_and_where_the_keys_are() -> None:
    code, text = invoke(["rules"])
    assert code == 0
    lines = text.split("\n")
    assert lines[0] == "Hand and Foot, classic rules (270 cards)."
    assert "draw two cards from the stock" in text and "(C-PILE)" in text
    assert "2:1 (C-RATIO): K K 2 is a meld, K 2 2 is not" in text.replace("\n  ", " ")
    assert "50, 90, 120, 150 points" in text
    assert "hf rules --keys" in text.replace("\n", " ")
    assert " = " not in text  # no house-rules key: those are under --keys
    assert not any(line.startswith("*") for line in lines)
    assert all(len(line) <= 80 for line in lines)


def test_hf_rules_quick_marks_what_differs_from_classic() -> None:
    code, text = invoke(["rules", "quick"])
    assert code == 0
    marked = [line for line in text.split("\n") if line.startswith("* ")]
    # quick: hands and feet of 7 in one deal, a minimum of 50, two clean and two dirty books to go out.
    assert marked[0] == "* marks what differs from classic."
    assert [line.split()[1:3] for line in marked[1:]] == [["Four", "players"], ["A", "side's"], ["Going", "out"]]
    assert "a hand of 7 cards and a foot of 7" in text.replace("\n  ", " ")
    code, text = invoke(["rules", "quick", "--keys"])
    assert "* marks the 5 values that differ from classic." in text
    assert [line.split()[1] for line in text.split("\n") if line.startswith("* ") and " = " in line] == [
        "hand_size", "foot_size", "deals", "meld_minimums", "wild_books_to_go_out"]


@pytest.mark.parametrize(("word", "meant"), [("pile", "C-PILE"), ("ratio", "C-RATIO or V-RATIO"),
                                             ("foot", "C-FOOT")])
def test_hf_rules_of_a_word_that_names_a_rule_asks_did_you_mean(word: str, meant: str) -> None:
    code, text = invoke(["rules", word])
    assert code == 2 and text.strip().count("\n") == 0
    assert f"unknown rules '{word}'; did you mean {meant}?" in text
