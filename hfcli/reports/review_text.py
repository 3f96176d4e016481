"""A review as a person reads it: the costliest decisions first, then where the points went."""

from __future__ import annotations

import shlex
from collections.abc import Iterator

from hfcli.engine.cards import JOKER, WILD_RANKS, card
from hfcli.engine.melds import meld_rank_name
from hfcli.engine.moves import MoveKind, parse_move
from hfcli.review import PILE_ALIKE, Assessed, Fact, Finding, Grade, MistakeKind, PileShares, Review
from hfcli.system.printable import printable
from hfcli.text.layout import command_lines, wrap_line
from hfcli.text.notation import card_text, hand_text, notation_text, spoken_cards
from hfcli.text.rulebook import RULE_TITLES

CHART_WIDTH = 80
CHART_HEIGHT = 8  # rows of the chart, each of eight steps
BLOCKS = " ▁▂▃▄▅▆▇█"  # a column's top cell, by eighths filled
ASCII_BLOCKS = " ..--==##"
# A bar below the zero line hangs from it: its lowest cell filled from the top, in the few steps
# the characters have (an eighth, a half, whole).
DOWN_BLOCKS = " ▔▔▀▀▀███"
ASCII_DOWN = " ''\"\"==##"

def preferred_why(f: Finding) -> str:
    """Why the expert prefers its move: its lesson, made when the decision was reviewed
    (:func:`hfcli.text.reason_text.lesson`: without the search's own figure, since the review gives its
    own cost of the decision, from more imagined deals, a line below). A review kept before
    reasons were data holds the words the expert gave then, shown as they are."""
    return printable(f.reason)


