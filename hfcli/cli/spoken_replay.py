"""``hf replay`` for a screen reader: each step said as the move made and who made it, never the
table drawn again.

Stepping forward says each move passed, a line each (``Move 12, West: discarded a five, a single
five.``), with what it caused: a book closed, a red three laid, the foot picked up, a deal's end
and its score, the next deal's start. A jump (back, ``move N``, ``deal N``, far ahead) says where
the replay stands and the move that led there. The hand and the table are said on request
(``hand``, ``table``), in the words of the screen reader's table (:mod:`hfcli.repl.spoken_table`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hfcli.engine.events import Event, EventKind
from hfcli.engine.game import Game
from hfcli.engine.moves import Move, MoveKind
from hfcli.engine.view import SeatView
from hfcli.repl.spoken_table import pile_said, side_name, table_said
from hfcli.system.printable import one_line_of_words
from hfcli.text.card_words import caused_words, counted, hand_words, move_words, number
from hfcli.text.reason_text import phrase
from hfcli.text.screen import player_label
from hfcli.transcript.viewer import Recording, moves_of, seat_names

# Steps forward of at most this many moves are said a move at a time; a longer jump says where it lands.
SAID_ONE_BY_ONE = 30

HELP = ("Commands: n or next, the next move, or n and a number for that many; b or back, the same backwards; "
        "move and a number, to just after that move, 0 for the deal as dealt; deal and a number, to its start; "
        "end; start; hand, the cards held; table, the melds, the pile and the stock; a or all, every hand "
        "or only the watching seat's; q, to leave. Enter repeats the last command.")
AS_HELP = ("Commands: n or next, the seat's next move, or n and a number; b or back, its move before; "
           "deal and a number, its first move in that deal; q, to leave. Enter repeats the last command.")


def _who(recording: Recording, game: Game, seat: int) -> str:
    return player_label(game.seating.long_names[seat], seat_names(recording)[seat])


def _names(recording: Recording, game: Game) -> dict[int, str]:
    return {seat: _who(recording, game, seat) for seat in game.seating.seats}


def _books(game: Game) -> Counter[tuple[int, int, str]]:
    """Every book on the table: (side, rank, kind), counted."""
    view = game.view(0)
    return Counter((team, meld.rank, str(meld.kind)) for team in view.seating.teams
                   for meld in view.melds[team] if meld.is_book)


def _move_events(game: Game) -> list[Event]:
    """The events the game's last move caused, from its own MOVE event on."""
    events = game.events
    start = max(i for i, event in enumerate(events) if event.kind is EventKind.MOVE)
    return events[start + 1:]


def move_lines(recording: Recording, k: int, watcher: int, *, omniscient: bool) -> list[str]:
    """Move ``k`` (1-based) said: who made it, what it did and why, then what followed it at the
    table (a deal's end and score, the next deal's start, the game's end)."""
    before = _books(recording.position(k - 1))
    game = recording.position(k)
    recorded = recording.moves[k - 1]
    after = _books(game)
    closed_books = [meld for team in game.view(0).seating.teams for meld in game.view(0).melds[team]
                    if meld.is_book and (after - before)[(team, meld.rank, str(meld.kind))] > 0]
    events = _move_events(game)
    seat = recorded.seat
    parsed = Move.parse(recorded.move)
    sees = omniscient or seat == watcher
    said = move_words(parsed, [e if sees else e.public() for e in events], books=closed_books, own=True)
    if parsed.kind is MoveKind.DRAW and said == ["drew"]:
        drawn = next((e for e in events if e.kind is EventKind.DRAW), None)
        said = [f"drew {counted(drawn.count, 'card')}" if drawn is not None and drawn.count else "drew"]
    names = _names(recording, game)
    why = one_line_of_words(phrase(recorded.why, names))
    if why and said:
        said[0] += f", {why}"  # the reason belongs to the move, before what the move caused
    text = "; ".join(said)
    lines = [f"Move {k}, {names[seat]}: {text}."]
    lines += _after_the_move(recording, game, events, watcher)
    return lines


