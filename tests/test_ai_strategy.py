"""The rule-based strategy's named functions on hand-built positions."""

from __future__ import annotations

from collections import Counter
from typing import Any

from said import said

from ai.discarding import choose_discard
from ai.drawing import choose_draw
from ai.knowledge import SeatKnowledge
from ai.meldable import can_finish
from ai.melding import choose_meld, finishing_meld, foot_plan, low_stock
from ai.opening import plan_opening
from ai.rule_based import RuleBasedPlayer
from ai.strategy import EASY, HARD, NORMAL
from hfcli.engine.cards import parse_cards, parse_rank, rank_counts
from hfcli.engine.game import Game
from hfcli.engine.melds import Meld, meld_of
from hfcli.engine.position import Position
from hfcli.engine.rules import preset
from hfcli.engine.view import SeatView

CLASSIC = preset("classic")


def meld(text: str) -> Meld:
    return meld_of(parse_cards(text), CLASSIC.book_size)


def position(hand: str, **table: Any) -> Game:
    """A game whose seat ``seat`` holds ``hand``, with the given table (the keywords of
    :func:`rewritten`), read from the position text of a real deal (the other hands, feet and
    stock as dealt) with those lines rewritten."""
    return Game.from_position(rewritten(Game(CLASSIC, seed=3).to_position(), hand, **table))


def rewritten(
    text: str,
    hand: str,
    *,
    phase: str = "draw",
    pile: str = "8C",
    ours: tuple[str, ...] = (),
    theirs: tuple[str, ...] = (),
    opened: bool = True,
    feet: tuple[bool, ...] = (False, False, False, False),
    stock: int | None = None,
    seat: int = 0,
    partner_hand: str | None = None,
) -> str:
    """``text`` (a position's text) with seat ``seat``'s hand, the pile, the melds and the turn
    written anew. The cards it names come out of the stock (its bottom first), then out of the
    other seats' feet and hands, wherever the shoe would otherwise hold too many of them."""
    lines = dict(line.split(": ", 1) for line in text.splitlines()[1:])
    written = Position.parse(text)
    seating, decks = written.seating, written.rules.deck_count
    names, sides = seating.names, seating.team_names
    team = seating.team_of[seat]
    partner = (seat + 2) % len(names)
    lines[f"{names[seat]} hand"] = hand or "-"
    if partner_hand is not None:
        lines[f"{names[partner]} hand"] = partner_hand or "-"
    for s, picked in enumerate(feet):
        if picked:
            lines[f"{names[s]} foot"] = "picked up"
    lines["pile"] = pile or "-"
    for side, melds, side_opened in ((team, ours, opened), (1 - team, theirs, bool(theirs))):
        lines[f"{sides[side]} melds"] = " / ".join(melds) or "-"
        lines[f"{sides[side]} red threes"] = "-"
        lines[f"{sides[side]} opened"] = "yes" if side_opened else "no"
    lines["turn"] = f"{names[seat]}, {phase}"
    lines["to move"] = names[seat]
    # Too many of a card: take the extra copies from where the dealt cards are not written anew.
    given = {f"{names[seat]} hand", "pile", *(f"{sides[t]} melds" for t in (0, 1))}
    if partner_hand is not None:
        given.add(f"{names[partner]} hand")
    held = Counter(
        c for key, value in lines.items() if key.endswith(("hand", "foot", "melds", "pile", "stock"))
        for c in _tokens(value)
    )
    most = {c: decks * (2 if c == "JK" else 1) for c in held}
    extra = {c: n - most[c] for c, n in held.items() if n > most[c]}
    places = ["stock", *(f"{n} foot" for n in names), *(f"{n} hand" for n in names)]
    for key in (k for k in places if k not in given):
        cards = _tokens(lines[key])
        kept = []
        for c in reversed(cards) if key == "stock" else cards:  # the stock from its bottom
            if extra.get(c, 0) > 0:
                extra[c] -= 1
            else:
                kept.append(c)
        if key == "stock":
            kept.reverse()
        if lines[key] != "picked up":
            lines[key] = " ".join(kept) or "-"
    if stock is not None:
        cards = _tokens(lines["stock"])
        lines["stock"] = " ".join(cards[max(0, len(cards) - stock):]) or "-"
    return "\n".join([text.splitlines()[0], *(f"{k}: {v}" for k, v in lines.items())]) + "\n"


