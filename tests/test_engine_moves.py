"""The one move notation: parsing, printing, and the errors bad input gets."""

from __future__ import annotations

import pytest
from positions import position

from hfcli.engine.cards import card, format_cards, parse_cards
from hfcli.engine.errors import IllegalMoveError, InvalidMoveError
from hfcli.engine.moves import Move, parse_move


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("draw", "draw"), ("  PICKUP ", "pickup"), ("meld 9 9 9", "meld 9 9 9"), ("meld 10 10 joker", "meld T T JK"),
     ("meld 9 9 9, k k 2", "meld 9 9 9, K K 2"), ("add 9 2 to 9", "add 9 2 to 9"), ("add 9 9", "add 9 9"),
     ("add jk to wild", "add JK to wild"), ("add 2 to w", "add 2 to wild"), ("discard 7h", "discard 7H"),
     ("discard 7", "discard 7"), ("ask", "ask"), ("yes", "yes"), ("no", "no"), ("undo", "undo"), ("end", "end")],
)
def test_moves_parse_to_one_canonical_text(text: str, canonical: str) -> None:
    move = parse_move(text)
    assert str(move) == canonical
    assert parse_move(str(move)) == move == Move.parse(text)
    assert eval(repr(move), {"Move": Move}) == move


@pytest.mark.parametrize(
    ("text", "words"),
    [("", ["empty"]), ("fly", ["unknown move", "draw"]), ("draw 2", ["takes nothing"]), ("meld", ["needs cards"]),
     ("meld 9 X 9", ["'X'", "not a card"]), ("discard 7 8", ["exactly one"]), ("add 2", ["say which meld"]),
     ("add 9 to", ["add CARDS to RANK"]), ("meld 9 9 9,", ["empty"]), ("add 2 to Z", ["'Z'", "rank"])],
)
def test_bad_move_text_is_refused_with_a_message(text: str, words: list[str]) -> None:
    with pytest.raises(InvalidMoveError) as info:
        parse_move(text)
    for w in words:
        assert w in str(info.value)


def test_errors_are_value_errors_with_the_rule_id() -> None:
    assert issubclass(InvalidMoveError, ValueError)
    g = position("S hand: 9 4\n")
    with pytest.raises(IllegalMoveError) as info:
        g.apply("discard 9")
    assert info.value.rule == "C-DRAW" and str(info.value).startswith("C-DRAW: ")
    with pytest.raises(InvalidMoveError):
        g.apply("discard")


def test_cards_round_trip_and_bad_cards() -> None:
    assert format_cards(parse_cards("7H TS 10c JK 3d")) == "7H TS TC JK 3D"
    assert card("7h") is card("7H")
    with pytest.raises(InvalidMoveError, match="not a card"):
        card("1X")


def test_multi_meld_and_bigger_adds_apply_as_one_move() -> None:
    g = position("S hand: 9 9 9 9 9 K K 2 Q 4 5\nNS opened\nturn: S meld")
    g.apply("meld 9 9 9, K K 2")
    assert [len(m.cards) for m in g.teams[0].melds] == [3, 3]
    g.apply("add 9 9 to 9")
    assert [len(m.cards) for m in g.teams[0].melds] == [5, 3]
    g.apply("undo")
    assert g.teams[0].melds == [] and len(g.hands[0]) == 11


def test_the_quick_event_builders_make_the_same_events() -> None:
    from hfcli.engine import events as ev
    from hfcli.engine.cards import card
    from hfcli.engine.events import EventKind

    drawn = (card("9H"), card("JK"))
    assert ev.move_event(2, parse_move("draw")) == ev.Event(EventKind.MOVE, 2, parse_move("draw"))
    assert ev.draw_event(3, drawn) == ev.Event(EventKind.DRAW, 3, private=drawn, count=2)
    assert type(ev.draw_event(3, drawn)) is ev.Event and ev.draw_event(3, drawn).public().private == ()


def test_a_move_event_shows_the_physical_cards_it_laid_or_discarded() -> None:
    g = position("S hand: 9C 9H 9S 2D KH KS 4C\nNS opened\nturn: S meld")
    [meld] = g.apply("meld 9 9 9")
    assert sorted(c.text for c in meld.cards) == ["9C", "9H", "9S"]
    [add] = g.apply("add 2 to 9")
    assert add.cards == (card("2D"),)
    discard = g.apply("discard K")[0]
    assert discard.cards == (card("KH"),)  # the lowest suit of the rank named
    assert discard in g.public_events  # every seat sees which card went to the pile
