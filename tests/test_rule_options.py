"""The options with a fixed set of values (wild_ratio, meld_minimum_by, teams) as the engine's
enums and policies, and the rule ids the engine's refusals cite."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from positions import legal_texts, position

from hfcli.engine.errors import RulesError
from hfcli.engine.options import MeldMinimumBy, Teams, WildRatio
from hfcli.engine.rule_ids import RuleId
from hfcli.engine.rules import CLASSIC, ELEVEN, PRESETS, from_mapping
from hfcli.engine.seating import table
from hfcli.text.rulebook import RULE_TITLES, find_rule, rule_text

ROOT = Path(__file__).resolve().parents[1]
# The rules contract sits beside the repository (../shared/RULES.md); docs/rules.md is the
# program's own record of its choices.
CONTRACT = ROOT.parent / "shared" / "RULES.md"


def test_options_are_written_as_the_text_they_always_were() -> None:
    data = ELEVEN.replace(teams="none", meld_minimum_by="score").as_dict()
    assert (data["wild_ratio"], data["teams"], data["meld_minimum_by"]) == ("four", "none", "score")
    assert all(type(data[key]) is str for key in ("wild_ratio", "teams", "meld_minimum_by"))
    assert '"wild_ratio": "four"' in json.dumps(data)
    read = from_mapping({"preset": "eleven", "teams": "none", "meld_minimum_by": "score"})
    assert read.wild_ratio is WildRatio.FOUR and read.teams is Teams.NONE
    assert read.meld_minimum_by is MeldMinimumBy.SCORE
    assert from_mapping(data) == read


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("wild_ratio", "thrice", f"rules: wild_ratio must be one of {', '.join(WildRatio)}, not 'thrice'"),
        ("wild_ratio", 2, f"rules: wild_ratio must be one of {', '.join(WildRatio)}, not 2"),
        ("teams", "Pairs", "rules: teams must be one of auto, pairs, threes, none, not 'Pairs'"),
        ("meld_minimum_by", ["deal"], "rules: meld_minimum_by must be one of deal, score, not ['deal']"),
    ],
)
def test_a_bad_option_value_is_one_line_naming_the_choices(key: str, value: object, message: str) -> None:
    with pytest.raises(RulesError) as info:
        from_mapping({key: value})
    assert str(info.value) == message


def test_the_teams_a_table_needs_are_refused_in_the_rules_and_at_the_seating() -> None:
    with pytest.raises(RulesError, match='teams = "pairs" needs 4 or 6 players, not 5'):
        from_mapping({"players": 5, "teams": "pairs"})
    with pytest.raises(ValueError, match="teams of three need 6 players, not 4"):
        table(4, Teams.THREES)
    with pytest.raises(ValueError, match="teams are auto, pairs, threes, none, not 'trios'"):
        table(6, "trios")


@pytest.mark.parametrize(
    ("players", "teams", "team_of"),
    [(4, "auto", (0, 1, 0, 1)), (6, "auto", (0, 1, 2, 0, 1, 2)), (6, "threes", (0, 1, 0, 1, 0, 1)),
     (5, "auto", (0, 1, 2, 3, 4)), (4, "none", (0, 1, 2, 3)), (3, "none", (0, 1, 2))],
)
def test_teams_seat_each_table_as_T_SIZE_says(players: int, teams: str, team_of: tuple[int, ...]) -> None:
    assert table(players, teams).team_of == team_of
    assert Teams(teams).team_of(players) == team_of


def test_the_cli_offers_every_value_of_teams() -> None:
    from hfcli.cli import main

    result = CliRunner().invoke(main, ["play", "--teams", "trios"])
    assert result.exit_code == 2
    assert "'auto', 'pairs', 'threes', 'none'" in result.output


@pytest.mark.parametrize(
    ("by", "deal", "score", "minimum"),
    [("deal", 0, 9000, 50), ("deal", 2, 0, 120), ("deal", 7, 0, 150), ("score", 3, -20, 50), ("score", 0, 2500, 90),
     ("score", 0, 12000, 150)],
)
def test_the_first_meld_minimum_goes_by_the_deal_or_the_score(by: str, deal: int, score: int, minimum: int) -> None:
    rules = CLASSIC.replace(meld_minimum_by=by)
    assert rules.meld_minimum(deal, score) == minimum


# Worked out by hand from C-RATIO and V-RATIO: (naturals, wilds) -> allowed.
RATIO_CASES = {
    WildRatio.TWICE: {(2, 1): True, (3, 1): True, (3, 2): False, (4, 2): True, (5, 2): True, (4, 3): False,
                      (6, 3): True, (1, 0): True},
    WildRatio.FOUR: {(2, 1): False, (3, 1): False, (4, 1): True, (4, 3): True, (5, 2): True, (3, 0): True},
    # The house option: no more wilds than naturals.
    WildRatio.EVEN: {(2, 1): True, (2, 2): True, (2, 3): False, (3, 3): True, (3, 4): False, (1, 1): True,
                     (4, 3): True, (1, 2): False},
}


@pytest.mark.parametrize("ratio", list(RATIO_CASES))
def test_a_wild_ratio_allows_the_melds_its_rule_allows(ratio: WildRatio) -> None:
    for (naturals, wilds), allowed in RATIO_CASES[ratio].items():
        assert ratio.allows(naturals, wilds) is allowed, (ratio, naturals, wilds)


@given(st.sampled_from(list(WildRatio)), st.integers(0, 20), st.integers(0, 20))
def test_a_wild_ratio_s_limits_agree_with_what_it_allows(ratio: WildRatio, naturals: int, room: int) -> None:
    most = ratio.wilds_for(naturals, room)
    assert ratio.allows(naturals, most) and most <= room
    assert most == room or not ratio.allows(naturals, most + 1)
    size = naturals + 3
    assert ratio.wilds_in(size) == max(w for w in range(size + 1) if ratio.allows(size - w, w))
    assert ratio.pair_takes_wild is ratio.allows(2, 1)


def test_an_unopened_side_may_take_the_pile_under_four_with_books_of_three() -> None:
    # V-RATIO with book_size = 3: a book holds no wild card, and three naturals are a book. The
    # top nine, the pair and three kings make 60, past deal 1's minimum of 50 (C-PILE, C-MIN).
    game = position("S hand: 9 9 K K K 5 6\npile: 4 9\nturn: S draw\n", rules=ELEVEN.replace(book_size=3))
    assert "pickup" in legal_texts(game)
    game.apply("pickup")
    assert game.teams[0].melds[0].is_book


def test_each_wild_ratio_is_described_and_cites_its_rule() -> None:
    for ratio in WildRatio:
        found = find_rule("C-RATIO", CLASSIC.replace(wild_ratio=ratio))
        assert found is not None
        assert ratio.rule in RULE_TITLES
        assert str(ratio.refused(2, 3)).startswith(f"{ratio.rule}: ")
    assert find_rule("C-RATIO", ELEVEN) == (
        RuleId.C_RATIO,
        "Wild cards may be in a meld only if it holds at least 4 natural cards (V-RATIO); so a 7-card book holds "
        "at most 3 wilds.",
    )


def _mentions(text: str, rule_id: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(rule_id)}(?![\w-])", text) is not None


def test_every_rule_id_is_in_the_rules_contract_or_the_program_s_rules() -> None:
    if not CONTRACT.is_file():
        pytest.skip(f"the rules contract is not at {CONTRACT}")
    texts = CONTRACT.read_text(encoding="utf-8") + (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert [rule_id for rule_id in RuleId if not _mentions(texts, rule_id)] == []


def test_the_rule_book_gives_every_rule_id_a_title_and_a_text() -> None:
    assert list(RULE_TITLES) == list(RuleId)
    assert all(find_rule(rule_id.lower()) is not None for rule_id in RuleId)
    for preset in PRESETS.values():
        assert all(find_rule(rule_id, preset) is not None for rule_id in RuleId)


def test_every_refusal_of_the_engine_cites_a_rule_id_of_the_enum() -> None:
    """No refusal is made with a rule id written as text: each cites a RuleId (or a policy's
    rule, which is one), so every id the engine can raise is one the test above checks."""
    written = []
    for path in sorted((ROOT / "hfcli" / "engine").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute)
                    and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr)
                    in ("Refusal", "IllegalMoveError") and node.args):
                first = node.args[0]
                if not (isinstance(first, ast.Attribute) and (
                        isinstance(first.value, ast.Name) and first.value.id == "RuleId" or first.attr == "rule")):
                    written.append(f"{path.name}:{node.lineno}")
    assert written == []


def test_the_ratio_text_names_the_wilds_of_a_single_meld_size() -> None:
    # Books of nine under C-RATIO: sizes 3-5 hold one wild, 6-8 two, and nine alone three.
    assert rule_text("C-RATIO", None, CLASSIC.replace(book_size=9)) == (
        "C-RATIO  In a meld with naturals, natural cards must number at least twice the wild cards, at all "
        "times: at most 1 wild in a meld of 3-5 cards, at most 2 wilds in a meld of 6-8 cards, at most 3 wilds "
        "in a meld of 9 cards."
    )
