"""A turn: C-RED3 C-DRAW C-PILE C-BLACK3 C-MELDING C-DISCARD C-FOOT C-KEEP."""

from __future__ import annotations

import pytest
from positions import assert_illegal, cards, crafted_shoe, legal_texts, natural_filler, position

from hfcli import rules
from hfcli.engine.cards import card
from hfcli.engine.game import Game
from hfcli.engine.rules import CLASSIC, ELEVEN
from hfcli.transcript.digest import digest

OPEN = "NS opened\n"


def _texts(cs: list) -> list[str]:
    return sorted(c.text for c in cs)


# ---------------------------------------------------------------- C-RED3

def test_C_RED3_drawn_red_three_is_laid_and_replaced() -> None:
    g = position("S hand: 9 4\nstock: 3H 7 8 K\n" + OPEN)
    g.apply("draw")
    assert g.teams[0].red_threes == [card("3H")]
    assert _texts(g.hands[0]) == _texts(cards("9 4 7 8"))
    assert g.stock == [card("KC")]


def test_C_RED3_a_red_three_replacement_is_handled_the_same_way() -> None:
    g = position("S hand: 9 4\nstock: 3H 7 3D 8 K\n" + OPEN)
    g.apply("draw")
    assert g.teams[0].red_threes == [card("3H"), card("3D")]
    assert _texts(g.hands[0]) == _texts(cards("9 4 7 8"))


def test_C_RED3_no_replacement_from_an_empty_stock() -> None:
    g = position("S hand: 9 4\nstock: 7 3H\n" + OPEN)
    g.apply("draw")
    assert g.teams[0].red_threes == [card("3H")]
    assert _texts(g.hands[0]) == _texts(cards("9 4 7"))
    assert g.card_total() == 1 + 3 + 1  # pile, hand with the drawn 7, and the laid 3H


def test_C_RED3_dealt_red_threes_laid_and_replaced_seat_by_seat() -> None:
    top = natural_filler(104 + 1)
    top[0] = card("3H")  # South's first card
    top[13] = card("3D")  # West's first card
    shoe = crafted_shoe([*top, card("KS"), card("QS")], CLASSIC)
    g = Game(CLASSIC, shoes=[shoe] * 4)
    assert g.teams[0].red_threes == [card("3H")] and g.teams[1].red_threes == [card("3D")]
    # From the first player: South takes the top stock card, then West the next.
    assert card("KS") in g.hands[0] and card("QS") in g.hands[1]
    assert [len(h) for h in g.hands] == [13] * 4
    assert g.card_total() == 270


def test_C_RED3_found_in_the_foot_is_laid_and_replaced() -> None:
    g = position("S hand: 9 9 9 4\nS foot: 3D 5 6\nstock: 8 K Q\n" + OPEN + "turn: S meld")
    g.apply("meld 9 9 9")
    g.apply("discard 4")  # C-FOOT (b): foot picked up now
    assert g.feet[0] is None
    assert g.teams[0].red_threes == [card("3D")]
    assert _texts(g.hands[0]) == _texts(cards("5 6 8"))  # the stock's top card replaced it


# ---------------------------------------------------------------- C-DRAW

def test_C_DRAW_draw_two_from_the_stock() -> None:
    g = position("S hand: 9 4\nstock: 7 8 K\n" + OPEN)
    assert legal_texts(g) == ["draw"]
    g.apply("draw")
    assert _texts(g.hands[0]) == _texts(cards("9 4 7 8")) and g.phase == "meld"


def test_C_DRAW_as_many_as_are_left() -> None:
    g = position("S hand: 9 4\nstock: 7\n" + OPEN)
    g.apply("draw")
    assert _texts(g.hands[0]) == _texts(cards("9 4 7")) and g.stock == []


def test_C_DRAW_never_both_and_nothing_before_drawing() -> None:
    g = position("S hand: 8 8 9 9 9 4\npile: 5 8\n" + OPEN)
    assert_illegal(g, "meld 9 9 9", "C-DRAW")
    assert_illegal(g, "discard 4", "C-DRAW")
    g.apply("draw")
    assert_illegal(g, "pickup", "C-DRAW")
    assert_illegal(g, "draw", "C-DRAW")


# ---------------------------------------------------------------- C-PILE / C-BLACK3

