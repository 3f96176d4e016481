"""A person's terminal at a hosted table, a guest's over ssh or the host's own: lines out, lines in.

Lines out are queued and written by a task of the terminal's own, in the terminal's prompt_toolkit
session, so the table (which runs in whichever task made the move) never writes to a screen it
does not own, and a line shown while the person types goes above their prompt. Each line is
written in the order it was said.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_toolkit.application import get_app_or_none, run_in_terminal
from prompt_toolkit.formatted_text import ANSI, to_formatted_text
from prompt_toolkit.renderer import print_formatted_text as print_styled
from prompt_toolkit.styles import BaseStyle, default_ui_style, merge_styles

if TYPE_CHECKING:
    from typing import TextIO

    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import Application
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output import Output


class Closed(Exception):
    """The terminal is gone (the guest dropped, or the table closed the connection)."""


GATHER_SECONDS = 0.02

# A person who uses a screen reader: asked once at joining (Enter is no), or the lobby's reader.
READER_QUESTION = "Do you use a screen reader? [y/N] "
READER_ON = ("Screen reader: on. The game will be told in words, a line at a time; type reader in the lobby "
             "to turn it off.")
READER_OFF = "Screen reader: off. The game will be shown as a table."


@functools.cache
def _plain_style() -> BaseStyle:
    return merge_styles([default_ui_style()])


class GivenUp(Exception):
    """A question given up (give_up_asking): the prompt ends with it, and the asker, having given
    the question up, looks for no answer. Not the command line's Ctrl-C (``hfcli.cli.Interrupted``)."""


def guest_output(stdout: TextIO, size: Callable[[], Size], term: str | None) -> Output:
    """What prompt_toolkit draws a guest's screen with: text and nothing else on a terminal that
    shows text only (TERM dumb or unknown), else the terminal's escape sequences."""
    from prompt_toolkit.output.plain_text import PlainTextOutput
    from prompt_toolkit.output.vt100 import Vt100_Output
    from prompt_toolkit.utils import is_dumb_terminal

    if term is not None and is_dumb_terminal(term):
        return PlainTextOutput(stdout)

    class GuestScreen(Vt100_Output):
        def get_rows_below_cursor_position(self) -> int:
            # The table asks no guest's terminal where its cursor is (a client that did not answer
            # would hold every line a moment), and without the answer prompt_toolkit draws no status
            # bar. The prompt takes the rows it needs below the cursor, as on a screen scrolled to
            # its foot: the status bar goes on the line under the prompt.
            return 1

    return GuestScreen(stdout, size, term=term, enable_cpr=False)


def fitted_question(question: str, width: int | None) -> str:
    """A prompt's words broken at spaces onto lines that fit ``width`` (None: as they are), the
    last with room for the answer after it: "[y/N]" stays whole, on the line the answer is typed on."""
    from hfcli.text.layout import wrap_line

    if width is None:
        return question
    words = question.rstrip(" ")
    lines = wrap_line(words, max(10, width - 2), indent="")
    return "\n".join(lines) + question[len(words):]


