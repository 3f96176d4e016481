"""The facts of a side's table the players read at every decision (ai.hand.table_facts): worked
out from the melds alone, into dicts of the decision's own."""

from __future__ import annotations

from ai.hand import table_facts
from hfcli.engine.cards import SEVEN, card
from hfcli.engine.melds import Meld


def _meld(texts: str, book_size: int) -> Meld:
    cards = tuple(card(t) for t in texts.split())
    return Meld(cards[0].rank, cards, book_size)


SEVENS = "7C 7D 7H 7S 7C 7D 2C"  # seven cards, one of them wild


def test_seven_sevens_are_a_dirty_book_of_seven_and_an_open_meld_toward_nine() -> None:
    # Classic books hold seven cards: the meld is a dirty book (a wild card in it), none open.
    mine, shapes, books = table_facts((_meld(SEVENS, 7),))
    assert (mine, shapes, books) == ({}, {}, (0, 1, 0))
    # The same cards of books of nine: an open meld of 7 cards, 6 natural and 1 wild.
    meld = _meld(SEVENS, 9)
    mine, shapes, books = table_facts((meld,))
    assert mine == {SEVEN: meld}
    assert shapes == {SEVEN: (7, 6, 1)}
    assert books == (0, 0, 0)


def test_a_side_table_changed_by_a_lay_down_is_read_anew() -> None:
    meld = _meld("7C 7D 7H", 7)
    assert table_facts((meld,))[1] == {SEVEN: (3, 3, 0)}
    grown = meld.plus((card("2D"),))
    assert table_facts((grown,))[1] == {SEVEN: (4, 3, 1)}
    assert table_facts(())[1] == {}


def test_each_answer_is_the_callers_own_so_a_what_if_changes_no_other_decision() -> None:
    melds = (_meld("7C 7D 7H", 7),)
    first = table_facts(melds)
    first[0].clear()
    first[1][SEVEN] = (9, 9, 9)
    assert table_facts(melds)[:2] == ({SEVEN: melds[0]}, {SEVEN: (3, 3, 0)})
