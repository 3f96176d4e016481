"""Rules of seats, cards and the deal: C-SEAT C-DECK C-WILD C-VALUE C-DEAL C-UPCARD C-DEALS C-MIN
and where the eleven preset differs (V-DECK V-DEAL V-VALUE V-UPCARD)."""

from __future__ import annotations

from collections import Counter

import pytest
from positions import assert_illegal, cards, crafted_shoe, dealt_order, natural_filler, position

from hfcli import rules
from hfcli.engine.cards import ALL_CARDS, DISPLAY_ORDER, JOKER, RANK_TOKENS, card, new_shoe, sort_for_display
from hfcli.engine.errors import RulesError
from hfcli.engine.game import Game
from hfcli.engine.rules import CLASSIC, ELEVEN
from hfcli.engine.scoring import cards_value


def test_C_SEAT_partners_sit_opposite_and_share_the_table() -> None:
    game = Game(CLASSIC, seed=1)
    s = game.seating
    assert s.names == ("S", "W", "N", "E")
    assert [s.team_of[i] for i in range(4)] == [0, 1, 0, 1]
    assert s.partners(0) == (2,) and s.partners(1) == (3,)
    assert [s.next_seat(i) for i in range(4)] == [1, 2, 3, 0]
    # A meld laid by North is South's partnership's meld: South may add to it (C-TEAMMELD too).
    g = position("S hand: 9 4 5 6\nNS melds: 9 9 9\nNS opened\nturn: S meld")
    g.apply("add 9")
    assert len(g.teams[0].melds[0].cards) == 4 and g.teams[1].melds == []


@pytest.mark.parametrize("preset", ["classic", "eleven"])
def test_C_DECK_five_decks_of_54_every_card_accounted(preset: str) -> None:
    game = Game(rules.preset(preset), seed=3)
    shoe = game.shoes[0]
    assert len(shoe) == 270 == game.card_total()
    counts = Counter(shoe)
    assert counts[card("JK")] == 10
    assert all(counts[c] == 5 for c in ALL_CARDS if c.rank != JOKER)


def test_V_DECK_eleven_allows_six_decks() -> None:
    six = rules.from_mapping({"preset": "eleven", "decks": 6})
    game = Game(six, seed=2)
    assert len(game.shoes[0]) == 324 == game.card_total()
    assert six.hand_size == 11


def test_C_WILD_twos_and_jokers_are_wild_threes_are_not_natural() -> None:
    wild = {c.text[:-1] if c.rank != JOKER else "JK" for c in ALL_CARDS if c.is_wild}
    assert wild == {"2", "JK"}
    naturals = {RANK_TOKENS[c.rank] for c in ALL_CARDS if c.is_natural}
    assert naturals == set("456789TJQKA")
    assert card("3H").is_red_three and card("3D").is_red_three
    assert card("3S").is_black_three and card("3C").is_black_three
    shown = sort_for_display(cards("2 3 4 5 6 7 8 9 T J Q K A"))
    assert [c.text[0] for c in shown] == list("AKQJT98765432")
    assert DISPLAY_ORDER[0] == JOKER


@pytest.mark.parametrize("preset", [CLASSIC, ELEVEN])
def test_C_VALUE_and_V_VALUE_card_values(preset: rules.Rules) -> None:
    expected = {"JK": 50, "2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "T": 10, "9": 10, "8": 10,
                "7": 5, "6": 5, "5": 5, "4": 5, "3S": 5, "3C": 5, "3H": 0, "3D": 0}
    for token, value in expected.items():
        assert cards_value(cards(token), preset) == value, token
    assert preset.rank_values[0] == 5


def test_C_VALUE_values_are_options() -> None:
    house = rules.from_mapping({"joker_value": 100, "ace_value": 15})
    assert cards_value(cards("JK A"), house) == 115


def _deal_slices(game: Game) -> tuple[list[list[str]], list[list[str]]]:
    r = game.rules
    shoe = [c.text for c in game.shoes[0]]
    hands = [shoe[i * r.hand_size:(i + 1) * r.hand_size] for i in range(4)]
    base = 4 * r.hand_size
    feet = [shoe[base + i * r.foot_size: base + (i + 1) * r.foot_size] for i in range(4)]
    return hands, feet


