"""Cards in words, as they are spoken: the one place a card, a group of cards or a hand becomes
words for a screen reader (``hf play --screen-reader``) or anyone who reads rather than looks.

``seven of hearts``, ``joker``, ``two`` (a wild two: its suit plays no part), ``three kings``,
and a hand read as ranks with counts: ``aces: three (diamonds, two spades); jacks: one, clubs``.
No symbol, no box-drawing character, no abbreviation a speech synthesizer would spell out. The
words are made from the cards and never read back: what a player types is read by
:mod:`hfcli.repl.cardwords`, which takes these words too (``discard the seven of hearts``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from hfcli.engine.cards import (
    DISPLAY_PLACE,
    RANK_NAMES,
    RANK_PLURALS,
    SUITS,
    THREE,
    WILD_RANKS,
    Card,
)
from hfcli.engine.events import Event, EventKind
from hfcli.engine.melds import WILD, BookKind, Meld, meld_rank_name
from hfcli.engine.moves import Move, MoveKind, Pick

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_NAME = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
                "nineteen", "twenty")


def number(count: int) -> str:
    """``three``; past twenty, digits, which every speech synthesizer reads as a number."""
    return NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``one card``, ``three cards``, ``no cards``."""
    return f"{number(count)} {singular if count == 1 else plural or singular + 's'}"


def rank_name(rank: int) -> str:
    return RANK_NAMES[rank]


def card_name(card: Card) -> str:
    """One card: ``seven of hearts``, ``three of clubs``; a wild card by its rank alone (``two``,
    ``joker``), since its suit plays no part in the game."""
    if card.rank in WILD_RANKS or not card.suit:
        return RANK_NAMES[card.rank]
    return f"{RANK_NAMES[card.rank]} of {SUIT_NAMES[card.suit]}"


def rank_said(card: Card) -> str:
    """A card told in play, where only its rank matters (a discard, the pile's top): ``six``;
    a three by its colour, which decides what it does (C-BLACK3, C-RED3): ``black three``."""
    if card.rank == THREE and card.suit:
        return "black three" if card.suit in "CS" else "red three"
    return RANK_NAMES[card.rank]


def with_article(words: str) -> str:
    """``an ace``, ``a seven of hearts``."""
    return ("an " if words[:1] in "aeiou" else "a ") + words


def rank_count(rank: int, count: int) -> str:
    """``three kings``, ``a joker``, ``an eight``."""
    return with_article(RANK_NAMES[rank]) if count == 1 else f"{number(count)} {RANK_PLURALS[rank]}"


def _by_display_order(ranks: Iterable[int]) -> list[int]:
    return sorted(set(ranks), key=lambda rank: DISPLAY_PLACE[rank])


def group_words(cards: Sequence[Card] | Sequence[Pick]) -> str:
    """Cards laid together (a meld, an add), by rank: ``three kings``, ``two kings with a two``
    (wild cards with the naturals they join), ``two jokers and a two``; a card named with its suit
    in the move (``7H``) is still said by rank here."""
    counts = Counter(c.rank for c in cards)
    naturals = [rank_count(r, counts[r]) for r in _by_display_order(counts) if r not in WILD_RANKS]
    wilds = [rank_count(r, counts[r]) for r in _by_display_order(counts) if r in WILD_RANKS]
    if naturals and wilds:
        return f"{and_list(naturals)} with {and_list(wilds)}"
    return and_list(naturals + wilds)


