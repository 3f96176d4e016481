"""``hf play``: sit South at a game with AI partners (where there are sides) against AI opponents, at
a table of 2 to 6 (four in two partnerships unless told otherwise)."""

from __future__ import annotations

import functools
import io
import os
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from hfcli.cli import SEED, TEAMS_OPTION, LevelChoice, LevelOption, WholeNumber, load_rules, table_rules
from hfcli.cli.table_setup import (
    HUMAN,
    Seats,
    interactive,
    intro_lines,
    make_ai,
    open_transcript,
    program_command,
    resumed_table,
    table_session,
    terminal_display,
    terminal_pace,
    transcript_name_problem,
)
from hfcli.levels import AUTO, offered
from hfcli.system.printable import hidden_characters, printable

if TYPE_CHECKING:
    from hfcli.engine.game import Game
    from hfcli.engine.rules import Rules
    from hfcli.engine.seating import Seating
    from hfcli.repl.display import Display, Pace
    from hfcli.repl.session import Session
    from hfcli.transcript import Source

# The options a preference in the config file (hf config) sets when neither the command line nor
# the environment does: parameter -> the file's key.
PREFERENCES = {"name": "name", "level": "level", "partner_level": "partner-level",
               "opponent_level": "opponent-level", "ascii_cards": "ascii", "speed": "speed",
               "screen_reader": "screen-reader", "four_color": "four-color"}


def seat_levels(
    seating: Seating, human: int, level: str, partner_level: str | None, opponent_level: str | None
) -> dict[int, str]:
    """The AI level of every seat but the human's: partners at ``partner_level``, the others at
    ``opponent_level``, either falling back to ``level``."""
    partners = seating.partners(human)
    return {
        seat: (partner_level or level) if seat in partners else (opponent_level or level)
        for seat in seating.seats
        if seat != human
    }


MAX_NAME = 40  # characters: a name fits the table's seat labels and the prompt
MAX_PAUSE = 60.0  # seconds: slower than anyone watches; sleep() refuses inf and far-off times


class PlayerName(click.ParamType):
    """``--name``: printable text of 1 to MAX_NAME characters, shown at the table and in replays."""

    name = "text"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value)
        hidden = hidden_characters(text)
        if any(0xD800 <= ord(c) <= 0xDFFF for c in hidden):
            self.fail(f"'{printable(text)}' is not text: it holds bytes that are not UTF-8", param, ctx)
        if hidden:
            self.fail(f"'{printable(text)}' has control characters; a name is printable text", param, ctx)
        if not text.strip():
            self.fail("a name cannot be blank", param, ctx)
        if len(text) > MAX_NAME:
            self.fail(f"a name has at most {MAX_NAME} characters, not {len(text)}", param, ctx)
        return text.strip()


class PauseSeconds(click.FloatRange):
    """``--speed``: a pause of 0 to MAX_PAUSE seconds, in the digits 0-9 (``float()`` reads other
    scripts' digits, ``nan`` and ``1e3`` too). A FloatRange for the range that --help shows."""

    def __init__(self) -> None:
        super().__init__(0, MAX_PAUSE)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        from hfcli.engine.numbers import decimal_number

        if isinstance(value, float) and 0 <= value <= MAX_PAUSE:
            return value  # the default
        try:
            return decimal_number(str(value).strip(" "), "a pause", 0, MAX_PAUSE)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


class TranscriptPath(click.Path):
    """A transcript's path: a name :func:`transcript_name_problem` passes."""

    def __init__(self) -> None:
        super().__init__(dir_okay=False, path_type=Path)

    def convert(
        self, value: str | os.PathLike[str], param: click.Parameter | None, ctx: click.Context | None
    ) -> str | bytes | os.PathLike[str]:
        problem = transcript_name_problem(os.fspath(value))
        if problem is not None:
            self.fail(problem, param, ctx)
        return super().convert(value, param, ctx)


TRANSCRIPT_FILE = TranscriptPath()


@dataclass(frozen=True)
class Levels:
    """The AI levels asked for: every AI seat's, and the partners' and the opponents' where given."""

    level: str
    partner: str | None = None
    opponents: str | None = None


