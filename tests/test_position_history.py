"""A game built from a position with the public history before it: its views are the views of the
game it was written from, so players that remember the game so far play on as they would have."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.levels import make_player


def played(seed: int, moves: int) -> Game:
    game = Game(preset("quick"), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_moves()
        game.apply(rng.choice([m for m in legal if m.kind != "undo"] or legal))
    return game


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 120), later=st.integers(0, 40))
def test_with_the_history_every_view_is_the_original_games_and_stays_so(seed: int, moves: int, later: int) -> None:
    original = played(seed, moves)
    rebuilt = Game.from_position(original.to_position(), original.events)
    rng = random.Random(seed + 1)
    for _ in range(later + 1):
        for seat in original.seating.seats:
            assert rebuilt.view(seat) == original.view(seat)
        if original.is_over:
            break
        legal = original.legal_moves()
        move = rng.choice([m for m in legal if m.kind != "undo"] or legal)
        assert rebuilt.apply(move) == original.apply(move)
    assert rebuilt.clone().view(0) == original.view(0)


def test_the_history_keeps_public_forms_only_and_without_it_the_views_start_with_none() -> None:
    original = played(3, 60)
    drawn = [e for e in original.events if e.private]
    assert drawn  # cards drawn and red threes replaced: private to their seat
    rebuilt = Game.from_position(original.to_position(), original.events)
    assert all(not e.private for e in rebuilt.view(0).history)
    assert len(rebuilt.view(0).history) == len(original.events)
    assert rebuilt.events == []  # what the game itself did: nothing yet
    assert len(Game.from_position(original.to_position()).view(0).history) == 0


def test_the_ai_plays_on_from_a_position_with_its_history_as_in_the_original_game() -> None:
    # The rule-based AI remembers who took which cards from the pile; with the history a game built
    # from a position gives every AI seat the same choices as the game it was written from.
    original = Game(preset("classic"), 21)
    players = [make_player("normal", 21, s) for s in original.seating.seats]
    for _ in range(150):
        original.apply(players[original.to_move].choose(original.view(original.to_move)).move)
    rebuilt = Game.from_position(original.to_position(), original.events)
    fresh = [make_player("normal", 21, s) for s in original.seating.seats]
    for _ in range(100):
        seat = original.to_move
        move = players[seat].choose(original.view(seat)).move
        assert fresh[seat].choose(rebuilt.view(seat)).move == move
        original.apply(move)
        rebuilt.apply(move)
