"""``hf rules``: a rule set (preset or house-rules file) written out, or one rule's text by id."""

from __future__ import annotations

import shutil

import click

from hfcli.cli import load_rules
from hfcli.rules_text import describe_rules, find_rule, rule_ids, rule_text


@click.command()
@click.argument("topic", required=False)
@click.option("--list", "list_ids", is_flag=True, help="List every rule id.")
@click.option("--all", "show_all", is_flag=True, help="Print the text of every rule.")
def rules(topic: str | None, list_ids: bool, show_all: bool) -> None:
    """Show a rule set, a house-rules file, or one rule by id.

    TOPIC is a rule id (C-PILE, V-OUT, ...), a preset (classic, eleven, quick) or a house-rules .toml
    file; without it, the classic preset is shown.

    \b
    Examples:
      hf rules                 the classic rule set
      hf rules eleven          the eleven preset
      hf rules house.toml      a house-rules file
      hf rules C-PILE          the rule about taking the discard pile
    """
    if list_ids:
        click.echo(" ".join(rule_ids()))
        return
    if show_all:
        click.echo("\n\n".join(rule_text(rule_id) for rule_id in rule_ids()))
        return
    if topic is not None and (find_rule(topic) is not None or topic[:2].upper() in ("C-", "V-")):
        try:
            click.echo(rule_text(topic))
        except KeyError as exc:  # an id that names no rule
            raise click.ClickException(str(exc.args[0])) from None
        return
    click.echo(describe_rules(load_rules(topic), width=shutil.get_terminal_size().columns))