@pytest.mark.parametrize(("preset", "size"), [(CLASSIC, 13), (ELEVEN, 11)])
def test_C_DEAL_and_V_DEAL_hand_and_foot_sizes_from_the_shoe(preset: rules.Rules, size: int) -> None:
    # A shoe with no threes up front, so no red three is replaced and hands are the shoe's slices.
    shoe = crafted_shoe(natural_filler(dealt_order(preset) + 1), preset)
    game = Game(preset, shoes=[shoe] * preset.deals)
    hands, feet = _deal_slices(game)
    assert [len(h) for h in game.hands] == [size] * 4
    assert [len(f or []) for f in game.feet] == [size] * 4
    for seat in range(4):  # South plays first, so is dealt first (docs/rules.md)
        assert sorted(c.text for c in game.hands[seat]) == sorted(hands[seat])
        assert [c.text for c in game.feet[seat] or []] == feet[seat]
    assert len(game.stock) == 270 - 8 * size - 1
    assert game.pile == [shoe[dealt_order(preset)]]


def test_C_DEAL_sizes_are_options() -> None:
    house = rules.from_mapping({"hand_size": 9, "foot_size": 7})
    game = Game(house, seed=4)
    assert [len(f or []) for f in game.feet] == [7] * 4
    assert game.card_total() == 270


