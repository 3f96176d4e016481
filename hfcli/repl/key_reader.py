"""Reading the terminal's keys for the table: a bracketed paste that always ends, and a typed
paste that stops at the longest line the table reads.

A terminal wraps pasted text in ESC[200~ ... ESC[201~. prompt_toolkit's reader, once it has seen
the start marker, keeps everything that follows for the paste until the end marker comes, so a
start marker without its end (pasted by itself, or cut off) would swallow every key, Enter
included, for the rest of the game. Here a paste also ends when the input goes quiet
(prompt_toolkit flushes its reader after half a second without a key): what came after the start
marker is read as typed keys, and so is what follows. A terminal sends a whole paste at once, so
a real paste is never cut. An end marker that comes after a paste ended so is dropped, not typed.

A terminal without bracketed paste sends a paste as keys, and prompt_toolkit takes milliseconds
over each (20,000 of them took half a minute). No one types more than a line's worth of
characters without a key that is not one (Enter, Backspace, an arrow), so printable characters
beyond MAX_LINE + 1 in a row are dropped here, before prompt_toolkit sees them; the line, one
character too long, is then refused when Enter comes.
"""

from __future__ import annotations

from prompt_toolkit.input import Input
from prompt_toolkit.input.vt100_parser import Vt100Parser

from hfcli.repl.limits import MAX_LINE

PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"


class TableKeyParser(Vt100Parser):
    """Vt100Parser whose bracketed paste ends at its end marker or when the input goes quiet, and
    which drops printable characters past MAX_LINE + 1 in a row."""

    def reset(self, request: bool = False) -> None:
        self._ended_early = False
        self._printable_run = 0
        self._in_escape = False
        super().reset(request)

    def feed(self, data: str) -> None:
        if self._in_bracketed_paste:
            super().feed(data)
            return
        if self._ended_early:
            # The rest of a paste ended for want of its end marker: its end marker, when it comes
            # before another paste starts, is dropped.
            end, start = data.find(PASTE_END), data.find(PASTE_START)
            if end != -1 and (start == -1 or end < start):
                data = data[:end] + data[end + len(PASTE_END):]
                self._ended_early = False
            elif start != -1:
                self._ended_early = False
        super().feed(self._within_a_line(data))

    def _within_a_line(self, data: str) -> str:
        kept = []
        run, in_escape = self._printable_run, self._in_escape
        for char in data:
            if in_escape:
                # An escape sequence (an arrow, a cursor position report) is a key, not text: it
                # ends at its first letter or ~, and counts for nothing.
                in_escape = not (char.isalpha() or char == "~")
            elif char == "\x1b":
                in_escape, run = True, 0
            elif char >= " " and char != "\x7f":
                if run > MAX_LINE:
                    continue
                run += 1
            else:
                run = 0
            kept.append(char)
        self._printable_run, self._in_escape = run, in_escape
        return "".join(kept)

    def flush(self) -> None:
        if self._in_bracketed_paste:
            # Without its end marker there is no knowing that this was pasted: it is read as typed.
            pasted, self._paste_buffer = self._paste_buffer, ""
            self._in_bracketed_paste = False
            self._ended_early = True
            self.feed(pasted)
        super().flush()


def read_keys_for_the_table(terminal_input: Input) -> None:
    """Give ``terminal_input`` (a VT100 terminal's, or a pipe's in tests) the parser above; other
    kinds of input (Windows) are left as they are."""
    parser = getattr(terminal_input, "vt100_parser", None)
    if isinstance(parser, Vt100Parser) and not isinstance(parser, TableKeyParser):
        terminal_input.vt100_parser = TableKeyParser(parser.feed_key_callback)  # type: ignore[attr-defined]
