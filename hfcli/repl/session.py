"""A person's seat at the table: their command lines in, words out.

The session is the person's endpoint at a :class:`~hfcli.table.Table`: it is told each move as
its seat may see it and keeps its seat's view and what it was told (the log), never the game;
every screen (the table, the hand, the scores, the log, the hints, the narration) is made from
those. It plays the person's moves through the table, which records each to the transcript
before any endpoint, this one included, is told of it; and a session on its own (``hf play``)
drives the table's loop, playing the AI seats between the person's moves.

This module is the session's top layer: the lines the person types, each answered by the handler
its command is registered with (:mod:`hfcli.repl.commands`), and the flow of play. The layers
below keep the seat's state (:mod:`hfcli.repl.seat`), make its screens (:mod:`hfcli.repl.screens`)
and tell it what the table says (:mod:`hfcli.repl.telling`).

No terminal code lives here, so the same session runs under prompt_toolkit, from a pipe, and in
tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hfcli.engine.errors import HandFootError, IllegalMoveError, InvalidMoveError, NotFoundError
from hfcli.engine.moves import Move, MoveKind
from hfcli.engine.seat import Decision, Player
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView
from hfcli.repl.commands import Reading, unknown_command
from hfcli.repl.display import Display, Pace
from hfcli.repl.reading import as_typed, read_line, split_line
from hfcli.repl.screens import LINES_UNDER_TABLE
from hfcli.repl.seat import EMPTY, ERROR, INFO, OK, QUIT, LogEntry
from hfcli.repl.telling import Telling
from hfcli.system.printable import printable
from hfcli.table import Recorder, remark_problem
from hfcli.text.notation import move_with_reason, notation_text

__all__ = [
    "EMPTY",
    "ERROR",
    "INFO",
    "LINES_UNDER_TABLE",
    "OK",
    "QUIT",
    "Decision",
    "Display",
    "LogEntry",
    "Pace",
    "Recorder",
    "Session",
]


class Session(Telling):
    """The human's seat at a game: ``handle(line)`` acts on one command line and reports what it did;
    ``advance()`` plays the AI seats, narrating each move, until the human is to move again.

    Made as :class:`~hfcli.repl.seat.SeatBase` is: a game or a table, the AI ``players``, the
    ``human`` seat and its name, the transcript (``writer`` and its path), ``echo`` to show a
    line, how the terminal shows the table (``display``) and paces the AI (``pace``), the player
    that gives hints, and the ``program`` the commands it prints start with."""

    @property
    def prompt(self) -> str:
        if self.confirming_quit:
            return "Leave the game? It stays saved. [y/N] " if self.transcript_path else "Leave the game? [y/N] "
        if self.waiting is not None:
            return f"Enter for {self.waiting}> "
        view = self.view
        if self.is_over:
            return "> "
        if view.phase is Phase.ANSWER and view.to_move == self.human:
            return f"May {self._asker_called()} go out? [y/n] "
        phase = "draw" if view.phase is Phase.DRAW else "meld/discard"
        who = self.human_name if self.human_name != "You" else view.seating.long_names[self.human]
        return f"{who} ({phase})> "

    # ------------------------------------------------------------------ the flow of play

    def start(self, intro: Sequence[str] = ()) -> None:
        for line in intro:
            self.say(line)
        view = self.view
        if not self.is_over and view.to_move == self.human and view.phase is Phase.MELD:
            # Resumed in the middle of the human's turn: the turn-start screen was never shown.
            self.say("")
            self.say(self.table())
        self.advance()

    def advance(self, pace: bool = True) -> None:
        """Play the AI seats until the human is to move or the game is over: the table's loop,
        step by step, with the pause after each AI move (outside the move, so that Ctrl-C there
        skips the pauses and never parts a move from its record)."""
        host = self.host
        seconds, sleep = self.pace.seconds, self.pace.sleep
        # A session at a table it did not set (a guest's) leaves the loop to whoever set the table.
        while self._owns_table and host.step() is not None:
            if pace and seconds > 0 and not self.is_over:
                try:
                    if sleep(seconds):
                        pace = False  # a key pressed: the rest of this round is played without pauses
                except KeyboardInterrupt:
                    pace = False  # Ctrl-C while the AI plays skips the pauses, never a move
        if self.waiting is None:
            self._show_turn_start()

    def go_on(self) -> str:
        """Enter at a held score sheet: the next deal begins (or the final scores are shown) and the
        AI seats play on."""
        self.waiting = None
        held, self._held_events = self._held_events, []
        self._after_events(held)
        if not self.finished:
            self.advance()
        return QUIT if self.finished else OK

    # ------------------------------------------------------------------ one line in

    def handle(self, line: str) -> str:
        """Act on one command line; returns OK, INFO, ERROR, EMPTY or QUIT."""
        if self.confirming_quit:
            self.confirming_quit = False
            if line.strip().lower() in ("y", "yes"):
                return self.leave()
            self.say("Staying at the table.")
            return INFO
        if self.finished:
            return QUIT
        if self.waiting is not None:
            return self._handle_held(line)
        view = self.view
        open_ranks = {m.token for m in view.my_melds if not m.is_book}
        reading = read_line(line, view.hand, open_ranks)
        if not reading.word:
            return EMPTY
        return self._run(reading)

    def _run(self, reading: Reading) -> str:
        """The handler of the command the line names, run; what it asked for and is not there is
        said as an error."""
        command = reading.command
        if command is None:
            return self.error(unknown_command(reading.word))
        try:
            return command.handler(self, reading)
        except NotFoundError as exc:
            return self.error(str(exc))

    def _handle_held(self, line: str) -> str:
        """A line typed at a held score sheet: Enter goes on, the table's commands work, a move waits."""
        command, word, rest = split_line(line)
        if not word:
            return self.go_on()
        if command is not None and command.is_move:
            said = printable(word)
            return self.error(f"The deal is over: press Enter for {self.waiting} first ('{said}' is a move).")
        if command is not None and command.name == "hint":
            return self.error(f"No hint now: the deal is over; press Enter for {self.waiting}.")
        return self._run(Reading(command, word, rest))

    def line_cleared(self) -> str:
        """Ctrl-C (or Ctrl-\\) at the prompt: the line is dropped, and the player told how to leave."""
        saved = " (the game stays saved)" if self.transcript_path is not None else ""
        self.say(f"Line cleared. To leave the table, type quit{saved}.")
        return INFO

    def request_quit(self) -> str:
        """Asked once, by the prompt."""
        self.confirming_quit = True
        return INFO

    def leave(self) -> str:
        self.finished = True
        self.say("You leave the table.")
        self.say_how_to_resume()
        self.close()
        return QUIT

    def say_how_to_resume(self) -> None:
        if self.transcript_path is not None:
            self.say(f"The game is saved in {self.transcript_path}")
            self.say("To go on with it:")
            self.say_command("play", "--resume", self.transcript_path)

    def close(self) -> None:
        """Done at the table: a table this session set closes its transcript (the game stays where it is)."""
        if self._owns_table:
            self.host.close()

    def play_typed(self, reading: Reading) -> str:
        """A move command's line: the move it reads as, played, or why it cannot be read."""
        if reading.move is None:
            return self.error(f"Can't read that: {reading.error}")
        return self._move(reading.move, lambda message: as_typed(message, reading))

    def _move(self, text: str, as_typed: Callable[[str], str]) -> str:
        """Apply the move ``text`` (engine notation); ``as_typed`` words a reading error in what was typed."""
        if self.is_over or self.view.to_move != self.human:
            return self.error("It is not your turn.")
        try:
            move = Move.parse(text)
        except InvalidMoveError as exc:
            return self.error(f"Can't read that: {as_typed(str(exc))}")
        try:
            events = self.host.play(self.human, move)
        except IllegalMoveError as exc:
            return self.error(f"Not allowed ({exc.rule}): {notation_text(exc.reason)}")
        except InvalidMoveError as exc:
            return self.error(f"Can't read that: {exc}")
        except HandFootError as exc:
            return self.error(str(exc))
        if not self._deal_ended(events) and not self.is_over and self.view.to_move == self.human:
            self._after_own_move(move)
        if self.finished:
            self.close()
            return QUIT
        self.advance()
        return QUIT if self.finished else OK

    def _after_own_move(self, move: Move) -> None:
        """What the person is shown after a move of theirs that leaves them to play on."""
        if move.kind in (MoveKind.PICKUP, MoveKind.MELD, MoveKind.ADD, MoveKind.UNDO):
            self.say(self.my_melds())
        if move.kind in (MoveKind.DRAW, MoveKind.PICKUP, MoveKind.MELD, MoveKind.ADD, MoveKind.UNDO):
            self.say(self.hand())

    def remark(self, text: str) -> str:
        """``say TEXT``: the line goes to the table (the transcript, then every seat)."""
        problem = remark_problem(text)
        if problem is not None:
            return self.error(f"Not said: {printable(problem)}.")
        self.host.say(self.human, text)
        return INFO

    def hint(self) -> str:
        """``hint``: what the hint's player would do in the person's seat now, and why."""
        asked = self.hint_asked()
        if asked is None:
            return self._no_hint()
        player, view = asked
        return self.show_hint(player.choose(view), view)

    def hint_asked(self) -> tuple[Player, SeatView] | None:
        """The player that gives ``hint`` and the view to ask it of, or None when ``hint`` is
        refused now. A hosted table asks it in a thread of its own, so one person's hint holds up
        no one else; the player is the person's own and shares nothing with the AI seats'."""
        if self.confirming_quit or self.finished or self.waiting is not None:
            return None  # the line is answered as such a moment answers it
        view = self.view
        if self.hints_off is not None or self.is_over or view.to_move != self.human or self.hint_player is None:
            return None
        return self.hint_player, view

    def _no_hint(self) -> str:
        if self.hints_off is not None:
            return self.error(self.hints_off)
        return self.error("No hint now: it is not your turn.")

    def show_hint(self, decision: Decision, asked: SeatView) -> str:
        """Tell the person the hint ``decision`` found at ``asked``, if the game is still there."""
        if len(self.view.history) != len(asked.history):
            return self.error("No hint now: the game moved on while the hint was worked out.")
        said = self.reason_words(decision.reason)
        self.say(f"Hint: {move_with_reason(str(decision.move), said, color=self.color, ascii=self.ascii)}")
        return INFO
