"""Running a session: in a terminal with prompt_toolkit, or line by line when stdin is a pipe.

Both loops feed the same ``Session``, so a scripted game prints what a person would see.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from hfcli.repl.session import QUIT, Session

if TYPE_CHECKING:
    from prompt_toolkit.history import History
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output


def run_piped(session: Session, lines: Iterable[str]) -> int:
    """Read commands one a line (no prompt_toolkit); each is echoed after the prompt, as typed."""
    for raw in lines:
        if session.finished:
            break
        line = raw.rstrip("\r\n")
        session.say(session.prompt + line)
        if session.handle(line) == QUIT:
            break
    if not session.finished:
        session.say("Input ended before the game did.")
        session.say_how_to_resume()
        session.close()
    return 0


def run_terminal(
    session: Session,
    *,
    input: Input | None = None,
    output: Output | None = None,
    history_path: Path | None = None,
) -> int:
    """The interactive loop: completion, history, toolbar; Ctrl-C clears, Ctrl-D asks to leave."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    from hfcli.repl.completer import TableCompleter
    from hfcli.repl.keys import table_bindings
    from hfcli.repl.style import table_style
    from hfcli.repl.toolbar import make_toolbar

    history: History = InMemoryHistory()
    if history_path is not None:
        try:
            history_path.parent.mkdir(parents=True, exist_ok=True)
            history = FileHistory(str(history_path))
        except OSError:
            pass  # a folder that cannot be made leaves this session's lines only
    prompt: PromptSession[str] = PromptSession(
        completer=TableCompleter(lambda: session.game.view(session.human)),
        complete_while_typing=False,
        bottom_toolbar=make_toolbar(session.toolbar),
        key_bindings=table_bindings(),
        style=table_style(session.color),
        history=history,
        input=input,
        output=output,
    )
    while not session.finished:
        try:
            line = prompt.prompt(session.prompt)
        except KeyboardInterrupt:
            continue
        except EOFError:
            if session.confirming_quit:
                session.leave()
                break
            session.request_quit()
            continue
        try:
            session.handle(line)
        except KeyboardInterrupt:
            # Ctrl-C while the AI plays skips the pacing, never a move.
            session.say("(skipping ahead)")
            session.advance(pace=False)
    session.close()
    return 0
