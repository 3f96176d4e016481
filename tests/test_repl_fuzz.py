"""Random command lines never raise, and a refused line never changes the game."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_repl_support import make_session

from hfcli.repl.commands import BY_WORD
from hfcli.repl.session import EMPTY, ERROR, INFO, OK, QUIT

WORDS = sorted(BY_WORD) + [
    "9", "T", "10", "K", "A", "2", "JK", "3", "7H", "KS", "2C", "JOKER", "wild", "to", ",", "-1", "0", "99",
    "C-PILE", "c-out", "V-OUT", "meldd", "", "  ", "é", "\t", "ZZ", "to to",
]

word = st.sampled_from(WORDS)
structured = st.lists(word, min_size=1, max_size=6).map(" ".join)
free_text = st.text(max_size=20)
line = st.one_of(structured, structured, structured, free_text)

LINES_PER_EXAMPLE = 10
EXAMPLES = 220  # 2,200 lines in all


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50), lines=st.lists(line, min_size=LINES_PER_EXAMPLE, max_size=LINES_PER_EXAMPLE))
def test_random_lines_never_raise_and_refusals_change_nothing(seed: int, lines: list[str]) -> None:
    session, _ = make_session(seed=seed)
    session.start()
    for text in lines:
        before = session.game.clone()
        outcome = session.handle(text)
        assert outcome in (OK, INFO, ERROR, EMPTY, QUIT)
        if outcome in (INFO, ERROR, EMPTY):
            assert session.game == before, text
        if outcome == OK:
            assert session.game.is_over or session.game.to_move == session.human
