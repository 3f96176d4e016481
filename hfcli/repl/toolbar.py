"""The bottom toolbar: whose turn, the phase, stock, deal and score, on one line."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.formatted_text import HTML


def make_toolbar(status: Callable[[], str]) -> Callable[[], HTML]:
    """A toolbar callable for PromptSession, fed by the session's status line."""

    def toolbar() -> HTML:
        text = status()
        escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        return HTML(f"<b>{escaped}</b>")

    return toolbar
