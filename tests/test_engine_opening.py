"""The best first-meld value (hfcli.opening) agrees with an exhaustive search over the engine's
own legal moves: it decides whether a partnership that has not melded may take the pile (C-PILE,
C-MIN), so an overestimate would strand a player and an underestimate would refuse a pickup."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from positions import position

from hfcli.engine.cards import JOKER, TWO
from hfcli.engine.game import Game
from hfcli.engine.opening import max_opening_value
from hfcli.engine.rules import CLASSIC, ELEVEN, Rules

TOKENS = ["4", "9", "9", "9", "K", "K", "A", "2", "2", "JK"]


def _best_by_search(game: Game) -> int:
    best = 0
    seen: set[str] = set()
    stack = [game]
    while stack:
        g = stack.pop()
        key = g.to_position()
        if key in seen:
            continue
        seen.add(key)
        best = max(best, g.turn.opening_value)
        for move in g.legal_moves():
            if move.kind in ("meld", "add"):
                nxt = g.clone()
                nxt.apply(move)
                stack.append(nxt)
    return best


def _check(tokens: list[str], rules: Rules) -> None:
    # Black threes keep the hand from emptying (they never meld), so C-MIN's foot rule stays out of the way.
    g = position(f"S hand: {' '.join(tokens)} 3 3\nturn: S meld\ndeal: 4", rules=rules)
    counts = [0] * 14
    for c in g.hands[0]:
        counts[c.rank] += 1
    assert max_opening_value(counts, counts[TWO], counts[JOKER], rules) == _best_by_search(g)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), min_size=3, max_size=9))
def test_C_MELDING_best_first_meld_value_matches_search_classic(tokens: list[str]) -> None:
    _check(tokens, CLASSIC)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), min_size=3, max_size=9))
def test_C_MELDING_best_first_meld_value_matches_search_eleven(tokens: list[str]) -> None:
    _check(tokens, ELEVEN)


def test_C_MELDING_best_first_meld_examples() -> None:
    _check("9 9 9 9 9 9 9 9 9 2 2 JK".split(), CLASSIC)
    _check("9 9 9 9 2 2 JK K K".split(), ELEVEN)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), min_size=2, max_size=8), st.sampled_from(["9", "K", "2", "JK"]),
       st.sampled_from([1, 2, 3]))
def test_C_PILE_an_allowed_first_meld_pickup_can_always_reach_the_minimum(
    tokens: list[str], top: str, deal: int
) -> None:
    g = position(f"S hand: {' '.join(tokens)} 3 3\npile: 5 {top}\ndeal: {deal}")
    if g.is_legal("pickup"):
        g.apply("pickup")
        assert _best_by_search(g) >= g.minimum
    else:
        assert g.legal_moves()[0].kind == "draw"
