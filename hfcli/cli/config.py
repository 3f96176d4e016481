"""``hf config``: show and set the preferences kept between games."""

from __future__ import annotations

import click

from hfcli.cli import InputError


@click.command()
@click.argument("key", required=False)
@click.argument("value", required=False)
@click.option("--unset", is_flag=True, help="Forget KEY's value: the program's default holds again.")
def config(key: str | None, value: str | None, unset: bool) -> None:
    """Show or set your preferences, kept in a small file for every game (its path is shown).

    With no KEY: every preference, its value and where it comes from. With KEY: that one. With
    KEY VALUE: set it. Options on the command line, and HF_PLAY_<OPTION> in the environment,
    override the file for that game.

    \b
    Keys:
      screen-reader   yes or no: every table in words, for a screen reader
      four-color      yes or no: clubs green, diamonds blue, hearts red
      ascii           yes or no: suits as letters (7H)
      speed           seconds to pause after each AI move, 0 to 60
      name            your name at the table
      level, partner-level, opponent-level   easy, normal, hard or expert

    \b
    Examples:
      hf config
      hf config screen-reader yes
      hf config speed 0
      hf config --unset name
    """
    from hfcli.system import config as prefs
    from hfcli.system.printable import printable

    try:
        if unset:
            if key is None or value is not None:
                raise click.UsageError("--unset takes one KEY, as in hf config --unset name")
            path = prefs.unset(key)
            click.echo(f"{key}: back to its default; kept in {printable(str(path))}")
            return
        if key is not None and value is not None:
            kept, path = prefs.set_value(key, value)
            click.echo(f"{key} = {_shown(kept)}; kept in {printable(str(path))}")
            return
        if key is not None and key not in prefs.KEYS:
            raise prefs.ConfigError(f"no preference {printable(key)!r}; the keys are {', '.join(prefs.KEYS)}")
        path = prefs.config_path()
        settings = prefs.load(path)
    except prefs.ConfigError as exc:
        raise InputError(str(exc)) from None
    except OSError as exc:
        raise InputError(f"cannot write the config file: {printable(exc.strerror or str(exc))}") from None
    if key is None:
        click.echo(f"Preferences in {printable(str(path))}{'' if path.exists() else ' (no file yet)'}:")
    for name, entry in prefs.KEYS.items():
        if key is not None and name != key:
            continue
        if name in settings:
            click.echo(f"  {name} = {_shown(settings[name])}")
        else:
            default = _shown(entry.default) if entry.default != "" else "as level"
            click.echo(f"  {name} = {default}  (default)")


def _shown(value: object) -> str:
    from hfcli.system.printable import printable

    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    return printable(str(value))
