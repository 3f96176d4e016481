"""The host's own terminal for the hosted table's tests: in this process, keys typed into a pipe and
every byte written to it kept, read as the ssh guests of ``host_clients`` are."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from host_clients import Guest


class HostScreen(Guest):
    """The terminal ``hf host`` runs in: a screen of ``columns`` x ``rows`` that keeps what is written
    to it, and a keyboard (``line``, ``send``)."""

    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        super().__init__()
        self.columns, self.rows = columns, rows
        self.keys: Any = None

    def size(self) -> tuple[int, int]:
        return self.columns, self.rows

    @contextmanager
    def running(self) -> Iterator[HostScreen]:
        """The block runs with this screen and keyboard as the terminal (prompt_toolkit's app session)."""
        from prompt_toolkit.application.current import create_app_session
        from prompt_toolkit.data_structures import Size
        from prompt_toolkit.input import create_pipe_input
        from prompt_toolkit.output.vt100 import Vt100_Output

        screen = self

        class Stdout:
            encoding = "utf-8"

            def write(self, data: str) -> None:
                screen.raw.append(data)
                screen.changed.set()

            def flush(self) -> None:
                pass

            def isatty(self) -> bool:
                return True

        output = Vt100_Output(Stdout(), lambda: Size(rows=self.rows, columns=self.columns),  # type: ignore[arg-type]
                              term="xterm", enable_cpr=False)
        with create_pipe_input() as keys, create_app_session(input=keys, output=output):
            self.keys = keys
            yield self

    def send(self, data: str) -> None:
        self.keys.send_text(data)
