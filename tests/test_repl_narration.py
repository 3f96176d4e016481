"""Narration of moves: a move that ends a deal (the next deal's dealt red threes are not told as part
of it), red threes, and the books a move closes."""

from __future__ import annotations

from dataclasses import replace

from positions import position

from hfcli.engine.cards import NINE, TEN, card
from hfcli.engine.events import Event, EventKind
from hfcli.engine.moves import parse_move
from hfcli.engine.reasons import ReasonKind as R
from hfcli.engine.reasons import reason
from hfcli.engine.rules import CLASSIC, Rules
from hfcli.levels import make_player
from hfcli.repl.narration import describe_move
from hfcli.repl.session import Session
from hfcli.text.notation import BOLD, GREEN
from hfcli.text.reason_text import phrase

NAMES = {0: "You", 1: "West", 2: "North", 3: "East"}


def test_going_out_line_stops_at_the_end_of_the_deal() -> None:
    move = parse_move("discard 4")
    events = [
        Event(EventKind.MOVE, 0, move),
        Event(EventKind.OUT, 0),
        Event(EventKind.DEAL_END, count=0, detail="out"),
        Event(EventKind.DEAL, 0, count=1, minimums=(90, 90)),
        Event(EventKind.RED_THREE, 1, cards=(card("3H"),)),
    ]
    text = describe_move(0, move, events, human=0, names=NAMES, discarded=card("4C"), reason="", color=False,
                         ascii=True)
    assert "go out" in text
    assert "red three" not in text


def test_a_drawn_red_three_is_told_with_the_draw() -> None:
    move = parse_move("draw")
    events = [Event(EventKind.MOVE, 1, move), Event(EventKind.DRAW, 1, count=2),
              Event(EventKind.RED_THREE, 1, cards=(card("3D"),), private=(card("9C"),))]
    text = describe_move(1, move, events, human=0, names=NAMES, discarded=None, reason="", color=False, ascii=True)
    assert text == "West draws 2 cards. West lays a red three 3D and takes a card from the stock for it."


def test_the_card_that_replaces_a_red_three_is_named_to_its_holder_c_red3() -> None:
    move = parse_move("draw")
    events = [Event(EventKind.MOVE, 0, move), Event(EventKind.DRAW, 0, count=2, private=(card("3H"), card("6S"))),
              Event(EventKind.RED_THREE, 0, cards=(card("3H"),), private=(card("3D"),)),
              Event(EventKind.RED_THREE, 0, cards=(card("3D"),), private=(card("9C"),))]
    text = describe_move(0, move, events, human=0, names=NAMES, color=False, ascii=False)
    assert text == ("You draw 3♥ 6♠. You lay the red three 3♥; 3♦ replaces it. "
                    "You lay the red three 3♦; 9♣ replaces it.")
    empty = [Event(EventKind.MOVE, 2, move), Event(EventKind.DRAW, 2, count=1),
             Event(EventKind.RED_THREE, 2, cards=(card("3H"),))]
    assert describe_move(2, move, empty, human=0, names=NAMES).endswith(
        "North lays a red three 3♥; the stock is empty, so nothing replaces it.")
    foot = [Event(EventKind.MOVE, 1, parse_move("discard 4")), Event(EventKind.FOOT, 1, count=1)]
    assert "West picks up their foot (1 card)." in describe_move(1, parse_move("discard 4"), foot, human=0,
                                                                 names=NAMES, discarded=card("4C"))


def test_tens_are_written_as_the_hand_shows_them_not_in_notation() -> None:
    meld = parse_move("meld T T T, 9 9 2")
    text = describe_move(2, meld, [Event(EventKind.MOVE, 2, meld)], human=0, names=NAMES,
                         reason=phrase(reason(R.NEW_MELD, rank=TEN)), color=False, ascii=False)
    assert text == "North melds 10 10 10, 9 9 2 — a new meld of tens."  # the move is named once
    add = parse_move("add T 2 to T")
    text = describe_move(1, add, [Event(EventKind.MOVE, 1, add)], human=0, names=NAMES, color=False, ascii=False)
    assert text == "West adds 10 2 to the tens."
    exact = parse_move("meld TS TH TD")
    assert describe_move(0, exact, [], human=0, names=NAMES, ascii=True) == "You meld 10S 10H 10D."
    discard = parse_move("discard T")
    assert describe_move(3, discard, [], human=0, names=NAMES, discarded=card("TC")) == "East discards 10♣."
    assert describe_move(3, discard, [], human=0, names=NAMES, discarded=None) == "East discards 10."
    draw = parse_move("draw")
    drawn = [Event(EventKind.MOVE, 0, draw), Event(EventKind.DRAW, 0, count=2, private=(card("TS"), card("8D")))]
    assert describe_move(0, draw, drawn, human=0, names=NAMES) == "You draw 10♠ 8♦."
    pickup = parse_move("pickup")
    taken = [Event(EventKind.MOVE, 2, pickup), Event(EventKind.TAKE, 2, cards=(card("TD"), card("TH"), card("4C")))]
    assert describe_move(2, pickup, taken, human=0, names=NAMES, ascii=True) == \
        "North takes the pile, 3 cards: 10D 10H 4C."


