"""Fairness: a seat's view depends only on what that seat may see. Changing any card it cannot
see (other hands, every unpicked foot, the stock's order) leaves its view unchanged."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hfcli import rules
from hfcli.engine.game import Game
from hfcli.engine.view import SeatView

SMALL = {"decks": 2, "hand_size": 6, "foot_size": 6, "deals": 2, "meld_minimums": [30]}


def _play_to(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        moves = game.legal_moves()
        melds = [m for m in moves if m.kind in ("meld", "add")]
        game.apply(rng.choice(melds if melds and rng.random() < 0.7 else
                              [m for m in moves if m.kind != "undo"] or moves))


def _scramble_hidden(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` with every card ``seat`` cannot see dealt out again at random."""
    copy = game.clone()
    others = [s for s in copy.seating.seats if s != seat]
    feet = [s for s in copy.seating.seats if copy.feet[s] is not None]
    hidden = [c for s in others for c in copy.hands[s]]
    hidden += [c for s in feet for c in copy.feet[s] or []]
    hidden += copy.stock
    rng.shuffle(hidden)
    for s in others:
        n = len(copy.hands[s])
        copy.hands[s], hidden = hidden[:n], hidden[n:]
    for s in feet:
        n = len(copy.feet[s] or [])
        copy.feet[s], hidden = hidden[:n], hidden[n:]
    copy.deal.stock = hidden
    return copy


def _assert_same_view(a: SeatView, b: SeatView) -> None:
    for field in dataclasses.fields(SeatView):
        assert getattr(a, field.name) == getattr(b, field.name), field.name
    assert a == b


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 400), preset=st.sampled_from(["classic", "eleven"]))
def test_view_ignores_every_card_the_seat_cannot_see(seed: int, steps: int, preset: str) -> None:
    game = Game(rules.from_mapping({"preset": preset, **SMALL}), seed=seed)
    rng = random.Random(seed)
    _play_to(game, rng, steps)
    for seat in game.seating.seats:
        changed = _scramble_hidden(game, seat, rng)
        assert changed.card_total() == game.card_total()
        _assert_same_view(game.view(seat), changed.view(seat))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 400))
def test_view_history_holds_no_private_cards(seed: int, steps: int) -> None:
    game = Game(rules.from_mapping(SMALL), seed=seed)
    _play_to(game, random.Random(seed), steps)
    for seat in game.seating.seats:
        view = game.view(seat)
        assert all(not e.private for e in view.history)
        assert len(view.history) == len(game.events)


def test_view_shows_own_hand_and_only_sizes_of_others() -> None:
    game = Game(rules.CLASSIC, seed=9)
    view = game.view(1)
    assert sorted(c.code for c in view.hand) == sorted(c.code for c in game.hands[1])
    assert view.hand_sizes == tuple(len(h) for h in game.hands)
    assert view.foot_sizes == (13, 13, 13, 13) and view.stock_size == len(game.stock)
    assert view.pile_top == game.pile[-1] and view.legal_moves == ()
    assert game.view(0).legal_moves == tuple(game.legal_moves())