class Terminal:
    """Lines to and from one person. Made inside the person's prompt_toolkit session (a guest's
    ssh session, the host's console), in the task that talks to them."""

    def __init__(self, output: Output, size: Callable[[], tuple[int, int]]) -> None:
        self.output = output
        self.size = size
        self._lines: asyncio.Queue[str | asyncio.Future[None]] = asyncio.Queue()
        self._writer = asyncio.get_running_loop().create_task(self._write_lines())
        self.closed = False
        self.fits = True  # lines are broken to the width (not for a screen reader, which hears lines)
        self._text_only = type(output).__name__ == "PlainTextOutput"
        # A terminal that shows text only, or a screen reader's: no colour, no cursor moved, a prompt
        # read as plain text, a line never drawn again.
        self.plain = self._text_only
        self.reader = False  # the person uses a screen reader (asked at joining, or the lobby's reader)
        # While a line is read so: its question, the prompt's session, whether it is a secret.
        self._plain_question: tuple[str | Callable[[], str], PromptSession[str], bool] | None = None
        self._plain_app: Application[str] | None = None
        self._asking: PromptSession[str] | None = None
        self._questions: PromptSession[str] | None = None

    def say(self, text: str) -> None:
        """Show ``text`` (the program's own words, where anything from outside is already escaped),
        each line broken at spaces to fit the terminal's width, as a session breaks its own: the
        terminal would break it anywhere, a card or a number in two."""
        from hfcli.text.layout import wrap_line

        width = self.width()
        self.show("\n".join(part for line in text.split("\n") for part in wrap_line(line, width)))

    def read_aloud(self, on: bool) -> None:
        """For a person who uses a screen reader (``on``), or no longer: their lines are written as
        text and nothing else (no escape sequence, no prompt drawn again; the keys they type are
        echoed as text), and none is broken to a width, since a reader hears lines, not a screen."""
        self.reader = on
        self.fits = not on
        self.plain = on or self._text_only

    def width(self) -> int | None:
        """The width lines are broken to: the terminal's, or None for a screen reader's."""
        return self.size()[0] if self.fits else None

    def show(self, text: str) -> None:
        """Show ``text`` as it is: a session's lines, already fitted to the width (or kept whole
        on purpose, a command to copy)."""
        if not self.closed:
            self._lines.put_nowait(text)

    async def drained(self) -> None:
        """Wait until every line said so far is written."""
        if self.closed or self._writer.done():
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._lines.put_nowait(done)
        # The writer cancelled (the loop shutting down) would never answer: waited for too.
        await asyncio.wait({done, self._writer}, return_when=asyncio.FIRST_COMPLETED)

    async def _write_lines(self) -> None:
        while True:
            batch = [await self._lines.get()]
            app = get_app_or_none()
            if app is not None and app.is_running and isinstance(batch[0], str):
                # Each write above a prompt redraws the prompt: the lines that follow at once (a round
                # of AI moves at full speed) are gathered for a moment and written together.
                await asyncio.sleep(GATHER_SECONDS)
            while not self._lines.empty():
                batch.append(self._lines.get_nowait())  # all that is waiting, written at once
            texts = [item for item in batch if isinstance(item, str)]
            if texts:
                text = "\n".join(texts)
                app = get_app_or_none()
                # An application told to exit (the game over, the guest leaving) draws no more: a
                # write run "in terminal" beside it would wait for it forever.
                if app is not None and app.is_running and not app.is_done:
                    await run_in_terminal(lambda text=text: self._write(text))  # type: ignore[misc]
                else:
                    self._write(text)
            for item in batch:
                if isinstance(item, asyncio.Future) and not item.done():
                    item.set_result(None)

    def _write(self, text: str) -> None:
        asking = self._plain_question
        if asking is not None:
            # Nothing on a text-only terminal can be rubbed out: the lines go under the question
            # and what was typed so far, which are written again after them.
            self.output.write_raw("\n")
        if self.reader:
            # Text and nothing else: print_formatted_text would reset colours and line wrapping with
            # escape sequences around every line, which a screen reader may read out.
            self.output.write_raw("".join(fragment[1] for fragment in to_formatted_text(ANSI(text + "\n"))))
        else:
            # prompt_toolkit's print_formatted_text merges its whole default style anew at every call,
            # the most of what a line cost; the style here is merged once.
            print_styled(self.output, to_formatted_text(ANSI(text + "\n")), _plain_style())
        if asking is not None:
            question, session, password = asking
            typed = session.default_buffer.text
            # The question as it reads now: whose turn it is may have changed with these lines.
            self.output.write_raw((question() if callable(question) else question)
                                  + ("*" * len(typed) if password else typed))
        self.output.flush()

    def running(self, session: PromptSession[str]) -> Application[str]:
        """The application reading a line for ``session`` now: its own, or the plain reader's."""
        return self._plain_app if self._plain_app is not None else session.app

    async def read_line(self, session: PromptSession[str], message: str | Callable[[], str], *,
                        password: bool = False) -> str:
        """A line typed at ``session``'s prompt; on a terminal that shows text only, read as
        prompt_toolkit reads on one (it picks that by the host's TERM, never a guest's): the
        question written once, each key echoed as text (backspace, space, backspace for one rubbed
        out, a star for a secret's), nothing drawn again."""
        if not self.plain:
            # No handler of prompt_toolkit's for the loop's errors: it would show another task's
            # fault on this person's screen and wait for their Enter.
            return await session.prompt_async(message, is_password=password, set_exception_handler=False,
                                              handle_sigint=False)
        import os

        from prompt_toolkit.application import Application
        from prompt_toolkit.output import DummyOutput

        question = message() if callable(message) else message
        buffer = session.default_buffer
        buffer.reset()
        shown = ""

        def echo(_: object) -> None:
            nonlocal shown
            typed = buffer.text
            same = len(os.path.commonprefix([shown, typed]))
            added = typed[same:]
            self.output.write_raw("\b \b" * (len(shown) - same) + ("*" * len(added) if password else added))
            self.output.flush()
            shown = typed

        self.output.write_raw(question)
        self.output.flush()
        app: Application[str] = Application(input=session.input, output=DummyOutput(), layout=session.layout,
                                            key_bindings=session.app.key_bindings)
        self._plain_question, self._plain_app = (message, session, password), app
        buffer.on_text_changed += echo
        try:
            return await app.run_async(handle_sigint=False, set_exception_handler=False)
        finally:
            buffer.on_text_changed -= echo
            self._plain_question = self._plain_app = None
            self.output.write_raw("\n")
            self.output.flush()

    async def ask(self, message: str | Callable[[], str], *, password: bool = False) -> str:
        """One line typed at a plain prompt (the login's questions). Raises Closed when the terminal goes."""
        from prompt_toolkit import PromptSession

        await self.drained()
        if self._questions is None:
            self._questions = PromptSession(output=self.output)  # one for every question: made once
        session = self._questions
        self._asking = session
        if isinstance(message, str):
            words = message
            message = lambda: fitted_question(words, self.width())  # noqa: E731 - follows a resize
        try:
            return await self.read_line(session, message, password=password)
        except (EOFError, KeyboardInterrupt):
            raise Closed() from None
        finally:
            self._asking = None

    async def give_up_asking(self) -> None:
        """End the question being asked without an answer (the game starts under the lobby's
        prompt): the prompt leaves the terminal as a finished one does, ready for the next."""
        session = self._asking
        app = self.running(session) if session is not None else None
        if session is not None and app is not None and app.is_running and not app.is_done:
            # A question given up is not written again under lines said meanwhile (a text-only or
            # a screen reader's terminal writes it again after each line otherwise).
            self._plain_question = None
            app.exit(exception=GivenUp())
            while self._asking is session:
                await asyncio.sleep(0)

    async def ask_unless(self, message: str, event: asyncio.Event) -> str | None:
        """One line typed at a plain prompt, or None if ``event`` is set first (the game starts or
        ends under the prompt, which is then given up). Raises Closed when the terminal goes."""
        prompt = asyncio.ensure_future(self.ask(message))
        # A prompt given up ends in Closed or cancelled: looked at, so asyncio has nothing to warn of.
        prompt.add_done_callback(lambda done: done.cancelled() or done.exception())
        happened = asyncio.ensure_future(event.wait())
        await asyncio.wait({prompt, happened}, return_when=asyncio.FIRST_COMPLETED)
        happened.cancel()
        if not prompt.done():
            await self.give_up_asking()
            return None
        return prompt.result()

    def close(self) -> None:
        self.closed = True
        self._writer.cancel()


