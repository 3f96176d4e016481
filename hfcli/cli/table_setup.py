"""Setting a game at the table for ``hf play``, whichever way it starts (new, resumed, what-if,
duplicate): the AI players, the transcript the game is recorded in, the session, and the lines
that introduce it."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from hfcli.cli import InputError
from hfcli.system.printable import hidden_characters, printable

if TYPE_CHECKING:
    from hfcli.engine.cards import Card
    from hfcli.engine.game import Game
    from hfcli.engine.seat import Player
    from hfcli.engine.seating import Seating
    from hfcli.repl.display import Display, Pace
    from hfcli.repl.session import Recorder, Session
    from hfcli.transcript import Source, TranscriptWriter
    from hfcli.transcript.resume import Resumed

HUMAN = 0  # a new game seats the person in the first seat (South); a resumed one where its transcript says


def make_ai(level: str, seed: int | None, seat: int) -> Player:
    """The AI for ``seat`` at ``level``; a level the program does not know is a one-line error."""
    from hfcli.levels import make_player

    try:
        return make_player(level, seed, seat)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None


def transcript_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a transcript, or None. It is printed at the table, so it may hold
    nothing a terminal would act on; and a new game's header records the name of the game it came
    from as text, which a name holding bytes that are not UTF-8 is not (an escaped form would name
    another file), so such a name is refused for every transcript option alike."""
    hidden = hidden_characters(name)
    if any(0xD800 <= ord(c) <= 0xDFFF for c in hidden):
        return f"'{printable(name)}' is not text: the name holds bytes that are not UTF-8; rename the file"
    if hidden:
        return f"'{printable(name)}' has control characters; name the file without them"
    return None


def open_transcript(
    game: Game, human: int, name: str, levels: dict[int, str], transcript_path: Path | None,
    header: dict[str, object] | None = None, studied: Path | None = None,
) -> tuple[TranscriptWriter, Path]:
    """A new transcript for ``game`` (at ``transcript_path``, else a new file in the data folder)
    with its header written, the human in seat ``human`` and the AI seats at ``levels``; any
    failure is one line. A file that exists already is never written over: not another game, not
    ``studied`` (the recorded game a what-if or duplicate game comes from), not any other file."""
    from hfcli.system import paths
    from hfcli.transcript import SeatInfo, TranscriptWriter
    from hfcli.transcript.writer import HeaderTooLong, in_use

    seats = [
        SeatInfo(name, "human", None) if seat == human else SeatInfo(game.seating.long_names[seat], "ai", levels[seat])
        for seat in game.seating.seats
    ]
    path = transcript_path
    try:
        if path is not None:
            return TranscriptWriter.create(path, game, seats, header=header), path
        for _ in range(_FRESH_NAME_TRIES):
            path = paths.new_transcript_path(game.seed)
            try:
                return TranscriptWriter.create(path, game, seats, header=header), path
            except FileExistsError:
                continue  # another game took the name since it was chosen: the next one is free
        raise click.ClickException(f"cannot write the transcript {path}: every new name is taken")
    except HeaderTooLong as exc:
        raise InputError(f"cannot record this game: {exc}") from None
    except FileExistsError:
        assert transcript_path is not None
        if in_use(transcript_path):
            raise in_use_error(transcript_path) from None
        raise existing_file_error(transcript_path, studied) from None
    except paths.DataFolderError as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        where = path if path is not None else paths.transcripts_dir()
        raise click.ClickException(f"cannot write the transcript {where}: {exc.strerror or exc}") from None


def in_use_error(path: Path, command: str = "play") -> click.ClickException:
    """The lock says only that another process holds the file, not which: ``hf play`` or ``hf host``
    (either takes up the other's game), the one being run named first."""
    other = "host" if command == "play" else "play"
    return click.ClickException(f"{path} is in use: another hf {command} or hf {other} is writing this game, and a "
                                "transcript has one writer at a time")