def test_C_PILE_takes_top_seven_melds_top_with_pair_rest_to_hand() -> None:
    g = position("S hand: 8 8 4 5\npile: A A A K Q J T 9 6 8D\n" + OPEN)
    g.apply("pickup")
    melds = g.teams[0].melds
    assert len(melds) == 1 and _texts(melds[0].cards) == _texts(cards("8 8 8D"))
    assert _texts(g.hands[0]) == _texts(cards("4 5 K Q J T 9 6"))
    assert g.pile == cards("A A A")
    assert g.phase == "meld"


def test_C_PILE_takes_all_when_fewer_than_seven() -> None:
    g = position("S hand: 8 8 4 5\npile: K 8\n" + OPEN)
    g.apply("pickup")
    assert g.pile == [] and _texts(g.hands[0]) == _texts(cards("4 5 K"))


def test_C_PILE_needs_two_naturals_of_the_top_rank() -> None:
    g = position("S hand: 8 2 4 5\npile: K 8\n" + OPEN)
    assert_illegal(g, "pickup", "C-PILE", "two natural")
    assert legal_texts(g) == ["draw"]


def test_C_PILE_black_three_on_top_blocks() -> None:
    g = position("S hand: 3 3 4 5\npile: K 3S\n" + OPEN)
    assert_illegal(g, "pickup", "C-PILE", "black three")


def test_C_BLACK3_black_three_blocks_only_the_next_player_once_covered() -> None:
    g = position("S hand: 9 9 3S 4\nW hand: 9 9 5\npile: 9\nstock: 6 7 8 T\n" + OPEN + "EW opened\nturn: S meld")
    g.apply("discard 3S")
    assert_illegal(g, "pickup", "C-PILE")  # West may not take it
    g.apply("draw")
    g.apply("discard 5")
    assert g.pile[-1] == card("5C")  # the three is now covered


def test_C_BLACK3_can_be_discarded_never_melded() -> None:
    g = position("S hand: 3 3 3S 4 5\n" + OPEN + "turn: S meld")
    assert "discard 3" in legal_texts(g)
    assert_illegal(g, "meld 3 3 3S", "C-BLACK3")
    g.apply("discard 3S")
    assert g.pile[-1] == card("3S")


def test_C_PILE_wild_top_needs_matching_wild_pair_as_wild_meld() -> None:
    g = position("S hand: 2 JK 4 5\npile: K 2D\n" + OPEN)
    assert_illegal(g, "pickup", "C-PILE", "two twos")
    g = position("S hand: JK JK 2 4 5\npile: K 2D\n" + OPEN)
    assert_illegal(g, "pickup", "C-PILE", "two twos")
    g = position("S hand: 2 2 JK 4 5\npile: K 2D\n" + OPEN)
    g.apply("pickup")
    assert g.teams[0].melds[0].kind == "wild" and len(g.teams[0].melds[0].cards) == 3
    g = position("S hand: JK JK 4 5\npile: K JK\n" + OPEN)
    g.apply("pickup")
    assert [c.text for c in g.teams[0].melds[0].cards] == ["JK"] * 3


def test_C_PILE_onto_the_open_meld_of_that_rank() -> None:
    g = position("S hand: 8 8 4 5\npile: K 8\nNS melds: 8 8 8\n" + OPEN)
    g.apply("pickup")
    assert len(g.teams[0].melds) == 1 and len(g.teams[0].melds[0].cards) == 6


def test_C_PILE_result_must_fit_in_seven_cards() -> None:
    g = position("S hand: 8 8 4 5\npile: K 8\nNS melds: 8 8 8 8 8\n" + OPEN)
    assert_illegal(g, "pickup", "C-PILE", "at most 7")


def test_C_PILE_open_meld_ratio_is_kept() -> None:
    # The pile's top card and pair are naturals, so the meld's ratio only improves.
    g = position("S hand: 8 8 4 5\npile: K 8\nNS melds: 8 8 2\n" + OPEN)
    g.apply("pickup")
    assert g.teams[0].melds[0].wilds == 1 and len(g.teams[0].melds[0].cards) == 6


def test_C_PILE_unopened_partnership_must_reach_the_minimum_from_top_and_hand() -> None:
    # 8 8 8 is 30; the minimum of deal 1 is 50.
    g = position("S hand: 8 8 4 5\npile: K A A 8\n")
    assert_illegal(g, "pickup", "C-MIN", "50")
    # With a joker to add, 80 is within reach.
    g = position("S hand: 8 8 JK 4 5\npile: K A A 8\n")
    g.apply("pickup")
    assert g.turn.opening_value == 30
    # The aces taken from the pile do not count toward the minimum (C-MELDING).
    g2 = position("S hand: 8 8 A 4 5\npile: A A K 8\n")
    assert_illegal(g2, "pickup", "C-MIN")


