"""Going out and the end of a deal: C-OUT C-END, and V-OUT for eleven."""

from __future__ import annotations

from positions import assert_illegal, cards, legal_texts, position

from hfcli import rules
from hfcli.engine.game import Game
from hfcli.engine.rules import ELEVEN
from hfcli.levels import make_player
from hfcli.table.match import play_game

BOOKS = "NS melds: 9 9 9 9 9 9 9 / 8 8 8 8 8 8 8 / K K K K K 2 2 / Q Q Q Q Q 2 JK / 2 2 2 JK JK 2 2\nNS opened\n"
READY = "S hand: 4 4 4 5\nS foot: -\nN foot: -\n" + BOOKS + "turn: S meld\n"


def test_C_OUT_meld_all_but_one_and_discard_with_permission() -> None:
    g = position(READY)
    g.apply("ask")
    g.apply("yes")
    g.apply("meld 4 4 4")
    g.apply("discard 5")
    deal = g.results[0]
    assert deal.ended_by == "out" and deal.went_out == 0
    assert deal.teams[0].went_out and deal.teams[0].going_out_points == 100
    assert not deal.teams[1].went_out
    assert g.deal_index == 1  # the next deal started


def test_C_OUT_classic_never_by_melding_every_card() -> None:
    g = position(READY.replace("4 4 4 5", "4 4 4"))
    g.apply("ask")
    g.apply("yes")
    assert_illegal(g, "meld 4 4 4", "C-KEEP", "all but one")


def test_C_OUT_needs_the_books() -> None:
    short = READY.replace(" / 2 2 2 JK JK 2 2", "")  # no wild book
    g = position(short)
    g.apply("ask")
    g.apply("yes")
    assert_illegal(g, "meld 4 4 4", "C-KEEP", "2 clean, 2 dirty, 1 wild")


def test_C_OUT_books_are_an_option() -> None:
    house = rules.from_mapping({"wild_books_to_go_out": 0})
    g = position(READY.replace(" / 2 2 2 JK JK 2 2", ""), rules=house)
    g.apply("ask")
    g.apply("yes")
    g.apply("meld 4 4 4")
    g.apply("discard 5")
    assert g.results[0].ended_by == "out"


def test_C_OUT_a_book_completed_this_turn_counts() -> None:
    g = position(READY.replace(" / 2 2 2 JK JK 2 2", " / 2 2 2 JK JK 2").replace("4 4 4 5", "4 4 4 2 5"))
    g.apply("ask")
    g.apply("yes")
    g.apply("meld 4 4 4")
    # 2 cards left: the wild book is completed by the next add, which leaves one card to discard
    g.apply("add 2 to wild")
    g.apply("discard 5")
    assert g.results[0].went_out == 0


def test_C_OUT_partner_must_be_in_the_foot() -> None:
    g = position(READY.replace("N foot: -", "N foot: 6 6"))
    assert_illegal(g, "ask", "C-OUT", "partner has not picked up")
    assert "ask" not in legal_texts(g)


def test_C_OUT_only_a_player_in_the_foot_asks() -> None:
    g = position(READY.replace("S foot: -", "S foot: 6 6"))
    assert_illegal(g, "ask", "C-OUT", "from their foot")


def test_C_OUT_permission_is_needed_and_no_keeps_you_in() -> None:
    g = position(READY)
    assert_illegal(g, "meld 4 4 4", "C-KEEP", "ask")
    g.apply("ask")
    assert g.to_move == 2 and g.phase == "answer"
    assert_illegal(g, "meld 4 4 4", "C-OUT", "answer")
    g.apply("no")
    assert g.to_move == 0 and g.phase == "meld" and g.turn.permission is False
    assert_illegal(g, "meld 4 4 4", "C-KEEP", "said no")


def test_C_OUT_ask_once_per_turn_before_the_discard_also_in_the_draw_phase() -> None:
    g = position(READY.replace("turn: S meld", "turn: S draw"))
    assert "ask" in legal_texts(g)
    g.apply("ask")
    g.apply("yes")
    assert g.phase == "draw" and g.to_move == 0
    assert_illegal(g, "ask", "C-OUT", "already asked")
    assert_illegal(g, "yes", "C-OUT", "nobody has asked")


