"""Tab completion from the live table: commands, the cards you actually hold, your open melds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from hfcli.engine.cards import (
    DISPLAY_PLACE,
    JOKER,
    NATURAL_RANKS,
    RANK_NAMES,
    RANK_PLURALS,
    RANK_TOKENS,
    TWO,
    Card,
    card,
    card_code,
    parse_rank,
)
from hfcli.engine.errors import InvalidMoveError
from hfcli.engine.melds import WILD
from hfcli.engine.view import SeatView
from hfcli.repl.cardwords import TARGET_MARKS, CardWords
from hfcli.repl.commands import COMMANDS, HELP_TOPICS, lookup
from hfcli.text.notation import hand_groups, meld_label, notation_text, rank_label
from hfcli.text.rulebook import RULE_TITLES

CARD_COMMANDS = ("meld", "add", "discard", "play")


def hand_tokens(hand: Sequence[Card]) -> list[tuple[str, str, str]]:
    """(rank as shown, rank token, description) for every rank in the hand, in display order: a ten
    completes as ``10``, as the table writes it, and is found by ``1`` or ``t`` alike."""
    return [(rank_label(rank), RANK_TOKENS[rank], f"{RANK_NAMES[rank]}: {len(group)} in hand")
            for rank, group in hand_groups(hand)]


def new_melds(view: SeatView, named: Sequence[str] = ()) -> list[tuple[str, str, str]]:
    """(rank as shown, the meld's cards as typed, description) for each new meld the hand can lay:
    three or more naturals of a rank (every one held, up to a book), two and a wild where C-RATIO
    allows it, or three or more wild cards for a wild meld; never a rank whose meld is open
    (C-ONEOPEN: add to it instead), never a single card. ``named`` are the cards the line has
    named already (notation tokens), which are not held twice."""
    rules = view.rules
    held = Counter(c.rank for c in view.hand)
    for token in named:
        rank = parse_rank(token) if len(token) == 1 or token == "JK" else card(token).rank
        held[rank] -= 1
    held = Counter({rank: n for rank, n in sorted(held.items(), key=lambda item: DISPLAY_PLACE[item[0]]) if n > 0})
    is_open = {WILD if m.rank == WILD else m.rank for m in view.my_melds if not m.is_book}
    wilds = [TWO] * held.get(TWO, 0) + [JOKER] * held.get(JOKER, 0)
    found = []
    for rank, count in held.items():
        if rank not in NATURAL_RANKS or rank in is_open:
            continue
        shown = rank_label(rank)
        if count >= 3:
            cards = [shown] * min(count, rules.book_size)
            found.append((shown, " ".join(cards), f"{RANK_PLURALS[rank]}: {len(cards)}, a new meld"))
        elif count == 2 and wilds and rules.wild_ratio.pair_takes_wild:
            found.append((shown, f"{shown} {shown} {rank_label(wilds[0])}",
                           f"{RANK_PLURALS[rank]}: 2 and a wild card, a new meld"))
    if rules.wild_melds and len(wilds) >= 3 and WILD not in is_open:
        cards = [rank_label(r) for r in wilds[: rules.book_size]]
        found.append(("wild", " ".join(cards), f"a wild meld of {len(cards)}"))
    return found


def _starts(prefix: str, *spellings: str) -> bool:
    return any(s.lower().startswith(prefix) for s in spellings)


def rank_of(shown: str) -> int:
    """The rank a label of the table names (``10``, ``K``, ``JK``)."""
    return next(rank for rank in range(len(RANK_TOKENS)) if rank_label(rank) == shown)


def command_completions(prefix: str, start: int, then: str = "") -> Iterator[Completion]:
    """Every command whose name starts with ``prefix``, described by its summary; ``then`` follows
    the name typed (a space after the line's first word, where the cards or the topic come next)."""
    for command in COMMANDS:
        if command.name.startswith(prefix):
            yield Completion(command.name + then, start, display=command.name, display_meta=command.summary)


class TableCompleter(Completer):
    """Completes the word under the cursor from what the human can do now."""

    def __init__(self, view: Callable[[], SeatView]) -> None:
        self.view = view

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        text = document.text_before_cursor
        words = text.split()
        current = "" if not words or text.endswith(" ") else words[-1]
        done = words if current == "" else words[:-1]
        start = -len(current)
        lowered = current.lower()
        if not done:
            yield from command_completions(lowered, start, then=" ")
            return
        command = lookup(done[0])
        if command is None:
            return
        if command.name == "help" and len(done) == 1:
            for topic, meta in HELP_TOPICS.items():
                if topic.startswith(lowered):
                    yield Completion(topic, start, display_meta=meta)
            yield from command_completions(lowered, start)
            return
        if command.name == "rules" and len(done) == 1:
            for rule_id, title in RULE_TITLES.items():
                if rule_id.lower().startswith(lowered):
                    yield Completion(rule_id, start, display_meta=title)
            return
        if command.name not in CARD_COMMANDS:
            return
        view = self.view()
        if command.name in ("add", "play") and done[-1].lower() in TARGET_MARKS:
            for meld in view.my_melds:
                if meld.is_book:
                    continue
                if _starts(lowered, meld_label(meld.rank), meld.token):
                    meta = f"open meld of {len(meld.cards)}, {meld.needed} to book"
                    yield Completion(meld_label(meld.rank), start, display_meta=meta)
            return
        if command.name == "discard" and len(done) > 1:
            return
        if command.name == "meld" and (len(done) == 1 or done[-1].endswith(",")):
            # The start of a meld: the melds the hand can make, not every rank (a single card is none).
            try:
                named = CardWords(view.hand).group(" ".join(done[1:]).replace(",", " "), lone_plural=False)
            except InvalidMoveError:
                named = []  # a word that is no card: what is held is offered as it is
            for shown, cards, meta in new_melds(view, named):
                spellings = ("2", "jk", "w", "wild") if shown == "wild" else (shown, RANK_TOKENS[rank_of(shown)])
                if _starts(lowered, *spellings):
                    yield Completion(cards, start, display=cards, display_meta=meta)
            return
        for shown, token, meta in hand_tokens(view.hand):
            if _starts(lowered, shown, token):
                yield Completion(shown, start, display_meta=meta)
        if command.name == "discard":
            for c in sorted(set(view.hand), key=card_code):
                if c.text != "JK" and lowered and _starts(lowered, notation_text(c.text), c.text):
                    yield Completion(notation_text(c.text), start, display_meta="this exact card")
        if command.name == "add" and len(done) > 1 and "to".startswith(lowered):
            yield Completion("to", start, display_meta="then the meld: add 2 to 9")
