"""``hf practice``: back to each clear mistake a review found, to find a better move."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from hfcli.cli import WholeNumber

if TYPE_CHECKING:
    from hfcli.practice import Practice


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
    from hfcli.cli.play import terminal_size
    from hfcli.cli.review import review_for
    from hfcli.practice import Practice
    from hfcli.render import output_shows_symbols

    result = review_for(file, seat, samples, jobs)
    if result.interrupted:
        click.echo("The review was interrupted: nothing to practise yet.", err=True)
        sys.exit(130)
    ascii_cards = ascii_cards or not output_shows_symbols(sys.stdout.encoding)

    tty = sys.stdin.isatty() and sys.stdout.isatty()
    session = Practice(file, result, ascii=ascii_cards, size=terminal_size if tty else lambda: (None, None))
    width = terminal_size()[0] if tty else None
    _say(session.opening(), width)
    lines = _terminal_lines(session) if tty else _piped_lines(session)
    try:
        _run(session, lines, width)
    except KeyboardInterrupt:
        click.echo("")
    _say(session.tally(), width)


def _say(lines: list[str], width: int | None) -> None:
    """Lines on stdout, each wrapped between words to the terminal (the table's lines fit it)."""
    from hfcli.render import wrap_line

    for text in lines:
        for line in text.split("\n"):
            for piece in wrap_line(line, width):
                click.echo(piece)


def _run(session: Practice, lines: Iterator[str], width: int | None) -> None:
    while not session.finished:
        _say(session.position_lines(), width)
        index = session.index
        while not session.finished and session.index == index:
            try:
                line = next(lines)
            except StopIteration:
                return
            _say(session.handle(line), width)


def _piped_lines(session: Practice) -> Iterator[str]:
    """Lines from a pipe, each shown after the prompt as if typed there."""
    from hfcli.printable import printable
    from hfcli.repl.limits import MAX_LINE
    from hfcli.repl.loop import bounded_lines

    for line in bounded_lines(sys.stdin):
        text = line.rstrip("\n")
        click.echo(session.prompt + printable(text[:MAX_LINE]))
        if len(text) > MAX_LINE:
            click.echo(f"That line is longer than {MAX_LINE} characters: not read.")
            continue
        yield text


def _terminal_lines(session: Practice) -> Iterator[str]:
    """Lines from the terminal with the table's completion; Ctrl-D ends the practice, Ctrl-C too."""
    from prompt_toolkit import PromptSession

    from hfcli.repl.completer import TableCompleter
    from hfcli.repl.loop import UnreadableInput, read_prompt_line

    prompt: PromptSession[str] = PromptSession(
        completer=TableCompleter(lambda: session.drill.view), complete_while_typing=False)
    while True:
        try:
            yield read_prompt_line(prompt, session.prompt)
        except EOFError:
            return
        except UnreadableInput as exc:
            click.echo(f"The terminal sent something that could not be read ({exc}); that line was dropped.")
