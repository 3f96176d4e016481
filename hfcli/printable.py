"""Text from outside the program (a file, the command line, a terminal) made safe to print.

A terminal acts on control characters and escape sequences wherever they appear in its output, so
a player's name read from a transcript could clear the screen, recolour it or retitle the window.
``printable`` writes every character that does not print as an escape (``\\x1b``, ``\\u202e``)
instead, so it is seen rather than obeyed; ``hidden_characters`` lists them, for readers that
refuse such text outright.
"""

from __future__ import annotations


def hidden_characters(text: str) -> list[str]:
    """The characters of ``text`` that do not print: controls, escape sequences' ESC, format
    characters such as a bidirectional override, separators, bytes that were not text."""
    if text.isprintable():  # the usual case, in C
        return []
    return [c for c in text if not c.isprintable()]


def printable(text: str, *, newlines: bool = False) -> str:
    """``text`` with every character that does not print written as an escape; with ``newlines``,
    line breaks are kept (for text of several lines)."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or newlines and c == "\n" else _escape(c) for c in text)


def _escape(char: str) -> str:
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:
        # A byte that was not UTF-8, as Python keeps it (a lone surrogate): show the byte itself.
        return f"\\x{code - 0xDC00:02x}"
    return char.encode("unicode_escape").decode("ascii")  # "\x1b", "\u202e"
