"""What a terminal sends instead of a line: a key the table binds (Ctrl-D to leave, Ctrl-Z to
suspend) or keys prompt_toolkit could not read. The line loop (:mod:`hfcli.repl.loop`) tells each
to what it talks to; the table's key bindings (:mod:`hfcli.repl.keys`) raise them."""

from __future__ import annotations


class Aside(Exception):
    """What a terminal sent instead of a line."""


class Suspended(Aside):
    """Ctrl-Z at the prompt: the loop suspends the game, then prompts again with ``text`` typed."""

    def __init__(self, text: str) -> None:
        super().__init__("suspended")
        self.text = text


class LeaveKey(Aside):
    """Ctrl-D pressed at the prompt: a question (to leave), not the input's end (which is EOFError)."""


class UnreadableInput(Aside):
    """prompt_toolkit failed on what the terminal sent (a key handler raised)."""
