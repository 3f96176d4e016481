"""The players under the rule options: the same position played with an option at its classic
value and changed, and the choice or estimate that changes with it.

Positions are built with the engine's position builder (tests/positions.py). Chances are worked
out by hand from the counts each position leaves unseen, with the binomial approximation the
normal level uses: the shoe holds 270 cards (C-DECK), 20 of each natural rank, 20 twos and 10
jokers.
"""

from __future__ import annotations

import pytest
from positions import position
from said import said

from ai.discarding import DiscardOption, choose_discard, discard_scores
from ai.drawing import choose_draw
from ai.going_out import answer_permission, ask_reason
from ai.knowledge import SeatKnowledge
from ai.melding import choose_meld
from ai.risk import NextPlayer
from ai.rule_based import RuleBasedPlayer
from ai.sampler import read_knowledge
from ai.search import Standing
from ai.strategy import HARD, NORMAL, Style
from hfcli.engine.cards import KING, TWO
from hfcli.engine.game import Game
from hfcli.engine.rules import CLASSIC, Rules

WILD_PILE = CLASSIC.replace(pile_with_wild=True)
# West's thirteen cards: no king, no four, no wild card among them (South cannot see them).
WEST = "W hand: 5 5 5 6 6 6 7 7 7 8 8 8 T"


def next_player(game: Game, seat: int = 0) -> NextPlayer:
    view = game.view(seat)
    knowledge = SeatKnowledge()
    knowledge.update(view)
    return NextPlayer(view, knowledge)


def discard(game: Game) -> tuple[str, str]:
    view = game.view(0)
    knowledge = SeatKnowledge()
    knowledge.update(view)
    decision = choose_discard(view, knowledge, NORMAL)
    assert decision is not None
    return str(decision.move), said(decision)


def options(game: Game) -> list[DiscardOption]:
    view = game.view(0)
    knowledge = SeatKnowledge()
    knowledge.update(view)
    return discard_scores(view, knowledge, NORMAL)


# ---------------------------------------------------------------- pile_with_wild

# South holds a single king and a pair of fours nobody else can match: every other four is on
# the table (two books of North-South's, an open meld of four on East-West's side).
FOURS_IN_SIGHT = f"""S hand: KD 4C 4D
{WEST}
NS melds: 4C 4D 4H 4S 4C 4D 4H / 4S 4C 4D 4H 4S 4C 4D
EW melds: 4H 4S 4H 4S
NS opened
EW opened
pile: 7D
stock: 5 5 5 5
turn: S meld"""


def test_one_natural_and_a_wild_card_taking_the_pile_add_to_the_next_players_chance() -> None:
    # Seen: South's 3 cards, 18 fours on the table and the 7 on the pile: 248 cards unseen, 19
    # kings and 30 wild cards among them. West's 13 unknown cards, p = 19/248, q = 229/248:
    # no king q^13 = 0.3548, exactly one 13 p q^12 = 0.3827, two or more 0.2625. With
    # pile_with_wild one king and a wild card take the pile too: a wild card among the 13 is
    # 1 - (218/248)^13 = 0.8129, so 0.3827 x 0.8129 = 0.3111 more.
    assert next_player(position(FOURS_IN_SIGHT)).chances(KING) == (pytest.approx(0.2625, abs=1e-4), 0.0)
    pair, with_wild = next_player(position(FOURS_IN_SIGHT, WILD_PILE)).chances(KING)
    assert pair == pytest.approx(0.2625, abs=1e-4)
    assert with_wild == pytest.approx(0.3111, abs=1e-4)


def test_where_a_natural_and_a_wild_card_take_the_pile_a_single_king_costs_more_than_a_safe_pair() -> None:
    # Breaking the fours costs their value and the pair: 5 + 75 = 80, and hands West nothing.
    # The king costs its 10 and West's chance times what the pile is worth to them: three kings
    # on the table (30), a quarter of a book's bonus for a meld of three, and the 7 (8, loose):
    # 163 with a natural pair (a clean meld: 125), 113 with a wild card (a dirty one: 75).
    # Classic: 10 + 0.2625 x 163 = 52.8, under 80: the king goes.
    # pile_with_wild: 10 + 0.2625 x 163 + 0.3111 x 113 = 87.9, over 80: the fours are broken.
    assert discard(position(FOURS_IN_SIGHT)) == (
        "discard K",
        "a single king; West could take the 2-card pile with two kings (a chance of about 26%); "
        # Every four is in sight: safer, but a pair.
        "worth the risk: the safer four, under 1%, is kept as a pair toward a book",
    )
    assert discard(position(FOURS_IN_SIGHT, WILD_PILE)) == (
        "discard 4",
        "breaks a pair of fours; West cannot hold two fours: every other one is in sight",
    )
    words = {option.text: said(option.reason) for option in options(position(FOURS_IN_SIGHT, WILD_PILE))}
    assert words["discard K"] == (
        "a single king; West could take the 2-card pile with two kings, "
        "or one and a wild card (a chance of about 57%)"
    )


