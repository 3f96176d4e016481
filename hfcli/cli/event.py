"""``hf event``: events for a family or a club. Everyone plays the same deals against the same AI,
whenever they can, and the results are compared deal by deal (docs/events.md)."""

from __future__ import annotations

import datetime as dt
import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from hfcli.cli import TEAMS_OPTION, InputError, LevelChoice, WholeNumber, load_rules, table_rules
from hfcli.cli.play import PauseSeconds, PlayerName
from hfcli.cli.table_setup import program_command

if TYPE_CHECKING:
    from hfcli.event.spec import Event
    from hfcli.repl.display import Display, Pace
    from hfcli.repl.session import Session

DAILY = "daily"  # hf event play daily, hf event results daily:2026-12-04


@click.group()
def event() -> None:
    """Events: the same deals for everyone, played whenever they can, results anyone can check.

    \b
    An organiser makes an event and sends the file; each player plays it once
    and sends back the transcript (their entry); anyone with the file and the
    entries ranks them, deal by deal, as bridge clubs score duplicate.

    \b
    Examples:
      hf event new --name "Sunday" --deals 2 -o sunday.toml
      hf event play sunday.toml
      hf event daily                    today's deal, the same for everyone
      hf event results sunday.toml entries/
    """


def load_event(spec: str) -> Event:
    """An event file, or ``daily`` (today) or ``daily:YYYY-MM-DD``: the daily deal."""
    from hfcli.event.spec import EventError, parse_date, read
    from hfcli.event.spec import daily as daily_deal

    try:
        if spec == DAILY or (spec.startswith(DAILY + ":") and not Path(spec).exists()):
            day = spec.partition(":")[2]
            return daily_deal(parse_date(day) if day else dt.date.today())
        return read(spec)
    except EventError as exc:
        raise InputError(str(exc)) from None


def commitments_lines(ev: Event) -> list[str]:
    lines = [f"Event {ev.id}", "Its deals' shoes, by SHA-256 (each entry is checked against these):"]
    lines += [f"  deal {d}: {c}" for d, c in enumerate(ev.commitments, start=1)]
    return lines


def describe(ev: Event) -> str:
    from hfcli.system.printable import printable
    from hfcli.text.screen import table_words

    return (f"{printable(ev.name)}: {ev.deals_words()} of {printable(ev.rules.name)} rules, "
            f"{table_words(ev.seating)}; you sit South, partner {ev.partner}, opponents {ev.opponents}.")


@event.command()
@click.option("--name", "event_name", required=True, help="The event's name (printable, at most 60 characters).")
@click.option("--rules", "rules_spec", default="classic", show_default=True,
              metavar="classic|eleven|quick|FILE.toml", help="Preset or house-rules file.")
@click.option("--players", "table_players", type=WholeNumber(2, 6, "players"), default=None, metavar="2-6",
              help="Players at the table (T-SIZE); default: the rules' (four).")
@TEAMS_OPTION
@click.option("--deals", type=WholeNumber(1, 20, "deals"), default=None,
              help="Play the game's first N deals; default: the whole game (classic: 4).")
@click.option("--partner", "partner_level", type=LevelChoice(), default="hard", show_default=True,
              help="Level of the AI partner.")
@click.option("--opponents", "opponent_level", type=LevelChoice(), default="hard", show_default=True,
              help="Level of the AI opponents.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The event file to write (a new file).")
def new(event_name: str, rules_spec: str, table_players: int | None, teams: str | None, deals: int | None,
        partner_level: str, opponent_level: str, output: Path) -> None:
    """Make an event: write its file and print its deals' commitments.

    Send the file to everyone who plays; keep the printed commitments where
    everyone can see them (the family chat), so that nobody can change the
    deals afterwards without it showing.

    \b
    Examples:
      hf event new --name "Sunday" -o sunday.toml              a whole game
      hf event new --name "Quickie" --deals 1 -o one.toml      one deal
      hf event new --name "Club" --partner normal --opponents expert -o club.toml
    """
    from hfcli.event.spec import EventError, new_event

    rules = table_rules(load_rules(rules_spec), table_players, teams)
    try:
        ev = new_event(event_name, rules, partner_level, opponent_level, deals)
    except EventError as exc:
        raise InputError(str(exc)) from None
    _write_event(ev, output)
    _announce(ev, f"Written to {output}. Send it to the players: {program_command()} event play "
                  f"{shlex.quote(str(output))}")


