"""``hf verify``: replay transcripts strictly and report the first divergence."""

from __future__ import annotations

import sys

import click

from hfcli.cli import WholeNumber, transcript_exit_code


@click.command()
@click.argument("targets", nargs=-1, required=True, type=click.Path(dir_okay=True))
@click.option("--ai", "check_ai", is_flag=True, help="Also ask today's AI at every AI seat; fail where it now differs.")
@click.option("--quiet", "-q", is_flag=True, help="Print only problems.")
@click.option("--strict", is_flag=True,
              help="Fail (exit 1) on a torn last line or an unfinished game instead of warning.")
@click.option("--jobs", "-j", default=1, show_default=True, type=WholeNumber(1, 64, "jobs"),
              help="Replay this many files at once, in separate processes.")
def verify(targets: tuple[str, ...], check_ai: bool, quiet: bool, strict: bool, jobs: int) -> None:
    """Replay transcripts (files, or folders of *.jsonl) strictly: every move's legality,
    every revealed card, every digest and score.

    \b
    Exit 0 when all match (one summary line per file); 1 at the first
    divergence (FILE:LINE: expected X, got Y), and with --strict at a
    torn last line or an unfinished game; 2 for a malformed file or an
    unsupported version (FILE:LINE: what is wrong).

    \b
    Examples:
      hf verify transcripts/
      hf verify --ai game.jsonl
      hf verify --strict transcripts/golden
      hf verify --jobs 2 transcripts/golden
    """
    from hfcli.system.printable import printable
    from hfcli.transcript import MALFORMED
    from hfcli.transcript.verify import check_all, transcript_files

    paths = []
    for target in targets:
        found = list(transcript_files(target))
        if not found:
            click.echo(printable(f"{target}: no transcripts (*.jsonl) in this folder"), err=True)
            sys.exit(2)
        paths += found
    for outcome in check_all(paths, ai=check_ai, jobs=jobs, strict=strict):
        if outcome.verified is None:
            click.echo(printable(outcome.error or ""), err=True)
            sys.exit(transcript_exit_code(outcome.fault or MALFORMED))
        if outcome.verified.warning:
            click.echo(printable(f"warning: {outcome.verified.warning}"), err=True)
        if not quiet:
            click.echo(printable(outcome.verified.summary))
