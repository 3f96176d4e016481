"""``hf host``: a table that friends join with ssh, the AI in every seat nobody takes."""

from __future__ import annotations

import asyncio
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from hfcli.cli import SEED, TEAMS_OPTION, LevelChoice, LevelOption, WholeNumber, load_rules, table_rules
from hfcli.cli.play import TRANSCRIPT_FILE, PauseSeconds, PlayerName
from hfcli.cli.table_setup import program_command, terminal_size

if TYPE_CHECKING:
    from hfcli.host.room import ResumedTable, Settings

DEFAULT_PORT = 2222


@click.command()
@click.option("--seed", type=SEED, default=None,
              help="Seed of the shuffle, shown to you (default: a fresh secret one, shown to you when the game is "
                   "over; never to a guest).")
@click.option("--rules", "rules_spec", default="classic", show_default=True,
              metavar="classic|eleven|quick|FILE.toml", help="Preset or house-rules file.")
@click.option("--players", "table_players", type=WholeNumber(2, 6, "players"), default=None,
              metavar="2-6", help="Players at the table (T-SIZE); default: the rules' (four).")
@TEAMS_OPTION
@click.option("--level", cls=LevelOption, type=LevelChoice(), default="normal", show_default=True,
              help="Skill of the AI in every seat no person takes (and for a guest who does not come back).")
@click.option("--name", type=PlayerName(), default="Host", show_default=True,
              help="Your name at the table (you sit South unless --watch).")
@click.option("--port", type=WholeNumber(0, 65535, "the port"), default=DEFAULT_PORT, show_default=True,
              help="Port to listen on; 0: any free port (printed).")
@click.option("--bind", default="127.0.0.1", show_default=True,
              help="Address to listen on: 127.0.0.1 lets in only this machine (and tunnels to it); "
                   "0.0.0.0 every network this machine is on. 127.0.0.1 and ::1 go together, as do "
                   "0.0.0.0 and ::, on the same port.")
@click.option("--keys", "keys_path", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="An authorized_keys file: guests log in with one of its keys instead of the join code.")
@click.option("--watch", is_flag=True, help="Only host: every seat is a guest's or the AI's.")
@click.option("--grace", type=click.FloatRange(0, 3600), default=60.0, show_default=True,
              help="Seconds a dropped guest's seat waits for them before the AI plays it for them.")
@click.option("--start-when-full", is_flag=True, help="Start as soon as every seat has a person.")
@click.option("--speed", type=PauseSeconds(), default=0.25, show_default=True,
              help="Seconds to pause after each AI move.")
@click.option("--transcript", "transcript_path", type=TRANSCRIPT_FILE, default=None,
              help="Where to record the game (default: a timestamped file in the user data folder).")
@click.option("--resume", "resume_path", type=TRANSCRIPT_FILE, default=None,
              help="Continue a hosted game from its transcript (after a crash); guests take their seats back "
                   "with their names and seat codes (or keys).")
@click.option("--event", "event_spec", default=None, metavar="FILE|daily[:DATE]",
              help="Play an event (hf event) as a pair: you South, a guest North, its AI opponents; the "
                   "transcript is your pair's entry. With --resume: go on with the pair's entry.")