def _tokens(value: str) -> list[str]:
    """The cards of a position line's value (melds' ``/`` left out)."""
    return [] if value in ("-", "picked up") else value.replace("/", " ").split()


def view_of(game: Game, seat: int = 0) -> SeatView:
    return game.view(seat)


def knowledge_for(game: Game, view: SeatView) -> SeatKnowledge:
    knowledge = SeatKnowledge()
    knowledge.update(view)
    return knowledge


# ------------------------------------------------------------------ draw or take the pile


def test_does_not_take_a_pile_it_cannot_meld() -> None:
    game = position("9C 5D 6H 7S KD QC JH 4C 4D AH AS TC TD", pile="8C 8D 9H")
    view = view_of(game)
    assert "pickup" not in [str(m) for m in view.legal_moves]  # one nine only: C-PILE needs a natural pair
    decision = choose_draw(view, knowledge_for(game, view), NORMAL)
    assert str(decision.move) == "draw"


def test_takes_a_big_pile_that_melds() -> None:
    game = position("9C 9D 6H 7S KD QC JH 4C 4D AH AS TC TD", pile="8C KH KS QD JD AC 9H")
    view = view_of(game)
    assert "pickup" in [str(m) for m in view.legal_moves]
    decision = choose_draw(view, knowledge_for(game, view), NORMAL)
    assert str(decision.move) == "pickup"
    assert said(decision).startswith("7 cards")


def test_C_MIN_a_pile_before_the_first_meld_needs_the_minimum() -> None:
    # A pair of fours and a four on top make 15, short of 50 (C-MIN): the pile is not offered.
    game = position("4C 4D 6H 7S 9D QC JH 5C 8D", pile="8C 4H", opened=False)
    assert "pickup" not in [str(m) for m in view_of(game).legal_moves]
    # With three kings (30) and three aces (60) beside the fours, 15 + 90 reaches 50.
    game = position("4C 4D KH KS KD AC AD AS 5C 8D", pile="8C 4H", opened=False)
    assert "pickup" in [str(m) for m in view_of(game).legal_moves]


# ------------------------------------------------------------------ the first meld


def counts_of(text: str) -> list[int]:
    return rank_counts(parse_cards(text))


def test_first_meld_keeps_pairs_and_wilds_when_naturals_reach_it() -> None:
    plan = plan_opening(counts_of("KC KD KS QC QD QH 9C 9D 2C JK"), CLASSIC, 50)
    assert plan is not None and plan.cost == 0
    assert set(plan.melds) == {parse_rank("K"), parse_rank("Q")}
    assert all(w == 0 for _, w in plan.melds.values())


def test_first_meld_combines_melds_at_least_cost() -> None:
    # 90 needed: three kings (30) + three queens (30) = 60; a joker added (50) beats melding a pair.
    plan = plan_opening(counts_of("KC KD KS QC QD QH 9C 9D JK 5C"), CLASSIC, 90)
    assert plan is not None and plan.value >= 90
    assert parse_rank("9") not in plan.melds  # the pair is kept
    assert sum(w for _, w in plan.melds.values()) == 1


def test_first_meld_impossible() -> None:
    assert plan_opening(counts_of("KC KD 5S 6C 7D 8H 9C"), CLASSIC, 50) is None


# ------------------------------------------------------------------ books


def test_closes_a_dirty_book_with_a_wild() -> None:
    game = position("2C 5D 6H 8S", phase="meld", ours=("9C 9D 9H 9S 9C 2D",), feet=(True, False, True, False))
    decision = choose_meld(view_of(game), NORMAL)
    assert decision is not None and str(decision.move) == "add 2 to 9"
    assert "closes a dirty book of nines" in said(decision)


