"""What the table tells a person's seat: each move as it may see it (logged, and narrated with the
AI's reason and the books it closed), a line said at the table, and what a move caused: a deal's
score sheet (held on screen until Enter in a terminal), a new deal, a red three dealt, the end of
the game. A layer of the seat's session (see :mod:`hfcli.repl.seat`)."""

from __future__ import annotations

from collections.abc import Iterable

from hfcli.engine.events import Event, EventKind
from hfcli.engine.moves import MoveKind
from hfcli.engine.scoring import GameResult
from hfcli.repl.narration import (
    Told,
    book_line,
    books_closed,
    deal_start_line,
    describe_move,
    move_phrase,
    pickup_pair,
    red_three_line,
)
from hfcli.repl.screens import Screens
from hfcli.repl.seat import LogEntry
from hfcli.system.printable import one_line_of_words, printable
from hfcli.table import Moved, Remark
from hfcli.table.endpoints import told_reason
from hfcli.text.notation import BOLD, paint
from hfcli.text.scores import game_summary, score_table
from hfcli.transcript.lines import RecordedMove


class Telling(Screens):
    """The seat as the table's endpoint: told every move and what it caused."""

    def receive(self, moved: Moved) -> None:
        """A move (this seat's own too), as the table tells it once it is in the transcript: logged,
        narrated, and what it caused told (a score sheet, a new deal, the end of the game)."""
        self._view = None
        self._moves_told += 1
        view = self.view
        seat, move, events = moved.seat, moved.move, list(moved.events)
        ended = next((e.count for e in events if e.kind == EventKind.DEAL_END), None)
        discarded = events[0].cards[0] if move.kind is MoveKind.DISCARD else None
        closed = books_closed(moved.side_melds_before, moved.side_melds)
        taken = next((e for e in events if e.kind == EventKind.TAKE), None)
        pair = (pickup_pair(moved.side_melds_before, moved.side_melds, taken.cards[0])
                if taken is not None and taken.cards else ())
        told = Told(seat, move, tuple(events), discarded, tuple(closed), pair)
        self.log.append(LogEntry(view.deal_index if ended is None else ended, seat, str(move), moved.reason,
                                 move_phrase(told, ascii=self.ascii)))
        if seat == self.human and move.kind in (MoveKind.DISCARD, MoveKind.END):
            # The person's turn is over: a new round starts, told from this move on. The line they
            # typed is on the screen above it.
            self._round, self._round_rows = [], self._rows_said - 1
        self._round.append(told)
        self._tell_move(told, moved)
        self._after_events(events)

    def _tell_move(self, told: Told, moved: Moved) -> None:
        """Say one move as the table shows it: a sentence with the AI's reason and the books closed."""
        view = self.view
        seat, move, events, closed, discarded = told.seat, told.move, list(told.events), told.books, told.discarded
        own_side = view.seating.team_of[seat] == view.team
        books = [book_line(seat, book, self._book_bonus(book), human=self.human, names=self.names,
                           color=self.color, own_side=own_side)
                 for book in closed]
        # A plan is said once a turn: the same reason again for the same seat's next move is left off.
        shown_reason = self.reason_words(moved.reason)
        reason = "" if shown_reason and self._last_reason == (seat, shown_reason) else shown_reason
        self._last_reason = (seat, shown_reason)
        self.say(describe_move(seat, move, events, human=self.human, names=self.names, discarded=discarded,
                               reason=reason, color=self.color, ascii=self.ascii, seating=view.seating,
                               books=books))

    def log_recorded(self, moves: Iterable[RecordedMove]) -> None:
        """Log the moves of a resumed game as the table would have told them to this seat: another
        seat's reason without its private facts (a partner's whole where the table opens them)."""
        seating = self.view.seating
        for m in moves:
            told = told_reason(m.why, m.seat, self.human, seating, open_partners=self.host.open_partners)
            self.log.append(LogEntry(m.deal - 1, m.seat, m.move, told))


    def hear(self, remark: Remark) -> None:
        """A line said at the table (this seat's own too): shown escaped, never obeyed."""
        who = "You" if remark.seat == self.human else self.names[remark.seat]
        self.say(f"{who} {'say' if who == 'You' else 'says'}: {printable(one_line_of_words(remark.text))}")


    @staticmethod
    def _deal_ended(events: list[Event]) -> bool:
        return any(e.kind == EventKind.DEAL_END for e in events)

    def _after_events(self, events: list[Event]) -> None:
        view = self.view
        new_deal = False  # red threes after a deal's start were dealt, not drawn by the last move
        for at, e in enumerate(events):
            if e.kind == EventKind.DEAL_END:
                self._tell_deal_end(e.count)
                if self.after_deal is not None:
                    self.say(self.after_deal(e.count))
                if self.pace.hold_sheets:
                    self._hold_after_deal(e.count)
                    self._held_events = events[at + 1:]
                    return
            elif e.kind == EventKind.DEAL:
                # A new deal: what the last one's round did is on its score sheet.
                self._round, self._round_rows = [], self._rows_said
                self._last_reason = None
                self._tell_deal_start(e)
                new_deal = True
            elif e.kind == EventKind.RED_THREE and new_deal and e.seat is not None:
                self._tell_dealt_red_three(e)
            elif e.kind == EventKind.GAME_END:
                self._tell_game_end(GameResult(view.results, view.seating.team_names))
                if self.after_game is not None:
                    self.say("")
                    self.say(self.after_game())
                if self.transcript_path is not None:
                    path = self.transcript_path
                    self.say("")
                    self.say(f"Transcript: {path}")
                    self.say("To replay it, move by move:")
                    self.say_command("replay", path)
                    self.say("To see where your choices cost points, with the expert's move at each:")
                    self.say_command("review", path)
                    self.say("To play those positions again and find a better move:")
                    self.say_command("practice", path)
                self.finished = True

    def _tell_deal_end(self, deal: int) -> None:
        """The score sheet of the deal numbered ``deal`` (0-based), and the game's totals."""
        view = self.view
        self.say("")
        self.say(score_table(view.results[deal], view.seating.team_names, color=self.color,
                             wild_melds=view.rules.wild_melds))
        self._say_totals()

    def _tell_deal_start(self, event: Event) -> None:
        view = self.view
        self.say("")
        self.say(paint(deal_start_line(event, self.names, view.rules, view.seating.team_names), BOLD, self.color))

    def _tell_dealt_red_three(self, event: Event) -> None:
        """A red three dealt, laid at the deal's start (C-RED3)."""
        self.say(red_three_line(event, human=self.human, names=self.names, color=self.color, ascii=self.ascii))

    def _tell_game_end(self, final: GameResult) -> None:
        self.say("")
        self.say(game_summary(final, color=self.color, seating=self.view.seating, names=self._short_names()))

    def _say_totals(self) -> None:
        totals = self.view.totals()
        names = self.view.seating.team_names
        self.say("Game so far: " + ", ".join(f"{names[i]} {totals[i]}" for i in range(len(names))))

    def _hold_after_deal(self, deal: int) -> None:
        """The score sheet stays on screen until the player presses Enter; the next deal (or the final
        scores) is told then."""
        deals = self.view.rules.deals
        if not self.is_over:
            self.waiting = f"deal {deal + 2}"
            message = f"Press Enter to start deal {deal + 2} of {deals}."
        else:
            self.waiting = "the final scores"
            message = "Press Enter for the final scores."
        self.say(paint(message, BOLD, self.color) + " (score, log, rules, help and quit work here too)")

