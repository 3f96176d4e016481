"""The ``hf`` command: a click group whose commands live in their own modules.

Commands are imported only when run, so ``hf --help`` stays fast (prompt_toolkit is not loaded
for ``hf simulate`` or ``hf verify``).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click

from hfcli import __version__, levels
from hfcli.engine.numbers import MAX_SEED, MAX_WHOLE, MIN_SEED, whole_number
from hfcli.engine.options import Teams
from hfcli.system.printable import escape_what_cannot_be_encoded, printable

if TYPE_CHECKING:
    from hfcli.engine.rules import Rules
    from hfcli.transcript import Fault

# command name -> its one-line help; the command is the function of that name in hfcli.cli.<name>.
COMMANDS: dict[str, str] = {
    "play": "Play a game at the table, sitting South.",
    "replay": "Step through a recorded game.",
    "verify": "Replay transcripts strictly and check every move, card and score.",
    "simulate": "Play many games between AI players and summarise them.",
    "review": "Where your choices in a recorded game cost points.",
    "practice": "Back to each clear mistake of a recorded game, to find a better move.",
    "learn": "Learn the game: a guided first deal, or a lesson on one topic.",
    "stats": "Your record over the games you played.",
    "rules": "Show a rule set, a house-rules file, or one rule by id.",
    "host": "Host a table that friends join with ssh; the AI fills the other seats.",
    "event": "Events: the same deals for everyone, and results anyone can check.",
    "config": "Show or set your preferences (screen reader, four colours, speed, name, levels).",
}


class InputError(click.ClickException):
    """Bad input (a file that is not what it should be, a value out of range): one line, exit 2."""

    exit_code = 2


def load_rules(spec: str | None) -> Rules:
    """``--rules``: a preset or a house-rules file, or a one-line error for the command."""
    from hfcli.engine.errors import HandFootError
    from hfcli.system.house_rules import resolve

    try:
        return resolve(spec)
    except HandFootError as exc:
        raise InputError(str(exc)) from None


def transcript_exit_code(fault: Fault) -> int:
    """A command's exit status for a transcript that does not replay: 1 when the replay diverges from
    a well-formed file (what hf verify exists to find), 2 when the file is malformed (bad input, as
    for every other command)."""
    from hfcli.transcript import DIVERGENCE

    return 1 if fault is DIVERGENCE else InputError.exit_code


class Interrupted(click.ClickException):
    """Ctrl-C: one line, and the exit status a shell expects of a command stopped by SIGINT (click
    alone would say "Aborted!" and exit 1, which ``hf verify`` means as a divergence)."""

    exit_code = 130

    def __init__(self) -> None:
        super().__init__("interrupted")

    def show(self, file: Any = None) -> None:
        click.echo("hf: interrupted", err=True)


@contextmanager
def _errors_shown_visibly() -> Iterator[None]:
    """Error messages quote what came from outside (paths, names, a file's words): whatever a
    terminal would act on in them is written as escapes, for every command and click's own errors.
    Ctrl-C in any command ends it with one line and exit status 130."""
    try:
        yield
    except KeyboardInterrupt:
        raise Interrupted() from None
    except click.ClickException as exc:
        if not _is_the_help_text(exc):
            vars(exc)["message"] = printable(exc.message)  # set once by click's __init__, typed Final
        raise


def _is_the_help_text(exc: click.ClickException) -> bool:
    """``hf`` alone shows its help as a usage error (click 8.2 on): that message is our own text, its
    lines to be kept, not words from outside to escape."""
    return isinstance(exc, click.UsageError) and exc.ctx is not None and exc.message == exc.ctx.get_help()


class WholeNumber(click.IntRange):
    """A whole number option from ``low`` to ``high``, in the digits 0-9 only (click's own int type
    reads other scripts' digits, and fails on a number of thousands of digits). An IntRange for
    the range that --help shows."""

    def __init__(self, low: int = 0, high: int = MAX_WHOLE, what: str = "the value") -> None:
        super().__init__(low, None if high == MAX_WHOLE else high)
        self.low, self.high, self.what = low, high, what

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
        if not isinstance(text, str):
            self.fail(f"{value!r} is not a whole number", param, ctx)
        try:
            return whole_number(text.strip(" "), self.what, self.low, self.high)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


SEED = WholeNumber(MIN_SEED, MAX_SEED, "a seed")


class LevelChoice(click.Choice):
    """An AI level of :mod:`hfcli.levels` (those ``hf play`` offers, unless told), read from the
    registry whenever the option is read or its help shown: a level added there is offered here."""

    def __init__(self, which: Callable[[], tuple[str, ...]] = levels.offered) -> None:
        self._which = which
        super().__init__(which())

    @property
    def choices(self) -> tuple[str, ...]:
        return self._which()

    @choices.setter
    def choices(self, value: object) -> None:
        pass  # click's own __init__ sets them; the registry keeps them


class LevelOption(click.Option):
    """A level option whose help ends with what each level plays like, from the registry."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        record = super().get_help_record(ctx)
        if record is None or not isinstance(self.type, LevelChoice):
            return record
        # A choice that is no level (auto) is described in the option's own help.
        named = tuple(choice for choice in self.type.choices if choice in levels.every())
        return record[0], f"{record[1]}  {levels.described(named)}."


TEAMS_OPTION = click.option(
    "--teams", type=click.Choice([str(teams) for teams in Teams]), default=None,
    help="How they sit: pairs (four or six), threes (six), none (everyone alone); default: pairs at four "
         "and six, alone otherwise.")


def table_rules(rules: Rules, players: int | None, teams: str | None) -> Rules:
    """``rules`` at the table ``--players`` and ``--teams`` ask for (T-SIZE). Players alone keep the
    rules' teams where they fit that many players, else sit as ``auto`` would; a table the options
    cannot make (``--teams threes`` for four) is a one-line error."""
    from hfcli.engine.errors import HandFootError
    from hfcli.engine.seating import table

    if players is None and teams is None:
        return rules
    count = players if players is not None else rules.players
    if teams is None:
        teams = rules.teams if rules.teams.fits(count) else Teams.AUTO
    try:
        table(count, teams)
        return rules.replace(players=count, teams=teams)
    except (ValueError, HandFootError) as exc:
        raise click.UsageError(str(exc).replace("override: ", "")) from None


def kept_preferences(params: dict[str, str]) -> dict[str, Any]:
    """The config file's values (``hf config``) for the options among ``params`` (parameter name ->
    the file's key) that neither the command line nor the environment set: those set there win."""
    from hfcli.system import config

    ctx = click.get_current_context()
    try:
        settings = config.load()
    except config.ConfigError as exc:
        raise InputError(f"{exc} (hf config shows and sets it)") from None
    kept: dict[str, Any] = {}
    for parameter, key in params.items():
        source = ctx.get_parameter_source(parameter)
        if key in settings and source in (None, click.core.ParameterSource.DEFAULT):
            kept[parameter] = settings[key]
    return kept


def _speakable_output() -> None:
    """The display preferences every command follows, from the config file and the environment:
    four colours, and for a screen reader (HF_SCREEN_READER, or hf config screen-reader yes) cards
    in words and output without escapes, box lines, chart bars or suit symbols (:mod:`hfcli.text.speech`)."""
    from hfcli.system import config

    try:
        settings = config.load()
    except config.ConfigError:
        settings = {}  # said by the commands that read the file for their options
    four_colors = bool(settings.get("four-color", False))
    spoken = config.screen_reader_wanted(settings=settings)
    # The table's drawing is loaded only when a preference changes it (or it is loaded already, by an
    # earlier command in this process): ``hf --help`` and the other plain commands do not pay for it.
    if four_colors or spoken or "hfcli.text.notation" in sys.modules:
        from hfcli.text.notation import use_four_colors

        use_four_colors(four_colors)
        speak_output(spoken)


def speak_output(on: bool) -> None:
    """Cards in words and every line fit for a screen reader from now on, when ``on``; as the table
    writes them otherwise."""
    from hfcli.text.notation import use_spoken_cards
    from hfcli.text.speech import SpeechStream

    use_spoken_cards(on)
    if on and not isinstance(sys.stdout, SpeechStream):
        sys.stdout = SpeechStream(sys.stdout)
        sys.stderr = SpeechStream(sys.stderr)


class LazyGroup(click.Group):
    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        if parent is None:  # before any command, its help or its errors are written
            escape_what_cannot_be_encoded(sys.stdout)
            escape_what_cannot_be_encoded(sys.stderr)
            _speakable_output()
        with _errors_shown_visibly():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        with _errors_shown_visibly():
            return super().invoke(ctx)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        command = getattr(importlib.import_module(f"hfcli.cli.{cmd_name}"), cmd_name)
        assert isinstance(command, click.Command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Commands"):
            formatter.write_dl(list(COMMANDS.items()))


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="hf")
def main() -> None:
    """Hand and Foot, the partnership card game, in your terminal.

    \b
    Examples:
      hf play --seed 7            play a game (you sit South)
      hf simulate --games 100     watch the AI play itself
      hf rules C-PILE             read one rule
    """


def run() -> None:
    """The console script: ``hf``. Environment variables HF_<COMMAND>_<OPTION> set options."""
    try:
        try:
            main(auto_envvar_prefix="HF")
        finally:
            sys.stdout.flush()  # here, so a refused write is reported below, not at interpreter exit
    except KeyboardInterrupt:
        sys.exit(130)
    except OSError as exc:
        # The output itself could not be written (a full disk, a file size limit, a closed pipe
        # under redirected output): every record was written before the screen was, so one line
        # says why, and the transcript is as complete as the screen was.
        _report_unwritable_output(exc)


def _report_unwritable_output(exc: OSError) -> None:
    import os

    try:
        sys.stdout = open(os.devnull, "w")  # nothing more goes to the refused output
        sys.stderr.write(f"hf: cannot write the output: {printable(exc.strerror or str(exc))}\n")
        sys.stderr.flush()
    except OSError:
        pass
    sys.exit(1)