def test_a_reason_is_said_beside_its_move_with_a_ten_as_10() -> None:
    add = parse_move("add T T 2 to T")
    closes = reason(R.CLOSES_BOOK, reason(R.GOING_OUT), rank=TEN, book="dirty")
    text = describe_move(3, add, [Event(EventKind.MOVE, 3, add)], human=0, names=NAMES, reason=phrase(closes))
    assert text == "East adds 10 10 2 to the tens — closes a dirty book of tens; going out."
    pickup = parse_move("pickup")
    taken = reason(R.PILE_GAINS, take=7, effect="starts", rank=TEN)
    text = describe_move(1, pickup, [Event(EventKind.MOVE, 1, pickup)], human=0, names=NAMES, reason=phrase(taken))
    assert text == "West takes the pile — 7 cards, starts a meld of tens."
    # A move the reason weighs is written in the table's spelling.
    discard = parse_move("discard 9")
    other = reason(R.SEARCH_OTHER, instead="discard TS", gain=12.0)
    text = describe_move(2, discard, [], human=0, names=NAMES, discarded=card("9C"), reason=phrase(other))
    assert text == "North discards 9♣ — rather than discard 10S."
    # The reason is the move's, so it comes before what the move caused; letters where symbols cannot go.
    out = [EventKind.MOVE, EventKind.OUT]
    single = reason(R.SINGLE, rank=NINE, held=1, private=("held",))
    text = describe_move(1, discard, [Event(out[0], 1, discard), Event(out[1], 1)], human=0, names=NAMES,
                         discarded=card("9C"), reason=phrase(single), ascii=True)
    assert text == "West discards 9C -- a single nine. West goes out!"


def _table_at(text: str, rules: Rules = CLASSIC) -> tuple[Session, list[str]]:
    game = position(text, rules)
    said: list[str] = []
    players = {seat: make_player("random", 1, seat) for seat in game.seating.seats if seat}
    return Session(game, players, echo=lambda t: said.extend(t.split("\n"))), said


def test_closing_a_book_on_your_own_turn_is_announced() -> None:
    session, said = _table_at("S hand: K K 9 9 5 6\nNS melds: K K K K K\nNS opened\nturn: S meld")
    session.handle("add K K")
    assert said[0] == "You add K K to the kings. You close a clean book of kings (+500)!"


def test_closing_the_wild_book_is_announced() -> None:
    session, said = _table_at("S hand: 2 9 9 5 6\nNS melds: 2 2 2 JK JK 2\nNS opened\nturn: S meld")
    session.handle("add 2 to wild")
    assert said[0] == "You add 2 to the wild meld. You close a wild book (+1500)!"


def test_a_book_the_other_side_closes_is_announced_plainly_and_yours_stands_out_in_colour() -> None:
    west = "W hand: J J 5 6 7 8\nEW melds: J J J J 2\nEW opened\nturn: W meld"
    session, said = _table_at(west)
    session.host.play(1, parse_move("add J J"))
    assert said[0] == "West adds J J to the jacks. West closes a dirty book of jacks (300)."
    session, said = _table_at("S hand: K K 9 9 5 6\nNS melds: K K K K K\nNS opened\nturn: S meld")
    session.display = replace(session.display, color=True)
    session.handle("add K K")
    assert f"{BOLD}{GREEN}You close a clean book of kings (+500)!" in said[0]


def test_a_partner_closing_a_book_closes_it_for_your_side() -> None:
    session, said = _table_at("N hand: Q Q Q Q Q Q Q 5 6\nNS opened\nturn: N meld")
    session.host.play(2, parse_move("meld Q Q Q Q Q Q Q"))
    assert said[0].endswith("North closes a clean book of queens for your side (+500)!")


def test_a_meld_that_closes_no_book_announces_none() -> None:
    session, said = _table_at("S hand: K K 9 9 5 6\nNS melds: K K K\nNS opened\nturn: S meld")
    session.handle("add K K")
    assert said[0] == "You add K K to the kings."
