"""Invariants of random legal games, checked at every step, and games over any allowed rule set.

Hypothesis draws every move of the main test (so a failure shrinks to a short game), and the
seeds of the longer, seeded ones. Every step: all cards are somewhere; only the seat to move has
legal moves; every listed move applies; canonical moves are legal exactly when listed, and an
illegal one raises and changes nothing; clones equal their original and then diverge
independently; the position text builds an equal game with the same legal moves. Every game
ends, and the same seed and moves (or the same shoes and moves) give the same state.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rule_sets import play_through, rule_sets

from hfcli import rules
from hfcli.engine.cards import NATURAL_RANKS, RANK_TOKENS
from hfcli.engine.errors import IllegalMoveError
from hfcli.engine.game import Game
from hfcli.engine.moves import Move, parse_move
from hfcli.levels import make_player
from hfcli.text.rulebook import RULE_TEXTS
from hfcli.transcript.digest import Digester, digest

# Small shoes and hands so feet, asking and going out come up often in random play; no books
# are needed to go out, since random play rarely completes them.
_SMALL = {"decks": 2, "hand_size": 5, "foot_size": 5, "deals": 2, "meld_minimums": [30],
          "clean_books_to_go_out": 0, "dirty_books_to_go_out": 0, "wild_books_to_go_out": 0}
SMALL_CLASSIC = rules.from_mapping({"preset": "classic", **_SMALL})
SMALL_ELEVEN = rules.from_mapping({"preset": "eleven", **_SMALL})
# One deck and three-card hands: the stock runs out within a few turns, so the end of a deal by
# the stock, red threes that cannot be replaced and near-empty hands come up all the time.
TINY = rules.from_mapping({"decks": 1, "hand_size": 3, "foot_size": 3, "deals": 3, "meld_minimums": [0],
                           "clean_books_to_go_out": 0, "dirty_books_to_go_out": 0, "wild_books_to_go_out": 0})
MOVE_CAP = 5000


def _tiny(preset: str) -> rules.Rules:
    """TINY with the preset's own way of melding and going out."""
    return TINY.replace(**{k: v for k, v in rules.preset(preset).as_dict().items() if k in (
        "wild_ratio", "wild_melds", "wild_book_bonus", "going_out_needs_permission", "partner_in_foot_to_go_out",
        "go_out_by_melding_all", "bury_black_three_upcard")})


def _canonical_moves() -> list[Move]:
    """Every single move written from rank tokens: the moves a legal-move list can contain."""
    texts = ["draw", "pickup", "ask", "yes", "no", "undo", "end"]
    for rank in NATURAL_RANKS:
        r = RANK_TOKENS[rank]
        texts += [f"meld {r} {r} {r}", f"meld {r} {r} 2", f"meld {r} {r} JK",
                  f"add {r}", f"add 2 to {r}", f"add JK to {r}"]
    texts += ["meld JK JK JK", "meld JK JK 2", "meld JK 2 2", "meld 2 2 2", "add 2 to wild", "add JK to wild"]
    texts += [f"discard {t}" for t in RANK_TOKENS]
    return [parse_move(t) for t in texts]


CANONICAL = _canonical_moves()


# Uniform random play almost never reaches a foot; leaning towards melding and asking reaches
# feet and going out, so the invariants are checked there too.
WEIGHTS = {"pickup": 2, "meld": 40, "add": 40, "ask": 10, "yes": 1, "no": 1,
           "discard": 1, "draw": 1, "end": 1, "undo": 2}


def _rank(move: Move) -> int:
    return move.groups[0][0].rank


def _choose(game: Game, rng: random.Random) -> Move:
    moves = game.legal_moves()
    if rng.random() < 0.15:
        return rng.choice([m for m in moves if m.kind != "undo"] or moves)
    hand = Counter(c.rank for c in game.hands[game.to_move])
    # Discarding singles and wild cards keeps pairs, which is what makes melds and feet happen.
    weights = [WEIGHTS[m.kind] * (3 if m.kind == "discard" and hand[_rank(m)] < 2 else 1) for m in moves]
    if not any(weights):
        return rng.choice(moves)
    return rng.choices(moves, weights)[0]


