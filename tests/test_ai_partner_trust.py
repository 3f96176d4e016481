"""The plays a partner is trusted for, each a field of hard's style that the frozen baseline keeps
off: the same position, the old choice and the new."""

from __future__ import annotations

from positions import position

from ai import RuleBasedPlayer
from ai.baselines import BASELINE_HARD
from ai.strategy import HARD, Style
from hfcli.engine.game import Game


def choice(game: Game, style: Style) -> str:
    return str(RuleBasedPlayer(1, game.to_move, style).choose(game.view(game.to_move)).move)


def test_a_wild_card_is_kept_while_a_card_that_is_not_wild_can_be_thrown() -> None:
    # South plays from the foot and may not go out (North holds a foot), so keeps two cards and
    # throws one. West's wild meld has no room for the three a pickup lays: the two is the safe
    # throw, and the baseline throws it; hard keeps it and throws the ace.
    game = position(
        "S hand: 2H AH\nS foot: -\nW hand: 4 5 6 7 8 9 10 J Q K\nNS melds: A A A\nNS opened\n"
        "EW melds: K K K / 2 2 2 2 2\nEW opened\npile: 5 6 7 8 9\nturn: S meld"
    )
    assert choice(game, BASELINE_HARD) == "discard 2"
    assert choice(game, HARD) == "discard A"


# The books C-OUT asks for (two clean, two dirty, one wild), on North-South's table.
BOOKS = "NS melds: K K K K K K K / Q Q Q Q Q Q Q / J J J J J J 2 / 10 10 10 10 10 10 2 / 2 2 2 2 JK JK 2"


def asked(text: str) -> Game:
    """The position ``text`` with South, to play, having asked North "may I go out?"."""
    game = position(text + "\nNS opened\nturn: S meld")
    game.apply("ask")
    return game


def test_a_partner_whose_own_cards_cost_more_than_going_out_gains_says_no() -> None:
    # North has just picked up a foot worth 215; South's four cards lay at most three. West and
    # East have three melds a card short of a book, which the baseline's yes cuts off; hard says
    # no: the 215 would count against the side, more than the 100 bonus and what South lays.
    game = asked(
        f"S hand: 5 5 5 8\nS foot: -\nN hand: JK JK A A K Q J 10 9 8 7 6 4\nN foot: -\n{BOOKS} / 6 6 6\n"
        "EW melds: 9 9 9 9 9 9 / 8 8 8 8 8 8 / 7 7 7 7 7 7\nEW opened"
    )
    assert choice(game, BASELINE_HARD) == "yes"
    assert choice(game, HARD) == "no"


def test_a_partner_ahead_in_the_game_lets_the_side_go_out() -> None:
    # North's pair of fives would close a clean book of fives, which is why the baseline waits;
    # North-South are thousands ahead and North's cards cost 10: hard says yes.
    game = asked(f"S hand: 9 9 9 8\nS foot: -\nN hand: 5 5\nN foot: -\n{BOOKS} / 5 5 5 5 5")
    assert choice(game, BASELINE_HARD) == "no"
    assert choice(game, HARD) == "yes"


def test_a_rank_the_next_sides_open_meld_takes_is_the_safer_throw() -> None:
    # Singles of eight and nine, onto a 6-card pile. West's side has an open meld of eights, so
    # West lays eights as they come and seldom holds two: hard throws the eight; the baseline,
    # weighing only the unseen eights and what the pile would add to that meld, the nine.
    game = position(
        "S hand: 8 9 K K\nW hand: 4 5 6 7 10 J Q K A 4\nNS melds: 5 5 5\nNS opened\n"
        "EW melds: 8 8 8\nEW opened\npile: 4 5 7 10 J Q\nturn: S meld"
    )
    assert choice(game, BASELINE_HARD) == "discard 9"
    assert choice(game, HARD) == "discard 8"