@dataclass(frozen=True)
class GameSource:
    """Where the game comes from when it is not a new one: a transcript to resume, a recorded game's
    position to play from (FILE:MOVE) or its cards to deal again, and the seat to take there."""

    resume: Path | None = None
    what_if: str | None = None
    duplicate: Path | None = None
    seat: str | None = None


def _grouped(command: Callable[..., None]) -> Callable[..., None]:
    """``hf play``'s options handed to it as the values they make together: a preference from the
    config file (hf config) where neither the command line nor the environment set one, then the
    AI levels, where the game comes from, the display and the pace, each one value."""

    @functools.wraps(command)
    def grouped(**options: Any) -> None:
        from hfcli.cli import kept_preferences

        options.update(kept_preferences(PREFERENCES))
        levels = Levels(options.pop("level"), options.pop("partner_level") or None,
                        options.pop("opponent_level") or None)
        display = terminal_display(no_color=options.pop("no_color"), ascii_cards=options.pop("ascii_cards"),
                                   screen_reader=options.pop("screen_reader"), four_color=options.pop("four_color"))
        source = GameSource(options.pop("resume_path"), options.pop("from_spec"), options.pop("duplicate_path"),
                            options.pop("seat"))
        command(levels=levels, source=source, display=display, pace=terminal_pace(options.pop("speed")), **options)

    return grouped


# Options are read from HF_PLAY_<OPTION> too (the group's auto_envvar_prefix); the ones whose
# Python name differs from the option name say so explicitly.
@click.command()
@click.option("--seed", type=SEED, default=None, help="Seed of the shuffle (default: a fresh one, printed).")
@click.option("--rules", "rules_spec", envvar="HF_PLAY_RULES", default="classic", show_default=True,
              metavar="classic|eleven|quick|FILE.toml", help="Preset or house-rules file.")
@click.option("--name", type=PlayerName(), default="You", show_default=True,
              help=f"Your name at the table (printable, at most {MAX_NAME} characters).")
@click.option("--players", "table_players", envvar="HF_PLAY_PLAYERS", type=WholeNumber(2, 6, "players"), default=None,
              metavar="2-6", help="Players at the table (T-SIZE); default: the rules' (four).")
@TEAMS_OPTION
@click.option("--level", cls=LevelOption, type=LevelChoice(lambda: (*offered(), AUTO)), default="normal",
              show_default=True, help="Skill of every AI seat; auto: the opponents' level nearest an even game for "
                                      "your rating (hf stats), and your partner's the same unless --partner-level "
                                      "names it.")
@click.option("--partner-level", type=LevelChoice(), default=None,
              help="Skill of your partner or teammates (North at four).")
@click.option("--opponent-level", type=LevelChoice(), default=None,
              help="Skill of everyone else (West and East at four).")
@click.option("--transcript", "transcript_path", envvar="HF_PLAY_TRANSCRIPT", type=TRANSCRIPT_FILE, default=None,
              help="Where to record the game (default: a timestamped file in the user data folder).")
@click.option("--resume", "resume_path", envvar="HF_PLAY_RESUME", type=TRANSCRIPT_FILE, default=None,
              help="Continue an unfinished game from its transcript, in the seat it records for you.")
@click.option("--from", "from_spec", envvar="HF_PLAY_FROM", metavar="FILE:MOVE", default=None,
              help="What if: start from the position after move MOVE of a recorded game, in the seat its "
                   "player had, against the same AI levels.")
@click.option("--duplicate", "duplicate_path", envvar="HF_PLAY_DUPLICATE", type=TRANSCRIPT_FILE, default=None,
              help="Deal the cards of a recorded game again, in the seat its player had; each deal's result "
                   "and the game's are set beside the recorded ones.")
@click.option("--seat", default=None, help="With --from or --duplicate: the seat to take (default: the recorded "
                                           "game's player's, else South).")
@click.option("--ascii", "ascii_cards", envvar="HF_PLAY_ASCII", is_flag=True,
              help="Suits as letters (7H) instead of symbols, as where the output cannot show them.")
@click.option("--speed", type=PauseSeconds(), default=0.25, show_default=True,
              help=f"Seconds to pause after each AI move, 0 (instant) to {MAX_PAUSE:g}; a key press skips the rest "
                   "of the round.")
