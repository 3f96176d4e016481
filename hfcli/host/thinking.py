"""The AI at a hosted table thinks off the event loop that serves every guest: the driver, which
plays the seats the AI holds a move at a time, and a person's hint.

Each thinks in a worker thread, so the table and every other guest go on meanwhile. No player
is shared between them: an AI seat's player is the driver's alone, and a hint's player is its
person's alone (hfcli.levels.make_hint_player), so no cache is reached from two threads.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from hfcli.host.room import THANKS, Room
from hfcli.table.endpoints import AiEndpoint

if TYPE_CHECKING:
    from hfcli.engine.seat import Player
    from hfcli.engine.view import SeatView
    from hfcli.repl.session import Session

log = logging.getLogger("hfcli.host")


class HostedAi(AiEndpoint):
    """The endpoint of a seat the host's driver plays: the table's ask is answered later, by the
    driver, off the table's own step (so the AI's thinking and the pause after it do not hold the
    loop that serves every guest). An AI endpoint all the same: the table tells it nothing and
    never asks it to hold the play."""

    __slots__ = ()

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def ask(self, view: SeatView) -> None:
        return None


async def drive(room: Room) -> None:
    """Play the seats the AI holds, a move at a time, while nobody holds the play; let each
    person whose turn it is know."""
    loop = asyncio.get_running_loop()
    table = room.table
    assert table is not None
    try:
        room.woken.set()
        while not room.over.is_set():
            await room.woken.wait()
            room.woken.clear()
            while True:
                _pass_absent_sheets(room)
                if table.holding:
                    break
                seat = table.pending()
                if seat is None:
                    _game_over(room)
                    return
                player = _ai_of(room, seat)
                if player is None:
                    _tell_turn(room, seat)
                    break
                view = table.view(seat)
                decision = await loop.run_in_executor(None, player.choose, view)
                if table.pending() != seat or _ai_of(room, seat) is not player:
                    continue  # the seat's person came back while the AI thought
                table.play(seat, decision.move, decision.reason)
                if room.settings.speed > 0 and table.pending() is not None:
                    await asyncio.sleep(room.settings.speed)
    except Exception as exc:
        log.exception("the table stopped")
        room.failed = exc
        room.announce("The table stopped on an error; the game is saved up to the last move.")
        room.over.set()


def _ai_of(room: Room, seat: int) -> Player | None:
    """Who plays ``seat`` for the AI now: an AI seat's player, or the AI for a person away."""
    person = room.people.get(seat)
    if person is None:
        return room.players[seat]
    return person.ai


def _tell_turn(room: Room, seat: int) -> None:
    """The person to move sees their turn start (and their prompt says so)."""
    person = room.people[seat]
    if person.session is not None and person.here:
        person.session.show_turn()
        if person.wake_prompt is not None:
            person.wake_prompt()


def _pass_absent_sheets(room: Room) -> None:
    """A deal's score sheet held for a person who is away is passed for them."""
    for person in room.people.values():
        session = person.session
        if session is not None and not person.here and session.waiting is not None:
            session.go_on()


def _game_over(room: Room) -> None:
    room.over.set()
    for watcher in room.watchers:  # a person at the table is thanked by their own session's end (play)
        watcher.say(THANKS)
    if room.table is not None:
        room.table.close()
    for person in room.people.values():
        if person.wake_prompt is not None:
            person.wake_prompt()


async def hinted(session: Session, text: str, over: asyncio.Event) -> bool:
    """Whether ``text`` asked for a hint the session gives now; if so, the hint is worked out and
    shown (unless the game is over by then)."""
    if not _is_hint(text) or (asked := session.hint_asked()) is None:
        return False
    # The expert thinks in a thread, so the table and the other guests go on meanwhile;
    # the hint player is this person's alone, so it shares nothing with the AI seats'.
    player, view = asked
    decision = await asyncio.to_thread(player.choose, view)
    if not over.is_set():
        session.show_hint(decision, view)
    return True


def _is_hint(text: str) -> bool:
    """Whether an entry is the one line ``hint`` (a paste of several lines runs a line at a time)."""
    from hfcli.repl.reading import split_line

    if "\n" in text:
        return False
    command, _, _ = split_line(text)
    return command is not None and command.name == "hint"
