"""Practice at one's own mistakes (``hf practice``): the seat is put back at each clear decision a
review found, sees the table as it saw it then, and is asked for the move again.

An answer is judged as the review judged the move played: the expert's choice is found, or the
answer is played forward against it on the same imagined deals, from the same random numbers
(the decision's own), so the move played in the game costs exactly what the review said, and any
other answer is costed and graded the same way. ``hint`` is not given: the point is to find the
move. Everything here is the state of a practice and the words it answers with; reading lines
from a terminal or a pipe is the command's (:mod:`hfcli.cli.practice`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hfcli.analysis import Knowledge, read_knowledge
from hfcli.engine.errors import InvalidMoveError
from hfcli.engine.game import Game
from hfcli.engine.moves import Move, parse_move
from hfcli.engine.view import SeatView
from hfcli.repl.commands import unknown_command
from hfcli.repl.reading import read_line
from hfcli.reports.review_text import lesson_sentences, preferred_why
from hfcli.review import (
    CLEAR,
    Finding,
    Grade,
    Review,
    decision_points,
    decision_seed,
    estimate,
    grade_of,
    same_choice,
)
from hfcli.system.printable import printable
from hfcli.text.notation import move_text, spoken_cards
from hfcli.text.screen import render_table

HELP = ("Type the move you would play here, as at the table (draw, pickup, discard 7, meld 9 9 9, add 2 to 9, "
        "ask, yes, no; Tab completes). A clearly costly answer gets one more try, then the lesson and the "
        "expert's move. table shows the table again, skip goes on to the next position, quit leaves. No hint: "
        "the point is to find the move yourself.")


@dataclass
class Answer:
    """How one position of the practice went."""

    number: int  # the move's number in the game
    answer: str  # the move answered, in notation ("" when skipped)
    verdict: str  # "expert", a grade (good, inaccuracy, mistake, blunder), or "skipped"
    cost: float = 0.0
    low: float = 0.0
    high: float = 0.0
    samples: int = 0
    tries: int = 1  # the try it was given at: a clearly costly first answer gets one more


@dataclass
class Drill:
    """One position to practise: the review's finding and the game just before the move."""

    finding: Finding
    game: Game
    samples: int
    _knowledge: Knowledge | None = field(default=None, repr=False)

    @property
    def view(self) -> SeatView:
        return self.game.view(self.seat)

    @property
    def seat(self) -> int:
        return self.game.turn.to_move

    def knowledge(self) -> Knowledge:
        """What the seat could tell of the hidden cards, as the review read it from the seat's view
        (worked out once, and only for an answer that needs costing; no expert search for it)."""
        if self._knowledge is None:
            self._knowledge = read_knowledge(self.view)
        return self._knowledge


