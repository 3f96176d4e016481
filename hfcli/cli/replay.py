"""``hf replay``: step through a recorded game, or print it whole."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from hfcli.cli import WholeNumber, transcript_exit_code
from hfcli.engine.numbers import whole_number
from hfcli.text.scoresheet import FORMATS

if TYPE_CHECKING:
    from hfcli.transcript.viewer import Recording

HELP = """Commands:
  n, next [N]     forward one move (or N); Enter repeats it
  b, back [N]     back one move (or N)
  move N          go to just after move N (0 = as dealt)
  deal N          go to the start of deal N
  end / start     the last / first position (end shows the result)
  a, all          show every hand, or only the watching seat's again
  q, quit         leave"""


def _interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _reader() -> Callable[[str], str]:
    """Where the browser's lines come from: the terminal (a line editor, no completion), or a pipe
    (not echoed: what a replay prints piped is its screens)."""
    from hfcli.repl.loop import PipedLines, TerminalLines, bounded_lines

    if _interactive():
        from prompt_toolkit import PromptSession

        from hfcli.repl.style import plain_prompt_on_a_dumb_terminal

        plain_prompt_on_a_dumb_terminal()
        return TerminalLines(PromptSession())
    return PipedLines(bounded_lines(sys.stdin))


def _screen_size() -> tuple[int | None, int | None]:
    """Columns and lines for a screen of the viewer: the terminal's, less the prompt's line; none
    when the output is not a terminal."""
    if not _interactive():
        return None, None
    from hfcli.cli.table_setup import terminal_size

    columns, lines = terminal_size()  # as wide as any line for a screen reader
    return columns, lines - 1


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--omniscient", is_flag=True, help="Show every hand, not only the watching seat's.")
@click.option("--print", "print_all", is_flag=True, help="Write the whole game as text to stdout, no interaction.")
@click.option("--seat", default=None,
              help="Watch from this seat (S, W, N or E at four; NW, SE and so on at other tables); "
                   "default: the human's seat.")
@click.option("--ascii", "ascii_cards", is_flag=True,
              help="Suits as letters (10H) instead of symbols, as where the output cannot show them.")
@click.option("--position", "position_at", type=WholeNumber(what="a move"), default=None, metavar="MOVE",
              help="Print the position after move MOVE (0 = as dealt) as text (docs/position.md).")
@click.option("--score-sheet", "score_sheet", is_flag=True,
              help="Print the score sheet: every deal's lines for each side, as on a paper score pad.")
@click.option("--format", "sheet_format", type=click.Choice(FORMATS), default=None,
              help="With --score-sheet: text (the default), markdown or csv.")
@click.option("--as", "as_seat", default=None, metavar="SEAT",
              help="Step through one seat's moves only, each beside exactly what that seat saw when it "
                   "chose it (its hand, the table, the pile, what it saw taken) and its reason.")
@click.option("--deal", "start_deal", type=WholeNumber(1, what="a deal"), default=None, metavar="N",
              help="Start stepping at the start of deal N.")
def replay(
    file: str, omniscient: bool, print_all: bool, seat: str | None, ascii_cards: bool, position_at: int | None,
    score_sheet: bool, sheet_format: str | None, as_seat: str | None, start_deal: int | None,
) -> None:
    """Step through a recorded game: the table as one seat saw it, move by move.

    \b
    Examples:
      hf replay game.jsonl     step through: n, b, move 40, deal 2, end, q
      hf replay --print --omniscient game.jsonl
      hf replay --position 300 game.jsonl
      hf replay --score-sheet --format csv game.jsonl > scores.csv
      hf replay game.jsonl --deal 3       from the start of deal 3
      hf replay game.jsonl --as W         West's moves, each beside what West saw
    """
    from hfcli.system.printable import printable
    from hfcli.text.notation import output_shows_symbols
    from hfcli.transcript import TranscriptError
    from hfcli.transcript.viewer import game_text, load, score_sheet_text

    ascii_cards = ascii_cards or not output_shows_symbols(sys.stdout.encoding)
    _refuse_options_that_clash(print_all, seat, position_at, score_sheet, sheet_format, as_seat, start_deal,
                               omniscient)

    try:
        recording = load(file)
    except TranscriptError as exc:
        click.echo(printable(str(exc)), err=True)
        sys.exit(transcript_exit_code(exc.fault))
    game = recording.replayed.game
    if score_sheet:
        click.echo(score_sheet_text(recording, sheet_format or "text"))
        return
    if position_at is not None:
        total = len(recording.moves)
        if position_at > total:
            raise click.BadParameter(f"the game has {total} moves; give 0 to {total}", param_hint="--position")
        click.echo(recording.position(position_at).to_position(), nl=False)
        return
    if as_seat is not None:
        try:
            who = game.seating.seat_index(as_seat)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--as") from None
        _as_seat(recording, who, print_all, ascii_cards, start_deal)
        return
    if seat is None:
        watcher = recording.default_seat()
    else:
        try:
            watcher = game.seating.seat_index(seat)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--seat") from None
    if recording.replayed.source.warning:
        click.echo(printable(f"warning: {recording.replayed.source.warning}"), err=True)
    if print_all:
        for line in game_text(recording, watcher, omniscient=omniscient, ascii=ascii_cards):
            click.echo(line)
        return
    k = 0
    if start_deal is not None:
        found = recording.deal_start(start_deal)
        if found is None:
            raise click.BadParameter(f"the game has no deal {start_deal}", param_hint="--deal")
        k = found
    _step_through(recording, watcher, k, omniscient, ascii_cards)


def _refuse_options_that_clash(
    print_all: bool, seat: str | None, position_at: int | None, score_sheet: bool, sheet_format: str | None,
    as_seat: str | None, start_deal: int | None, omniscient: bool,
) -> None:
    """Options that ask for two different outputs at once: a usage error names the pair."""
    if sheet_format is not None and not score_sheet:
        raise click.UsageError("--format goes with --score-sheet")
    if score_sheet and (print_all or position_at is not None):
        raise click.UsageError("give one of --score-sheet, --print and --position")
    if start_deal is not None and (score_sheet or print_all or position_at is not None):
        raise click.UsageError("--deal starts the stepping at a deal: leave out --score-sheet, --print and --position")
    if as_seat is not None and (score_sheet or position_at is not None or omniscient or seat is not None):
        raise click.UsageError("--as shows one seat's view: leave out --score-sheet, --position, --omniscient "
                               "and --seat")


def _step_through(recording: Recording, watcher: int, k: int, omniscient: bool, ascii_cards: bool) -> None:
    """The browser over the game as one seat saw it, from move k: n, b, move N, deal N, end, start, all."""
    from hfcli.text.notation import spoken_cards
    from hfcli.transcript.viewer import screen

    total = len(recording.moves)
    spoken = spoken_cards()  # a screen reader: each step said as the move and who made it, no table drawn
    shown: int | None = None

    def show() -> None:
        nonlocal shown
        if spoken:
            from hfcli.cli.spoken_replay import step_lines

            click.echo("\n".join(step_lines(recording, shown, k, watcher, omniscient=omniscient)))
            shown = k
            return
        width, height = _screen_size()
        click.echo(screen(recording, k, watcher, omniscient=omniscient, ascii=ascii_cards, width=width,
                          height=height))

    def step(command: str, n: int | None) -> bool:
        nonlocal k, omniscient
        if spoken and command in ("hand", "table", "t"):
            from hfcli.cli.spoken_replay import hand_lines, table_lines

            said = (hand_lines(recording, k, watcher, omniscient=omniscient) if command == "hand"
                    else table_lines(recording, k, watcher))
            click.echo("\n".join(said))
            return False
        if command in ("n", "next"):
            k = min(total, k + (n or 1))
        elif command in ("b", "back"):
            k = max(0, k - (n or 1))
        elif command == "move" and n is not None:
            k = max(0, min(total, n))
        elif command == "deal" and n is not None:
            start = recording.deal_start(n)
            if start is None:
                click.echo(f"no deal {n} in this record")
                return False
            k = start
        elif command == "end":
            k = total
        elif command == "start":
            k = 0
        elif command in ("a", "all"):
            omniscient = not omniscient
            click.echo("Every hand is shown." if omniscient else "Only the watching seat's hand is shown.")
        else:
            click.echo(help_text)
            return False
        return True

    help_text = HELP
    if spoken:
        from hfcli.cli.spoken_replay import HELP as help_text
    _browse(lambda: f"move {k} of {total}> " if spoken else f"[{k}/{total}] > ", help_text, show, step)


def _browse(prompt: Callable[[], str], help_text: str, show: Callable[[], None],
            step: Callable[[str, int | None], bool]) -> None:
    """The replay browser: show, then the line loop (:func:`hfcli.repl.loop.converse`) with the
    browser's side of it, :class:`_Browser`."""
    from hfcli.repl.loop import converse

    show()
    click.echo(help_text)
    converse(_Browser(prompt, help_text, show, step), _reader())


