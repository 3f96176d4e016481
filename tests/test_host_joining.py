"""Who may sit at a hosted table: the host key kept once, the join code, a guest's name."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from hfcli.host.hostkey import HostKeyError, load_or_make
from hfcli.host.joining import CODE_ALPHABET, CODE_LENGTH, code_matches, name_problem, new_code, same_name


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


def test_a_host_key_others_can_read_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "host_key"
    load_or_make(path)
    os.chmod(path, 0o644)
    before = path.read_bytes()
    with pytest.raises(HostKeyError, match="chmod 600"):
        load_or_make(path)
    assert path.read_bytes() == before


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
])
def test_a_guest_name_is_short_printable_text(name: str, problem: str | None) -> None:
    found = name_problem(name)
    if problem is None:
        assert found is None
    else:
        assert found is not None and problem in found


def test_names_are_the_same_whatever_their_case() -> None:
    assert same_name("ann", " Ann")
    assert not same_name("Ann", "Anna")