def test_does_not_dirty_a_clean_meld_close_to_a_book() -> None:
    game = position("2C 5D 6H 8S", phase="meld", ours=("9C 9D 9H 9S 9C 9D", "KC KD KH KS KD KH KS"))
    assert choose_meld(view_of(game), NORMAL) is None


def test_natural_added_before_anything_else() -> None:
    game = position("9S 2C 5D 6H 8S", phase="meld", ours=("9C 9D 9H 9S 9C 9D",))
    decision = choose_meld(view_of(game), NORMAL)
    assert decision is not None and str(decision.move) == "add 9"
    assert "closes a clean book of nines" in said(decision)


def test_keeps_wilds_toward_the_wild_book() -> None:
    # A wild book is still needed: the lone two does not go onto an open meld of four tens.
    game = position("2C 5D 6H 8S KD", phase="meld", ours=("TC TD TH TS",))
    assert choose_meld(view_of(game), NORMAL) is None


def test_hard_keeps_wilds_for_another_wild_book_once_the_books_are_there() -> None:
    # Two dirty books and a wild book are down (C-OUT asks no more of them): normal closes a
    # third dirty book with the two (300), hard keeps it toward another wild book (1500).
    dirty_books = ("QC QD QH QS QC 2H 2S", "JC JD JH JS JC JD 2S")
    ours = ("TC TD TH TS TC 2C", *dirty_books, "2C 2D 2H 2S JK JK 2C")
    view = view_of(position("2D 5D 6H 8S KD", phase="meld", ours=ours))
    assert sum(m.is_book for m in view.my_melds) == 3
    decision = choose_meld(view, NORMAL)
    assert decision is not None and str(decision.move) == "add 2 to T"
    assert "closes a dirty book of tens" in said(decision)
    assert choose_meld(view, HARD) is None


def test_starts_a_wild_meld() -> None:
    game = position("2C 2D JK 6H 8S KD", phase="meld")
    decision = choose_meld(view_of(game), NORMAL)
    assert decision is not None and decision.move.kind == "meld"
    assert all(p.is_wild for p in decision.move.groups[0]) and "wild" in said(decision)


# ------------------------------------------------------------------ discards


def test_black_three_not_spent_blocking_an_empty_pile() -> None:
    game = position("3S 5D 6H 8S KD", phase="meld", pile="")
    view = view_of(game)
    decision = choose_discard(view, knowledge_for(game, view), NORMAL)
    assert decision is not None and "blocks" not in said(decision)
    decision = choose_discard(view_of(position("3S 5D 6H 8S KD", phase="meld", pile="8C KH QS QD JD AC 9H")),
                              SeatKnowledge(), EASY)
    assert decision is not None and "blocks" not in said(decision)  # easy never thinks of blocking


def test_feeding_a_rank_the_next_opponent_melds_costs_more() -> None:
    # West (seat 1) has an open meld of fives: West may hold two fives as likely as two sixes,
    # but a pickup topped by a five would grow that meld toward a book, so the six is thrown.
    game = position("5D 6H KD KS", phase="meld", pile="8C", theirs=("5C 5H 5S",))
    view = view_of(game)
    decision = choose_discard(view, knowledge_for(game, view), NORMAL)
    assert decision is not None and str(decision.move) == "discard 6"


def test_keeps_pairs() -> None:
    game = position("4D 4H 9S", phase="meld", pile="8C")
    view = view_of(game)
    decision = choose_discard(view, knowledge_for(game, view), NORMAL)
    assert decision is not None and str(decision.move) == "discard 9"


# ------------------------------------------------------------------ the foot and going out