@click.option("--no-color", is_flag=True, help="No colour (NO_COLOR in the environment does the same).")
@click.option("--screen-reader", envvar=["HF_SCREEN_READER", "HF_PLAY_SCREEN_READER"], is_flag=True,
              help="Everything in words, a line at a time, for a screen reader: no table redrawn, no toolbar, "
                   "no symbols; hand, pile, table, need, score, last, cards and who answer in a sentence.")
@click.option("--four-color", envvar="HF_PLAY_FOUR_COLOR", is_flag=True,
              help="Suits in four colours: spades black, hearts red, diamonds blue, clubs green.")
@_grouped
def play(
    seed: int | None,
    rules_spec: str,
    name: str,
    table_players: int | None,
    teams: str | None,
    levels: Levels,
    transcript_path: Path | None,
    source: GameSource,
    display: Display,
    pace: Pace,
) -> None:
    """Play Hand and Foot: you sit South, your AI partner North, AI opponents West and East.

    Other tables: --players 2 to 6. Two, three and five play alone; four play in pairs
    (or --teams none); six play in three pairs (or --teams threes, two teams of three).
    You have AI partners where there are sides, and AI opponents everywhere else.

    Type help at the table for the commands; tab completes commands and the cards you hold.
    Name cards by rank (x 9) or exactly (x 9H); a ten is typed as 10 or T.
    When stdin is not a terminal, commands are read one a line, so a game can be scripted.
    Every option can also be set as HF_PLAY_<OPTION>, e.g. HF_PLAY_SPEED=0.

    \b
    Examples:
      hf play --seed 7
      hf play --level hard --partner-level easy --ascii
      hf play --players 6 --teams threes
      hf play --seed 7 --speed 0 < moves.txt
      hf play --resume ~/.local/share/hfcli/transcripts/2026-01-01T20-00-00-seed7.jsonl
      hf play --from game.jsonl:300      try another choice after move 300
      hf play --duplicate game.jsonl     the same cards again
    """
    _check_sources(source)
    level, partner_level, opponent_level = levels.level, levels.partner, levels.opponents
    if level == AUTO and (source.what_if is not None or source.duplicate is not None):
        given = click.get_current_context().get_parameter_source("level") is click.core.ParameterSource.COMMANDLINE
        if given:
            raise click.UsageError("--level auto chooses a new game's opponents; with --from or --duplicate "
                                   "--level plays a recorded person's seat: name a level")
        level = "normal"  # a standing preference for new games (hf config level auto): the usual level here
    if source.resume is not None:
        session, intro = _resumed_session(source.resume, name, display, pace)
        try:
            _same_table(session.host.game, table_players, teams)
        except click.UsageError:
            session.close()  # lets go of the transcript's lock at once, not when the process ends
            raise
    elif source.what_if is not None:
        from hfcli.cli.recorded import what_if_session

        session, intro = what_if_session(source.what_if, source.seat, name, level, transcript_path, display, pace)
    elif source.duplicate is not None:
        from hfcli.cli.recorded import duplicate_session

        session, intro = duplicate_session(source.duplicate, source.seat, name, level, transcript_path, display, pace)
    else:
        rules = table_rules(load_rules(rules_spec), table_players, teams)
        chosen = None
        if level == AUTO:
            level, chosen = _auto_level(rules, partner_level, opponent_level)
        session, intro = _new_session(seed, rules, name, Levels(level, partner_level, opponent_level),
                                      transcript_path, display, pace)
        if chosen is not None:
            intro.insert(2, chosen)  # after the table and its seats
    _say_the_rating_at_the_end(session, source.what_if is None and source.duplicate is None)
    at_the_table(session, intro)


def _auto_level(rules: Rules, partner_level: str | None, opponent_level: str | None) -> tuple[str, str]:
    """``--level auto``: the opponents' level nearest an even game for this player, and why."""
    from hfcli.cli.your_rating import choose_level

    if opponent_level is not None:
        raise click.UsageError("--level auto chooses the opponents' level itself: leave out --opponent-level")
    try:
        return choose_level(rules, partner_level)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None


