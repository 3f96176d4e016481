"""``hf stats``: your record over the games you played, from their transcripts."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import click

from hfcli.cli import WholeNumber


@click.command()
@click.argument("targets", nargs=-1, type=click.Path(path_type=Path))
@click.option("--name", default=None, help="Only the games where the player had this name.")
@click.option("--last", default=10, show_default=True, type=WholeNumber(1, what="games"),
              help="How many of the latest finished games the trend looks at.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
def stats(targets: tuple[Path, ...], name: str | None, last: int, as_json: bool) -> None:
    """Your record: games played and finished, wins and losses by the AI levels you played
    against, mean score and margin, how often your side went out, your best game and the trend
    over your last games, for each rule set and table size apart (their scores are not
    comparable). For each preset at four players, your rating on the levels' scale (normal is
    1500), with a chart of it game by game: see docs/ai.md.

    Read from the transcripts in the data folder (where hf play records every game), or in the
    files and folders given. A game counts when one person played it from its first deal: games
    of AI players only, what-if games (hf play --from) and games left before their first move
    are not counted. A game hosted with hf host counts for the host (or for the player named by
    --name), each other person in it rated as a player not yet known.

    \b
    Examples:
      hf stats
      hf stats --last 20 --json
      hf stats ~/hand-and-foot/games
    """
    from hfcli.reports.played import collect
    from hfcli.reports.stats import Record
    from hfcli.system import paths
    from hfcli.system.printable import printable
    from hfcli.text.notation import output_shows_symbols, spoken_cards

    if targets:
        folders = list(targets)
        for folder in folders:
            if not folder.exists():
                raise click.ClickException(f"{printable(str(folder))}: no such file or folder")
    else:
        # The games played at hf play and hf host, and the entries of events (hf event play).
        folders = [f for f in (paths.transcripts_dir(), paths.events_dir()) if f.exists()]
        if not folders:
            click.echo(f"No games yet: hf play records each game in {printable(str(paths.transcripts_dir()))}.")
            return
    record = Record(collect(folders, name), last)
    if as_json:
        data = record.as_dict()
        data["from"] = [str(f) for f in folders]
        click.echo(json.dumps(data, sort_keys=True))
        return
    # Broken between words for a terminal; whole lines for a pipe or a file, to search and compare.
    # For a screen reader no line is broken either: a line broken by the program is read as two.
    width = shutil.get_terminal_size().columns if sys.stdout.isatty() and not spoken_cards() else None
    ascii = not output_shows_symbols(sys.stdout.encoding)
    for line in record.lines(", ".join(str(f) for f in folders), width, ascii=ascii):
        click.echo(line)
