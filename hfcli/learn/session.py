"""A lesson at the table: the REPL's session, with the lesson choosing what is played.

:class:`LessonSession` is the table's own :class:`~hfcli.repl.session.Session` (the same screens,
narration, refusals and commands), run by the same loops (``hf play``'s terminal and pipe loops).
It adds the lesson: each step's table, what to try, a word on each move, and ``hint``, ``rules``,
``back`` and ``skip``. The other seats play the lesson's fixed moves, so it goes the same way
every time; a move the lesson does not expect is explained and not played.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from hfcli.engine.errors import HandFootError, InvalidMoveError
from hfcli.engine.events import Event, EventKind
from hfcli.engine.game import Game
from hfcli.engine.moves import Move
from hfcli.engine.rules import Rules, preset
from hfcli.engine.seat import Decision
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView
from hfcli.learn.course import Lesson, Step, Try, parse, play_step, quoted, same_move, step_start, words
from hfcli.learn.positions import lesson_game
from hfcli.repl import commands
from hfcli.repl.display import PLAIN, UNPACED, Display, Pace
from hfcli.repl.interrupts import interrupts_held
from hfcli.repl.reading import as_typed, read_line
from hfcli.repl.session import ERROR, INFO, OK, QUIT, Session
from hfcli.repl.spoken import SpokenSession
from hfcli.system.printable import printable
from hfcli.table import AiEndpoint, Table
from hfcli.text.notation import BOLD, notation_text, paint
from hfcli.text.rulebook import rule_text

HUMAN = 0  # the learner sits South

LESSON_WORDS = {"back": "the step again, from its start", "skip": "the lesson plays this step for you"}


class ScriptedPlayer:
    """A seat that plays the lesson's moves, in order."""

    name = "lesson"

    def __init__(self) -> None:
        self.moves: deque[str] = deque()

    def choose(self, view: SeatView) -> Decision:
        # No reason is given: what the lesson says about the others' moves is in its own words.
        return Decision(Move.parse(self.moves.popleft()))


class ScriptedSeat(AiEndpoint):
    """A scripted seat with no move left waits, as a person at a prompt does (the step is over)."""

    __slots__ = ()

    def ask(self, view: SeatView) -> Decision | None:
        assert isinstance(self.player, ScriptedPlayer)
        return super().ask(view) if self.player.moves else None


