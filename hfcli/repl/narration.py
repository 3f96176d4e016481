"""One line a move, in words: what a seat did, what it revealed, and (for the AI) why."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from hfcli.engine.cards import RANK_PLURALS, Card
from hfcli.engine.events import Event, EventKind
from hfcli.engine.melds import WILD, BookKind, Meld
from hfcli.engine.moves import Move, MoveKind
from hfcli.engine.rules import Rules
from hfcli.engine.seating import Seating
from hfcli.render import (
    BOLD,
    GREEN,
    card_count,
    card_text,
    cards_text,
    minimums_text,
    paint,
    pick_text,
    picks_text,
    reason_suffix,
)


def books_closed(before: Sequence[Meld], after: Sequence[Meld]) -> list[Meld]:
    """The books in a side's melds ``after`` a move that were not books ``before`` it, by rank and
    kind (a move never takes a book away, and an ``undo`` never gives one)."""
    had = Counter((m.rank, m.kind) for m in before if m.is_book)
    closed = []
    for meld in after:
        if meld.is_book:
            key = (meld.rank, meld.kind)
            if had[key]:
                had[key] -= 1
            else:
                closed.append(meld)
    return closed


def book_line(
    seat: int, book: Meld, bonus: int, *, human: int | None, own_side: bool, names: Mapping[int, str], color: bool
) -> str:
    """A book closed: ``West closes a dirty book of jacks (300).``; the human's side's stand out,
    bold and green, with a ``!``: ``You close a clean book of kings (+500)!``."""
    kind = "wild book" if book.kind is BookKind.WILD else f"{book.kind} book of {RANK_PLURALS[book.rank]}"
    actor = who(seat, human, names)
    closes = "close" if seat == human else "closes"
    if not own_side:
        return f"{actor} {closes} a {kind} ({bonus})."
    for_you = "" if seat == human else " for your side"
    return paint(f"{actor} {closes} a {kind}{for_you} (+{bonus})!", BOLD + GREEN, color)


def who(seat: int, human: int | None, names: Mapping[int, str]) -> str:
    return "You" if seat == human else names.get(seat, str(seat))


def _target_name(target: int | None) -> str:
    if target is None or target == WILD:
        return "the wild meld"
    return f"the {RANK_PLURALS[target]}"


def _answerer(seat: int, seating: Seating | None, human: int | None, names: Mapping[int, str]) -> str:
    """Who a seat's ``ask`` asks: ``partner`` in a partnership; in a side of three the teammate who
    answers (T-OUT), by name or ``you``."""
    partners = seating.partners(seat) if seating is not None else ()
    if len(partners) < 2:
        return "partner"
    return "you" if partners[0] == human else names.get(partners[0], str(partners[0]))


def describe_move(
    seat: int,
    move: Move,
    events: Sequence[Event],
    *,
    human: int | None,
    names: Mapping[int, str],
    discarded: Card | None = None,
    reason: str = "",
    color: bool = False,
    ascii: bool = False,
    seating: Seating | None = None,
    books: Sequence[str] = (),
) -> str:
    """A sentence for one applied move and what it caused, e.g. ``West discards 7♥.``; with the
    ``seating``, an ``ask`` in a side of three names the teammate it asks. ``books`` are the
    sentences of the books the move closed (``book_line``), told first of what it caused."""
    actor = who(seat, human, names)
    you = seat == human
    verb_s = "" if you else "s"
    kind = move.kind
    if kind is MoveKind.DRAW:
        drawn = next((e for e in events if e.kind == EventKind.DRAW), None)
        count = drawn.count if drawn else 0
        if you and drawn is not None and drawn.private:
            text = f"{actor} draw {cards_text(drawn.private, color=color, ascii=ascii)}."
        else:
            text = f"{actor} draw{verb_s} {card_count(count)}."
    elif kind is MoveKind.PICKUP:
        taken = next((e for e in events if e.kind == EventKind.TAKE), None)
        if taken is not None and taken.cards:
            shown = cards_text(taken.cards, color=color, ascii=ascii)
            text = f"{actor} take{verb_s} the pile, {card_count(len(taken.cards))}: {shown}."
        else:
            text = f"{actor} take{verb_s} the pile."
    elif kind is MoveKind.MELD:
        shown = ", ".join(picks_text(g, color=color, ascii=ascii) for g in move.groups)
        text = f"{actor} meld{verb_s} {shown}."
    elif kind is MoveKind.ADD:
        shown = picks_text(move.picks, color=color, ascii=ascii)
        text = f"{actor} add{verb_s} {shown} to {_target_name(move.target)}."
    elif kind is MoveKind.DISCARD:
        shown = (card_text(discarded, color=color, ascii=ascii) if discarded is not None
                 else pick_text(move.picks[0], color=color, ascii=ascii))
        text = f"{actor} discard{verb_s} {shown}."
    elif kind is MoveKind.ASK:
        text = f"{actor} ask{verb_s} {_answerer(seat, seating, human, names)}: may I go out?"
    elif kind in (MoveKind.YES, MoveKind.NO):
        text = f"{actor} answer{verb_s} {kind}."
    elif kind is MoveKind.UNDO:
        text = f"{actor} take{verb_s} back this turn's melds."
    elif kind is MoveKind.END:
        text = f"{actor} decline{verb_s} the pile with the stock empty."
    else:
        text = f"{actor}: {move}."
    extras: list[str] = list(books)
    for e in events:
        if e.kind == EventKind.DEAL_END:
            break  # what follows belongs to the next deal, told after the score table
        if e.kind == EventKind.RED_THREE and e.seat is not None:
            extras.append(red_three_line(e, human=human, names=names, color=color, ascii=ascii))
        elif e.kind == EventKind.FOOT and e.seat is not None:
            extras.append(f"{who(e.seat, human, names)} pick{'' if e.seat == human else 's'} up "
                          f"{'your' if e.seat == human else 'their'} foot ({card_count(e.count)}).")
        elif e.kind == EventKind.OUT and e.seat is not None:
            extras.append(f"{who(e.seat, human, names)} go{'' if e.seat == human else 'es'} out!")
    if reason:
        # The reason belongs to the move, so it goes before what the move caused.
        sentence, stop = (text[:-1], ".") if text.endswith(".") else (text, ".")
        text = sentence + reason_suffix(str(move), reason, color=color, ascii=ascii) + stop
    if extras:
        text += " " + " ".join(extras)
    return text


def red_three_line(
    event: Event, *, human: int | None, names: Mapping[int, str], color: bool, ascii: bool
) -> str:
    """C-RED3: a red three laid, and the card from the stock that replaces it, named when it went to
    the human's hand: ``You lay the red three 3♥; 6♣ replaces it.``"""
    seat = event.seat if event.seat is not None else -1
    three = card_text(event.cards[0], color=color, ascii=ascii)
    # That a card replaced it is public (another seat is told the number, ``count``); which card, only its holder's.
    replaced = bool(event.private) or event.count > 0
    if seat == human:
        if not event.private:
            return f"You lay the red three {three}; the stock is empty, so nothing replaces it."
        return f"You lay the red three {three}; {card_text(event.private[0], color=color, ascii=ascii)} replaces it."
    actor = who(seat, human, names)
    if not replaced:
        return f"{actor} lays a red three {three}; the stock is empty, so nothing replaces it."
    return f"{actor} lays a red three {three} and takes a card from the stock for it."


def deal_start_line(event: Event, names: Mapping[int, str], rules: Rules, side_names: Sequence[str]) -> str:
    """``Deal 2 of 4 begins: minimum 90, dealt by West.`` (each side's minimum when it goes by score)."""
    dealer = names.get(event.seat, "") if event.seat is not None else ""
    minimums = minimums_text(event.minimums, side_names, rules.meld_minimum_by.by_score)
    return f"Deal {event.count + 1} of {rules.deals} begins: {minimums}, dealt by {dealer}."
