"""The hosted game begins: the lobby closes, the game is dealt (or taken up from its transcript),
the AI takes every seat no person holds, the transcript is opened, each person gets a session at
the table, and the driver starts playing the AI's seats.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hfcli.host.at_table import introduce
from hfcli.host.away import dropped_at_start, nowhere
from hfcli.host.room import HOST_SEAT, SEAT_LOCKS, Room
from hfcli.host.thinking import HostedAi, drive
from hfcli.levels import make_hint_player, make_player
from hfcli.table.endpoints import told_reason

if TYPE_CHECKING:
    from hfcli.engine.game import Game
    from hfcli.transcript import SeatInfo, TranscriptWriter


def start(room: Room) -> str | None:
    """Start the game (the host's ``start``); why not, or None when it started."""
    if room.started.is_set():
        return "The game has started already."
    # Started before the game is set: the first lines each person is told say who sits where
    # now, with no seat still free. A failure ends the table.
    room.lobby.started = True
    try:
        _set_the_game(room)
    except Exception as exc:
        room.failed = exc
        room.over.set()
        raise
    room.started.set()
    room.driver = asyncio.ensure_future(drive(room))
    return None


def _set_the_game(room: Room) -> None:
    from hfcli.engine.game import Game
    from hfcli.repl.display import Display, Pace
    from hfcli.repl.session import Session
    from hfcli.repl.spoken import SpokenSession
    from hfcli.table import Table
    from hfcli.transcript import SeatInfo

    settings = room.settings
    resumed = room.resumed
    seating = room.seating
    if resumed is not None:
        game, writer = resumed.game, resumed.writer
        room.levels = dict(resumed.levels)
        room.players = dict(resumed.players)
    else:
        game = Game(settings.rules, seed=settings.seed, seating=seating, shoes=settings.shoes)
        room.levels = {s: settings.levels.get(s, settings.level) for s in seating.seats if s not in room.people}
        room.players = {s: make_player(level, game.seed, s) for s, level in room.levels.items()}
        seats = [SeatInfo(room.people[s].name, "human", None) if s in room.people
                 else SeatInfo(seating.long_names[s], "ai", room.levels[s]) for s in seating.seats]
        locks = {seating.names[s]: place.lock.as_json() for s, place in sorted(room.lobby.places.items())
                 if place.lock is not None}
        # The host's seat: hf stats counts a game of several people for the one at this terminal.
        host = [seating.names[s] for s, p in room.people.items() if p.host]
        writer, room.transcript_path = _new_transcript(game, seats, settings.transcript_path,
                                                       named_by_seed=settings.seed_chosen,
                                                       header={**(settings.header or {}),
                                                               **({SEAT_LOCKS: locks} if locks else {}),
                                                               **({HOST_SEAT: host[0]} if host else {})} or None)
    room.game = game
    table = room.table = Table(game, [HostedAi(s) for s in seating.seats], recorder=writer)
    for seat, person in room.people.items():
        kind = SpokenSession if person.screen_reader else Session
        person.session = kind(
            # A guest cannot resume or replay the host's file: only the host is told where it is.
            table, human=seat, human_name=person.name,
            transcript_path=room.transcript_path if person.host else None,
            echo=person.terminal.show if person.terminal is not None else nowhere,
            display=Display(
                color=settings.color and not (person.terminal is not None and person.terminal.plain),
                size=person.terminal.size if person.terminal is not None else None),
            pace=Pace(hold_sheets=True), hint_player=make_hint_player(game.seed, seat), program=settings.program,
        )
        if resumed is not None:
            from hfcli.repl.session import LogEntry

            for deal, mover, move, reason in resumed.moves:
                told = told_reason(reason, mover, seat, seating)
                person.session.log.append(LogEntry(deal, mover, move, told))
    for seat, person in room.people.items():
        room.name_seat(seat, room.seat_and_name(seat, person.name))
    for person in room.people.values():
        if person.here and person.session is not None:
            introduce(room, person, person.session)
        elif not person.host:
            dropped_at_start(room, person)


def _new_transcript(game: Game, seats: list[SeatInfo], path: Path | None, *,
                    named_by_seed: bool, header: Mapping[str, Any] | None = None) -> tuple[TranscriptWriter, Path]:
    """A new transcript at ``path``, else a fresh timestamped file in the data folder (its name
    has the seed only when the host chose it: a fresh one is a secret); never a file that is there
    already."""
    from hfcli.system import paths
    from hfcli.transcript import TranscriptWriter

    keys = dict(header) if header is not None else None
    if path is not None:
        return TranscriptWriter.create(path, game, seats, header=keys), path
    for _ in range(100):
        path = paths.new_transcript_path(game.seed if named_by_seed else None)
        try:
            return TranscriptWriter.create(path, game, seats, header=keys), path
        except FileExistsError:
            continue  # another game took the name since it was chosen
    raise FileExistsError(f"every new transcript name in {paths.transcripts_dir()} is taken")
