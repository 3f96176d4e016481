"""Discards: what a discard would hand the next player (C-PILE), and the reasons that say so.

Positions are built with the engine's position builder (tests/positions.py). Chances are worked
out by hand from the counts each position leaves unseen: 270 cards (C-DECK) less those the seat
can see.
"""

from __future__ import annotations

import pytest
from positions import position
from said import said

from ai.discarding import choose_discard, discard_scores
from ai.knowledge import SeatKnowledge
from ai.risk import NextPlayer
from ai.strategy import EASY, HARD, NORMAL, Style
from hfcli.engine.cards import KING
from hfcli.engine.game import Game
from hfcli.engine.seating import Seating
from hfcli.engine.view import SeatView

# West's thirteen cards: no king, no nine, no ace among them.
WEST = "W hand: 4 4 4 5 5 5 6 6 6 7 7 7 8"


def seen_view(game: Game, seat: int = 0, knowledge: SeatKnowledge | None = None) -> tuple[SeatView, SeatKnowledge]:
    """The seat's view, and its knowledge brought up to date (a new one if none is given)."""
    view = game.view(seat)
    knowledge = knowledge or SeatKnowledge()
    knowledge.update(view)
    return view, knowledge


def watching(game: Game, seat: int = 0) -> SeatKnowledge:
    """The knowledge of ``seat`` that has seen the position as built, before any move is played."""
    knowledge = SeatKnowledge()
    knowledge.update(game.view(seat))
    return knowledge


def round_to_south(game: Game, west_starts: str, west: str, north: str, east: str) -> None:
    """West starts its turn (``draw`` or ``pickup``) and throws ``west``; North and East draw and
    throw theirs; South draws: South is to meld, the rest of the round seen."""
    game.apply(west_starts)
    game.apply(f"discard {west}")
    for thrown in (north, east):
        game.apply("draw")
        game.apply(f"discard {thrown}")
    game.apply("draw")


def reasons(game: Game, style: Style = NORMAL, seat: int = 0, knowledge: SeatKnowledge | None = None) -> dict[str, str]:
    view, knowledge = seen_view(game, seat, knowledge)
    return {option.text: said(option.reason) for option in discard_scores(view, knowledge, style)}


def discard(
    game: Game, style: Style = NORMAL, seat: int = 0, knowledge: SeatKnowledge | None = None
) -> tuple[str, str]:
    view, knowledge = seen_view(game, seat, knowledge)
    decision = choose_discard(view, knowledge, style)
    assert decision is not None
    return str(decision.move), said(decision)


def test_a_single_king_is_called_a_single_king_with_its_risk() -> None:
    # Seen: K 9 9 in hand and the 7 on the pile, so 266 cards are unseen, 19 of them kings.
    # West's 13 cards hold two or more kings with chance 1 - q^13 - 13 p q^12, p = 19/266:
    # 1 - 0.3817 - 0.3817 = 0.237, about 24%.
    game = position(f"S hand: KD 9H 9S\n{WEST}\nNS opened\nEW opened\npile: 7D\nturn: S meld")
    assert discard(game) == (
        "discard K",
        "a single king; West could take the 2-card pile with two kings (a chance of about 24%); "
        # The nines are safer, 18 of them unseen against 19 kings (about 22%), but a pair.
        "worth the risk: the safer nine, about 22%, is kept as a pair toward a book",
    )
    assert "cheap" not in discard(game, EASY)[1]


def test_breaking_a_pair_says_so_and_an_opponents_meld_is_not_called_a_way_to_take_the_pile() -> None:
    # West's side has a meld of aces: that does not let West take the pile (two aces in hand do),
    # but taking it would grow their aces toward a book, so the aces are the costlier pair to break.
    game = position(
        f"S hand: AD AH 9H 9S\n{WEST}\nNS opened\nEW melds: A A A\npile: 7D\nturn: S meld"
    )
    move, why = discard(game)
    assert move == "discard 9"
    assert why.startswith("breaks a pair of nines; West could take the 2-card pile with two nines")
    ace = reasons(game)["discard A"]
    assert ace.startswith("breaks a pair of aces; West could take the 2-card pile with two aces")
    assert "has a meld" not in ace


def test_black_three_blocks_a_pile_worth_taking() -> None:
    game = position(f"S hand: 3S 5D 6H 8S KD\n{WEST}\nNS opened\nEW opened\npile: 8C KH QS QD JD AC 9H\nturn: S meld")
    assert discard(game) == ("discard 3", "blocks the 7-card pile for West")