def test_a_pickup_with_one_natural_and_a_wild_card_closes_a_dirty_book() -> None:
    # North-South's four clean kings, the king on the pile, and a king and a two in South's hand:
    # with pile_with_wild the engine melds the king and the two with the top card, so the book
    # it closes is dirty; with a pair of kings in hand the natural pair is used, and it is clean.
    text = "S hand: KD {} 9H\nNS melds: KC KD KH KS\nNS opened\npile: 7D KH\nturn: S draw"
    single = position(text.format("2C"), WILD_PILE)
    view = single.view(0)
    decision = choose_draw(view, SeatKnowledge(), NORMAL)
    assert str(decision.move) == "pickup"
    assert "closes a dirty book of kings" in said(decision)
    pair = position(text.format("KS"), WILD_PILE)
    assert "closes a clean book of kings" in said(choose_draw(pair.view(0), SeatKnowledge(), NORMAL))


# ---------------------------------------------------------------- game_target

# North-South hold a clean book of kings (70 + 500), South a five (5, counted half mid-deal):
# they stand at 572.5 against East-West's nothing, in the first of four deals.
A_BOOK_UP = "S hand: 5\nNS melds: KC KD KH KS KC KD KH\nNS opened\nturn: S meld"


def test_the_expert_plays_to_win_the_game_in_a_deal_that_reaches_the_game_target() -> None:
    # The first deal of four is not the last by number: its standing is the deal's margin. With
    # a target of 500 the 572.5 North-South stand at reach it, so the game ends with this deal
    # and the win counts: 572.5 + 1500 x tanh(572.5 / 1000) = 572.5 + 775.8 = 1348.3. A target
    # of 1000 is not reached: 572.5 again.
    standing = Standing()
    assert standing.evaluate(position(A_BOOK_UP), 0, 0) == 572.5
    reached = position(A_BOOK_UP, CLASSIC.replace(game_target=500))
    assert standing.evaluate(reached, 0, 0) == pytest.approx(1348.3, abs=0.05)
    assert standing.evaluate(reached, 0, 1) == pytest.approx(-1348.3, abs=0.05)
    assert standing.evaluate(position(A_BOOK_UP, CLASSIC.replace(game_target=1000)), 0, 0) == 572.5


# ---------------------------------------------------------------- pile_needs_first_meld

# South holds a black three and a single five; East-West have not made their first meld.
THREE_OR_FIVE = f"S hand: 3S 5D\n{WEST}\nNS opened\npile: 7D\nturn: S meld"


def test_a_side_that_may_not_take_the_pile_before_its_first_meld_is_handed_nothing() -> None:
    # The black three blocks the 2-card pile: 15 x (1 - 2/7) - 5 = 5.71. The five costs 5, and
    # classically West's chance of two fives times the pile's worth to them: 267 cards unseen,
    # 19 fives, p = 19/267, q = 248/267: 1 - q^13 - 13 p q^12 = 0.2355, halved (their first
    # meld must come of it) = 0.1177, times 15 (three fives) + 125 (a quarter of a clean book)
    # + 8 (the 7) + 60 (their first meld) = 208: 24.5, so 29.5 and the three goes. With
    # pile_needs_first_meld West may not take the pile at all: 5 against 5.71, the five goes.
    assert discard(position(THREE_OR_FIVE))[0] == "discard 3"
    rules = CLASSIC.replace(pile_needs_first_meld=True)
    assert discard(position(THREE_OR_FIVE, rules)) == (
        "discard 5", "a single five; West's side may not take the pile before its first meld"
    )


# ---------------------------------------------------------------- draw_count

BOOKS = " / ".join((
    "KC KD KH KS KC KD KH", "QC QD QH QS QC QD QH", "JC JD JH JS JC JD 2C", "TC TD TH TS TC TD 2D",
    "2C 2D 2H 2S JK JK 2C",
))
ONE_CARD = CLASSIC.replace(draw_count=1)


