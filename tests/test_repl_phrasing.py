"""Moves said as a card player says them: words, plurals, '3 of clubs', typos answered with a guess.

Whatever is typed, the engine, the transcript and the screen get the one notation.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_repl_support import make_session

from hfcli.engine.cards import parse_cards
from hfcli.repl.reading import read_line
from hfcli.repl.session import ERROR, OK

# K K Q Q J 10 9 8 7 7 7 3 2 2 JK, with open melds of sevens and wild cards.
HAND = parse_cards("KH KS QC QD JC TC 9D 8D 7C 7C 7S 3C 2D 2S JK")
OPEN = {"7", "wild"}


@pytest.mark.parametrize(("line", "move"), [
    ("pick up", "pickup"),
    ("pick up the pile", "pickup"),
    ("take", "pickup"),
    ("take pile", "pickup"),
    ("take the pile", "pickup"),
    ("draw from the stock", "draw"),
    ("discard king", "discard K"),
    ("discard a king", "discard K"),
    ("discard a", "discard A"),  # alone, "a" is an ace
    ("meld A A JK", "meld A A JK"),  # and before a rank in notation too: two aces and a joker
    ("meld a a a", "meld A A A"),
    ("discard ten", "discard T"),
    ("discard deuce", "discard 2"),
    ("discard 3 of clubs", "discard 3C"),
    ("discard 3c", "discard 3C"),
    ("discard 3C", "discard 3C"),
    ("discard ten of hearts", "discard TH"),
    ("discard 10♣", "discard TC"),  # a card copied from the table
    ("meld 3 kings", "meld K K K"),
    ("meld two kings and a deuce", "meld K K 2"),
    ("meld kings 2", "meld K K 2"),  # a plural is every card of the rank held
    ("meld queens, jack jack joker", "meld Q Q, J J JK"),
    ("meld 7s", "meld 7 7 7"),  # alone in its meld, 7s is the sevens, not the seven of spades
    ("meld 7s 7h 7d", "meld 7S 7H 7D"),
    ("add Q Q to queens", "add Q Q to Q"),
    ("add q q to the queens meld", "add Q Q to Q"),
    ("add joker to the wild meld", "add JK to wild"),
    ("add 2 to 10s", "add 2 to T"),
    ("play 7s", "add 7 7 7 to 7"),  # sevens are open: play adds to them
    ("play sevens", "add 7 7 7 to 7"),
    ("play kings", "meld K K"),  # no open kings: play melds
    ("play 2 joker", "add 2 JK to wild"),
    ("play 9 2 on nines", "add 9 2 to 9"),
    ("play 9 9 9, K K 2", "meld 9 9 9, K K 2"),
    # "and" between melds of two ranks separates them as a comma does; after it, wild cards or the
    # same rank join the meld before.
    ("meld kings and queens", "meld K K, Q Q"),
    ("meld kings and queens and sevens", "meld K K, Q Q, 7 7 7"),
    ("meld kings and 7s", "meld K K, 7 7 7"),
    ("meld queens and a joker", "meld Q Q JK"),
    ("meld a king and one king", "meld K K"),
    ("meld kings and queens, 9 9 9", "meld K K, Q Q, 9 9 9"),
    ("play kings and queens", "meld K K, Q Q"),
    ("add 2 and joker to wild", "add 2 JK to wild"),
])
def test_natural_phrasing_reads_as_the_one_notation(line: str, move: str) -> None:
    reading = read_line(line, HAND, OPEN)
    assert (reading.move, reading.error) == (move, None)


@pytest.mark.parametrize(("line", "error"), [
    ("discard kign", "'kign' is not a card or rank; did you mean king?"),
    ("add 2 to qeens", "'qeens' is not a meld; did you mean queens?"),
    ("meld aces", "'aces': you hold no aces"),
    ("meld 9 9 zz", "'zz' is not a card or rank (e.g. 9, 10, K, king, 2, JK, 9H, 3 of clubs)"),
    ("discard joker of spades", "a joker has no suit: say joker or JK"),
    ("p now", "'p' (pickup) takes nothing after it; type just 'p'"),
])
def test_a_phrase_that_cannot_be_read_says_why(line: str, error: str) -> None:
    reading = read_line(line, HAND, OPEN)
    assert (reading.move, reading.error) == (None, error)


@pytest.mark.parametrize(("typed", "guess"), [
    ("drwa", "draw"), ("dicsard", "discard"), ("mled", "meld"), ("pikcup", "pickup"), ("hlep", "help"),
])
def test_a_typo_is_answered_with_the_closest_command(typed: str, guess: str) -> None:
    session, out = make_session()
    session.start()
    before = session.host.game.clone()
    out.clear()
    assert session.handle(typed) == ERROR
    assert out.lines == [f"Unknown command {typed!r}; did you mean {guess}? Type help for the list."]
    assert session.host.game == before
    out.clear()
    assert session.handle("frobnicate") == ERROR
    assert out.lines == ["Unknown command 'frobnicate'; type help for the list."]


def test_a_turn_played_in_words_is_recorded_in_notation() -> None:
    session, out = make_session(seed=7)  # seed 7: South holds K K Q J 10 9 8 7 7 6 4 2 2; a 6 on the pile
    session.start()
    assert session.handle("pick up") == ERROR  # one six in hand: the pile cannot be taken
    assert "Not allowed (C-PILE)" in out.lines[-1]
    assert session.handle("draw from the stock") == OK
    assert session.handle("meld two kings and a deuce, sevens 2") == OK
    assert "You meld K K 2, 7 7 2." in out.text
    assert session.handle("discard a ten") == OK
    assert "You discard 10♣." in out.text
    assert [entry.move for entry in session.log if entry.seat == 0] == ["draw", "meld K K 2, 7 7 2", "discard T"]


def test_a_refused_phrase_quotes_what_was_typed() -> None:
    session, out = make_session(seed=7)
    session.start()
    session.handle("draw")
    out.clear()
    assert session.handle("discard two kings") == ERROR
    assert out.lines == ["Can't read that: 'discard two kings': discard exactly one card"]
    out.clear()
    assert session.handle("discard ace of spades") == ERROR
    assert out.lines == ["Not allowed (C-DISCARD): you hold no AS"]


def test_piped_play_in_words_plays_as_a_person_expects(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from hfcli.cli import main
    from hfcli.transcript import replay

    path = tmp_path / "words.jsonl"
    typed = "pick up\nplay queens\nmeld 3 fives\ndiscard king\ndrwa\nquit\ny\n"
    result = CliRunner().invoke(main, ["play", "--seed", "4", "--speed", "0", "--transcript", str(path)],
                                input=typed)
    assert result.exit_code == 0
    out = result.output
    # seed 4: South holds A K Q Q Q 8 8 7 7 5 5 5 3 and an 8 tops the pile (C-PILE: a pair of eights)
    for told in ("South (draw)> pick up\nYou take the pile, 1 card: 8♠.",
                 "South (meld/discard)> play queens\nYou meld Q Q Q.",
                 "South (meld/discard)> meld 3 fives\nYou meld 5 5 5.",
                 "South (meld/discard)> discard king\nYou discard K♠",
                 "South (draw)> drwa\nUnknown command 'drwa'; did you mean draw? Type help for the list."):
        assert told in out, told
    recorded = [m.move for m in replay(path).moves if m.seat == 0]
    assert recorded == ["pickup", "meld Q Q Q", "meld 5 5 5", "discard K"]  # the one notation
