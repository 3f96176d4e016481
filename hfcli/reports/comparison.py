"""Two results of the same cards side by side, deal by deal: a game played again from a recorded
one (a what-if, a duplicate, or the AI on the recorded shoes) against the recorded game.

A side's *margin* is its total less the best total among the other sides: what it won (or lost) by
(:func:`hfcli.engine.estimates.lead`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hfcli.engine.estimates import lead
from hfcli.engine.scoring import DealResult, running_totals


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def marked_side(team_names: Sequence[str], team: int, player_side: int | None, player: str = "you") -> str:
    """``NS``, or ``NS (you)`` for the player's side."""
    return team_names[team] + (f" ({player})" if team == player_side else "")


def deal_comparison(
    here: DealResult,
    recorded: DealResult | None,
    team_names: Sequence[str],
    *,
    player_side: int | None = None,
    labels: tuple[str, str] = ("here", "in the recorded game"),
) -> str:
    """One line under a deal's score sheet: the same deal's totals in the recorded game, and the
    difference made here (``NS (you) 2980 here, 2310 in the recorded game (+670); EW ...``)."""
    if recorded is None:
        return f"Deal {here.deal + 1} was not played in the recorded game."
    parts = []
    for team in range(len(team_names)):
        mine, theirs = here.teams[team].total, recorded.teams[team].total
        change = _signed(mine - theirs) if mine != theirs else "the same"
        side = marked_side(team_names, team, player_side)
        parts.append(f"{side} {mine} {labels[0]}, {theirs} {labels[1]} ({change})")
    return f"Deal {here.deal + 1} against the recorded game: " + "; ".join(parts) + "."


def game_comparison(
    here: Sequence[DealResult],
    recorded: Sequence[DealResult],
    team_names: Sequence[str],
    *,
    player_side: int | None = None,
    labels: tuple[str, str] = ("here", "recorded"),
    here_words: str = "here",
) -> list[str]:
    """Every deal's total of each side, ``here`` beside ``recorded`` with the difference, then the
    game's totals, and how the player's side (or each side) did against the recorded game."""
    deals = max(len(here), len(recorded))
    lines = ["Against the recorded game, deal by deal (the same cards):"]
    width = max(10, *(len(label) + 2 for label in labels))
    head_width = max(16, *(len(marked_side(team_names, t, player_side)) + 4 for t in range(len(team_names))))
    for team in range(len(team_names)):
        title = marked_side(team_names, team, player_side)
        lines.append(f"  {title:<{head_width - 2}}" + f"{labels[0]:>{width}}{labels[1]:>{width}}{'difference':>12}")
        for deal in range(deals):
            mine = here[deal].teams[team].total if deal < len(here) else None
            theirs = recorded[deal].teams[team].total if deal < len(recorded) else None
            diff = _signed(mine - theirs) if mine is not None and theirs is not None else ""
            lines.append(f"    {'deal ' + str(deal + 1):<{head_width - 4}}" + f"{_cell(mine):>{width}}"
                         f"{_cell(theirs):>{width}}{diff:>12}")
        mine_total = running_totals(here, len(team_names))[team]
        theirs_total = running_totals(recorded, len(team_names))[team]
        lines.append(f"    {'game':<{head_width - 4}}" + f"{mine_total:>{width}}{theirs_total:>{width}}"
                     f"{_signed(mine_total - theirs_total):>12}")
    lines.append("")
    sides = [player_side] if player_side is not None else list(range(len(team_names)))
    for team in sides:
        lines.append(margin_line(here, recorded, team_names, team, player_side, here_words))
    return lines


def margin_line(
    here: Sequence[DealResult],
    recorded: Sequence[DealResult],
    team_names: Sequence[str],
    team: int,
    player_side: int | None = None,
    here_words: str = "here",
) -> str:
    """``NS (you) won by 3100 here and won by 250 in the recorded game: 2850 better.``"""
    teams = len(team_names)
    mine = lead(running_totals(here, teams), team)
    theirs = lead(running_totals(recorded, teams), team)
    change = mine - theirs
    verdict = f"{change} better" if change > 0 else f"{-change} worse" if change < 0 else "the same"
    return (f"{marked_side(team_names, team, player_side)} {_outcome(mine)} {here_words} and "
            f"{_outcome(theirs)} in the recorded game: {verdict}.")


def _outcome(lead: int) -> str:
    if lead > 0:
        return f"won by {lead}"
    if lead < 0:
        return f"lost by {-lead}"
    return "tied"


def _cell(value: int | None) -> str:
    return "-" if value is None else str(value)


def comparison_data(
    here: Sequence[DealResult], recorded: Sequence[DealResult], team_names: Sequence[str]
) -> dict[str, Any]:
    """The comparison as plain data (for ``--json``): each side's deal totals both ways, the
    games' totals and each side's margin both ways."""
    teams = len(team_names)
    here_totals, recorded_totals = running_totals(here, teams), running_totals(recorded, teams)
    return {
        name: {
            "deals": [
                {
                    "deal": deal + 1,
                    "here": here[deal].teams[team].total if deal < len(here) else None,
                    "recorded": recorded[deal].teams[team].total if deal < len(recorded) else None,
                }
                for deal in range(max(len(here), len(recorded)))
            ],
            "total": {"here": here_totals[team], "recorded": recorded_totals[team]},
            "margin": {"here": lead(here_totals, team), "recorded": lead(recorded_totals, team)},
        }
        for team, name in enumerate(team_names)
    }
