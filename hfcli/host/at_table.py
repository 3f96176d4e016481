"""A person at the hosted table, the host or a guest: their first lines, their prompt until the game
ends or they leave, what the AI played for them while they were away, and how much they may say.

Their moves go to the table through their own session (hfcli.repl); the driver is woken after
each line (hfcli.host.thinking).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from hfcli.host import limits
from hfcli.host.room import THANKS, Person, Room
from hfcli.table.endpoints import remark_problem

if TYPE_CHECKING:
    from hfcli.repl.session import Session


async def play(room: Room, person: Person) -> None:
    """A person at the table: their session's prompt, line after line, until the game ends or
    they leave. Their moves go to the table through the session; the driver is woken after each."""
    session = person.session
    terminal = person.terminal
    assert session is not None and terminal is not None
    session.echo = terminal.show
    terminal.read_aloud(session.spoken)  # as the seat was set when the game started
    # No colour where only text shows; a reader hears lines: nothing is fitted to a screen.
    session.display = replace(session.display, color=room.settings.color and not terminal.plain,
                              size=session.display.size if session.spoken else terminal.size)
    if not person.introduced:
        introduce(room, person, session)
    elif person.returned:
        person.returned = False
        for line in _played_for(person, session):
            session.say(line)
        session.say(session.table())  # where the game stands now
        session.show_turn()
    person.away_from = None
    await _prompt(room, person)
    if room.finished:
        # Said here, after the person's own last lines (the final scores), rather than by the
        # driver, whose word could come after their connection was already closed.
        terminal.say(THANKS)


def introduce(room: Room, person: Person, session: Session) -> None:
    """The game's first lines, then the person's own cards: the whole table if it is their
    turn, else their hand, so that nobody starts the game without knowing what they hold."""
    person.introduced, person.returned = True, False
    # A resumed game's guest may come back after the AI went on with it for them.
    session.start([*first_lines(room, person), *_played_for(person, session)])
    if not session.is_over and session.view.to_move != person.seat and not session.spoken:  # it says its own
        session.say(session.hand())


def first_lines(room: Room, person: Person) -> list[str]:
    """The game's first lines for ``person``: the rules, who sits where, and for the host alone the
    seed (when the host gave it) and where the transcript is."""
    from hfcli.text.screen import table_words

    game = room.game
    assert game is not None
    seed = f", seed {game.seed}" if person.host and room.settings.seed_chosen else ""
    lines = [f"Hand and Foot, {game.rules.name} rules, {table_words(game.seating)}{seed}."]
    if room.resumed is not None:
        lines.append(f"Resuming the game where it stopped: deal {game.deal_index + 1} of {game.rules.deals}, "
                     f"move {game.move_count}.")
    lines += [f"You sit {room.seating.long_names[person.seat]}. Who sits where:", *room.who_lines()]
    if room.transcript_path is not None and person.host:
        lines.append(f"Transcript: {room.transcript_path}")
    lines.append("Type help for the commands; tab completes them and the cards you hold.")
    return lines


def _played_for(person: Person, session: Session) -> list[str]:
    """What the AI played for the person while they were away, if anything, in lines."""
    if person.away_from is None:
        return []
    moves = session.own_moves_since(person.away_from)
    person.away_from = None
    if not moves:
        return []
    count = "1 move" if len(moves) == 1 else f"{len(moves)} moves"
    return [f"While you were away, the AI played {count} for you:", *(f"  {move}" for move in moves)]


async def _prompt(room: Room, person: Person) -> None:
    """The person's prompt at the table, until the game ends or they leave."""
    from hfcli.host.prompt import Seated, table_prompt

    assert person.session is not None and person.terminal is not None

    def waker(wake: Callable[[], None] | None) -> None:
        person.wake_prompt = wake

    seated = Seated(room.over, room.wake, room.who_lines, lambda: leave(room, person), waker, room.named,
                    may_say=lambda text: _may_say(room, person, text))
    if person.host:
        seated.question = "Stop hosting? The game stays saved, to take up again with hf host --resume. [y/N] "
    await table_prompt(seated, person.session, person.terminal)


def _may_say(room: Room, person: Person, text: str) -> str | None:
    """Why ``person`` may not say ``text`` to the table now (too many lines of late), or None.
    Only a line the table would hear counts: a blank or too long one is refused as it is."""
    if remark_problem(text) is not None:
        return None  # the session says what is wrong with it
    if person.remarks is None:
        person.remarks = limits.InputBudget(1 / limits.REMARK_SECONDS, limits.REMARKS_AT_ONCE, room.clock)
    budget = person.remarks
    if budget.admit(1):
        return None
    wait = math.ceil((1 - budget.tokens) / budget.rate)
    return (f"Not said: the table hears {limits.REMARKS_AT_ONCE} lines from you at once, then one every "
            f"{limits.REMARK_SECONDS:g} seconds; say it again in {wait} {'second' if wait == 1 else 'seconds'}.")


def leave(room: Room, person: Person) -> None:
    """A person's ``quit`` at the table: like a drop, but the AI takes the seat at once."""
    person.leaving = True
    if person.channel is not None:
        person.channel.close_with(f"You leave the table; the AI plays your seat. Come back with "
                                  f"{room.come_back_with()}.")
