"""Who may sit at a hosted table: the host key kept once, the join code, a guest's name."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from hfcli.host.hostkey import HostKeyError, load_or_make
from hfcli.host.joining import (
    CODE_ALPHABET,
    CODE_LENGTH,
    code_matches,
    name_problem,
    new_code,
    plain_name,
    same_name,
)
from hfcli.system.printable import one_line_of_words


@pytest.mark.host
def test_the_host_key_is_made_once_owner_only_and_then_read_never_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "data" / "host_key"
    first = load_or_make(path)
    assert first.made
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    written = path.read_bytes()
    again = load_or_make(path)
    assert not again.made
    assert again.fingerprint == first.fingerprint
    assert again.fingerprint.startswith("SHA256:")
    assert path.read_bytes() == written


@pytest.mark.host
def test_a_host_key_others_can_read_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "host_key"
    load_or_make(path)
    os.chmod(path, 0o644)
    before = path.read_bytes()
    with pytest.raises(HostKeyError, match="chmod 600"):
        load_or_make(path)
    assert path.read_bytes() == before


@pytest.mark.host
def test_a_file_that_is_not_a_key_is_refused_not_replaced(tmp_path: Path) -> None:
    path = tmp_path / "host_key"
    path.write_bytes(b"my notes\n")
    os.chmod(path, 0o600)
    with pytest.raises(HostKeyError, match="not a private key"):
        load_or_make(path)
    assert path.read_bytes() == b"my notes\n"


def test_a_join_code_is_eight_letters_of_the_unambiguous_alphabet_and_fresh_each_time() -> None:
    codes = {new_code() for _ in range(50)}
    assert len(codes) == 50
    for code in codes:
        letters = code.replace("-", "")
        assert len(letters) == CODE_LENGTH
        assert set(letters) <= set(CODE_ALPHABET)
    assert not set("01iol") & set(CODE_ALPHABET)


def test_the_code_matches_as_read_out_case_dashes_and_spaces_aside() -> None:
    assert code_matches("k7mq-x2pa", "k7mq-x2pa")
    assert code_matches(" K7MQ X2PA ", "k7mq-x2pa")
    assert code_matches("k7mqx2pa", "k7mq-x2pa")
    assert not code_matches("k7mq-x2pb", "k7mq-x2pa")
    assert not code_matches("k7mq", "k7mq-x2pa")
    assert not code_matches("", "k7mq-x2pa")
    assert not code_matches("k7mq-x2pa\udcff", "k7mq-x2pa")  # a byte that was not text


@pytest.mark.parametrize(("name", "problem"), [
    ("Ann", None),
    ("  Ann  ", None),
    ("", "blank"),
    ("   ", "blank"),
    ("A" * 21, "at most 20 characters, not 21"),
    ("Ann\x1b[2J", "do not print"),
    ("Ann\u202e", "do not print"),
    # Names that pass for others, each as a guest tried it at a hosted table.
    ("\u0397ost", "mixes letters of 2 alphabets (greek, latin)"),  # a Greek capital Eta
    ("\u3164", "shows as a blank"),  # Hangul filler
    ("\u2800\u2800\u2800", "shows as a blank"),  # braille blanks
    ("Ann\u2800Lee", "shows as a blank"),
    ("South (Host)", "has '('; a name has letters, digits, spaces and . ' - _ & only"),
    ("Ann: hi", "has ':'"),
    ("Ann" + "\u0301" * 19, "piles up accents; a letter has at most 2"),
    ("\uff28\uff4f\uff53\uff54", "'Host' is one of the table's own words"),  # fullwidth letters, read as plain
    ("North", "one of the table's own words"),
    ("n", "one of the table's own words"),
    ("AI", "one of the table's own words"),
    ("1234", "a name needs a letter"),
    ("\uff21" * 21, "at most 20 characters, not 21"),
    # Real names in their own scripts, with their accents.
    ("Zoë", None), ("Nguyễn", None), ("O'Brien", None), ("Jean-Luc", None), ("山田 太郎", None),
    ("김민수", None), ("Дмитрий", None), ("Ἀλέξανδρος", None), ("Ann Lee 2", None), ("Ann   Lee", None),
])
def test_a_guest_name_is_short_printable_text(name: str, problem: str | None) -> None:
    found = name_problem(name, ("South", "West", "North", "East", "S", "W", "N", "E"))
    if problem is None:
        assert found is None
    else:
        assert found is not None and problem in found


def test_names_are_the_same_whatever_their_case() -> None:
    assert same_name("ann", " Ann")
    assert not same_name("Ann", "Anna")


def test_names_that_look_the_same_are_the_same() -> None:
    assert same_name("Tiny", "tiny")
    assert same_name("Ace", "\u0410\u0441\u0435")  # all three Cyrillic
    assert same_name("Host", "\u0397\u03bf\u0455\u0442")  # Greek and Cyrillic letters that look Latin
    assert same_name("Host", "\uff28\uff4f\uff53\uff54")  # fullwidth
    assert same_name("Zoe", "Zoë") and same_name("Ann Lee", "AnnLee")
    assert plain_name("  \uff21nn   Lee ") == "Ann Lee"


def test_a_line_said_padded_with_blanks_stays_on_its_row() -> None:
    padded = "good game" + " " * 70 + "\u2800" * 30 + "The host stopped the table."
    assert one_line_of_words(padded) == "good game The host stopped the table."
    assert one_line_of_words("a\tb\n c") == "a b c"