def _write_event(ev: Event, path: Path) -> None:
    """The event file, written only to a new file (its key deals every shoe: made 0600)."""
    from hfcli.event.spec import write

    try:
        write(ev, path)
    except FileExistsError:
        raise InputError(f"{path}: the file exists; an event is written only to a new file") from None
    except OSError as exc:
        raise click.ClickException(f"cannot write {path}: {exc.strerror or exc}") from None


def _announce(ev: Event, written: str = "") -> None:
    """The event's settings, then (``written``) where its file is, then each deal's commitment."""
    click.echo(describe(ev))
    if written:
        click.echo(written)
    for line in commitments_lines(ev):
        click.echo(line)


@event.command()
@click.argument("file", metavar="FILE|daily[:DATE]")
def show(file: str) -> None:
    """Show an event: its settings and its deals' commitments (never its cards).

    \b
    Examples:
      hf event show sunday.toml
      hf event show daily:2026-12-04
    """
    _announce(load_event(file))


_PLAY_OPTIONS = [
    click.option("--name", type=PlayerName(), default="You", show_default=True, help="Your name in the results."),
    click.option("--ascii", "ascii_cards", is_flag=True, help="Suits as letters (7H) instead of symbols."),
    click.option("--speed", type=PauseSeconds(), default=0.25, show_default=True,
                 help="Seconds to pause after each AI move."),
    click.option("--no-color", is_flag=True, help="No colour (NO_COLOR in the environment does the same)."),
]


def _play_options(function: Callable[..., None]) -> Callable[..., None]:
    for option in reversed(_PLAY_OPTIONS):
        function = option(function)
    return function


@event.command()
@click.argument("file", metavar="FILE|daily[:DATE]")
@_play_options
def play(file: str, name: str, ascii_cards: bool, speed: float, no_color: bool) -> None:
    """Play an event at the table, in its seat, against its AI: your transcript is your entry.

    An event is played once in a data folder: playing it again says where your
    first entry is (an unfinished one goes on where it stopped). Hints are off.

    \b
    Examples:
      hf event play sunday.toml --name Ann
      hf event play daily               today's daily deal
    """
    _play(load_event(file), name, ascii_cards, speed, no_color)


@event.command()
@click.option("--date", "day", default=None, metavar="YYYY-MM-DD", help="Another day's deal (default: today's).")
@click.option("--write", "write_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the day's event file instead of playing (for hf event results).")
@_play_options
def daily(day: str | None, write_path: Path | None, name: str, ascii_cards: bool, speed: float,
          no_color: bool) -> None:
    """Play the daily deal: one deal of classic rules, partner and opponents hard, its cards made
    from the date alone, so everyone who plays it on the same day gets the same cards.

    \b
    Examples:
      hf event daily --name Ann
      hf event daily --date 2026-12-24
      hf event daily --write today.toml     its event file, for the results
      hf event results daily:2026-12-24 entries/
    """
    ev = load_event(f"{DAILY}:{day}" if day is not None else DAILY)
    if write_path is not None:
        _write_event(ev, write_path)
        _announce(ev, f"Written to {write_path}.")
        return
    _play(ev, name, ascii_cards, speed, no_color)


def entry_path(ev: Event) -> Path:
    """Where this data folder keeps its entry of ``ev``: one file an event, so a second play finds it."""
    from hfcli.system import paths

    if ev.daily is not None:
        stem = f"daily-{ev.daily}"
    else:
        stem = re.sub(r"[^a-z0-9]+", "-", ev.name.lower()).strip("-")[:30] or "event"
    return paths.events_dir() / f"{stem}-{ev.id[:12]}.jsonl"