def _after_the_move(recording: Recording, game: Game, events: Sequence[Event], watcher: int) -> list[str]:
    lines: list[str] = []
    view = game.view(watcher)
    names = _names(recording, game)
    ended = False
    for event in events:
        if event.kind is EventKind.DEAL_END:
            ended = True
            result = game.results[event.count]
            lines.append(f"Table: deal {number(event.count + 1)} is over: {_sides(view, names, result.totals)}.")
        elif event.kind is EventKind.DEAL:
            dealer = names[event.seat] if event.seat is not None else "nobody"
            minimum = event.minimums[0] if event.minimums else view.minimum
            lines.append(f"Table: deal {number(event.count + 1)} of {number(game.rules.deals)} begins; "
                         f"first meld {minimum}; {dealer} dealt.")
        elif event.kind is EventKind.RED_THREE and ended and event.seat is not None:
            lines.append(f"{names[event.seat]}: {'; '.join(caused_words([event]))}.")
        elif event.kind is EventKind.GAME_END and game.result is not None:
            lines.append(f"Table: game over: {_sides(view, names, game.result.totals)}.")
    return lines


def _sides(view: SeatView, names: dict[int, str], points: Sequence[int]) -> str:
    order = [view.team, *(t for t in view.seating.teams if t != view.team)]
    return ", ".join(f"{side_name(view, names, t)} {points[t]}" for t in order)


def start_lines(recording: Recording, watcher: int) -> list[str]:
    """The game as dealt: how many moves, the first deal, and the watching seat's hand."""
    game = recording.position(0)
    names = _names(recording, game)
    deal = next(e for e in game.events if e.kind is EventKind.DEAL)
    dealer = names[deal.seat] if deal.seat is not None else "nobody"
    view = game.view(watcher)
    minimum = deal.minimums[0] if deal.minimums else view.minimum
    return [f"Table: the start of the game, move 0 of {len(recording.moves)}; {game.rules.name} rules. "
            f"Deal one of {number(game.rules.deals)}; first meld {minimum}; {dealer} dealt.",
            f"{names[watcher]}: the hand, {counted(len(view.hand), 'card')}: {hand_words(view.hand)}."]


def step_lines(recording: Recording, shown: int | None, k: int, watcher: int, *, omniscient: bool) -> list[str]:
    """What is said when the replay moves from move ``shown`` (None: nothing said yet) to ``k``."""
    total = len(recording.moves)
    if k == 0:
        return start_lines(recording, watcher)
    if shown is not None and shown < k <= shown + SAID_ONE_BY_ONE:
        return [line for at in range(shown + 1, k + 1) for line in move_lines(recording, at, watcher,
                                                                              omniscient=omniscient)]
    where = f"Table: move {k} of {total}, deal {number(recording.moves[k - 1].deal)}. The move that led here:"
    return [where, *move_lines(recording, k, watcher, omniscient=omniscient)]


def hand_lines(recording: Recording, k: int, watcher: int, *, omniscient: bool) -> list[str]:
    """The watching seat's hand in words (every seat's with ``omniscient``), with what it has to play."""
    game = recording.position(k)
    names = _names(recording, game)
    seats = list(game.seating.seats) if omniscient else [watcher]
    lines = []
    for seat in seats:
        view = game.view(seat)
        where = "foot" if view.in_foot[seat] else "hand"
        lines.append(f"{names[seat]}: the {where}, {counted(len(view.hand), 'card')}: {hand_words(view.hand)}.")
    return lines


def table_lines(recording: Recording, k: int, watcher: int) -> list[str]:
    """The melds, the pile and the stock, in sentences; each seat's cards by count."""
    game = recording.position(k)
    view = game.view(watcher)
    names = _names(recording, game)
    held = "; ".join(f"{names[s]} {counted(view.hand_sizes[s], 'card')}"
                     + ("" if view.in_foot[s] else ", foot not picked up") for s in view.seating.seats)
    return [*table_said(view, names), f"Table: {held}."]


def as_seat_lines(recording: Recording, k: int, seat: int) -> list[str]:
    """``--as SEAT``: what the seat saw before its move ``k + 1``, in words, and the move it played."""
    game = recording.position(k)
    view = game.view(seat)
    names = _names(recording, game)
    mine = moves_of(recording, seat)
    recorded = recording.moves[k]
    lines = [f"Table: move {k + 1} of {len(recording.moves)}, deal {number(recorded.deal)}; what {names[seat]} saw, "
             f"its move {number(mine.index(k) + 1)} of {number(len(mine))}.",
             f"{names[seat]}: the hand, {counted(len(view.hand), 'card')}: {hand_words(view.hand)}.",
             *table_said(view, names)[:-2], pile_said(view)]
    lines += move_lines(recording, k + 1, seat, omniscient=False)
    return lines
