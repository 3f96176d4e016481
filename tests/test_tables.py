"""Tables other than four (T-SIZE, T-DECK, T-TURN, T-OUT, T-SCORE): who sits where and with whom,
how many decks, who plays first, who may ask to go out and who answers, and who wins."""

from __future__ import annotations

import pytest
from positions import assert_illegal, position

from hfcli import rules
from hfcli.engine.errors import RulesError
from hfcli.engine.game import Game
from hfcli.engine.scoring import DealEnding, DealResult, GameResult, TeamScore
from hfcli.engine.seating import table

# Two clean, two dirty and a wild book: what C-OUT needs.
BOOKS = (
    "KC KD KH KS KC KD KH / QC QD QH QS QC QD QH / JC JD JH JS JC JD 2C / TC TD TH TS TC TD 2D / 2H 2S JK JK 2H 2S JK"
)


def test_T_SIZE_each_table_seats_its_players_in_their_sides() -> None:
    two = table(2)
    assert (two.names, two.team_of, two.team_names) == (("S", "N"), (0, 1), ("S", "N"))
    three = table(3)
    assert (three.names, three.team_of) == (("S", "NW", "NE"), (0, 1, 2))
    four = table(4)
    assert (four.names, four.team_of, four.team_names) == (("S", "W", "N", "E"), (0, 1, 0, 1), ("NS", "EW"))
    alone = table(4, "none")
    assert alone.team_of == (0, 1, 2, 3) and alone.partners(0) == ()
    five = table(5)
    assert five.names == ("S", "W", "NW", "NE", "E") and five.team_of == (0, 1, 2, 3, 4)
    pairs = table(6)  # A B C A B C: partners opposite
    assert pairs.names == ("S", "SW", "NW", "N", "NE", "SE")
    assert pairs.team_of == (0, 1, 2, 0, 1, 2) and pairs.team_names == ("S+N", "SW+NE", "NW+SE")
    threes = table(6, "threes")  # A B A B A B
    assert threes.team_of == (0, 1, 0, 1, 0, 1) and threes.team_names == ("S+NW+NE", "SW+N+SE")
    # The next teammate in turn order comes first (T-OUT): after NE comes S, then NW.
    assert threes.partners(0) == (2, 4) and threes.partners(4) == (0, 2)


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"players": 5, "teams": "pairs"}, 'teams = "pairs" needs 4 or 6 players, not 5'),
        ({"players": 4, "teams": "threes"}, 'teams = "threes" needs 6 players, not 4'),
        ({"players": 7}, "players must be between 2 and 6, not 7"),
        ({"players": 6, "decks": 2}, "too few to deal 156 cards to 6 players"),
    ],
)
def test_T_SIZE_a_table_the_engine_cannot_seat_is_refused_with_the_reason(settings: dict[str, object],
                                                                          words: str) -> None:
    with pytest.raises(RulesError, match=words):
        rules.from_mapping(settings)


@pytest.mark.parametrize(("players", "decks"), [(2, 3), (3, 4), (4, 5), (5, 6), (6, 7)])
def test_T_DECK_one_more_deck_than_players(players: int, decks: int) -> None:
    table_rules = rules.from_mapping({"players": players})
    assert table_rules.deck_count == decks
    game = Game(table_rules, seed=players)
    assert game.card_total() == 54 * decks and len(game.hands) == players
    assert rules.from_mapping({"players": players, "decks": 8}).deck_count == 8  # decks overrides


def _draw_and_discard(game: Game) -> None:
    """One move of a player who never melds: draw (or end the deal when the stock is empty), then
    discard."""
    moves = game.legal_moves()
    if game.phase == "draw":
        game.apply("draw" if game.is_legal("draw") else "end" if game.is_legal("end") else moves[0])
    else:
        game.apply(next(m for m in moves if m.kind == "discard"))


def test_T_TURN_the_last_seat_deals_first_and_the_deal_passes_clockwise() -> None:
    game = Game(rules.from_mapping({"players": 3, "deals": 2}), seed=5)
    assert game.seating.long_names[game.dealer] == "Northeast" and game.to_move == 0  # South plays first
    game.apply("draw")
    game.apply(next(m for m in game.legal_moves() if m.kind == "discard"))
    assert game.to_move == 1  # then Northwest
    while game.deal_index == 0:
        _draw_and_discard(game)
    assert game.seating.long_names[game.dealer] == "South" and game.to_move == 1  # Northwest plays first


def test_T_OUT_a_player_alone_never_asks_and_goes_out_with_the_books_and_their_foot() -> None:
    game = position(f"S hand: 9 9 9 5\nS foot: -\nS melds: {BOOKS}\nS opened\nturn: S meld",
                    rules.from_mapping({"players": 3}))
    assert_illegal(game, "ask", "T-OUT", "you play alone")
    game.apply("meld 9 9 9")
    game.apply("discard 5")
    assert game.results[0].went_out == 0 and game.results[0].teams[0].going_out_points == 100


def _threes(whole_side: bool) -> Game:
    return position(
        f"S hand: 9 9 9 5\nS foot: -\nNW foot: -\nS+NW+NE melds: {BOOKS}\nS+NW+NE opened\nturn: S meld",
        rules.from_mapping({"players": 6, "teams": "threes", "whole_side_in_foot": whole_side}),
    )


def test_T_OUT_in_a_side_of_three_everyone_else_is_in_the_foot_and_the_next_teammate_answers() -> None:
    # NE still holds a foot: with the whole side needed, South may not even ask.
    assert_illegal(_threes(True), "ask", "C-OUT", "your teammates have not all picked up their feet")
    # With one teammate enough (whole_side_in_foot = false), South asks, and Northwest (the next
    # teammate in turn order after South) answers.
    game = _threes(False)
    game.apply("ask")
    assert game.phase == "answer" and game.seating.long_names[game.to_move] == "Northwest"
    game.apply("yes")
    game.apply("meld 9 9 9")
    game.apply("discard 5")
    assert game.results[0].went_out == 0


def _score(team: str, total: int) -> TeamScore:
    return TeamScore(team, total, 0, 0, 0, 0, 0, 0, 0, 0, False, 0, 0, 0, 0, 0)


def test_T_SCORE_the_highest_of_three_sides_wins_and_equal_highest_tie() -> None:
    names = ("S", "NW", "NE")
    first = DealResult(0, DealEnding.OUT, 1, (_score("S", 300), _score("NW", 900), _score("NE", 500)))
    second = DealResult(1, DealEnding.STOCK, None, (_score("S", 700), _score("NW", -100), _score("NE", 300)))
    result = GameResult((first, second), names)
    assert result.totals == (1000, 800, 800) and result.winner == 0
    level = DealResult(1, DealEnding.STOCK, None, (_score("S", 500), _score("NW", -100), _score("NE", 300)))
    tied = GameResult((first, level), names)
    assert tied.totals == (800, 800, 800) and tied.winner is None
