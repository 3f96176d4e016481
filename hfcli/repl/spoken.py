"""The table for a screen reader (``hf play --screen-reader``): the same session, told in words.

Everything said is linear and append-only: no table repainted, no toolbar, no menu, no colour,
no symbol and no box-drawing character. Each line begins with who it is about (``West:``,
``You:``, ``Table:``). Short by default: after the person's move, one line for each other seat's
turn, each meld said once and one short reason for its discard (``safe``, ``risky``), then whose
turn it is and what may be done beyond drawing; the rest only on request (``why``, ``hand``,
``pile``, ``table``, ``need``, ``score``, ``last``, ``cards``, ``who``), each answered in a
sentence or two. The table's sentences (:func:`table_said` ...) serve the replay, practice and
lessons in this mode too.

The mode is a presenter chosen when the session is made: :class:`SpokenSession` overrides the
session's telling, never its rules, so the game, the transcript and the commands typed are those
of every other table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from hfcli.engine.cards import THREE, WILD_RANKS
from hfcli.engine.errors import NotFoundError
from hfcli.engine.events import Event, EventKind
from hfcli.engine.melds import WILD, BookKind, Meld
from hfcli.engine.moves import Move, MoveKind, Pick
from hfcli.engine.reasons import Reason, ReasonKind
from hfcli.engine.scoring import GameResult, cards_value
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView
from hfcli.repl.display import PLAIN
from hfcli.repl.narration import Told
from hfcli.repl.session import INFO, Decision, LogEntry, Session
from hfcli.system.printable import one_line_of_words, printable
from hfcli.table import Moved, Remark
from hfcli.text.card_words import (
    added_words,
    and_list,
    card_name,
    caused_words,
    counted,
    group_words,
    hand_words,
    meld_words,
    move_words,
    number,
    with_article,
)
from hfcli.text.reason_text import Form, clauses
from hfcli.text.screen import pile_state

# The commands that answer about the state in this mode, beyond the table's own.
STATE_COMMANDS = ("hand", "pile", "table", "need", "score", "last", "cards", "who")


def short_reason(reason: Reason | None, names: Mapping[int, str], you: int) -> str:
    """A reason's first clause as the table says it, for the log and a hint (``a single five`` of
    ``a single five; North could take the pile, about 12%``)."""
    if reason is None:
        return ""
    said = clauses(reason, Form.PHRASE, names, you=you)
    return printable(one_line_of_words(said[0])).rstrip(" .") if said else ""


# The kinds of a discard's reason that say why the next player cannot take the pile: the listener
# hears "safe" (which one, and why, is for why).
_SAFE = frozenset({
    ReasonKind.PARTNER_NEXT, ReasonKind.NO_PILE_ON_THREE, ReasonKind.NO_PILE_BEFORE_MELD, ReasonKind.NO_PILE_ON_WILD,
    ReasonKind.NO_ROOM, ReasonKind.NONE_UNSEEN, ReasonKind.TOO_FEW_UNSEEN, ReasonKind.NOTHING_SINCE,
    ReasonKind.ALL_KNOWN, ReasonKind.FEW_UNKNOWN,
})
# Reasons the move says itself: a black three blocks the pile and cannot be melded; the last card goes out.
_SAID_BY_THE_MOVE = frozenset({ReasonKind.BLOCK_WITH_THREE, ReasonKind.THREE_UNMELDABLE, ReasonKind.LAST_CARD})
SHORTEST = 6  # words: a reason of more is left to why


def spoken_reason(reason: Reason | None, names: Mapping[int, str], you: int) -> str:
    """One short reason after another seat's move, as a listener wants it between moves; the whole
    reason is for ``why``. What the discard hands the next player comes first: ``safe`` (they
    cannot take the pile with it), ``risky`` (they could); nothing where the move says it already
    (a black three); else the reason's first clause, if it is short."""
    if reason is None or reason.kind in _SAID_BY_THE_MOVE:
        return ""
    for part in reason.walk():
        if part.kind in _SAFE:
            return "safe"
        if part.kind is ReasonKind.RISK:
            return "risky"  # the next player could take the pile with it: who, how and how likely, in why
    said = short_reason(reason, names, you)
    return said if len(said.split()) <= SHORTEST else ""


