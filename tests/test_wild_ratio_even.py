"""The house wild ratio "even" (wild_ratio = "even"): a meld may hold at most as many wild cards as
natural cards. The engine, the players, ``hf rules`` and house-rules files all follow it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from positions import assert_illegal, legal_texts, position
from rule_sets import play_through

from ai.rule_based import RuleBasedPlayer
from hfcli.cli import main
from hfcli.engine.cards import JOKER, TWO, parse_cards
from hfcli.engine.game import Game
from hfcli.engine.moves import MoveKind
from hfcli.engine.opening import max_opening_value
from hfcli.engine.options import WildRatio
from hfcli.engine.rules import CLASSIC, QUICK, Rules
from hfcli.system.house_rules import load
from hfcli.text.rule_sets import describe_rules
from hfcli.text.rulebook import rule_text

EVEN = CLASSIC.replace(wild_ratio="even")
OPEN = "NS opened\nturn: S meld\n"


@pytest.mark.parametrize(
    ("meld", "ok"),
    [("9 9 9 2 2 JK", True), ("9 9 2 2", True), ("9 9 9 9 2 2 JK", True), ("9 2 2", False),
     ("9 9 2 2 JK", False), ("9 9 9 9 2", True)],
)
def test_even_lets_a_meld_hold_as_many_wilds_as_naturals(meld: str, ok: bool) -> None:
    g = position("S hand: 9 9 9 9 2 2 JK 4 5\n" + OPEN, rules=EVEN)
    if ok:
        g.apply("meld " + meld)
        assert g.teams[0].melds[0].wilds == meld.count("2") + meld.count("JK")
    else:
        assert_illegal(g, "meld " + meld, "C-RATIO", "may not outnumber")


def test_three_naturals_and_three_wilds_are_a_meld_under_even_and_not_under_twice() -> None:
    hand = "S hand: 9 9 9 2 2 JK 4 5\n" + OPEN
    position(hand, rules=EVEN).apply("meld 9 9 9 2 2 JK")
    assert_illegal(position(hand), "meld 9 9 9 2 2 JK", "C-RATIO", "twice")


def test_the_moves_listed_under_even_add_wilds_that_twice_refuses() -> None:
    text = "S hand: 2 JK 4 5\nNS melds: 9 9 9 2\n" + OPEN
    even = position(text, rules=EVEN)
    assert {"add 2 to 9", "add JK to 9"} <= set(legal_texts(even))
    even.apply("add 2 to 9")
    assert "add JK to 9" in legal_texts(even)  # 3 naturals, 2 wilds: a third is allowed
    even.apply("add JK to 9")
    assert not any(m.kind is MoveKind.ADD for m in even.legal_moves())
    twice = position(text)
    assert "add 2 to 9" not in legal_texts(twice)
    assert_illegal(twice, "add 2 to 9", "C-RATIO", "twice")


def _counts(text: str) -> tuple[list[int], int, int]:
    counts = [0] * 14
    for c in parse_cards(text):
        counts[c.rank] += 1
    return counts, counts[TWO], counts[JOKER]


@pytest.mark.parametrize(("rules", "value"), [(EVEN, 30 + 50 + 50), (CLASSIC, 30 + 50)])
def test_the_first_meld_arithmetic_counts_the_wilds_even_allows(rules: Rules, value: int) -> None:
    # Three nines (30) and two jokers (50 each): twice lets the nines hold one joker, even both;
    # two jokers alone make no wild meld.
    counts, twos, jokers = _counts("9C 9D 9H JK JK 5C")
    assert max_opening_value(counts, twos, jokers, rules) == value


def test_a_pickup_reaches_the_minimum_under_even_only() -> None:
    # Deal 3: a minimum of 120. The top nine, the pair and two jokers make 130 under even; under
    # twice the nines hold one joker, 80, so an unopened side may not take the pile (C-MIN).
    text = "S hand: 9 9 JK JK 5 6 7\npile: 4 9\nturn: S draw\ndeal: 3\n"
    even = position(text, rules=EVEN)
    assert "pickup" in legal_texts(even)
    even.apply("pickup")
    assert even.teams[0].melds[0].naturals == 3
    twice = position(text)
    assert "pickup" not in legal_texts(twice)
    assert_illegal(twice, "pickup", "C-MIN")


def _meld_turn(rules: Rules) -> Game:
    """South, unopened in deal 3 (minimum 120), plays its meld turn as the rule-based player does."""
    game = position("S hand: 9C 9D 9H JK JK 5C 6D 7H 8S KD\nturn: S meld\ndeal: 3\n", rules=rules)
    player = RuleBasedPlayer(1, 0, "normal")
    while game.to_move == 0 and not game.is_over:
        move = player.choose(game.view(0)).move
        game.apply(move)
        if move.kind is MoveKind.DISCARD:
            break
    return game


def test_the_rule_based_player_opens_with_a_meld_only_even_allows() -> None:
    even = _meld_turn(EVEN)
    assert even.teams[0].opened
    [nines] = even.teams[0].melds
    assert (nines.naturals, nines.wilds) == (3, 2)
    twice = _meld_turn(CLASSIC)
    assert not twice.teams[0].opened and twice.teams[0].melds == []


@pytest.mark.slow
@pytest.mark.parametrize("kinds", [("random", "greedy", "normal", "easy"), ("normal", "hard", "greedy", "expert")])
def test_no_player_makes_an_illegal_move_under_even(kinds: tuple[str, ...]) -> None:
    # play_through applies each move the players choose; the engine refuses an illegal one.
    for seed in (1, 2):
        assert play_through(QUICK.replace(wild_ratio="even"), seed, kinds) > 0


def test_hf_rules_describes_even(tmp_path: Path) -> None:
    text = rule_text("C-RATIO", None, EVEN)
    assert text == (
        "C-RATIO  In a meld with naturals, natural cards must number at least as many as the wild cards, at "
        "all times: at most 1 wild in a meld of 3 cards, at most 2 wilds in a meld of 4-5 cards, at most 3 "
        'wilds in a meld of 6-7 cards. option wild_ratio = "even" (a house rule).'
    )
    assert '"even": at most as many wilds as naturals' in " ".join(describe_rules(CLASSIC, width=200).split())


def test_a_house_rules_file_accepts_even(tmp_path: Path) -> None:
    path = tmp_path / "family.toml"
    path.write_text('preset = "classic"\nwild_ratio = "even"\npile_with_wild = true\n', encoding="utf-8")
    assert load(path).wild_ratio is WildRatio.EVEN
    result = CliRunner().invoke(main, ["rules", str(path)])
    assert result.exit_code == 0, result.output
    summary = " ".join(result.output.split())
    # The summary of play marks the paragraph the house rule changes and says the ratio it plays.
    assert "* A meld is 3 to 7 cards of one rank." in summary
    assert "at most as many wild cards as naturals, 1:1 (C-RATIO)" in summary
    keys = CliRunner().invoke(main, ["rules", str(path), "--keys"])
    assert keys.exit_code == 0, keys.output
    assert '* wild_ratio = "even"' in keys.output
    shown = CliRunner().invoke(main, ["rules", "C-RATIO", "--rules", str(path)])
    assert shown.exit_code == 0 and "at most 3 wilds in a meld of 6-7 cards" in " ".join(shown.output.split())