def _say_the_rating_at_the_end(session: Session, rated: bool) -> None:
    """A game that counts toward the player's rating ends by saying it before and after the game."""
    from hfcli.cli.your_rating import rated_table, rating_change

    game, path = session.host.game, session.transcript_path
    if not rated or path is None or not rated_table(game.rules):
        return
    rules_name = game.rules.name

    def said() -> str:
        return rating_change(rules_name, Path(path)) or "This game counts toward your rating: hf stats shows it."

    session.after_game = said


def at_the_table(session: Session, intro: list[str]) -> None:
    """Play ``session``'s game at this terminal (or from piped lines) until it ends or the player
    leaves; a move the disk refused to record ends it with one line."""
    from hfcli.transcript import TranscriptWriteError

    if interactive():
        intro.append("While the others play, any key skips their pauses for the rest of the round.")
    try:
        _run(session, intro, interactive())
    except TranscriptWriteError as exc:
        # The move the disk refused was neither shown nor kept; the file ends with the one before.
        raise click.ClickException(
            f"the disk refused to record the last move in {exc.path} ({exc.strerror}), so the game stops there; "
            f"every move before it is saved: hf play --resume {exc.path}"
        ) from None


def _check_sources(source: GameSource) -> None:
    """One game at a time: a new one, a resumed one, or one from a recorded game."""
    given = (("--resume", source.resume), ("--from", source.what_if), ("--duplicate", source.duplicate))
    chosen = [o for o, v in given if v]
    if len(chosen) > 1:
        raise click.UsageError(f"give one of {' and '.join(chosen)}")
    from_recorded = source.what_if is not None or source.duplicate is not None
    if source.seat is not None and not from_recorded:
        raise click.UsageError("--seat goes with --from or --duplicate (a new game seats you South)")
    if chosen:
        _refuse_recorded_settings(chosen[0])


# What a game from a transcript takes from the recorded game, so an option that would set it is
# refused rather than ignored: the parameter, its option, and what the recorded game decides. A
# resumed game keeps everything (its table is checked apart: --players and --teams may say it again);
# a what-if or duplicate game keeps the cards and the AI levels, and --level plays a recorded
# person's seat, --transcript names the new game's file.
_RECORDED_SETTINGS = (
    ("seed", "--seed", "seed"),
    ("rules_spec", "--rules", "rules"),
    ("table_players", "--players", "table"),
    ("teams", "--teams", "table"),
    ("level", "--level", "AI levels"),
    ("partner_level", "--partner-level", "AI levels"),
    ("opponent_level", "--opponent-level", "AI levels"),
    ("transcript_path", "--transcript", "transcript"),
)
_KEPT_BY = {
    "--resume": {"seed", "rules_spec", "level", "partner_level", "opponent_level", "transcript_path"},
    "--from": {"seed", "rules_spec", "table_players", "teams", "partner_level", "opponent_level"},
}
_KEPT_BY["--duplicate"] = _KEPT_BY["--from"]


def _refuse_recorded_settings(source: str) -> None:
    """A usage error (exit 2) naming the first option given on the command line that would set what
    the game from ``source`` takes from its transcript. Values from the environment (HF_PLAY_...)
    are standing defaults for new games, and such a game does not use them."""
    ctx = click.get_current_context()
    for parameter, option, what in _RECORDED_SETTINGS:
        given = ctx.get_parameter_source(parameter) is click.core.ParameterSource.COMMANDLINE
        if given and parameter in _KEPT_BY[source]:
            plays = "continues in its own file" if what == "transcript" else f"plays the recorded game's {what}"
            raise click.UsageError(f"{source} {plays}: leave out {option}")


def _new_session(
    seed: int | None, rules: Rules, name: str, level_choices: Levels, transcript_path: Path | None,
    display: Display, pace: Pace,
) -> tuple[Session, list[str]]:
    from hfcli.engine.game import Game

    game = Game(rules, seed=seed)  # a fresh seed where none was given (engine.numbers.chosen_seed)
    levels = seat_levels(game.seating, HUMAN, level_choices.level, level_choices.partner, level_choices.opponents)
    players = {seat: make_ai(level, game.seed, seat) for seat, level in levels.items()}
    writer, path = open_transcript(game, HUMAN, name, levels, transcript_path)
    session = table_session(game, players, Seats(HUMAN, name, levels), writer, path, display, pace)
    return session, intro_lines(game, HUMAN, levels, path)


