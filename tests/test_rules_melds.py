"""Melds and books: C-MELD C-RATIO C-BOOK C-ONEOPEN C-TEAMMELD, and V-RATIO V-NOWILD for eleven."""

from __future__ import annotations

import pytest
from positions import assert_illegal, legal_texts, position

from hfcli.engine.cards import NINE
from hfcli.engine.melds import ratio_ok
from hfcli.engine.options import WildRatio
from hfcli.engine.rules import ELEVEN, preset

OPEN = "NS opened\nturn: S meld\n"


def test_C_MELD_three_to_seven_of_one_rank() -> None:
    g = position("S hand: 9 9 9 9 9 9 9 K K 4 5\n" + OPEN)
    assert_illegal(g, "meld K K", "C-MELD", "3 to 7")
    assert_illegal(g, "meld 9 9 9 K", "C-MELD", "one rank")
    g.apply("meld 9 9 9 9 9 9 9")
    assert g.teams[0].melds[0].is_book


def test_C_MELD_never_more_than_seven() -> None:
    g = position("S hand: 9 9 9 9 9 9 9 9 4 5\n" + OPEN)
    assert_illegal(g, "meld 9 9 9 9 9 9 9 9", "C-MELD", "3 to 7")
    g2 = position("S hand: 9 9 4 5\nNS melds: 9 9 9 9 9 9\n" + OPEN)
    assert_illegal(g2, "add 9 9 to 9", "C-BOOK", "at most 7")


def test_C_MELD_wild_meld_of_wild_cards_only() -> None:
    g = position("S hand: 2 2 JK 9 4 5\n" + OPEN)
    assert "meld JK 2 2" in legal_texts(g)
    g.apply("meld JK 2 2")
    assert g.teams[0].melds[0].kind == "wild"
    assert_illegal(g, "add 9 to wild", "C-MELD", "cannot go on a meld of wild cards")


def test_C_MELD_threes_are_never_melded() -> None:
    g = position("S hand: 3 3S 3 4 5\n" + OPEN)
    assert_illegal(g, "meld 3 3 3", "C-BLACK3")
    assert not any(m.kind == "meld" for m in g.legal_moves())


@pytest.mark.parametrize(
    ("meld", "ok"),
    [("9 9 2", True), ("9 9 2 2", False), ("9 9 9 2 2", False), ("9 9 9 9 2 2", True),
     ("9 9 9 9 2 2 JK", False), ("9 9 9 9 9 2 2", True), ("9 2 2", False)],
)
def test_C_RATIO_naturals_at_least_twice_the_wilds(meld: str, ok: bool) -> None:
    g = position("S hand: 9 9 9 9 9 2 2 JK 4 5\n" + OPEN)
    if ok:
        g.apply("meld " + meld)
    else:
        assert_illegal(g, "meld " + meld, "C-RATIO", "twice")


def test_C_RATIO_holds_at_all_times_when_adding() -> None:
    g = position("S hand: 2 JK 9 9 4 5\nNS melds: 9 9 2\n" + OPEN)
    assert_illegal(g, "add 2 to 9", "C-RATIO")
    assert "add 2 to 9" not in legal_texts(g)
    g.apply("add 9 9 JK to 9")  # 4 naturals, 2 wilds in a 6-card meld
    assert g.teams[0].melds[0].wilds == 2


@pytest.mark.parametrize(
    ("meld", "ok"),
    [("9 9 2", False), ("9 9 9 2", False), ("9 9 9 9 2", True), ("9 9 9 9 2 2 JK", True), ("9 9 9 9", True)],
)
def test_V_RATIO_wilds_need_four_naturals(meld: str, ok: bool) -> None:
    g = position("S hand: 9 9 9 9 9 2 2 JK 4 5\n" + OPEN, rules=ELEVEN)
    if ok:
        g.apply("meld " + meld)
    else:
        assert_illegal(g, "meld " + meld, "V-RATIO", "4 natural")


def test_V_RATIO_adding_a_wild_to_three_naturals_is_refused() -> None:
    g = position("S hand: 2 9 4 5\nNS melds: 9 9 9\n" + OPEN, rules=ELEVEN)
    assert_illegal(g, "add 2 to 9", "V-RATIO")
    assert legal_texts(g)[:1] == ["add 9"]
    g.apply("add 9 2 to 9")