def test_C_OUT_yes_does_not_oblige() -> None:
    g = position(READY.replace("4 4 4 5", "4 4 4 5 6"))
    g.apply("ask")
    g.apply("yes")
    g.apply("discard 6")
    assert g.results == [] and g.to_move == 1


def test_C_OUT_the_answer_is_in_the_record() -> None:
    g = position(READY)
    g.apply("ask")
    g.apply("yes")
    moves = [(e.seat, str(e.move)) for e in g.public_events if e.kind == "move"]
    assert moves[-2:] == [(0, "ask"), (2, "yes")]


def test_V_OUT_no_permission_partner_not_in_foot_needs_one_clean_one_dirty() -> None:
    books = "NS melds: 9 9 9 9 9 9 9 / K K K K K 2 2\nNS opened\n"
    g = position("S hand: 4 4 4\nS foot: -\nN foot: 6 6\n" + books + "turn: S meld", rules=ELEVEN)
    assert_illegal(g, "ask", "V-OUT")
    g.apply("meld 4 4 4")  # melding every card is going out
    deal = g.results[0]
    assert deal.ended_by == "out" and deal.went_out == 0 and deal.teams[0].going_out_points == 100
    # ... or by melding all but one and discarding it
    g = position("S hand: 4 4 4 5\nS foot: -\nN foot: 6 6\n" + books + "turn: S meld", rules=ELEVEN)
    g.apply("meld 4 4 4")
    g.apply("discard 5")
    assert g.results[0].went_out == 0


def test_V_OUT_without_the_books_refused() -> None:
    books = "NS melds: 9 9 9 9 9 9 9 / K K K K K K K\nNS opened\n"
    g = position("S hand: 4 4 4\nS foot: -\n" + books + "turn: S meld", rules=ELEVEN)
    assert_illegal(g, "meld 4 4 4", "C-KEEP", "1 clean, 1 dirty")


# ---------------------------------------------------------------- C-END

def test_C_END_stock_empty_and_pile_not_takeable_ends_the_deal() -> None:
    g = position("S hand: 9 5\nW hand: K 4\nstock: 7\npile: 6\n" + "NS opened\nEW opened\nturn: S draw")
    g.apply("draw")
    g.apply("discard 5")  # West finds the stock empty and cannot take the 5
    deal = g.results[0]
    assert deal.ended_by == "stock" and deal.went_out is None
    assert all(not t.went_out and t.going_out_points == 0 for t in deal.teams)
    assert g.deal_index == 1


def test_C_END_stock_empty_with_a_takeable_pile_choose_pickup_or_end() -> None:
    g = position("S hand: 9 5\nW hand: 5 5 K 4\nstock: 7\npile: 6\n" + "NS opened\nEW opened\nturn: S draw")
    g.apply("draw")
    g.apply("discard 5")
    assert g.to_move == 1 and legal_texts(g) == ["pickup", "end"]
    assert_illegal(g, "draw", "C-END", "stock is empty")
    g2 = g.clone()
    g2.apply("end")
    assert g2.results[0].ended_by == "stock"
    g.apply("pickup")
    assert g.results == [] and g.phase == "meld"


def test_C_END_end_only_with_an_empty_stock() -> None:
    g = position("S hand: 9 5\n")
    assert_illegal(g, "end", "C-END")


def test_C_END_going_out_ends_the_deal_at_once() -> None:
    g = position(READY)
    g.apply("ask")
    g.apply("yes")
    g.apply("meld 4 4 4")
    events = g.apply("discard 5")
    kinds = [e.kind for e in events]
    assert kinds.index("out") < kinds.index("deal_end") < kinds.index("deal")


def test_C_END_a_foot_player_stranded_with_one_card_by_an_empty_stock_ends_the_deal() -> None:
    # The drawn red three cannot be replaced; one card is left, and C-KEEP forbids discarding it.
    g = position("S hand: 5\nS foot: -\nN foot: 4 4\nstock: 3H\nNS opened\nturn: S draw")
    g.apply("draw")
    deal = g.results[0]
    assert deal.ended_by == "stock" and deal.teams[0].red_threes == 1 and deal.teams[0].hand_points == -5


