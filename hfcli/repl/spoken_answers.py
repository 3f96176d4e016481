"""What a screen reader's table answers on request (``hf play --screen-reader``): ``hand``,
``pile``, ``table``, ``need``, ``score``, ``last``, ``cards`` and ``who``, the move log, ``why``
and a hint, each in a sentence or two that begins with who it is about. The layer of
:class:`hfcli.repl.spoken.SpokenSession` under its telling: how a seat and a side are named.
"""

from __future__ import annotations

from collections.abc import Sequence

from hfcli.engine.errors import NotFoundError
from hfcli.engine.melds import BookKind
from hfcli.engine.moves import Move, MoveKind
from hfcli.engine.scoring import cards_value
from hfcli.engine.view import SeatView
from hfcli.repl.session import INFO, Decision, LogEntry, Session
from hfcli.repl.spoken_table import melds_said, pile_said, side_name, table_said
from hfcli.repl.spoken_turns import short_reason
from hfcli.system.printable import one_line_of_words, printable
from hfcli.text.card_words import and_list, counted, hand_words, move_words

# The commands that answer about the state in this mode, beyond the table's own.
STATE_COMMANDS = ("hand", "pile", "table", "need", "score", "last", "cards", "who")


class SpokenAnswers(Session):
    """The answers of :class:`hfcli.repl.spoken.SpokenSession`; see the module's docstring."""

    _round_said: list[str]  # lines since the person's last discard, for ``last``; the telling fills it

    def _name(self, seat: int) -> str:
        return "You" if seat == self.human else self.names[seat]

    def _side_name(self, team: int) -> str:
        return side_name(self.view, self.names, team)

    def _sides_said(self, points: Sequence[int]) -> str:
        view = self.view
        order = [view.team, *(t for t in view.seating.teams if t != view.team)]
        return ", ".join(f"{self._side_name(t)} {points[t]}" for t in order)

    # ------------------------------------------------------------------ answers about the state

    def hand(self) -> str:
        view = self.view
        where = "foot" if view.in_foot[self.human] else "hand"
        return f"You: your {where}, {counted(len(view.hand), 'card')}: {hand_words(view.hand)}."

    def my_melds(self) -> str:
        return f"You: {self._melds_said(self.view.team)}"

    def _melds_said(self, team: int) -> str:
        return melds_said(self.view, self.names, team)

    def pile(self) -> str:
        return pile_said(self.view)

    def table(self, full: bool = False, under: int = 0) -> str:
        return "\n".join(table_said(self.view, self.names))

    def need(self) -> str:
        view = self.view
        rules = view.rules
        books = [m for m in view.my_melds if m.is_book]
        have = {kind: sum(1 for m in books if m.kind is kind) for kind in BookKind}
        wanted = {BookKind.CLEAN: rules.clean_books_to_go_out, BookKind.DIRTY: rules.dirty_books_to_go_out,
                  BookKind.WILD: rules.wild_books_to_go_out if rules.wild_melds else 0}
        missing = [counted(wanted[k] - have[k], f"{k} book") for k in BookKind if wanted[k] > have[k]]
        parts = [and_list(missing)] if missing else []
        if not view.opened[view.team]:
            parts.append(f"its first meld of {view.minimum} or more")
        if not view.in_foot[self.human]:
            parts.append("you to play from your foot")
        if not parts:
            return "You: your side may go out: meld all but one card and discard the last."
        # A comma before the last "and": the books' own list has an "and" in it.
        said = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ", and " + parts[-1]
        return f"You: to go out, your side needs {said}."

    def scores(self) -> str:
        view = self.view
        rules = view.rules
        on_table = []
        for team in view.seating.teams:
            melds = view.melds[team]
            value = cards_value((c for m in melds for c in m.cards), rules)
            bonus = {BookKind.CLEAN: rules.clean_book_bonus, BookKind.DIRTY: rules.dirty_book_bonus,
                     BookKind.WILD: rules.wild_book_bonus}
            value += sum(bonus[m.kind] for m in melds if m.is_book)
            value += len(view.red_threes[team]) * rules.red_three_bonus
            on_table.append(value)
        lines = []
        if not self.is_over:
            lines.append(f"Table: on the table this deal, {self._sides_said(on_table)}; "
                         f"your hand counts minus {cards_value(view.hand, rules)}.")
        lines.append(f"Table: game so far, {self._sides_said(view.totals())}.")
        return "\n".join(lines)

    def last(self) -> str:
        return "\n".join(self._round_said) or "Table: nothing has happened since your last turn."

    def cards(self, rest: str) -> str:
        view = self.view
        word = rest.strip().lower()
        seats = list(view.seating.seats)
        if word:
            seats = [s for s in seats if word in (self.names[s].lower(), view.seating.names[s].lower(),
                                                  str(s + 1))]
            if not seats:
                raise NotFoundError(f"cards takes a seat, as cards west or cards 2, not {printable(rest)!r}.")
        said = []
        for seat in seats:
            foot = "in the foot" if view.in_foot[seat] else "foot not picked up"
            held = counted(view.hand_sizes[seat], "card")
            said.append(f"{'you' if seat == self.human else self.names[seat]} {held}, {foot}")
        return "Table: " + "; ".join(said) + "."

    def who(self) -> str:
        view = self.view
        seating = view.seating
        partners = [self.names[s] for s in seating.partners(self.human)]
        others = [self.names[s] for s in seating.seats if s != self.human and s not in seating.partners(self.human)]
        text = f"Table: you sit {seating.long_names[self.human]}"
        if partners:
            text += f"; your {'partner' if len(partners) == 1 else 'teammates'}: {', '.join(partners)}"
        text += f"; {'opponent' if len(others) == 1 else 'opponents'}: {', '.join(others)}."
        return text

    @staticmethod
    def _move_said(entry: LogEntry) -> str:
        move = Move.parse(entry.move)
        return "; ".join(move_words(move, (), own=False)) or ("drew" if move.kind is MoveKind.DRAW else str(move.kind))

    def _entry_text(self, entry: LogEntry) -> str:
        said = self._move_said(entry)
        reason = short_reason(entry.reason, self.names, self.human)
        return said + (f", {reason}" if reason else "")

    def log_text(self, count: int | None = None) -> str:
        if not self.log:
            return "Table: no moves yet."
        first = self._log_start(count)
        return "\n".join(f"{self._name(entry.seat)}: move {number + 1}, {self._entry_text(entry)}."
                         for number, entry in enumerate(self.log[first:], start=first))

    def why_text(self, rest: str) -> str:
        at = self._why_at(rest)
        entry = self.log[at]
        why = one_line_of_words(self._whole_reason(entry) or "no reason was given")
        return f"{self._name(entry.seat)}: move {at + 1}, {self._move_said(entry)}. Why: {why}."

    def show_hint(self, decision: Decision, asked: SeatView) -> str:
        if len(self.view.history) != len(asked.history):
            return super().show_hint(decision, asked)  # says the game moved on
        move = decision.move
        said = "; ".join(move_words(move, (), advice=True))
        reason = short_reason(decision.reason, self.names, self.human)
        self.say(f"Hint: {said}" + (f", {reason}." if reason else "."))
        return INFO