@pytest.mark.parametrize("ratio", list(WildRatio))
def test_C_RATIO_an_open_meld_takes_a_wild_card_while_its_wilds_are_under_the_cap(ratio: WildRatio) -> None:
    """The table of the most wild cards a meld of so many naturals may hold (read by the legal
    moves and the players) says yes to one wild card more exactly where the wild ratio does."""
    rules = preset("classic").replace(wild_ratio=ratio.value)
    caps = rules.wild_caps
    book = rules.book_size
    for naturals in range(book):
        for wilds in range(book - naturals):
            assert (wilds < caps[naturals]) == ratio_ok(NINE, naturals, wilds + 1, rules), (naturals, wilds)


@pytest.mark.parametrize(("meld", "kind"), [("9 9 9 9 9 9 9", "clean"), ("9 9 9 9 9 2 JK", "dirty"),
                                            ("2 2 2 JK JK 2 2", "wild")])
def test_C_BOOK_seven_cards_complete_a_book_of_fixed_kind(meld: str, kind: str) -> None:
    g = position(f"S hand: {meld} 2 4 5\n" + OPEN)
    g.apply("meld " + meld)
    m = g.teams[0].melds[0]
    assert m.is_book and m.kind == kind
    token = "wild" if kind == "wild" else "9"
    assert_illegal(g, "add 2 to " + token, "C-BOOK", "complete book")


def test_C_BOOK_nothing_is_added_to_a_book() -> None:
    g = position("S hand: 9 9 4 5\nNS melds: 9 9 9 9 9 9 9\n" + OPEN)
    assert_illegal(g, "add 9 to 9", "C-BOOK")
    # ... but a new meld of the same rank may start (C-ONEOPEN allows any number of books).
    assert "meld 9 9 9" not in legal_texts(g)
    g2 = position("S hand: 9 9 9 4 5\nNS melds: 9 9 9 9 9 9 9\n" + OPEN)
    g2.apply("meld 9 9 9")
    assert len(g2.teams[0].melds) == 2


def test_C_ONEOPEN_no_second_open_meld_of_a_rank() -> None:
    g = position("S hand: 9 9 9 2 2 JK 4 5\nNS melds: 9 9 9 / 2 2 2\n" + OPEN)
    assert_illegal(g, "meld 9 9 9", "C-ONEOPEN")
    assert_illegal(g, "meld 2 2 JK", "C-ONEOPEN")  # wild melds count as one rank
    assert not any(m.kind == "meld" for m in g.legal_moves())


def test_C_ONEOPEN_even_a_meld_of_seven_laid_at_once() -> None:
    g = position("S hand: 9 9 9 9 9 9 9 4 5\nNS melds: 9 9 9\n" + OPEN)
    assert_illegal(g, "meld 9 9 9 9 9 9 9", "C-ONEOPEN")


def test_C_ONEOPEN_is_per_partnership() -> None:
    g = position("S hand: 9 9 9 4 5\nEW melds: 9 9 9\n" + OPEN)
    g.apply("meld 9 9 9")


def test_C_TEAMMELD_either_partner_adds_to_partnership_melds_not_opponents() -> None:
    g = position("S hand: 9 K 4 5\nNS melds: 9 9 9\nEW melds: K K K\n" + OPEN)
    g.apply("add 9")
    assert_illegal(g, "add K", "C-TEAMMELD", "no open meld")


def test_V_NOWILD_no_wild_melds() -> None:
    g = position("S hand: 2 2 2 JK 4 5\n" + OPEN, rules=ELEVEN)
    assert_illegal(g, "meld 2 2 2", "V-NOWILD")
    assert not any(m.kind == "meld" for m in g.legal_moves())


def test_V_NOWILD_pile_topped_by_a_wild_cannot_be_taken() -> None:
    g = position("S hand: 2 2 4 5\npile: 8 9 2\nNS opened\nturn: S draw", rules=ELEVEN)
    assert_illegal(g, "pickup", "V-NOWILD")
