"""Narration of a move that ends a deal: the next deal's dealt red threes are not told as part of it."""

from __future__ import annotations

from hfcli import events as ev
from hfcli.cards import card
from hfcli.events import Event
from hfcli.moves import parse_move
from hfcli.repl.narration import describe_move

NAMES = {0: "You", 1: "West", 2: "North", 3: "East"}


def test_going_out_line_stops_at_the_end_of_the_deal() -> None:
    move = parse_move("discard 4")
    events = [
        Event(ev.MOVE, 0, move),
        Event(ev.OUT, 0),
        Event(ev.DEAL_END, count=0, detail="out"),
        Event(ev.DEAL, 0, count=1, detail="minimum 90"),
        Event(ev.RED_THREE, 1, cards=(card("3H"),)),
    ]
    text = describe_move(0, move, events, human=0, names=NAMES, discarded=card("4C"), reason="", color=False,
                         ascii=True)
    assert "go out" in text
    assert "red three" not in text


def test_a_drawn_red_three_is_told_with_the_draw() -> None:
    move = parse_move("draw")
    events = [Event(ev.MOVE, 1, move), Event(ev.DRAW, 1, count=2), Event(ev.RED_THREE, 1, cards=(card("3D"),))]
    text = describe_move(1, move, events, human=0, names=NAMES, discarded=None, reason="", color=False, ascii=True)
    assert "West lays a red three 3D." in text
