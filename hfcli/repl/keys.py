"""Key bindings at the table: Ctrl-C clears the line, Ctrl-D asks to leave (via EOF), and what
only looks like a mouse report is dropped."""

from __future__ import annotations

from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys


def table_bindings() -> KeyBindings:
    bindings = KeyBindings()

    @bindings.add("c-c")
    def _clear_line(event: KeyPressEvent) -> None:
        # A card game has nothing to interrupt at the prompt: drop the line, keep the game.
        event.current_buffer.reset()

    @bindings.add("c-d")
    def _leave(event: KeyPressEvent) -> None:
        # Even on a non-empty line, Ctrl-D means "leave"; the loop asks to confirm.
        event.app.exit(exception=EOFError)

    @bindings.add(Keys.Vt100MouseEvent)
    def _not_a_mouse(event: KeyPressEvent) -> None:
        # The table never asks the terminal for mouse reports, so one can only be pasted text that
        # reads like one: a colour code (ESC[31m) from coloured text. prompt_toolkit's own handler
        # fails on it; it is dropped here, and the rest of the paste is typed as it was.
        return None

    return bindings
