"""The table screen as text: hand groups, melds and books, the pile's state, hidden hands, colour."""

from __future__ import annotations

import re

from hfcli.engine.cards import card
from hfcli.engine.game import Game
from hfcli.engine.melds import meld_of
from hfcli.engine.moves import parse_pick
from hfcli.engine.rules import preset
from hfcli.levels import make_player
from hfcli.text.notation import card_text, hand_text, meld_text, pick_text
from hfcli.text.scores import score_table
from hfcli.text.screen import pile_state, render_table, status_line

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def test_card_text_symbols_letters_and_colour() -> None:
    assert card_text(card("7H")) == "7♥"
    assert card_text(card("TS"), ascii=True) == "10S"
    assert card_text(card("JK")) == "JK"
    assert "\x1b[31m" in card_text(card("7D"), color=True)
    assert "\x1b[" not in card_text(card("7C"), color=True)  # black suits stay plain


def test_move_tokens_read_as_the_hand_writes_cards() -> None:
    picks = [parse_pick(t) for t in ("T", "9", "JK", "2", "TS", "7H")]
    assert [pick_text(p) for p in picks] == ["10", "9", "JK", "2", "10♠", "7♥"]
    assert pick_text(parse_pick("TD"), ascii=True) == "10D"


def test_hand_is_grouped_by_rank_in_display_order_with_counts() -> None:
    cards = [card(t) for t in ("4C", "KH", "JK", "KS", "2D", "AS", "3C")]
    text = hand_text(cards)
    assert text == "JK×1 JK │ A×1 A♠ │ K×2 K♥ K♠ │ 4×1 4♣ │ 3×1 3♣ │ 2×1 2♦"
    assert hand_text(cards, ascii=True).startswith("JKx1 JK | Ax1 AS | Kx2 KH KS")


def test_meld_text_says_kind_size_and_what_a_book_needs() -> None:
    dirty = meld_of([card(t) for t in ("9C", "9H", "2S")], 7)
    assert meld_text(dirty) == "9: 9♣ 9♥ 2♠ (3, dirty, 4 to book)"
    clean_book = meld_of([card("KH")] * 7, 7)
    assert meld_text(clean_book).endswith("(7, clean, book)")
    wild = meld_of([card("2C"), card("2D"), card("JK")], 7)
    assert meld_text(wild).startswith("wild:") and "wild, 4 to book" in meld_text(wild)


def test_pile_state_names_what_blocks_it() -> None:
    game = Game(preset("classic"), seed=7)
    game.pile.append(card("3S"))
    assert pile_state(game.view(0)) == "blocked: a three is on top"
    game.pile.append(card("2H"))
    assert "matching wild pair" in pile_state(game.view(0))
    eleven = Game(preset("eleven"), seed=7)
    eleven.pile.append(card("JK"))
    assert pile_state(eleven.view(0)) == "blocked: a wild card is on top"


def test_table_shows_every_seat_the_deal_and_the_hand() -> None:
    game = Game(preset("classic"), seed=7)
    view = game.view(0)
    text = render_table(view)
    assert "Deal 1 of 4  minimum first meld 50" in text
    for name in ("South", "West", "North", "East"):
        assert re.search(rf"{name}\s+hand 13  foot 13", text)
    assert f"Stock {view.stock_size}." in text
    assert f"Your hand ({len(view.hand)} cards):" in text
    # Seed 7 deals South 2D 2S 4C 6S 7C 7C 8D 9D JC KH KS QC TC (and a red three, laid).
    assert "K×2 K♥ K♠ │ Q×1 Q♣ │ J×1 J♣ │ 10×1 10♣ │ 9×1 9♦ │ 8×1 8♦ │ 7×2 7♣ 7♣ │ 6×1 6♠ │ 4×1 4♣ │ 2×2 2♦ 2♠" in text
    assert "red threes: 3♥" in text


def test_table_hides_other_hands_unless_given() -> None:
    game = Game(preset("classic"), seed=7)
    view = game.view(0)
    west = "A×1 A♦ │ K×3 K♣ K♦ K♥ │ 10×4 10♣ 10♣ 10♠ 10♠ │ 8×1 8♥ │ 6×1 6♦ │ 5×1 5♣ │ 4×1 4♦ │ 2×1 2♠"
    assert west not in render_table(view)
    hidden = {seat: tuple(game.hands[seat]) for seat in range(4)}
    assert west in render_table(view, hidden_hands=hidden)


def test_colour_only_when_asked() -> None:
    game = Game(preset("classic"), seed=7)
    plain = render_table(game.view(0))
    colored = render_table(game.view(0), color=True)
    assert "\x1b[" not in plain
    assert "\x1b[" in colored
    assert ANSI.sub("", colored) == plain


def test_status_line_and_score_table() -> None:
    game = Game(preset("classic"), seed=3)
    assert status_line(game.view(0)).startswith("your turn, draw | stock ")
    players = [make_player("random", 3, seat) for seat in range(4)]
    while not game.results:
        game.apply(players[game.to_move].choose(game.view(game.to_move)).move)
    result = game.results[0]
    table = score_table(result, game.seating.team_names)
    lines = table.split("\n")
    assert lines[0].split()[-2:] == ["NS", "EW"]
    total = next(line for line in lines if line.startswith("total"))
    assert total.split()[1:] == [str(t.total) for t in result.teams]
    assert len([line for line in lines[1:] if line[:1].isalpha()]) == 10  # 9 C-SCORE lines + total
