"""Lines fitted to a terminal's width: colour codes take no columns, a card or a word is never
broken, and a shell command is broken as the shell reads it back."""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence

ANSI_CODE = re.compile(r"\x1b\[[0-9;]*m")


def visible_len(text: str) -> int:
    """Columns ``text`` takes on a terminal: colour codes take none."""
    return len(ANSI_CODE.sub("", text))


def wrap_pieces(
    groups: Sequence[Sequence[str]], width: int | None, *, lead: str = "", indent: str = "  ", between: str = " "
) -> list[str]:
    """Words in groups, laid out in lines of at most ``width`` columns: words of a group are joined
    by a space, groups by ``between``. A group moves whole to the next line when it fits there; a
    group longer than a line breaks between its words. A word is never broken."""
    lines: list[str] = []
    line = lead
    empty = True  # nothing on this line yet but its lead or indent: the next piece needs no ``between``

    def fits(piece: str) -> bool:
        return width is None or visible_len(line) + visible_len(piece) <= width

    def new_line() -> None:
        nonlocal line, empty
        lines.append(line.rstrip())
        line, empty = indent, True

    for group in groups:
        whole = " ".join(group)
        if not fits(whole if empty else between + whole) and line != indent and (
            width is None or visible_len(indent) + visible_len(whole) <= width
        ):
            new_line()
        if fits(whole if empty else between + whole):
            line += whole if empty else between + whole
            empty = False
            continue
        for i, word in enumerate(group):
            piece = word if empty else (between if i == 0 else " ") + word
            if not fits(piece) and line != indent:
                new_line()
                piece = word
            line += piece
            empty = False
    lines.append(line)
    return lines


def wrap_line(text: str, width: int | None, indent: str = "  ") -> list[str]:
    """One line of text broken at spaces to fit ``width`` (so a card, one word, is never split);
    the lines after the first keep the line's own indentation plus ``indent``."""
    if width is None or visible_len(text) <= width:
        return [text]
    body = text.lstrip(" ")
    lead = text[: len(text) - len(body)]
    return wrap_pieces([[word] for word in body.split(" ")], width, lead=lead, indent=lead + indent, between=" ")


def command_lines(command: str, width: int | None, lead: str = "  ") -> list[str]:
    """A shell command to copy, after ``lead``: one line where it fits ``width``, else broken
    between its words with a backslash ending each line but the last, as a shell reads it back, so
    that no word is cut in two (a long path has a line of its own); later lines are indented two
    more. The command's words are read as the shell reads them, quotes and all."""
    if width is None or len(lead) + len(command) <= width:
        return [lead + command]
    words = [shlex.quote(word) for word in shlex.split(command)]
    lines: list[str] = []
    line = lead + words[0]
    for word in words[1:]:
        if len(line) + 1 + len(word) + 2 <= width:  # room for the word and the " \" that may follow
            line += " " + word
        else:
            lines.append(line + " \\")
            line = lead + "  " + word
    return [*lines, line]