def test_foot_plan() -> None:
    game = position("9S 9H KD", phase="meld", ours=("9C 9D 9H", "KC KD KH"))
    assert foot_plan(view_of(game)) == "meld out"
    game = position("9S 9H KD 5C", phase="meld", ours=("9C 9D 9H", "KC KD KH"))
    assert foot_plan(view_of(game)) == "discard out"
    game = position("9S 4H 5D 6C", phase="meld", ours=("9C 9D 9H",))
    assert foot_plan(view_of(game)) == "build"


BOOKS = (
    "KC KD KH KS KC KD KH", "QC QD QH QS QC QD QH", "JC JD JH JS JC JD 2C", "TC TD TH TS TC TD 2D",
    "2C 2D 2H 2S JK JK 2C",
)


def test_low_stock() -> None:
    assert low_stock(view_of(position("5C 6D", stock=4)), NORMAL)
    assert not low_stock(view_of(position("5C 6D")), NORMAL)



def test_with_the_books_there_the_pile_is_judged_by_what_it_leaves_unmeldable() -> None:
    feet = (True, False, True, False)
    fits = position("9S 9H 5C 6D", pile="KS KD KH 9C", ours=(*BOOKS, "KC KD KH"), feet=feet)
    view = view_of(fits)
    assert str(choose_draw(view, knowledge_for(fits, view), NORMAL).move) == "pickup"
    junk = position("9S 9H 5C 6D", pile="4C 7D 8H 9C", ours=(*BOOKS, "KC KD KH"), feet=feet)
    view = view_of(junk)
    assert "pickup" in [str(m) for m in view.legal_moves]
    assert str(choose_draw(view, knowledge_for(junk, view), NORMAL).move) == "draw"


def test_a_big_pile_declined_with_the_books_there_says_why() -> None:
    # Q Q in hand, a queen on top of a 58-card pile: the pile is legal. Now Q Q 5 6 leave 4 cards
    # that cannot be melded (the pair has no wild card); taking the top seven melds Q Q Q and
    # brings 4 7 9 J K A, all single: 5 6 and those six, 8 cards. A draw is the better way out.
    filler = " ".join(["8C 8D 8H 8S"] * 5 + ["7C 7H 7S"] * 5 + ["6C 6H 6S"] * 5 + ["5D"])  # 51 cards buried
    game = position("QS QH 5C 6D", pile=f"{filler} AC KD JC 9H 7D 4C QD", ours=BOOKS, feet=(True, False, True, False))
    view = view_of(game)
    assert view.pile_size == 58 and "pickup" in [str(m) for m in view.legal_moves]
    decision = choose_draw(view, knowledge_for(game, view), NORMAL)
    assert str(decision.move) == "draw"
    assert said(decision) == (
        "the books are there and going out is what counts: after taking the 7 cards, "
        "8 cards could not be melded (4 now)"
    )
    assert "not worth taking" not in said(decision)


def test_a_pile_taken_says_what_it_brings() -> None:
    game = position("QS QH 5C 6D", pile="5D 6H 8S QD", ours=BOOKS[:4])
    view = view_of(game)
    decision = choose_draw(view, knowledge_for(game, view), NORMAL)
    assert said(decision) == "4 cards, starts a meld of queens, 2 more that fit"
    # What else of the pile fits is the hand's: the table is told what the pickup itself shows.
    assert said(decision, public_only=True) == "4 cards, starts a meld of queens"


# ------------------------------------------------------------------ finishing a turn by plan


def play_turn(game: Game, seat: int = 0) -> None:
    """Let the normal player finish the current turn of ``seat``."""
    player = RuleBasedPlayer(1, seat, "normal")
    deal = game.deal_index
    while game.deal_index == deal and not game.is_over and game.turn_seat == seat:
        game.apply(player.choose(game.view(seat)).move)


def test_can_finish_needs_a_card_to_discard() -> None:
    shapes = {parse_rank("8"): (3, 3, 0)}
    counts = rank_counts(parse_cards("7S 7S 7D 8D"))
    assert can_finish(CLASSIC, counts, shapes, keep_one=True)  # 7 7 7, 8 on the eights... one to throw
    counts = rank_counts(parse_cards("7S 7S 5D 8D"))
    assert not can_finish(CLASSIC, counts, shapes, keep_one=True)  # the sevens need a wild card