class _Browser:
    """The replay browser's side of the line loop: a command and its count read and handed to
    ``step``, which moves and says True, or says why not and False; Enter repeats the last command
    taken; q or the input's end leaves, Ctrl-C stops the program."""

    def __init__(self, prompt: Callable[[], str], help_text: str, show: Callable[[], None],
                 step: Callable[[str, int | None], bool]) -> None:
        self._prompt, self.help_text, self.show, self.step = prompt, help_text, show, step
        self.last = "n"
        self.finished = False

    @property
    def prompt(self) -> str:
        return self._prompt()

    def refuses(self, line: str) -> bool:
        return False  # a long line names no command: answered with the help

    def answer(self, line: str) -> None:
        text = line.strip().lower() or self.last
        words = text.split()
        command, arg = words[0], words[1] if len(words) > 1 else None
        try:
            n = whole_number(arg, "the count") if arg is not None else None
        except ValueError as exc:
            click.echo(f"{exc}. {self.help_text}")
            return
        if command in ("q", "quit", "exit"):
            self.finished = True
        elif self.step(command, n):
            self.last = text
            self.show()

    def cleared(self) -> None:
        raise KeyboardInterrupt

    def ended(self) -> None:
        click.echo("")
        self.finished = True

    def aside(self, what: Exception) -> None:
        from hfcli.repl.loop import unreadable

        click.echo(unreadable(what))

