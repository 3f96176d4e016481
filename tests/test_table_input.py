"""What a terminal sends the table besides typed commands: pastes of several lines, a paste whose
end never comes, a huge typed paste, Ctrl-Z, Ctrl-\\."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys
from test_e2e_terminal import TMUX, Terminal
from test_repl_support import Captured, make_session, recorded_session

from hfcli.repl import loop
from hfcli.repl.key_reader import TableKeyParser
from hfcli.repl.session import Session

ROOT = Path(__file__).resolve().parent.parent
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"


def _run_prompt_loop(keys: str, seconds: float = 30) -> tuple[Session, Captured, list[BaseException]]:
    """``run_terminal`` fed ``keys`` through a pipe, in a thread (a loop that hangs fails the test);
    the pipe ends after the keys (EOF twice leaves)."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    session, out = make_session(seed=7)
    session.start()
    errors: list[BaseException] = []

    def run() -> None:
        try:
            with create_pipe_input() as pipe:
                pipe.send_text(keys)
                pipe.close()
                loop.run_terminal(session, input=pipe, output=DummyOutput())
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"the loop is stuck; the screen ends:\n{out.text[-800:]}"
    return session, out, errors


# ---------------------------------------------------------------------------- pastes of several lines


def test_a_pasted_text_of_two_lines_runs_each_line() -> None:
    session, out, errors = _run_prompt_loop(f"{PASTE_START}draw\nhand{PASTE_END}\r")
    assert errors == []
    assert "takes nothing after it" not in out.text
    assert "You draw" in out.text
    assert "South (meld/discard)> hand" in out.text  # the second line shown after the prompt it ran at
    assert out.text.count("Your hand (15)") == 2  # shown after the draw, and by the second line


def test_a_pasted_line_the_table_refuses_stops_the_lines_after_it() -> None:
    session, out, errors = _run_prompt_loop(f"{PASTE_START}meld\r\ndraw\r\nhand\r\n{PASTE_END}\r")
    assert errors == []
    assert "The rest of the paste (2 lines) was not run." in out.text
    assert "You draw" not in out.text and len(session.host.game.hands[0]) == 13


# ---------------------------------------------------------------------------- a paste with no end


def _keys_of(parser_input: list[str], flush_after: int) -> list[KeyPress]:
    keys: list[KeyPress] = []
    parser = TableKeyParser(keys.append)
    for number, data in enumerate(parser_input):
        parser.feed(data)
        if number == flush_after:
            parser.flush()  # the input went quiet
    return keys


def test_a_paste_start_with_no_end_ends_when_the_input_goes_quiet() -> None:
    keys = _keys_of([f"{PASTE_START}dra", "w\r"], flush_after=0)
    assert [(k.key, k.data) for k in keys] == [("d", "d"), ("r", "r"), ("a", "a"), ("w", "w"), (Keys.ControlM, "\r")]


def test_the_end_marker_of_a_paste_ended_early_is_not_typed() -> None:
    keys = _keys_of([f"{PASTE_START}dr\r", f"w{PASTE_END}\r"], flush_after=0)
    assert [(k.key, k.data) for k in keys] == [("d", "d"), ("r", "r"), (Keys.ControlM, "\r"), ("w", "w"),
                                               (Keys.ControlM, "\r")]


def test_a_whole_paste_is_one_paste_however_it_arrives() -> None:
    keys = _keys_of([f"{PASTE_START}dr", "aw", f"\nhand{PASTE_END}x"], flush_after=-1)
    assert [(k.key, k.data) for k in keys] == [(Keys.BracketedPaste, "draw\nhand"), ("x", "x")]


# ---------------------------------------------------------------------------- a long typed paste


def test_printable_characters_past_a_line_in_a_row_never_reach_the_prompt() -> None:
    keys = _keys_of(["a" * 20_000 + "\r" + "b" * 3], flush_after=-1)
    typed = "".join(k.data for k in keys)
    assert typed == "a" * 501 + "\rbbb"  # Enter starts a new line, which may be as long again


def test_an_escape_sequence_before_a_long_typed_line_does_not_shorten_it() -> None:
    # The terminal's answer to where the cursor is (ESC[24;1R) arrives as the prompt starts.
    keys = _keys_of(["\x1b[24;1R" + "a" * 1000 + "\x1b[D" + "b" * 1000], flush_after=-1)
    assert [k.key for k in keys].count("a") == 501 and [k.key for k in keys].count("b") == 501


def test_a_long_typed_line_stops_growing_at_the_limit_and_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []
    refuse = loop.refused

    def seen(session: Session, line: str) -> bool:
        read.append(line)
        return refuse(session, line)

    monkeypatch.setattr(loop, "refused", seen)
    session, out, errors = _run_prompt_loop("a" * 20_000 + "\rdraw\r")
    assert errors == []
    assert [len(line) for line in read[:2]] == [loop.MAX_LINE + 1, 4]  # the first line kept 501 of 20,000
    assert "That line is longer than 500 characters" in out.text and "You draw" in out.text


def test_a_long_bracketed_paste_is_cut_at_the_limit_and_refused_whole() -> None:
    session, out, errors = _run_prompt_loop(f"{PASTE_START}draw\n{'hand ' * 200}{PASTE_END}\r")
    assert errors == []
    assert "That line is longer than 500 characters" in out.text
    assert "You draw" not in out.text  # not even its first line: it was written as one