@pytest.mark.parametrize("buried", ["3S", "3H", "2C", "JK"])
def test_C_UPCARD_three_two_joker_are_buried_at_the_middle(buried: str) -> None:
    n = dealt_order(CLASSIC)
    shoe = crafted_shoe([*natural_filler(n), card(buried), card("KD")], CLASSIC)
    game = Game(CLASSIC, shoes=[shoe] * 4)
    assert game.pile == [card("KD")]
    # After the buried card was turned the stock held `left` cards; it went in len // 2 from the top,
    # and then the next card (KD) was turned from the top.
    left = 270 - n - 1
    expected = shoe[n + 1:]
    expected.insert(left // 2, card(buried))
    assert game.stock[::-1] == expected[1:]


def test_C_UPCARD_repeats_until_a_natural_card_shows() -> None:
    n = dealt_order(CLASSIC)
    shoe = crafted_shoe([*natural_filler(n), card("2D"), card("JK"), card("3S"), card("7H")], CLASSIC)
    game = Game(CLASSIC, shoes=[shoe] * 4)
    assert game.pile == [card("7H")]
    buried = [e.cards[0].text for e in game.events if e.kind == "bury"]
    assert buried == ["2D", "JK", "3S"]
    assert game.card_total() == 270


def test_C_UPCARD_a_card_turned_a_second_time_goes_to_the_bottom_until_a_natural_card_shows() -> None:
    # One deck, four hands and feet of five: 14 cards are left, so a buried card goes in under
    # the next 6 and the turn-up goes round the top 7 only. Those are seven of the ten cards the
    # turn-up buries; the king of diamonds lies below them.
    small = rules.from_mapping({"decks": 1, "hand_size": 5, "foot_size": 5})
    window = cards("2C 2D 2H 2S JK JK 3C")
    deep = cards("KD 3D 3H 3S")
    deck = new_shoe(1)
    for c in window + deep:
        deck.remove(c)
    naturals = [c for c in deck if c.is_natural]
    assert len(naturals) == 43
    shoe = naturals[:40] + window + deep + naturals[40:]
    game = Game(small, shoes=[shoe])
    assert game.pile == [card("KD")]
    # Each of the seven was buried in the middle once, then a second time at the bottom.
    buried = [e.cards[0].text for e in game.events if e.kind == "bury"]
    assert buried == [c.text for c in window] * 2
    # The stock, top first: what lay under the king, then the seven in the order they went under.
    assert game.stock[::-1] == cards("3D 3H 3S") + naturals[40:] + window
    assert game.card_total() == 54


def test_C_UPCARD_rules_whose_stock_could_hold_no_natural_card_are_refused() -> None:
    # Two players with one deck: 52 cards dealt leave 2, fewer than the 10 threes, twos and
    # jokers of a deck, so the turn-up could find no natural card.
    with pytest.raises(RulesError) as caught:
        rules.from_mapping({"players": 2, "decks": 1})
    assert "leaves a stock of 2" in str(caught.value) and "(C-UPCARD)" in str(caught.value)
    assert "more than the 10 threes, twos and jokers" in str(caught.value)
    # 11 and 11 leave 10: still too few; 10 and 11 leave 12, enough.
    with pytest.raises(RulesError):
        rules.from_mapping({"players": 2, "decks": 1, "hand_size": 11, "foot_size": 11})
    assert rules.from_mapping({"players": 2, "decks": 1, "hand_size": 10, "foot_size": 11}).hand_size == 10
    # In eleven a black three may be the upcard, so 8 cards a deck are buried: 10 are enough.
    eleven = rules.from_mapping({"preset": "eleven", "players": 2, "decks": 1})
    assert eleven.buried_upcards == 8
    with pytest.raises(RulesError) as caught:
        rules.from_mapping({"preset": "eleven", "players": 2, "decks": 1, "hand_size": 12, "foot_size": 11})
    assert "more than the 8 red threes, twos and jokers" in str(caught.value)


@pytest.mark.parametrize("seed", [10, 12, 15, 19, 23, 25, 30])
def test_C_UPCARD_a_stock_of_two_cards_turns_up_and_the_deal_goes_on(seed: int) -> None:
    # Rules the house-rules file refuses, built directly: the turn-up still ends (here the
    # buried cards come straight back on top of a one-card stock), and every card is somewhere.
    game = Game(rules.Rules(players=2, decks=1), seed=seed)
    assert len(game.pile) == 1 and game.card_total() == 54
    assert len(game.stock) <= 1


def test_V_UPCARD_black_three_may_be_the_upcard_and_blocks_the_first_player() -> None:
    n = dealt_order(ELEVEN)
    shoe = crafted_shoe([*natural_filler(n), card("3S")], ELEVEN)
    game = Game(ELEVEN, shoes=[shoe] * 4)
    assert game.pile == [card("3S")]
    assert "pickup" not in [str(m) for m in game.legal_moves()]
    # ... while red threes, twos and jokers are still buried.
    for buried in ("3H", "2S", "JK"):
        shoe = crafted_shoe([*natural_filler(n), card(buried), card("QS")], ELEVEN)
        assert Game(ELEVEN, shoes=[shoe] * 4).pile == [card("QS")]


def test_C_DEALS_four_deals_dealer_and_first_player_rotate_clockwise() -> None:
    game = Game(CLASSIC, seed=11)
    dealers, firsts = [game.dealer], [game.to_move]
    assert (game.dealer, game.to_move) == (3, 0)  # East deals, South plays first
    while not game.is_over:
        game.apply("end" if game.is_legal("end") else ("draw" if game.phase == "draw" else _any_discard(game)))
        if len(game.results) == len(dealers) and not game.is_over:
            dealers.append(game.dealer)
            firsts.append(game.to_move)
    assert dealers == [3, 0, 1, 2]
    assert firsts == [0, 1, 2, 3]
    assert len(game.results) == 4
    assert game.legal_moves() == []


def _any_discard(game: Game) -> str:
    return next(str(m) for m in game.legal_moves() if m.kind == "discard")


def test_C_DEALS_is_an_option() -> None:
    game = Game(rules.from_mapping({"deals": 1}), seed=5)
    while not game.is_over:
        game.apply("draw" if game.phase == "draw" and game.stock else
                   ("end" if game.is_legal("end") else _any_discard(game)))
    assert len(game.results) == 1


@pytest.mark.parametrize(("deal", "minimum"), [(1, 50), (2, 90), (3, 120), (4, 150)])
def test_C_MIN_minimum_first_meld_per_deal(deal: int, minimum: int) -> None:
    g = position(f"S hand: 9 9 9 4 4 4 2 5 5\ndeal: {deal}\nturn: S meld")
    assert g.minimum == minimum
    g.apply("meld 9 9 9")  # 30
    if minimum > 30:
        assert_illegal(g, "discard 5", "C-MIN", str(minimum))
    else:
        g.apply("discard 5")


def test_C_MIN_minimums_are_an_option_and_repeat_their_last_value() -> None:
    house = rules.from_mapping({"meld_minimums": [10, 20], "deals": 3})
    assert [house.meld_minimum(i) for i in range(3)] == [10, 20, 20]