def finding_lines(
    f: Finding, side_names: list[str], try_from: str = "", *, ascii: bool = True, mark: str = ""
) -> list[str]:
    """One decision in card terms: where the game stood (the deal and turn, the hand by rank, the
    pile, what the next player holds as far as is known), what was played, what the expert
    prefers and why, what the difference was worth, and ``try_from``: how to play it again;
    ``mark``, the letter the chart marks the decision with, before it."""
    hand = hand_text([card(t) for t in f.hand], ascii=ascii) if f.hand else "(no cards)"
    # as the table gives it: the top card, then how many cards the pile holds with it
    size = "1 card" if f.pile_size == 1 else f"{f.pile_size} cards"
    pile = f"{card_text(card(f.pile_top), ascii=ascii)} on top, {size}" if f.pile_top else "empty"
    score = ", ".join(f"{name} {points}" for name, points in zip(side_names, f.score, strict=True))
    why = preferred_why(f)
    turn = f", turn {f.turn}" if f.turn else ""
    grade = f", {_a(f.grade)}" if f.is_mistake else ""
    lines = [
        f"{mark + '. ' if mark else ''}Move {f.number}, deal {f.deal}{turn} ({f.kind}){grade}: "
        f"you played {notation_text(f.played)}; "
        f"the expert prefers {notation_text(f.preferred)}" + (f": {why}" if why else "") + ".",
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
                height: int = CHART_HEIGHT, marks: dict[int, str] | None = None) -> list[str]:
    """The expected margin at each decision as a block chart ``width`` columns wide (labels
    included) and at most ``height`` rows of bars and a zero line: one column a decision (or a
    few, averaged, where there are more decisions than columns; a decision spread over several
    where there are few), a margin above zero a bar up from the zero line, below zero a bar down
    from it, both to one scale. The highest and lowest values are labelled at the rows they reach;
    ``marks`` (a decision's move number to a letter) are written on the zero line at the
    decision's column; the first column of each deal is marked on the line under the chart by the
    deal's number, and its blank cells are dotted."""
    if not assessed:
        return []
    marks = marks or {}
    values = [a.margin for a in assessed]
    hi, lo = max(0.0, *values), min(0.0, *values)
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
    # Each column's bar in eighths of a row, up (above zero) or down; one scale for both sides, the
    # rows shared between them so that the taller side fills its rows.
    unit = _row_points(hi, lo, height)
    bars = [round(v / unit * 8) for v, _ in columns]
    up_rows = -(-max(0, *bars) // 8)
    down_rows = -(-max(0, *(-b for b in bars)) // 8)
    starts = {i for i, (_, deal) in enumerate(columns) if i == 0 or columns[i - 1][1] != deal}
    up_blocks, down_blocks = (ASCII_BLOCKS, ASCII_DOWN) if ascii else (BLOCKS, DOWN_BLOCKS)
    axis, labelled, zero_axis, zero_line, boundary = ("|", "|", "+", "-", ":") if ascii else ("│", "┤", "┼", "─", "┊")

    def row(level: int, blocks: str, label: str) -> str:
        cells = []
        for i, bar in enumerate(bars):
            filled = min(8, max(0, bar - level * 8)) if blocks is up_blocks else min(8, max(0, -bar - level * 8))
            cell = blocks[filled]
            if cell == " " and i in starts and i:
                cell = boundary
            cells.append(cell)
        return f"{label:>{label_width}} {labelled if label else axis}" + "".join(cells).rstrip()

    # the rows the highest and lowest bars end in, labelled where their values do not round to 0
    top_row = (max(bars) - 1) // 8 if max(bars) > 0 and labels[0] != "0" else -1
    bottom_row = (-min(bars) - 1) // 8 if min(bars) < 0 and labels[2] != "0" else -1
    lines = [row(level, up_blocks, labels[0] if level == top_row else "") for level in reversed(range(up_rows))]
    line = [zero_line] * len(columns)
    for at, letter in _mark_columns(assessed, marks, len(columns)):
        line[at] = letter
    lines.append(f"{'0':>{label_width}} {zero_axis}" + "".join(line))
    lines += [row(level, down_blocks, labels[2] if level == bottom_row else "") for level in range(down_rows)]
    deals = [" "] * len(columns)
    for i in sorted(starts):
        number = str(columns[i][1])
        fits = i + len(number) <= len(deals)  # a number past the last column would widen the chart
        if fits and all(m == " " for m in deals[max(0, i - 1):i + len(number) + 1]):  # a space either side
            deals[i:i + len(number)] = number
    lines.append(f"{'deal':>{label_width}}  " + "".join(deals).rstrip())
    return lines


def _mark_columns(assessed: list[Assessed], marks: dict[int, str], width: int) -> list[tuple[int, str]]:
    """Where each mark goes on a chart of ``width`` columns: the column of its decision (the first,
    where a decision has several; the one it is averaged into, where it shares one), or the nearest
    free one where two decisions share a column."""
    n = len(assessed)
    taken: dict[int, str] = {}
    for k, a in enumerate(assessed):
        letter = marks.get(a.number, "")[:1]
        if not letter:
            continue
        column = k * (width // n) if n <= width else max(c for c in range(width) if c * n // width <= k)
        free = [c for c in range(width) if c not in taken]
        if free:
            taken[min(free, key=lambda c: (abs(c - column), c < column))] = letter
    return sorted(taken.items())


def _row_points(hi: float, lo: float, height: int) -> float:
    """The points one row of the chart stands for: the least that fits the highest value above the
    zero line and the lowest below it in ``height`` rows between them (at least a point)."""
    if hi <= 0 or lo >= 0:
        return max(1.0, max(hi, -lo) / height)
    return max(1.0, min(max(hi / up, -lo / (height - up)) for up in range(1, height)))


def chart_sentence(result: Review, marks: dict[int, str] | None = None) -> str:
    """The chart's figures in a sentence, for a screen reader: where the margin started and ended,
    its highest and lowest, each at its decision, and where each marked key moment stood."""
    side = result.side_names[result.side] if 0 <= result.side < len(result.side_names) else result.seat_name
    values = [a.margin for a in result.assessed]
    high = max(range(len(values)), key=lambda i: values[i])
    low = min(range(len(values)), key=lambda i: values[i])
    text = (f"{printable(side)}'s expected margin, in points as the seat saw it: {_points(values[0])} at the first "
            f"of {len(values)} decisions, {_points(values[-1])} at the last; highest {_points(values[high])} "
            f"at decision {high + 1}, lowest {_points(values[low])} at decision {low + 1}.")
    at = {a.number: (i, a) for i, a in enumerate(result.assessed)}
    moments = [f"{letter} at decision {at[number][0] + 1}, move {number} in deal {at[number][1].deal}, "
               f"{_points(at[number][1].margin)}" for number, letter in sorted((marks or {}).items()) if number in at]
    if moments:
        text += " Key moment" + ("s: " if len(moments) > 1 else ": ") + "; ".join(moments) + "."
    return text


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
    marks = key_marks(result)
    for line in _review_lines(result, show_all=show_all, ascii=ascii):
        yield from wrap_line(line, width)
    if spoken_cards() and result.assessed:
        yield ""
        yield from wrap_line(chart_sentence(result, marks), width)
        chart = []
    else:
        chart = chart_lines(result.assessed, ascii=ascii, width=min(width or CHART_WIDTH, CHART_WIDTH), marks=marks)
    if chart:
        side = result.side_names[result.side] if 0 <= result.side < len(result.side_names) else result.seat_name
        yield ""
        yield from wrap_line(f"{printable(side)}'s expected margin in the game at each decision of "
                             f"{printable(result.seat_name)} (points, as the seat saw it):", width)
        yield from chart
        if marks:
            letters = sorted(marks.values())
            named = letters[0] if len(letters) == 1 else ", ".join(letters[:-1]) + " and " + letters[-1]
            yield from wrap_line(f"{named} on the 0 line: the key moment{'s' if len(letters) > 1 else ''} below.",
                                 width)
    for line in _detail_lines(result, show_all=show_all, ascii=ascii, program=program, marks=marks):
        if isinstance(line, Whole):
            yield from command_lines(line.strip(), width, lead="    ")
        else:
            yield from wrap_line(line, width)


def key_marks(result: Review) -> dict[int, str]:
    """The letter the chart marks each key moment with, by its move number, in the order played:
    A, B, C (none where there is no chart: a review kept before the chart's series)."""
    if not result.assessed:
        return {}
    return {f.number: chr(ord("A") + i) for i, f in enumerate(result.key_moments())}


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
    yield from _feet_lines(result)


def _feet_lines(result: Review) -> Iterator[str]:
    """Each deal in which the seat never picked up its foot, with what it counted on the score
    sheet: what the review knows of it, from the decisions it judged in that deal."""
    feet: dict[int, tuple[int, int]] = {}
    for f in result.findings:
        if f.foot_left or f.foot_reds:
            feet[f.deal] = (f.foot_left, f.foot_reds)
    for deal, (cards, reds) in sorted(feet.items()):
        red = f", and its red threes -{reds}" if reds else ""
        yield f"Deal {deal}: you never picked up your foot; its cards counted -{cards} on the score sheet{red}."


def _detail_lines(
    result: Review, *, show_all: bool, ascii: bool, program: str = "hf", marks: dict[int, str] | None = None
) -> Iterator[str]:
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
        yield from finding_lines(f, result.side_names, try_command(result, f, program), ascii=ascii,
                                 mark=(marks or {}).get(f.number, ""))
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
        wild.append(f"The {_wild_played(f.played)} you added makes your clean meld of {meld_rank_name(f.dirtied)} "
                    f"dirty: closed, it scores {dirty} as a book rather than {clean}.")
    if f.wild_meld[1]:
        wild.append(_wild_meld_sentence(f, spent=f.dirtied < 0))
    return wild + _measured_sentences(f)


def _wild_meld_sentence(f: Finding, *, spent: bool) -> str:
    """The expert's move puts wild cards on the side's meld of wild cards, the move played spends
    one on natural cards: how near the wild book that takes the side, what the book is worth, and
    (``spent``) where the wild card went instead."""
    before, after = f.wild_meld
    size, bonus, needed = f.wild_book
    better = notation_text(f.preferred)
    grows = (f"With {better} your meld of wild cards grows to {after} of the {size} cards a wild book needs"
             if before else f"With {better} you start a meld of wild cards, {after} of the {size} a wild book needs")
    worth = f"closed, it scores {bonus}" if bonus else "closed, it is a book"
    need = ("" if not needed else ", and your side needs a wild book to go out" if needed == 1
            else f", and your side needs {needed} wild books to go out")
    where = f" You spent the {_wild_played(f.played)} on {_spent_on(f.played)} instead." if spent else ""
    return f"{grows}: {worth}{need}.{where}"


def _wild_played(played: str) -> str:
    """The wild card a move lays, as a player names it: "2", "joker", or "wild cards" for several."""
    try:
        wilds = [p for p in parse_move(played).picks if p.rank in WILD_RANKS]
    except ValueError:
        return "wild card"
    if len(wilds) != 1:
        return "wild cards" if wilds else "wild card"
    return "joker" if wilds[0].rank == JOKER else "2"


def _spent_on(played: str) -> str:
    """What a move that lays a wild card with natural cards lays it on: "your eights"."""
    move = parse_move(played)
    if move.kind is MoveKind.ADD and move.target is not None and move.target >= 0:
        return f"your {meld_rank_name(move.target)}"
    return "a meld of natural cards"


def _measured_sentences(f: Finding) -> list[str]:
    lesson = f.lesson()
    better, played = notation_text(f.preferred), notation_text(f.played)
    deals = max(f.after_played.deals if f.after_played else 0, f.after_preferred.deals if f.after_preferred else 0)
    pile_turned_down = f.kind == MistakeKind.PILE_NOT_TAKEN and f.pile_size and f.after_preferred and f.after_played
    if lesson is None or (lesson.small and pile_turned_down):
        if not deals:
            return []
        if pile_turned_down and f.after_preferred and f.after_played:
            takes = f.pile_takes or f.pile_size
            cards = f"its {takes} cards" if takes >= f.pile_size else f"its top {takes} of {f.pile_size} cards"
            return [f"Taking the pile puts {cards} in your hand, to meld with for the rest of the "
                    f"deal. With {better} your side laid {f.after_preferred.laid:.0f} points of cards on the table "
                    f"this turn on average over {deals} imagined deals; after {played}, "
                    f"{f.after_played.laid:.0f}."]
        return ["The imagined deals show no large difference in the foot, the pile, books, cards laid or going "
                "out: the cost is in the points the deal scores."]
    if lesson.fact is Fact.FOOT:
        lines = [f"With {better} you pick up your foot this turn in {_percent(lesson.preferred)} of "
                 f"{deals} imagined deals; after {played}, in {_percent(lesson.played)}."]
        if f.foot_left or f.foot_reds:
            reds = f", and its red threes -{f.foot_reds}" if f.foot_reds else ""
            lines.append(f"In the game you never picked up your foot in deal {f.deal}: its cards counted "
                         f"-{f.foot_left} on the score sheet{reds}.")
        return lines
    if lesson.fact is Fact.PILE:
        who = printable(f.next_seat) or "the next player"
        lines = [f"After {played}, {who} took the pile at their turn in {_percent(lesson.played)} of "
                 f"{deals} imagined deals, {lesson.cards:.0f} cards on average; after {better}, in "
                 f"{_percent(lesson.preferred)}."]
        if f.handed and f.pile is None:  # with the pile's own sentence, that sentence says it
            lines.append(f"In the game {who} took {_cards(f.handed)} from the pile.")
        return lines
    when = "this turn" if f.kind in (MistakeKind.PILE_NOT_TAKEN, MistakeKind.PILE_TAKEN) else "by your next turn"
    if lesson.fact is Fact.BOOKS:
        # tenths, or hundredths where tenths would show two near figures as one or as a tenth apart
        places = 1 if abs(round(lesson.preferred, 1) - round(lesson.played, 1)) >= 0.2 else 2
        return [f"With {better} your side closed {lesson.preferred:.{places}f} books {when} on average over {deals} "
                f"imagined deals; after {played}, {lesson.played:.{places}f}."]
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
    took = f"{who} took {_cards(cards)} from the pile"
    deals = f"{pile.samples} imagined deals"
    if highest - lowest <= PILE_ALIKE:
        return (f"{took}, but every card you held gave {who} the pile about as often: {_percent(lowest)} to "
                f"{_percent(highest)} of {deals}.")
    if pile.about_as_often:
        return (f"{took}. Your {_thrown(played)} gave it in {_percent(pile.played)} of {deals} and the safest "
                f"card in {_percent(lowest)}: too few deals apart to call any card clearly safer.")
    safest, share = pile.safest()
    return (f"{took}. The {_thrown(safest)} would have given it in {_percent(share)} of {deals}; your "
            f"{_thrown(played)} gave it in {_percent(pile.played)}.")


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def _thrown(discard: str) -> str:
    """The card a discard throws, as the table names it: ``discard 10H`` -> ``10``."""
    return notation_text(discard).removeprefix("discard ")