def test_the_partner_weighs_the_opponents_turns_by_the_cards_they_draw() -> None:
    # North's hand: A A A K K K 4, worth 95; all but the four could be melded: 95 x 6 // 7 = 81,
    # twice that is 162 to wait for. Going out cuts off West's and East's turns: 20 points for
    # each card a turn draws, 40 a seat with two cards, 20 with one. Classic: 100 + 80 = 180,
    # over 162: yes. Drawing one card: 100 + 40 = 140, under 162: no.
    text = f"""S hand: 9S 9H 9D 5C
S foot: -
N hand: AC AD AH KC KD KH 4S
N foot: -
NS melds: {BOOKS}
NS opened
EW opened
turn: S meld"""

    def answer(rules: Rules) -> str:
        game = position(text, rules)
        game.apply("ask")
        return said(answer_permission(game.view(2)))

    assert answer(CLASSIC) == (
        "going out now is worth about 180 (the 100 bonus, and no more turns for West and East); "
        "waiting could add about 162 (the cards this hand could still meld)"
    )
    assert answer(ONE_CARD) == (
        "waiting could add about 162 (the cards this hand could still meld); "
        "going out now is worth about 140 (the 100 bonus, and no more turns for West and East)"
    )


def test_with_the_books_there_a_pile_is_weighed_against_the_cards_a_draw_brings() -> None:
    # South's 9 9 5 6 leave 4 cards that cannot be melded (the pair has no wild card); the pile's
    # 9 takes the pair and brings the 4 and the 7: 5 6 4 7, 4 again. A draw of two cards leaves
    # about one more that cannot be melded, of one card half of one: the pile is worth
    # 4 + 1 - 4 - 0.75 (the normal player's burden of the cards it brings) = 0.25 over a draw of
    # two, over the normal player's margin of 0, and 4 + 0.5 - 4 - 0.75 = -0.25 to a draw of one.
    text = f"S hand: 9S 9H 5C 6D\nS foot: -\nN foot: -\nNS melds: {BOOKS}\nNS opened\npile: 4C 7D 9C\nturn: S draw"
    assert str(choose_draw(position(text).view(0), SeatKnowledge(), NORMAL).move) == "pickup"
    assert str(choose_draw(position(text, ONE_CARD).view(0), SeatKnowledge(), NORMAL).move) == "draw"


def test_the_stock_runs_low_in_turns_not_cards() -> None:
    # Eight cards in the stock: four draws of two, near the end of the deal (the normal player
    # plays for points once ten cards or fewer are left), so the two goes onto the nines as
    # points on the table. At one card a draw they last eight draws: the two is kept.
    text = "S hand: 2C 5D 6H 8S\nNS melds: 9C 9D 9H\nNS opened\nstock: 4 4 4 4 4 4 4 4\nturn: S meld"
    assert normal_move(position(text)) == "add 2 to 9"
    assert normal_move(position(text, ONE_CARD)).startswith("discard")


# ---------------------------------------------------------------- going out

# South plays from the foot with the books there; the nines are one card short of a book.
GOING_OUT = (
    f"S hand: 8C 8D 2C 4S 7H 7D JK\nS foot: -\nN foot: {{}}\nNS melds: {BOOKS} / 9C 9D 9H 9S 9C 9D\n"
    "NS opened\nturn: S meld"
)
NO_PERMISSION = CLASSIC.replace(going_out_needs_permission=False)


def normal_move(game: Game) -> str:
    return str(RuleBasedPlayer(1, 0, "normal").choose(game.view(0)).move)


def test_going_out_with_no_permission_still_waits_for_the_partners_foot() -> None:
    # With no permission to ask, South may go out once North plays from the foot: 8 8 2 and
    # 7 7 JK melded, the four discarded, and the 2 is kept for the eights. While North still
    # holds the foot (partner_in_foot_to_go_out) the deal goes on, and the 2 closes a dirty book
    # of nines at once (80 against 40 for the pair).
    assert normal_move(position(GOING_OUT.format("-"), NO_PERMISSION)) == "meld 8 8 2"
    assert normal_move(position(GOING_OUT.format("5 5"), NO_PERMISSION)) == "add 2 to 9"
    # Where the partner's foot does not matter (V-OUT), the hand goes out.
    either = NO_PERMISSION.replace(partner_in_foot_to_go_out=False)
    assert normal_move(position(GOING_OUT.format("5 5"), either)) == "meld 8 8 2"


