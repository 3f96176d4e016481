"""Text from outside the program (a file, the command line, a terminal) made safe to print.

A terminal acts on control characters and escape sequences wherever they appear in its output, so
a player's name read from a transcript could clear the screen, recolour it or retitle the window.
``visible`` writes each such character as an escape (``\\x1b``, ``\\u202e``) instead, and
``hidden_characters`` lists them, for readers that refuse such text outright.
"""

from __future__ import annotations

import unicodedata

# What a terminal may act on, or what hides or reorders text: control characters (C0, DEL, C1),
# format characters (bidirectional overrides, zero-width joiners), lone surrogates (bytes that were
# not text), and the line and paragraph separators.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def hidden_characters(text: str) -> list[str]:
    """The characters of ``text`` a terminal would act on or not show, in order."""
    if text.isprintable():  # the usual case, in C; printable text holds none of them
        return []
    return [c for c in text if unicodedata.category(c) in HIDDEN_CATEGORIES]


def visible(text: str, *, newlines: bool = False) -> str:
    """``text`` with every control or format character written as an escape; with ``newlines``,
    line breaks are kept (for text of several lines)."""
    if text.isprintable():
        return text
    return "".join(
        _escape(c) if unicodedata.category(c) in HIDDEN_CATEGORIES and not (newlines and c == "\n") else c
        for c in text
    )
