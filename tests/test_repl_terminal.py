"""The prompt_toolkit loop driven through a pipe input with DummyOutput: keys, history, leaving."""

from __future__ import annotations

from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_repl_support import make_session

from hfcli.repl.loop import run_terminal


def test_commands_through_the_prompt_change_the_game() -> None:
    session, out = make_session(seed=7)
    session.start()
    with create_pipe_input() as pipe:
        pipe.send_text("draw\rmeld K K 2, 7 7 2\rquit\ry\r")
        assert run_terminal(session, input=pipe, output=DummyOutput()) == 0
    assert session.finished
    assert [m.token for m in session.host.game.view(0).my_melds] == ["K", "7"]
    assert "You meld K K 2, 7 7 2." in out.text
    assert "You leave the table." in out.text


def test_ctrl_c_clears_the_line_and_ctrl_d_asks_before_leaving() -> None:
    session, out = make_session(seed=7)
    session.start()
    before = session.host.game.clone()
    with create_pipe_input() as pipe:
        # A half-typed draw cleared by Ctrl-C; then Ctrl-D, "n" to stay, Ctrl-D and "y" to go.
        pipe.send_text("dra\x03\x04n\r\x04y\r")
        run_terminal(session, input=pipe, output=DummyOutput())
    assert session.host.game == before
    # Ctrl-C says what it did: the line went without a word before.
    assert out.text.count("Line cleared. To leave the table, type quit.") == 1
    assert out.text.count("Staying at the table.") == 1  # asked twice: stayed, then left
    assert out.text.count("You leave the table.") == 1
    assert session.finished


def test_a_refused_line_is_reported_and_the_loop_goes_on(tmp_path: Path) -> None:
    session, out = make_session(seed=7)
    session.start()
    history = tmp_path / "history"
    with create_pipe_input() as pipe:
        pipe.send_text("discard 7\rpickup now\rdraw\r\x04y\r")
        run_terminal(session, input=pipe, output=DummyOutput(), history_path=history)
    assert "Not allowed (C-DRAW)" in out.text or "Not allowed (C-DISCARD)" in out.text
    assert "Can't read that" in out.text
    assert "You draw" in out.text
    assert "draw" in history.read_text()
    assert session.finished


def test_ctrl_d_at_the_leave_question_is_its_default_no() -> None:
    session, out = make_session(seed=7)
    session.transcript_path = Path("/tmp/game.jsonl")
    session.start()
    with create_pipe_input() as pipe:
        # Ctrl-D asks "Leave the game? It stays saved. [y/N]"; a second Ctrl-D answers it N, as Enter would.
        pipe.send_text("\x04\x04draw\rquit\ry\r")
        run_terminal(session, input=pipe, output=DummyOutput())
    assert out.text.count("Staying at the table.") == 1
    assert "You draw" in out.text  # still at the table after the second Ctrl-D
    assert out.text.count("You leave the table.") == 1 and session.finished
