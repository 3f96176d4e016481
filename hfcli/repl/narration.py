"""One line a move, in words: what a seat did, what it revealed, and (for the AI) why."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from hfcli.engine.cards import RANK_PLURALS, WILD_RANKS, Card
from hfcli.engine.events import Event, EventKind
from hfcli.engine.melds import WILD, BookKind, Meld
from hfcli.engine.moves import Move, MoveKind
from hfcli.engine.rules import Rules
from hfcli.engine.seating import Seating
from hfcli.text.notation import (
    BOLD,
    GREEN,
    card_count,
    card_text,
    cards_text,
    paint,
    pick_text,
    picks_text,
    rank_label,
    reason_suffix,
)
from hfcli.text.screen import minimums_text


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
    """A sentence for one applied move and what it caused, e.g. ``West discards 7♥.``, with
    ``reason``, the player's reason in words (:func:`hfcli.text.reason_text.phrase`); with the
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
        text = sentence + reason_suffix(reason, color=color, ascii=ascii) + stop
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


@dataclass(frozen=True)
class Told:
    """One move as a seat was told it, kept for the round's recap: who moved, the move, what it
    caused, the card a discard threw, the books it closed, and for a pickup the cards from the hand
    melded with the pile's top card."""

    seat: int
    move: Move
    events: tuple[Event, ...]
    discarded: Card | None = None
    books: tuple[Meld, ...] = ()
    pair: tuple[Card, ...] = ()


def pickup_pair(before: Sequence[Meld], after: Sequence[Meld], top: Card) -> tuple[Card, ...]:
    """The cards a pickup melded with the pile's ``top`` card: what the meld of the top card's rank
    gained, less the top card itself (public: the meld is on the table)."""
    rank = WILD if top.is_wild else top.rank
    gained = Counter(c for m in after if m.rank == rank for c in m.cards)
    gained.subtract(c for m in before if m.rank == rank for c in m.cards)
    gained[top] -= 1
    return tuple(sorted(gained.elements(), key=lambda c: c.is_wild))


def move_phrase(told: Told, *, color: bool = False, ascii: bool = False) -> str:
    """What a move did in a few words, for a log line: ``discard 7♥``, ``meld K K 2, 9 9 9``,
    ``add 2 to the nines``, ``take the pile, 7 cards``; suits as the table writes them."""
    move, kind = told.move, told.move.kind
    if kind is MoveKind.DISCARD:
        card = (card_text(told.discarded, color=color, ascii=ascii) if told.discarded is not None
                else pick_text(move.picks[0], color=color, ascii=ascii))
        return f"discard {card}"
    if kind is MoveKind.MELD:
        return "meld " + ", ".join(picks_text(g, color=color, ascii=ascii) for g in move.groups)
    if kind is MoveKind.ADD:
        return f"add {picks_text(move.picks, color=color, ascii=ascii)} to {_target_name(move.target)}"
    if kind is MoveKind.PICKUP:
        taken = next((e for e in told.events if e.kind == EventKind.TAKE), None)
        return f"take the pile, {card_count(len(taken.cards))}" if taken is not None else "take the pile"
    return str(move)


