"""Reading a recorded game back: the move-by-move text of ``hf replay --print`` and the positions
the step-through viewer moves between."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from hfcli.engine.cards import Card
from hfcli.engine.events import Event, EventKind
from hfcli.engine.game import Game
from hfcli.engine.view import SeatView
from hfcli.system.printable import printable
from hfcli.table import MAX_REMARK
from hfcli.text.layout import wrap_line
from hfcli.text.notation import card_count, card_text, cards_text, move_with_reason
from hfcli.text.reason_text import phrase
from hfcli.text.scores import game_summary, score_table
from hfcli.text.scoresheet import Sheet
from hfcli.text.screen import player_label, render_table
from hfcli.transcript import Header, RecordedMove, Replayed, SeatInfo, Visitor, replay
from hfcli.transcript.lines import RecordedRemark
from hfcli.transcript.origin import origin_line

# A clone of the game every this many moves: ``back`` and ``jump`` replay at most this many moves
# from the nearest one, and a ~1000-move game keeps about twenty copies instead of a thousand.
CHECKPOINT_EVERY = 50


@dataclass
class Recording:
    """A replayed transcript the viewer can step through both ways: the game at every
    ``CHECKPOINT_EVERY``-th move, plus one working game it steps forward from there."""

    replayed: Replayed
    checkpoints: list[Game] = field(default_factory=list)  # checkpoints[i]: after i * CHECKPOINT_EVERY moves
    _working: Game | None = field(default=None, repr=False)
    _working_at: int = field(default=-1, repr=False)

    @property
    def moves(self) -> list[RecordedMove]:
        return self.replayed.moves

    @property
    def seats(self) -> list[SeatInfo]:
        return self.replayed.header.seats

    def position(self, k: int) -> Game:
        """The game after ``k`` moves (0 = as dealt). The game returned is the viewer's own: read
        it, never change it, and do not keep it past the next call."""
        total = len(self.moves)
        if k < 0:
            raise IndexError(f"no position before the start (move {k})")
        if k >= total or not self.checkpoints:
            return self.replayed.game
        base = min(k // CHECKPOINT_EVERY, len(self.checkpoints) - 1) * CHECKPOINT_EVERY
        if self._working is None or not base <= self._working_at <= k:
            self._working = self.checkpoints[base // CHECKPOINT_EVERY].clone()
            self._working_at = base
        game = self._working
        # Stepping forward applies the recorded moves again; the replay already checked them.
        while self._working_at < k:
            game.apply(self.moves[self._working_at].move)
            self._working_at += 1
        return game

    def deal_start(self, deal: int) -> int | None:
        """The number of moves made before deal ``deal`` (1-based) began, or None if it never did."""
        for move in self.moves:
            if move.deal == deal:
                return move.number - 1
        return None

    def default_seat(self) -> int:
        for seat, info in enumerate(self.seats):
            if info.kind == "human":
                return seat
        return 0


class Checkpoints(Visitor):
    """A copy of the game every ``CHECKPOINT_EVERY`` moves (the viewer's :class:`Recording`)."""

    def __init__(self) -> None:
        self.games: list[Game] = []

    def move(self, game: Game, move: RecordedMove) -> None:
        if (move.number - 1) % CHECKPOINT_EVERY == 0:
            self.games.append(game.clone())


def load(path: str | Path) -> Recording:
    checkpoints = Checkpoints()
    return Recording(replay(path, checkpoints), checkpoints.games)


def shown_move(move: RecordedMove, ascii: bool = False, names: Sequence[str] = ()) -> str:
    """A recorded move and its reason as the screen shows them: ``meld 10 10 10 — a new meld of
    tens``; the reason whole (the game is over, or the file is the reader's own), seats by ``names``."""
    return move_with_reason(move.move, phrase(move.why, names), ascii=ascii)


def seat_names(recording: Recording) -> dict[int, str]:
    """Each seat's player as the file names them, escaped for the screen."""
    return {seat: printable(info.name) for seat, info in enumerate(recording.seats)}


def screen(
    recording: Recording,
    k: int,
    seat: int,
    *,
    omniscient: bool,
    color: bool = False,
    ascii: bool = False,
    width: int | None = None,
    height: int | None = None,
) -> str:
    """The table after ``k`` moves as ``seat`` saw it (every hand with ``omniscient``), under a line
    saying which move was just made and why; after the move that ends a deal, that deal's score
    sheet, and after the last move of a finished game, the result. In ``width`` x ``height`` (either
    None for unbounded) the table is the compact one when the full one would not fit."""
    game = recording.position(k)
    total = len(recording.moves)
    after: list[str] = []
    if k == 0:
        head = f"Start of the game (move 0 of {total})"
        origin = origin_line(recording.replayed.header, recording.replayed.source.path)
        if origin is not None:
            head += f"\n{origin}"
        entry = event_line(recording.replayed.header)
        if entry is not None:
            head += f"\n{entry}"
    else:
        move = recording.moves[k - 1]
        who = player_label(game.seating.long_names[move.seat], seat_names(recording)[move.seat])
        head = f"Move {k} of {total}, deal {move.deal}: {who}: {shown_move(move, ascii, game.seating.long_names)}"
        if game.deal_index + 1 != move.deal and not game.is_over:
            head += f"\nDeal {game.deal_index + 1} begins."
        names = seat_names(recording)
        spoken = {s: player_label(game.seating.long_names[s], names[s]) for s in game.seating.seats}
        for remark in recording.replayed.remarks:
            if remark.after == k:
                head += "\n" + remark_text(remark, spoken).strip()
        deal_over = k == total or recording.moves[k].deal != move.deal
        if deal_over and len(game.results) >= move.deal:
            after += ["", score_table(game.results[move.deal - 1], game.seating.team_names, color=color,
                                      wild_melds=game.rules.wild_melds)]
        if k == total and game.result is not None:
            after += ["", game_summary(game.result, color=color, seating=game.seating)]
    head = "\n".join(part for line in head.split("\n") for part in wrap_line(line, width))
    hidden = {s: game.hands[s] for s in game.seating.seats} if omniscient else None
    room = None if height is None else height - head.count("\n") - 2 - sum(a.count("\n") + 1 for a in after)
    table = render_table(game.view(seat), color=color, ascii=ascii, hidden_hands=hidden, names=seat_names(recording),
                         width=width, height=room)
    return "\n".join([head, "", table, *after])


def start_line(start: Game) -> str:
    """Where a game built from a position starts: the deal, who is to move, and the score."""
    team_names = start.seating.team_names
    score = ", ".join(f"{name} {total}" for name, total in zip(team_names, start.totals(), strict=True))
    return (f"The game starts in deal {start.deal_index + 1} of {start.rules.deals}, "
            f"{start.seating.long_names[start.to_move]} to {start.phase}; the score so far {score}.")


def game_text(recording: Recording, seat: int, *, omniscient: bool, ascii: bool = False) -> Iterator[str]:
    """The whole game as readable lines: deals, every move with its reason, the cards ``seat``
    could see (all of them with ``omniscient``), each deal's score and the result. Cards are written
    as the hand display writes them (``10♠``, or ``10S`` with ``ascii``), moves in notation with a
    ten written ``10``, as everywhere on screen (the transcript itself keeps ``T``)."""
    game = recording.replayed.game
    header = recording.replayed.header
    names = game.seating.long_names
    who = {s: player_label(names[s], name) for s, name in seat_names(recording).items()}
    levels = ", ".join(
        f"{who[s]} {info.kind}{'' if info.level is None else ' ' + info.level}"
        for s, info in enumerate(recording.seats)
    )
    yield (f"{printable(recording.replayed.source.path)}: {header.rules.name} rules, seed {header.seed}, "
           f"{printable(header.program)}")
    yield f"Seats: {levels}"
    origin = origin_line(header, recording.replayed.source.path)
    if origin is not None:
        yield origin
    entry = event_line(header)
    if entry is not None:
        yield entry
    if "position" in header.data:
        yield start_line(recording.position(0))

    def one(c: Card) -> str:
        return card_text(c, ascii=ascii)

    def some(cards: Sequence[Card]) -> str:
        return cards_text(cards, ascii=ascii)

    def private(e: Event, hidden: str) -> str:
        """The cards only ``e``'s seat was dealt: written out if this reader may see them, else ``hidden``."""
        return some(e.private) if omniscient or e.seat == seat else hidden

    moves = iter(recording.moves)
    remarks = list(reversed(recording.replayed.remarks))  # popped from the end, oldest first

    def said(before: int) -> Iterator[str]:
        """The remarks made before move ``before`` (1-based) that are not yet shown."""
        while remarks and remarks[-1].after < before:
            yield remark_text(remarks.pop(), who)

    for e in game.events:
        kind = e.kind
        if kind == EventKind.DEAL:
            yield ""
            if game.rules.meld_minimum_by.by_score:
                sides = ", ".join(f"{n} {m}" for n, m in zip(game.seating.team_names, e.minimums, strict=True))
                minimum = f"minimum first meld {sides}"
            else:
                minimum = f"minimum first meld {e.minimums[0]}"
            yield f"Deal {e.count + 1}: dealer {names[e.seat or 0]}, {minimum}"
        elif kind == EventKind.BURY:
            yield f"      upcard {one(e.cards[0])} buried in the stock"
        elif kind == EventKind.UPCARD:
            yield f"      upcard {one(e.cards[0])} starts the pile"
        elif kind == EventKind.MOVE:
            move = next(moves)
            yield from said(move.number)
            yield f"{move.number:5}. {who[move.seat]}: {shown_move(move, ascii, game.seating.long_names)}"
        elif kind == EventKind.DRAW:
            yield f"      drew {private(e, card_count(e.count))}"
        elif kind == EventKind.TAKE:
            yield f"      took the pile: {some(e.cards)}"
        elif kind == EventKind.RED_THREE:
            owner = names[e.seat] if e.seat is not None else "?"
            if e.private:
                yield f"      {owner} lays red three {one(e.cards[0])}, replaced by {private(e, 'a card')}"
            else:
                yield f"      {owner} lays red three {one(e.cards[0])} (stock empty, no replacement)"
        elif kind == EventKind.FOOT:
            yield f"      {names[e.seat or 0]} picks up the foot: {private(e, card_count(e.count))}"
        elif kind == EventKind.OUT:
            yield f"      {names[e.seat or 0]} goes out"
        elif kind == EventKind.DEAL_END:
            yield ""
            yield score_table(game.results[e.count], game.seating.team_names, wild_melds=game.rules.wild_melds)
        elif kind == EventKind.GAME_END and game.result is not None:
            yield ""
            yield game_summary(game.result, seating=game.seating)
    yield from said(len(recording.moves) + 1)
    if not recording.replayed.finished:
        yield ""
        yield f"(the record ends here, in deal {game.deal_index + 1}; the game is unfinished)"


def remark_text(remark: RecordedRemark, who: dict[int, str]) -> str:
    """``      North says: good luck``: the text escaped, and cut to a remark's length (a file
    written by hand may hold more than the table lets anyone say)."""
    text = printable(remark.text[:MAX_REMARK]) + ("..." if len(remark.text) > MAX_REMARK else "")
    return f"      {who[remark.seat]} says: {text}"


def score_sheet_text(recording: Recording, fmt: str) -> str:
    """``hf replay --score-sheet``: the recorded game's score sheet in ``fmt`` (text, markdown, csv)."""
    replayed = recording.replayed
    game, header = replayed.game, replayed.header
    players = [player_label(game.seating.long_names[s], name) for s, name in seat_names(recording).items()]
    title = f"Score sheet of {printable(replayed.source.path)}: {header.rules.name} rules, seed {header.seed}"
    origin = origin_line(header, replayed.source.path)
    return Sheet.of_game(game, players, title, [origin] if origin else []).render(fmt)


def event_line(header: Header) -> str | None:
    """``This is an entry of the event Sunday (event 76d27f286a8563be).``, for an event's entry (the
    header's ``event``: docs/events.md); None for any other game."""
    event = header.data.get("event")
    if not isinstance(event, dict) or not isinstance(event.get("name"), str) or not isinstance(event.get("id"), str):
        return None
    return f"This is an entry of the event {printable(event['name'])} (event {printable(event['id'][:16])})."


def moves_of(recording: Recording, seat: int) -> list[int]:
    """The move numbers (0-based: the moves made before each) at which ``seat`` moved."""
    return [move.number - 1 for move in recording.moves if move.seat == seat]


def seen_taken(view: SeatView, *, ascii: bool = False) -> list[str]:
    """What the seat has seen taken from the pile this deal, taker by taker, from its view's public
    history (a pile's cards were all face up when they were thrown)."""
    events = view.history
    start = max((i for i in range(len(events)) if events[i].kind is EventKind.DEAL), default=0)
    taken: dict[int, list[Card]] = {}
    for event in events[start:]:
        if event.kind is EventKind.TAKE and event.seat is not None:
            taken.setdefault(event.seat, []).extend(event.cards)
    names = view.seating.long_names
    return [f"{names[s]} took {cards_text(cards, ascii=ascii)}" for s, cards in sorted(taken.items())]


def as_seat_screen(
    recording: Recording, k: int, seat: int, *, color: bool = False, ascii: bool = False,
    width: int | None = None, height: int | None = None,
) -> str:
    """What ``seat`` saw before its move ``k + 1`` (its view: its own hand, the table, the pile,
    what it saw taken), and the move it played with its reason. Nothing else is shown: no other
    hand, no foot, no stock."""
    game = recording.position(k)
    move = recording.moves[k]
    assert move.seat == seat, "a seat's screen is made at its own moves"
    view = game.view(seat)
    names = seat_names(recording)
    who = player_label(game.seating.long_names[seat], names[seat])
    mine = moves_of(recording, seat)
    head = [f"Move {k + 1} of {len(recording.moves)}, deal {move.deal}: what {who} saw "
            f"({mine.index(k) + 1} of its {len(mine)} moves)"]
    taken = seen_taken(view, ascii=ascii)
    tail = ["Seen taken from the pile this deal: " + ("; ".join(taken) if taken else "nothing")]
    tail.append(f"{who} played: {shown_move(move, ascii)}")
    tail = [part for line in tail for part in wrap_line(line, width)]
    room = None if height is None else height - len(head) - len(tail) - 2
    table = render_table(view, color=color, ascii=ascii, names=names, width=width, height=room)
    return "\n".join([*head, "", table, "", *tail])