def _digest_from_scratch(game: Game) -> str:
    """The table digest as docs/transcript.md describes it, worked out afresh: the engine's own
    keeps parts between calls, and must always agree with this."""
    codes: list[int] = []
    for hand in game.hands:
        codes += [c.code for c in hand] + [255]
    for foot in game.feet:
        codes += [254] if foot is None else [c.code for c in foot] + [255]
    codes += [c.code for c in game.pile]
    for team in game.teams:
        codes.append(253 if team.opened else 252)
        for meld in team.melds:
            codes += [c.code for c in meld.cards] + [251]
        codes += [c.code for c in team.red_threes]
    head = f"{game.deal_index} {game.phase} {game.to_move} {game.turn_seat} {len(game.stock)} {game.totals()}"
    return hashlib.blake2b(head.encode() + bytes(codes), digest_size=8).hexdigest()


def _check_step(game: Game, rng: random.Random, thorough: bool, digester: Digester) -> None:
    assert game.card_total() == game.rules.card_count
    assert digester.digest(game) == _digest_from_scratch(game)
    assert game.public_events == [e.public() for e in game.events]
    assert not any(e.private for e in game.public_events)
    legal = game.legal_moves()
    assert legal, "a game that is not over always has a move"
    assert len(set(legal)) == len(legal)
    for seat in game.seating.seats:
        view = game.view(seat)
        assert view.legal_moves == (tuple(legal) if seat == game.to_move else ())
    before = game.clone()
    if thorough:
        rebuilt = Game.from_position(game.to_position())
        assert rebuilt == game and rebuilt.legal_moves() == legal
        assert rebuilt.to_position() == game.to_position()
        listed = set(legal)
        for move in CANONICAL:
            assert game.is_legal(move) == (move in listed), f"{move}: is_legal disagrees with the list {legal}"
        for move in legal:
            copy = game.clone()
            assert copy == game
            copy.apply(move)
            assert copy.card_total() == game.rules.card_count
        assert game == before, "applying to clones changed the original"
    illegal = [m for m in CANONICAL if m not in set(legal)]
    move = rng.choice(illegal)
    events = len(game.events)
    try:
        game.apply(move)
    except IllegalMoveError as exc:
        assert exc.rule in RULE_TEXTS, f"{exc.rule} is not a rule hf rules can show"
    else:
        raise AssertionError(f"{move} is not listed but was accepted")
    assert game == before and len(game.events) == events


def _play(game: Game, seed: int, thorough_every: int) -> list[Move]:
    rng = random.Random(seed)
    played: list[Move] = []
    digester = Digester()
    while not game.is_over:
        assert len(played) < MOVE_CAP, "the game did not end"
        _check_step(game, rng, len(played) % thorough_every == 0, digester)
        move = _choose(game, rng)
        game.apply(move)
        played.append(move)
    assert game.legal_moves() == [] and game.card_total() == game.rules.card_count
    for seat in game.seating.seats:
        assert game.view(seat).legal_moves == ()
    return played


def _replays(game: Game, played: list[Move], seed: int) -> None:
    again = Game(game.rules, seed=seed)
    for move in played:
        again.apply(move)
    assert again == game and digest(again) == digest(game)
    assert again.events == game.events
    from_shoes = Game(game.rules, shoes=game.shoes)
    for move in played:
        from_shoes.apply(move)
    assert from_shoes == game


SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(preset=st.sampled_from(["classic", "eleven"]), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_games_of_moves_drawn_by_hypothesis_keep_every_invariant(preset: str, seed: int, data: st.DataObject) -> None:
    game = Game(_tiny(preset), seed=seed)
    played: list[Move] = []
    digester = Digester()
    while not game.is_over:
        assert len(played) < MOVE_CAP, "the game did not end"
        _check_step(game, random.Random(len(played)), True, digester)
        moves = game.legal_moves()
        move = data.draw(st.sampled_from([m for m in moves if m.kind != "undo"] or moves), label="move")
        game.apply(move)
        played.append(move)
    _replays(game, played, seed)


@pytest.mark.slow
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_small_classic_random_games_keep_every_invariant(seed: int) -> None:
    game = Game(SMALL_CLASSIC, seed=seed)
    _replays(game, _play(game, seed, thorough_every=1), seed)


@pytest.mark.slow
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_small_eleven_random_games_keep_every_invariant(seed: int) -> None:
    game = Game(SMALL_ELEVEN, seed=seed)
    _replays(game, _play(game, seed, thorough_every=1), seed)


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(["classic", "eleven"]))
def test_tiny_games_keep_every_invariant(seed: int, preset: str) -> None:
    game = Game(_tiny(preset), seed=seed)
    _replays(game, _play(game, seed, thorough_every=1), seed)


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(["classic", "eleven"]))
def test_full_size_deals_keep_every_invariant(seed: int, preset: str) -> None:
    game = Game(rules.preset(preset).replace(deals=1), seed=seed)
    _replays(game, _play(game, seed, thorough_every=7), seed)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 300))
def test_clone_diverges_independently(seed: int, steps: int) -> None:
    game = Game(SMALL_CLASSIC, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(_choose(game, rng))
    copy = game.clone()
    assert copy == game and digest(copy) == digest(game)
    if game.is_over:
        return
    key, events = game.clone(), list(game.events)
    copy.apply(_choose(copy, random.Random(seed + 1)))
    assert copy != game
    assert game == key and game.events == events
    game.apply(_choose(game, rng))
    assert copy != key


# Rule sets drawn over every field's allowed range (tests/rule_sets.py), kept to a few hundred
# cards dealt a game so that the suite stays quick; bench/rule_sets.py runs thousands, larger.
ANY_RULES = settings(max_examples=120, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.slow
@ANY_RULES
@given(drawn=rule_sets(cost=330), seed=st.integers(0, 2**31 - 1))
def test_random_games_under_any_allowed_rule_set_end_with_every_card_somewhere(
    drawn: tuple[dict[str, object], rules.Rules], seed: int
) -> None:
    """T-SIZE, C-UPCARD, C-KEEP, C-END: at 2 to 6 seats, whatever the options, every move the
    random player picks is legal, every card stays somewhere, and the game ends."""
    _, house = drawn
    play_through(house, seed, ["random"] * house.players)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(drawn=rule_sets(cost=170), seed=st.integers(0, 2**31 - 1), data=st.data())
def test_ai_games_under_any_allowed_rule_set_end_with_every_card_somewhere(
    drawn: tuple[dict[str, object], rules.Rules], seed: int, data: st.DataObject
) -> None:
    _, house = drawn
    kinds = [data.draw(st.sampled_from(("greedy", "easy", "normal", "hard")), label="player")
             for _ in range(house.players)]
    play_through(house, seed, kinds)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(drawn=rule_sets(cost=330), seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 250))
def test_the_rule_based_players_propose_only_legal_moves_where_random_play_leaves_them(
    drawn: tuple[dict[str, object], rules.Rules], seed: int, steps: int
) -> None:
    """A person can leave a position no AI would: melds laid under the first meld's minimum, then
    taken back; a pile taken for a meld not yet made. Each level, made afresh there as a review's
    or a hint's player is, must still propose a legal move."""
    _, house = drawn
    game = Game(house, seed=seed)
    rng = random.Random(seed)
    for step in range(steps + 1):
        if game.is_over:
            return
        if step % 25 == 0 or step == steps:
            seat = game.to_move
            for level in ("easy", "normal", "hard"):
                move = make_player(level, seed, seat).choose(game.view(seat)).move
                assert game.refusal(move) is None, f"{level} proposed {move}: {game.refusal(move)}"
        game.apply(_choose(game, rng))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["classic", "eleven", "quick"]), seed=st.integers(0, 2**31 - 1),
       steps=st.integers(0, 400))
def test_the_rule_based_players_propose_only_legal_moves_in_full_size_games_random_play_leaves(
    preset: str, seed: int, steps: int
) -> None:
    game = Game(rules.preset(preset), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(_choose(game, rng))
    if game.is_over:
        return
    seat = game.to_move
    for level in ("easy", "normal", "hard"):
        move = make_player(level, seed, seat).choose(game.view(seat)).move
        assert game.refusal(move) is None, f"{level} proposed {move}: {game.refusal(move)}"