def test_C_END_stranded_after_asking_ends_the_deal_at_the_answer() -> None:
    g = position("S hand: 5\nS foot: -\nN foot: -\nstock: 3H\nNS opened\nturn: S draw")
    g.apply("draw")
    assert g.results == [] and legal_texts(g) == ["ask"]
    g.apply("ask")
    g.apply("no")
    assert g.results[0].ended_by == "stock"


def test_C_END_a_foot_picked_up_by_melding_that_leaves_one_card_it_may_not_discard_ends_the_deal() -> None:
    # The stock is empty, so the foot's red threes are laid unreplaced (C-RED3): South holds KC
    # alone, may not go out (North holds a foot; no books) and so may not discard it (C-KEEP).
    game = position("S hand: 2S 4C 4S\nS foot: 3H KC 3D\nNS opened\nstock:\nturn: S meld")
    kinds = [e.kind for e in game.apply("meld 4 4 2")]
    # (the next deal's own events follow)
    assert kinds[: kinds.index("deal_end") + 1] == ["move", "foot", "red3", "red3", "deal_end"]
    result = game.results[0]
    assert result.ended_by == "stock" and result.went_out is None
    assert result.teams[0].red_threes == 2 and result.teams[0].hand_points == -10  # the king of clubs
    assert game.deal_index == 1


ONE_CARD_FOOT = rules.from_mapping({"foot_size": 1})


def test_C_KEEP_a_one_card_foot_is_not_reached_by_melding_when_its_card_could_not_be_discarded() -> None:
    # Picked up now, the foot's king would be South's only card: too few to meld, and discarding
    # it would be going out, which South may not (no books; North holds a foot).
    game = position("S hand: 9C\nS foot: KC\nNS melds: 9 9 9\nNS opened\nturn: S meld", ONE_CARD_FOOT)
    assert legal_texts(game) == ["discard 9"]
    assert_illegal(game, "add 9", "C-KEEP", "your foot holds 1 card", "discard it to reach your foot")
    game.apply("discard 9")
    assert game.feet[0] is None and game.hands[0] == cards("KC")


def test_C_KEEP_a_pickup_that_would_meld_the_whole_hand_into_a_one_card_foot_is_refused() -> None:
    game = position("S hand: 9C 9D\nS foot: KC\npile: 9H\nNS opened\nturn: S draw", ONE_CARD_FOOT)
    assert legal_texts(game) == ["draw"]
    assert_illegal(game, "pickup", "C-KEEP", "your foot holds 1 card")
    # A pile of two leaves a card in the hand to discard: it may be taken as before.
    game = position("S hand: 9C 9D\nS foot: KC\npile: 4C 9H\nNS opened\nturn: S draw", ONE_CARD_FOOT)
    assert legal_texts(game) == ["draw", "pickup"]


def test_C_KEEP_a_one_card_foot_is_reached_by_melding_when_its_card_may_go_out() -> None:
    # No permission is needed, no books, and North is in the foot: the king may be discarded to go out.
    free = ONE_CARD_FOOT.replace(going_out_needs_permission=False, clean_books_to_go_out=0,
                                 dirty_books_to_go_out=0, wild_books_to_go_out=0)
    game = position("S hand: 9C\nS foot: KC\nN foot: -\nNS melds: 9 9 9\nNS opened\nturn: S meld", free)
    game.apply("add 9")
    assert game.hands[0] == cards("KC") and legal_texts(game) == ["discard K"]
    game.apply("discard K")
    assert game.results[0].went_out == 0


def test_C_KEEP_games_with_one_card_feet_play_to_the_end() -> None:
    game = Game(ONE_CARD_FOOT, seed=1)
    play_game(game, [make_player("normal", 1, seat) for seat in game.seating.seats], max_moves=20_000)
    assert game.is_over and game.card_total() == 270
