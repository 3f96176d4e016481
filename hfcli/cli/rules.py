"""``hf rules``: a rule set (preset or house-rules file) written out, or one rule's text by id."""

from __future__ import annotations

import shutil
from pathlib import Path

import click

from hfcli.cli import InputError, load_rules
from hfcli.engine.errors import HandFootError, NotFoundError
from hfcli.engine.rules import CLASSIC, PRESETS, Rules
from hfcli.system.house_rules import load_with_preset
from hfcli.text.rule_sets import describe_rules, play_summary
from hfcli.text.rulebook import find_rule, rule_ids, rule_list, rule_text, rules_about


@click.command()
@click.argument("topic", required=False)
@click.option("--list", "list_ids", is_flag=True, help="List every rule id with its title.")
@click.option("--all", "show_all", is_flag=True, help="Print the text of every rule.")
@click.option("--keys", is_flag=True, help="The rule set's house-rules keys, each with its value and meaning.")
@click.option("--rules", "rules_spec", default=None, metavar="RULES",
              help="With a rule id or --all: the rule set the text is written for (a preset or a house-rules "
                   "file); classic by default.")
def rules(topic: str | None, list_ids: bool, show_all: bool, keys: bool, rules_spec: str | None) -> None:
    """How a game goes, the house-rules keys of a rule set, or one rule by id.

    TOPIC is a rule id (C-PILE, V-OUT, ...), a preset (classic, eleven, quick) or a house-rules .toml
    file; without it, how a classic game goes. Another preset marks * what differs from classic, a
    house-rules file what differs from its preset.

    \b
    Examples:
      hf rules                 how a classic game goes
      hf rules --keys          the classic house-rules keys and values
      hf rules quick           the quick preset, * where it differs from classic
      hf rules house.toml      a house-rules file
      hf rules C-PILE          the rule about taking the discard pile
      hf rules C-PILE --rules house.toml
                               that rule as house.toml plays it
      hf rules --list          every rule id and its title
    """
    from hfcli.text.notation import spoken_cards

    # For a screen reader no line is broken: a line broken by the program is read as two.
    width = 1000 if spoken_cards() else shutil.get_terminal_size().columns
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
        except NotFoundError as exc:  # an id that names no rule
            raise click.ClickException(str(exc)) from None
        return
    shown, base, file = _rule_set(topic)
    if keys:
        click.echo(describe_rules(shown, width=width, base=base, file=file))
    else:
        click.echo(play_summary(shown, width=width, base=base))


def _rule_set(topic: str | None) -> tuple[Rules, Rules | None, bool]:
    """The rule set TOPIC names, what it is compared with (classic for another preset, the preset a
    house-rules file starts from), and whether it is a file."""
    if topic is None or topic in PRESETS:
        shown = load_rules(topic)
        return shown, None if shown == CLASSIC else CLASSIC, False
    if not (topic.endswith(".toml") or Path(topic).exists()):
        meant = rules_about(topic)
        if meant:
            raise InputError(f"unknown rules {topic!r}; did you mean {' or '.join(meant)}? "
                             f"(hf rules {meant[0]} shows it)")
        load_rules(topic)  # the one-line refusal of a name that is neither a preset nor a file
    try:
        shown, base = load_with_preset(topic)
        return shown, base, True
    except HandFootError as exc:
        raise InputError(str(exc)) from None
