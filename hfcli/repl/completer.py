"""Tab completion from the live table: commands, the cards you actually hold, your open melds."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from hfcli.engine.cards import RANK_NAMES, RANK_TOKENS, Card
from hfcli.engine.view import SeatView
from hfcli.render import hand_groups, meld_label, notation_text, rank_label
from hfcli.repl.cardwords import TARGET_MARKS
from hfcli.repl.commands import COMMANDS, HELP_TOPICS, lookup
from hfcli.rules_text import RULE_TITLES

CARD_COMMANDS = ("meld", "add", "discard", "play")


def hand_tokens(hand: Sequence[Card]) -> list[tuple[str, str, str]]:
    """(rank as shown, rank token, description) for every rank in the hand, in display order: a ten
    completes as ``10``, as the table writes it, and is found by ``1`` or ``t`` alike."""
    return [(rank_label(rank), RANK_TOKENS[rank], f"{RANK_NAMES[rank]}: {len(group)} in hand")
            for rank, group in hand_groups(hand)]


def _starts(prefix: str, *spellings: str) -> bool:
    return any(s.lower().startswith(prefix) for s in spellings)


def command_completions(prefix: str, start: int) -> Iterator[Completion]:
    """Every command whose name starts with ``prefix``, described by its summary."""
    for command in COMMANDS:
        if command.name.startswith(prefix):
            yield Completion(command.name, start, display_meta=command.summary)


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
            yield from command_completions(lowered, start)
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
        for shown, token, meta in hand_tokens(view.hand):
            if _starts(lowered, shown, token):
                yield Completion(shown, start, display_meta=meta)
        if command.name == "discard":
            for c in sorted(set(view.hand), key=lambda c: c.code):
                if c.text != "JK" and lowered and _starts(lowered, notation_text(c.text), c.text):
                    yield Completion(notation_text(c.text), start, display_meta="this exact card")
        if command.name == "add" and len(done) > 1 and "to".startswith(lowered):
            yield Completion("to", start, display_meta="then the meld: add 2 to 9")
