"""Colours of the prompt, the toolbar and the completion menu; none when NO_COLOR is set."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_toolkit.styles import Style


def color_wanted(stream_is_tty: bool, forced_off: bool = False) -> bool:
    """Colour only on a terminal, never when asked not to (``--no-color`` or NO_COLOR, see no-color.org)."""
    return stream_is_tty and not forced_off and not os.environ.get("NO_COLOR")


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