class Practice:
    """A practice over the clear decisions of one review, in the order played."""

    def __init__(self, path: str | Path, result: Review, *, ascii: bool = True,
                 size: Callable[[], tuple[int | None, int | None]] = lambda: (None, None)) -> None:
        positions = {p.number: p for p in decision_points(path, result.seat, result.samples)[0]}
        self.result = result
        self.ascii = ascii
        self.size = size
        self.drills = [Drill(f, positions[f.number].game, result.samples)
                       for f in sorted(result.mistakes, key=lambda f: f.number) if f.number in positions]
        self.index = 0
        self.answers: list[Answer] = []  # each position's last answer
        self.first: Answer | None = None  # the position's first answer, where it was clearly costly

    @property
    def finished(self) -> bool:
        return self.index >= len(self.drills)

    @property
    def drill(self) -> Drill:
        return self.drills[self.index]

    @property
    def prompt(self) -> str:
        return f"practice {self.index + 1}/{len(self.drills)}> "

    def opening(self) -> list[str]:
        """What is said before the first position."""
        seat = printable(self.result.seat_name)
        if not self.drills:
            return [f"No clear mistake of {seat} to practise in {printable(self.result.path)}: every decision "
                    "was the expert's choice or within the noise of the deal."]
        count = len(self.drills)
        return [f"Practice for {seat}: {count} position{'s' if count != 1 else ''} where the game's move clearly "
                "cost points. Find a better move; help says how."]

    def _table(self, view: SeatView, height: int | None = None) -> str:
        """The table as the seat saw it; for a screen reader the hand and the table in sentences."""
        if spoken_cards():
            from hfcli.repl.spoken_table import table_said

            return "\n".join([self._hand(view), *table_said(view, dict(enumerate(view.seating.long_names)))])
        return render_table(view, ascii=self.ascii, width=self.size()[0], height=height)

    @staticmethod
    def _hand(view: SeatView) -> str:
        from hfcli.text.card_words import counted, hand_words

        where = "foot" if view.in_foot[view.seat] else "hand"
        return f"You: your {where}, {counted(len(view.hand), 'card')}: {hand_words(view.hand)}."

    def position_lines(self) -> list[str]:
        """The current position: the table as the seat saw it, and what was played there."""
        drill = self.drill
        f = drill.finding
        height = self.size()[1]
        table = self._table(drill.view, None if height is None else max(10, height - 4))
        turn = f", turn {f.turn}" if f.turn else ""
        return ["", f"Position {self.index + 1} of {len(self.drills)}: move {f.number}, deal {f.deal}{turn}.",
                table,
                f"In the game {printable(self.result.seat_name)} played "
                f"{move_text(f.played, ascii=self.ascii)} here. What do you play?"]

    def handle(self, line: str) -> list[str]:
        """One line typed at the prompt: a move is judged and the practice goes on to the next
        position; anything else is answered and the position stays."""
        drill = self.drill
        view = drill.view
        open_ranks = {m.token for m in view.my_melds if not m.is_book}
        reading = read_line(line, view.hand, open_ranks)
        word = reading.word.lower()
        if not word:
            return []
        if reading.command is None:
            if word == "skip":
                return self._skip()
            return [unknown_command(reading.word).replace("type help", "type help (or skip)")]
        name = reading.command.name
        if name == "hint":
            return ["No hint in practice: the point is to find the move yourself (skip goes on to the next)."]
        if name == "help":
            return [HELP]
        if name == "table":
            return [self._table(view)]
        if name == "hand" and spoken_cards():
            return [self._hand(view)]
        if name == "quit":
            self.index = len(self.drills)
            return []
        if not reading.command.is_move:
            return [f"{name} is not used in practice; {HELP}"]
        if reading.move is None:
            return [f"Can't read that: {printable(str(reading.error))}"]
        try:
            move = parse_move(reading.move)
        except InvalidMoveError as exc:
            return [f"Can't read that: {printable(str(exc))}"]
        refusal = drill.game.refusal(move)
        if refusal is not None:
            return [f"Not allowed here: {printable(str(refusal))}"]
        answer, lines = self._judge(drill, move)
        if answer.verdict in CLEAR and self.first is None:
            self.first = answer
            return [*lines, "One more try: what would you play instead?"]
        self.answers.append(answer)
        if answer.verdict in CLEAR:  # the second try was clearly costly too: the lesson, and the move
            f = drill.finding
            lines += [printable(sentence) for sentence in lesson_sentences(f)]
            lines.append(f"The expert plays {move_text(f.preferred, ascii=self.ascii)} here.")
        self._next()
        return lines

    def _next(self) -> None:
        self.index += 1
        self.first = None

    def _skip(self) -> list[str]:
        self.answers.append(Answer(self.drill.finding.number, "", "skipped", tries=2 if self.first else 1))
        self._next()
        return ["Skipped."]

    def _judge(self, drill: Drill, move: Move) -> tuple[Answer, list[str]]:
        """An answer judged as the review judged the move played, and what is said of it."""
        f = drill.finding
        game = drill.game
        tries = 2 if self.first is not None else 1
        preferred = parse_move(f.preferred)
        why = preferred_why(f)
        expert = f"the expert's {move_text(f.preferred, ascii=self.ascii)}"
        # the reason after the figures, not in parentheses of its own: it may hold some
        reason = f" The expert's {move_text(f.preferred, ascii=self.ascii)}: {why}." if why else ""
        if same_choice(game, move, preferred):
            return (Answer(f.number, str(move), "expert", tries=tries),
                    [f"The expert's choice: {move_text(str(move), ascii=self.ascii)}. The game's "
                     f"{move_text(f.played, ascii=self.ascii)} cost about {f.cost:.0f} points more."])
        if same_choice(game, move, parse_move(f.played)):
            cost, low, high, used = f.cost, f.low, f.high, f.samples  # the review's own figures
        else:
            costed = estimate(drill.view, move, preferred, drill.samples, decision_seed(game, f.number),
                              drill.knowledge())
            cost, low, high, used = round(costed.cost, 1), round(costed.low, 1), round(costed.high, 1), costed.samples
        grade = grade_of(low)
        if grade in CLEAR:
            verdict = f"{'an' if grade is Grade.INACCURACY else 'a'} {grade}"
        else:
            verdict = "good: not clearly worse"
        worse = f"about {cost:.0f} points worse than" if cost >= 0 else f"about {-cost:.0f} points better than"
        return (Answer(f.number, str(move), grade.value, cost, low, high, used, tries),
                [f"{move_text(str(move), ascii=self.ascii)}: {worse} {expert} "
                 f"(95% interval {low:.0f} to {high:.0f}, {used} imagined deals): {verdict}.{reason}"])

    def tally(self) -> list[str]:
        """The practice's end: how each position went, the expert's choice counted by the try (a
        position left after one clearly costly try counts as that answer)."""
        answers = self.answers + ([self.first] if self.first is not None else [])
        answered = len(answers)
        found = [a for a in answers if a.verdict == "expert"]
        good = sum(1 for a in answers if a.verdict == Grade.GOOD)
        costly = sum(1 for a in answers if a.verdict in CLEAR)
        skipped = sum(1 for a in answers if a.verdict == "skipped")
        left = len(self.drills) - answered
        first = sum(1 for a in found if a.tries == 1)
        tries = f" ({first} at the first try, {len(found) - first} at the second)" if found else ""
        words = [f"{len(found)} the expert's choice{tries}", f"{good} good", f"{costly} still clearly costly",
                 f"{skipped} skipped"] + ([f"{left} not reached"] if left else [])
        return [f"Practice over: {answered} of {len(self.drills)} positions answered; " + ", ".join(words) + "."]
