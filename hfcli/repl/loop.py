"""Running a session: in a terminal with prompt_toolkit, or line by line when stdin is a pipe.

Both loops feed the same ``Session``, so a scripted game prints what a person would see. Neither
dies on what it is given: a line too long to be a command is refused, a line is echoed with its
control characters made visible, and whatever the terminal sends that prompt_toolkit cannot read
drops that line with a message, and the game goes on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from hfcli.printable import printable
from hfcli.repl.limits import MAX_LINE
from hfcli.repl.session import ERROR, QUIT, Session

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import History
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output


def bounded_lines(stream: TextIO, limit: int = MAX_LINE) -> Iterator[str]:
    """The lines of ``stream``, each cut to ``limit`` + 1 characters, so a huge line costs no memory:
    a line longer than ``limit`` is still seen as too long, and refused."""
    while line := stream.readline(limit + 2):
        if len(line) > limit + 1 and not line.endswith("\n"):
            while (rest := stream.readline(limit + 2)) and not rest.endswith("\n"):
                pass  # the rest of the over-long line
        yield line[: limit + 1]


def refused(session: Session, line: str) -> bool:
    """Refuse (and say so) a line longer than any command."""
    if len(line) > MAX_LINE:
        session.error(f"That line is longer than {MAX_LINE} characters, and no command is; it was not read.")
        return True
    return False


def run_piped(session: Session, lines: Iterable[str]) -> int:
    """Read commands one a line (no prompt_toolkit); each is echoed after the prompt, as typed
    (control characters made visible)."""
    for raw in lines:
        if session.finished:
            break
        line = raw.rstrip("\r\n")
        session.say(session.prompt + printable(line[:MAX_LINE]) + ("..." if len(line) > MAX_LINE else ""))
        if refused(session, line):
            continue
        if session.handle(line) == QUIT:
            break
    if not session.finished:
        session.say("Input ended before the game did.")
        session.say_how_to_resume()
        session.close()
    return 0


def run_plain_terminal(session: Session, read: Callable[[str], str] = input) -> int:
    """A terminal read a line at a time with no line editor of ours (for a screen reader): the prompt
    is written and the line read as a shell's ``read`` does, with nothing drawn, moved or redrawn.
    Ctrl-C drops the line, the input's end leaves (the game stays saved)."""
    while not session.finished:
        try:
            text = read(session.prompt)
        except KeyboardInterrupt:
            session.say("")
            session.line_cleared()
            continue
        except EOFError:
            session.say("")
            session.leave()
            break
        if refused(session, text):
            continue
        try:
            run_lines(session, [text])
        except KeyboardInterrupt:
            session.advance(pace=False)
    session.close()
    return 0


def table_prompt_session(
    session: Session, keyboard: Input, output: Output | None, history: History
) -> PromptSession[str]:
    """The prompt a person types at, at a table of this terminal or over ssh: the table's
    completion of commands and cards, its toolbar, keys and colours, reading keys as the table does."""
    from prompt_toolkit import PromptSession

    from hfcli.repl.completer import TableCompleter
    from hfcli.repl.key_reader import read_keys_for_the_table
    from hfcli.repl.keys import table_bindings
    from hfcli.repl.style import table_style
    from hfcli.repl.toolbar import make_toolbar

    read_keys_for_the_table(keyboard)
    # For a screen reader, the prompt and the line typed only: no toolbar redrawn, no menu.
    return PromptSession(
        completer=None if session.spoken else TableCompleter(lambda: session.view),
        complete_while_typing=False,
        bottom_toolbar=None if session.spoken else make_toolbar(session.toolbar),
        key_bindings=table_bindings(),
        style=table_style(session.color),
        history=history,
        input=keyboard,
        output=output,
    )


