"""Where a replay starts: the shoes a transcript records, and the game as its first move finds it
(dealt from those shoes, or built from the position a what-if game started from)."""

from __future__ import annotations

from collections.abc import Sequence

from hfcli.engine.cards import CARD_BY_TEXT, Card, new_shoe, parse_cards
from hfcli.engine.errors import HandFootError
from hfcli.engine.game import Game
from hfcli.engine.rules import Rules
from hfcli.transcript.header import Header
from hfcli.transcript.lines import TranscriptError
from hfcli.transcript.origin import origin_of, read_history, start_position
from hfcli.transcript.source import Source, load_line, value_of


def recorded_shoes(source: Source, rules: Rules, first: int = 1) -> list[list[Card]]:
    """Every shoe the file records, in deal order from deal ``first`` (1-based: a game started from a
    position deals its deals after that position's) (a pre-pass: a deal starts inside the move before
    its line)."""
    shoes: list[list[Card]] = []
    reference = sorted(c.text for c in new_shoe(rules.deck_count))
    for number in range(2, len(source.lines) + 1):
        text = source.lines[number - 1]
        if '"shoe"' not in text:
            continue
        data = load_line(source, number)
        if data.get("e") != "deal":
            continue
        deal = value_of(source, number, data, "deal", int)
        if deal != len(shoes) + first:
            raise TranscriptError(source.path, number, f"expected deal {len(shoes) + first}, got deal {deal!r}")
        shoe_text = value_of(source, number, data, "shoe", str)
        tokens = shoe_text.split(" ")
        if sorted(tokens) == reference:  # the usual case, checked with C-level sorting
            shoes.append(list(map(CARD_BY_TEXT.__getitem__, tokens)))
            continue
        quick = [CARD_BY_TEXT.get(t) for t in tokens]
        if None in quick:
            try:
                parse_cards(shoe_text)
            except HandFootError as exc:
                raise TranscriptError(source.path, number, f"bad shoe: {exc}") from None
            raise TranscriptError(source.path, number, "bad shoe: cards are separated by single spaces")
        shoe = [c for c in quick if c is not None]
        if sorted(c.text for c in shoe) != reference:
            raise TranscriptError(
                source.path, number, f"the shoe is not {rules.deck_count} full deck(s) of 54 cards ({len(shoe)} cards)"
            )
        shoes.append(shoe)
    return shoes


def starting_game(source: Source, header: Header, shoes: Sequence[Sequence[Card]] = ()) -> Game:
    """The game as the file's first event finds it: dealt from the recorded shoes, or built from the
    position the header says it started from (``hfcli.transcript.origin``). ``shoes`` are the
    game's shoes from its first deal where they were fixed before it began (an event's): the deals
    the file does not record yet are dealt from them."""
    rules = header.rules
    origin_of(header, source.path)  # nothing replays from it, but a malformed origin fails verification
    start = start_position(header, source.path)
    if start is None:
        # Deals the file does not record yet (a game to be resumed) are dealt from ``shoes``, or as
        # Game(rules, seed) would.
        recorded: list[Sequence[Card]] = list(recorded_shoes(source, rules))
        recorded += shoes[len(recorded):]
        return Game(rules, header.seed, seating=header.seating, shoes=recorded)
    following = start.deal.index + 1  # the 0-based index of the first deal the file itself records
    for index, shoe in enumerate(recorded_shoes(source, rules, first=following + 1), start=following):
        # A shoe the position already gives stays: a deal line that disagrees is then a divergence.
        start.future_shoes.setdefault(index, tuple(shoe))
    return Game.from_position(start, read_history(header, start.seating, source.path))
