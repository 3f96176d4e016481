"""``hf practice``: back to each clear mistake a review found, to find a better move."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from hfcli.cli import WholeNumber

if TYPE_CHECKING:
    from hfcli.repl.asides import Aside
    from hfcli.repl.loop import TerminalLines
    from hfcli.reports.practice import Practice


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seat", default=None, help="The seat to practise (S, W, N, E, ...); default: the human's seat.")
@click.option("--samples", default=None, type=WholeNumber(2, 1000, "samples"),
              help="Imagined deals per decision at most, as for hf review.  [default: 64]")
@click.option("--jobs", "-j", default=1, show_default=True, type=WholeNumber(1, 64, "jobs"),
              help="Review in this many processes, where the review is not kept yet.")
@click.option("--ascii", "ascii_cards", is_flag=True,
              help="Suits as letters (10H) instead of symbols, as where the output cannot show them.")
def practice(file: Path, seat: str | None, samples: int | None, jobs: int, ascii_cards: bool) -> None:
    """Put the seat back at each decision the review found clearly costly (an inaccuracy or
    worse), in the order played: the table as the seat saw it, what was played, and a prompt for
    the move (the table's notation, Tab completes; no hint). Each answer is costed as the review
    costs a move, from the same random numbers: the expert's choice, or what it costs and its
    grade. A clearly costly answer gets one more try, then the lesson and the expert's move. A
    tally at the end; quit, Ctrl-C or Ctrl-D leave with the tally so far.

    The review is kept in the data folder (reviews/, named by the transcript's digest), so a
    second practice, or a practice after hf review, starts at once; without one it is run first.

    \b
    Examples:
      hf practice game.jsonl
      hf practice --seat E --jobs 2 transcripts/golden/classic-mixed-seed2.jsonl
    """
    from hfcli.cli.review import review_for
    from hfcli.cli.table_setup import terminal_size
    from hfcli.repl.loop import PipedLines, bounded_lines, converse
    from hfcli.reports.practice import Practice
    from hfcli.text.notation import output_shows_symbols

    result = review_for(file, seat, samples, jobs)
    if result.interrupted:
        click.echo("The review was interrupted: nothing to practise yet.", err=True)
        sys.exit(130)
    ascii_cards = ascii_cards or not output_shows_symbols(sys.stdout.encoding)

    tty = sys.stdin.isatty() and sys.stdout.isatty()
    session = Practice(file, result, ascii=ascii_cards, size=terminal_size if tty else lambda: (None, None))
    width = terminal_size()[0] if tty else None
    _say(session.opening(), width)
    try:
        converse(_PracticeTalk(session, width), _terminal_lines(session) if tty else PipedLines(
            bounded_lines(sys.stdin), echo=click.echo))
    except KeyboardInterrupt:  # while an answer is costed
        click.echo("")
    _say(session.tally(), width)


def _say(lines: list[str], width: int | None) -> None:
    """Lines on stdout, each wrapped between words to the terminal (the table's lines fit it)."""
    from hfcli.text.layout import wrap_line

    for text in lines:
        for line in text.split("\n"):
            for piece in wrap_line(line, width):
                click.echo(piece)


class _PracticeTalk:
    """The practice's side of the line loop: each position shown as it comes, a line answered;
    Ctrl-C, Ctrl-D, quit or the input's end leave, with the tally so far."""

    def __init__(self, practice: Practice, width: int | None) -> None:
        self.practice = practice
        self.width = width
        self.left = False
        if not practice.finished:
            _say(practice.position_lines(), width)

    @property
    def prompt(self) -> str:
        return self.practice.prompt

    @property
    def finished(self) -> bool:
        return self.left or self.practice.finished

    def refuses(self, line: str) -> bool:
        from hfcli.repl.limits import MAX_LINE

        if len(line) > MAX_LINE:
            click.echo(f"That line is longer than {MAX_LINE} characters: not read.")
            return True
        return False

    def answer(self, line: str) -> None:
        practice = self.practice
        index = practice.index
        _say(practice.handle(line), self.width)
        if not practice.finished and practice.index != index:
            _say(practice.position_lines(), self.width)

    def cleared(self) -> None:
        click.echo("")
        self.left = True

    def ended(self) -> None:
        self.left = True

    def aside(self, what: Aside) -> None:
        from hfcli.repl.loop import unreadable

        click.echo(unreadable(what))


def _terminal_lines(session: Practice) -> TerminalLines:
    """Lines from the terminal with the table's completion; Ctrl-D ends the practice, Ctrl-C too."""
    from prompt_toolkit import PromptSession

    from hfcli.repl.completer import TableCompleter
    from hfcli.repl.loop import TerminalLines

    return TerminalLines(PromptSession(completer=TableCompleter(lambda: session.drill.view),
                                       complete_while_typing=False))
