"""The screens a person's seat shows: the table as it fits the terminal, the hand, the melds, the
pile, the scores, what the side needs, the log and a move's whole reason, and the screen that starts
the person's turn (or a partner's question). Each is made from the seat's view and what it was
told, never from the game. A layer of the seat's session (see :mod:`hfcli.repl.seat`)."""

from __future__ import annotations

from hfcli.engine.errors import NotFoundError
from hfcli.engine.moves import MoveKind
from hfcli.engine.scoring import cards_value
from hfcli.engine.state import Phase
from hfcli.repl.narration import round_lines
from hfcli.repl.seat import LogEntry, SeatBase
from hfcli.system.printable import printable
from hfcli.text.notation import BOLD, card_count, hand_lines, meld_text, notation_text, paint, reason_suffix
from hfcli.text.reason_text import Form, clauses
from hfcli.text.scores import deal_totals, running_count
from hfcli.text.screen import (
    books_summary,
    books_to_go_out,
    listed_open_melds,
    pile_line,
    render_table,
    seat_counts,
    status_line,
)

# Lines a terminal keeps under the table at the start of a turn: "Your turn", the prompt, the status bar.
LINES_UNDER_TABLE = 3


class Screens(SeatBase):
    """What the person's seat shows when asked, and at the start of its turn."""

    def toolbar(self) -> str:
        return status_line(self.view, self._short_names(), self._width())


    def _round_in_sight(self, following: int) -> int:
        """Before a screen of ``following`` rows that waits for the person (the table and the prompt,
        or a partner's question): when the moves since the person's last turn would have scrolled
        off the top by then, the round is told again in a few lines, a line a seat. Returns the
        rows that recap took (0 when none was needed)."""
        size = self.display.size
        if size is None or not self._round:
            return 0
        height = size()[1]
        if self._rows_said - self._round_rows + following <= height:
            return 0
        recap = round_lines(self._round, human=self.human, names=self.names, color=self.color, ascii=self.ascii)
        text = self._wrapped("\n".join(recap))
        self.say("")
        self.say(text)
        return 1 + self._rows(text)


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
            self._say_turn_start()

    def _say_turn_start(self) -> None:
        """What is shown once at the start of the seat's turn: the table in sight, then the turn line."""
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
        size = self.display.size
        width, height = size() if size is not None else (None, None)
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
        melds = listed_open_melds(view.my_melds)
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

    def pile(self) -> str:
        return pile_line(self.view, color=self.color, ascii=self.ascii)

    def cards(self, rest: str) -> str:
        """How many cards each seat holds (``rest``, a seat, is read by the spoken table only)."""
        return "; ".join(seat_counts(self.view, seat, self._short_names()) for seat in self.view.seating.seats)

    def last(self) -> str:
        """The moves since the person's last turn, again."""
        recap = round_lines(self._round, human=self.human, names=self.names, color=self.color, ascii=self.ascii)
        return "\n".join(recap) or "Nothing has been played since your last turn."

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
        """The log entry ``why`` is asked about (NotFoundError with the words to say when there is none)."""
        given = [at for at, entry in enumerate(self.log) if self.reason_words(entry.reason)]
        if not given:
            raise NotFoundError("No move has a reason yet: the AI players give theirs as they play.")
        word = rest.strip().lower()
        if not word:
            at = given[-1]
        elif word.isdigit():
            at = int(word) - 1
            if not 0 <= at < len(self.log):
                raise NotFoundError(f"No move {printable(rest)} in the log: the moves are numbered 1 to "
                                    f"{len(self.log)}.")
        else:
            seats = [s for s, name in self.names.items() if name.lower() == word or
                     self.view.seating.names[s].lower() == word]
            if not seats:
                raise NotFoundError(f"why takes a move's number from the log or a seat, not {printable(rest)!r}.")
            found = [at for at in given if self.log[at].seat == seats[0]]
            if not found:
                raise NotFoundError(f"{self.names[seats[0]]} has given no reason yet.")
            at = found[-1]
        return at

