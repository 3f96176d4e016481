"""Going out (C-OUT): asking only when a yes lets the turn go out, going out after a yes, and
answering with a reason whose figures agree with the answer."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import position as text_position
from said import said
from test_ai_strategy import BOOKS, play_turn, position

from ai import Decision
from ai.going_out import answer_permission, ask_reason
from ai.meldable import can_go_out
from hfcli.engine.cards import parse_cards, parse_rank
from hfcli.engine.events import Event
from hfcli.engine.game import Game
from hfcli.engine.melds import WILD
from hfcli.engine.moves import MoveKind
from hfcli.engine.reasons import ReasonKind
from hfcli.engine.rules import preset
from hfcli.engine.seating import Seating
from hfcli.levels import make_player
from hfcli.table.match import play_game

CLASSIC = preset("classic")
IN_FEET = (True, False, True, False)  # South and North play from their feet


def counts(text: str) -> list[int]:
    out = [0] * 14
    for c in parse_cards(text):
        out[c.rank] += 1
    return out


# ------------------------------------------------------------------ can the hand go out


def test_C_OUT_books_complete_and_all_but_one_card_melds() -> None:
    assert can_go_out(CLASSIC, counts("9S 9H 9D 5C"), {}, (2, 2, 1), keep=1)
    assert not can_go_out(CLASSIC, counts("9S 9H 5D 5C"), {}, (2, 2, 1), keep=1)  # a pair needs a wild
    assert can_go_out(CLASSIC, counts("9S 9H 2D 5C"), {}, (2, 2, 1), keep=1)  # 9 9 2, discard the 5


def test_C_OUT_a_book_closed_this_turn_counts() -> None:
    nines = {parse_rank("9"): (6, 5, 1)}  # six nines with a wild: one more card makes a dirty book
    # One dirty book short: the nine closes it.
    assert can_go_out(CLASSIC, counts("9S 5C"), nines, (2, 1, 1), keep=1)
    # A wild card closes it too (C-RATIO: 5 naturals may hold 2 wilds in 7 cards).
    assert can_go_out(CLASSIC, counts("2S 5C"), nines, (2, 1, 1), keep=1)
    # Without either the dirty book stays missing.
    assert not can_go_out(CLASSIC, counts("8S 5C"), nines, (2, 1, 1), keep=1)
    # A clean book cannot be made with wild cards.
    sixes = {parse_rank("6"): (6, 6, 0)}
    assert not can_go_out(CLASSIC, counts("2S 5C"), sixes, (1, 2, 1), keep=1)
    assert can_go_out(CLASSIC, counts("6S 5C"), sixes, (1, 2, 1), keep=1)


def test_C_OUT_the_wild_book_from_the_open_wild_meld() -> None:
    wild = {WILD: (5, 0, 5)}
    assert can_go_out(CLASSIC, counts("2S JK 5C"), wild, (2, 2, 0), keep=1)
    assert not can_go_out(CLASSIC, counts("2S 5C 6C"), wild, (2, 2, 0), keep=1)


def test_C_BLACK3_a_black_three_can_only_be_the_card_thrown() -> None:
    assert can_go_out(CLASSIC, counts("9S 9H 9D 3C"), {}, (2, 2, 1), keep=1)
    assert not can_go_out(CLASSIC, counts("9S 9H 9D 3C 3S"), {}, (2, 2, 1), keep=1)


SHAPE_RANKS = st.sampled_from([4, 7, 9, 11, WILD])  # fours, sevens, nines, aces, wild cards


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=14, max_size=14),
    st.dictionaries(SHAPE_RANKS, st.tuples(st.integers(3, 6), st.integers(0, 2)), max_size=3),
    st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 1)),
    st.sampled_from(["classic", "eleven"]),
)
def test_C_OUT_keeping_a_card_back_answers_as_keeping_each_card_in_turn(
    held: list[int], opened: dict[int, tuple[int, int]], books: tuple[int, int, int], rules_name: str
) -> None:
    """Whatever the hand, the open melds and the books, the hand can go out keeping one card
    back exactly when, for some card it holds, the rest melds out with the books complete:
    can_go_out tries only the cards worth keeping, and never answers otherwise than trying each."""
    rules = preset(rules_name)
    shapes = {
        rank: (size, 0, size) if rank == WILD else (size, size - min(wilds, size // 2), min(wilds, size // 2))
        for rank, (size, wilds) in opened.items()
    }
    each = []
    for rank, n in enumerate(held):
        if n:
            fewer = list(held)
            fewer[rank] -= 1
            each.append(can_go_out(rules, fewer, shapes, books, keep=0))
    assert can_go_out(rules, list(held), shapes, books, keep=1) == any(each)


def test_V_OUT_melding_every_card() -> None:
    eleven = preset("eleven")
    assert can_go_out(eleven, counts("9S 9H 9D"), {}, (1, 1, 0), keep=0)
    assert not can_go_out(eleven, counts("9S 9H 9D 5C"), {}, (1, 1, 0), keep=0)


# ------------------------------------------------------------------ asking


def test_asks_when_a_yes_lets_the_turn_go_out() -> None:
    game = position("9S 9H 9D 5C", phase="meld", ours=BOOKS, feet=IN_FEET)
    assert said(ask_reason(game.view(0))) == (
        "the books are there; a yes lets this turn meld every card but one and go out"
    )


def test_asks_when_this_turn_closes_the_book_still_needed() -> None:
    # Only one dirty book on the table; the nine closes the second.
    ours = (BOOKS[0], BOOKS[1], BOOKS[2], BOOKS[4], "9C 9D 9H 9S 9C 2D")
    game = position("9S 5C", phase="meld", ours=ours, feet=IN_FEET)
    assert said(ask_reason(game.view(0))) == (
        "a yes lets this turn close the dirty book still needed, meld every card but one and go out"
    )


def test_does_not_ask_when_a_yes_would_leave_two_cards() -> None:
    # 9 9 9 melds; the five and the ace cannot: a yes would not let this turn go out.
    game = position("9S 9H 9D 5C AS", phase="meld", ours=BOOKS, feet=IN_FEET)
    assert "ask" in [str(m) for m in game.view(0).legal_moves]
    assert ask_reason(game.view(0)) is None


def test_does_not_ask_without_the_books() -> None:
    game = position("9S 9H 9D 5C", phase="meld", ours=BOOKS[:4], feet=IN_FEET)
    assert ask_reason(game.view(0)) is None


def test_one_card_left_asks_to_discard_it() -> None:
    game = position("5C", phase="meld", ours=BOOKS, feet=IN_FEET)
    assert said(ask_reason(game.view(0))) == (
        "the books are there; a yes lets this turn discard the last card and go out"
    )


def test_T_OUT_a_player_alone_never_asks() -> None:
    alone = Seating(
        names=("S", "W", "E"), long_names=("South", "West", "East"), team_of=(0, 1, 2),
        team_names=("S", "W", "E"), first_dealer=2,
    )
    books = " / ".join(BOOKS)
    game = text_position(f"S hand: 9S 9H 9D 5C\nS foot: -\nS melds: {books}\nS opened\nturn: S meld", seating=alone)
    view = game.view(0)
    assert not view.seating.partners(0)
    assert ask_reason(view) is None
    decision = make_player("normal", 1, 0).choose(view)
    assert decision.move.kind is not MoveKind.ASK


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_after_a_yes_the_asker_goes_out_this_turn(level: str) -> None:
    # The second dirty book is closed on the way: 2 onto the sixes, then 7 7 7, then the 4 goes.
    ours = (BOOKS[0], BOOKS[1], BOOKS[2], BOOKS[4], "6C 6D 6H 6S 6C 6D")
    game = position("2S 7C 7D 7H 4S", phase="meld", ours=ours, feet=IN_FEET, partner_hand="5C 8D")
    asker = make_player(level, 1, 0)
    partner = make_player(level, 1, 2)
    decision = asker.choose(game.view(0))
    assert decision.move.kind is MoveKind.ASK
    game.apply(decision.move)
    answer = partner.choose(game.view(2))
    assert str(answer.move) == "yes"
    game.apply(answer.move)
    while game.deal_index == 0:
        game.apply(asker.choose(game.view(0)).move)
    result = game.results[0]
    assert result.ended_by == "out" and result.went_out == 0


def test_going_out_keeps_the_books_in_view() -> None:
    # The wild book is the one still needed: the two wild cards must close it, so a pair of
    # sevens (which would need one of them) leaves two cards and no ask; three sevens do not.
    ours = (BOOKS[0], BOOKS[1], BOOKS[2], BOOKS[3], "2C 2D 2H 2S JK")
    game = position("2S JK 7C 7D 4S", phase="meld", ours=ours, feet=IN_FEET)
    assert ask_reason(game.view(0)) is None
    game = position("2S JK 7C 7D 7H 4S", phase="meld", ours=ours, feet=IN_FEET, partner_hand="5C")
    assert ask_reason(game.view(0)) is not None
    game.apply("ask")
    game.apply("yes")
    play_turn(game)
    assert game.results and game.results[0].ended_by == "out"
    assert game.results[0].teams[0].wild_books == 1


# ------------------------------------------------------------------ answering


def answer_view(partner_hand: str, ours: tuple[str, ...], theirs: tuple[str, ...] = ()) -> Game:
    game = position("9S 9H 9D 5C", phase="meld", ours=ours, theirs=theirs, feet=IN_FEET, partner_hand=partner_hand)
    game.apply("ask")
    assert game.phase == "answer" and game.to_move == 2
    return game


def test_yes_when_nothing_in_the_hand_could_be_melded() -> None:
    # Going out: the 100 bonus, and the two opposing seats' turns (40 each) cut off: 180.
    decision = answer_permission(answer_view("4C 5D", BOOKS).view(2))
    assert str(decision.move) == "yes"
    assert said(decision) == (
        "going out now is worth about 180 (the 100 bonus, and no more turns for West and East); "
        "waiting could add nothing (no card in this hand could be melded)"
    )


def test_yes_counts_the_opponents_book_within_reach() -> None:
    # West-East's kings are one card short of a clean book: half of 500 more for going out now.
    decision = answer_permission(answer_view("8C 8D 8H 4S", BOOKS, ("KC KD KH KS KC KD",)).view(2))
    assert str(decision.move) == "yes"
    assert said(decision) == (
        "going out now is worth about 430 (the 100 bonus, and no more turns for West and East: "
        "their kings are one card short of a clean book); waiting could add about 52 (the cards this hand could "
        "still meld)"
    )


def test_no_when_a_clean_book_is_within_reach() -> None:
    # 8 8 8 onto the four eights closes a clean book (500); those three cards (30 of the hand's 35,
    # counted as 3/4 of it: 26) would count for the side instead of against it: 2 x 26 + 500 = 552.
    decision = answer_permission(answer_view("8C 8D 8H 4S", (*BOOKS, "8S 8C 8D 8H")).view(2))
    assert str(decision.move) == "no"
    assert said(decision) == (
        "waiting could add about 552 (the cards this hand could still meld, and a clean book of eights: 500); "
        "going out now is worth about 180 (the 100 bonus, and no more turns for West and East)"
    )


def check_answer(decision: Decision) -> bool:
    """Whether ``decision`` is an answer; if so, its figures must agree with it."""
    move = decision.move
    if move.kind not in (MoveKind.YES, MoveKind.NO):
        return False
    why = decision.reason
    assert why is not None and why.kind in (ReasonKind.ANSWER_YES, ReasonKind.ANSWER_NO), why
    parts = {part.kind: part for part in why.parts}
    now = parts[ReasonKind.GOING_OUT_WORTH].fact("points")
    waiting = parts.get(ReasonKind.WAITING_WORTH) or parts[ReasonKind.WAITING_NOTHING]
    wait = waiting.fact("points")
    assert (now >= wait) == (move.kind is MoveKind.YES) == (why.kind is ReasonKind.ANSWER_YES), why
    # Said in the order the answer weighs them: the side that wins first.
    first = why.parts[0].kind
    assert (first is ReasonKind.GOING_OUT_WORTH) == (move.kind is MoveKind.YES), why
    return True


def test_every_answer_in_whole_games_agrees_with_its_own_figures() -> None:
    answers: list[bool] = []
    for seed in range(6):
        game = Game(CLASSIC, seed=seed)
        players = [make_player("normal", seed, s) for s in range(4)]
        play_game(game, players, on_decision=lambda _g, d: answers.append(check_answer(d)))
    assert any(answers)


def asks_in_a_game(level: str, seed: int) -> int:
    """Play a whole game; check that every yes is followed by the asker going out that turn."""
    game = Game(CLASSIC, seed=seed)
    players = [make_player(level, seed, s) for s in range(4)]
    asked = 0
    pending: list[int] = []

    def watch(events: list[Event], decision: Decision) -> None:
        nonlocal asked
        move = decision.move
        if move.kind is MoveKind.ASK:
            asked += 1
        elif move.kind is MoveKind.YES:
            pending.append(game.turn_seat)
        elif pending and move.kind is MoveKind.DISCARD:
            seat = pending.pop()
            assert any(e.kind == "out" and e.seat == seat for e in events), f"seed {seed}: {seat} did not go out"

    play_game(game, players, on_move=watch)
    return asked


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_in_whole_games_every_ask_answered_yes_goes_out_that_turn(level: str) -> None:
    assert sum(asks_in_a_game(level, seed) for seed in range(5)) > 0


def test_T_OUT_in_a_side_of_three_the_third_members_hand_counts_in_the_answer() -> None:
    # Six in threes: South asks, NW (the next teammate) answers; NE's hand would count against
    # the side if South went out now, and could be melded by waiting.
    rules = CLASSIC.replace(players=6, teams="threes")
    books = " / ".join(BOOKS)

    def answer(ne_hand: str) -> str:
        game = text_position(
            f"S hand: 9S 9H 9D 5C\nS foot: -\nNW hand: 4C 5D\nNW foot: -\nNE hand: {ne_hand}\nNE foot: -\n"
            f"S+NW+NE melds: {books}\nS+NW+NE opened\nturn: S meld",
            rules=rules,
        )
        game.apply("ask")
        assert game.to_move == 2
        decision = answer_permission(game.view(2))
        assert decision.move.kind in (MoveKind.YES, MoveKind.NO)
        return said(decision, game.seating.long_names)

    assert answer("").endswith("waiting could add nothing (no card in our hands could be melded)")
    with_cards = answer("4H 6S 8C 9D TC")
    match = re.search(r"waiting could add about (\d+) \(the cards our hands could still meld\)", with_cards)
    assert match and int(match.group(1)) > 5 * 5, with_cards  # five unseen cards, worth 5 or more each
    assert "no more turns for Southwest, North and Southeast" in with_cards