def and_list(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _suits(cards: Sequence[Card]) -> str:
    """``diamonds, two spades``: each suit held, with its count where more than one."""
    held = Counter(c.suit for c in cards)
    return ", ".join(SUIT_NAMES[s] if held[s] == 1 else f"{number(held[s])} {SUIT_NAMES[s]}"
                     for s in SUITS if held[s])


def hand_words(cards: Iterable[Card]) -> str:
    """A hand as ranks with counts, in the table's order (jokers, aces down to threes, twos):
    ``aces: three (diamonds, two spades); jacks: one, clubs``. Wild cards are counted, with no
    suits: ``twos: two``. An empty hand is ``no cards``."""
    by_rank: dict[int, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
    if not by_rank:
        return "no cards"
    parts = []
    for rank in _by_display_order(by_rank):
        held = by_rank[rank]
        head = f"{RANK_PLURALS[rank]}: {number(len(held))}"
        if rank in WILD_RANKS:
            parts.append(head)
        elif len(held) == 1:
            parts.append(f"{head}, {SUIT_NAMES[held[0].suit]}")
        else:
            parts.append(f"{head} ({_suits(held)})")
    return "; ".join(parts)


def added_words(picks: Sequence[Pick], target: int) -> str:
    """Cards added to a meld: naturals name their meld themselves (``a queen``), a wild card's meld
    is said (``a queen and a two to the queens``)."""
    if all(p.rank == target for p in picks):
        return group_words(picks)
    return f"{group_words(picks)} to {meld_name(target)}"


def meld_name(rank: int) -> str:
    """What a meld is called: ``the kings``, ``the wild meld``."""
    return "the wild meld" if rank == WILD else f"the {RANK_PLURALS[rank]}"


def meld_words(meld: Meld) -> str:
    """An open meld or a book in a few words: ``kings, five, clean``, ``nines, four with a wild
    card, dirty``, ``a clean book of tens``."""
    if meld.is_book:
        if meld.kind is BookKind.WILD:
            return "a wild book"
        return f"a {meld.kind} book of {RANK_PLURALS[meld.rank]}"
    name = meld_rank_name(meld.rank)
    wild = sum(1 for c in meld.cards if c.rank in WILD_RANKS)
    if meld.rank == WILD or not wild:
        return f"{name}, {number(len(meld.cards))}"
    return f"{name}, {number(len(meld.cards))} with {counted(wild, 'wild card')}"


def move_words(
    move: Move, events: Sequence[Event], *, discarded: Card | None = None, books: Sequence[Meld] = (),
    own: bool = False, advice: bool = False, pair: Sequence[Card] = (),
) -> list[str]:
    """What one move did, in the past tense, a phrase for each thing it did: ``melded three tens
    and three kings``, ``discarded a five`` (in play only a three's colour matters, not a suit),
    ``closed a clean book of tens``, ``went
    out``. ``own``: the move is the listener's, who is told the cards they drew; another seat's
    draw is left unsaid (every turn starts with one), its pickup is said with the pile's top card.
    ``advice``: a move not yet made, as a hint says it (``discard a five``). ``pair``: the cards
    from the hand a pickup melded with the pile's top card."""
    if advice:
        return [_ADVICE.get(move.kind, str(move.kind)) + _advice_cards(move)]
    kind = move.kind
    phrases: list[str] = []
    if kind is MoveKind.DRAW:
        drawn = next((e for e in events if e.kind == EventKind.DRAW), None)
        if own and drawn is not None and drawn.private:
            phrases.append("drew " + and_list([with_article(card_name(c)) for c in drawn.private]))
        elif own:
            phrases.append("drew")
    elif kind is MoveKind.PICKUP:
        taken = next((e for e in events if e.kind == EventKind.TAKE), None)
        if taken is not None and taken.cards and pair:
            phrases.append(f"took the pile with {group_words(pair)}, {counted(len(taken.cards), 'card')}")
        elif taken is not None and taken.cards:
            size = counted(len(taken.cards), "card")
            phrases.append(f"took the pile, {size}, {with_article(rank_said(taken.cards[0]))} on top")
        else:
            phrases.append("took the pile")
    elif kind is MoveKind.MELD:
        phrases.append("melded " + and_list([group_words(g) for g in move.groups]))
    elif kind is MoveKind.ADD:
        target = move.target if move.target is not None else move.picks[0].rank
        phrases.append(f"added {added_words(move.picks, target)}")
    elif kind is MoveKind.DISCARD:
        card = discarded if discarded is not None else move.picks[0].card
        # A three named by rank alone is black: a red three never reaches a hand.
        rank = move.picks[0].rank
        phrases.append("discarded " + with_article(rank_said(card) if card is not None
                                                   else "black three" if rank == THREE else rank_name(rank)))
    elif kind is MoveKind.ASK:
        phrases.append("asked to go out")
    elif kind in (MoveKind.YES, MoveKind.NO):
        phrases.append(f"answered {kind}")
    elif kind is MoveKind.UNDO:
        phrases.append("took back this turn's melds")
    elif kind is MoveKind.END:
        phrases.append("declined the pile with the stock empty")
    return phrases + caused_words(events, books)


def caused_words(events: Sequence[Event], books: Sequence[Meld] = ()) -> list[str]:
    """What a move caused, in the past tense: the books it closed, a red three laid, the foot
    picked up, going out."""
    phrases = [f"closed {meld_words(book)}" for book in books]
    for e in events:
        if e.kind == EventKind.DEAL_END:
            break  # what follows belongs to the next deal
        if e.kind == EventKind.RED_THREE and e.cards:
            phrases.append("laid a red three")  # its suit plays no part
        elif e.kind == EventKind.FOOT:
            phrases.append("picked up the foot")
        elif e.kind == EventKind.OUT:
            phrases.append("went out")
    return phrases


_ADVICE = {MoveKind.DRAW: "draw", MoveKind.PICKUP: "pick up the pile", MoveKind.MELD: "meld",
           MoveKind.ADD: "add", MoveKind.DISCARD: "discard", MoveKind.ASK: "ask to go out",
           MoveKind.YES: "answer yes", MoveKind.NO: "answer no", MoveKind.UNDO: "take back this turn's melds",
           MoveKind.END: "end the deal"}


def _advice_cards(move: Move, discarded: Card | None = None) -> str:
    """The cards a move names, after its verb: `` a five of clubs``, `` three kings to the kings``."""
    kind = move.kind
    if kind is MoveKind.DISCARD:
        card = discarded if discarded is not None else move.picks[0].card
        rank = move.picks[0].rank
        return " " + with_article(card_name(card) if card is not None
                                  else "black three" if rank == THREE else rank_name(rank))
    if kind is MoveKind.MELD:
        return " " + and_list([group_words(g) for g in move.groups])
    if kind is MoveKind.ADD:
        target = move.target if move.target is not None else move.picks[0].rank
        return f" {added_words(move.picks, target)}"
    return ""