# ---------------------------------------------------------------- C-MELDING

def test_C_MELDING_first_meld_total_over_several_melds_with_wilds() -> None:
    g = position("S hand: 9 9 9 4 4 2 K 5\nturn: S meld")
    g.apply("meld 9 9 9")  # 30
    assert_illegal(g, "discard K", "C-MIN", "50", "30")
    g.apply("meld 4 4 2")  # 10 + 20
    assert g.turn.opening_value == 60
    g.apply("discard K")
    assert g.teams[0].opened


def test_C_MELDING_red_threes_and_book_bonuses_do_not_count() -> None:
    g = position("S hand: 4 4 4 4 4 4 4 K 5\nNS red3: 3H 3D\nturn: S meld")
    g.apply("meld 4 4 4 4 4 4 4")  # a clean book: 35 in cards, its 500 bonus does not count
    assert g.turn.opening_value == 35
    assert_illegal(g, "discard K", "C-MIN")


def test_C_MELDING_undo_takes_back_this_turns_melds() -> None:
    g = position("S hand: 9 9 9 K 5\nturn: S meld")
    before = g.clone()
    g.apply("meld 9 9 9")
    g.apply("undo")
    assert g == before
    assert_illegal(g, "undo", "C-MELDING")


def test_C_MELDING_undo_restores_melds_added_to_and_digest() -> None:
    g = position("S hand: 9 2 K K K 4 5 6\nNS melds: 9 9 9 / Q Q Q Q Q Q Q\nNS opened\nturn: S meld")
    before, fingerprint = g.clone(), digest(g)
    g.apply("add 9 2 to 9")
    g.apply("meld K K K")
    assert digest(g) != fingerprint
    g.apply("undo")
    assert g == before and digest(g) == fingerprint
    assert [m.kind for m in g.teams[0].melds] == ["clean", "clean"]
    g.apply("add 2 to 9")  # the same cards can be played again after undo
    assert g.teams[0].melds[0].wilds == 1


@pytest.mark.parametrize(
    ("move", "message"),
    [("meld K K K", "you hold no kings"),
     ("meld 8 8 8", "'8 8 8' needs 3 eights; you hold 2"),
     ("meld 8 8 2, 8 8 JK", "'8 8 JK' needs 2 eights; you hold 2, and this move's other melds use 2")],
)
def test_C_MELDING_naming_more_cards_than_held(move: str, message: str) -> None:
    g = position("S hand: 8 8 2 JK 4 5 6\nturn: S meld")
    assert_illegal(g, move, "C-MELDING", message)


def test_C_MELDING_pile_cards_do_not_count_only_top_and_hand() -> None:
    g = position("S hand: 8 8 JK 4 5\npile: A A K 8\n")
    g.apply("pickup")  # 8 8 8 = 30 counts
    g.apply("meld A A JK")  # the aces came from the pile: only the joker counts
    assert g.turn.opening_value == 80
    g.apply("discard K")
    assert g.teams[0].opened


def test_C_MELDING_any_number_after_the_first_meld() -> None:
    g = position("S hand: 9 9 9 K K K 4 4 4 5\n" + OPEN + "turn: S meld")
    g.apply("meld 9 9 9, K K K")
    g.apply("meld 4 4 4")
    g.apply("discard 5")
    assert len(g.teams[0].melds) == 3


# ---------------------------------------------------------------- C-DISCARD

def test_C_DISCARD_any_card_ends_the_turn() -> None:
    for token in ("2", "JK", "3", "K"):
        g = position(f"S hand: 9 5 {token}\n" + OPEN + "turn: S meld")
        g.apply(f"discard {token}")
        assert g.to_move == 1 and g.phase == "draw" and g.pile[-1].text.startswith(token[:1])


def test_C_DISCARD_only_a_card_you_hold() -> None:
    g = position("S hand: 9 5\n" + OPEN + "turn: S meld")
    assert_illegal(g, "discard K", "C-DISCARD")
    assert_illegal(g, "discard 9H", "C-DISCARD", "9H")
    g.apply("discard 9C")


# ---------------------------------------------------------------- C-FOOT

def test_C_FOOT_a_melding_the_last_card_picks_up_the_foot_and_goes_on() -> None:
    g = position("S hand: 9 9 9\nS foot: K Q J 4\n" + OPEN + "turn: S meld")
    g.apply("meld 9 9 9")
    assert g.feet[0] is None and g.phase == "meld" and g.to_move == 0
    assert _texts(g.hands[0]) == _texts(cards("K Q J 4"))
    g.apply("discard 4")
    assert g.to_move == 1