@click.option("--no-color", is_flag=True, help="No colour (NO_COLOR in the environment does the same).")
def host(
    seed: int | None, rules_spec: str, table_players: int | None, teams: str | None, level: str, name: str,
    port: int, bind: str, keys_path: Path | None, watch: bool, grace: float, start_when_full: bool,
    speed: float, transcript_path: Path | None, resume_path: Path | None, event_spec: str | None, no_color: bool,
) -> None:
    """Host a table that friends join with ssh: they type the join code and a name, sit down,
    and play from their own terminal as at hf play; the AI takes every seat nobody takes.

    You sit South and play from this terminal too (--watch: you only host). Type start when
    everyone is seated. The host key is made once in the data folder and kept; a friend's ssh
    shows its fingerprint the first time: check it against the one printed here.

    \b
    Examples:
      hf host                     friends here: ssh -p 2222 localhost
      hf host --players 6 --level hard
      hf host --bind 0.0.0.0      on a LAN (check the fingerprint)
      hf host --resume game.jsonl after a crash: guests give their seat codes
      hf host --event sunday.toml  play an event with a friend as your partner
    """
    try:
        import asyncssh  # noqa: F401
    except ImportError:
        raise click.ClickException("hf host needs asyncssh: pip install 'hfcli[host]'") from None
    from hfcli.engine.numbers import chosen_seed
    from hfcli.host.room import Settings
    from hfcli.repl.style import color_wanted
    from hfcli.system.config import screen_reader_wanted

    color = color_wanted(sys.stdout.isatty(), no_color)
    event_settings: dict[str, Any] = {}
    if event_spec is not None:
        event_settings = _event_settings(event_spec, rules_spec, table_players, teams, seed)
    # The event's rules and seed choose the game; the rest of its settings go to the table.
    event_rules, event_seed = event_settings.pop("rules", None), event_settings.pop("seed", None)
    if resume_path is not None:
        for option, given in (("--seed", seed), ("--transcript", transcript_path), ("--players", table_players),
                              ("--teams", teams)):
            if given is not None:
                raise click.UsageError(f"--resume plays the recorded game: leave out {option}")
        resumed = _resumed(resume_path, level, event_settings.get("shoes", ()), event_settings.get("header"))
        rules = resumed.game.rules
        seed, chosen = resumed.game.seed, False
    elif event_rules is not None:
        resumed, chosen = None, False
        rules, seed = event_rules, event_seed
    else:
        resumed = None
        rules = table_rules(load_rules(rules_spec), table_players, teams)
        seed, chosen = chosen_seed(seed)
    from hfcli.host.joining import new_code

    settings = Settings(
        rules=rules, seed=seed, level=level, host_name=None if watch else name, grace=grace, speed=speed,
        start_when_full=start_when_full, code=None if keys_path is not None else new_code(),
        transcript_path=resume_path if resume_path is not None else transcript_path, color=color,
        program=program_command(), seed_chosen=chosen, host_reader=screen_reader_wanted(), **event_settings,
    )
    try:
        asyncio.run(_serve(settings, resumed, bind, port, keys_path))
    except OSError as exc:
        raise click.ClickException(f"cannot host on {bind} port {port}: {exc.strerror or exc}") from None


def _event_settings(
    spec: str, rules_spec: str, table_players: int | None, teams: str | None, seed: int | None
) -> dict[str, Any]:
    """What an event sets at a hosted table: its rules, seed, shoes and AI levels; people sit only
    in its seat and its partners' (a person among the opponents would make the entry not count)."""
    from hfcli.cli.event import load_event

    ctx = click.get_current_context()
    for option, parameter in (("--rules", "rules_spec"), ("--players", "table_players"), ("--teams", "teams"),
                              ("--seed", "seed")):
        if ctx.get_parameter_source(parameter) is click.core.ParameterSource.COMMANDLINE:
            raise click.UsageError(f"--event plays the event's cards and table: leave out {option}")
    ev = load_event(spec)
    return {
        "rules": ev.rules, "seed": ev.seed, "shoes": ev.shoes, "levels": ev.levels,
        "people_seats": frozenset((ev.seat, *ev.seating.partners(ev.seat))), "header": {"event": ev.header()},
    }


def _resumed(path: Path, level: str, shoes: Any = (), header: Any = None) -> ResumedTable:
    from hfcli.cli.table_setup import make_ai, taking_up
    from hfcli.host.room import SEAT_LOCKS, ResumedTable
    from hfcli.host.seatlock import SeatLock
    from hfcli.transcript import resume
    from hfcli.transcript.resume import FinishedGame

    try:
        with taking_up(path, "host"):
            _same_event(path, header)
            found = resume(path, shoes=shoes)
    except FinishedGame:
        raise click.ClickException(f"{path} records a finished game; there is nothing to resume") from None
    game = found.game
    humans = {seat: info.name for seat, info in enumerate(found.seats) if info.kind == "human"}
    levels = {seat: info.level or level for seat, info in enumerate(found.seats) if info.kind != "human"}
    players = {seat: make_ai(lvl, game.seed, seat) for seat, lvl in levels.items()}
    found.recall(players)
    moves = [(m.deal - 1, m.seat, m.move, m.why) for m in found.moves]
    recorded = found.header.get(SEAT_LOCKS)
    locks = {}
    if isinstance(recorded, dict):
        for seat in humans:
            lock = SeatLock.from_json(recorded.get(game.seating.names[seat]))
            if lock is not None:
                locks[seat] = lock
    return ResumedTable(game, found.writer, humans, levels, players, moves, locks)


