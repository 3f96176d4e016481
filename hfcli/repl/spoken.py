"""The table for a screen reader (``hf play --screen-reader``): the same session, told in words.

Everything said is linear and append-only: no table repainted, no toolbar, no menu, no colour,
no symbol and no box-drawing character. Each line begins with who it is about (``West:``,
``You:``, ``Table:``). Short by default: after the person's move, one line for each other seat's
turn, each meld said once and one short reason for its discard (``safe``, ``risky``), then whose
turn it is and what may be done beyond drawing; the rest only on request (``why``, ``hand``,
``pile``, ``table``, ``need``, ``score``, ``last``, ``cards``, ``who``), each answered in a
sentence or two.

The mode is a presenter chosen when the session is made: :class:`SpokenSession` overrides the
session's telling, never its rules, so the game, the transcript and the commands typed are those
of every other table. This module holds what the session says as the game goes (the start, each
turn gathered and said in a line, a deal's start and end, the prompt and the person's turn); its
parts, each a module of its own:

- :mod:`hfcli.repl.spoken_turns`: a turn's moves in one phrase list and the short reason after a
  discard;
- :mod:`hfcli.repl.spoken_table`: the table in sentences (a side's melds, the pile, the stock),
  which the replay, practice and lessons in this mode say too;
- :mod:`hfcli.repl.spoken_answers`: the answers on request (``hand``, ``need``, ``score`` ...),
  the move log, ``why`` and a hint.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from hfcli.engine.events import Event, EventKind
from hfcli.engine.moves import Move, MoveKind
from hfcli.engine.scoring import GameResult, cards_value
from hfcli.engine.state import Phase
from hfcli.repl.display import PLAIN
from hfcli.repl.narration import Told
from hfcli.repl.seat import INFO
from hfcli.repl.spoken_answers import SpokenAnswers
from hfcli.repl.spoken_turns import spoken_reason, turn_words
from hfcli.system.printable import one_line_of_words, printable
from hfcli.table import Moved, Remark
from hfcli.text.card_words import caused_words, counted, number


class SpokenSession(SpokenAnswers):
    """A person's seat told for a screen reader; see the module's docstring."""

    TURN_NOTES = ("", "", "; the stock is empty")  # said without brackets

    spoken = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # No colour; whatever a shared screen still says, it says in letters; nothing is fitted to a
        # screen: a reader hears lines.
        display = kwargs.get("display", PLAIN)
        kwargs["display"] = replace(display, color=False, ascii=True, screen_reader=True, size=None)
        super().__init__(*args, **kwargs)
        self._turn_seat: int | None = None  # the other seat whose turn is being gathered
        self._turn_moves: list[Told] = []
        self._turn_reason = ""
        self._round_said: list[str] = []  # lines since the person's last discard, for ``last``

    # ------------------------------------------------------------------ lines

    def start(self, intro: Sequence[str] = ()) -> None:
        for line in intro:
            if line and not line.startswith("Type help"):  # tab completes nothing here
                self.say(f"Table: {line}")
        self.say("Table: type help for the commands; hand, pile, table, need, score, last, cards and who tell "
                 "you where the game stands.")
        view = self.view
        if not self.is_over:
            self.say(f"Table: deal {number(view.deal_index + 1)} of {number(view.rules.deals)}; "
                     f"first meld {view.minimum}.")
            # Red threes laid before the session began (dealt ones): later deals tell them as laid.
            reds = [f"{self._side_name(t)} {number(len(view.red_threes[t]))}" for t in
                    (view.team, *(t for t in view.seating.teams if t != view.team)) if view.red_threes[t]]
            if reds:
                self.say(f"Table: red threes on the table: {', '.join(reds)}.")
            self.say(self.hand())  # once a deal, unasked: nobody plays without knowing their cards
            if view.to_move == self.human and view.phase is Phase.MELD:  # resumed in the middle of a turn
                self.say("You: your turn. Meld, add, or discard.")
        self.advance()

    def error(self, text: str) -> str:
        return super().error(f"Table: {text}")

    def speak(self, who: str, text: str) -> None:
        """One line about ``who``: ``West: discarded a five of clubs.``"""
        line = f"{who}: {text}"
        self._round_said.append(line)
        self.say(line)

    def _flush(self) -> None:
        """Say the gathered turn of another seat in one line."""
        if self._turn_seat is None:
            return
        seat, moves, reason = self._turn_seat, self._turn_moves, self._turn_reason
        self._turn_seat, self._turn_moves, self._turn_reason = None, [], ""
        text = turn_words(moves, own=False, reason=reason)
        if text:
            self.speak(self._name(seat), f"{text}.")

    # ------------------------------------------------------------------ what the table tells

    def _tell_move(self, told: Told, moved: Moved) -> None:
        seat, move = told.seat, told.move
        if seat != self._turn_seat:
            self._flush()
        if seat == self.human:
            if move.kind is MoveKind.DISCARD or move.kind is MoveKind.END:
                self._round_said = []
            text = turn_words([told], own=True)
            if text:
                self.speak("You", f"{text}.")
            return
        self._turn_seat = seat
        view = self.view
        if move.kind is MoveKind.ASK and view.phase is Phase.ANSWER and view.to_move == self.human:
            self._flush()  # the question put to the person says who asks
            return
        self._turn_moves.append(told)
        if moved.reason and move.kind is MoveKind.DISCARD:
            self._turn_reason = spoken_reason(moved.reason, self.names, self.human)
        if move.kind in (MoveKind.DISCARD, MoveKind.END, MoveKind.ASK) or any(
                e.kind in (EventKind.OUT, EventKind.DEAL_END) for e in told.events):
            self._flush()

    def hear(self, remark: Remark) -> None:
        self._flush()
        self.speak(self._name(remark.seat), f"says {printable(one_line_of_words(remark.text))}")

    def _tell_deal_end(self, deal: int) -> None:
        self._flush()
        view = self.view
        result = view.results[deal]
        totals = view.totals()
        deal_scores = self._sides_said(result.totals)
        if list(result.totals) == list(totals):  # the first deal: the game's score is the deal's
            self.speak("Table", f"deal {number(deal + 1)} is over: {deal_scores}.")
            return
        self.speak("Table", f"deal {number(deal + 1)} is over. This deal: {deal_scores}. "
                            f"Game: {self._sides_said(totals)}.")

    def _tell_deal_start(self, event: Event) -> None:
        self._flush()
        view = self.view
        minimums = event.minimums or (view.minimum,)
        if len(set(minimums)) == 1:
            minimum = f"first meld {minimums[0]}"
        else:
            minimum = "first meld " + ", ".join(f"{self._side_name(t)} {m}" for t, m in enumerate(minimums))
        dealer = ("you" if event.seat == self.human else self.names[event.seat]) if event.seat is not None else "nobody"
        self.speak("Table", f"deal {number(event.count + 1)} of {number(view.rules.deals)} begins; {minimum}; "
                            f"{dealer} dealt.")
        self.say(self.hand())

    def _tell_dealt_red_three(self, event: Event) -> None:
        if event.seat is not None:
            self.speak(self._name(event.seat), "; ".join(caused_words([event])) + ".")

    def _tell_game_end(self, final: GameResult) -> None:
        self._flush()
        totals = final.totals
        winner = final.winner
        if winner is None:
            said = "a tie"
        elif winner == self.view.team:
            said = "your side wins"
        else:
            said = f"{self._side_name(winner)} win"
        self.speak("Table", f"game over, {said}: {self._sides_said(totals)}.")

    # ------------------------------------------------------------------ the person's turn

    @property
    def prompt(self) -> str:
        if self.confirming_quit:
            return "Leave the game? yes or no> "
        if self.waiting is not None:
            return "Enter to go on> "
        view = self.view
        if self.is_over:
            return "> "
        if view.phase is Phase.ANSWER and view.to_move == self.human:
            return "yes or no> "
        return "draw> " if view.phase is Phase.DRAW else "play> "

    def _show_turn_start(self) -> None:
        self._flush()
        super()._show_turn_start()

    def _say_turn_start(self) -> None:
        # Not a move: last leaves it out. A draw is what every turn starts with (the prompt
        # says it too): said only where there is more to choose from.
        choices = self._turn_choices()
        self.say("You: your turn." if choices == "draw" else f"You: your turn. {choices.capitalize()}.")

    def _ask_permission(self) -> None:
        view = self.view
        asker = self.names[view.turn_seat]
        points = cards_value(view.hand, view.rules)
        self.speak(asker, f"may I go out? If I do, your {counted(len(view.hand), 'card')} count minus {points}. "
                          "Answer yes or no.")

    def _after_own_move(self, move: Move) -> None:
        """Short by default: the hand and the melds are on request, not after every move."""
        return None

    def _hold_after_deal(self, deal: int) -> None:
        deals = self.view.rules.deals
        if not self.is_over:
            self.waiting = f"deal {deal + 2}"
            self.speak("Table", f"press Enter to start deal {number(deal + 2)} of {number(deals)}.")
        else:
            self.waiting = "the final scores"
            self.speak("Table", "press Enter for the final scores.")

    def line_cleared(self) -> str:
        self.speak("Table", "line cleared. To leave, type quit.")
        return INFO

    def leave(self) -> str:
        self._flush()
        return super().leave()
