"""A person's seat at the table: their command lines in, words out.

The session is the person's endpoint at a :class:`~hfcli.table.Table`: it is told each move as
its seat may see it and keeps its seat's view and what it was told (the log), never the game;
every screen (the table, the hand, the scores, the log, the hints, the narration) is made from
those. It plays the person's moves through the table, which records each to the transcript
before any endpoint, this one included, is told of it; and a session on its own (``hf play``)
drives the table's loop, playing the AI seats between the person's moves.

No terminal code lives here, so the same session runs under prompt_toolkit, from a pipe, and in
tests.
"""

from __future__ import annotations

import shlex
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from hfcli.engine.errors import HandFootError, IllegalMoveError, InvalidMoveError
from hfcli.engine.events import Event, EventKind
from hfcli.engine.game import Game
from hfcli.engine.melds import BookKind, Meld
from hfcli.engine.moves import Move, MoveKind
from hfcli.engine.numbers import whole_number
from hfcli.engine.reasons import Reason
from hfcli.engine.scoring import GameResult, cards_value
from hfcli.engine.seat import Decision, Player
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView
from hfcli.printable import one_line_of_words, printable
from hfcli.reason_text import Form, clauses, phrase
from hfcli.render import (
    BOLD,
    RED,
    books_summary,
    books_to_go_out,
    card_count,
    command_lines,
    deal_totals,
    game_summary,
    hand_lines,
    meld_text,
    move_with_reason,
    notation_text,
    open_melds,
    paint,
    pile_line,
    reason_suffix,
    render_table,
    running_count,
    score_table,
    seat_counts,
    status_line,
    visible_len,
    wrap_line,
)
from hfcli.repl import commands
from hfcli.repl.interrupts import interrupts_held
from hfcli.repl.narration import (
    Told,
    book_line,
    books_closed,
    deal_start_line,
    describe_move,
    move_phrase,
    pickup_pair,
    red_three_line,
    round_lines,
)
from hfcli.rules_text import describe_rules, play_summary, rule_text
from hfcli.table import AiEndpoint, Moved, Recorder, Remark, Table, remark_problem
from hfcli.table.endpoints import told_reason
from hfcli.transcript.lines import RecordedMove

# What handle() did with a line.
OK = "ok"  # a move was applied
INFO = "info"  # something was shown; the game did not change
ERROR = "error"  # the line was refused; the game did not change
EMPTY = "empty"
QUIT = "quit"  # the session is over (left, or the game ended)

# Lines a terminal keeps under the table at the start of a turn: "Your turn", the prompt, the status bar.
LINES_UNDER_TABLE = 3


@dataclass(frozen=True)
class LogEntry:
    """A move as the log keeps it: the deal (0-based), the seat, the move in notation, the reason
    given (an AI's), and the move in words as the table writes it (suits as symbols), where known."""

    deal: int
    seat: int
    move: str
    reason: Reason | None  # as this seat was told it (another seat's without its private facts)
    shown: str = ""


