"""Random command lines never raise, and a refused line never changes the game; what a hostile
terminal sends (escape sequences, control characters, NUL bytes, very long lines, bytes that are
not UTF-8) is refused or dropped, piped or in a real pseudo-terminal, and the game goes on."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_repl_support import make_session, raw_control, scripted_moves

from hfcli.repl.commands import BY_WORD
from hfcli.repl.loop import MAX_LINE, run_piped
from hfcli.repl.session import EMPTY, ERROR, INFO, OK, QUIT
from hfcli.transcript.verify import verify_file

ROOT = Path(__file__).resolve().parent.parent

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


@pytest.mark.slow
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50), lines=st.lists(line, min_size=LINES_PER_EXAMPLE, max_size=LINES_PER_EXAMPLE))
def test_random_lines_never_raise_and_refusals_change_nothing(seed: int, lines: list[str]) -> None:
    session, _ = make_session(seed=seed)
    session.start()
    for text in lines:
        before = session.host.game.clone()
        outcome = session.handle(text)
        assert outcome in (OK, INFO, ERROR, EMPTY, QUIT)
        if outcome in (INFO, ERROR, EMPTY):
            assert session.host.game == before, text
        if outcome == OK:
            assert session.host.game.is_over or session.host.game.to_move == session.human


# ---------------------------------------------------------------------------- what a hostile terminal sends

ANSI = ["\x1b[31m", "\x1b[0m", "\x1b[2J", "\x1b[H", "\x1b]0;PWNED\x07", "\x1b[M!!!", "\x1b[M\x7f\x7f\x7f",
        "\x1b[<0;1;1M", "\x1b[<64;999;1m", "\x1b[96;14;13M", "\x1b[6n", "\x1b[12;5R", "\x1bOA", "\x1b[A",
        "\x1b[1;5C", "\x1b[200~pasted\x1b[201~", "\x1b", "\x1bx", "\x9b31m", "\x1b[?1049h"]
# Every C0 control but Ctrl-D (which asks to leave, and the next burst might answer yes) and the
# line ends (which would split a burst in two).
CONTROLS = [chr(c) for c in range(32) if chr(c) not in "\x04\r\n"] + ["\x7f", "\u202e", "\u2028"]
TEXT = ["draw", "meld", "x 9", "play 9 9 9", "é", "♥", "10", "hint", " ", "help"]


def hostile_line(rng: random.Random, longest: int = 2_000) -> str:
    """A line a hostile terminal or a careless paste could send: escape sequences, control
    characters, NUL bytes and text, or a very long line (up to ``longest`` characters; prompt_toolkit
    takes about half a millisecond a character to show a line as it is typed)."""
    if rng.random() < 0.1:
        return rng.choice(TEXT) + "x" * rng.choice([501, longest])
    pieces = rng.choices([ANSI, CONTROLS, TEXT], weights=[4, 3, 3], k=rng.randint(1, 8))
    return "".join(rng.choice(kind) for kind in pieces)


HOSTILE_LINES = st.randoms(use_true_random=False).map(hostile_line)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50), lines=st.lists(HOSTILE_LINES, min_size=5, max_size=5))
def test_hostile_lines_through_the_pipe_loop_change_nothing_and_show_no_control_character(
    seed: int, lines: list[str]
) -> None:
    session, out = make_session(seed=seed)
    session.start()
    before = session.host.game.clone()
    out.clear()
    # Each line holds a control character that is not a space (tab, or the separators Python's
    # split() reads as spaces, are spaces at the table too) or is too long: none is a command.
    lines = [line for line in lines if any(raw_control(c) and not c.isspace() for c in line) or len(line) > MAX_LINE]
    run_piped(session, [line + "\n" for line in lines])
    assert session.host.game == before
    assert not raw_control(out.text)
    assert out.text.count("That line is longer than 500 characters") == sum(len(line) > MAX_LINE for line in lines)


def _moves_and_junk(seed: int, count: int) -> tuple[list[bytes], list[str]]:
    """South's first moves against ``hf play --seed SEED --level easy``, with hostile lines between them."""
    moves = scripted_moves(seed, "easy", count=count)
    rng = random.Random(seed)
    lines: list[bytes] = []
    for move in moves:
        for _ in range(rng.randint(0, 3)):
            junk = hostile_line(rng, longest=1_000_000).encode("utf-8")
            lines.append(junk.replace(b"\x0a", b"").replace(b"\x0d", b"") + rng.choice([b"", b"\xff\xfe"]))
        lines.append(move.encode())
    return lines, moves


PIPED_MOVES = 100


@pytest.mark.e2e
def test_a_piped_game_among_hostile_lines_plays_exactly_its_moves(tmp_path: Path) -> None:
    lines, moves = _moves_and_junk(11, PIPED_MOVES)
    transcript = tmp_path / "g.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "hfcli", "play", "--seed", "11", "--level", "easy", "--speed", "0",
         "--transcript", str(transcript)],
        input=b"\n".join(lines) + b"\n", capture_output=True, timeout=120, cwd=ROOT,
    )
    out, err = done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, err[-2000:]
    assert "Traceback" not in out + err and not raw_control(out + err)
    assert "Input ended before the game did." in out
    recorded = [json.loads(t)["move"] for t in transcript.read_text().splitlines() if '"e":"move","seat":"S"' in t]
    assert recorded == moves  # every junk line refused, every move played, in order
    assert len(lines) - len(moves) >= PIPED_MOVES  # about as many hostile lines as moves


PTY_BURSTS = 30


@pytest.mark.slow
@pytest.mark.e2e
def test_hostile_bursts_in_a_real_pseudo_terminal_never_stop_the_table(tmp_path: Path) -> None:
    import pexpect

    transcript = tmp_path / "g.jsonl"
    child = pexpect.spawn(
        sys.executable, ["-m", "hfcli", "play", "--seed", "7", "--speed", "0", "--transcript", str(transcript)],
        cwd=str(ROOT), encoding="utf-8", codec_errors="replace", timeout=20, dimensions=(40, 120),
        env={**os.environ, "TERM": "xterm", "LC_ALL": "C.UTF-8", "PROMPT_TOOLKIT_NO_CPR": "1"},
    )
    rng = random.Random(7)
    shown: list[str] = []
    prompt = r"South \((draw|meld/discard)\)>|May your partner go out\? \[y/n\]"
    try:
        child.expect(prompt)
        for _ in range(PTY_BURSTS):
            shown.append(child.before)
            child.send(hostile_line(rng))
            child.send("\r")
            child.send("score\r")  # a command whose answer marks the end of the burst's
            child.expect(r"Game so far|No deal finished yet")
            child.expect(prompt)
        shown.append(child.before)
        child.send("quit\r")
        child.expect(r"Leave the game\?")
        child.send("y\r")
        child.expect(pexpect.EOF)
        shown.append(child.before)
    finally:
        child.close(force=True)
    screen = "".join(shown)
    assert "Traceback" not in screen and "Unhandled exception" not in screen and "Press ENTER" not in screen
    assert child.exitstatus == 0
    assert verify_file(transcript).summary