def test_C_FOOT_b_discarding_the_last_card_picks_up_the_foot_for_next_turn() -> None:
    g = position("S hand: 2\nS foot: K Q J 4\n" + OPEN + "turn: S meld")
    g.apply("discard 2")  # a wild: no penalty
    assert g.feet[0] is None and g.to_move == 1
    assert _texts(g.hands[0]) == _texts(cards("K Q J 4"))


def test_C_FOOT_reaching_the_foot_before_the_first_meld_minimum_is_refused() -> None:
    g = position("S hand: 9 9 9\nS foot: K K K 4\nturn: S meld")
    assert_illegal(g, "meld 9 9 9", "C-MIN", "before you reach your foot")
    g = position("S hand: 9 9 9 JK\nS foot: K K K 4 5\nturn: S meld")
    g.apply("meld 9 9 9 JK")  # 80 reaches 50: the foot is picked up and its cards count too
    g.apply("meld K K K")
    assert g.turn.opening_value == 110 and g.feet[0] is None
    g.apply("discard 4")
    assert g.teams[0].opened


# ---------------------------------------------------------------- C-KEEP

FOOT_BOOKS = "NS melds: 9 9 9 9 9 9 9 / 8 8 8 8 8 8 8 / K K K K K 2 2 / Q Q Q Q Q 2 JK / 2 2 2 JK JK 2 2\n"


def test_C_KEEP_in_the_foot_keep_two_cards_without_permission_to_go_out() -> None:
    g = position("S hand: 4 4 4 5\nS foot: -\nN foot: -\n" + FOOT_BOOKS + OPEN + "turn: S meld")
    assert_illegal(g, "meld 4 4 4", "C-KEEP", "ask")
    assert "meld 4 4 4" not in legal_texts(g)
    g2 = position("S hand: 4 4 4 5 6\nS foot: -\nN foot: -\n" + FOOT_BOOKS + OPEN + "turn: S meld")
    g2.apply("meld 4 4 4")


def test_C_KEEP_refused_player_keeps_two_cards() -> None:
    g = position("S hand: 4 4 4 5\nS foot: -\nN foot: -\n" + FOOT_BOOKS + OPEN + "turn: S meld")
    g.apply("ask")
    assert g.to_move == 2 and legal_texts(g) == ["yes", "no"]
    g.apply("no")
    assert_illegal(g, "meld 4 4 4", "C-KEEP", "said no")
    assert_illegal(g, "ask", "C-OUT", "already asked")


def test_C_KEEP_discarding_the_last_card_without_going_out_is_refused() -> None:
    g = position("S hand: 5\nS foot: -\nN foot: 4 4\n" + FOOT_BOOKS + OPEN + "turn: S meld")
    assert_illegal(g, "discard 5", "C-KEEP", "partner")


def test_C_KEEP_pickup_that_would_empty_the_hand_is_refused() -> None:
    g = position("S hand: 8 8\nS foot: -\nN foot: 4\npile: 8\nNS melds: 4 4 4\n" + OPEN)
    assert_illegal(g, "pickup", "C-KEEP")


def test_C_KEEP_eleven_melding_everything_needs_permission_to_go_out_books() -> None:
    g = position("S hand: 4 4 4\nS foot: -\n" + OPEN + "turn: S meld", rules=ELEVEN)
    assert_illegal(g, "meld 4 4 4", "C-KEEP", "1 clean")


def test_C_PILE_a_wild_top_card_is_taken_before_the_first_meld_only_if_its_own_pair_reaches_the_minimum() -> None:
    """C-PILE, C-MIN: the pile topped by 2D is melded with the hand's two twos; the joker beside
    them cannot join a wild meld of three when a book holds three cards, so the most the side
    could lay is 60 of the 80 needed, and taking the pile would leave a turn that could never end
    (no discard under the minimum, no taking the pickup back)."""
    three = rules.from_mapping({"book_size": 3, "meld_minimums": [80]})
    game = position("S hand: 2C 2H JK 4C 9D\npile: 2D\nturn: S draw", three)
    assert_illegal(game, "pickup", "C-MIN", "the most you could lay is 60")
    # In books of four the joker joins the twos: 110.
    four = rules.from_mapping({"book_size": 4, "meld_minimums": [80]})
    game = position("S hand: 2C 2H JK 4C 9D\npile: 2D\nturn: S draw", four)
    game.apply("pickup")
    game.apply("add JK to wild")
    assert game.is_legal("discard 4")
