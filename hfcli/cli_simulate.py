"""``hf simulate``: many games with no terminal interaction, summarised."""

from __future__ import annotations

import json

import click

from hfcli.errors import HandFootError
from hfcli.rules import Rules, resolve


def load_rules(spec: str | None) -> Rules:
    try:
        return resolve(spec)
    except HandFootError as exc:
        raise click.ClickException(str(exc)) from None


@click.command()
@click.option("--games", default=10, show_default=True, type=click.IntRange(1), help="Games to play.")
@click.option("--seed", default=1, show_default=True, type=int, help="Seed of the first game.")
@click.option(
    "--players", default="random", show_default=True, type=click.Choice(["random"]), help="Who plays every seat."
)
@click.option("--rules", "rules_spec", default="classic", show_default=True, help="classic, eleven or a .toml file.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def simulate(games: int, seed: int, players: str, rules_spec: str, as_json: bool) -> None:
    """Play complete games with no terminal interaction and summarise them.

    \b
    Example:
      hf simulate --games 100 --seed 1 --players random --json
    """
    from hfcli.simulate import simulate as run

    rules = load_rules(rules_spec)
    summary = run(rules, games, seed, (players, players))
    data = summary.as_dict()
    if as_json:
        click.echo(json.dumps(data, sort_keys=True))
        return
    click.echo(f"rules             {rules.name}")
    click.echo(f"games             {summary.games}")
    click.echo(f"deals             {summary.deals}")
    click.echo(f"moves             {summary.moves}")
    click.echo(f"seconds           {summary.seconds:.2f}")
    click.echo(f"moves per second  {summary.moves_per_second:,.0f}")
    endings = ", ".join(f"{k} {v}" for k, v in sorted(summary.deal_endings.items()))
    click.echo(f"deals ended by    {endings}")
    wins = ", ".join(f"{k} {v}" for k, v in sorted(summary.wins.items()))
    click.echo(f"wins              {wins}")
