"""A review as a person reads it: the costliest decisions first, then where the points went."""

from __future__ import annotations

import shlex
from collections.abc import Iterator

from hfcli.engine.cards import card
from hfcli.engine.melds import meld_rank_name
from hfcli.review import PILE_ALIKE, Assessed, Fact, Finding, Grade, MistakeKind, PileShares, Review
from hfcli.system.printable import printable
from hfcli.text.layout import command_lines, wrap_line
from hfcli.text.notation import card_text, hand_text, notation_text, spoken_cards
from hfcli.text.rulebook import RULE_TITLES

CHART_WIDTH = 80
CHART_HEIGHT = 8  # rows of the chart, each of eight steps
BLOCKS = " ▁▂▃▄▅▆▇█"  # a column's top cell, by eighths filled
ASCII_BLOCKS = " ..--==##"
def preferred_why(f: Finding) -> str:
    """Why the expert prefers its move: its lesson, made when the decision was reviewed
    (:func:`hfcli.text.reason_text.lesson`: without the search's own figure, since the review gives its
    own cost of the decision, from more imagined deals, a line below). A review kept before
    reasons were data holds the words the expert gave then, shown as they are."""
    return printable(f.reason)


def finding_lines(f: Finding, side_names: list[str], try_from: str = "", *, ascii: bool = True) -> list[str]:
    """One decision in card terms: where the game stood (the deal and turn, the hand by rank, the
    pile, what the next player holds as far as is known), what was played, what the expert
    prefers and why, what the difference was worth, and ``try_from``: how to play it again."""
    hand = hand_text([card(t) for t in f.hand], ascii=ascii) if f.hand else "(no cards)"
    # as the table gives it: the top card, then how many cards the pile holds with it
    size = "1 card" if f.pile_size == 1 else f"{f.pile_size} cards"
    pile = f"{card_text(card(f.pile_top), ascii=ascii)} on top, {size}" if f.pile_top else "empty"
    score = ", ".join(f"{name} {points}" for name, points in zip(side_names, f.score, strict=True))
    why = preferred_why(f)
    turn = f", turn {f.turn}" if f.turn else ""
    grade = f", {_a(f.grade)}" if f.is_mistake else ""
    lines = [
        f"Move {f.number}, deal {f.deal}{turn} ({f.kind}){grade}: you played {notation_text(f.played)}; "
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
    lines += ["  " + sentence for sentence in lesson_sentences(f)]
    if f.pile is not None and f.handed:
        lines.append("  " + pile_sentence(f.played, printable(f.next_seat), f.handed, f.pile))
    rule = f.rule
    lines.append(f"  The rule: {rule}, {RULE_TITLES[rule]} (hf rules {rule}).")
    if try_from:
        # The command on lines of its own, broken only as a shell reads it back, so that it can be copied.
        lines += ["  Try it from before the move:", Whole(f"    {try_from}")]
    return lines


class Whole(str):
    """A line of the review that is a command to copy: broken only as a shell reads it back."""


def _a(grade: Grade) -> str:
    return f"an {grade}" if grade.value[0] in "aeiou" else f"a {grade}"


def _plural(grade: Grade, count: int) -> str:
    name = {Grade.INACCURACY: "inaccurac", Grade.BEST: "best"}.get(grade, grade.value)
    if grade is Grade.INACCURACY:
        return f"{count} {name}{'y' if count == 1 else 'ies'}"
    if grade in (Grade.BEST, Grade.GOOD):
        return f"{count} {name}"
    return f"{count} {name}{'' if count == 1 else 's'}"


def chart_lines(assessed: list[Assessed], *, ascii: bool, width: int = CHART_WIDTH,
                height: int = CHART_HEIGHT) -> list[str]:
    """The expected margin at each decision as a block chart ``width`` columns wide (labels
    included): one column a decision (or a few, averaged, where there are more decisions than
    columns; a decision spread over several where there are few), filled from the lowest value up;
    the first column of each deal marked on the line under it by the deal's number, and its blank
    cells dotted."""
    if not assessed:
        return []
    values = [a.margin for a in assessed]
    lo, hi = min(0.0, *values), max(0.0, *values)
    if hi - lo < 1:
        hi = lo + 1
    labels = [_points(hi), "0", _points(lo)]
    label_width = max(4, *map(len, labels))  # room for "deal" under the labels
    plot = max(1, width - label_width - 2)
    columns: list[tuple[float, int]] = []  # (value, deal)
    n = len(values)
    if n <= plot:
        spread = plot // n
        for a in assessed:
            columns += [(a.margin, a.deal)] * spread
    else:
        for c in range(plot):
            part = assessed[c * n // plot:(c + 1) * n // plot]
            columns.append((sum(a.margin for a in part) / len(part), part[0].deal))
    starts = {i for i, (_, deal) in enumerate(columns) if i == 0 or columns[i - 1][1] != deal}
    steps = height * 8
    levels = [max(1, round((v - lo) / (hi - lo) * steps)) for v, _ in columns]
    blocks = ASCII_BLOCKS if ascii else BLOCKS
    axis, boundary = ("|", ":") if ascii else ("┤", "┊")
    zero_row = height - 1 - min(height - 1, int((0.0 - lo) / (hi - lo) * steps) // 8)
    lines = []
    for row in range(height):
        bottom = (height - 1 - row) * 8
        cells = []
        for i, level in enumerate(levels):
            filled = min(8, max(0, level - bottom))
            cell = blocks[filled]
            if cell == " " and i in starts and i:
                cell = boundary
            cells.append(cell)
        label = labels[0] if row == 0 else labels[2] if row == height - 1 else "0" if row == zero_row else ""
        lines.append(f"{label:>{label_width}} {axis}" + "".join(cells).rstrip())
    marks = [" "] * len(columns)
    for i in sorted(starts):
        number = str(columns[i][1])
        fits = i + len(number) <= len(marks)  # a number past the last column would widen the chart
        if fits and all(m == " " for m in marks[max(0, i - 1):i + len(number) + 1]):  # a space either side
            marks[i:i + len(number)] = number
    lines.append(f"{'deal':>{label_width}}  " + "".join(marks).rstrip())
    return lines


def chart_sentence(result: Review) -> str:
    """The chart's figures in a sentence, for a screen reader: where the margin started and ended,
    and its highest and lowest, each at its decision."""
    side = result.side_names[result.side] if 0 <= result.side < len(result.side_names) else result.seat_name
    values = [a.margin for a in result.assessed]
    high = max(range(len(values)), key=lambda i: values[i])
    low = min(range(len(values)), key=lambda i: values[i])
    return (f"{printable(side)}'s expected margin, in points as the seat saw it: {_points(values[0])} at the first "
            f"of {len(values)} decisions, {_points(values[-1])} at the last; highest {_points(values[high])} "
            f"at decision {high + 1}, lowest {_points(values[low])} at decision {low + 1}.")


def _points(value: float) -> str:
    return "0" if round(value) == 0 else f"{value:+.0f}"


def try_command(result: Review, f: Finding, program: str = "hf") -> str:
    """The command that puts the reviewed seat back before the move, to play it another way, as
    ``program`` (the way this program was started) runs it."""
    where = shlex.quote(f"{printable(result.path)}:{f.number - 1}")
    return f"{program} play --from {where} --seat {shlex.quote(printable(result.seat_short))}"


def review_lines(
    result: Review, *, show_all: bool = False, ascii: bool = True, width: int | None = None, program: str = "hf"
) -> Iterator[str]:
    """The review as text; with ``width``, each line wrapped between words to that many columns,
    its continuation indented under its own text (a command to copy is broken only with a backslash,
    as a shell reads it back). The commands
    it gives start with ``program``, the way this program was started."""
    for line in _review_lines(result, show_all=show_all, ascii=ascii):
        yield from wrap_line(line, width)
    if spoken_cards() and result.assessed:
        yield ""
        yield from wrap_line(chart_sentence(result), width)
        chart = []
    else:
        chart = chart_lines(result.assessed, ascii=ascii, width=min(width or CHART_WIDTH, CHART_WIDTH))
    if chart:
        side = result.side_names[result.side] if 0 <= result.side < len(result.side_names) else result.seat_name
        yield ""
        yield from wrap_line(f"{printable(side)}'s expected margin in the game at each decision of "
                             f"{printable(result.seat_name)} (points, as the seat saw it):", width)
        yield from chart
    for line in _detail_lines(result, show_all=show_all, ascii=ascii, program=program):
        if isinstance(line, Whole):
            yield from command_lines(line.strip(), width, lead="    ")
        else:
            yield from wrap_line(line, width)


def _review_lines(result: Review, *, show_all: bool, ascii: bool) -> Iterator[str]:
    mistakes = result.mistakes
    looked_at = (f"{result.reviewed} of {result.decisions} decisions looked at before the review was interrupted"
                 if result.interrupted else f"{result.decisions} decisions looked at")
    yield (f"Review of {printable(result.path)} for {result.seat_name}: {looked_at}, "
           f"{len(result.findings)} where the expert would have played otherwise, {len(mistakes)} clear.")
    accuracy = result.accuracy()
    if accuracy is not None:
        counts = result.grades()
        yield (f"Accuracy {accuracy:.0f} of 100; "
               + ", ".join(_plural(grade, counts[grade.value]) for grade in Grade) + ".")
    by_deal = result.by_deal()
    yield (f"Estimated points lost in the game: {result.lost():.0f}"
           + (" (" + ", ".join(f"deal {deal} {cost:.0f}" for deal, cost in by_deal.items()) + ")" if by_deal else ""))


def _detail_lines(result: Review, *, show_all: bool, ascii: bool, program: str = "hf") -> Iterator[str]:
    mistakes = result.mistakes
    yield ""
    yield ("A cost is in points of the deal, the expert's choice against the move played: above zero, "
           "the move played did worse.")
    if not mistakes:
        yield "No decision cost points clearly beyond the noise of the deal."
    key = result.key_moments()
    if key:
        yield ""
        yield f"Key moment{'s' if len(key) > 1 else ''}: the costliest decision{'s' if len(key) > 1 else ''}."
    for f in key:
        yield ""
        yield from finding_lines(f, result.side_names, try_command(result, f, program), ascii=ascii)
    rest = [f for f in mistakes if f not in key]
    if rest:
        yield ""
        yield f"The other clear decisions ({len(rest)}):"
        for f in sorted(rest, key=lambda f: f.number):
            yield (f"  move {f.number} (deal {f.deal}, {f.kind}), {_a(f.grade)}: {notation_text(f.played)} "
                   f"against {notation_text(f.preferred)}: about {f.cost:.0f} ({f.low:.0f} to {f.high:.0f})")
            if show_all:  # each clear decision's lesson too, and its rule
                for sentence in [*lesson_sentences(f), f"The rule: {f.rule} (hf rules {f.rule})."]:
                    yield "    " + sentence
    if show_all:
        yield from _unclear_lines(result)
    key_numbers = {f.number for f in key}
    handed = [h for h in result.handed if h.number not in key_numbers]
    if handed:
        yield ""
        yield f"Discards after which the next player took the pile ({len(handed)}):"
        for h in handed:
            yield (f"  move {h.number} (deal {h.deal}), {notation_text(h.played)}: "
                   + pile_sentence(h.played, printable(h.next_seat), h.cards, h.pile))
    by_kind = result.by_kind()
    if by_kind:
        yield ""
        yield "Points lost by kind: " + "; ".join(f"{kind} {cost:.0f}" for kind, cost in by_kind.items())


def _unclear_lines(result: Review) -> Iterator[str]:
    """The decisions where the expert would have played otherwise but the move played did not
    clearly cost points (``--all``), by what the imagined deals say of them: better than the
    expert's choice by its own interval, as good or better within the noise, or a little worse
    within it; those that came out the same as the expert's in every deal are only counted."""
    unclear = [f for f in result.findings if not f.is_mistake]
    same = [f for f in unclear if _rounds_to_zero(f)]
    better = [f for f in unclear if f.high < 0 and f not in same]
    level = [f for f in unclear if f.cost <= 0 and f.high >= 0 and f not in same]
    worse = [f for f in unclear if f.cost > 0 and f not in same]
    groups = (
        ("Your move was better than the expert's choice", better),
        ("As good as the expert's choice or better, within the noise of the deal", level),
        ("Not clearly worse than the expert's choice, within the noise of the deal", worse),
    )
    for title, findings in groups:
        if findings:
            yield ""
            yield f"{title} ({len(findings)}):"
            for f in findings:
                yield (f"  move {f.number} (deal {f.deal}): {notation_text(f.played)} against "
                       f"{notation_text(f.preferred)}: {_difference(f)}")
    if same:
        yield ""
        yield (f"{len(same)} other move{'s' if len(same) != 1 else ''} chose otherwise than the expert and "
               f"came out the same as the expert's choice in every imagined deal.")


def _rounds_to_zero(f: Finding) -> bool:
    return round(f.cost) == round(f.low) == round(f.high) == 0


def _difference(f: Finding) -> str:
    """What a move played is worth against the expert's choice, the way round its mean lies:
    "about 405 points better (218 to 591)", the interval in the same sense."""
    if f.cost <= 0:
        return f"about {-f.cost:.0f} points better ({-f.high:.0f} to {-f.low:.0f})"
    return f"about {f.cost:.0f} points worse ({f.low:.0f} to {f.high:.0f})"


def _percent(share: float) -> str:
    return f"{round(100 * share)}%"


def lesson_sentences(f: Finding) -> list[str]:
    """What the expert's move got in the imagined deals that the move played did not, in a
    sentence from the measured shares, and what the game's score sheet shows of it; or a sentence
    saying the deals show no such difference."""
    wild = (["You threw away a wild card: it could have made a meld or a book in your hand, and it counts "
             "against you only if it is still there when the deal ends."] if f.threw_a_wild else [])
    if f.dirtied >= 0:
        clean, dirty = f.book_bonuses
        wild.append(f"{notation_text(f.played)} makes your clean meld of {meld_rank_name(f.dirtied)} dirty: closed, "
                    f"it scores {dirty} as a book rather than {clean}.")
    return wild + _measured_sentences(f)


def _measured_sentences(f: Finding) -> list[str]:
    lesson = f.lesson()
    better, played = notation_text(f.preferred), notation_text(f.played)
    deals = max(f.after_played.deals if f.after_played else 0, f.after_preferred.deals if f.after_preferred else 0)
    if lesson is None:
        if not deals:
            return []
        if f.kind == MistakeKind.PILE_NOT_TAKEN and f.pile_size and f.after_preferred and f.after_played:
            return [f"Taking the pile puts its {f.pile_size} cards in your hand, to meld with for the rest of the "
                    f"deal. With {better} your side laid {f.after_preferred.laid:.0f} points of cards on the table "
                    f"this turn on average over {deals} imagined deals; after {played}, "
                    f"{f.after_played.laid:.0f}."]
        return ["The imagined deals show no large difference in the foot, the pile, books, cards laid or going "
                "out: the cost is in the points the deal scores."]
    if lesson.fact is Fact.FOOT:
        lines = [f"With {better} you pick up your foot this turn in {_percent(lesson.preferred)} of "
                 f"{deals} imagined deals; after {played}, in {_percent(lesson.played)}."]
        if f.foot_left:
            lines.append(f"In the game you never picked up your foot in deal {f.deal}: its cards counted "
                         f"-{f.foot_left} on the score sheet.")
        return lines
    if lesson.fact is Fact.PILE:
        who = printable(f.next_seat) or "the next player"
        lines = [f"After {played}, {who} took the pile at their turn in {_percent(lesson.played)} of "
                 f"{deals} imagined deals, {lesson.cards:.0f} cards on average; after {better}, in "
                 f"{_percent(lesson.preferred)}."]
        if f.handed:
            lines.append(f"In the game {who} took the {f.handed}-card pile.")
        return lines
    when = "this turn" if f.kind in (MistakeKind.PILE_NOT_TAKEN, MistakeKind.PILE_TAKEN) else "by your next turn"
    if lesson.fact is Fact.BOOKS:
        return [f"With {better} your side closed {lesson.preferred:.1f} books {when} on average over {deals} "
                f"imagined deals; after {played}, {lesson.played:.1f}."]
    if lesson.fact is Fact.LAID:
        return [f"With {better} your side laid {lesson.preferred:.0f} points of cards on the table {when} on "
                f"average over {deals} imagined deals; after {played}, {lesson.played:.0f}."]
    return [f"With {better} your side went out in {_percent(lesson.preferred)} of {deals} imagined deals; "
            f"after {played}, in {_percent(lesson.played)}."]


def pile_sentence(played: str, who: str, cards: int, pile: PileShares) -> str:
    """Whether the discard that handed the next player the pile in the game was a fault: another
    discard would have given it clearly less often in the imagined deals, or none would (every
    card held about as risky, or the one played among the safest)."""
    shares = pile.shares.values()
    lowest, highest = min(shares), max(shares)
    took = f"{who} took the {cards}-card pile"
    deals = f"{pile.samples} imagined deals"
    if highest - lowest <= PILE_ALIKE:
        return (f"{took}, but every card you held gave {who} the pile about as often: {_percent(lowest)} to "
                f"{_percent(highest)} of {deals}.")
    if pile.about_as_often:
        return (f"{took}, but no card you held gave {who} the pile clearly less often: your {_thrown(played)} "
                f"did in {_percent(pile.played)} of {deals}, the safest card in {_percent(lowest)}.")
    safest, share = pile.safest()
    return (f"{took}. The {_thrown(safest)} would have given it in {_percent(share)} of {deals}; your "
            f"{_thrown(played)} gave it in {_percent(pile.played)}.")


def _thrown(discard: str) -> str:
    """The card a discard throws, as the table names it: ``discard 10H`` -> ``10``."""
    return notation_text(discard).removeprefix("discard ")