def test_a_king_that_can_never_meld_goes_before_a_black_three() -> None:
    # Every other king is in sight (twenty in the shoe: one in hand, fourteen in two books, five
    # in the pile), so West cannot take the pile with it, and it can never be melded: it goes
    # before the three, which is kept to block a pile later.
    kings = "K K K K K K K / K K K K K K K"
    game = position(
        f"S hand: 3S KD 9H 9S\n{WEST}\nNS opened\nNS melds: {kings}\nEW opened\npile: K K K K K 7D\nturn: S meld"
    )
    assert discard(game) == (
        "discard K", "a single king; West cannot hold two kings: every other one is in sight"
    )


def test_only_one_other_unseen_card_of_a_rank_makes_it_safe() -> None:
    game = position(
        f"S hand: KD 9H 9S\n{WEST}\nNS opened\nNS melds: K K K K K K K / K K K K K K K\nEW opened\n"
        "pile: K K K K 7D\nturn: S meld"
    )
    assert reasons(game)["discard K"] == (
        "a single king; West cannot hold two kings: only one other is out of sight"
    )


def test_a_known_pair_taken_from_the_pile_is_never_fed() -> None:
    # West takes a pile of queens, kings below; it keeps two kings in hand, seen by everyone.
    game = position(
        "S hand: KD QH 5C 6D\n"
        "W hand: QC QD 4C 4D 5D\n"
        "NS opened\nEW opened\n"
        "pile: 9C KS KH QS\n"
        "stock: 8C 8D 8H 8S 9D 9H 9S TC TD TH\n"
        "turn: W draw"
    )
    round_to_south(game, "pickup", "9", "8", "8")  # West: Q Q Q melded; K K 9 into its hand
    assert game.to_move == 0 and game.phase == "meld"
    why = reasons(game)
    assert why["discard K"] == (
        "a single king; West holds two kings from the pile and would take the 4-card pile with it"
    )
    assert discard(game)[0] != "discard K"


def test_the_next_players_own_discard_is_the_safe_one() -> None:
    # West threw a six and has drawn nothing since: it cannot hold two sixes now.
    game = position(
        "S hand: 6C KD 4S\n"
        "W hand: 6D 5C 5D 7C 7D 8C 8D\n"
        "NS opened\nEW opened\n"
        "pile: 9C\n"
        "stock: TC TD TH TS JC JD JH JS\n"
        "turn: W draw"
    )
    round_to_south(game, "draw", "6", "T", "J")
    why = reasons(game)
    assert why["discard 6"] == "a single six; West threw a six and has drawn nothing since"
    assert discard(game)[0] == "discard 6"


def test_a_discard_the_next_player_took_and_threw_back_is_not_called_just_taken() -> None:
    # West takes a pile with a seven in it, then throws that seven: West no longer holds it.
    game = position(
        "S hand: 7S KD 4S\n"
        "W hand: QC QD 4C 4D 5D\n"
        "NS opened\nEW opened\n"
        "pile: 7C QS\n"
        "stock: TC TD TH TS JC JD JH JS\n"
        "turn: W draw"
    )
    round_to_south(game, "pickup", "7", "T", "T")
    seven = reasons(game)["discard 7"]
    assert "took" not in seven and "from the pile" not in seven
    assert seven == "a single seven; West threw a seven and has drawn nothing since"


def test_a_pile_passed_up_shows_no_pair() -> None:
    # The jack sat on top when West drew instead of taking it (EW had melded): West held no two
    # jacks then; its two drawn cards are all that could have made a pair since.
    game = position(
        "S hand: JC KD 4S\n"
        f"{WEST}\n"
        "NS opened\nEW opened\nEW melds: A A A\n"
        "pile: 9C JS\n"
        "stock: TC TD TH TS 8C 8D 8H 8S\n"
        "turn: W draw"
    )
    knowledge = watching(game)
    round_to_south(game, "draw", "8", "T", "8")
    # Seen: 5 in hand, 5 on the pile, 3 aces melded: 257 unseen, 18 of them jacks (p = 0.0700).
    # West may have kept one jack (half the time) and needs one of its 2 new cards to be a jack,
    # or kept none and needs both: 0.5 (1 - 0.93^2) + 0.5 (0.07^2) = 0.070.
    assert reasons(game, knowledge=knowledge)["discard J"] == (
        "a single jack; West could take the 6-card pile with two jacks "
        "(they passed up a pile topped by a jack, 2 cards drawn since: a chance of about 7%)"
    )