def test_can_finish_keeping_back_the_one_card_that_has_no_place() -> None:
    """The card kept back to throw is whichever has no place: a wild card beyond the one a meld of
    three naturals may take (C-RATIO), a black three (C-BLACK3), a single. With two such cards no
    card kept back helps, nor where every card melds and keeping any back breaks a meld (three
    wild cards make a wild meld of their own)."""
    assert can_finish(CLASSIC, rank_counts(parse_cards("5C 5D 5H 2S JK")), {}, keep_one=True)
    assert not can_finish(CLASSIC, rank_counts(parse_cards("5C 5D 5H 2S JK JK")), {}, keep_one=True)
    assert can_finish(CLASSIC, rank_counts(parse_cards("9C 9D 9H 3S")), {}, keep_one=True)
    assert not can_finish(CLASSIC, rank_counts(parse_cards("9C 9D 9H 3S 3C")), {}, keep_one=True)
    assert can_finish(CLASSIC, rank_counts(parse_cards("9C 9D 9H KS")), {}, keep_one=True)
    assert not can_finish(CLASSIC, rank_counts(parse_cards("9C 9D 9H KS QS")), {}, keep_one=True)


def test_going_out_keeps_the_wild_card_for_the_pair() -> None:
    nines = "9C 9D 9H 9S 9C 9D"
    game = position("3S 7S 7H JK", phase="meld", ours=(*BOOKS, nines), feet=(True, False, True, False),
                    partner_hand="4C 5D")
    game.apply("ask")
    game.apply("yes")
    view = view_of(game)
    # Greedy melding would close the nines with the joker and strand the sevens.
    greedy = choose_meld(view, NORMAL, aggressive=True)
    assert greedy is not None and str(greedy.move) == "add JK to 9"
    finish = finishing_meld(view, NORMAL, keep_one=True)
    assert finish is not None and str(finish.move) == "meld 7 7 JK"
    play_turn(game)
    assert game.results and game.results[0].ended_by == "out" and game.results[0].went_out == 0


def test_reaching_the_foot_keeps_the_wild_card_for_the_pair() -> None:
    game = position("7S 7H 2C 5H", phase="meld", ours=(BOOKS[0], "9C 9D 9H 9S 9C 9D"))
    play_turn(game)
    assert game.feet[0] is None  # the sevens went down with the two and the five was thrown


def test_wild_cards_wait_for_the_wild_book_once_the_dirty_books_are_there() -> None:
    hand = "2C 4D 6H KS"
    game = position(hand, phase="meld", ours=(*BOOKS[:4], "9C 9D 9H 9S"))
    step = choose_meld(view_of(game), NORMAL, aggressive=True)
    assert step is None or "2" not in str(step.move)
    game = position(hand, phase="meld", ours=(*BOOKS, "9C 9D 9H 9S"))
    step = choose_meld(view_of(game), NORMAL, aggressive=True)
    assert step is not None and str(step.move) == "add 2 to 9"


def test_T_OUT_a_player_alone_goes_out_without_asking_and_keeps_the_wild_card_for_the_pair() -> None:
    """At a table of two (T-SIZE) nobody answers "may I go out?" (T-OUT): with the books there and
    the foot picked up, the player plans the turn that goes out, as a partner's yes would let it."""
    two = preset("classic").replace(players=2)
    text = Game(two, seed=3).to_position()
    ours = (*BOOKS, "9C 9D 9H 9S 9C 9D")
    game = Game.from_position(rewritten(text, "3S 7S 7H JK", phase="meld", ours=ours, feet=(True, False)))
    assert not game.seating.partners(0)
    play_turn(game)
    assert game.results and game.results[0].ended_by == "out" and game.results[0].went_out == 0
    assert [str(e.move) for e in game.events if e.move is not None] == ["meld 7 7 JK", "discard 3"]
