"""The output of every command, made fit for a screen reader when one is wanted.

``hf play --screen-reader`` tells the game in words of its own (:mod:`hfcli.repl.spoken`). The
other commands (replay, review, practice, rules, stats, learn, event) write their usual text; under
``HF_SCREEN_READER=1`` or ``hf config screen-reader yes`` it goes through :class:`SpeechStream`
on its way out, which drops what a speech synthesizer would stumble on: colour and cursor escapes,
box-drawing lines and the block characters of charts (the figures beside them stay), and suit
symbols, said as words (``7♥`` -> ``7 of hearts``). A line is never redrawn: a carriage return is
a new line.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

SUIT_WORDS = {"♣": " of clubs", "♦": " of diamonds", "♥": " of hearts", "♠": " of spades",
              "♧": " of clubs", "♢": " of diamonds", "♡": " of hearts", "♤": " of spades"}
# Every escape sequence a terminal acts on: CSI (colour, cursor), OSC (titles, links), and the rest.
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]"
                     r"|[\x00-\x08\x0b-\x1f\x7f]")
_VERTICAL = re.compile(r"[ \t]*[│┃║][ \t]*")
_VERTICAL_AT_AN_END = re.compile(r"^[ \t]*[│┃║][ \t]*|[ \t]*[│┃║][ \t]*$", re.MULTILINE)
_PAUSES = re.compile(r"\s*[·—–]\s*")  # a dash or a dot between words: a pause, as a comma is
_PLAIN = {"×": " times ", "…": "...", "→": " to ", "←": " from "}


def speakable(text: str) -> str:
    """``text`` with nothing a screen reader would read as noise: no escape, no box line, no chart
    bar, no suit symbol (said in words), no symbol of any other kind."""
    text = ESCAPES.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    for symbol, words in SUIT_WORDS.items():
        text = text.replace(symbol, words)
    text = _PAUSES.sub(", ", _VERTICAL.sub(", ", _VERTICAL_AT_AN_END.sub("", text)))
    for symbol, words in _PLAIN.items():
        text = text.replace(symbol, words)
    out = []
    for char in text:
        if char in "\n\t":
            out.append(char)
        elif unicodedata.category(char) in ("So", "Sk", "Co", "Cn") or 0x2500 <= ord(char) <= 0x259F:
            continue  # box drawing, block elements, other pictures: nothing to say
        else:
            out.append(char)
    lines = [re.sub(r"  +", " ", line).strip(" ") for line in "".join(out).split("\n")]
    return "\n".join(lines)


class SpeechStream:
    """A text stream that writes :func:`speakable` text to the stream it wraps."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(speakable(text))
        return len(text)

    def writelines(self, lines: list[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)