def run_terminal(
    session: Session,
    *,
    input: Input | None = None,
    output: Output | None = None,
    history_path: Path | None = None,
) -> int:
    """The interactive loop: completion, history, toolbar; Ctrl-C clears the line and says so,
    Ctrl-D asks to leave (and at that question means no), the input's end leaves, saved; Ctrl-Z
    suspends; a pasted text of several lines is a command a line."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory
    from prompt_toolkit.input import create_input

    from hfcli.files import make_private_folder, touch_private
    from hfcli.repl.keys import LeaveKey, Suspended
    from hfcli.repl.style import plain_prompt_on_a_dumb_terminal

    if output is None:
        plain_prompt_on_a_dumb_terminal()

    history: History = InMemoryHistory()
    if history_path is not None:
        try:
            make_private_folder(history_path.parent)
            touch_private(history_path)  # FileHistory would make it readable by every account
            history = FileHistory(str(history_path))
        except OSError:
            pass  # a folder that cannot be made leaves this session's lines only
    prompt = table_prompt_session(session, input if input is not None else create_input(), output, history)
    typed = ""
    while not session.finished:
        again, typed = typed, ""
        try:
            text = _read_line(prompt, session.prompt, again)
        except KeyboardInterrupt:
            session.line_cleared()
            continue
        except LeaveKey:
            if session.confirming_quit:
                session.handle("")  # Ctrl-D at "Leave the game? [y/N]" is its default: stay
            else:
                session.request_quit()
            continue
        except EOFError:
            # The input itself ended (the terminal went away): the game is saved; leave.
            session.leave()
            break
        except Suspended as stop:
            typed = stop.text
            _suspend()
            session.say(session.table())  # fg: the table again, and the line as it was typed
            continue
        except UnreadableInput as exc:
            session.error(f"The terminal sent something that could not be read ({exc}); that line was dropped.")
            continue
        if refused(session, text):
            continue
        try:
            run_lines(session, text.split("\n"))
        except KeyboardInterrupt:
            # Ctrl-C while the AI plays skips the pacing, never a move.
            session.say("(skipping ahead)")
            session.advance(pace=False)
    session.close()
    return 0


def run_lines(session: Session, lines: list[str], handle: Callable[[str], str] | None = None) -> None:
    """The lines of one entry (several when pasted), each a command, in turn; each after the first
    is shown after the prompt as if typed there. A refused line stops the rest, which was written
    with it in mind. ``handle`` (the session's own by default) answers a line with its outcome; a
    hosted table's reads its own words first."""
    for number, line in enumerate(lines):
        if number > 0:
            if not line.strip():
                continue
            session.say(session.prompt + printable(line))
        outcome = (handle or session.handle)(line)
        if outcome == QUIT or session.finished:
            return
        rest = sum(1 for later in lines[number + 1:] if later.strip())
        if outcome == ERROR and rest:
            session.say(f"The rest of the paste ({rest} {'line' if rest == 1 else 'lines'}) was not run.")
            return


@contextmanager
def ctrl_backslash_as_ctrl_c() -> Iterator[None]:
    """Ctrl-\\ (SIGQUIT) does what Ctrl-C does while the game runs: the terminal sends it, instead of
    a key, whenever prompt_toolkit is not reading (while the AI plays), and by default it would end
    the game without a word."""
    import signal

    quit_signal = getattr(signal, "SIGQUIT", None)
    if quit_signal is None:
        yield
        return
    previous = signal.signal(quit_signal, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(quit_signal, previous)


def _suspend() -> None:
    """Stop the game as the shell's Ctrl-Z does (the whole process group), until fg."""
    import os
    import signal

    os.kill(0, signal.SIGTSTP)


class UnreadableInput(Exception):
    """prompt_toolkit failed on what the terminal sent (a key handler raised)."""


def read_prompt_line(prompt: PromptSession[str], message: str) -> str:
    """One line from ``prompt`` after ``message``, as the table reads one (see :func:`_read_line`):
    for the commands that prompt as the table does."""
    return _read_line(prompt, message)


def _read_line(prompt: PromptSession[str], message: str, typed: str = "") -> str:
    """One line from the prompt. An error inside prompt_toolkit while it reads keys (a handler that
    fails on odd input) would otherwise print a traceback and wait for Enter; here it ends this
    prompt with UnreadableInput instead."""

    def fail_the_prompt(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        reason = f"{type(error).__name__}: {error}" if error is not None else str(context.get("message", "?"))
        app = prompt.app
        if app.is_running and not app.is_done:
            app.exit(exception=UnreadableInput(printable(reason)[:200]))

    async def read() -> str:
        asyncio.get_running_loop().set_exception_handler(fail_the_prompt)
        return await prompt.prompt_async(message, default=typed, set_exception_handler=False)

    return asyncio.run(read())
