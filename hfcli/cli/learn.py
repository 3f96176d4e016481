"""``hf learn``: the guided first deal, or a lesson by topic (``hf learn pile``, ``hf learn C-PILE``)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from hfcli.cli import InputError
from hfcli.system.printable import printable

if TYPE_CHECKING:
    from hfcli.learn.course import Lesson
    from hfcli.learn.session import LessonSession

PROGRESS_FILE = "learn.json"  # in the data folder: the place in the guided deal to go on from


@click.command()
@click.argument("topic", required=False)
@click.option("--list", "list_lessons", is_flag=True, help="List the lessons by topic.")
@click.option("--restart", is_flag=True, help="Take the guided deal from its first step again.")
@click.option("--ascii", "ascii_cards", is_flag=True,
              help="Suits as letters (7H) instead of symbols, as where the output cannot show them.")
@click.option("--no-color", is_flag=True, help="No colour (NO_COLOR in the environment does the same).")
def learn(topic: str | None, list_lessons: bool, restart: bool, ascii_cards: bool, no_color: bool) -> None:
    """Learn Hand and Foot at the table. Alone, a guided first deal: one idea a step, from
    drawing two cards to the score sheet, then a short real deal against the easy AI. It stops
    and goes on like a game: quit, and hf learn takes you back to the step you were at.

    With a TOPIC (a word or a rule id), a lesson of a few small positions on it: find the one
    right move; a wrong one is explained. hint, rules, back (the step again) and skip work in
    every lesson.

    \b
    Examples:
      hf learn                 the guided first deal
      hf learn pile            taking the discard pile
      hf learn C-RATIO         the lesson that teaches that rule
      hf learn --list          every lesson
    """
    from hfcli.learn.lessons import lesson_for, lesson_list

    if list_lessons:
        if topic is not None:
            raise click.UsageError("give a topic or --list, not both")
        for line in lesson_list():
            click.echo(line)
        click.echo("Take one with: hf learn NAME (or a rule id it teaches, e.g. hf learn C-PILE).")
        return
    if topic is not None:
        if restart:
            raise click.UsageError("--restart goes with the guided deal (hf learn alone)")
        lesson = lesson_for(topic)
        if lesson is None:
            raise InputError(f"no lesson on {printable(topic)!r}; hf learn --list shows them")
        _run_lesson(lesson, 0, ascii_cards, no_color, guided=False)
        return
    from hfcli.learn.guided import GUIDED

    start, tried = (0, 0) if restart else _saved_place()
    _run_lesson(GUIDED, start, ascii_cards, no_color, guided=True, tried=tried)


def _progress_path() -> Path | None:
    from hfcli.system import paths

    try:
        return paths.data_dir() / PROGRESS_FILE
    except paths.DataFolderError:
        return None


def _saved_place() -> tuple[int, int]:
    """Where the guided deal stopped: its step (0-based) and the moves of it played; else the start."""
    from hfcli.system.files import read_text_file

    path = _progress_path()
    try:
        data = json.loads(read_text_file(path, 1000)) if path is not None and path.exists() else {}
    except (OSError, ValueError):
        return 0, 0  # none kept, or not readable: the deal starts from its first step
    if not isinstance(data, dict):
        return 0, 0
    step, tried = _count(data.get("guided_step")), _count(data.get("tried", 0))
    return (step, tried) if step is not None and tried is not None else (0, 0)


def _count(value: object) -> int | None:
    """A count kept in the file, or None for anything else (a file that is not what hf wrote)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _save_place(step: int | None, tried: int = 0) -> None:
    """Keep the guided deal's place (None: finished, so the next hf learn starts it afresh). A
    folder that cannot be written only loses the place."""
    from hfcli.system.files import make_private_folder, touch_private

    path = _progress_path()
    if path is None:
        return
    try:
        if step is None:
            path.unlink(missing_ok=True)
        else:
            make_private_folder(path.parent)
            touch_private(path)  # the user's own, as every file hf makes
            path.write_text(json.dumps({"guided_step": step, "tried": tried}) + "\n", encoding="utf-8")
    except OSError:
        pass


def _run_lesson(lesson: Lesson, start: int, ascii_cards: bool, no_color: bool, *, guided: bool,
                tried: int = 0) -> None:
    from hfcli.cli.table_setup import program_command, terminal_size
    from hfcli.learn.session import LessonSession, SpokenLessonSession
    from hfcli.repl.display import UNPACED, Display, Pace
    from hfcli.repl.style import color_wanted
    from hfcli.text.notation import output_shows_symbols

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    color = color_wanted(sys.stdout.isatty(), no_color)
    ascii_cards = ascii_cards or not output_shows_symbols(sys.stdout.encoding)
    program = program_command()
    start = min(start, len(lesson.steps) - 1)

    def finish() -> list[str]:
        if guided:
            _save_place(None)
            return ["That was a whole deal. Now a real one, quick rules against the easy AI:",
                    f"  {program} play --rules quick --level easy",
                    f"(lessons on one idea each: {program} learn --list)"]
        return [f"{lesson.title}: lesson over. More lessons: {program} learn --list; a real deal: "
                f"{program} play --rules quick --level easy"]

    display = Display(color=color, ascii=ascii_cards, size=terminal_size if interactive else None)
    pace = UNPACED
    if interactive:
        from hfcli.repl.pacing import KeyboardPacer

        pace = Pace(0.4, KeyboardPacer(sys.stdin, click.echo).pause)
    from hfcli.text.notation import spoken_cards

    # A screen reader: the table, the hand and the moves in words, a line at a time.
    kind = SpokenLessonSession if spoken_cards() else LessonSession
    session = kind(lesson, start=start, tried=tried, echo=click.echo, display=display, pace=pace,
                   program=program, on_step=_save_place if guided else None, on_finish=finish)
    intro = _intro(lesson, start, program, guided, resumed=bool(start or tried))
    _run(session, intro, interactive)
    if guided and session.completed and interactive and _yes("Play that deal now?"):
        from hfcli.cli.play import play

        click.get_current_context().invoke(play, rules_spec="quick", level="easy")


def _yes(question: str) -> bool:
    """A yes-or-no at the end of the guided deal; Ctrl-C or Ctrl-D there is a no."""
    try:
        return click.confirm(question, default=True)
    except (click.Abort, EOFError, KeyboardInterrupt):
        click.echo("")
        return False


def _intro(lesson: Lesson, start: int, program: str, guided: bool, resumed: bool) -> list[str]:
    steps = len(lesson.steps)
    if not guided:
        return [f"{lesson.title}: {steps} positions. Find the right move in each; hint gives the choices, "
                "rules the rule, skip goes on, quit stops."]
    lines = ["Hand and Foot, your first deal: one idea a step, about fifteen minutes with the real deal after.",
             "Type what each step asks. hint shows the move, rules the rule, back takes the step again, skip "
             "plays it for you, quit stops."]
    if resumed:
        lines.append(f"Going on from where you stopped, step {start + 1} of {steps} ({program} learn --restart "
                     "starts over).")
    return lines


def _run(session: LessonSession, intro: list[str], interactive: bool) -> None:
    from hfcli.repl.loop import bounded_lines, ctrl_backslash_as_ctrl_c, run_piped

    if interactive:
        from hfcli.repl.loop import run_terminal

        with ctrl_backslash_as_ctrl_c():
            try:
                session.start(intro)
            except KeyboardInterrupt:
                session.advance(pace=False)
            run_terminal(session)
        return
    session.start(intro)
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="surrogateescape")
    run_piped(session, bounded_lines(sys.stdin))
