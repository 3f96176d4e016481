"""A person's prompt at a hosted table: hf play's prompt (completion, history, the status bar, the
table's keys), read with asyncio in the person's own prompt_toolkit session, so every guest types
while the others play.

The prompt's words follow the game: when the turn comes to the person while they sit at the prompt,
it is drawn anew (``Person.wake_prompt``). Lines are handled as at ``hf play``: one too long to be a
command is refused, a paste of several lines is a command a line, stopping at the first refused.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hfcli.host.terminal import Terminal
    from hfcli.repl.session import Session

LEAVE_QUESTION = "Leave the table? The AI plays your seat until you come back. [y/N] "


class _Woken(Exception):
    """The prompt was ended to be drawn anew (the game moved on under it)."""


@dataclass
class Seated:
    """What the prompt needs from the table around it."""

    over: asyncio.Event  # set once the game is over (or stopped)
    played: Callable[[], None]  # after each line: the table looks whether someone else is to play now
    who: Callable[[], list[str]]  # who sits where
    leave: Callable[[], None]  # the person leaves the table
    waker: Callable[[Callable[[], None] | None], None]  # given the way to draw the prompt anew (None: gone)
    named: Callable[[int], str]  # a seat as the prompt names it (Ann, West)
    question: str = LEAVE_QUESTION
    may_say: Callable[[str], str | None] = lambda text: None  # why the person may not say ``text`` now, or None


async def table_prompt(seated: Seated, session: Session, terminal: Terminal) -> None:
    """Lines from a person to their ``session`` until the game ends or they leave."""
    from prompt_toolkit.application.current import get_app_session
    from prompt_toolkit.history import InMemoryHistory

    from hfcli.host.terminal import fitted_question
    from hfcli.host.thinking import hinted
    from hfcli.repl.asides import LeaveKey, Suspended
    from hfcli.repl.loop import refused, run_lines, table_prompt_session
    from hfcli.repl.session import INFO, QUIT

    app_session = get_app_session()
    prompt = table_prompt_session(session, app_session.input, app_session.output, InMemoryHistory())
    leaving = False

    def wake() -> None:
        app = terminal.running(prompt)
        if app.is_running and not app.is_done:
            app.invalidate()  # the prompt's words are read again (a callable message)
        if seated.over.is_set() and app.is_running and not app.is_done:
            app.exit(exception=_Woken())

    seated.waker(wake)
    try:
        while not seated.over.is_set() and not session.finished:
            await terminal.drained()
            try:
                message = seated.question if leaving else None
                text = await terminal.read_line(
                    prompt,
                    # Read anew at each drawing: the turn moves on and the window may change under it.
                    lambda: fitted_question(message or _words(session, seated.named), terminal.width()))  # noqa: B023
            except _Woken:
                continue
            except KeyboardInterrupt:
                terminal.say("Line cleared. To leave the table, type quit.")
                continue
            except LeaveKey:
                leaving = not leaving  # Ctrl-D at the question is its default: stay
                continue
            except Suspended:
                session.say(session.table())
                continue
            except EOFError:
                return  # the connection went
            if seated.over.is_set():
                return  # the table stopped while the line was typed: its goodbye is the last word
            if leaving:
                leaving = False
                if text.strip().lower() in ("y", "yes"):
                    seated.leave()
                    return
                terminal.say("Staying at the table.")
                continue
            if refused(session, text):
                continue
            if await hinted(session, text, seated.over):  # worked out in a thread: the table goes on
                continue

            def line_at_the_host(line: str) -> str:
                nonlocal leaving
                word = line.strip().lower()
                if word in ("quit", "exit") and not session.is_over:
                    leaving = True  # asked as a question at the next prompt
                    return QUIT
                if word == "who":
                    seats = seated.who()
                    # For a screen reader, one sentence: the columns would be read as runs of spaces.
                    terminal.say("Table: " + "; ".join(" ".join(line.split()) for line in seats) + "."
                                 if session.spoken else "\n".join(seats))
                    return INFO
                said, _, remark = line.strip().partition(" ")
                if said.lower() == "say" and (refusal := seated.may_say(remark)) is not None:
                    return session.error(refusal)
                outcome = session.handle(line)
                seated.played()
                return outcome

            run_lines(session, text.split("\n"), line_at_the_host)
    finally:
        seated.waker(None)


def _words(session: Session, named: Callable[[int], str]) -> str:
    """The prompt: the session's own when the person has something to answer (their turn, a held
    score sheet, a question), else whose turn it is; a guest types at it while the others play."""
    from hfcli.engine.state import Phase

    view = session.view
    if session.confirming_quit or session.waiting is not None or session.is_over or view.to_move == session.human:
        return session.prompt
    doing = "answers" if view.phase is Phase.ANSWER else "plays"
    return f"{session.human_name} ({named(view.to_move)} {doing})> "