def test_where_melding_every_card_goes_out_a_hand_that_melds_out_asks() -> None:
    # 9 9 9 melds out with no card to discard: classically that is not going out (C-OUT needs
    # the discard), so South does not ask; with go_out_by_melding_all a yes lets it go out.
    text = f"S hand: 9C 9D 9H\nS foot: -\nN foot: -\nNS melds: {BOOKS}\nNS opened\nturn: S meld"
    assert ask_reason(position(text).view(0)) is None
    melding_all = CLASSIC.replace(go_out_by_melding_all=True)
    assert said(ask_reason(position(text, melding_all).view(0))) == (
        "the books are there; a yes lets this turn meld every card and go out"
    )


# ---------------------------------------------------------------- book bonuses


def meld_choice(text: str, rules: Rules, style: Style) -> str | None:
    game = position(text, rules)
    decision = choose_meld(game.view(0), style)
    return None if decision is None else str(decision.move)


def test_hard_saves_wild_cards_for_another_wild_book_only_where_it_pays_more_than_a_dirty_one() -> None:
    # The books are there and the nines, with a wild card already, are one card short. Classic:
    # a wild book (1500) is worth far more than a dirty one (300), so hard keeps its two for
    # wild books and lays nothing. With wild books worth 200 the two closes the dirty book.
    text = f"S hand: 2C 5D 6H 8S\nNS melds: {BOOKS} / 9C 9D 9H 9S 9C 2D\nNS opened\nturn: S meld"
    assert meld_choice(text, CLASSIC, HARD) is None
    assert meld_choice(text, CLASSIC.replace(wild_book_bonus=200), HARD) == "add 2 to 9"


def test_a_clean_meld_near_a_book_is_kept_clean_only_where_a_clean_book_pays_more() -> None:
    # No book yet; six clean nines. Classic: a clean book (500) beats a dirty one (300), so the
    # normal player keeps the two off them. With both books worth 300 the two closes a book now.
    text = "S hand: 2C 5D 6H 8S\nNS melds: 9C 9D 9H 9S 9C 9D\nNS opened\nturn: S meld"
    assert meld_choice(text, CLASSIC, NORMAL) is None
    assert meld_choice(text, CLASSIC.replace(clean_book_bonus=300), NORMAL) == "add 2 to 9"


# ---------------------------------------------------------------- book_size


def test_a_clean_meld_is_near_a_book_two_cards_short_of_the_rules_book_size() -> None:
    # Five clean nines, and the side lays what it can: seven-card books leave them two short,
    # near a clean book, and the normal player keeps the two off them. Nine-card books leave
    # them four short: the two goes on as points on the table.
    text = "S hand: 2C 5D 6H 8S\nNS melds: 9C 9D 9H 9S 9C\nNS opened\nturn: S meld"
    assert choose_meld(position(text).view(0), NORMAL, aggressive=True) is None
    nine = CLASSIC.replace(book_size=9)
    decision = choose_meld(position(text, nine).view(0), NORMAL, aggressive=True)
    assert decision is not None
    assert said(decision) == "points on the table"


# ---------------------------------------------------------------- what a seat knows of the others' hands


def test_a_wild_card_seen_taken_is_not_counted_in_a_hand_that_may_have_melded_it_with_the_pile() -> None:
    # West takes the pile 2C 4H 5H with a pair of fives: the 4H and the 2C go to West's hand, in
    # sight of everyone. Round the table, South discards a nine, and West takes the pile again
    # with one nine: where one natural and a wild take it, the 2C may now lie in the meld of nines.
    text = """W hand: 5C 5D 9C 8H 7S 6D KD
N hand: 6H 7H
E hand: 8D 8S
S hand: 9D TD JD
EW opened
NS opened
pile: 2C 4H 5H
turn: W draw"""
    game = position(text, WILD_PILE)
    for move in ("pickup", "discard KD", "draw", "discard 6H", "draw", "discard 8D", "draw", "discard 9D"):
        game.apply(move)
    game.apply("pickup")
    assert [" ".join(c.text for c in m.cards) for m in game.view(0).melds[1]] == ["5H 5C 5D", "9D 9C 2C"]
    # What South knows of West's hand: the 4H from the first pile and the three cards under the
    # nine; not the 2C, which a sampled deal could otherwise put in West's hand as well.
    assert sorted(c.text for c in read_knowledge(game.view(0)).known[1]) == ["4H", "6H", "8D", "KD"]
    # The rule-based players' account of the history lets it go too: no wild card known.
    knowledge = SeatKnowledge()
    knowledge.update(game.view(0))
    assert knowledge.known_of(1)[TWO] == 0
    assert sum(knowledge.known_of(1)) == 4