def _past_phrases(told: Told, *, human: int | None, color: bool, ascii: bool) -> list[tuple[str, object, str]]:
    """A move and what it caused, each as (kind, key, words in the past tense); the key lets adds
    to one meld be told together."""
    move, kind = told.move, told.move.kind
    phrases: list[tuple[str, object, str]] = []
    if kind is MoveKind.DRAW:
        phrases.append(("draw", None, "drew"))
    elif kind is MoveKind.PICKUP:
        taken = next((e for e in told.events if e.kind == EventKind.TAKE), None)
        if taken is not None and taken.cards:
            top = card_text(taken.cards[0], color=color, ascii=ascii)
            pair = " ".join(rank_label(c.rank) for c in told.pair)
            size = card_count(len(taken.cards))
            phrases.append(("pickup", None, f"took the pile with {pair} ({size}, {top} on top)" if pair
                            else f"took the pile ({size}, {top} on top)"))
        else:
            phrases.append(("pickup", None, "took the pile"))
    elif kind is MoveKind.MELD:
        phrases.append(("meld", None, ", ".join(picks_text(g, color=color, ascii=ascii) for g in move.groups)))
    elif kind is MoveKind.ADD:
        wild = move.target == WILD or any(p.rank in WILD_RANKS for p in move.picks)
        phrases.append(("add", (move.target, wild), picks_text(move.picks, color=color, ascii=ascii)))
    elif kind is MoveKind.DISCARD:
        card = (card_text(told.discarded, color=color, ascii=ascii) if told.discarded is not None
                else pick_text(move.picks[0], color=color, ascii=ascii))
        phrases.append(("discard", None, f"discarded {card}"))
    elif kind is MoveKind.ASK:
        phrases.append(("ask", None, "asked to go out"))
    elif kind in (MoveKind.YES, MoveKind.NO):
        phrases.append(("answer", None, f"answered {kind}"))
    elif kind is MoveKind.UNDO:
        phrases.append(("undo", None, "took back the turn's melds"))
    elif kind is MoveKind.END:
        phrases.append(("end", None, "declined the pile with the stock empty"))
    for book in told.books:
        what = "wild book" if book.kind is BookKind.WILD else f"{book.kind} book of {RANK_PLURALS[book.rank]}"
        phrases.append(("book", None, f"a {what}"))
    for e in told.events:
        if e.kind == EventKind.DEAL_END:
            break
        if e.kind == EventKind.RED_THREE and e.seat == told.seat:
            phrases.append(("red3", None, f"laid the red three {card_text(e.cards[0], color=color, ascii=ascii)}"))
        elif e.kind == EventKind.FOOT and e.seat == told.seat:
            phrases.append(("foot", None, f"picked up {'your' if e.seat == human else 'the'} foot"))
        elif e.kind == EventKind.OUT and e.seat == told.seat:
            phrases.append(("out", None, "went out"))
    return phrases


def round_lines(
    moves: Sequence[Told], *, human: int | None, names: Mapping[int, str], color: bool = False, ascii: bool = False
) -> list[str]:
    """A round told short, a line for each seat's turn (a turn that an answer interrupts goes on
    on a line of its own): ``North took the pile with 9 9 (7 cards, 9♠ on top); melded 6 6 6;
    added 9 9, 2 to the sixes; discarded 3♣.`` Every pickup, meld and add is there, and who
    reached a foot, asked to go out or went out; the reasons are left to ``log`` and ``why``."""
    lines: list[str] = []
    seat: int | None = None
    phrases: list[tuple[str, object, str]] = []

    def flush() -> None:
        if seat is None or not phrases:
            return
        # A turn's melds are told in one phrase, its adds in one (naturals name their meld, a wild
        # card's is said: "added 9 9, 4, 2 to the kings"), its books in one; each where the first was.
        order: list[tuple[str, str]] = []  # (kind, words); "" stands for a phrase told together
        melds: list[str] = []
        books: list[str] = []
        adds: dict[int | None, list[str]] = {}
        named: set[int | None] = set()  # the melds a wild card was added to
        for kind, key, text in phrases:
            if kind in ("meld", "add", "book"):
                if all(k != kind for k, _ in order):
                    order.append((kind, ""))
                if kind == "meld":
                    melds.append(text)
                elif kind == "book":
                    books.append(text)
                else:
                    target, wild = key if isinstance(key, tuple) else (None, False)
                    adds.setdefault(target, []).append(text)
                    if wild:
                        named.add(target)
            else:
                order.append((kind, text))
        together = {
            "meld": f"melded {', '.join(melds)}",
            "add": "added " + ", ".join(f"{' '.join(cards)} to {_target_name(target)}" if target in named
                                        else " ".join(cards) for target, cards in adds.items()),
            "book": "closed " + (f"{', '.join(books[:-1])} and " if len(books) > 1 else "") + "".join(books[-1:]),
        }
        texts = [text or together[kind] for kind, text in order]
        lines.append(f"{who(seat, human, names)} {'; '.join(texts)}.")

    for told in moves:
        if told.seat != seat:
            flush()
            seat, phrases = told.seat, []
        phrases += _past_phrases(told, human=human, color=color, ascii=ascii)
    flush()
    return lines