AS_HELP = """Commands:
  n, next [N]     the seat's next move (or N on); Enter repeats it
  b, back [N]     its move before (or N back)
  deal N          its first move in deal N
  q, quit         leave"""


def _as_seat(recording: Recording, seat: int, print_all: bool, ascii_cards: bool, start_deal: int | None) -> None:
    """``--as SEAT``: the seat's moves one by one, each beside exactly what the seat saw."""
    from hfcli.text.notation import spoken_cards
    from hfcli.transcript.viewer import as_seat_screen, moves_of

    mine = moves_of(recording, seat)
    name = recording.replayed.game.seating.long_names[seat]
    if not mine:
        click.echo(f"{name} made no move in this game.")
        return
    if print_all:
        for k in mine:
            click.echo(as_seat_screen(recording, k, seat, ascii=ascii_cards))
            click.echo("")
        return
    i = 0
    if start_deal is not None:
        found = [j for j, k in enumerate(mine) if recording.moves[k].deal == start_deal]
        if not found:
            raise click.BadParameter(f"{name} made no move in deal {start_deal}", param_hint="--deal")
        i = found[0]
    spoken = spoken_cards()

    def show() -> None:
        if spoken:  # a screen reader: what the seat saw and its move, in words
            from hfcli.cli.spoken_replay import as_seat_lines

            click.echo("\n".join(as_seat_lines(recording, mine[i], seat)))
            return
        width, height = _screen_size()
        click.echo(as_seat_screen(recording, mine[i], seat, ascii=ascii_cards, width=width, height=height))

    def step(command: str, n: int | None) -> bool:
        nonlocal i
        if command in ("n", "next"):
            i = min(len(mine) - 1, i + (n or 1))
        elif command in ("b", "back"):
            i = max(0, i - (n or 1))
        elif command == "deal" and n is not None:
            found = [j for j, k in enumerate(mine) if recording.moves[k].deal == n]
            if not found:
                click.echo(f"{name} made no move in deal {n}")
                return False
            i = found[0]
        else:
            click.echo(as_help)
            return False
        return True

    as_help = AS_HELP
    if spoken:
        from hfcli.cli.spoken_replay import AS_HELP as as_help
    _browse(lambda: f"{name}, move {i + 1} of {len(mine)}> " if spoken else f"[{name} {i + 1}/{len(mine)}] > ",
            as_help, show, step)
