"""Text from outside the program (a file, the command line, a terminal) made safe to print.

A terminal acts on control characters and escape sequences wherever they appear in its output, so
a player's name read from a transcript could clear the screen, recolour it or retitle the window.
``printable`` writes every character that does not print as an escape (``\\x1b``, ``\\u202e``)
instead, so it is seen rather than obeyed; ``hidden_characters`` lists them, for readers that
refuse such text outright. ``escape_what_cannot_be_encoded`` does the same at the output stream
for what a terminal's encoding cannot carry (a name in Chinese on a Latin-1 terminal).
"""

from __future__ import annotations

from typing import Any


def hidden_characters(text: str) -> list[str]:
    """The characters of ``text`` that do not print: controls, escape sequences' ESC, format
    characters such as a bidirectional override, separators, bytes that were not text."""
    if text.isprintable():  # the usual case, in C
        return []
    return [c for c in text if not c.isprintable()]


# Printable characters that show as blank without being spaces: Hangul fillers, the braille blank,
# the Mongolian vowel separator, and spaces of other widths.
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u2060\u200b\u3000\u00a0\u2007\u202f")


def one_line_of_words(text: str) -> str:
    """``text`` with every run of spaces and blank-looking characters as one space: a line someone
    said, which padding would otherwise push onto the next row as if the program had written it."""
    return " ".join("".join(" " if c in BLANK_LOOKING else c for c in text).split())


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


def escape_what_cannot_be_encoded(stream: Any) -> None:
    """Have ``stream`` (sys.stdout, sys.stderr) write a character its encoding cannot carry as an
    escape (``\\u5927``) instead of failing on it. The program's own symbols never need it (suits
    and box lines fall back to letters where the output cannot show them, ``hfcli.text.notation``); text
    from outside can be anything. A stream that is not a text file of Python's is left alone."""
    if getattr(stream, "errors", None) != "strict":
        return  # already escaping or replacing (stderr escapes by default)
    try:
        stream.reconfigure(errors="backslashreplace")
    except (AttributeError, ValueError, OSError):
        pass
