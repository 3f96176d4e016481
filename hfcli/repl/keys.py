"""Key bindings at the table: Ctrl-C (and Ctrl-\\) clears the line (the loop says so), Ctrl-D asks to
leave, Ctrl-Z suspends the game, a line stops growing past the longest the table reads, a pasted
text is typed with its line breaks kept (each line is a command), and what only looks like a mouse
report is dropped."""

from __future__ import annotations

from prompt_toolkit.application.current import get_app
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys

from hfcli.repl.asides import LeaveKey, Suspended
from hfcli.repl.limits import MAX_LINE


@Condition
def _line_full() -> bool:
    return len(get_app().current_buffer.text) > MAX_LINE


@Condition
def _can_suspend() -> bool:
    import signal

    return hasattr(signal, "SIGTSTP")


def table_bindings() -> KeyBindings:
    bindings = KeyBindings()

    @bindings.add("c-c")
    @bindings.add("c-\\")
    def _clear_line(event: KeyPressEvent) -> None:
        # A card game has nothing to interrupt at the prompt: the line is dropped, the game kept,
        # and the loop says so (a line that vanished without a word looked like a fault).
        event.app.exit(exception=KeyboardInterrupt())

    @bindings.add("c-z", filter=_can_suspend)
    def _suspend(event: KeyPressEvent) -> None:
        # The loop suspends, with the terminal given back as it was, and redraws the table after fg.
        event.app.exit(exception=Suspended(event.current_buffer.text))

    @bindings.add(Keys.Any, filter=_line_full)
    def _full(event: KeyPressEvent) -> None:
        # One character past the limit stays, so Enter refuses the line as too long; the rest of a
        # long typed paste is dropped here, key by key, without growing a line to redraw.
        return None

    @bindings.add(Keys.BracketedPaste)
    def _paste(event: KeyPressEvent) -> None:
        # As prompt_toolkit pastes (every line break a newline), but no further than the limit.
        text = event.data.replace("\r\n", "\n").replace("\r", "\n")
        buffer = event.current_buffer
        buffer.insert_text(text[: max(0, MAX_LINE + 1 - len(buffer.text))])

    @bindings.add("c-d")
    def _leave(event: KeyPressEvent) -> None:
        # Even on a non-empty line, Ctrl-D means "leave"; the loop asks to confirm, and at that
        # question it is the default answer, no.
        event.app.exit(exception=LeaveKey())

    @bindings.add(Keys.Vt100MouseEvent)
    def _not_a_mouse(event: KeyPressEvent) -> None:
        # The table never asks the terminal for mouse reports, so one can only be pasted text that
        # reads like one: a colour code (ESC[31m) from coloured text. prompt_toolkit's own handler
        # fails on it; it is dropped here, and the rest of the paste is typed as it was.
        return None

    return bindings
