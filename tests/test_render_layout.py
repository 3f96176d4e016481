"""The table fits the terminal it is drawn in: the full table where there is room, the compact one in
a short terminal; hand lines break between cards, never inside one."""

from __future__ import annotations

import re
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from test_repl_support import make_session

from hfcli.engine.cards import ALL_CARDS, parse_cards, sort_for_display
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.engine.view import SeatView
from hfcli.levels import make_player
from hfcli.repl.session import LINES_UNDER_TABLE
from hfcli.text.layout import visible_len
from hfcli.text.notation import card_text, hand_lines, hand_text
from hfcli.text.screen import render_table, status_line


def full_table(view: SeatView, width: int | None = None) -> list[str]:
    return render_table(view, layout="full", width=width).split("\n")


def compact_table(view: SeatView, width: int | None = None) -> list[str]:
    return render_table(view, layout="compact", width=width).split("\n")


def played(moves: int, seed: int = 7, rules: str = "classic") -> Game:
    game = Game(preset(rules), seed=seed)
    players = [make_player("normal", seed, seat) for seat in range(4)]
    for _ in range(moves):
        game.apply(players[game.to_move].choose(game.view(game.to_move)).move)
    return game


def every_fact_of_the_compact_table_is_there(view: SeatView, text: str) -> None:
    for seat in range(4):
        where = "in foot" if view.in_foot[seat] else f"foot {view.foot_sizes[seat]}"
        assert re.search(rf"{view.seating.long_names[seat]} {view.hand_sizes[seat]}, {where}", text)
    for team in (0, 1):
        for meld in view.melds[team]:
            if not meld.is_book:
                assert re.search(rf"\b{meld.token.replace('T', '10')}×{len(meld.cards)}\b", text)
    assert text.count("books clean") == 2
    assert f"Pile: {card_text(view.pile_top)}" in text if view.pile_top else "Pile: empty" in text
    assert f"Deal {view.deal_index + 1} of 4" in text and f"stock {view.stock_size}" in text


def test_a_short_terminal_gets_the_compact_table_with_every_count() -> None:
    game = played(200)  # deal 1 well on: both sides have melds and books, some seats in their feet
    view = game.view(0)
    assert len(full_table(view, width=80)) > 24 - LINES_UNDER_TABLE
    text = render_table(view, width=80, height=24 - LINES_UNDER_TABLE)
    lines = text.split("\n")
    assert lines == compact_table(view, width=80)
    assert len(lines) <= 14 and all(visible_len(line) <= 80 for line in lines)
    every_fact_of_the_compact_table_is_there(view, text)
    assert " ".join(card_text(c) for c in sort_for_display(view.hand)) in " ".join(
        re.sub(r"\S+×\d+ ?|│ ?", "", line.split(": ", 1)[-1]).strip() for line in lines if "×" in line
        and not line.startswith("  melds"))


def test_a_tall_terminal_gets_the_full_table() -> None:
    view = played(60).view(0)
    text = render_table(view, width=120, height=40 - LINES_UNDER_TABLE)
    assert text.split("\n") == full_table(view, width=120)
    assert "Dealer East." in text and "South              hand" in text and "(4, clean, 3 to book)" in text


def test_the_compact_table_says_when_a_side_has_not_melded_and_the_eleven_rules_have_no_wild_books() -> None:
    view = played(0, rules="eleven").view(0)
    text = "\n".join(compact_table(view, width=80))
    assert text.count("not yet melded this deal; books clean 0, dirty 0") == 2
    assert "wild 0" not in text
    assert "wild 0" not in "\n".join(full_table(view))
    assert "wild 0" in "\n".join(full_table(played(0).view(0)))


def test_hand_lines_break_between_ranks_then_between_cards() -> None:
    hand = parse_cards("AS AH AD KH KS QC QD JC TC TD TH 9D 8D 7C 7C 7S 5C 5H 3C 2D 2S JK JK")
    lines = hand_lines(hand, width=40, lead="Your hand (23): ")
    assert lines == [
        "Your hand (23): JK×2 JK JK",
        "  A×3 A♦ A♥ A♠ │ K×2 K♥ K♠ │ Q×2 Q♣ Q♦",
        "  J×1 J♣ │ 10×3 10♣ 10♦ 10♥ │ 9×1 9♦",
        "  8×1 8♦ │ 7×3 7♣ 7♣ 7♠ │ 5×2 5♣ 5♥",
        "  3×1 3♣ │ 2×2 2♦ 2♠",
    ]
    assert hand_lines(parse_cards("TC TD TH TS TC TD"), width=14) == ["10×6 10♣ 10♣", "  10♦ 10♦ 10♥", "  10♠"]


@settings(max_examples=200, deadline=None)
@given(cards=st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=40), width=st.integers(12, 130),
       color=st.booleans())
def test_a_wrapped_hand_keeps_every_card_whole_and_in_order(cards: list, width: int, color: bool) -> None:
    lines = hand_lines(cards, width=width, lead="Your hand: ", color=color)
    assert all(visible_len(line) <= width for line in lines)
    words = " ".join(lines)[len("Your hand: "):].split()
    # The same words in the same order; a bar between two ranks goes where the line breaks.
    assert [w for w in words if w != "│"] == [w for w in hand_text(cards, color=color).split() if w != "│"]


def test_status_line_carries_the_rules_when_there_is_room() -> None:
    view = played(0).view(0)
    assert status_line(view).endswith("| NS 0  EW 0 | classic rules")
    assert "first meld 50" in status_line(view, width=70)
    assert len(status_line(view, width=70)) <= 70 and "classic" not in status_line(view, width=70)


def test_the_session_draws_the_table_for_its_terminal() -> None:
    session, out = make_session(seed=7)
    session.display = replace(session.display, size=lambda: (80, 24))
    session.start()
    top = next(i for i, line in enumerate(out.lines) if line.startswith("Deal 1 of 4, dealt by East"))
    turn = next(i for i, line in enumerate(out.lines) if line.startswith("Your turn: "))
    assert turn - top + 1 <= 24 - 2  # the header is still on screen above the prompt and the status bar
    assert all(visible_len(line) <= 80 for line in out.lines)
    out.clear()
    session.handle("table full")
    assert "Dealer East." in out.text and all(visible_len(line) <= 80 for line in out.lines)
    session.display = replace(session.display, size=lambda: (120, 50))
    out.clear()
    session.handle("table")
    assert "Dealer East." in out.text
