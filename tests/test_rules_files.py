"""House-rules TOML files: a preset plus overrides loads; bad keys and values are refused by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from hfcli import rules
from hfcli.engine.errors import RulesError
from hfcli.engine.game import Game


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_house_rules_file_overrides_a_preset(tmp_path: Path) -> None:
    path = _write(tmp_path, 'preset = "eleven"\ndecks = 6\nmeld_minimums = [60, 100]\nclean_book_bonus = 600\n')
    house = rules.load(path)
    assert (house.decks, house.hand_size, house.meld_minimums, house.clean_book_bonus) == (6, 11, (60, 100), 600)
    assert house.wild_ratio == "four" and not house.wild_melds  # the rest comes from the preset
    assert house.name == "house"
    assert rules.resolve(str(path)) == house
    game = Game(house, seed=1)
    assert game.card_total() == 324 and game.minimum == 60


def test_house_rules_default_preset_is_classic(tmp_path: Path) -> None:
    assert rules.load(_write(tmp_path, "deals = 2\n")).replace(name="classic") == rules.CLASSIC.replace(deals=2)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("decks = 5\nshoes = 2\n", ["'shoes'", "allowed keys", "decks"]),
        ('preset = "poker"\n', ["'poker'", "classic, eleven"]),
        ('decks = "five"\n', ["decks", "whole number"]),
        ("going_out_needs_permission = 1\n", ["going_out_needs_permission", "true or false"]),
        ('wild_ratio = "thrice"\n', ["wild_ratio", "twice, four"]),
        ("meld_minimums = []\n", ["meld_minimums", "list of whole numbers"]),
        ("decks = 21\n", ["decks", "between 0 and 20"]),
        ("decks = 1\nhand_size = 13\n", ["too few", "decks"]),
        ("joker_value = -5\n", ["joker_value", "between 0 and 1000"]),
        ('preset = "eleven"\nwild_books_to_go_out = 1\n', ["wild_books_to_go_out", "wild_melds"]),
        ("decks = \n", ["not valid TOML"]),
    ],
)
def test_house_rules_bad_key_or_value_is_refused_with_its_name(tmp_path: Path, text: str, words: list[str]) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(RulesError) as info:
        rules.load(path)
    message = str(info.value)
    assert "\n" not in message.strip()
    for w in words:
        assert w in message, message


def test_house_rules_missing_file_and_unknown_spec() -> None:
    with pytest.raises(RulesError, match="cannot read"):
        rules.load("/nonexistent/house.toml")
    with pytest.raises(RulesError, match="classic, eleven"):
        rules.resolve("poker")
    assert rules.resolve(None) is rules.CLASSIC and rules.resolve("eleven") is rules.ELEVEN


def test_every_mistake_of_a_house_rules_file_is_reported_at_once(tmp_path: Path) -> None:
    path = _write(tmp_path, 'deck = 6\nhand_size = "x"\nwild_ratio = "thrice"\nfoot_size = 0\nshoes = 2\n')
    with pytest.raises(RulesError) as info:
        rules.load(path)
    message = str(info.value)
    assert message == (
        f"{path}: unknown rule 'deck' (did you mean decks?); hand_size must be a whole number, not 'x'; "
        "wild_ratio must be one of twice, four, even, not 'thrice'; unknown rule 'shoes'; "
        "foot_size must be between 1 and 40, not 0; allowed keys: " + ", ".join(
            ["preset", *sorted(f for f in rules.CLASSIC.as_dict())]))


def test_a_good_house_rules_file_still_loads_whole(tmp_path: Path) -> None:
    house = rules.load(_write(tmp_path, "decks = 6\nfoot_size = 11\n"))
    assert (house.decks, house.foot_size, house.hand_size) == (6, 11, 13)


@pytest.mark.parametrize("preset", ["classic", "eleven"])
def test_hf_rules_lists_every_key_so_its_lines_make_a_house_rules_file(preset: str, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from hfcli.cli import main

    shown = CliRunner().invoke(main, ["rules", preset, "--keys"]).output
    # A value that differs from classic is marked "* " where the others start with two spaces.
    settings = [line[2:].split("  ", 1)[0].strip() for line in shown.splitlines() if " = " in line[:40]
                and line[:2] in ("  ", "* ") and line[2] != " "]
    keys = [setting.split(" = ")[0] for setting in settings]
    assert keys == list(rules.preset(preset).as_dict())  # every option, by the key a file uses
    copied = _write(tmp_path, "\n".join(settings) + "\n")
    assert rules.load(copied) == rules.preset(preset)  # and with the value it has


def test_hf_rules_reports_every_mistake_of_a_file_on_one_line(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from hfcli.cli import main

    path = _write(tmp_path, "deck = 6\nhand_size = 0\n")
    result = CliRunner().invoke(main, ["rules", str(path)])
    assert result.exit_code == 2  # bad input, as for every house-rules file that cannot be used
    assert result.output == (f"Error: {path}: unknown rule 'deck' (did you mean decks?); "
                             "hand_size must be between 1 and 40, not 0\n")


@pytest.mark.parametrize("value", ['"everything"', "true", "7.5"])
def test_a_bad_pile_take_names_all_as_the_other_choice(value: str, tmp_path: Path) -> None:
    with pytest.raises(RulesError) as info:
        rules.load(_write(tmp_path, f"pile_take = {value}\n"))
    shown = {'"everything"': "'everything'", "true": "True", "7.5": "7.5"}[value]
    assert str(info.value).endswith(f'pile_take must be a whole number or "all", not {shown}')
    assert rules.load(_write(tmp_path, 'pile_take = "all"\n')).pile_take == 0
