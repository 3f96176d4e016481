"""Key bindings at the table: Ctrl-C clears the line, Ctrl-D asks to leave (via EOF)."""

from __future__ import annotations

from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent


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

    return bindings
