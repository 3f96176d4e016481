"""The leaderboard: as text at 80 columns, and as markdown, CSV or JSON to paste into a family chat.

Every figure is made here from the results' data; nothing is read back from the words.
"""

from __future__ import annotations

import csv
import io
import json
import shlex
import textwrap
from fractions import Fraction
from typing import Any

from hfcli.event.results import Line, Results
from hfcli.system.printable import printable

FORMATS = ("text", "markdown", "csv", "json")
NAME_WIDTH = 20


def matchpoints_text(value: Fraction) -> str:
    """``3``, ``2½``, ``½``: matchpoints are whole or halves."""
    whole, half = divmod(value * 2, 2)
    if half == 0:
        return str(int(whole))
    return ("" if whole == 0 else str(int(whole))) + "½"


def imps_text(value: Fraction) -> str:
    shown = f"{float(value):+.1f}"
    return "0.0" if shown in ("+0.0", "-0.0") else shown


def margin_text(value: int) -> str:
    return f"{value:+,}" if value else "0"


def name_of(line: Line, results: Results) -> str:
    if line.is_par:
        return f"par: the AI ({results.par_level})"
    return printable(line.name) + (" (pair)" if line.pair else "")


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def replay_command(program: str, line: Line, deal: int) -> str:
    assert line.path is not None
    return f"{program} replay {shlex.quote(printable(line.path))} --deal {deal + 1}"


def heading(results: Results) -> list[str]:
    event = results.event
    entries = sum(1 for line in results.lines if not line.is_par)
    counted = f"{entries} {'entry' if entries == 1 else 'entries'} counted"
    refused = f", {len(results.refused)} refused" if results.refused else ""
    return [
        f"{printable(event.name)}: {event.deals_words()} of {printable(event.rules.name)} rules; you South, "
        f"partner {event.partner}, opponents {event.opponents}.",
        f"Event {event.short_id}: {counted}{refused}. Par: the AI in your seat.",
    ]


def text(results: Results, program: str = "hf") -> str:
    """The leaderboard at 80 columns: the ranking, each deal's results, and the refused entries."""
    deals = results.event.rules.deals
    out = [wrapped for line in heading(results) for wrapped in textwrap.wrap(line, 80)]
    out += ["", f"{'Rank':<5}{'Player':<{NAME_WIDTH}} {'Matchpoints':>11} {'%':>6} {'IMPs':>7}  {'Best deal':<12} "
                "Worst deal"]
    for line in results.lines:
        best, worst = line.best_and_worst()
        rank = rank_text(line, results)
        out.append(
            f"{rank:>3}  {_cut(name_of(line, results), NAME_WIDTH):<{NAME_WIDTH}} "
            f"{matchpoints_text(line.scored.total_matchpoints):>11} {line.percent:>6.1f} "
            f"{imps_text(line.scored.total_imps):>7}  {_deal_text(line, best):<12} {_deal_text(line, worst):<12}"
            .rstrip()
        )
    if len(results.lines) > 1:
        worth = len(results.lines) - 1
        out.append(f"Each deal is worth {worth} matchpoint{'' if worth == 1 else 's'}: one for each other result "
                   "beaten, ½ a tie.")
    else:
        out.append("No entry counts yet: par stands alone, with nothing to be compared with.")
    for deal in range(deals):
        out += ["", f"Deal {deal + 1}{'':<{NAME_WIDTH - 2}}{'Margin':>9} {'Matchpoints':>12} {'IMPs':>7}"]
        for line in sorted(results.lines, key=lambda li: (-li.scored.margins[deal], li.is_par, li.name)):
            out.append(
                f"  {_cut(name_of(line, results), NAME_WIDTH + 1):<{NAME_WIDTH + 2}}"
                f"{margin_text(line.scored.margins[deal]):>9} {matchpoints_text(line.scored.matchpoints[deal]):>12} "
                f"{imps_text(line.scored.imps[deal]):>7}"
            )
        top = results.best_of_deal(deal)
        if top is not None:
            out.append(f"  Best entry: {name_of(top, results)}. To watch it:")
            out.append(f"    {replay_command(program, top, deal)}")  # whole, to be copied: never wrapped
    if results.refused:
        out += ["", "Refused, not ranked:"]
        for refused in results.refused:
            who = "" if refused.player == "?" else f" ({printable(refused.player)})"
            out += textwrap.wrap(f"{printable(refused.path)}{who}: {refused.reason}", 80,
                                 initial_indent="  ", subsequent_indent="      ", break_on_hyphens=False)
    return "\n".join(out)