def test_feeding_a_meld_one_pickup_from_a_book_says_so() -> None:
    # West's side has four eights: the top card and a pair would close a clean book.
    game = position(f"S hand: 8D KD\n{WEST}\nNS opened\nEW melds: 8 8 8 8\npile: 7D\nturn: S meld")
    assert ", closing a clean book" in reasons(game)["discard 8"]


def test_a_meld_with_no_room_for_three_more_cannot_take_the_pile() -> None:
    game = position(f"S hand: 8D KD\n{WEST}\nNS opened\nEW melds: 8 8 8 8 8\npile: 7D\nturn: S meld")
    assert reasons(game)["discard 8"] == "a single eight; West's eights have no room for three more"
    assert discard(game)[0] == "discard 8"


def test_before_their_first_meld_the_risk_says_so() -> None:
    game = position(f"S hand: KD 9H 9S\n{WEST}\nNS opened\npile: 7D\nturn: S meld")
    assert reasons(game)["discard K"] == (
        "a single king; West could take the 2-card pile with two kings, if it makes their first meld "
        "(a chance of about 12%)"
    )


def test_easy_does_not_count_cards_but_sees_a_known_pair() -> None:
    game = position(f"S hand: KD 9H 9S\n{WEST}\nNS opened\nEW opened\npile: 7D\nturn: S meld")
    assert reasons(game, EASY)["discard K"] == (
        "a single king; West could take the 2-card pile if they hold two kings"
    )


def test_hard_counts_without_replacement() -> None:
    # Two kings unseen among 10 cards, West holding 2: binomial (2/10)^2 = 4%; drawn without
    # replacement (2/10)(1/9) = 2.2%.
    game = position("S hand: KD\nW hand: 4 5\nNS opened\nEW opened\npile: 7D\nturn: S meld")
    view, knowledge = seen_view(game)
    counted = NextPlayer(view, knowledge)
    exact = NextPlayer(view, knowledge, exact=True)
    for player in (counted, exact):
        player.unseen = 10
        player.out[KING] = 2
    assert counted.pair_chance(KING) == pytest.approx(0.04)
    assert exact.pair_chance(KING) == pytest.approx(2 / 90)
    assert HARD.exact_odds and not NORMAL.exact_odds


def test_a_partner_next_to_play_is_never_a_risk() -> None:
    # A table where South and West are partners: South's discard goes to its own side.
    seating = Seating(team_of=(0, 0, 1, 1), team_names=("SW", "NE"))
    game = position(f"S hand: KD 9H 9S\n{WEST}\npile: 7D\nturn: S meld", seating=seating)
    assert reasons(game)["discard K"] == "a single king; West, next to play, is a partner"


def test_wild_cards_are_thrown_only_when_nothing_else_is_left() -> None:
    game = position(f"S hand: 2C 2D 9H 9S\n{WEST}\nNS opened\nEW opened\npile: 7D\nturn: S meld")
    assert discard(game)[0] == "discard 9"
    game = position(f"S hand: 2C JK\n{WEST}\nNS opened\nEW opened\npile: 7D\nturn: S meld")
    move, why = discard(game)
    assert move in ("discard 2", "discard JK")
    assert why.startswith("nothing else to throw; West could take the 2-card pile with two")
    # Nine jokers are out of sight against nineteen twos: the joker goes, the safest card held.
    assert move == "discard JK"
    assert why.endswith("the safest card held: the next safest, a two, has a chance of about 24%")


def test_a_discards_cost_of_breaking_a_pair_a_set_or_a_fit_is_the_styles_to_tune() -> None:
    # Only what keeping the card is worth changes between the two styles: the card's own value and
    # what it hands West are the same, so each cost differs by exactly the weight's difference.
    game = position(f"S hand: 9H 9S QD QH QS 8D KD\n{WEST}\nNS melds: 8 8 8\nEW opened\npile: 7D\nturn: S meld")
    view, knowledge = seen_view(game)
    kept = Style("kept", pair_keep=75.0, set_keep=120.0, fits_keep=200.0)
    loose = Style("loose", pair_keep=10.0, set_keep=100.0, fits_keep=50.0)
    costs = {style.name: {o.text: o.cost for o in discard_scores(view, knowledge, style)} for style in (kept, loose)}
    assert costs["kept"]["discard 9"] - costs["loose"]["discard 9"] == pytest.approx(65.0)
    assert costs["kept"]["discard Q"] - costs["loose"]["discard Q"] == pytest.approx(20.0)
    assert costs["kept"]["discard 8"] - costs["loose"]["discard 8"] == pytest.approx(150.0)
    assert costs["kept"]["discard K"] == costs["loose"]["discard K"]  # a single card keeps nothing
