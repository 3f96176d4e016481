"""``hf review``: where one seat's choices in a recorded game cost points, by the expert's reckoning."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from hfcli.cli import WholeNumber, transcript_exit_code

if TYPE_CHECKING:
    from hfcli.review import Review


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seat", default=None, help="The seat to review (S, W, N, E, ...); default: the human's seat.")
@click.option("--samples", default=None, type=WholeNumber(2, 1000, "samples"),
              help="Imagined deals per decision at most, 16 at a time until the grade is settled "
                   "(more: narrower intervals, slower).  [default: 64]")
@click.option("--jobs", "-j", default=1, show_default=True, type=WholeNumber(1, 64, "jobs"),
              help="Review in this many processes.")
@click.option("--all", "show_all", is_flag=True,
              help="Also list the moves the expert would have played otherwise that did not clearly cost points: "
                   "better than its choice, as good, or within the noise.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
@click.option("--ascii", "ascii_cards", is_flag=True,
              help="Suits as letters (10H) instead of symbols, as where the output cannot show them.")
def review(
    file: Path, seat: str | None, samples: int | None, jobs: int, show_all: bool, as_json: bool, ascii_cards: bool
) -> None:
    """Where one seat's choices cost points: at every decision that shapes a deal (the pile or the
    stock, the discard, the first meld, asking and answering "may I go out?") the expert says what
    it would have played, and both choices are played forward over imagined deals of the cards the
    seat could not see. Each decision is graded best, good, inaccuracy, mistake or blunder by the
    lower end of its cost's 95% interval; the report gives the seat's accuracy (0-100), the points
    lost by deal, a chart of the expected margin through the game and the three key moments in
    card terms. In a terminal a bar on stderr shows the decisions done; Ctrl-C stops the review
    and prints what was done (exit status 130).

    \b
    Examples:
      hf review game.jsonl
      hf review --seat W --jobs 2 transcripts/golden/classic-normal-seed1.jsonl
      hf review --samples 60 --json game.jsonl
    """
    result = review_for(file, seat, samples, jobs)
    _report(result, as_json=as_json, show_all=show_all, ascii_cards=ascii_cards)
    if result.interrupted:
        sys.exit(130)  # what a shell expects of a command stopped by Ctrl-C, after what was done


def review_for(file: Path, seat: str | None, samples: int | None, jobs: int) -> Review:
    """The review of ``seat`` (the human's seat where None) in the transcript ``file``: the one kept
    in the data folder for this transcript, seat and samples, else a review run now (a bar on a
    terminal's stderr; Ctrl-C stops it with what was done, marked interrupted) and kept. A bad
    file or seat ends the command with a one-line message."""
    from hfcli.repl.style import dumb_terminal
    from hfcli.review import DEFAULT_SAMPLES, write_cached
    from hfcli.review import review as run
    from hfcli.system.printable import printable
    from hfcli.transcript import TranscriptError, parse_header, read_source

    try:
        header = parse_header(read_source(file))
    except TranscriptError as exc:
        click.echo(str(exc), err=True)
        sys.exit(transcript_exit_code(exc.fault))
    seating = header.seating
    if seat is None:
        humans = header.human_seats
        if len(humans) != 1:
            raise click.UsageError("the game has no one human seat: say which seat to review with --seat")
        index = humans[0]
    else:
        try:
            index = seating.seat_index(seat)
        except ValueError as exc:
            raise click.BadParameter(printable(str(exc)), param_hint="--seat") from None
    count = samples or DEFAULT_SAMPLES
    kept, where = cached_review(file, index, count)
    if kept is not None:
        return kept
    try:
        # a bar only for a person watching (a pipe or a file gets nothing); it redraws its line
        if sys.stderr.isatty() and not dumb_terminal():
            with click.progressbar(length=1, label="reviewing decisions", file=sys.stderr, show_pos=True) as bar:
                def progress(done: int, total: int) -> None:
                    bar.length = total
                    bar.update(done)

                result = run(file, index, samples=count, jobs=jobs, on_progress=progress)
        else:
            result = run(file, index, samples=count, jobs=jobs)
    except TranscriptError as exc:
        click.echo(str(exc), err=True)
        sys.exit(transcript_exit_code(exc.fault))
    if where is not None:
        write_cached(where, result)
    return result


def cached_review(file: Path, index: int, samples: int) -> tuple[Review | None, Path | None]:
    """The review kept for this transcript, seat and samples, and where it is (or would be) kept;
    (None, None) where there is no data folder or the file cannot be read."""
    from hfcli.review import cache_path, read_cached
    from hfcli.system.paths import DataFolderError, reviews_dir

    try:
        where = cache_path(reviews_dir(), file.read_bytes(), index, samples)
    except (DataFolderError, OSError):
        return None, None
    return read_cached(where), where


def _report(result: Review, *, as_json: bool, show_all: bool, ascii_cards: bool) -> None:
    """The review on stdout: one JSON object, or the text wrapped to the terminal (to 80 columns
    where stdout is a file or a pipe: a report kept to read later still fits a terminal)."""
    if as_json:
        click.echo(json.dumps(result.as_dict(), sort_keys=True))
        return
    from hfcli.cli.table_setup import program_command, terminal_size
    from hfcli.reports.review_text import review_lines
    from hfcli.text.notation import output_shows_symbols, spoken_cards

    ascii_cards = ascii_cards or not output_shows_symbols(sys.stdout.encoding)
    # A screen reader's terminal_size is wider than any line: a line broken by the program is read as two.
    width = terminal_size()[0] if sys.stdout.isatty() or spoken_cards() else 80
    for line in review_lines(result, show_all=show_all, ascii=ascii_cards, width=width, program=program_command()):
        click.echo(line)
    lesson = lesson_after(result)
    if lesson:
        from hfcli.text.layout import wrap_line

        said = f"To learn the idea behind the costliest mistake: {program_command()} learn {lesson}"
        for line in wrap_line(said, width):
            click.echo(line)


def lesson_after(result: Review) -> str | None:
    """The name of the lesson by topic (``hf learn NAME``) for the review's costliest clear
    mistake: by the rule it turns on, else by its kind; None when there is none or no lesson fits."""
    from hfcli.learn.lessons import lesson_for

    mistakes = result.mistakes
    if not mistakes:
        return None
    costliest = max(mistakes, key=lambda f: f.cost)
    lesson = lesson_for(costliest.rule.value) or lesson_for(costliest.kind)
    return lesson.name if lesson else None
