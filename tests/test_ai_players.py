"""The players as a whole: hidden information, determinism, the baselines, reasons."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import Decision
from hfcli.engine.cards import Card
from hfcli.engine.game import Game
from hfcli.engine.moves import Move
from hfcli.engine.reasons import Reason
from hfcli.engine.rules import preset
from hfcli.levels import make_player, recorded
from hfcli.table.match import play_game
from hfcli.text.reason_text import sentence

CLASSIC = preset("classic")


def advance(game: Game, kind: str, seed: int, moves: int) -> None:
    play_game(game, [make_player(kind, seed, s) for s in range(4)], max_moves=moves)


def hide_and_shuffle(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game with every card ``seat`` cannot see dealt differently: the other hands, all
    feet not picked up and the stock are pooled, shuffled and dealt back in the same sizes."""
    other = game.clone()
    pockets: list[list[Card]] = [other.stock]
    pockets += [other.hands[s] for s in range(4) if s != seat]
    pockets += [f for f in other.feet if f is not None]
    pool = [c for p in pockets for c in p]
    rng.shuffle(pool)
    for p in pockets:
        n = len(p)
        p[:] = pool[:n]
        del pool[:n]
    return other


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 400), kind=st.sampled_from(["normal", "hard", "greedy"]))
def test_move_does_not_depend_on_cards_it_cannot_see(seed: int, moves: int, kind: str) -> None:
    game = Game(CLASSIC, seed=seed)
    advance(game, kind, seed, moves)
    if game.is_over:
        return
    seat = game.to_move
    other = hide_and_shuffle(game, seat, random.Random(seed))
    assert other.view(seat) == game.view(seat)
    assert other != game or game.stock == []
    a = make_player(kind, seed, seat).choose(game.view(seat))
    b = make_player(kind, seed, seat).choose(other.view(seat))
    assert a == b


@pytest.mark.parametrize("kind", ["greedy", "easy", "normal", "hard"])
def test_same_seed_same_game(kind: str) -> None:
    games = []
    for _ in range(2):
        game = Game(CLASSIC, seed=11)
        play_game(game, [make_player(kind, 11, s) for s in range(4)])
        games.append(game)
    assert games[0] == games[1]
    assert games[0].result is not None and games[0].result.totals == games[1].result.totals
    assert games[0].events == games[1].events


def test_every_kind_plays_both_presets_to_the_end() -> None:
    for rules in (CLASSIC, preset("eleven")):
        game = Game(rules, seed=5)
        kinds = ["greedy", "easy", "normal", "hard"]
        play_game(game, [make_player(kinds[s], 5, s) for s in range(4)])
        assert game.is_over and game.card_total() == rules.card_count


def test_every_decision_has_a_reason_that_is_said_and_kept() -> None:
    game = Game(CLASSIC, seed=2)
    players = [make_player("normal", 2, s) for s in range(4)]
    seen: set[str] = set()
    for _ in range(600):
        if game.is_over:
            break
        decision = players[game.to_move].choose(game.view(game.to_move))
        why = decision.reason
        assert why is not None, decision
        # Said in words, and kept as data that reads back as it was.
        assert sentence(why, game.seating.long_names), decision
        assert Reason.from_json(json.loads(json.dumps(why.to_json()))) == why
        assert Move.parse(str(decision.move)) == decision.move
        seen.add(decision.move.kind)
        game.apply(decision.move)
    assert {"draw", "discard", "meld"} <= seen


def test_greedy_never_takes_the_pile_while_the_stock_lasts() -> None:
    game = Game(CLASSIC, seed=4)
    players = [make_player("greedy", 4, s) for s in range(4)]
    kinds: list[str] = []

    def watch(g: Game, decision: Decision) -> None:
        kinds.append(decision.move.kind)
        if decision.move.kind == "pickup":
            assert not g.stock

    play_game(game, players, on_decision=watch)
    assert "draw" in kinds and "meld" in kinds


def test_greedy_discards_its_highest_card() -> None:
    from test_ai_strategy import position

    game = position("4C 9D KS AH 5D", phase="meld")
    decision = make_player("greedy", 1, 0).choose(game.view(0))
    assert str(decision.move) == "discard A"


def test_unknown_kind() -> None:
    with pytest.raises(ValueError, match="unknown player 'master'"):
        make_player("master", 1, 0)
    assert recorded() == ("random", "greedy", "easy", "normal", "hard", "expert")
