"""``hf simulate``: many games between AI players with no terminal interaction, summarised."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from hfcli.cli import SEED, TEAMS_OPTION, LevelChoice, WholeNumber, load_rules, table_rules
from hfcli.engine.numbers import whole_number
from hfcli.levels import every, recorded

if TYPE_CHECKING:
    from hfcli.reports.simulate import SimulationSummary

DEFAULT_PLAYER = "normal"  # the AI as hf play seats it, so a plain hf simulate watches the AI play itself


class TableSize(click.ParamType):
    """``--players``: the number at the table, 2 to 6. A kind of player is read too, as it was
    before tables other than four: the kind for every seat (``--levels KIND``)."""

    name = "2-6"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int | str:
        if isinstance(value, int):
            text = str(value)
        elif isinstance(value, str):
            text = value.strip()
        else:
            self.fail(f"{value!r} is not a number of players", param, ctx)
        if text in recorded():
            return text
        try:
            return whole_number(text, "players", 2, 6)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


@click.command()
@click.option("--games", default=10, show_default=True, type=WholeNumber(1, what="games"),
              help="Games to play.")
@click.option("--seed", default=1, show_default=True, type=SEED, help="Seed of the first game.")
@click.option("--players", "table_players", envvar="HF_SIMULATE_PLAYERS", default=None, type=TableSize(),
              help="Players at the table (T-SIZE); default: the rules' (four).")
@TEAMS_OPTION
@click.option("--levels", default=None, metavar="KIND[,KIND...]",
              help="Who plays each side, in side order, or one kind for every side (the kinds --ns takes).  "
                   f"[default: {DEFAULT_PLAYER}]")
@click.option("--ns", default=None, type=LevelChoice(every),
              help=f"North-South players, at four in pairs.  [default: {DEFAULT_PLAYER}]")
@click.option("--ew", default=None, type=LevelChoice(every),
              help=f"East-West players, at four in pairs.  [default: {DEFAULT_PLAYER}]")
@click.option("--rules", "rules_spec", default="classic", show_default=True,
              help="classic, eleven, quick or a .toml file.")
@click.option("--jobs", default=1, show_default=True, type=WholeNumber(1, 64, "jobs"),
              help="Processes to play in.")
@click.option("--swap", is_flag=True,
              help="Replay every game on the same cards with the sides' players rotated round the table, so each "
                   "plays every side's cards.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--shoes", "shoes_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Play one game on the cards of a recorded game, at its table, every seat at its recorded level "
                   "(normal in a person's seat) unless --levels, --ns or --ew say otherwise; each deal set beside "
                   "the recorded.")
def simulate(
    games: int,
    seed: int,
    table_players: int | str | None,
    teams: str | None,
    levels: str | None,
    ns: str | None,
    ew: str | None,
    rules_spec: str,
    jobs: int,
    swap: bool,
    as_json: bool,
    shoes_path: Path | None,
) -> None:
    """Play complete games between AI players and summarise them, side by side.

    Without --levels (or --ns/--ew at four), the AI at its default level (normal) plays every
    side. Results count by side: a side is the kind given for it wherever --swap seats it.
    Tables: --players 2 to 6 (--teams as for hf play); sides are named as the table names them
    (NS and EW at four; S, NW, NE at three; S+N, SW+NE, NW+SE at six in pairs).

    \b
    Examples:
      hf simulate --games 100 --seed 1 --levels random --json
      hf simulate --ns normal --ew greedy --games 400 --swap --jobs 2
      hf simulate --ns expert --ew hard --games 200 --swap --jobs 2
      hf simulate --players 3 --levels normal,hard,easy --swap
      hf simulate --players 6 --teams threes --games 50 --json
      hf simulate --shoes game.jsonl      the AI on the cards you played
    """
    from hfcli.engine.seating import table
    from hfcli.repl.style import dumb_terminal
    from hfcli.reports.simulate import simulate as run
    from hfcli.text.screen import table_words

    if isinstance(table_players, str):  # the kind of every seat, as --players was once used
        if levels is not None or ns is not None or ew is not None:
            raise click.UsageError("give either --players or --ns/--ew, not both")
        levels, table_players = table_players, None
    if shoes_path is not None:
        _on_shoes(shoes_path, levels, ns, ew, as_json)
        return
    rules = table_rules(load_rules(rules_spec), table_players, teams)
    seating = table(rules.players, rules.teams)
    kinds = _kinds(seating.team_names, levels, ns, ew)
    show_bar = not as_json and sys.stdout.isatty() and not dumb_terminal()  # the bar redraws its line
    if show_bar:
        with click.progressbar(length=games, label="playing", show_pos=True) as bar:
            summary = run(rules, games, seed, kinds, jobs=jobs, swap=swap, on_game=lambda _done: bar.update(1))
    else:
        summary = run(rules, games, seed, kinds, jobs=jobs, swap=swap)
    data = summary.as_dict()
    if as_json:
        data["table"] = {"players": rules.players, "teams": rules.teams, "decks": rules.deck_count,
                         "cards": rules.card_count}
        click.echo(json.dumps(data, sort_keys=True))
    else:
        for line in _summary_lines(summary, f"{rules.name}, {table_words(seating)}", rules.deck_count):
            click.echo(line)
    if summary.interrupted:
        sys.exit(130)  # what a shell expects of a command stopped by Ctrl-C, after its summary


def _kinds(sides: tuple[str, ...], levels: str | None, ns: str | None, ew: str | None) -> tuple[str, ...]:
    """The kind of player of each side, from --levels (one for all, or one a side) or --ns/--ew."""
    if ns is not None or ew is not None:
        if levels is not None:
            raise click.UsageError("give either --levels or --ns/--ew, not both")
        if sides != ("NS", "EW"):
            raise click.UsageError(
                f"--ns and --ew name the partnerships at four; this table's sides are {', '.join(sides)}: use --levels")
        return (ns or DEFAULT_PLAYER, ew or DEFAULT_PLAYER)
    given = [kind.strip() for kind in (levels or DEFAULT_PLAYER).split(",")]
    unknown = [kind for kind in given if kind not in every()]
    if unknown:
        raise click.BadParameter(f"{unknown[0]!r} is not one of {', '.join(every())}", param_hint="--levels")
    if len(given) == 1:
        return tuple(given) * len(sides)
    if len(given) != len(sides):
        raise click.BadParameter(
            f"{len(given)} kinds for {len(sides)} sides ({', '.join(sides)}): give one kind, or one a side",
            param_hint="--levels")
    return tuple(given)


def _summary_lines(summary: SimulationSummary, table_text: str, decks: int) -> list[str]:
    """The summary as a two-column table, a line a fact and a line a side where results differ by side."""
    sides = summary.sides
    means = summary.mean_scores()
    books = summary.books_per_deal()
    decision = summary.decision_ms()
    rows: list[tuple[str, str]] = [
        ("rules", table_text),
        ("players", ", ".join(f"{side} {kind}" for side, kind in zip(sides, summary.kinds, strict=True))
         + (" (sides rotated round the table)" if summary.swap else "")),
        ("games", f"{summary.games}" + (f" of {summary.requested} (interrupted)" if summary.interrupted else "")
         + (f" ({summary.unfinished} unfinished)" if summary.unfinished else ", every one played to its end")),
        ("deals", str(summary.deals)),
    ]
    for side in sides:
        share, low, high = summary.win_interval(side)
        rows.append((f"{side} wins", f"{summary.wins[side]:<6} {share:6.1%}  (95% interval {low:.1%} to {high:.1%})"))
    rows.append(("ties", str(summary.wins["tie"])))
    rows.append(("mean game score", ", ".join(f"{side} {mean:,.0f}" for side, mean in zip(sides, means, strict=True))))
    for side in sides:
        b = books[side]
        rows.append((f"{side} books/deal", f"clean {b['clean']:.2f}, dirty {b['dirty']:.2f}, wild {b['wild']:.2f}"))
    rows.append(("turns/deal", f"{summary.turns_per_deal():.1f}, the pile taken {summary.pickups_per_deal():.1f} times"
                 f" ({summary.cards_per_pickup():.1f} cards each)"))
    rows.append(("going out", f"{summary.going_out_share:.1%} of deals (the rest ended with the stock)"))
    rows.append(("went out", ", ".join(f"{side} {summary.went_out_share(side):.1%}" for side in sides) + " of deals"))
    cards = "conserved" if summary.cards_conserved else "NOT conserved"
    rows.append(("cards", f"{cards} after every move ({54 * decks} = 54 x {decks} decks)"))
    rows.append(("decision time", f"median {decision['median']:.3f} ms, p99 {decision['p99']:.3f} ms"))
    rows.append(("moves", str(summary.moves)))
    rows.append(("seconds", f"{summary.seconds:.2f}"))
    rows.append(("moves per second", f"{summary.moves_per_second:,.0f}"))
    width = max(18, *(len(label) + 2 for label, _ in rows))
    return [f"{label:<{width}}{value}" for label, value in rows]


def _on_shoes(path: Path, levels: str | None, ns: str | None, ew: str | None, as_json: bool) -> None:
    """``--shoes FILE``: one game on the recorded game's cards, at its table, set beside it deal by deal."""
    from hfcli.cli.recorded import simulate_shoes
    from hfcli.system.printable import printable
    from hfcli.transcript import TranscriptError, parse_header, read_source

    ctx = click.get_current_context()
    for option in ("games", "seed", "rules_spec", "jobs", "swap", "table_players", "teams"):
        if ctx.get_parameter_source(option) is click.core.ParameterSource.COMMANDLINE:
            name = {"rules_spec": "--rules", "table_players": "--players"}.get(option, f"--{option}")
            raise click.UsageError(
                f"--shoes plays one game with the recorded game's rules, table and seed: drop {name}")
    everyone: str | None = None
    by_side: dict[int, str] = {}  # the sides not named keep their recorded levels
    if levels is not None or ns is not None or ew is not None:
        try:
            sides = parse_header(read_source(path)).seating.team_names
        except TranscriptError as exc:
            raise click.ClickException(printable(str(exc))) from None
        kinds = _kinds(sides, levels, ns, ew)
        if levels is None:
            by_side = {side: kind for side, kind in enumerate((ns, ew)) if kind is not None}
        elif "," in levels:
            by_side = dict(enumerate(kinds))
        else:
            everyone = kinds[0]
    played = simulate_shoes(path, by_side, everyone, DEFAULT_PLAYER)
    if as_json:
        click.echo(json.dumps(played.as_dict(), sort_keys=True))
        return
    for line in played.lines():
        click.echo(line)