# ---------------------------------------------------------------------------- a real terminal


@pytest.fixture
def shell(tmp_path: Path) -> Iterator[Terminal]:
    """An interactive shell in a real terminal (tmux) of 80x24, with job control for Ctrl-Z."""
    if TMUX is None:
        pytest.skip("tmux is not installed, so there is no real terminal to drive")
    term = Terminal(f"hf-test-{uuid.uuid4().hex[:8]}", "play")
    # COLUMNS and LINES left in the environment by another test would override the pane's size.
    env = {**{k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")},
           "HF_DATA_DIR": str(tmp_path), "TERM": "xterm-256color", "PS1": "$ "}
    subprocess.run([TMUX, "-L", term.socket, "new-session", "-d", "-s", "play", "-x", "80", "-y", "24",
                    "bash --norc --noprofile -i"], env=env, check=True, timeout=10, cwd=ROOT)
    try:
        yield term
    finally:
        term.tmux("kill-server")


def _play(terminal: Terminal, tmp_path: Path, speed: str) -> None:
    command = shlex.join([sys.executable, "-m", "hfcli", "play", "--seed", "7", "--speed", speed,
                          "--transcript", str(tmp_path / "game.jsonl")])
    terminal.tmux("send-keys", "-t", "play", "-l", f"{command}; echo EXITED $?")
    terminal.send("Enter")
    terminal.wait_for("South (draw)>", 30)


@pytest.mark.e2e
def test_a_paste_start_with_no_end_does_not_eat_the_game_in_a_real_terminal(shell: Terminal, tmp_path: Path) -> None:
    _play(shell, tmp_path, "0")
    shell.tmux("send-keys", "-t", "play", "-l", f"{PASTE_START}draw")
    shell.send("Enter")
    shown = shell.wait_for("You draw")
    assert "Traceback" not in shown


def test_ctrl_z_suspends_the_game_and_fg_redraws_the_table(shell: Terminal, tmp_path: Path) -> None:
    _play(shell, tmp_path, "0")
    shell.send("dr")
    shell.send("C-z")
    shown = shell.wait_for("Stopped")
    assert "^Z" not in shown and shown.count("Pile: 6♦ on top") == 1
    shell.send("fg", "Enter")
    _wait_for_count(shell, "Pile: 6♦ on top", 2)  # the table drawn again under the shell's lines
    _wait_for_count(shell, "South (draw)> dr", 2)  # and the line as it was, to go on with
    shell.send("aw", "Enter")
    shown = shell.wait_for("You draw")
    assert "Traceback" not in shown


def _wait_for_count(terminal: Terminal, text: str, count: int) -> str:
    import time

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        shown = terminal.screen()
        if shown.count(text) >= count:
            return shown
        time.sleep(0.05)
    raise AssertionError(f"{text!r} not shown {count} times; the screen was:\n{terminal.screen()}")


def test_ctrl_backslash_while_the_ai_plays_skips_ahead_like_ctrl_c(shell: Terminal, tmp_path: Path) -> None:
    _play(shell, tmp_path, "2")  # two seconds after each AI move
    shell.send("draw", "Enter")
    shell.wait_for("You draw")
    shell.send("discard 4c", "Enter")  # seed 7 deals South the 4 of clubs
    shell.wait_for("West draws")  # the first AI move, then a pause of two seconds
    shell.send("C-\\")
    shown = _wait_for_count(shell, "South (draw)>", 2)  # the rest of the round played, South's turn again
    assert not re.search(r"EXITED \d", shown) and "Quit" not in shown and "Traceback" not in shown
    shell.send("draw", "Enter")
    _wait_for_count(shell, "You draw", 2)


# ---------------------------------------------------------------------------- Ctrl-C between a move and its record


@pytest.mark.parametrize("interrupt", ["SIGINT", "SIGQUIT"])
def test_an_interrupt_while_a_move_is_recorded_comes_after_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, interrupt: str
) -> None:
    import signal

    from hfcli.repl.loop import ctrl_backslash_as_ctrl_c
    from hfcli.transcript import replay

    path = tmp_path / "g.jsonl"
    session, writer, out = recorded_session(path, seed=7)
    session.start()
    session.handle("draw")
    record = writer.record
    calls: list[int] = []

    def interrupted(events: object, reason: str | None = None) -> None:
        calls.append(len(calls))
        if len(calls) == 2:  # West's draw, the first AI move after South's discard
            os.kill(os.getpid(), getattr(signal, interrupt))  # Ctrl-C (or Ctrl-\) as the move is written
        record(events, reason)  # type: ignore[arg-type]

    monkeypatch.setattr(writer, "record", interrupted)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # as at a terminal, even in a background run
    try:
        with ctrl_backslash_as_ctrl_c(), pytest.raises(KeyboardInterrupt):
            session.handle("discard 4c")  # seed 7 deals South the 4 of clubs
    finally:
        signal.signal(signal.SIGINT, previous)
    assert len(calls) == 2
    recorded = replay(path)
    assert recorded.game == session.host.game and len(recorded.moves) == len(session.log) == 3
    assert "West draws" in out.text  # the move was shown too
    writer.close()
