"""A review as a person reads it: the costliest decisions first, then where the points went."""

from __future__ import annotations

from collections.abc import Iterator

from hfcli.engine.cards import card
from hfcli.render import card_text, hand_text, notation_text, printable, reason_text, wrap_line
from hfcli.review import Finding, Review


def finding_lines(f: Finding, side_names: list[str], try_from: str = "", *, ascii: bool = True) -> list[str]:
    """One decision in card terms: where the game stood (the deal and turn, the hand by rank, the
    pile, what the next player holds as far as is known), what was played, what the expert
    prefers and why, what the difference was worth, and ``try_from``: how to play it again."""
    hand = hand_text([card(t) for t in f.hand], ascii=ascii) if f.hand else "(no cards)"
    # as the table gives it: the top card, then how many cards the pile holds with it
    size = "1 card" if f.pile_size == 1 else f"{f.pile_size} cards"
    pile = f"{card_text(card(f.pile_top), ascii=ascii)} on top, {size}" if f.pile_top else "empty"
    score = ", ".join(f"{name} {points}" for name, points in zip(side_names, f.score, strict=True))
    why = reason_text(f.preferred, printable(f.reason))
    turn = f", turn {f.turn}" if f.turn else ""
    lines = [
        f"Move {f.number}, deal {f.deal}{turn} ({f.kind}): you played {notation_text(f.played)}; "
        f"the expert prefers {notation_text(f.preferred)}" + (f" ({why})" if why else "") + ".",
        f"  Your hand: {hand}",
        f"  Pile: {pile}; score so far {score}.",
    ]
    if f.next_seat:
        known = (" " + " ".join(card_text(card(t), ascii=ascii) for t in f.next_known)) if f.next_known else " none"
        cards = "1 card" if f.next_hand == 1 else f"{f.next_hand} cards"
        lines.append(f"  {printable(f.next_seat)}, next to play, holds {cards}; known (taken from the pile):{known}.")
    lines.append(f"  Cost: about {f.cost:.0f} points (95% interval {f.low:.0f} to {f.high:.0f}, "
                 f"{f.samples} imagined deals).")
    if try_from:
        lines.append(f"  Try it: {try_from}")
    return lines


def try_command(result: Review, f: Finding) -> str:
    """The command that puts the reviewed seat back before the move, to play it another way."""
    return f"hf play --from {printable(result.path)}:{f.number - 1} --seat {printable(result.seat_short)}"


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
    yield ("A cost is in points of the deal, the expert's choice against the move played: above zero, "
           "the move played did worse.")
    if not mistakes:
        yield "No decision cost points clearly beyond the noise of the deal."
    for f in mistakes:
        yield ""
        yield from finding_lines(f, result.side_names, try_command(result, f), ascii=ascii)
    if show_all:
        unclear = [f for f in result.findings if not f.is_mistake]
        if unclear:
            yield ""
            yield f"Undecided within the noise ({len(unclear)}):"
            for f in unclear:
                yield (f"  move {f.number} (deal {f.deal}): {notation_text(f.played)} against "
                       f"{notation_text(f.preferred)}: "
                       f"{f.cost:+.0f} ({f.low:.0f} to {f.high:.0f})")
    yield ""
    yield f"Estimated points lost in the game: {result.lost():.0f}"
    by_deal = result.by_deal()
    if by_deal:
        yield "  by deal: " + ", ".join(f"deal {deal} {cost:.0f}" for deal, cost in by_deal.items())
        yield "  by kind: " + "; ".join(f"{kind} {cost:.0f}" for kind, cost in result.by_kind().items())
