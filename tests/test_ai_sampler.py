"""The sampler behind the expert: from a seat's view only, it deals the cards the seat cannot see
so that every count matches and every card it knows the place of stays there (C-RED3, C-PILE,
C-UPCARD), at any table."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from positions import position

from ai.sampler import read_knowledge
from hfcli.engine.cards import Card, new_shoe
from hfcli.engine.game import Game
from hfcli.engine.moves import MoveKind
from hfcli.engine.rules import preset
from hfcli.levels import make_player
from hfcli.table.match import play_game

# Tables other than four (T-SIZE): two players alone, six in three pairs, six in two threes.
TABLES = (("classic", 4, "auto"), ("eleven", 4, "auto"), ("classic", 2, "auto"), ("eleven", 6, "pairs"),
          ("classic", 6, "threes"))



def every_card(game: Game) -> Counter[Card]:
    deal = game.deal
    cards: Counter[Card] = Counter(deal.stock)
    cards.update(deal.pile)
    for hand in deal.hands:
        cards.update(hand)
    for foot in deal.feet:
        cards.update(foot or ())
    for team in deal.teams:
        cards.update(team.red_threes)
        for m in team.melds:
            cards.update(m.cards)
    return cards


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 100_000),
    moves=st.integers(0, 1_200),
    table=st.sampled_from(TABLES),
    sample_seed=st.integers(0, 2**32),
)
def test_a_sample_keeps_every_count_and_every_known_card(
    seed: int, moves: int, table: tuple[str, int, str], sample_seed: int
) -> None:
    name, players, teams = table
    rules = preset(name).replace(players=players, teams=teams)
    game = Game(rules, seed)
    seating = game.seating
    play_game(game, [make_player("hard", seed, s) for s in seating.seats], max_moves=moves)
    if game.is_over:
        return
    seat = random.Random(seed).choice(list(seating.seats))
    view = game.view(seat)
    knowledge = read_knowledge(view)
    sample = knowledge.sample(random.Random(sample_seed), sample_seed)
    # The shoe, card for card: nothing made up, nothing lost.
    assert every_card(sample) == Counter(new_shoe(rules.deck_count))
    # Everything the seat sees is as it was: hands, feet and stock sizes, the table, the pile, the turn.
    mine, theirs = sample.view(seat), view
    # A sample is a position without a history, from which no view reads the pile cards taken
    # this turn (pile_taken); what they decide is in the sample's turn instead: which cards of
    # the hand count toward the first meld (C-MELDING).
    assert dataclasses.replace(mine, history=(), legal_moves=(), pile_taken=None) == dataclasses.replace(
        theirs, history=(), legal_moves=(), pile_taken=None
    )
    assert (sample.turn.counting is not None) == (theirs.pile_taken is not None)
    # Within a turn the sample offers no undo (the view does not show what it would restore).
    assert [m for m in mine.legal_moves if m.kind is not MoveKind.UNDO] == [
        m for m in theirs.legal_moves if m.kind is not MoveKind.UNDO
    ]
    for s in seating.seats:
        assert not any(c.is_red_three for c in sample.hands[s]), "C-RED3: a red three never stays in a hand"
        if s != seat:
            # The cards the view pins to a hand (pile cards seen going in, not laid since) are
            # really there, and stay there in the sample.
            known = Counter(knowledge.known[s])
            assert known <= Counter(game.hands[s])
            assert known <= Counter(sample.hands[s])
    # An upcard buried in the stock (C-UPCARD) that the view pins to its place there really is
    # there, and the sample keeps it there.
    for index, buried in knowledge.buried:
        assert game.stock[index] is buried and sample.stock[index] is buried


def test_the_pile_cards_a_seat_took_stay_in_its_hand() -> None:
    """A hand-checked case: after West takes a pile holding 8S and 8D under the top card, every
    sample seen from South gives West both eights (C-PILE: the taken cards go to the hand)."""
    from positions import position

    game = position(
        """
        W hand: KH KD 4C 5C 6C 7C
        pile: 9C 8S 8D KS
        EW opened
        turn: W draw
        """
    )
    game.apply("pickup")
    view = game.view(0)
    knowledge = read_knowledge(view)
    assert knowledge.known[1] == tuple(sorted([Card.parse("8S"), Card.parse("8D"), Card.parse("9C")]))
    for i in range(20):
        sample = knowledge.sample(random.Random(i), i)
        assert Counter(sample.hands[1]) >= Counter(map(Card.parse, ("8S", "8D", "9C")))
        assert len(sample.hands[1]) == len(game.hands[1])


def test_a_sample_after_melds_taken_back_lets_the_seat_discard_as_the_real_game_does() -> None:
    """C-MIN, undo: melds laid under the first meld's minimum and taken back are not laid; a
    sample that took them for laid refused the discard the real game allows (a review's rollout
    raised C-MIN there)."""
    game = position("S hand: 9C 9D 9H 4C 5D\nturn: S meld")
    game.apply("meld 9 9 9")
    assert not game.is_legal("discard 4")  # 27 of the 50 the first meld needs
    game.apply("undo")
    assert game.is_legal("discard 4")
    for seed in range(3):
        sample = read_knowledge(game.view(0)).sample(random.Random(seed), seed)
        assert not sample.turn.laid
        assert sample.legal_moves() == [m for m in game.legal_moves() if m.kind is not MoveKind.UNDO]
    # Melds laid before the foot was picked up stand: an undo after it cannot take them back.
    game = position("S hand: 9C 9D 9H\nS foot: KC KD KH 4C 5D\nturn: S meld",
                    preset("classic").replace(meld_minimums=[0]))
    game.apply("meld 9 9 9")
    game.apply("meld K K K")
    game.apply("undo")
    sample = read_knowledge(game.view(0)).sample(random.Random(1), 1)
    assert sample.turn.laid and sample.legal_moves() == [m for m in game.legal_moves() if m.kind is not MoveKind.UNDO]
