"""Colours of the prompt, the toolbar and the completion menu; none when NO_COLOR is set or the
terminal shows text only (TERM=dumb)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_toolkit.styles import Style


def dumb_terminal() -> bool:
    """Whether the terminal shows text only, with no colour and no cursor movement: TERM is
    ``dumb`` (an editor's shell, a serial console) or ``unknown``, as prompt_toolkit takes them, or
    TERM is not set at all on a POSIX system, where every terminal that can do more says so."""
    from hfcli.system.config import screen_reader_wanted

    if screen_reader_wanted():
        return True  # a screen reader reads lines: the plain prompt, no colour, nothing redrawn
    term = os.environ.get("TERM", "")
    if not term:
        return os.name == "posix"
    return term.lower() in ("dumb", "unknown")


def color_wanted(stream_is_tty: bool, forced_off: bool = False) -> bool:
    """Colour only on a terminal that shows it, never when asked not to (``--no-color`` or
    NO_COLOR, see no-color.org)."""
    return stream_is_tty and not forced_off and not os.environ.get("NO_COLOR") and not dumb_terminal()


def plain_prompt_on_a_dumb_terminal() -> None:
    """Have prompt_toolkit read lines as on a dumb terminal when ``dumb_terminal`` says it is one:
    the prompt and the typed text only (no toolbar, no menu, no cursor movement). prompt_toolkit
    does so when TERM is ``dumb``, but takes a missing TERM for a full terminal, so it is told; and
    so it is for a screen reader, whatever the terminal."""
    if dumb_terminal() and (not os.environ.get("TERM") or os.environ["TERM"].lower() not in ("dumb", "unknown")):
        os.environ["TERM"] = "dumb"


def table_style(color: bool) -> Style:
    # Imported here so that piped play, which never draws a prompt, never loads prompt_toolkit.
    from prompt_toolkit.styles import Style

    if not color:
        return Style([])  # the default reverse-video toolbar needs no colour
    return Style(
        [
            ("prompt", "bold"),
            ("bottom-toolbar", "noreverse bg:#1c3d2a #e8e8e8"),
            ("completion-menu.completion", "bg:#2d2d2d #e8e8e8"),
            ("completion-menu.completion.current", "bg:#3a7d44 #ffffff"),
            ("completion-menu.meta.completion", "bg:#3a3a3a #b0b0b0"),
        ]
    )
