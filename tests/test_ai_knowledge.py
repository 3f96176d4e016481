"""A seat's knowledge of the public history, kept move by move, and the public facts of the turn
that its view carries: what the sampler reads instead of walking the history again."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st
from positions import cards, position

from ai.knowledge import SeatKnowledge
from ai.meldable import can_finish, leftover_of
from ai.rule_based import RuleBasedPlayer
from ai.sampler import read_knowledge
from hfcli.engine.cards import ALL_CARDS, NINE, RANK_COUNT, Card
from hfcli.engine.dealing import buried_places, turn_up
from hfcli.engine.events import Event
from hfcli.engine.game import Game
from hfcli.engine.melds import WILD
from hfcli.engine.options import WildRatio
from hfcli.engine.rules import preset
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView
from hfcli.levels import make_player, seat_together


def test_knowledge_kept_move_by_move_reads_as_the_history_read_afresh() -> None:
    """At every view of two seats through a whole hard game (four deals), the sampler's reading
    of the seat's knowledge kept from move to move equals a reading of the whole history at once:
    the cards each seat holds from the pile, the buried upcards, the turn."""
    game = Game(preset("quick"), 11)
    players = [make_player("hard", game.seed, s) for s in game.seating.seats]
    kept = {0: SeatKnowledge(), 1: SeatKnowledge()}
    pinned = 0
    while not game.is_over:
        for seat, seen in kept.items():
            view = game.view(seat)
            now, afresh = read_knowledge(view, seen), read_knowledge(view)
            assert (now.unseen, now.known, now.buried, now.turn, now.taken_this_turn) == (
                afresh.unseen, afresh.known, afresh.buried, afresh.turn, afresh.taken_this_turn
            )
            pinned += sum(map(len, now.known))
        game.apply(players[game.to_move].choose(game.view(game.to_move)).move)
    assert pinned > 0  # the game did show pile cards in other hands


def test_C_MELDING_the_view_names_the_pile_cards_taken_before_the_first_meld() -> None:
    """After West takes the pile before its side's first meld, every seat's view says the turn has
    laid cards and names the two cards under the top one, which went to West's hand and do not
    count toward the minimum; once the side has melded they are no longer named."""
    game = position(
        """
        W hand: KH KD AC AD AH 4C
        pile: 9C 8S KS
        turn: W draw
        """
    )
    before = game.view(0)
    assert before.pile_taken is None and not before.laid
    game.apply("pickup")
    for seat in game.seating.seats:
        view = game.view(seat)
        assert view.laid and view.pile_taken == (Card.parse("8S"), Card.parse("9C"))
    opened = position(
        """
        W hand: KH KD AC AD AH 4C
        pile: 9C 8S KS
        EW opened
        turn: W draw
        """
    )
    opened.apply("pickup")
    assert opened.view(1).pile_taken is None and opened.view(1).laid


def test_C_OUT_the_answer_view_says_where_the_turn_goes_back() -> None:
    """Asked after drawing, the partner's view says the turn goes back to melding; asked before
    drawing, back to the draw."""
    text = """
        S hand: 9C 9D 9H 4C
        S foot: -
        N foot: -
        NS opened
        turn: S {phase}
        """
    after_draw = position(text.format(phase="meld"))
    after_draw.apply("ask")
    assert after_draw.view(2).phase is Phase.ANSWER and after_draw.view(2).answer_return is Phase.MELD
    before_draw = position(text.format(phase="draw"))
    before_draw.apply("ask")
    assert before_draw.view(2).answer_return is Phase.DRAW


def test_C_UPCARD_three_burials_stand_in_the_middle_the_last_lowest() -> None:
    """Worked by hand: a stock of 50 after the first card turned has its middle at 25 from the
    bottom; each burial goes in there, pushing the earlier ones up one."""
    assert buried_places(50, 3) == [27, 26, 25]
    # A stock of 3: two burials in the middle (index 2, under the top card), the second pushing
    # the first to the top, where it is turned up again; the third goes to the bottom.
    assert buried_places(3, 3) == [None, None, 0]


class Face:
    """A card for the turn-up alone, one object per card so that each is followed exactly (the
    game's cards are one object per face, and a shoe holds several of each)."""

    def __init__(self, c: Card) -> None:
        self.is_wild, self.is_red_three, self.is_black_three = c.is_wild, c.is_red_three, c.is_black_three


TURNABLE = [c for c in ALL_CARDS if c.is_wild or c.rank == 3] + cards("4 5 6 7 8 9 K")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TURNABLE), min_size=1, max_size=30), st.booleans())
def test_C_UPCARD_a_buried_card_stands_where_the_turn_up_put_it(faces: list[Card], black_three: bool) -> None:
    """Whatever the stock, ``buried_places`` gives each burial the place the turn-up left that
    card at in the stock, and None for one turned up again (buried anew, or the upcard): the
    sampler pins buried cards by it."""
    rules = preset("classic").replace(bury_black_three_upcard=black_three)
    stock = [Face(c) for c in faces]
    played = list(stock)
    events: list[Event] = []
    turn_up(played, rules, events)  # type: ignore[arg-type]
    buried = [e.cards[0] for e in events]
    last = {id(c): k for k, c in enumerate(buried)}
    where = {id(c): at for at, c in enumerate(played)}
    expected = [where.get(id(c)) if last[id(c)] == k else None for k, c in enumerate(buried)]
    assert buried_places(len(stock) - 1, len(buried)) == expected


