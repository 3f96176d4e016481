"""The one line loop that runs the table, a practice and the replay browser: a line read at the
prompt is answered or refused, and what comes instead of a line (Ctrl-C, the input's end, a key the
terminal binds, keys that cannot be read) is told to what the loop talks to, which decides."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from hfcli.repl.asides import Aside, UnreadableInput
from hfcli.repl.limits import MAX_LINE
from hfcli.repl.loop import PipedLines, converse


class Recorder:
    def __init__(self, stop_after: int = 99) -> None:
        self.seen: list[str] = []
        self.stop_after = stop_after

    @property
    def prompt(self) -> str:
        return f"{len(self.seen)}> "

    @property
    def finished(self) -> bool:
        return len(self.seen) >= self.stop_after

    def refuses(self, line: str) -> bool:
        if line == "too long":
            self.seen.append("refused")
            return True
        return False

    def answer(self, line: str) -> None:
        self.seen.append(f"line {line}")

    def cleared(self) -> None:
        self.seen.append("ctrl-c")

    def ended(self) -> None:
        self.seen.append("end")

    def aside(self, what: Aside) -> None:
        self.seen.append(f"aside {type(what).__name__}")


def reads(*items: str | BaseException) -> tuple[list[str], Callable[[str], str]]:
    prompts: list[str] = []
    queue: Iterator[str | BaseException] = iter(items)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        item = next(queue)
        if isinstance(item, BaseException):
            raise item
        return item

    return prompts, read


def test_each_thing_that_comes_instead_of_a_line_is_told_and_the_loop_goes_on_until_the_input_ends() -> None:
    talk = Recorder()
    prompts, read = reads("draw", KeyboardInterrupt(), "too long", UnreadableInput("bad key"), "x 9", EOFError())
    converse(talk, read)
    assert talk.seen == ["line draw", "ctrl-c", "refused", "aside UnreadableInput", "line x 9", "end"]
    assert prompts == ["0> ", "1> ", "2> ", "3> ", "4> ", "5> "]  # the prompt read anew for every line


def test_the_loop_stops_once_what_it_talks_to_is_finished() -> None:
    talk = Recorder(stop_after=2)
    prompts, read = reads("a", "b", "c")
    converse(talk, read)
    assert talk.seen == ["line a", "line b"] and len(prompts) == 2


def test_piped_lines_are_echoed_after_the_prompt_as_typed_and_a_cut_line_is_marked() -> None:
    shown: list[str] = []
    read = PipedLines(["draw\r\n", "say \x1b[31mhi\n", "x" * (MAX_LINE + 1)], echo=shown.append)
    assert read("S> ") == "draw"
    assert read("S> ") == "say \x1b[31mhi"
    assert read("S> ") == "x" * (MAX_LINE + 1)
    assert shown == ["S> draw", "S> say \\x1b[31mhi", "S> " + "x" * MAX_LINE + "..."]
    with pytest.raises(EOFError):
        read("S> ")
