"""Cards in words for a screen reader: one place makes them (hfcli.text.card_words), and what it says
can be typed back at the table."""

from __future__ import annotations

from hfcli.engine.cards import card, parse_cards
from hfcli.engine.events import Event, EventKind
from hfcli.engine.melds import meld_of
from hfcli.engine.moves import Move
from hfcli.repl.reading import read_line
from hfcli.text.card_words import card_name, counted, group_words, hand_words, meld_words, move_words


def test_a_card_is_its_rank_and_suit_and_a_wild_card_its_rank_alone() -> None:
    assert card_name(card("7H")) == "seven of hearts"
    assert card_name(card("TS")) == "ten of spades"
    assert card_name(card("3C")) == "three of clubs"  # a black three's suit is said: it is not wild
    assert card_name(card("2D")) == "two"  # a wild two: its suit plays no part
    assert card_name(card("JK")) == "joker"


def test_a_hand_is_ranks_with_counts_as_worked_by_hand() -> None:
    # The issue's own example: A♦ A♠ A♠ and J♣.
    assert hand_words(parse_cards("AD AS AS JC")) == "aces: three (diamonds, two spades); jacks: one, clubs"
    # In the table's order (jokers, aces down to threes, twos last), wild cards counted without suits.
    hand = parse_cards("2C 7C JK 7C 3S 2H KH")
    assert hand_words(hand) == ("jokers: one; kings: one, hearts; sevens: two (two clubs); threes: one, spades; "
                                "twos: two")
    assert hand_words([]) == "no cards"


def test_cards_laid_together_are_counted_by_rank() -> None:
    assert group_words(parse_cards("KH KS KD")) == "three kings"
    assert group_words(parse_cards("KH KS 2C")) == "two kings with a two"
    assert group_words(parse_cards("8H 8S JK 2D")) == "two eights with a joker and a two"
    assert group_words(parse_cards("JK JK 2D")) == "two jokers and a two"
    assert counted(1, "card") == "one card" and counted(21, "card") == "21 cards"


def test_melds_and_books_in_a_few_words() -> None:
    assert meld_words(meld_of(parse_cards("9H 9S 9C 2D"), 7)) == "nines, four with one wild card"
    assert meld_words(meld_of(parse_cards("9H 9S 9C"), 7)) == "nines, three"
    book = meld_of(parse_cards("TH TS TC TD TH TS TC"), 7)
    assert meld_words(book) == "a clean book of tens"


def test_moves_in_the_past_tense_and_as_advice() -> None:
    drew = Event(EventKind.DRAW, 0, private=tuple(parse_cards("9S 8D")), count=2)
    assert move_words(Move.parse("draw"), [drew], own=True) == ["drew a nine of spades and an eight of diamonds"]
    assert move_words(Move.parse("draw"), [drew.public()], own=False) == []  # every turn starts with one
    assert move_words(Move.parse("meld K K K, 8 8 2"), []) == ["melded three kings and two eights with a two"]
    assert move_words(Move.parse("add T 2 to T"), []) == ["added a ten with a two to the tens"]
    assert move_words(Move.parse("add T T"), []) == ["added two tens"]  # naturals name their meld
    # In play a suit does no work, but a three's colour does.
    assert move_words(Move.parse("discard 5C"), [], discarded=card("5C")) == ["discarded a five"]
    assert move_words(Move.parse("discard 3S"), [], discarded=card("3S")) == ["discarded a black three"]
    assert move_words(Move.parse("discard 5C"), [], advice=True) == ["discard a five of clubs"]
    assert move_words(Move.parse("pickup"), [], advice=True) == ["pick up the pile"]


def test_the_words_said_can_be_typed_back() -> None:
    hand = parse_cards("7H 7S 2C JK 3C")
    assert read_line("discard the seven of hearts", hand).move == "discard 7H"
    assert read_line("discard a seven of hearts", hand).move == "discard 7H"
    assert read_line("discard a three of clubs", hand).move == "discard 3C"
    assert read_line("discard a black three", hand).move == "discard 3"
    assert move_words(Move.parse("discard 3"), [], advice=True) == ["discard a black three"]
    assert read_line("discard a joker", hand).move == "discard JK"
    assert read_line("meld two sevens with a two", hand).move == "meld 7 7 2"
    assert read_line("add a seven with a two to the sevens", hand).move == "add 7 2 to 7"