def _play(ev: Event, name: str, ascii_cards: bool, speed: float, no_color: bool) -> None:
    from hfcli.cli.play import at_the_table
    from hfcli.cli.table_setup import four_colors_preferred, terminal_display, terminal_pace
    from hfcli.system import paths
    from hfcli.system.config import screen_reader_wanted
    from hfcli.system.files import make_private_folder

    display = terminal_display(no_color=no_color, ascii_cards=ascii_cards, screen_reader=screen_reader_wanted(),
                               four_color=four_colors_preferred())
    pace = terminal_pace(speed)
    try:
        path = entry_path(ev)
        make_private_folder(path.parent)
    except paths.DataFolderError as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"cannot make the folder for entries: {exc.strerror or exc}") from None
    if path.exists():
        session, intro = _resumed(ev, path, display, pace)
    else:
        session, intro = _new(ev, path, name, display, pace)
    session.hints_off = "No hints in an event: everyone plays it on their own."
    session.after_game = lambda: (
        f"Your entry is {path}\nSend it to whoever ranks the event: "
        f"{program_command()} event results EVENT-FILE ENTRY..."
    )
    at_the_table(session, intro)


def _event_intro(ev: Event) -> list[str]:
    return [f"Event: {describe(ev)}", f"Event id {ev.short_id}; no hints, and your first entry stands."]


def _new(ev: Event, path: Path, name: str, display: Display, pace: Pace) -> tuple[Session, list[str]]:
    from hfcli.cli.table_setup import HUMAN, Seats, intro_lines, make_ai, open_transcript, table_session
    from hfcli.engine.game import Game

    game = Game(ev.rules, ev.seed, seating=ev.seating, shoes=ev.shoes)
    assert ev.seat == HUMAN
    players = {seat: make_ai(level, ev.seed, seat) for seat, level in ev.levels.items()}
    writer, _ = open_transcript(game, HUMAN, name, ev.levels, path, {"event": ev.header()})
    session = table_session(game, players, Seats(HUMAN, name, ev.levels), writer, path, display, pace)
    return session, _event_intro(ev) + intro_lines(game, HUMAN, ev.levels, path)


def _resumed(ev: Event, path: Path, display: Display, pace: Pace) -> tuple[Session, list[str]]:
    """The entry this data folder holds already: it goes on if unfinished; a finished one stands."""
    from hfcli.cli.table_setup import resumed_table
    from hfcli.system.printable import printable
    from hfcli.transcript import Source, parse_header
    from hfcli.transcript.resume import FinishedGame

    def this_event(source: Source) -> None:
        recorded = parse_header(source).data.get("event")
        if not isinstance(recorded, dict) or recorded.get("id") != ev.id:
            raise click.ClickException(f"{path} is not an entry of this event; move it away to play")

    try:
        session, found, _, _ = resumed_table(path, display, pace, check=this_event, naming=printable, shoes=ev.shoes)
    except FinishedGame as over:
        from hfcli.text.scores import game_summary

        if over.game.result is not None:
            click.echo(game_summary(over.game.result, seating=over.game.seating))
            click.echo("")
        raise click.ClickException(
            f"you have played {printable(ev.name)} already in this data folder, and your first entry stands: "
            f"{path}"
        ) from None
    intro = [f"Your entry of this event is unfinished: it goes on where it stopped ({path})."]
    if found.warning:
        intro.append(f"Note: {found.warning}")
    return session, intro + _event_intro(ev)


@event.command()
@click.argument("file", metavar="FILE|daily:DATE")
@click.argument("entries", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "csv", "json"]), default="text",
              show_default=True, help="How to write the leaderboard.")
@click.option("--json", "as_json", is_flag=True, help="The same as --format json.")
@click.option("--jobs", "-j", default=1, show_default=True, type=WholeNumber(1, 64, "jobs"),
              help="Check this many entries at once, in separate processes.")
def results(file: str, entries: tuple[Path, ...], fmt: str, as_json: bool, jobs: int) -> None:
    """Check every entry and rank those that count, deal by deal (duplicate scoring).

    An entry counts when it is this event's (rules, seating, levels and every
    shoe, by its commitment), verifies strictly with today's AI making every
    AI move, and is finished; one that does not is listed with its reason.
    ENTRY is a transcript or a folder of them. Par is the AI in your seat.

    \b
    Examples:
      hf event results sunday.toml ann.jsonl bob.jsonl
      hf event results sunday.toml entries/ --format markdown
      hf event results daily:2026-12-04 entries/ --json
      hf event results club.toml entries/ --jobs 2
    """
    from hfcli.event.board import render
    from hfcli.event.results import results as gather

    ev = load_event(file)
    if as_json:
        fmt = "json"
    found = gather(ev, entries, jobs=jobs)
    click.echo(render(found, fmt, program_command()))
