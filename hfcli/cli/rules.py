"""``hf rules``: a rule set (preset or house-rules file) written out, or one rule's text by id."""

from __future__ import annotations

import shutil
from pathlib import Path

import click

from hfcli.cli import InputError, load_rules
from hfcli.engine.errors import HandFootError
from hfcli.engine.rules import PRESETS, Rules
from hfcli.house_rules import load_with_preset
from hfcli.rules_text import describe_rules, find_rule, rule_ids, rule_list, rule_text


@click.command()
@click.argument("topic", required=False)
@click.option("--list", "list_ids", is_flag=True, help="List every rule id with its title.")
@click.option("--all", "show_all", is_flag=True, help="Print the text of every rule.")
@click.option("--rules", "rules_spec", default=None, metavar="RULES",
              help="With a rule id or --all: the rule set the text is written for (a preset or a house-rules "
                   "file); classic by default.")
def rules(topic: str | None, list_ids: bool, show_all: bool, rules_spec: str | None) -> None:
    """Show a rule set, a house-rules file, or one rule by id.

    TOPIC is a rule id (C-PILE, V-OUT, ...), a preset (classic, eleven, quick) or a house-rules .toml
    file; without it, the classic preset is shown. A house-rules file's values that differ from its
    preset are marked *.

    \b
    Examples:
      hf rules                 the classic rule set
      hf rules eleven          the eleven preset
      hf rules house.toml      a house-rules file
      hf rules C-PILE          the rule about taking the discard pile
      hf rules C-PILE --rules house.toml
                               that rule as house.toml plays it
      hf rules --list          every rule id and its title
    """
    width = shutil.get_terminal_size().columns
    if list_ids:
        click.echo(rule_list())
        return
    played = load_rules(rules_spec)
    if show_all:
        click.echo("\n\n".join(rule_text(rule_id, width, played) for rule_id in rule_ids()))
        return
    if topic is not None and (find_rule(topic) is not None or topic[:2].upper() in ("C-", "V-", "T-")):
        try:
            click.echo(rule_text(topic, width, played))
        except KeyError as exc:  # an id that names no rule
            raise click.ClickException(str(exc.args[0])) from None
        return
    shown, base = _rule_set(topic)
    click.echo(describe_rules(shown, width=width, base=base))


def _rule_set(topic: str | None) -> tuple[Rules, Rules | None]:
    """The rule set TOPIC names and, for a house-rules file, the preset it starts from."""
    if topic is None or topic in PRESETS or not (topic.endswith(".toml") or Path(topic).exists()):
        return load_rules(topic), None  # a preset, or the one-line refusal of a name that is neither
    try:
        return load_with_preset(topic)
    except HandFootError as exc:
        raise InputError(str(exc)) from None
