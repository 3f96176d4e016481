"""The facts of a seat's hand and its partnership's table that every strategy function reads:
worked out once a decision (:func:`read_hand`) and handed to each, instead of recounted by each.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.meldable import Books, MeldShape, leftover_of
from hfcli.engine.cards import JOKER, TWO
from hfcli.engine.melds import Meld, count_books
from hfcli.engine.rules import Rules
from hfcli.engine.view import SeatView


@dataclass(slots=True)
class HandFacts:
    """One view's hand and table, counted. The lists and dicts are shared by every reader of the
    decision (and by no other decision): a reader that changes one for a what-if works on a copy."""

    counts: list[int]  # cards held by rank index (3 .. A, 2, JK)
    wilds: int  # twos and jokers held
    mine: dict[int, Meld]  # the partnership's open melds by rank (WILD for the wild meld)
    shapes: dict[int, MeldShape]  # the same melds as (cards, naturals, wilds)
    books: Books  # the partnership's books by kind
    needed: Books  # books of each kind still missing before it may go out (C-OUT)
    _leftover: int | None = None

    def leftover(self, rules: Rules) -> int:
        """How many cards of the hand could not be melded this turn (``leftover_of``), worked
        out once a decision: going out, the foot plan and the finishing melds all ask."""
        if self._leftover is None:
            self._leftover = leftover_of(rules, self.counts, self.shapes)
        return self._leftover


def read_hand(view: SeatView) -> HandFacts:
    """The facts of ``view``'s hand and its partnership's melds."""
    counts = list(view.hand_counts)
    rules = view.rules
    mine, shapes, books = table_facts(view.my_melds)
    clean, dirty, wild = books
    needed = (  # books_needed, without the call
        max(0, rules.clean_books_to_go_out - clean),
        max(0, rules.dirty_books_to_go_out - dirty),
        max(0, rules.wild_books_to_go_out - wild),
    )
    return HandFacts(counts, counts[TWO] + counts[JOKER], mine, shapes, books, needed)


def table_facts(melds: tuple[Meld, ...]) -> tuple[dict[int, Meld], dict[int, MeldShape], Books]:
    """A side's open melds by rank, their shapes and its books, worked out from its ``melds``.
    Worked out afresh at every decision, into dicts of the decision's own: a handful of melds is
    cheap to count, and no answer is kept between decisions, players or threads."""
    mine = open_melds(melds)
    shapes: dict[int, MeldShape] = {
        rank: (len(m.cards), len(m.cards) - m.wilds, m.wilds) for rank, m in mine.items()
    }
    return mine, shapes, count_books(melds)


def open_melds(melds: tuple[Meld, ...]) -> dict[int, Meld]:
    """The incomplete melds by rank (WILD for the wild meld): at most one of each (C-ONEOPEN)."""
    return {m.rank: m for m in melds if not m.is_book}


def books_needed(view: SeatView, books: Books | None = None) -> Books:
    """Books of each kind still missing before the partnership may go out (C-OUT), given its
    ``books`` (counted from the view when not given)."""
    r = view.rules
    c, d, w = books if books is not None else count_books(view.my_melds)
    return (
        max(0, r.clean_books_to_go_out - c),
        max(0, r.dirty_books_to_go_out - d),
        max(0, r.wild_books_to_go_out - w),
    )
