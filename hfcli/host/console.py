"""The host's own terminal: the lobby's commands (start, who, code, seat), then the host's seat at
the table like a guest's (or, with --watch, who comes and goes until the game ends)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hfcli.host.terminal import READER_OFF, READER_ON, Closed, Terminal
from hfcli.system.printable import printable

if TYPE_CHECKING:
    from hfcli.host.hosting import HostedTable

HOST_HELP = ("Commands: start (deal; the AI takes every free seat), who (who sits where),\n"
             "code (how to join), seat NAME SEAT (move a guest), reader (the game in words), quit.")


async def console(hosted: HostedTable, join_lines: list[str], size: Callable[[], tuple[int, int]]) -> None:
    """The host's terminal until the game is over or the host leaves. A resumed game starts here,
    once the host's seat has this terminal: a session made before it would show the host nothing."""
    from prompt_toolkit.application.current import get_app_session

    terminal = Terminal(get_app_session().output, size)
    host = next((p for p in hosted.people.values() if p.host), None)
    if host is not None:
        host.terminal = terminal
        terminal.read_aloud(host.screen_reader)
    else:
        hosted.watchers.append(terminal)
    for text in join_lines:
        terminal.say(text)
    if hosted.resumed is not None and not hosted.started.is_set():
        hosted.start()
    if not hosted.started.is_set():
        terminal.say("\n".join(hosted.who_lines()))
        terminal.say(HOST_HELP)
    try:
        while not hosted.started.is_set():
            typed = await terminal.ask_unless("host> ", hosted.started)
            if typed is None:
                break
            if not _lobby_command(hosted, terminal, typed, join_lines):
                return
        if host is not None and host.session is not None and not hosted.over.is_set():
            await hosted.play(host)
        else:
            await _watch(hosted, terminal)
        await terminal.drained()
    except Closed:
        pass
    finally:
        await terminal.drained()
        terminal.close()


def _lobby_command(hosted: HostedTable, terminal: Terminal, line: str, join_lines: list[str]) -> bool:
    """Act on one host's line in the lobby; False to stop hosting."""
    word, _, rest = line.strip().partition(" ")
    word = word.lower()
    if not word:
        return True
    if word == "start":
        problem = hosted.start()
        if problem:
            terminal.say(problem)
    elif word == "who":
        terminal.say("\n".join(hosted.who_lines()))
    elif word == "code":
        for text in join_lines:
            terminal.say(text)
    elif word == "seat":
        name, _, seat_word = rest.strip().rpartition(" ")
        seat = hosted.lobby.seat_by_name(seat_word) if seat_word else None
        held = hosted.lobby.seat_of(name) if name else None
        if seat is None or held is None:
            terminal.say("seat NAME SEAT: a guest in the lobby to a free seat, e.g. seat Ann north.")
        elif seat not in hosted.lobby.free_seats():
            terminal.say(f"{hosted.lobby.not_free(seat)}.")
        else:
            hosted.move_seat(hosted.people[held], seat)
    elif word in ("reader", "screen-reader") and (host := next((p for p in hosted.people.values() if p.host), None)):
        said = rest.strip().lower()
        host.screen_reader = {"on": True, "yes": True, "off": False, "no": False}.get(said, not host.screen_reader)
        terminal.read_aloud(host.screen_reader)
        terminal.say(READER_ON if host.screen_reader else READER_OFF)
    elif word in ("quit", "exit"):
        return False
    elif word == "help":
        terminal.say(HOST_HELP)
    else:
        terminal.say(f"'{printable(word)[:20]}' is not a command here. {HOST_HELP}")
    return True


async def _watch(hosted: HostedTable, terminal: Terminal) -> None:
    """--watch: the table's comings and goings are shown; who and quit work."""
    terminal.say("The game is under way. Commands: who, quit (the game stays saved).")
    while not hosted.over.is_set():
        line = await terminal.ask_unless("host> ", hosted.over)
        if line is None:
            return
        word = line.strip().lower()
        if word == "who":
            terminal.say("\n".join(hosted.who_lines()))
        elif word in ("quit", "exit"):
            return
        elif word:
            terminal.say("Commands: who, quit.")

