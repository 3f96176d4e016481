"""A person's seat at the table, at its base: what the seat keeps (its view of the game, the log of
what it was told, the round since its last turn) and how it says a line on the person's screen.

The seat's session is built in layers, one job each, every layer a subclass of the one before:
this base; :mod:`hfcli.repl.screens`, the screens the person asks for; :mod:`hfcli.repl.telling`,
the moves and deals the table tells it; :mod:`hfcli.repl.session`, the lines the person types and
the flow of play. A screen reader's session (:mod:`hfcli.repl.spoken`) and a lesson's override
them where they tell things their own way.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from hfcli.engine.errors import TableError
from hfcli.engine.events import Event
from hfcli.engine.game import Game
from hfcli.engine.melds import BookKind, Meld
from hfcli.engine.reasons import Reason
from hfcli.engine.seat import Player
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView
from hfcli.repl.display import PLAIN, UNPACED, Display, Pace
from hfcli.repl.interrupts import interrupts_held
from hfcli.repl.narration import Told
from hfcli.table import AiEndpoint, Moved, Recorder, Remark, Table
from hfcli.text.layout import command_lines, visible_len, wrap_line
from hfcli.text.notation import RED, paint
from hfcli.text.reason_text import phrase

# What handle() did with a line.
OK = "ok"  # a move was applied
INFO = "info"  # something was shown; the game did not change
ERROR = "error"  # the line was refused; the game did not change
EMPTY = "empty"
QUIT = "quit"  # the session is over (left, or the game ended)


@dataclass(frozen=True)
class LogEntry:
    """A move as the log keeps it: the deal (0-based), the seat, the move in notation, the reason
    given (an AI's), and the move in words as the table writes it (suits as symbols), where known."""

    deal: int
    seat: int
    move: str
    reason: Reason | None  # as this seat was told it (another seat's without its private facts)
    shown: str = ""


class SeatBase:
    """The seat's state and its words out; see the module's docstring. Given a game, the session
    sets a table for it, an AI endpoint in every seat of ``players``, and itself in seat ``human``,
    recording to ``writer``; given a :class:`Table`, it takes seat ``human`` at it (``players`` and
    ``writer`` are the table's then)."""

    def __init__(
        self,
        game: Game | Table,
        players: Mapping[int, Player] | None = None,
        *,
        human: int = 0,
        human_name: str = "You",
        writer: Recorder | None = None,
        transcript_path: Path | None = None,
        echo: Callable[[str], None] = print,
        display: Display = PLAIN,
        pace: Pace = UNPACED,
        hint_player: Player | None = None,
        program: str = "hf",
    ) -> None:
        self.human = human
        if isinstance(game, Table):
            if players or writer is not None:
                raise TableError("a table has its players and its transcript already")
            self.host = game
            self._owns_table = False
        else:
            # Solo play: the person's partner explains itself whole, the opponents only by what
            # the table shows (docs/ai.md, "What the players say").
            self.host = Table(game, [AiEndpoint(s, p) for s, p in (players or {}).items()], recorder=writer,
                              atomic=interrupts_held, open_partners=True)
            self._owns_table = True
        self._view: SeatView | None = None
        self._view_at = -1  # the number of moves played when the view was made
        self.human_name = human_name
        self.transcript_path = transcript_path
        self.echo = echo
        self.display = display
        self.pace = pace
        self.hint_player = hint_player
        self.hints_off: str | None = None  # why ``hint`` gives none at this table (an event's), if so
        self.waiting: str | None = None  # while a deal's sheet is held: what Enter goes on to
        self.program = program  # the command that runs this program, as the commands it prints start
        # A game played again from a recorded one (a what-if, a duplicate) sets what a finished deal
        # (by its index) and the end of the game are compared with; shown under their score sheets.
        self.after_deal: Callable[[int], str] | None = None
        self.after_game: Callable[[], str] | None = None
        seating = self.view.seating
        self.names = {s: seating.long_names[s] for s in seating.seats}
        self.log: list[LogEntry] = []
        self.confirming_quit = False
        self.finished = False
        self._moves_told = 0  # moves this seat was told of
        self._shown_turn: int | None = None  # the moves told when the turn-start screen was last shown
        # The round: the moves since this seat's last turn ended (its discard first), kept so the
        # screen that starts its next turn can tell them again when they scrolled away.
        self._round: list[Told] = []
        self._rows_said = 0  # screen rows said so far
        self._round_rows = 0  # ... when the round began
        self._last_reason: tuple[int, str] | None = None  # the seat that moved last, and its reason as shown
        self._held_events: list[Event] = []  # what the move that ended the deal caused after the sheet
        self.host.seat(self)

    # ------------------------------------------------------------------ the seat and its view

    @property
    def seat(self) -> int:
        return self.human

    # Told for a screen reader (a SpokenSession): lines in words, no toolbar, no menu, no screen to fit.
    spoken = False

    @property
    def color(self) -> bool:
        return self.display.color

    @property
    def ascii(self) -> bool:
        return self.display.ascii

    @property
    def holding(self) -> bool:
        """A deal's score sheet held on screen holds the table's play until Enter."""
        return self.waiting is not None

    @property
    def view(self) -> SeatView:
        """The seat's view as the game stands: made again once a move was played (a session that
        was away from the table, its seat played by an AI meanwhile, sees the table as it is now)."""
        host = self.host
        if self._view is None or self._view_at != host.moves:
            self._view = host.view(self.human)
            self._view_at = host.moves
        return self._view

    @property
    def is_over(self) -> bool:
        return self.view.phase is Phase.OVER

    def ask(self, view: SeatView) -> None:
        """The person answers at the prompt, through ``handle``: never at once."""
        return None

    def receive(self, moved: Moved) -> None:
        """A move, as the table tells it: told by :class:`~hfcli.repl.telling.Telling`."""
        raise NotImplementedError

    def hear(self, remark: Remark) -> None:
        """A line said at the table: told by :class:`~hfcli.repl.telling.Telling`."""
        raise NotImplementedError

    def reason_words(self, reason: Reason | None) -> str:
        """A reason as this seat reads it beside a move (the seat named ``you``)."""
        return phrase(reason, self.names, you=self.human)

    def _short_names(self) -> dict[int, str]:
        return {self.human: self.human_name} if self.human_name != "You" else {}

    def _book_bonus(self, book: Meld) -> int:
        rules = self.view.rules
        return {BookKind.CLEAN: rules.clean_book_bonus, BookKind.DIRTY: rules.dirty_book_bonus}.get(
            book.kind, rules.wild_book_bonus)

    # ------------------------------------------------------------------ words out

    def _width(self) -> int | None:
        return self.display.width

    def say(self, text: str, *, wrap: bool = True) -> None:
        """Show ``text``; ``wrap=False`` for a command to copy, which a line break would spoil."""
        width = self._width()
        if width is not None and wrap:
            # Broken at spaces here rather than anywhere by the terminal, so no card is cut in two.
            text = "\n".join(part for line in text.split("\n") for part in wrap_line(line, width))
        self._rows_said += self._rows(text)
        self.echo(text)

    def _rows(self, text: str) -> int:
        """The screen rows ``text`` takes once wrapped to the terminal's width."""
        width = self._width()
        lines = text.split("\n")
        if not width:
            return len(lines)
        return sum(max(1, -(-visible_len(line) // width)) for line in lines)

    def _wrapped(self, text: str) -> str:
        width = self._width()
        return "\n".join(part for line in text.split("\n") for part in wrap_line(line, width))

    def error(self, text: str) -> str:
        self.say(paint(text, RED, self.color))
        return ERROR

    def command_line(self, *words: str | Path) -> str:
        """A command of this program as the player can paste it into the shell they started it from."""
        return " ".join([self.program, *(shlex.quote(str(w)) for w in words)])

    def say_command(self, *words: str | Path) -> None:
        """A command to copy, indented: on one line where it fits, else broken between its words as a
        shell reads it back (a backslash at each line's end), so that a long path is never cut."""
        for line in command_lines(self.command_line(*words), self._width()):
            self.say(line, wrap=False)