def _resumed_session(path: Path, name: str, display: Display, pace: Pace) -> tuple[Session, list[str]]:
    from hfcli.cli.recorded import compare_resumed
    from hfcli.transcript.resume import FinishedGame

    def naming(recorded: str) -> str:
        return printable(recorded) if name == "You" and recorded else name

    try:
        session, resumed, source, seats = resumed_table(path, display, pace, check=_not_an_entry, naming=naming)
    except FinishedGame as over:
        _show_finished(over.game, path)
        raise SystemExit(0) from None
    game = resumed.game
    intro = [f"Resuming {path} at deal {game.deal_index + 1} of {game.rules.deals}."]
    if resumed.warning:
        intro.append(f"Note: {resumed.warning}")
    origin = compare_resumed(session, source)
    if origin is not None:
        intro.append(origin)
    intro += intro_lines(game, seats.human, seats.levels, path)  # its first line names the rules, as a new game's does
    return session, intro


def _not_an_entry(source: Source) -> None:
    """An event's entry goes on with ``hf event play``, which deals its later deals from the
    event's shoes (``hf play --resume`` would deal them from the seed, and the entry would not count)."""
    from hfcli.transcript import parse_header

    event = parse_header(source).data.get("event")
    if isinstance(event, dict):
        name = event.get("name")
        named = f" {printable(name)}" if isinstance(name, str) else ""
        raise click.ClickException(f"{source.path} is an entry of the event{named}: go on with it with "
                                   "hf event play EVENT-FILE, which deals the event's cards")


def _same_table(game: Game, players: int | None, teams: str | None) -> None:
    """A resumed game keeps the table it was started at: --players and --teams (or HF_PLAY_PLAYERS
    and HF_PLAY_TEAMS) may say so again, never something else."""
    from hfcli.engine.seating import table
    from hfcli.text.screen import table_words

    try:
        same = (players is None or players == game.rules.players) and (
            teams is None or table(game.rules.players, teams) == game.seating)
    except ValueError:
        same = False
    if not same:
        raise click.UsageError(f"this game is played by {table_words(game.seating)}; to resume it, leave out "
                               "--players and --teams")


def _show_finished(game: Game, path: Path) -> None:
    """``--resume`` of a game that is over: its result, and how to watch it again."""
    from hfcli.text.scores import game_summary

    click.echo(f"{path} records a finished game; there is nothing to resume.")
    if game.result is not None:
        click.echo("")
        click.echo(game_summary(game.result, seating=game.seating))
    click.echo("")
    click.echo("To replay it:")
    click.echo(f"  {program_command()} replay {shlex.quote(str(path))}")


def _run(session: Session, intro: list[str], interactive: bool) -> None:
    from hfcli.repl.loop import bounded_lines, ctrl_backslash_as_ctrl_c, run_piped

    try:
        if interactive:
            from hfcli.repl.loop import run_terminal
            from hfcli.system import paths

            with ctrl_backslash_as_ctrl_c():
                try:
                    session.start(intro)
                except KeyboardInterrupt:
                    session.advance(pace=False)
                try:
                    history: Path | None = paths.history_file()
                except paths.DataFolderError:
                    history = None  # this session's lines only
                from hfcli.repl.spoken import SpokenSession

                if isinstance(session, SpokenSession):
                    from hfcli.repl.loop import run_plain_terminal

                    run_plain_terminal(session)
                else:
                    run_terminal(session, history_path=history)
        else:
            session.start(intro)
            if isinstance(sys.stdin, io.TextIOWrapper):
                # Bytes that are not text reach the table as escapes to refuse, not as a crash.
                sys.stdin.reconfigure(errors="surrogateescape")
            run_piped(session, bounded_lines(sys.stdin))
    except KeyboardInterrupt:
        session.say_how_to_resume()  # every move so far is in the transcript; hf says it was interrupted
        raise
    finally:
        session.close()
