"""What a hosted table sends each guest: over a whole game, no card of another seat's hand or foot
reaches a guest's terminal before the table has shown it to that seat, and no fact private to
another seat's reasoning reaches it at all."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from host_clients import Guest, play_seat, screen_text, serving
from test_host_login import CODE, settings

from hfcli.engine.cards import Card
from hfcli.engine.view import SeatView
from hfcli.text.notation import card_text
from hfcli.text.reason_text import Form, clauses
from hfcli.transcript.reader import replay

pytestmark = pytest.mark.host

CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")


def seen_cards(view: SeatView) -> set[str]:
    """Every card the seat can see in ``view``: its own hand, the table's melds and red threes, the
    pile, and every card a public event of the game showed."""
    cards: list[Card] = [*view.hand, *view.pile, *(view.pile_taken or ())]
    if view.pile_top is not None:
        cards.append(view.pile_top)
    for side in view.melds:
        for meld in side:
            cards.extend(meld.cards)
    for threes in view.red_threes:
        cards.extend(threes)
    for event in view.history:
        cards.extend(event.cards)
    return {card_text(c) for c in cards if c.suit}


@pytest.mark.slow
def test_no_guest_is_sent_a_card_of_another_seat_before_the_table_shows_it(tmp_path: Path) -> None:
    async def scene() -> None:
        async with serving(settings(transcript_path=tmp_path / "g.jsonl"), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            guests = {0: ann, 1: bob}  # South and West: opponents, each with an AI partner
            known: dict[int, set[str]] = {0: set(), 1: set()}
            leaks: list[str] = []

            def look() -> None:
                if hosted.table is not None:
                    for seat in guests:
                        known[seat] |= seen_cards(hosted.table.view(seat))

            def checking(seat: int, guest: Guest) -> None:
                def arrived(data: str) -> None:
                    look()
                    for label in CARD.findall(screen_text(data)):
                        if label not in known[seat]:
                            leaks.append(f"seat {seat} was sent {label} before it saw it")

                guest.on_data = arrived

            assert hosted.start() is None
            play = hosted.table.play  # type: ignore[union-attr]

            def playing(*args: Any, **kwargs: Any) -> Any:
                events = play(*args, **kwargs)
                look()  # what the move showed, before any of it is written to a guest
                return events

            hosted.table.play = playing  # type: ignore[union-attr, method-assign]
            look()
            for seat, guest in guests.items():
                checking(seat, guest)
            await asyncio.gather(play_seat(ann, hosted, 0), play_seat(bob, hosted, 1))
            for guest in guests.values():
                await guest.until("Game over: ")
            assert not leaks, leaks[:5]
            assert all(len(known[s]) > 10 for s in guests)
            # Nor any fact private to the seat that reasoned: the words each
            # private fact adds to a move's reason, in every form, reach no other seat's screen.
            names = hosted.table.game.seating.long_names  # type: ignore[union-attr]
            checked = 0
            for m in replay(tmp_path / "g.jsonl").moves:
                why = m.why
                if why is None or not why.has_private():
                    continue
                for seat, guest in guests.items():
                    if seat == m.seat:
                        continue
                    said = " ".join(guest.text.split())
                    for form in Form:
                        whole = clauses(why, form, names, you=seat)
                        public = clauses(why, form, names, you=seat, public_only=True)
                        for clause in set(whole) - set(public):
                            checked += 1
                            assert " ".join(clause.split()) not in said, (m.seat, clause)
            assert checked > 20

    asyncio.run(scene())