SHAPE_RANKS = st.sampled_from([4, 7, 9, 11, WILD])  # fours, sevens, nines, aces, wild cards


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.integers(0, 5), min_size=14, max_size=14),
    st.dictionaries(SHAPE_RANKS, st.tuples(st.integers(3, 6), st.integers(0, 2)), max_size=3),
    st.sampled_from([ratio.value for ratio in WildRatio]),
    st.booleans(),
)
def test_one_card_fewer_leaves_at_most_one_fewer_unmeldable(
    counts: list[int], opened: dict[int, tuple[int, int]], ratio: str, wild_melds: bool
) -> None:
    """Whatever the hand and the open melds, taking one card out of the hand lowers the count of
    cards that cannot be melded by one at most; can_finish, keeping one card back to discard,
    stops at once when two or more are left over, and answers as trying every card would."""
    rules = preset("classic").replace(
        wild_ratio=ratio, wild_melds=wild_melds, wild_books_to_go_out=1 if wild_melds else 0
    )
    shapes = {
        rank: (0, 0, size) if rank == WILD else (size, size - min(wilds, size // 2), min(wilds, size // 2))
        for rank, (size, wilds) in opened.items()
    }
    before = leftover_of(rules, counts, shapes)
    each = []
    for rank, n in enumerate(counts):
        if n:
            fewer = list(counts)
            fewer[rank] -= 1
            each.append(leftover_of(rules, fewer, shapes))
    assert all(after >= before - 1 for after in each)
    assert can_finish(rules, list(counts), shapes, keep_one=True) == (0 in each)


def test_a_view_holds_every_field_of_a_seat_view_and_nothing_else() -> None:
    """A view is built field by field into its instance dictionary: each field is there, under
    its own name, and equal views compare equal."""
    game = Game(preset("classic"), 3)
    view = game.view(game.to_move)
    assert set(vars(view)) == {f.name for f in dataclasses.fields(SeatView)}
    assert view == game.view(game.to_move) and view.hand == tuple(sorted(game.hands[game.to_move]))


def test_cards_seen_kept_move_by_move_are_the_cards_in_sight_at_every_decision() -> None:
    """At every decision of a hard game (four deals: melds laid, added to and closed into books,
    piles taken, new deals), the cards a seat's knowledge kept from move to move counts as seen
    are, rank by rank, its hand, every card on the table, the red threes, the pile and what the
    other seats are known to hold from the pile, counted afresh from the view: a meld's jokers,
    counted once while the meld stays on the table, never go stale."""
    game = Game(preset("classic"), 5)
    players = [make_player("hard", game.seed, s) for s in game.seating.seats]
    decisions = wild_melds = 0
    while not game.is_over:
        seat = game.to_move
        view = game.view(seat)
        player = players[seat]
        assert isinstance(player, RuleBasedPlayer)
        decision = player.choose(view)  # brings the player's knowledge up to this view
        afresh = SeatKnowledge()
        afresh.update(view)
        in_sight = list(view.hand) + list(view.pile)
        for side in range(len(view.melds)):
            in_sight += [c for m in view.melds[side] for c in m.cards] + list(view.red_threes[side])
        expected = [sum(1 for c in in_sight if c.rank == rank) for rank in range(RANK_COUNT)]
        for other, ranks in afresh.known.items():
            if other != seat:
                expected = [a + b for a, b in zip(expected, ranks, strict=True)]
        assert player.knowledge.seen_counts(view) == expected
        decisions += 1
        wild_melds += sum(1 for side in view.melds for m in side if m.wilds)
        game.apply(decision.move)
    assert decisions > 500 and wild_melds > 0  # a whole game, with wild cards on the table


def test_the_seats_of_a_game_share_one_knowledge_and_a_view_of_an_earlier_point_reads_as_it_was() -> None:
    """The four hard players of a game, seated together, read the public history with one
    knowledge, equal to a reading of the whole history afresh; a new player shown a view of an
    earlier point (a look back) reads it with a knowledge of its own that reads as that history
    afresh, and the shared one stays where the game is. The game itself keeps none of it."""
    game = Game(preset("classic"), 4)
    players = [make_player("hard", game.seed, s) for s in game.seating.seats]
    seat_together(players)
    earlier: SeatView | None = None
    for number in range(60):
        view = game.view(game.to_move)
        if number == 30:
            earlier = view
        game.apply(players[game.to_move].choose(view).move)
    knowledges = {id(p.knowledge) for p in players if isinstance(p, RuleBasedPlayer)}
    assert len(knowledges) == 1
    now = game.view(game.to_move)
    shared = players[0].knowledge  # type: ignore[attr-defined]
    shared.update(now)
    afresh = SeatKnowledge()
    afresh.update(now)
    assert shared == afresh and shared.seen_events == len(now.history)
    assert earlier is not None
    looking_back = RuleBasedPlayer(game.seed, earlier.seat, "hard")
    looking_back.choose(earlier)
    then = SeatKnowledge()
    then.update(earlier)
    assert looking_back.knowledge is not shared and looking_back.knowledge == then
    assert shared.seen_events == len(now.history)


def test_players_made_apart_read_the_history_each_alone_and_learn_what_players_seated_together_do() -> None:
    game = Game(preset("classic"), 4)
    together = [make_player("hard", game.seed, s) for s in game.seating.seats]
    seat_together(together)
    apart = [make_player("hard", game.seed, s) for s in game.seating.seats]
    for _ in range(60):
        view = game.view(game.to_move)
        move = together[view.seat].choose(view).move
        assert apart[view.seat].choose(view).move == move
        game.apply(move)
    knowledges = {id(p.knowledge) for p in apart if isinstance(p, RuleBasedPlayer)}
    assert len(knowledges) == 4
    now = game.view(game.to_move)
    for player in [*apart, together[0]]:
        player.knowledge.update(now)  # type: ignore[attr-defined]
    assert all(p.knowledge == together[0].knowledge for p in apart)  # type: ignore[attr-defined]


def test_a_player_first_shown_a_position_game_after_its_first_moves_reads_the_history_alone() -> None:
    """In a game built from a position with no history, the seat that saw the position as built
    starts from what it showed (the pile's nine); a seat first shown a view after moves were
    played reads only the history since, with a knowledge of its own, as it always did."""
    game = position(
        """
        S hand: 4 5 6 7 8 K K
        W hand: 4 5 6 7 8 Q Q
        turn: S draw
        """
    )
    south = RuleBasedPlayer(game.seed, 0, "hard")
    west = RuleBasedPlayer(game.seed, 1, "hard")
    while game.to_move == 0:
        game.apply(south.choose(game.view(0)).move)
    view = game.view(1)
    west.choose(view)
    alone = SeatKnowledge()
    alone.update(view)
    assert west.knowledge is not south.knowledge and west.knowledge == alone
    south.knowledge.update(game.view(0))
    assert south.knowledge.pile[0] == NINE and alone.pile[0] != NINE  # the position's nine, under South's discard