@contextmanager
def taking_up(path: Path, command: str = "play") -> Iterator[None]:
    """A game taken up again from its transcript (hf play --resume, hf host --resume: ``command``):
    what can go wrong with the file, each as the CLI's one-line message. A finished game goes on
    to the caller, which tells it its own way."""
    from hfcli.engine.errors import HandFootError
    from hfcli.transcript import TranscriptError, TranscriptInUse, TranscriptWriteError
    from hfcli.transcript.resume import FinishedGame

    try:
        yield
    except FinishedGame:
        raise
    except TranscriptInUse:
        raise in_use_error(path, command) from None
    except TranscriptWriteError as exc:
        raise click.ClickException(f"{path}: cannot write to it to continue the game: {exc.strerror}") from None
    except (TranscriptError, HandFootError) as exc:
        raise click.ClickException(str(exc)) from None


def resumed_table(
    path: Path, display: Display, pace: Pace, *, check: Callable[[Source], None], naming: Callable[[str], str],
    shoes: Sequence[Sequence[Card]] = (),
) -> tuple[Session, Resumed, Source, Seats]:
    """A game taken up again at the table (hf play --resume, an unfinished event entry): the file held
    first, so one process alone continues it, then read, ``check``-ed by the caller, rebuilt, the AI
    players recalling it, and a session with the recorded moves in its log. ``naming`` turns the
    name the transcript records for the person into the one the table uses. A finished game raises
    FinishedGame, which each caller tells its own way."""
    from hfcli.transcript import read_source, resume
    from hfcli.transcript.resume import hold_to_resume, human_seat

    with taking_up(path):
        held = hold_to_resume(path)
        try:
            source = read_source(path, held)
            check(source)
            human = human_seat(source)
            found = resume(path, source=source, held=held, shoes=shoes)
        except BaseException:
            held.close()
            raise
    game = found.game
    levels = {seat: info.level or "normal" for seat, info in enumerate(found.seats) if seat != human}
    players = {seat: make_ai(level, game.seed, seat) for seat, level in levels.items()}
    found.recall(players)
    seats = Seats(human, naming(found.seats[human].name or ""), levels)
    session = table_session(game, players, seats, found.writer, path, display, pace)
    session.log_recorded(found.moves)
    return session, found, source, seats


_FRESH_NAME_TRIES = 100  # a timestamped name taken that many times over is not a race but a fault


def existing_file_error(path: Path, studied: Path | None) -> click.ClickException:
    """Why ``--transcript PATH`` names a file that is there already: the recorded game being played
    from (by any name: a link, another spelling), or some other file."""
    if studied is not None and same_file(path, studied):
        return InputError(f"--transcript {path} is the recorded game itself; a new game is recorded in a new file")
    return InputError(f"--transcript {path}: the file exists, and hf play records a game only in a new file; "
                      "name another (--resume continues a recorded game)")


def same_file(one: Path, other: Path) -> bool:
    """Whether two paths name one file, by the file's identity (a hard link, a symbolic link and
    another spelling of the path all name the same file)."""
    try:
        a, b = os.stat(one), os.stat(other)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


@dataclass(frozen=True)
class Seats:
    """Who sits where in a game set at the table: the person's seat and name, every AI seat's level."""

    human: int
    name: str
    levels: dict[int, str]


def interactive() -> bool:
    """Whether a person plays at this terminal (else the lines come from a pipe, or go to one)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def terminal_display(*, no_color: bool, ascii_cards: bool, screen_reader: bool, four_color: bool) -> Display:
    """How this terminal shows the table, decided once for the command: colour unless it is off (or
    output is no terminal, or for a screen reader), suits as letters where asked or where the output
    cannot show symbols, four suit colours, and the terminal's size where a screen is to be fitted."""
    from hfcli.repl.display import Display
    from hfcli.repl.style import color_wanted
    from hfcli.text.notation import output_shows_symbols, use_four_colors

    use_four_colors(four_color)
    if screen_reader:
        from hfcli.cli import speak_output

        speak_output(True)
    return Display(
        color=color_wanted(sys.stdout.isatty(), no_color) and not screen_reader,
        ascii=ascii_cards or screen_reader or not output_shows_symbols(sys.stdout.encoding),
        four_color=four_color,
        screen_reader=screen_reader,
        # A reader hears lines: nothing is fitted to a screen.
        size=terminal_size if interactive() and not screen_reader else None,
    )


