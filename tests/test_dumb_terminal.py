"""A terminal that shows text only (TERM=dumb, or no TERM at all): no colour, no cursor movement,
nothing but the text, in a real pseudo-terminal."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from hfcli.repl.style import color_wanted

pytestmark = pytest.mark.e2e
pexpect = pytest.importorskip("pexpect", reason="pexpect drives the pseudo-terminal")


@pytest.mark.parametrize(("term", "no_color", "wanted"), [
    ("xterm-256color", None, True), ("dumb", None, False), ("DUMB", None, False), ("unknown", None, False),
    (None, None, False), ("", None, False), ("xterm-256color", "1", False),
])
def test_colour_only_on_a_terminal_that_names_a_type_other_than_dumb(
    monkeypatch: pytest.MonkeyPatch, term: str | None, no_color: str | None, wanted: bool
) -> None:
    for name, value in (("TERM", term), ("NO_COLOR", no_color)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert color_wanted(True) is wanted
    assert color_wanted(False) is False


def spawn(tmp_path: Path, term: str | None, *args: str) -> pexpect.spawn:
    env = {key: value for key, value in os.environ.items() if key not in ("TERM", "NO_COLOR")}
    if term is not None:
        env["TERM"] = term
    return pexpect.spawn(sys.executable, ["-m", "hfcli", *args], timeout=30, dimensions=(24, 80),
                         env={**env, "HF_DATA_DIR": str(tmp_path), "PROMPT_TOOLKIT_NO_CPR": "1"})


def session_bytes(tmp_path: Path, term: str | None) -> bytes:
    """Every byte of a short ``hf play`` session (draw, melds, quit) as the terminal receives it."""
    child = spawn(tmp_path, term, "play", "--seed", "3", "--speed", "0", "--transcript", str(tmp_path / "g.jsonl"))
    child.logfile_read = io.BytesIO()
    try:
        for answer, prompt in (("draw", rb"South \(draw\)>"), ("melds", rb"\(meld/discard\)>"),
                               ("quit", rb"\(meld/discard\)>"), ("y", rb"\[y/N\]")):
            child.expect(prompt)
            child.sendline(answer)
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    return child.logfile_read.getvalue()


# What prompt_toolkit writes once, when its prompt is made (its renderer's reset shows the cursor),
# even where it then reads lines as on a dumb terminal: neither colour nor cursor movement.
SHOW_CURSOR = b"\x1b[?12l\x1b[?25h"


@pytest.mark.parametrize("term", ["dumb", None])
def test_the_table_on_a_dumb_terminal_writes_no_colour_and_no_cursor_movement(
    tmp_path: Path, term: str | None
) -> None:
    shown = session_bytes(tmp_path, term)
    assert b"South (draw)> draw" in shown and b"You leave the table." in shown
    assert shown.count(SHOW_CURSOR) <= 1
    assert b"\x1b" not in shown.replace(SHOW_CURSOR, b"")


def test_the_table_on_a_terminal_that_shows_colour_is_in_colour(tmp_path: Path) -> None:
    # The same session as above on an xterm: red suits and a bold prompt, so the test above would see them.
    shown = session_bytes(tmp_path, "xterm-256color")
    assert b"\x1b[31m" in shown and b"\x1b[" in shown.replace(b"\x1b[31m", b"")


def test_hf_simulate_on_a_dumb_terminal_draws_no_progress_bar(tmp_path: Path) -> None:
    child = spawn(tmp_path, "dumb", "simulate", "--games", "2", "--rules", "quick", "--seed", "1")
    child.logfile_read = io.BytesIO()
    try:
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    shown = child.logfile_read.getvalue()
    assert child.exitstatus == 0 and b"games" in shown
    assert b"\x1b" not in shown and b"\r" not in shown.replace(b"\r\n", b"")
