"""The table in sentences for a screen reader: a side's name, its melds, books and red threes, the
pile and why it cannot be taken, the stock. The answers to ``pile`` and ``table`` in
``hf play --screen-reader``, and the table told by the replay, practice and lessons in this mode.
"""

from __future__ import annotations

from collections.abc import Mapping

from hfcli.engine.cards import THREE
from hfcli.engine.view import SeatView
from hfcli.text.card_words import card_name, counted, meld_words, number, with_article
from hfcli.text.screen import pile_state


def side_name(view: SeatView, names: Mapping[int, str], team: int) -> str:
    """``your side`` (the view's seat's), or the side's members by name: ``West and East``."""
    if team == view.team:
        return "your side"
    members = [names[s] for s in view.seating.members(team)]
    return members[0] if len(members) == 1 else " and ".join(members)


def melds_said(view: SeatView, names: Mapping[int, str], team: int) -> str:
    """A side's melds, books and red threes in a sentence: ``Your side melds: sixes, five; queens,
    four with one wild card. Books: a clean book of tens; one red three.``"""
    melds = view.melds[team]
    side = side_name(view, names, team)
    opened = [meld_words(m) for m in melds if not m.is_book]
    books = [meld_words(m) for m in melds if m.is_book]
    reds = len(view.red_threes[team])
    has = "has" if side == "your side" or len(view.seating.members(team)) == 1 else "have"
    if not opened and not books:
        text = f"{side} {has} not melded"
    else:
        text = f"{side} melds: {'; '.join(opened) or 'none open'}"
        if books:
            text += f". Books: {'; '.join(books)}"
    if reds:
        text += f"; {counted(reds, 'red three')}"
    return text[0].upper() + text[1:] + "."


def pile_said(view: SeatView) -> str:
    """The pile in a sentence: its size, its top card, and why it cannot be taken, if it cannot."""
    if view.pile_top is None:
        return "Table: the pile is empty."
    top = card_name(view.pile_top)
    text = f"Table: the pile has {counted(view.pile_size, 'card')}, {with_article(top)} on top"
    if view.pile_top.rank == THREE:
        return f"Table: the pile has {counted(view.pile_size, 'card')}, a black three on top, which blocks it."
    state = pile_state(view)  # why it cannot be taken, as the table says it
    if state:
        return f"{text}; {state}."
    limit = view.rules.pile_limit
    return text + (f"; a pickup takes the top {number(limit)}." if view.pile_size > limit else ".")


def table_said(view: SeatView, names: Mapping[int, str]) -> list[str]:
    """The table in sentences, the view's side first: each side's melds, the pile, the stock."""
    lines = [f"Table: {melds_said(view, names, t)}" for t in
             (view.team, *(t for t in view.seating.teams if t != view.team))]
    lines.append(pile_said(view))
    lines.append(f"Table: the stock has {counted(view.stock_size, 'card')}.")
    return lines
