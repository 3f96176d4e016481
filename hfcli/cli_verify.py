"""``hf verify``: replay transcripts strictly and report the first divergence."""

from __future__ import annotations

import sys

import click


@click.command()
@click.argument("targets", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=True))
@click.option("--ai", "check_ai", is_flag=True, help="Also ask today's AI at every AI seat; fail where it now differs.")
@click.option("--quiet", "-q", is_flag=True, help="Print only problems.")
def verify(targets: tuple[str, ...], check_ai: bool, quiet: bool) -> None:
    """Replay transcripts (files, or folders of *.jsonl) strictly: every move's legality,
    every revealed card, every digest and score.

    \b
    Exit 0 when all match (one summary line per file); 1 at the first
    divergence (FILE:LINE: expected X, got Y); 2 for a malformed file
    or an unsupported version (FILE:LINE: what is wrong).

    \b
    Examples:
      hf verify transcripts/
      hf verify --ai game.jsonl
    """
    from hfcli.transcript import TranscriptError
    from hfcli.transcript.verify import transcript_files, verify_file

    for target in targets:
        for path in transcript_files(target):
            try:
                verified = verify_file(path, ai=check_ai)
            except TranscriptError as exc:
                click.echo(str(exc), err=True)
                sys.exit(exc.exit_code)
            except RecursionError:
                click.echo(f"{path}:0: nesting too deep to read", err=True)
                sys.exit(2)
            if verified.warning:
                click.echo(f"warning: {verified.warning}", err=True)
            if not quiet:
                click.echo(verified.summary)