def rank_text(line: Line, results: Results) -> str:
    """``2``, or ``2=`` where another result shares the place."""
    shared = sum(1 for other in results.lines if other.rank == line.rank) > 1
    return f"{line.rank}{'=' if shared else ''}"


def _deal_text(line: Line, deal: int) -> str:
    return f"{deal + 1}: {margin_text(line.scored.margins[deal])}"


def markdown(results: Results, program: str = "hf") -> str:
    deals = results.event.rules.deals
    cells = ["Rank", "Player", "Matchpoints", "%", "IMPs"] + [f"Deal {d + 1}" for d in range(deals)]
    out = [" ".join(f"**{part}**" if i == 0 else part for i, part in enumerate(heading(results)[:1])),
           "", heading(results)[1], "", "| " + " | ".join(cells) + " |",
           "|" + "|".join("---:" if c not in ("Player",) else "---" for c in cells) + "|"]
    for line in results.lines:
        row = [rank_text(line, results), _md(name_of(line, results)), matchpoints_text(line.scored.total_matchpoints),
               f"{line.percent:.1f}", imps_text(line.scored.total_imps)]
        row += [f"{margin_text(m)} ({matchpoints_text(p)})" for m, p in zip(line.scored.margins,
                                                                            line.scored.matchpoints, strict=True)]
        out.append("| " + " | ".join(row) + " |")
    out.append("")
    out.append("Each deal: the margin, and its matchpoints in brackets.")
    for deal in range(deals):
        best = results.best_of_deal(deal)
        if best is not None:
            out.append(f"- Deal {deal + 1}, best entry: {_md(name_of(best, results))}, "
                       f"`{replay_command(program, best, deal)}`")
    if results.refused:
        out += ["", "Refused, not ranked:", ""]
        out += [f"- {_md(printable(r.path))}: {_md(r.reason)}" for r in results.refused]
    return "\n".join(out)


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def csv_text(results: Results) -> str:
    deals = results.event.rules.deals
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    head = ["rank", "player", "file", "pair", "matchpoints", "percent", "imps"]
    for d in range(1, deals + 1):
        head += [f"deal{d}_margin", f"deal{d}_matchpoints", f"deal{d}_imps"]
    writer.writerow(head)
    for line in results.lines:
        row: list[Any] = [line.rank, "par" if line.is_par else printable(line.name), printable(line.path or ""),
                          "yes" if line.pair else "no", float(line.scored.total_matchpoints),
                          f"{line.percent:.1f}", f"{float(line.scored.total_imps):.1f}"]
        for m, p, i in zip(line.scored.margins, line.scored.matchpoints, line.scored.imps, strict=True):
            row += [m, float(p), f"{float(i):.1f}"]
        writer.writerow(row)
    for refused in results.refused:
        writer.writerow(["refused", printable(refused.player), printable(refused.path), "", "", "", "",
                         printable(refused.reason)])
    return buffer.getvalue().rstrip("\n")


def data(results: Results, program: str = "hf") -> dict[str, Any]:
    event = results.event
    return {
        "event": {"name": event.name, "id": event.id, "deals": event.rules.deals, "rules": event.rules.name,
                  "partner": event.partner, "opponents": event.opponents, "shoes": list(event.commitments),
                  "daily": event.daily},
        "field": [
            {
                "rank": line.rank, "player": None if line.is_par else line.name, "par": line.is_par,
                "file": line.path, "pair": line.pair,
                "matchpoints": float(line.scored.total_matchpoints), "percent": round(line.percent, 2),
                "imps": round(float(line.scored.total_imps), 2),
                "best_deal": line.best_and_worst()[0] + 1, "worst_deal": line.best_and_worst()[1] + 1,
                "deals": [
                    {"deal": d + 1, "margin": m, "matchpoints": float(p), "imps": round(float(i), 2)}
                    for d, (m, p, i) in enumerate(zip(line.scored.margins, line.scored.matchpoints,
                                                      line.scored.imps, strict=True))
                ],
            }
            for line in results.lines
        ],
        "best_of_deals": [
            None if (best := results.best_of_deal(d)) is None else
            {"deal": d + 1, "player": best.name, "file": best.path, "replay": replay_command(program, best, d)}
            for d in range(event.rules.deals)
        ],
        "refused": [{"file": r.path, "player": r.player, "reason": r.reason} for r in results.refused],
    }


def render(results: Results, fmt: str, program: str = "hf") -> str:
    if fmt == "json":
        return json.dumps(data(results, program), indent=2, ensure_ascii=False)
    if fmt == "markdown":
        return markdown(results, program)
    if fmt == "csv":
        return csv_text(results)
    return text(results, program)
