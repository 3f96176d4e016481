"""``hf simulate``: many games between AI players with no terminal interaction, summarised."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ai import PLAYER_KINDS
from hfcli.cli import load_rules

DEFAULT_PLAYER = "normal"  # the AI as hf play seats it, so a plain hf simulate watches the AI play itself


@click.command()
@click.option("--games", default=10, show_default=True, type=click.IntRange(1), help="Games to play.")
@click.option("--seed", default=1, show_default=True, type=int, help="Seed of the first game.")
@click.option(
    "--players", default=None, type=click.Choice(PLAYER_KINDS), help="Who plays every seat (sets --ns and --ew)."
)
@click.option("--ns", default=None, type=click.Choice(PLAYER_KINDS),
              help=f"North-South players.  [default: {DEFAULT_PLAYER}]")
@click.option("--ew", default=None, type=click.Choice(PLAYER_KINDS),
              help=f"East-West players.  [default: {DEFAULT_PLAYER}]")
@click.option("--rules", "rules_spec", default="classic", show_default=True,
              help="classic, eleven, quick or a .toml file.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 64), help="Processes to play in.")
@click.option("--swap", is_flag=True, help="Replay every game with the partnerships' cards exchanged.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--shoes", "shoes_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Play one game on the cards of a recorded game, every seat at its recorded level (normal in "
                   "a person's seat) unless --players, --ns or --ew say otherwise; each deal set beside the recorded.")
def simulate(
    games: int,
    seed: int,
    players: str | None,
    ns: str | None,
    ew: str | None,
    rules_spec: str,
    jobs: int,
    swap: bool,
    as_json: bool,
    shoes_path: Path | None,
) -> None:
    """Play complete games between AI players and summarise them.

    Without --players, --ns or --ew, the AI at its default level (normal) plays both sides.
    Wins count by side: NS is the --ns players wherever they sit (with --swap they also play
    every game from the East-West cards).

    \b
    Examples:
      hf simulate --games 100 --seed 1 --players random --json
      hf simulate --ns normal --ew greedy --games 400 --swap --jobs 2
      hf simulate --shoes game.jsonl      the AI on the cards you played
    """
    from hfcli.simulate import simulate as run

    if players is not None and (ns is not None or ew is not None):
        raise click.UsageError("give either --players or --ns/--ew, not both")
    if shoes_path is not None:
        _on_shoes(shoes_path, players, ns, ew, as_json)
        return
    kinds = (ns or players or DEFAULT_PLAYER, ew or players or DEFAULT_PLAYER)
    rules = load_rules(rules_spec)
    show_bar = not as_json and sys.stdout.isatty()
    if show_bar:
        with click.progressbar(length=games, label="playing", show_pos=True) as bar:
            summary = run(rules, games, seed, kinds, jobs=jobs, swap=swap, on_game=lambda _done: bar.update(1))
    else:
        summary = run(rules, games, seed, kinds, jobs=jobs, swap=swap)
    data = summary.as_dict()
    if as_json:
        click.echo(json.dumps(data, sort_keys=True))
        return
    means = summary.mean_scores()
    books = summary.books_per_deal()
    decision = summary.decision_ms()
    click.echo(f"rules             {rules.name}")
    click.echo(f"players           NS {kinds[0]}, EW {kinds[1]}" + (" (swapped replays)" if swap else ""))
    click.echo(f"games             {summary.games}")
    click.echo(f"deals             {summary.deals}")
    for side in ("NS", "EW"):
        share, low, high = summary.win_interval(side)
        click.echo(
            f"{side} wins           {summary.wins[side]:<6} {share:6.1%}  (95% interval {low:.1%} to {high:.1%})"
        )
    click.echo(f"ties              {summary.wins['tie']}")
    click.echo(f"mean game score   NS {means[0]:,.0f}, EW {means[1]:,.0f}")
    for side in ("NS", "EW"):
        b = books[side]
        click.echo(f"{side} books/deal     clean {b['clean']:.2f}, dirty {b['dirty']:.2f}, wild {b['wild']:.2f}")
    click.echo(f"going out         {summary.going_out_share:.1%} of deals (the rest ended with the stock)")
    click.echo(f"decision time     median {decision['median']:.3f} ms, p99 {decision['p99']:.3f} ms")
    click.echo(f"moves             {summary.moves}")
    click.echo(f"seconds           {summary.seconds:.2f}")
    click.echo(f"moves per second  {summary.moves_per_second:,.0f}")


def _on_shoes(path: Path, players: str | None, ns: str | None, ew: str | None, as_json: bool) -> None:
    """``--shoes FILE``: one game on the recorded game's cards, set beside it deal by deal."""
    from hfcli.cli.recorded import simulate_shoes

    ctx = click.get_current_context()
    for option in ("games", "seed", "rules_spec", "jobs", "swap"):
        if ctx.get_parameter_source(option) is click.core.ParameterSource.COMMANDLINE:
            name = "--rules" if option == "rules_spec" else f"--{option}"
            raise click.UsageError(f"--shoes plays one game with the recorded game's rules and seed: drop {name}")
    by_side = {side: kind for side, kind in enumerate((ns, ew)) if kind is not None}
    played = simulate_shoes(path, by_side, players, DEFAULT_PLAYER)
    if as_json:
        click.echo(json.dumps(played.as_dict(), sort_keys=True))
        return
    for line in played.lines():
        click.echo(line)