def _same_event(path: Path, header: Any) -> None:
    """An event's entry goes on only with its event given (--event), whose shoes deal its later
    deals; and the event given must be the entry's."""
    from hfcli.transcript import parse_header, read_source

    recorded = parse_header(read_source(path)).data.get("event")
    given = None if header is None else header["event"]
    if isinstance(recorded, dict) and (given is None or recorded.get("id") != given["id"]):
        raise click.ClickException(f"{path} is an entry of an event: go on with it with --event and that event's file")
    if given is not None and not isinstance(recorded, dict):
        raise click.ClickException(f"{path} is not an entry of an event: leave out --event")


async def _serve(
    settings: Settings, resumed: ResumedTable | None, bind: str, port: int, keys_path: Path | None
) -> None:
    from hfcli.host.console import console
    from hfcli.host.hosting import HostedTable
    from hfcli.host.hostkey import KEY_NAME, HostKeyError, load_or_make
    from hfcli.host.room import ResumedTable, Settings
    from hfcli.host.server import SshHost, bound_port
    from hfcli.system import paths
    from hfcli.text.screen import table_words

    assert isinstance(settings, Settings)
    assert resumed is None or isinstance(resumed, ResumedTable)
    try:
        key = load_or_make(paths.data_dir() / KEY_NAME)
    except (HostKeyError, paths.DataFolderError) as exc:
        raise click.ClickException(str(exc)) from None
    hosted = HostedTable(settings, resumed)  # a resumed game starts once the console has the host's terminal
    try:
        ssh = SshHost(hosted.interact, authorized_keys=keys_path)
    except (OSError, ValueError) as exc:  # asyncssh's KeyImportError is a ValueError
        if resumed is not None:
            resumed.writer.close()
        raise click.ClickException(f"cannot read the keys in {keys_path}: {getattr(exc, 'strerror', None) or exc}") \
            from None
    server = await ssh.listen(bind, port, key.key)
    try:
        listening = bound_port(server)
        where = "localhost" if bind in ("127.0.0.1", "localhost", "::1") else "THIS-MACHINE"
        rules = settings.rules
        lines = [
            f"Hosting Hand and Foot: {rules.name} rules, {table_words(hosted.seating)}"
            + (f", seed {settings.seed}." if settings.seed_chosen else "."),
            f"Friends join with:  ssh -p {listening} {where}" + (
                "" if where == "localhost" else "   (THIS-MACHINE: this machine's address on your network)"),
            f"Host key: {key.fingerprint}" + ("  (made now, kept in " + str(key.path) + ")" if key.made else ""),
            "  (a friend's ssh shows it the first time: it must be this one)",
        ]
        if settings.header is not None:
            from hfcli.system.printable import printable

            event = settings.header["event"]
            partners = " and ".join(hosted.seating.long_names[s] for s in sorted(settings.people_seats or ()) if s)
            said = (f"Event: {printable(event['name'])}. People sit South and {partners}, the AI everywhere "
                    "else; the transcript is the pair's entry.")
            lines[1:1] = textwrap.wrap(said, 79)
        if settings.code is not None:
            lines.append(f"Join code: {settings.code}")
        else:
            lines.append(f"Guests log in with a key from {keys_path}.")
        if bind not in ("127.0.0.1", "localhost", "::1"):
            lines.append(f"Listening on {bind}: anyone who can reach this port can try the code.")
        await console(hosted, lines, terminal_size)
    finally:
        server.close()
        await hosted.shutdown()
    if hosted.transcript_path is not None:
        click.echo(f"The game is saved in {hosted.transcript_path}")
        if hosted.finished:
            # Over, the seed gives nothing away: the host may deal its cards again with it.
            click.echo(f"Its seed: {settings.seed}")
        if not hosted.finished:
            click.echo("To go on with it:")
            click.echo(f"  {settings.program} host --resume {hosted.transcript_path}")