def turn_words(moves: Sequence[Told], *, own: bool, reason: str = "") -> str:
    """A seat's turn in one phrase list, each meld said once: the melds of the turn together, with
    what the turn added to them (``melded five tens and four kings``), the adds to older melds
    together (``added a six and two queens``), a book where it was closed (``added two tens for a
    clean book``; several, together: ``closed two clean books``), each where the first of them
    came; the ``reason`` after the discard."""
    parts: list[str] = []
    groups: dict[int, list[Pick]] = {}  # the melds laid this turn, by rank, with what was added to them
    adds: dict[int, list[Pick]] = {}  # what was added to melds laid before
    books: dict[int, Meld] = {}
    for told in moves:
        move = told.move
        if move.kind is MoveKind.MELD:
            if not groups:
                parts.append(MELDS)
            for group in move.groups:
                groups.setdefault(_group_rank(group), []).extend(group)
            rest = caused_words(told.events)
        elif move.kind is MoveKind.ADD:
            target = move.target if move.target is not None else move.picks[0].rank
            if target in groups:
                groups[target].extend(move.picks)
            else:
                if not adds:
                    parts.append(ADDS)
                adds.setdefault(target, []).extend(move.picks)
            rest = caused_words(told.events)
        else:
            rest = move_words(move, told.events, discarded=told.discarded, books=told.books, own=own, pair=told.pair)
            if reason and rest and move.kind is MoveKind.DISCARD:
                rest[0] += f", {reason}"  # the reason belongs to the move, before what the move caused
                reason = ""
        if move.kind in (MoveKind.MELD, MoveKind.ADD) and told.books:
            if not books:
                parts.append(BOOKS)
            books.update((book.rank, book) for book in told.books)
        parts.extend(rest)
    one_book = next(iter(books.values())) if len(books) == 1 else None

    def closed(rank: int) -> str:
        """`` for a clean book`` after the cards that closed the turn's one book."""
        if one_book is None or one_book.rank != rank:
            return ""
        return f" for {with_article(str(one_book.kind))} book"

    # Naturals added to their own melds name them (added a six and two queens, added two kings with
    # a two); wild cards alone name the meld they went to, each in a phrase of its own, so no "to
    # the" is misread as belonging to the list.
    plain = [group_words(p) + closed(t) for t, p in adds.items() if any(pick.rank == t for pick in p)]
    aimed = [f"added {added_words(p, t)}{closed(t)}" for t, p in adds.items() if all(pick.rank != t for pick in p)]
    kinds = [book.kind for book in books.values()]
    together = {
        MELDS: "melded " + and_list([group_words(g) + closed(r) for r, g in groups.items()]),
        ADDS: "; ".join(([f"added {and_list(plain)}"] if plain else []) + aimed),
        BOOKS: "" if one_book is not None else "closed " + and_list(
            [how_many(kinds.count(kind), f"{kind} book") for kind in BookKind if kind in kinds]),
    }
    text = "; ".join(said for part in parts if (said := together.get(part, part)))
    return f"{text}, {reason}" if reason and text else text


def how_many(count: int, thing: str) -> str:
    """``a clean book``, ``two clean books``."""
    return with_article(thing) if count == 1 else counted(count, thing)


def _group_rank(group: Sequence[Pick]) -> int:
    """The rank of the meld a group makes: its naturals', or the wild meld's."""
    return next((pick.rank for pick in group if pick.rank not in WILD_RANKS), WILD)


# Where a turn's melds and adds are told, each said once for all of them.
MELDS, ADDS, BOOKS = "\0melds", "\0adds", "\0books"


def side_name(view: SeatView, names: Mapping[int, str], team: int) -> str:
    """``your side`` (the view's seat's), or the side's members by name: ``West and East``."""
    if team == view.team:
        return "your side"
    members = [names[s] for s in view.seating.members(team)]
    return members[0] if len(members) == 1 else " and ".join(members)


def melds_said(view: SeatView, names: Mapping[int, str], team: int) -> str:
    """A side's melds, books and red threes in a sentence: ``Your side melds: sixes, five; queens,
    four with one wild card. Books: a clean book of tens; one red three.``"""
    melds = view.melds[team]
    side = side_name(view, names, team)
    opened = [meld_words(m) for m in melds if not m.is_book]
    books = [meld_words(m) for m in melds if m.is_book]
    reds = len(view.red_threes[team])
    has = "has" if side == "your side" or len(view.seating.members(team)) == 1 else "have"
    if not opened and not books:
        text = f"{side} {has} not melded"
    else:
        text = f"{side} melds: {'; '.join(opened) or 'none open'}"
        if books:
            text += f". Books: {'; '.join(books)}"
    if reds:
        text += f"; {counted(reds, 'red three')}"
    return text[0].upper() + text[1:] + "."


def pile_said(view: SeatView) -> str:
    """The pile in a sentence: its size, its top card, and why it cannot be taken, if it cannot."""
    if view.pile_top is None:
        return "Table: the pile is empty."
    top = card_name(view.pile_top)
    text = f"Table: the pile has {counted(view.pile_size, 'card')}, {with_article(top)} on top"
    if view.pile_top.rank == THREE:
        return f"Table: the pile has {counted(view.pile_size, 'card')}, a black three on top, which blocks it."
    state = pile_state(view)  # why it cannot be taken, as the table says it
    if state:
        return f"{text}; {state}."
    limit = view.rules.pile_limit
    return text + (f"; a pickup takes the top {number(limit)}." if view.pile_size > limit else ".")


def table_said(view: SeatView, names: Mapping[int, str]) -> list[str]:
    """The table in sentences, the view's side first: each side's melds, the pile, the stock."""
    lines = [f"Table: {melds_said(view, names, t)}" for t in
             (view.team, *(t for t in view.seating.teams if t != view.team))]
    lines.append(pile_said(view))
    lines.append(f"Table: the stock has {counted(view.stock_size, 'card')}.")
    return lines


class SpokenSession(Session):
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

    def _name(self, seat: int) -> str:
        return "You" if seat == self.human else self.names[seat]

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

    def _side_name(self, team: int) -> str:
        return side_name(self.view, self.names, team)

    def _sides_said(self, points: Sequence[int]) -> str:
        view = self.view
        order = [view.team, *(t for t in view.seating.teams if t != view.team)]
        return ", ".join(f"{self._side_name(t)} {points[t]}" for t in order)

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
        view = self.view
        if self.is_over or view.to_move != self.human:
            return
        if view.phase is Phase.ANSWER:
            self._ask_permission()
            return
        if view.phase is Phase.DRAW and self._shown_turn != self._moves_told:
            self._shown_turn = self._moves_told
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
