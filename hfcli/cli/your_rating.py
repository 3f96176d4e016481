"""Your rating at ``hf play``: ``--level auto`` sits you at the level nearest an even game, and the
end of a rated game says what it did to your rating.

Both read what ``hf stats`` reads (the transcripts and event entries of the data folder) and rate
the games as it does (:func:`hfcli.reports.rating.rate_games`), so the figures are the ones it shows.
"""

from __future__ import annotations

from pathlib import Path

from hfcli import levels
from hfcli.engine.rules import PRESETS, Rules
from hfcli.engine.seating import FOUR_HANDED, table
from hfcli.reports.ladder import ANCHOR, PRIOR_MEAN, even_opponents, load_table
from hfcli.reports.played import collect
from hfcli.reports.rating import Rating, RatingPoint, rate_games


def _folders(extra: Path | None = None) -> list[Path]:
    """The folders hf stats reads by default, and ``extra`` (this game's transcript) when it is
    kept elsewhere."""
    from hfcli.system import paths

    try:
        folders = [f for f in (paths.transcripts_dir(), paths.events_dir()) if f.exists()]
    except paths.DataFolderError:
        folders = []
    if extra is not None:
        inside = any(extra.resolve().is_relative_to(f.resolve()) for f in folders)
        if not inside and extra.exists():
            folders.append(extra)
    return folders


def rated_table(rules: Rules) -> bool:
    """Whether a game of ``rules`` is rated: a preset's rules at four in two partnerships."""
    try:
        return PRESETS.get(rules.name) == rules and table(rules.players, rules.teams) == FOUR_HANDED
    except ValueError:
        return False


def your_rating(rules_name: str, extra: Path | None = None) -> Rating | None:
    """Your rating over your games of preset ``rules_name`` (None where the levels have no table)."""
    if load_table(rules_name) is None:
        return None
    return rate_games(collect(_folders(extra)).games, rules_name)


def choose_level(rules: Rules, partner: str | None) -> tuple[str, str]:
    """``--level auto``: the opponents' level, and one sentence saying which and why. A ValueError
    (its message for the player) where the levels were not measured at these rules."""
    rules_name = rules.name
    rating = your_rating(rules_name) if rated_table(rules) else None
    if rating is None:
        raise ValueError("--level auto chooses by the levels' ratings, measured for classic, eleven and quick "
                         "at four players in two partnerships: name a level for this game")
    if partner is not None and partner not in rating.levels:
        raise ValueError(f"the {partner} level has no rating at {rules_name} yet: choose another partner level")
    choices = [name for name in levels.offered() if name in rating.levels and name not in rating.bounds]
    point = rating.last
    mine = point.rating if point is not None else PRIOR_MEAN
    level, share = even_opponents(mine, rating.levels, choices, partner)
    mate = "" if partner is None else f" for you and your {partner} partner"
    if point is None:
        return level, (f"Level auto: {level} opponents{mate}, as you have no rated {rules_name} game yet and "
                       f"start at {PRIOR_MEAN:.0f}, {ANCHOR}'s rating.")
    return level, (f"Level auto: {level} opponents{mate}, the nearest to an even game for your rating of "
                   f"{mine:.0f} (your side should win {share:.0%}).")


def rating_change(rules_name: str, path: Path) -> str | None:
    """The end of a game: your rating before it and after it, with the change; None when the game
    is not rated (what ``hf stats`` leaves out: house rules, another table, a duplicate...)."""
    try:
        rating = your_rating(rules_name, path)
    except OSError:
        return None
    if rating is None:
        return None
    found = [i for i, p in enumerate(rating.points) if _same_file(p.path, path)]
    if not found:
        return None
    at = found[-1]
    after = rating.points[at]
    before: RatingPoint | None = rating.points[at - 1] if at else None
    start = before.rating if before is not None else PRIOR_MEAN
    change = round(after.rating) - round(start)
    low, high = after.interval
    was = f"{start:.0f}" if before is not None else f"{start:.0f} (a new player's)"
    games = f"{after.game} rated game{'s' if after.game != 1 else ''}"
    return (f"Your {rules_name} rating: {was} before this game, {after.rating:.0f} after it ({change:+d}); "
            f"95% interval {low:.0f} to {high:.0f} over {games}.")


def _same_file(recorded: str, path: Path) -> bool:
    try:
        return Path(recorded).resolve() == path.resolve()
    except OSError:
        return False