class Session:
    """The human's seat at a game: ``handle(line)`` acts on one command line and reports what it did;
    ``advance()`` plays the AI seats, narrating each move, until the human is to move again.

    Given a game, the session sets a table for it, an AI endpoint in every seat of ``players``, and
    itself in seat ``human``, recording to ``writer``; given a :class:`Table`, it takes seat
    ``human`` at it (``players`` and ``writer`` are the table's then)."""

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
        color: bool = False,
        ascii: bool = False,
        speed: float = 0.0,
        sleep: Callable[[float], bool | None] = time.sleep,
        hint_player: Player | None = None,
        screen_size: Callable[[], tuple[int, int]] | None = None,
        waits_between_deals: bool = False,
        program: str = "hf",
    ) -> None:
        self.human = human
        if isinstance(game, Table):
            if players or writer is not None:
                raise ValueError("a table has its players and its transcript already")
            self.host = game
            self._owns_table = False
        else:
            # Solo play: the person's partner explains itself whole, the opponents only by what
            # the table shows (README, "What the AI players say").
            self.host = Table(game, [AiEndpoint(s, p) for s, p in (players or {}).items()], recorder=writer,
                              atomic=interrupts_held, open_partners=True)
            self._owns_table = True
        self._view: SeatView | None = None
        self._view_at = -1  # the number of moves played when the view was made
        self.human_name = human_name
        self.transcript_path = transcript_path
        self.echo = echo
        self.color = color
        self.ascii = ascii
        self.speed = speed
        self.sleep = sleep  # the pause after an AI move; True back means the player asked to skip the rest
        self.hint_player = hint_player
        self.hints_off: str | None = None  # why ``hint`` gives none at this table (an event's), if so
        self.screen_size = screen_size  # (columns, lines) of the terminal; None: no screen to fit (a pipe)
        # In a terminal each deal's score sheet stays on screen until the player presses Enter; at
        # that prompt the table's commands work (score, log, quit ...) and moves wait. A pipe goes on.
        self.waits_between_deals = waits_between_deals
        self.waiting: str | None = None  # while a deal's sheet is held: what Enter goes on to
        self._held_events: list[Event] = []  # what the move that ended the deal caused after the sheet
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
        self.host.seat(self)

    # ------------------------------------------------------------------ the seat's endpoint

    @property
    def seat(self) -> int:
        return self.human

    # Told for a screen reader (a SpokenSession): lines in words, no toolbar, no menu, no screen to fit.
    spoken = False

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

    def reason_words(self, reason: Reason | None) -> str:
        """A reason as this seat reads it beside a move (the seat named ``you``)."""
        return phrase(reason, self.names, you=self.human)

    def hear(self, remark: Remark) -> None:
        """A line said at the table (this seat's own too): shown escaped, never obeyed."""
        who = "You" if remark.seat == self.human else self.names[remark.seat]
        self.say(f"{who} {'say' if who == 'You' else 'says'}: {printable(one_line_of_words(remark.text))}")

    # ------------------------------------------------------------------ what the loop asks

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

    def toolbar(self) -> str:
        return status_line(self.view, self._short_names(), self._width())

    def _short_names(self) -> dict[int, str]:
        return {self.human: self.human_name} if self.human_name != "You" else {}

    def _width(self) -> int | None:
        return self.screen_size()[0] if self.screen_size is not None else None

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

    def _round_in_sight(self, following: int) -> int:
        """Before a screen of ``following`` rows that waits for the person (the table and the prompt,
        or a partner's question): when the moves since the person's last turn would have scrolled
        off the top by then, the round is told again in a few lines, a line a seat. Returns the
        rows that recap took (0 when none was needed)."""
        if self.screen_size is None or not self._round:
            return 0
        height = self.screen_size()[1]
        if self._rows_said - self._round_rows + following <= height:
            return 0
        recap = round_lines(self._round, human=self.human, names=self.names, color=self.color, ascii=self.ascii)
        text = self._wrapped("\n".join(recap))
        self.say("")
        self.say(text)
        return 1 + self._rows(text)

    def error(self, text: str) -> str:
        self.say(paint(text, RED, self.color))
        return ERROR

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
        # A session at a table it did not set (a guest's) leaves the loop to whoever set the table.
        while self._owns_table and host.step() is not None:
            if pace and self.speed > 0 and not self.is_over:
                try:
                    if self.sleep(self.speed):
                        pace = False  # a key pressed: the rest of this round is played without pauses
                except KeyboardInterrupt:
                    pace = False  # Ctrl-C while the AI plays skips the pauses, never a move
        if self.waiting is None:
            self._show_turn_start()

    def _book_bonus(self, book: Meld) -> int:
        rules = self.view.rules
        return {BookKind.CLEAN: rules.clean_book_bonus, BookKind.DIRTY: rules.dirty_book_bonus}.get(
            book.kind, rules.wild_book_bonus)

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
                if self.waits_between_deals:
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

    def go_on(self) -> str:
        """Enter at a held score sheet: the next deal begins (or the final scores are shown) and the
        AI seats play on."""
        self.waiting = None
        held, self._held_events = self._held_events, []
        self._after_events(held)
        if not self.finished:
            self.advance()
        return QUIT if self.finished else OK

    def command_line(self, *words: str | Path) -> str:
        """A command of this program as the player can paste it into the shell they started it from."""
        return " ".join([self.program, *(shlex.quote(str(w)) for w in words)])

    def say_command(self, *words: str | Path) -> None:
        """A command to copy, indented: on one line where it fits, else broken between its words as a
        shell reads it back (a backslash at each line's end), so that a long path is never cut."""
        for line in command_lines(self.command_line(*words), self._width()):
            self.say(line, wrap=False)

    def show_turn(self) -> None:
        """The turn-start screen (the table and the choices, or the partner's question), if this
        seat is to move and has not been shown it this turn: for a host that drives the table."""
        self._show_turn_start()

    def _show_turn_start(self) -> None:
        view = self.view
        if self.is_over or view.to_move != self.human:
            return
        if view.phase is Phase.ANSWER:
            self._ask_permission()
            return
        if view.phase is Phase.DRAW and self._shown_turn != self._moves_told:
            self._shown_turn = self._moves_told
            turn = self._wrapped(paint(f"Your turn: {self._turn_choices()}.", BOLD, self.color)
                                 + "  (help lists every command)")
            under = self._rows(turn) + 2  # the turn line, the prompt and the toolbar
            table = self.table(under=under + 1)  # and the blank line above it
            recap = self._round_in_sight(1 + self._rows(table) + under)
            if recap:
                table = self.table(under=under + 1 + recap)
            self.say("")
            self.say(table)
            self.say(turn)

    # What _turn_choices adds: where the pile cannot be taken; where the stock is empty and the
    # pile can be taken; where the stock is empty and it cannot.
    TURN_NOTES = (" (the pile cannot be taken)", " (the stock is empty)", " (the stock is empty)")

    def _turn_choices(self) -> str:
        """What the human may start a turn with, as the rules stand now (C-DRAW, C-PILE, C-END)."""
        kinds = {move.kind for move in self.view.legal_moves}
        no_pile, no_stock, nothing = self.TURN_NOTES
        take = "pick up the pile" if MoveKind.PICKUP in kinds else ""
        if MoveKind.DRAW in kinds:
            return f"draw, or {take}" if take else "draw" + no_pile
        return f"{take}, or end the deal" + no_stock if take else "end the deal" + nothing

    def _asker_called(self) -> str:
        """Who asks the human "may I go out?": ``your partner``, or in a side of three the teammate by name."""
        view = self.view
        return "your partner" if len(view.seating.partners(self.human)) == 1 else self.names[view.turn_seat]

    def _ask_permission(self) -> None:
        """C-OUT, T-OUT: a teammate asks; the human answers, shown the facts that matter (in a side
        of three, the third member's cards count too)."""
        view = self.view
        asker = self.names[view.turn_seat]
        hand_points = cards_value(view.hand, view.rules)
        if view.in_foot[self.human]:
            foot = "you are playing from your foot"
        else:
            foot = f"your unpicked foot's {card_count(view.foot_sizes[self.human])} count against you too"
        rules = view.rules
        need = books_to_go_out(rules)
        lines = [
            paint(f"{asker} asks: may I go out?", BOLD, self.color),
            f"  A yes lets {asker} go out this turn: meld every card but one and discard the last, which ends "
            f"the deal. A no: {asker} keeps two cards or more after melding (C-KEEP) and plays on.",
            f"  If {asker} goes out now, the {card_count(len(view.hand))} in your hand count -{hand_points}; "
            f"{foot}.",
        ]
        books = books_summary(view.my_melds, rules.wild_melds)
        lines.append(f"  Books: {books} (going out needs {need}); going out scores +{rules.going_out_bonus}.")
        held = [f"{asker} holds {card_count(view.hand_sizes[view.turn_seat])}"]
        for seat in view.seating.partners(self.human):
            if seat != view.turn_seat:
                foot = "in the foot" if view.in_foot[seat] else f"foot of {card_count(view.foot_sizes[seat])} unpicked"
                held.append(f"{self.names[seat]} {card_count(view.hand_sizes[seat])} ({foot})")
        lines.append(f"  {', '.join(held)}. Answer y or n.")
        text = self._wrapped("\n".join(lines))
        self._round_in_sight(1 + self._rows(text) + 2)  # a blank line, the question, the prompt, the toolbar
        self.say("")
        self.say(text)

    # ------------------------------------------------------------------ screens

    def table(self, full: bool = False, under: int = LINES_UNDER_TABLE) -> str:
        """The table as it fits the terminal with ``under`` rows kept below it (the compact one when
        the full one would not fit, the brief one when neither would), or the full one whatever the
        terminal's height."""
        width, height = self.screen_size() if self.screen_size is not None else (None, None)
        if height is not None and not full:
            height -= under
        table = render_table(self.view, color=self.color, ascii=self.ascii,
                             names=self._short_names(), width=width, height=height)
        if height is not None and not full and self._rows(table) > height:
            table = render_table(self.view, color=self.color, ascii=self.ascii, names=self._short_names(),
                                 width=width, layout="brief")
        return table

    def hand(self) -> str:
        view = self.view
        where = "foot" if view.in_foot[self.human] else "hand"
        return "\n".join(hand_lines(view.hand, width=self._width(), lead=f"Your {where} ({len(view.hand)}): ",
                                    color=self.color, ascii=self.ascii))

    def my_melds(self) -> str:
        view = self.view
        melds = open_melds(view.my_melds)
        shown = "; ".join(meld_text(m, color=self.color, ascii=self.ascii) for m in melds) or "none open"
        opening = ""
        if not view.opened[view.team] and view.opening_value:
            opening = f"  (first meld so far {view.opening_value} of {view.minimum})"
        return f"Your melds: {shown}{opening}"

    def scores(self) -> str:
        """The deal in progress counted so far, then every finished deal's total and the game's.
        Between deals (a score sheet held) there is no deal in progress: the next one's cards are
        dealt, but it starts only with Enter."""
        view = self.view
        names = view.seating.team_names
        lines = [] if self.is_over or self.waiting is not None else [running_count(view, self._short_names())]
        if view.results:
            if lines:
                lines.append("")
            lines += ["Finished deals:", *deal_totals(list(view.results), names, view.totals())]
            if self.waiting is not None and not self.is_over:
                lines.append(f"Deal {view.deal_index + 1} starts when you press Enter.")
        else:
            lines.append("No deal finished yet: " + ", ".join(f"{n} 0" for n in names) + ".")
        return "\n".join(lines)

    def need(self) -> str:
        """What the person's side still needs to go out (C-OUT)."""
        view = self.view
        rules = view.rules
        foot = "" if view.in_foot[self.human] else " You must also be playing from your foot."
        has = books_summary(view.my_melds, rules.wild_melds)
        return f"Going out needs books: {books_to_go_out(rules)}. Your side has {has}.{foot}"

    def who(self) -> str:
        seating = self.view.seating
        return "; ".join(f"{seating.long_names[s]}: " + ("you" if s == self.human else self.names[s])
                         for s in seating.seats) + "."

    def log_text(self, count: int | None = None) -> str:
        """The last ``count`` moves told, numbered as ``why N`` takes them, each with the AI's reason;
        with no count, every move since the person's last turn ended (their discard first), and at
        least the last 10. A line tells where a deal starts."""
        if not self.log:
            return "No moves yet."
        first = self._log_start(count)
        lines = []
        column = max(6, *(len(name) for name in self.names.values()))
        deal = None
        for number, entry in enumerate(self.log[first:], start=first + 1):
            if entry.deal != deal:
                deal = entry.deal
                lines.append(paint(f"Deal {deal + 1}:", BOLD, self.color))
            lines.append(f"{number:>4}  {self.names[entry.seat]:<{column}} "
                         f"{self._entry_text(entry)}")
        return "\n".join(lines)

    def own_moves_since(self, start: int) -> list[str]:
        """The moves this seat made from log entry ``start`` on (the AI's, while the person was
        away), in words as the log gives them, each with its reason."""
        return [self._entry_text(entry) for entry in self.log[start:] if entry.seat == self.human]

    def _entry_text(self, entry: LogEntry) -> str:
        shown = entry.shown or notation_text(entry.move)
        return shown + reason_suffix(self.reason_words(entry.reason), color=self.color, ascii=self.ascii)

    def _log_start(self, count: int | None) -> int:
        """The first log entry ``log`` shows: the last ``count``; with none, the round since the
        person's last turn ended, and at least the last 10."""
        first = max(0, len(self.log) - (count or 10))
        return first if count is not None else min(first, self._since_last_turn())

    def _whole_reason(self, entry: LogEntry) -> str:
        """The whole reason of a logged move as this seat was told it: every fact, another seat's
        public ones only."""
        return "; ".join(clauses(entry.reason, Form.SENTENCE, self.names, you=self.human)) if entry.reason else ""

    def _since_last_turn(self) -> int:
        """The log entry of the person's last discard (or ``end``): where the round they did not play began."""
        for at in range(len(self.log) - 1, -1, -1):
            entry = self.log[at]
            if entry.seat == self.human and entry.move.split()[0] in (MoveKind.DISCARD, MoveKind.END):
                return at
        return 0

    def why_text(self, rest: str) -> str:
        """``why``: the full reason of the last AI move that gave one; ``why N``: of the move numbered N
        in the log; ``why SEAT``: of that seat's last move."""
        at = self._why_at(rest)
        entry = self.log[at]
        who = self.names[entry.seat] if entry.seat != self.human else "You"
        shown = entry.shown or notation_text(entry.move)
        said = self._whole_reason(entry)
        if not said:
            return f"Move {at + 1}, deal {entry.deal + 1}: {who} {shown}. No reason was given for it."
        return f"Move {at + 1}, deal {entry.deal + 1}: {who} {shown}. Why: {said}."

    def _why_at(self, rest: str) -> int:
        """The log entry ``why`` is asked about (KeyError with the words to say when there is none)."""
        given = [at for at, entry in enumerate(self.log) if self.reason_words(entry.reason)]
        if not given:
            raise KeyError("No move has a reason yet: the AI players give theirs as they play.")
        word = rest.strip().lower()
        if not word:
            at = given[-1]
        elif word.isdigit():
            at = int(word) - 1
            if not 0 <= at < len(self.log):
                raise KeyError(f"No move {printable(rest)} in the log: the moves are numbered 1 to {len(self.log)}.")
        else:
            seats = [s for s, name in self.names.items() if name.lower() == word or
                     self.view.seating.names[s].lower() == word]
            if not seats:
                raise KeyError(f"why takes a move's number from the log or a seat, not {printable(rest)!r}.")
            found = [at for at in given if self.log[at].seat == seats[0]]
            if not found:
                raise KeyError(f"{self.names[seats[0]]} has given no reason yet.")
            at = found[-1]
        return at

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
        reading = commands.read_line(line, view.hand, open_ranks)
        if not reading.word:
            return EMPTY
        command = reading.command
        if command is None:
            return self.error(commands.unknown_command(reading.word))
        if command.is_move:
            if reading.move is None:
                return self.error(f"Can't read that: {reading.error}")
            return self._move(reading.move, lambda message: commands.as_typed(message, reading))
        return self._info(command.name, reading.rest)

    def _handle_held(self, line: str) -> str:
        """A line typed at a held score sheet: Enter goes on, the table's commands work, a move waits."""
        command, word, rest = commands.split_line(line)
        if not word:
            return self.go_on()
        if command is None:
            return self.error(commands.unknown_command(word))
        if command.is_move:
            said = printable(word)
            return self.error(f"The deal is over: press Enter for {self.waiting} first ('{said}' is a move).")
        if command.name == "hint":
            return self.error(f"No hint now: the deal is over; press Enter for {self.waiting}.")
        return self._info(command.name, rest)

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

    def _info(self, name: str, rest: str) -> str:
        if name == "quit":
            return self.request_quit()
        if name == "help":
            try:
                self.say(commands.help_text(rest or None, self._width(), ascii=self.ascii), wrap=False)
            except KeyError as exc:
                return self.error(str(exc.args[0]))
            return INFO
        if name == "hand":
            self.say(self.hand())
        elif name == "table":
            if rest.lower() not in ("", "full"):
                return self.error(f"table takes nothing, or full for the whole table, not {rest!r}.")
            self.say(self.table(full=bool(rest)))
        elif name == "score":
            self.say(self.scores())
        elif name == "pile":
            self.say(pile_line(self.view, color=self.color, ascii=self.ascii))
        elif name == "need":
            self.say(self.need())
        elif name == "cards":
            self.say("; ".join(seat_counts(self.view, seat, self._short_names()) for seat in self.view.seating.seats))
        elif name == "last":
            recap = round_lines(self._round, human=self.human, names=self.names, color=self.color, ascii=self.ascii)
            self.say("\n".join(recap) or "Nothing has been played since your last turn.")
        elif name == "who":
            self.say(self.who())
        elif name == "log":
            try:
                count = whole_number(rest, "log's number of moves", 1) if rest else None
            except ValueError as exc:
                return self.error(f"{exc}.")
            self.say(self.log_text(count))
        elif name == "why":
            try:
                self.say(self.why_text(rest))
            except KeyError as exc:
                return self.error(str(exc.args[0]))
        elif name == "rules":
            if not rest:
                self.say(play_summary(self.view.rules, command="rules", width=self._width() or 80), wrap=False)
            elif rest.strip().lower() in ("keys", "--keys"):
                self.say(describe_rules(self.view.rules, command="rules", width=self._width() or 80))
            else:
                try:
                    # Written for the rules this table plays, and already broken between words.
                    self.say(rule_text(rest, self._width(), self.view.rules), wrap=False)
                except KeyError as exc:
                    return self.error(str(exc.args[0]))
        elif name == "hint":
            return self._hint()
        elif name == "say":
            return self._remark(rest)
        return INFO

    def _remark(self, text: str) -> str:
        """``say TEXT``: the line goes to the table (the transcript, then every seat)."""
        problem = remark_problem(text)
        if problem is not None:
            return self.error(f"Not said: {printable(problem)}.")
        self.host.say(self.human, text)
        return INFO

    def _hint(self) -> str:
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
