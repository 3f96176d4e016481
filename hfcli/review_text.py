"""A review as a person reads it: the costliest decisions first, then where the points went."""

from __future__ import annotations

from collections.abc import Iterator

from hfcli.engine.cards import card
from hfcli.render import card_text, hand_text, notation_text, printable, reason_text, wrap_line
from hfcli.review import Finding, Review


def finding_lines(f: Finding, side_names: list[str], *, ascii: bool = True) -> list[str]:
    """One decision: where the game stood, what was played, what the expert prefers and why, and
    what the difference was worth."""
    hand = hand_text([card(t) for t in f.hand], ascii=ascii) if f.hand else "(no cards)"
    pile = f"{card_text(card(f.pile_top), ascii=ascii)} on top of {f.pile_size}" if f.pile_top else "empty"
    score = ", ".join(f"{name} {points}" for name, points in zip(side_names, f.score, strict=True))
    why = reason_text(f.preferred, printable(f.reason))
    return [
        f"Move {f.number}, deal {f.deal} ({f.kind}): you played {notation_text(f.played)}; "
        f"the expert prefers {notation_text(f.preferred)}" + (f" ({why})" if why else "") + ".",
        f"  Your hand: {hand}",
        f"  Pile: {pile}; score so far {score}.",
        f"  Cost: about {f.cost:.0f} points (95% interval {f.low:.0f} to {f.high:.0f}, {f.samples} imagined deals).",
    ]


def review_lines(
    result: Review, *, show_all: bool = False, ascii: bool = True, width: int | None = None
) -> Iterator[str]:
    """The review as text; with ``width``, each line wrapped between words to that many columns,
    its continuation indented under its own text."""
    for line in _review_lines(result, show_all=show_all, ascii=ascii):
        yield from wrap_line(line, width)


def _review_lines(result: Review, *, show_all: bool, ascii: bool) -> Iterator[str]:
    mistakes = result.mistakes
    looked_at = (f"{result.reviewed} of {result.decisions} decisions looked at before the review was interrupted"
                 if result.interrupted else f"{result.decisions} decisions looked at")
    yield (f"Review of {printable(result.path)} for {result.seat_name}: {looked_at}, "
           f"{len(result.findings)} where the expert would have played otherwise, {len(mistakes)} clear.")
    if not mistakes:
        yield "No decision cost points clearly beyond the noise of the deal."
    for f in mistakes:
        yield ""
        yield from finding_lines(f, result.side_names, ascii=ascii)
    if show_all:
        unclear = [f for f in result.findings if not f.is_mistake]
        if unclear:
            yield ""
            yield f"Undecided within the noise ({len(unclear)}):"
            for f in unclear:
                yield (f"  move {f.number}: {notation_text(f.played)} against {notation_text(f.preferred)}: "
                       f"{f.cost:+.0f} ({f.low:.0f} to {f.high:.0f})")
    yield ""
    yield f"Estimated points lost in the game: {result.lost():.0f}"
    by_deal = result.by_deal()
    if by_deal:
        yield "  by deal: " + ", ".join(f"deal {deal} {cost:.0f}" for deal, cost in by_deal.items())
        yield "  by kind: " + "; ".join(f"{kind} {cost:.0f}" for kind, cost in result.by_kind().items())
