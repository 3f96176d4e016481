"""The one line loop, and the table run by it: in a terminal with prompt_toolkit, in a plain
terminal for a screen reader, or line by line when stdin is a pipe.

:func:`converse` reads a line at a prompt and hands it to what it talks to (a :class:`Talk`): the
table's session, a practice (``hf practice``) or the replay browser (``hf replay``). Each says what
a line too long to be a command, Ctrl-C at the prompt, the input's end and a key the terminal sent
instead of a line mean to it; the lines come from a pipe (echoed after the prompt, as typed, with
control characters made visible) or from a terminal. So a scripted game prints what a person would
see, and no loop dies on what it is given: whatever the terminal sends that prompt_toolkit cannot
read drops that line with a message, and the game goes on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, TextIO

from hfcli.repl.asides import Aside, LeaveKey, Suspended, UnreadableInput
from hfcli.repl.limits import MAX_LINE
from hfcli.repl.session import ERROR, QUIT, Session
from hfcli.system.printable import printable

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import History
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output


class Talk(Protocol):
    """What the line loop talks to."""

    @property
    def prompt(self) -> str: ...

    @property
    def finished(self) -> bool: ...

    def refuses(self, line: str) -> bool:
        """Whether ``line`` is refused before it is answered (too long to be a command), said so."""

    def answer(self, line: str) -> None:
        """Act on one line typed."""

    def cleared(self) -> None:
        """Ctrl-C at the prompt."""

    def ended(self) -> None:
        """The input ended (the pipe, or the terminal went away)."""

    def aside(self, what: Aside) -> None:
        """A key the terminal sent instead of a line, or keys that could not be read."""


def converse(talk: Talk, read: Callable[[str], str]) -> None:
    """The one line loop: until ``talk`` is finished, a line read at its prompt (``read`` raises
    EOFError at the input's end) and answered, or refused, or what came instead of it told."""
    while not talk.finished:
        try:
            line = read(talk.prompt)
        except KeyboardInterrupt:
            talk.cleared()
            continue
        except EOFError:
            talk.ended()
            return
        except Aside as aside:
            talk.aside(aside)
            continue
        if not talk.refuses(line):
            talk.answer(line)


class PipedLines:
    """``read`` for lines from a pipe (no prompt_toolkit): the next of ``lines``, EOFError after the
    last; with ``echo``, each shown after the prompt as typed (control characters made visible, a
    line cut at MAX_LINE marked ...), so the output reads as the screen would."""

    def __init__(self, lines: Iterable[str], echo: Callable[[str], None] | None = None) -> None:
        self._lines = iter(lines)
        self.echo = echo

    def __call__(self, prompt: str) -> str:
        raw = next(self._lines, None)
        if raw is None:
            raise EOFError
        line = raw.rstrip("\r\n")
        if self.echo is not None:
            self.echo(prompt + printable(line[:MAX_LINE]) + ("..." if len(line) > MAX_LINE else ""))
        return line


class TerminalLines:
    """``read`` for lines typed at ``prompt`` (prompt_toolkit): what the terminal sends that cannot
    be read is an Aside; Ctrl-Z suspends the program, and the line as it was typed comes back at
    the next prompt."""

    def __init__(self, prompt: PromptSession[str]) -> None:
        self.prompt = prompt
        self._typed = ""

    def __call__(self, message: str) -> str:
        again, self._typed = self._typed, ""
        try:
            return _read_line(self.prompt, message, again)
        except Suspended as stop:
            self._typed = stop.text
            _suspend()
            raise


def unreadable(exc: Exception) -> str:
    """What is said of keys the terminal sent that could not be read."""
    return f"The terminal sent something that could not be read ({exc}); that line was dropped."


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


class TableTalk:
    """The table's side of the line loop: ``session``, its lines from a pipe, a plain terminal (for a
    screen reader: a line read as a shell's ``read`` reads one) or prompt_toolkit (``source``)."""

    def __init__(self, session: Session, source: Literal["pipe", "plain", "terminal"]) -> None:
        self.session = session
        self.source = source
        self.quit = False  # a piped line left the table

    @property
    def prompt(self) -> str:
        return self.session.prompt

    @property
    def finished(self) -> bool:
        return self.session.finished or self.quit

    def refuses(self, line: str) -> bool:
        return refused(self.session, line)

    def answer(self, line: str) -> None:
        session = self.session
        if self.source == "pipe":
            self.quit = session.handle(line) == QUIT
            return
        try:
            # A pasted text of several lines is a command a line (a plain terminal reads one).
            run_lines(session, line.split("\n") if self.source == "terminal" else [line])
        except KeyboardInterrupt:
            # Ctrl-C while the AI plays skips the pacing, never a move.
            if self.source == "terminal":
                session.say("(skipping ahead)")
            session.advance(pace=False)

    def cleared(self) -> None:
        if self.source == "pipe":
            raise KeyboardInterrupt  # a script is stopped, not a line dropped: every move so far is saved
        if self.source == "plain":
            self.session.say("")  # after the ^C the terminal left on the prompt's line
        self.session.line_cleared()

    def ended(self) -> None:
        """A pipe's end is told after the loop (:func:`run_piped`); a terminal's end leaves the table,
        the game saved (the terminal went away)."""
        if self.source == "pipe":
            return
        if self.source == "plain":
            self.session.say("")
        self.session.leave()

    def aside(self, what: Aside) -> None:
        session = self.session
        if isinstance(what, LeaveKey):
            if session.confirming_quit:
                session.handle("")  # Ctrl-D at "Leave the game? [y/N]" is its default: stay
            else:
                session.request_quit()
        elif isinstance(what, Suspended):
            session.say(session.table())  # fg: the table again, and the line as it was typed
        else:
            session.error(unreadable(what))


def run_piped(session: Session, lines: Iterable[str]) -> int:
    """Read commands one a line (no prompt_toolkit); each is echoed after the prompt, as typed
    (control characters made visible)."""
    converse(TableTalk(session, "pipe"), PipedLines(lines, echo=session.say))
    if not session.finished:
        session.say("Input ended before the game did.")
        session.say_how_to_resume()
        session.close()
    return 0


def run_plain_terminal(session: Session, read: Callable[[str], str] = input) -> int:
    """A terminal read a line at a time with no line editor of ours (for a screen reader): the prompt
    is written and the line read as a shell's ``read`` does, with nothing drawn, moved or redrawn.
    Ctrl-C drops the line, the input's end leaves (the game stays saved)."""
    converse(TableTalk(session, "plain"), read)
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

    from hfcli.repl.style import plain_prompt_on_a_dumb_terminal
    from hfcli.system.files import make_private_folder, touch_private

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
    converse(TableTalk(session, "terminal"), TerminalLines(prompt))
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
