"""The bottom toolbar: whose turn, the phase, stock, deal and score, on one line."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.formatted_text import HTML


def make_toolbar(status: Callable[[], str]) -> Callable[[], HTML]:
    """A toolbar callable for PromptSession, fed by the session's status line."""

    def toolbar() -> HTML:
        return HTML("<b>{}</b>").format(status())  # format escapes the text

    return toolbar