def terminal_size() -> tuple[int, int]:
    """(columns, lines) of the terminal now: asked at every screen, so a resized window is followed.
    For a screen reader, as wide as any line: a line broken by the program is read as two."""
    from hfcli.system.config import screen_reader_wanted

    size = shutil.get_terminal_size()
    return (SPOKEN_WIDTH if screen_reader_wanted() else size.columns), size.lines


SPOKEN_WIDTH = 1000  # columns: wider than any line the program writes


def program_command() -> str:
    """How to run this program from the shell it was started in, for the commands it prints: ``hf``
    when that is the ``hf`` on the PATH, else the path it was started by (``.venv/bin/hf``), or
    ``python -m hfcli`` when it was started that way."""
    started = sys.argv[0] if sys.argv else ""
    if Path(started).name == "__main__.py" and Path(started).parent.name == "hfcli":
        return f"{shlex.quote(sys.executable)} -m hfcli"
    if Path(started).name != "hf":
        return "hf"  # started from inside another program (a test runner): its own name would mislead
    on_path = shutil.which("hf")
    try:
        if on_path is not None and os.path.samefile(on_path, started):
            return "hf"
    except OSError:
        pass
    return shlex.quote(started)


def four_colors_preferred() -> bool:
    """Whether the preferences file asks for four suit colours (for a command with no option of its own)."""
    from hfcli.system import config

    try:
        return bool(config.load().get("four-color", False))
    except config.ConfigError:
        return False  # said by the commands that read the file for their options


def terminal_pace(speed: float) -> Pace:
    """``speed`` seconds after each AI move; in a terminal a key press cuts the round's pauses short
    and each deal's score sheet stays until Enter (a pipe goes on)."""
    from hfcli.repl.display import Pace

    if not interactive():
        return Pace(speed)
    from hfcli.repl.pacing import KeyboardPacer

    return Pace(speed, KeyboardPacer(sys.stdin, click.echo).pause, hold_sheets=True)


def table_session(
    game: Game, players: dict[int, Player], seats: Seats, writer: Recorder, path: Path, display: Display, pace: Pace
) -> Session:
    """The person's seat at ``game``: told for a screen reader where the display is one's."""
    from hfcli.levels import make_hint_player
    from hfcli.repl.session import Session
    from hfcli.repl.spoken import SpokenSession

    # Hints come from the strongest AI, as if it sat in the human's seat.
    hint_player = make_hint_player(game.seed, seats.human)
    kind = SpokenSession if display.screen_reader else Session
    return kind(
        game, players, human=seats.human, human_name=seats.name, writer=writer, transcript_path=path,
        echo=click.echo, display=display, pace=pace, hint_player=hint_player, program=program_command(),
    )


def intro_lines(game: Game, human: int, levels: dict[int, str], path: Path) -> list[str]:
    from hfcli.text.screen import table_words

    return [
        f"Hand and Foot, {game.rules.name} rules, {table_words(game.seating)}, seed {game.seed}.",
        seats_sentence(game.seating, human, levels),
        f"Transcript: {path}",
        "Type help for the commands; tab completes them and the cards you hold.",
    ]


def seats_sentence(seating: Seating, human: int, levels: dict[int, str]) -> str:
    """Who sits where: ``You sit South. Your partner North (normal); opponents West (normal) and East
    (normal).``; where several sides oppose, each is named (``SW+NE: Southwest (hard) and ...``)."""
    names = seating.long_names

    def each(seats: tuple[int, ...] | list[int]) -> str:
        listed = [f"{names[s]} ({levels.get(s)})" for s in seats]
        return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + f" and {listed[-1]}"

    partners = seating.partners(human)
    mine = seating.team_of[human]
    others = [t for t in seating.teams if t != mine]
    if len(partners) == 1:
        sentence = f"You sit {names[human]}. Your partner {each(partners)}; "
    elif partners:
        sentence = f"You sit {names[human]}. Your teammates {each(partners)}; "
    else:
        sentence = f"You sit {names[human]} and play alone; "
    if len(others) == 1 or all(len(seating.members(t)) == 1 for t in others):
        against = [s for s in seating.seats if seating.team_of[s] != mine]
        return sentence + f"{'opponent' if len(against) == 1 else 'opponents'} {each(against)}."
    return sentence + "opponents " + "; ".join(
        f"{seating.team_names[t]}: {each(seating.members(t))}" for t in others) + "."