class LessonSession(Session):
    """A lesson's steps at the table, from step ``start`` with ``tried`` of its moves played.
    ``on_step`` is told the place, (step, moves of it played), as each step begins and after each
    move (a lesson that resumes keeps it); ``on_finish`` gives the lines said at the end."""

    def __init__(
        self,
        lesson: Lesson,
        *,
        start: int = 0,
        tried: int = 0,
        rules: Rules | None = None,
        echo: Callable[[str], None] = print,
        display: Display = PLAIN,
        pace: Pace = UNPACED,
        program: str = "hf",
        on_step: Callable[[int, int], None] | None = None,
        on_finish: Callable[[], Sequence[str]] | None = None,
    ) -> None:
        self.lesson = lesson
        self.lesson_rules = rules or preset(lesson.preset)
        self.index = min(max(start, 0), len(lesson.steps) - 1)
        self.tried = 0  # the tries of this step done
        self.on_step = on_step
        self.on_finish = on_finish
        self.completed = False
        self._pending: Try | None = None  # a try played, its words not yet said
        self._start_game = self._game_for(self.index, None)
        self.scripts = {s: ScriptedPlayer() for s in self._start_game.seating.seats if s != HUMAN}
        super().__init__(self._start_game.clone(), dict(self.scripts), human=HUMAN, echo=echo, display=display,
                         pace=pace, program=program)
        self._seat_scripts()
        self._fill_scripts()
        if tried:
            self._take_up(tried)

    def _take_up(self, tried: int) -> None:
        """The step as it stood after ``tried`` of its moves: played again, quietly."""
        game = self._start_game.clone()
        try:
            used = play_step(game, self.step, min(tried, len(self.step.tries)))
        except HandFootError:
            return  # a place this lesson cannot reach (it was written again since): the step's start
        self._set_table(game)
        self._fill_scripts(skip=used)
        self.tried = min(tried, len(self.step.tries))

    # ------------------------------------------------------------------ the steps

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def current(self) -> Try | None:
        tries = self.step.tries
        return tries[self.tried] if self.tried < len(tries) else None

    def _game_for(self, index: int, playing: Game | None) -> Game:
        """The game step ``index`` starts from: its own table, the game played so far, or (a lesson
        taken up at a step that goes on from the one before) the steps before played again."""
        table = self.lesson.steps[index].table
        if table:
            return lesson_game(table, self.lesson_rules, self.lesson.steps[index].stock_left)
        return playing if playing is not None else step_start(self.lesson, index, self.lesson_rules)

    def _seat_scripts(self) -> None:
        for seat, player in self.scripts.items():
            self.host.seat(ScriptedSeat(seat, player))

    def _fill_scripts(self, skip: int = 0) -> None:
        """The other seats' fixed moves of this step, but the first ``skip`` (played already)."""
        names = self.host.game.seating.names
        for player in self.scripts.values():
            player.moves.clear()
        for seat_name, move in self.step.others[skip:]:
            self.scripts[names.index(seat_name)].moves.append(move)

    def _set_table(self, game: Game) -> None:
        """Sit at ``game``: a new table for a new step (or the step again)."""
        self.host = Table(game, atomic=interrupts_held)
        self._view = None
        self._view_at = -1
        self.host.seat(self)
        self._seat_scripts()
        self._fill_scripts()

    def _keep_place(self) -> None:
        if self.on_step is not None and not self.completed:
            self.on_step(self.index, self.tried)

    def _begin_step(self, fresh: bool) -> None:
        """The step's heading, its table when it is new (or asked again), and what to try."""
        step = self.step
        count = len(self.lesson.steps)
        self.say("")
        self.say(paint(f"{self.lesson.title}, step {self.index + 1} of {count}: {step.topic} ({step.rule})",
                       BOLD, self.color))
        if fresh:
            if step.then:
                self.say(words(step.then, self.lesson_rules))
            self.say(self.table())
            self._shown_turn = self._moves_told

    def _say_ask(self) -> None:
        now = self.current
        if now is not None:
            self.say(paint("Try: ", BOLD, self.color) + words(now.ask, self.lesson_rules))

    def start(self, intro: Sequence[str] = ()) -> None:
        for line in intro:
            self.say(line)
        self._keep_place()
        self._begin_step(fresh=True)
        self.advance()

    def advance(self, pace: bool = True) -> None:
        """The words on the move just played, then the other seats' fixed moves, then what comes
        next: the next try, or the next step."""
        self._say_pending()
        host = self.host
        while not self.is_over and host.step() is not None:
            if pace and self.pace.seconds > 0:
                try:
                    if self.pace.sleep(self.pace.seconds):
                        pace = False
                except KeyboardInterrupt:
                    pace = False
        if self.finished or self.completed:
            return
        if self.current is None:
            self._end_step()
            return
        view = self.view
        if self.is_over or view.to_move != self.human:
            return
        if self._shown_turn != self._moves_told and view.phase is Phase.DRAW:
            # A new turn of the learner's: the table as it is now, as at the table.
            self._shown_turn = self._moves_told
            self.say("")
            self.say(self.table())
        self._say_ask()

    def _after_events(self, events: list[Event]) -> None:
        """As at the table, but the deal's score sheet is the lesson's end, not the game's summary,
        which would push the sheet off a small screen."""
        super()._after_events([e for e in events if e.kind != EventKind.GAME_END])

    def _show_turn_start(self) -> None:
        """The lesson says what to try instead of the table's "Your turn" line."""

    def _say_pending(self) -> None:
        done, self._pending = self._pending, None
        if done is not None:
            self._explain(done)

    def _explain(self, done: Try) -> None:
        self.say(paint("  " + words(done.says, self.lesson_rules), BOLD, self.color))
        if done.quote is not None:
            rule, phrase = done.quote
            self.say("  " + quoted(rule, phrase, self.view.rules) + f" (rules {rule} for the whole rule)")

    def _end_step(self) -> None:
        step = self.step
        if step.done:
            self.say(words(step.done, self.lesson_rules))
        if self.index + 1 >= len(self.lesson.steps):
            self._finish()
            return
        self.index += 1
        self.tried = 0
        game = self._game_for(self.index, self.host.game)
        fresh = game is not self.host.game
        self._start_game = game.clone()
        if fresh:
            self._set_table(game)
        else:
            self._fill_scripts()
        self._keep_place()
        self._begin_step(fresh=fresh)
        self.advance()

    def _finish(self) -> None:
        self.completed = True
        for line in self.on_finish() if self.on_finish is not None else [f"{self.lesson.title}: done."]:
            self.say(line)
        self.finished = True

    # ------------------------------------------------------------------ the prompt

    @property
    def prompt(self) -> str:
        if self.confirming_quit:
            return "Leave the lesson? [y/N] "
        base = super().prompt
        if self.finished:
            return base
        return f"[{self.index + 1}/{len(self.lesson.steps)}] {base}"

    def handle(self, line: str) -> str:
        if self.confirming_quit or self.finished or self.waiting is not None:
            return super().handle(line)
        word = line.strip().split(None, 1)[0].lower() if line.strip() else ""
        if word == "back":
            return self.back()
        if word == "skip":
            return self.skip()
        reading = read_line(line, self.view.hand, {m.token for m in self.view.my_melds if not m.is_book})
        command = reading.command
        if command is None or not command.is_move:
            name = command.name if command is not None else ""
            if name == "hint":
                return self._hint()
            if name == "help" and not reading.rest:
                return self._help()
            if name == "rules" and not reading.rest:
                self.say(rule_text(str(self.step.rule), self._width(), self.view.rules), wrap=False)
                return INFO
            if command is None:
                return self.error(commands.unknown_command(reading.word).replace(
                    "type help", "type help (or back, skip)"))
            return super().handle(line)
        now = self.current
        if now is None or reading.move is None or self.is_over or self.view.to_move != self.human:
            return super().handle(line)
        try:
            move = Move.parse(reading.move)
        except InvalidMoveError:
            return super().handle(line)
        game = self.host.game
        if same_move(game, move, parse(now.move)):
            return self._tried(now, reading.move, lambda message: as_typed(message, reading))
        return self._other(now, move, reading.move, lambda message: as_typed(message, reading))

    def _tried(self, now: Try, text: str, as_typed: Callable[[str], str]) -> str:
        """The move the step asks for: played (or, for a try the rules refuse, refused as the table
        refuses it), and why."""
        self.tried += 1
        self._keep_place()
        if now.refused:
            self._move(text, as_typed)  # the table's own refusal, word for word
            self._explain(now)
            self.advance()
            return INFO
        self._pending = now
        self._move(text, as_typed)
        return QUIT if self.finished else OK

    def _other(self, now: Try, move: Move, text: str, as_typed: Callable[[str], str]) -> str:
        """Another move than the step's: the rules' refusal as the table says it, or, for a move
        the rules allow, why the lesson goes another way. Nothing is played."""
        game = self.host.game
        warned = next((w for w in now.wrong if same_move(game, move, parse(w.move))), None)
        refusal = game.refusal(move)
        if refusal is not None:
            self._move(text, as_typed)  # says "Not allowed (RULE): ...", as the table does
            if warned is not None and warned.why:
                self.say("  " + words(warned.why, self.lesson_rules))
            self.say(f"  (rules {refusal.rule} says more.) Try again, or type hint.")
            return ERROR
        shown = notation_text(str(move))
        if warned is not None:
            self.say(f"{shown}: " + words(warned.why, self.lesson_rules) + " Try again, or type hint.")
            return ERROR
        self.say(f"{shown} is allowed here, but it is not the move this lesson is about; the lesson's "
                 "other players play fixed moves. Try again, or type hint.")
        return ERROR

    # ------------------------------------------------------------------ the lesson's own words

    def _hint(self) -> str:
        now = self.current
        if now is None:
            return self.error("No hint now: the step is over.")
        if self.lesson.name == "guided" or not now.wrong:
            self.say(f"Hint: type {notation_text(now.move)}")
        else:
            choices = sorted([now.move, *(w.move for w in now.wrong)], key=lambda m: (len(m), m))
            self.say("Hint: one of " + ", ".join(notation_text(m) for m in choices) + " is the move here.")
        return INFO

    def _help(self) -> str:
        self.say("In a lesson, type the move it asks for, as at the table (draw, meld 9 9 9, discard 7 ...).")
        self.say("hint: the move (or the choices)   rules: this step's rule   back: this step again")
        self.say("skip: the lesson plays the step for you   quit: stop here   help moves: every move")
        return INFO

    def back(self) -> str:
        """The step again, from its start."""
        self.tried = 0
        self._pending = None
        self._keep_place()
        self._set_table(self._start_game.clone())
        self.say("The step again, from its start.")
        self._begin_step(fresh=True)
        self.advance()
        return INFO

    def skip(self) -> str:
        """The lesson plays the rest of the step (the tries the rules allow) and goes on."""
        self.say("The lesson plays this step for you:")
        while (now := self.current) is not None and not self.finished:
            self.tried += 1
            if now.refused:
                continue
            try:
                self.host.play(self.human, now.move)
            except Exception as exc:  # a lesson's move must be legal; its test walks every one
                return self.error(f"This step cannot be played: {printable(str(exc))}")
            host = self.host
            while not self.is_over and host.step() is not None:
                pass
        if not self.finished and not self.completed:
            self._shown_turn = self._moves_told
            self.advance()
        return QUIT if self.finished else INFO

    def say_how_to_resume(self) -> None:
        if self.completed:
            return
        if self.on_step is not None:
            self.say(f"Your place is kept: {self.program} learn goes on from here, step {self.index + 1} of "
                     f"{len(self.lesson.steps)}.")
        else:
            self.say(f"{self.program} learn {self.lesson.name} takes this lesson again.")


class SpokenLessonSession(LessonSession, SpokenSession):
    """A lesson for a screen reader: its steps as a lesson gives them, the table, the hand and the
    other seats' moves told as the screen reader's table tells a game (:mod:`hfcli.repl.spoken`)."""

    def table(self, full: bool = False, under: int = 0) -> str:
        """The hand, then the table: a step's position is both, as the drawn table shows them."""
        return f"{self.hand()}\n{super().table(full, under)}"
