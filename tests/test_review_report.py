"""The review's report: each decision graded from its cost's interval, the accuracy figure, the key
moments, and the chart of the expected margin, in text (block characters or plain ASCII) and JSON."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from hfcli.cli import main
from hfcli.reports.review_text import chart_lines, lesson_sentences, pile_sentence, review_lines
from hfcli.review import (
    Assessed,
    Fact,
    Finding,
    Grade,
    Lesson,
    Outcomes,
    PileHanded,
    PileShares,
    Review,
    grade_of,
    review_from_dict,
)
from hfcli.review.model import lesson_of

GOLDEN = Path(__file__).resolve().parent.parent / "transcripts" / "golden"


def finding(number: int, cost: float, low: float, high: float, deal: int = 1) -> Finding:
    return Finding(number=number, deal=deal, played="discard 7", preferred="discard 6", reason="", kind="discard",
                   cost=cost, low=low, high=high, samples=96, hand=["7H", "6H"], pile_top="8H", pile_size=3,
                   score=[0, 0])


def judged(number: int, grade: Grade = Grade.BEST, low: float = 0.0, margin: float = 0.0, deal: int = 1,
           cost: float = 0.0) -> Assessed:
    return Assessed(number, deal, 1, "discard 7", grade.value, cost, low, 0.0, margin)


def test_a_decision_is_graded_by_the_lower_end_of_its_cost_s_interval() -> None:
    # The thresholds: an inaccuracy above 50 points, a mistake above 150, a blunder above 400.
    assert [grade_of(low) for low in (-300, 0, 50, 51, 150, 151, 400, 401)] == [
        Grade.GOOD, Grade.GOOD, Grade.GOOD, Grade.INACCURACY, Grade.INACCURACY, Grade.MISTAKE, Grade.MISTAKE,
        Grade.BLUNDER]
    # A blunder's cost on average, but the noise leaves it surely only an inaccuracy's.
    noisy = finding(10, cost=600.0, low=120.0, high=1080.0)
    assert noisy.grade is Grade.INACCURACY and noisy.is_mistake
    assert not finding(11, cost=80.0, low=-10.0, high=170.0).is_mistake  # not clearly worse: good


def test_the_accuracy_averages_a_weighted_and_a_harmonic_mean_of_each_decision_s_accuracy() -> None:
    # Each decision: 100 * e^(-cost / 100), at least 1. Four decisions, the margin the same at
    # each (every stake the least, 25: equal weights): three of the expert's own choices (100
    # each) and one that cost 100 points, 100/e = 36.788. The plain mean (336.788 / 4) is 84.197,
    # the harmonic 4 / (3/100 + 1/36.788) = 69.951, the accuracy their mean, 77.07.
    flat = Review("g.jsonl", 0, "South", 96, 4, [], ["NS", "EW"], assessed=[
        judged(1), judged(2), judged(3), judged(4, Grade.GOOD, low=-20.0, cost=100.0)])
    accuracy = flat.accuracy()
    assert accuracy is not None and round(accuracy, 2) == 77.07
    # The same decisions where the margin swung by 200 at the last: four decisions make windows of
    # two, and the last one's window (0, 200) spreads 100, four times the others' stake (25). The
    # weighted mean falls to (3 * 25 * 100 + 100 * 36.788) / 175 = 63.879; with the harmonic mean
    # (69.951, weights play no part in it) the accuracy is 66.9.
    swung = Review("g.jsonl", 0, "South", 96, 4, [], ["NS", "EW"], assessed=[
        judged(1), judged(2), judged(3), judged(4, Grade.GOOD, low=-20.0, cost=100.0, margin=200.0)])
    accuracy = swung.accuracy()
    assert accuracy is not None and round(accuracy, 1) == 66.9
    # A move that did better than the expert's by the estimate (cost below zero) counts 100.
    better = Review("g.jsonl", 0, "South", 96, 2, [], ["NS", "EW"], assessed=[
        judged(1), judged(2, Grade.GOOD, low=-90.0, cost=-40.0)])
    assert better.accuracy() == 100.0
    assert Review("g.jsonl", 0, "South", 96, 0, [], ["NS", "EW"]).accuracy() is None


def test_a_game_thrown_away_with_six_clear_errors_reads_far_below_a_strong_game() -> None:
    # 150 decisions: 144 the expert's own and six that cost 3,230 points in all (900, 700, 600,
    # 450, 330 and 250), the margin flat. Their accuracies: 1 (floor), 1, 1, 100e^-4.5 = 1.111,
    # 100e^-3.3 = 3.688, 100e^-2.5 = 8.208. The plain mean: (14,400 + 16.007) / 150 = 96.107;
    # the harmonic: 150 / (1.44 + 3 + 0.9002 + 0.2711 + 0.1218) = 26.163; the accuracy 61.1,
    # where a plain mean of each decision's accuracy read 96.
    costs = [900.0, 700.0, 600.0, 450.0, 330.0, 250.0]
    assessed = [judged(n) for n in range(1, 145)] + [
        judged(145 + i, Grade.MISTAKE, low=cost - 100, cost=cost) for i, cost in enumerate(costs)]
    accuracy = Review("g.jsonl", 0, "South", 96, 150, [], ["NS", "EW"], assessed=assessed).accuracy()
    assert accuracy is not None and round(accuracy, 1) == 61.1


def test_the_key_moments_are_the_three_costliest_clear_decisions_in_the_order_played() -> None:
    findings = [finding(5, 90, 60, 120), finding(9, 500, 420, 580), finding(20, 300, 200, 400),
                finding(30, 700, -20, 1400), finding(40, 200, 160, 240)]
    result = Review("g.jsonl", 0, "South", 96, 50, findings, ["NS", "EW"], seat_short="S")
    assert [f.number for f in result.key_moments()] == [9, 20, 40]  # 30 is not clear, 5 the cheapest
    text = list(review_lines(result, ascii=True))
    assert "Key moments: the costliest decisions." in text
    assert "Estimated points lost in the game: 1090 (deal 1 1090)" in text
    assert any(line.startswith("Move 9, deal 1 (discard), a blunder: you played discard 7;") for line in text)
    assert ("  move 5 (deal 1, discard), an inaccuracy: discard 7 against discard 6: about 90 (60 to 120)"
            in text)


def test_the_chart_hangs_each_bar_from_the_zero_line_and_marks_the_deals_and_the_key_moments() -> None:
    # Margins +200, +100, -100, -50 over two deals in 14 columns and at most four rows of bars: the
    # labels take four columns and " |" two, so each decision has two of the eight left. One row
    # must stand for 100 points: +200 in one row and -100 in three would need 200 a row, and three
    # rows up and one down 100 as well. So +200 fills two rows (16 eighths), +100 one, -100 hangs one
    # full row below the line and -50 half a row; each extreme is labelled at the row it ends in.
    # The key moment A (decision 3) is written on the zero line at its first column; the second
    # deal's first column is dotted where it is blank, and its number is under it.
    four = [judged(1, margin=200.0), judged(2, margin=100.0), judged(3, margin=-100.0, deal=2),
            judged(4, margin=-50.0, deal=2)]
    assert chart_lines(four, ascii=False, width=14, height=4, marks={3: "A"}) == [
        "+200 ┤██  ┊",
        "     │████┊",
        "   0 ┼────A───",
        "-100 ┤    ██▀▀",
        "deal  1   2",
    ]
    assert chart_lines(four, ascii=True, width=14, height=4, marks={3: "A"}) == [
        "+200 |##  :",
        "     |####:",
        "   0 +----A---",
        '-100 |    ##""',
        "deal  1   2",
    ]
    # All at or above zero, 14 decisions in 8 columns: the zero line is the chart's floor. Each
    # column averages the decisions c*14//8 up to (c+1)*14//8: 0, 37.5, 87.5, 137.5, 175, 212.5,
    # 262.5, 312.5. Two rows for 325 points: 162.5 a row, so in eighths 0, 2, 4, 7, 9, 10, 13, 15.
    # Decisions 2 and 3 are both in the second column: A takes it, B the nearest free one, after it.
    rising = [judged(n, margin=25.0 * (n - 1)) for n in range(1, 15)]
    assert chart_lines(rising, ascii=True, width=14, height=2, marks={2: "A", 3: "B"}) == [
        "+325 |    ..=#",
        "     | .-#####",
        "   0 +-AB-----",
        "deal  1",
    ]


@settings(max_examples=60, deadline=None)
# Once too wide: a deal's number at the last column ran past it.
@example(points=[(0.0, 0)] * 9 + [(0.0, 1)] + [(0.0, 2)] * 4, width=20, ascii=False, key=[])
@given(st.lists(st.tuples(st.floats(-20000, 20000, allow_nan=False), st.integers(0, 2)), min_size=1, max_size=300),
       st.integers(20, 80), st.booleans(), st.lists(st.integers(1, 300), max_size=3, unique=True))
def test_the_chart_fits_its_width_and_is_plain_ascii_where_asked(
    points: list[tuple[float, int]], width: int, ascii: bool, key: list[int]
) -> None:
    deal, series = 1, []
    for number, (margin, step) in enumerate(points, 1):
        deal += step if number > 1 else 0
        series.append(judged(number, margin=margin, deal=deal))
    marks = {number: "ABC"[i] for i, number in enumerate(sorted(key))}
    lines = chart_lines(series, ascii=ascii, width=width, marks=marks)
    assert len(lines) <= 10 and all(len(line) <= width for line in lines)  # 8 rows of bars, the zero line, the deals
    if ascii:
        assert all(line.isascii() for line in lines)
    assert lines[-1].split()[:2] == ["deal", "1"]
    zero = [line for line in lines if line.split()[:1] == ["0"]]
    assert len(zero) == 1  # the zero line, once, with every mark of a decision the chart shows
    shown = sorted(letter for number, letter in marks.items() if number <= len(series))
    assert sorted(c for c in zero[0][6:] if c.isalpha()) == shown[:len(zero[0]) - 6]


def test_for_a_screen_reader_the_chart_is_a_sentence_of_its_figures_and_key_moments() -> None:
    series = [judged(10, margin=0.0), judged(12, margin=-340.0), judged(15, margin=250.0, deal=2),
              judged(19, margin=120.0, deal=2)]
    result = Review("g.jsonl", 0, "South", 64, 4, [finding(12, 300, 200, 400), finding(19, 180, 160, 200, deal=2)],
                    ["NS", "EW"], seat_short="S", assessed=series, side=0)
    from hfcli.reports.review_text import chart_sentence, key_marks
    from hfcli.text.notation import use_spoken_cards
    assert key_marks(result) == {12: "A", 19: "B"}
    assert chart_sentence(result, key_marks(result)) == (
        "NS's expected margin, in points as the seat saw it: 0 at the first of 4 decisions, +120 at the last; "
        "highest +250 at decision 3, lowest -340 at decision 2. Key moments: A at decision 2, move 12 in deal 1, "
        "-340; B at decision 4, move 19 in deal 2, +120.")
    use_spoken_cards(True)
    try:
        text = list(review_lines(result, ascii=True))
    finally:
        use_spoken_cards(False)
    assert chart_sentence(result, key_marks(result)) in text
    assert not any(line.lstrip().startswith(("0 +", "deal ")) for line in text)  # no chart drawn
    assert any(line.startswith("A. Move 12, deal 1") for line in text)
    assert any(line.startswith("B. Move 19, deal 2") for line in text)


def test_the_json_report_holds_the_grades_the_accuracy_and_the_chart_s_series() -> None:
    path = GOLDEN / "quick-normal-seed8.jsonl"
    result = CliRunner().invoke(main, ["review", "--seat", "E", "--samples", "4", "--json", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    series = data["assessed"]
    assert len(series) == data["decisions"] > 0 and sum(data["grades"].values()) == data["decisions"]
    assert [a["number"] for a in series] == sorted(a["number"] for a in series)
    assert data["grades"]["best"] == data["decisions"] - data["compared"]
    assert all(isinstance(a["margin"], float) for a in series) and data["side"] == "EW"
    each = [max(1.0, 100 * math.exp(-max(a["cost"], 0) / 100)) for a in series]
    harmonic = len(each) / sum(1 / a for a in each)
    assert min(each) <= data["accuracy"] <= (max(each) + harmonic) / 2
    clear = {m["number"] for m in data["mistakes"]}
    assert set(data["key_moments"]) <= clear and len(data["key_moments"]) == min(3, len(clear))
    assert data["thresholds"] == {"blunder": 400.0, "mistake": 150.0, "inaccuracy": 50.0}
    text = CliRunner().invoke(main, ["review", "--seat", "E", "--samples", "4", str(path)])
    lines = text.output.splitlines()
    accuracy = next(line for line in lines if line.startswith("Accuracy"))
    assert accuracy.startswith(f"Accuracy {data['accuracy']:.0f} of 100; {data['grades']['best']} best, ")
    assert "EW's expected margin in the game at each decision of East (points, as the seat saw it):" in " ".join(
        text.output.split())
    chart = next(i for i, line in enumerate(lines) if "┤" in line)  # at most nine rows, then the deals' line
    end = next(i for i in range(chart, len(lines)) if lines[i].lstrip().startswith("deal  1"))
    assert end - chart <= 9 and [line.lstrip()[:3] for line in lines[chart:end]].count("0 ┼") == 1
    # Only a path longer than a line is longer than 80 columns, on a line of its own.
    assert all(len(line) <= 80 for line in lines if str(path) not in line)
    assert all(line.strip().startswith(f"{path}:") for line in lines if str(path) in line and len(line) > 80)


def test_all_says_which_moves_beat_the_expert_s_and_counts_those_that_came_out_the_same() -> None:
    # Better by its own interval (wholly below zero), as good or better within the noise (mean
    # below zero, interval across it), not clearly worse (mean above zero), and two that came out
    # the same as the expert's choice in every deal (each figure rounds to 0): said once.
    findings = [
        finding(3, -405.0, -591.0, -218.0), finding(4, -30.0, -120.0, 60.0), finding(5, 40.0, -20.0, 100.0),
        finding(6, 0.0, 0.0, 0.0), finding(7, 0.3, -0.2, 0.4), finding(8, 300.0, 200.0, 400.0)]
    result = Review("g.jsonl", 0, "South", 96, 20, findings, ["NS", "EW"], seat_short="S")
    text = list(review_lines(result, show_all=True, ascii=True))
    assert not any("another choice" in line or "+0 (0 to 0)" in line for line in text)
    at = text.index("Your move was better than the expert's choice (1):")
    assert text[at + 1] == "  move 3 (deal 1): discard 7 against discard 6: about 405 points better (218 to 591)"
    at = text.index("As good as the expert's choice or better, within the noise of the deal (1):")
    assert text[at + 1] == "  move 4 (deal 1): discard 7 against discard 6: about 30 points better (-60 to 120)"
    at = text.index("Not clearly worse than the expert's choice, within the noise of the deal (1):")
    assert text[at + 1] == "  move 5 (deal 1): discard 7 against discard 6: about 40 points worse (-20 to 100)"
    assert ("2 other moves chose otherwise than the expert and came out the same as the expert's choice in every "
            "imagined deal.") in text
    assert not any(line.startswith("  move 6 ") or line.startswith("  move 7 ") for line in text)
    # Without --all none of them is listed; the clear one is a key moment either way.
    plain = list(review_lines(result, ascii=True))
    assert not any(line.startswith("  move 3 ") for line in plain) and any(t.startswith("Move 8,") for t in plain)


def outcomes(foot: float = 0.0, pile: float = 0.0, cards: float = 0.0, books: float = 0.0, out: float = 0.0,
             deals: int = 64, laid: float = 0.0) -> Outcomes:
    return Outcomes(deals, foot, pile, cards, books, out, laid)


def test_the_lesson_is_the_largest_difference_the_imagined_deals_showed_in_the_expert_s_favour() -> None:
    # Differences against each fact's gap: the foot 1.0 - 0.0 = 1.0 (gap 0.3: 3.3 gaps), books
    # 0.9 - 0.3 = 0.6 (gap 0.3: 2 gaps): the foot is the lesson. Where the move played reached
    # the foot more often, that is no lesson for the expert's move: books are.
    assert lesson_of(outcomes(books=0.3), outcomes(foot=1.0, books=0.9)) == Lesson(Fact.FOOT, 1.0, 0.0)
    assert lesson_of(outcomes(foot=1.0, books=0.3), outcomes(books=0.9)) == Lesson(Fact.BOOKS, 0.9, 0.3)
    # The pile: the move played gave it 0.5 more often (2 gaps of 0.25), with 7 cards on average.
    assert lesson_of(outcomes(pile=0.6, cards=7.0), outcomes(pile=0.1)) == Lesson(Fact.PILE, 0.1, 0.6, 7.0)
    # Points laid, in steps of 100: 420 - 0 is 4.2 steps, past books' 0.4 / 0.3 = 1.3.
    assert lesson_of(outcomes(), outcomes(laid=420.0, books=0.4)) == Lesson(Fact.LAID, 420.0, 0.0)
    # Where every difference is under its gap, the largest past half its gap is told as a small
    # lesson: the foot 0.2 (0.67 of its gap), the pile 0.2 (0.8), books 0.2 (0.67), points laid 90 (0.9).
    assert lesson_of(outcomes(foot=0.5, pile=0.3, laid=50.0),
                     outcomes(foot=0.7, pile=0.1, books=0.2, laid=140.0)) == Lesson(Fact.LAID, 140.0, 50.0, small=True)
    # Differences under half their gaps teach nothing.
    assert lesson_of(outcomes(foot=0.5, pile=0.3, laid=50.0),
                     outcomes(foot=0.6, pile=0.2, books=0.1, laid=95.0)) is None


def test_a_key_moment_tells_its_lesson_from_the_deals_and_ties_it_to_the_score_sheet() -> None:
    # The foot reached in every deal after the expert's meld, never after the move played; in the
    # game the seat's foot was never picked up in deal 4 and counted -215 on the score sheet.
    f = dataclasses.replace(
        finding(60, 300.0, 180.0, 420.0, deal=4), played="add 2 to 9", preferred="meld A A 2",
        after_played=outcomes(), after_preferred=outcomes(foot=1.0), foot_left=215)
    result = Review("g.jsonl", 0, "South", 96, 20, [f], ["NS", "EW"], seat_short="S")
    text = " ".join(" ".join(review_lines(result, ascii=True)).split())
    assert ("With meld A A 2 you pick up your foot this turn in 100% of 64 imagined deals; after add 2 to 9, "
            "in 0%. In the game you never picked up your foot in deal 4: its cards counted -215 on the score "
            "sheet.") in text
    assert "The rule: C-FOOT, picking up the foot (hf rules C-FOOT)." in text
    assert result.as_dict()["rules"] == {"60": "C-FOOT"}
    # A red three in that foot: the score sheet's own line for it, -100.
    red = dataclasses.replace(f, foot_left=95, foot_reds=100)
    assert lesson_sentences(red)[1] == ("In the game you never picked up your foot in deal 4: its cards counted -95 on "
                                        "the score sheet, and its red threes -100.")
    # The summary says it once for the deal, whatever the key moments' lessons.
    summary = list(review_lines(Review("g.jsonl", 0, "South", 96, 20, [red], ["NS", "EW"], seat_short="S")))
    assert ("Deal 4: you never picked up your foot; its cards counted -95 on the score sheet, and its red threes "
            "-100.") in summary
    # No large difference: the report says so, and the rule is the kind's (a discard: C-DISCARD).
    plain = dataclasses.replace(f, after_played=outcomes(books=0.1), after_preferred=outcomes(books=0.2))
    assert lesson_sentences(plain) == [
        "The imagined deals show no large difference in the foot, the pile, books, cards laid or going out: the "
        "cost is in the points the deal scores."]
    assert plain.rule == "C-DISCARD"


def test_a_discard_that_handed_over_the_pile_is_judged_against_every_card_held() -> None:
    # Every card within 15 points of every other: about as often, the range given (12.5% shows as
    # 12%: a half rounds to the even figure).
    alike = PileShares(32, 0.25, {"discard 7": 0.25, "discard 9": 0.125, "discard K": 0.1875})
    assert pile_sentence("discard 7", "West", 7, alike) == (
        "West took 7 cards from the pile, but every card you held gave West the pile about as often: 12% to 25% of "
        "32 imagined deals.")
    # The 9 gave it in 4 of 32 deals (12.5%, shown 12%), the 7 played in 20 (62.5%, shown 62%): a cost.
    costly = PileShares(32, 0.625, {"discard 7": 0.625, "discard 9": 0.125, "discard K": 0.5})
    assert pile_sentence("discard 7", "West", 7, costly) == (
        "West took 7 cards from the pile. The 9 would have given it in 12% of 32 imagined deals; your 7 gave it in "
        "62%.")
    # The card played among the safest, though others were riskier: no fault either.
    safest = PileShares(32, 0.0625, {"discard 7": 0.0625, "discard 9": 0.0, "discard K": 0.75})
    assert pile_sentence("discard 7", "West", 7, safest) == (
        "West took 7 cards from the pile. Your 7 gave it in 6% of 32 imagined deals and the safest card in 0%: too "
        "few deals apart to call any card clearly safer.")
    handed = PileHanded(57, 2, "discard 7", "West", 7, alike)
    result = Review("g.jsonl", 0, "South", 96, 20, [], ["NS", "EW"], seat_short="S", handed=[handed])
    text = list(review_lines(result, ascii=True, width=200))
    assert "Discards after which the next player took the pile (1):" in text
    assert any(line.startswith("  move 57 (deal 2), discard 7: West took 7 cards from the pile, but every card")
               for line in text)
    assert review_from_dict(json.loads(json.dumps(result.as_dict()))).handed == [handed]


def test_all_gives_each_clear_decision_beyond_the_key_moments_its_lesson_and_rule() -> None:
    # Four clear decisions: the three costliest are key moments; the fourth (move 5, 90 points)
    # is a line of its own, and with --all its lesson (the pile: 60% against 10% of 64 deals,
    # 7 cards on average) and its rule follow it.
    cheap = dataclasses.replace(finding(5, 90, 60, 120), after_played=outcomes(pile=0.6, cards=7.0),
                                after_preferred=outcomes(pile=0.1), next_seat="West")
    findings = [cheap, finding(9, 500, 420, 580), finding(20, 300, 200, 400), finding(40, 200, 160, 240)]
    result = Review("g.jsonl", 0, "South", 96, 50, findings, ["NS", "EW"], seat_short="S")
    text = list(review_lines(result, show_all=True, ascii=True, width=200))
    at = text.index("  move 5 (deal 1, discard), an inaccuracy: discard 7 against discard 6: about 90 (60 to 120)")
    assert text[at + 1:at + 3] == [
        "    After discard 7, West took the pile at their turn in 60% of 64 imagined deals, 7 cards on average; "
        "after discard 6, in 10%.",
        "    The rule: C-PILE (hf rules C-PILE).",
    ]
    plain = list(review_lines(result, ascii=True, width=200))
    at = plain.index("  move 5 (deal 1, discard), an inaccuracy: discard 7 against discard 6: about 90 (60 to 120)")
    assert not plain[at + 1].startswith("    ")


def test_a_pile_not_taken_says_what_the_pile_held_where_no_fact_differs_by_much() -> None:
    # The pile of 10 cards turned down: points laid 90 against 39, past half the gap of 100 only
    # (a small lesson), nothing else: the pile's own sentence, and its rule.
    f = dataclasses.replace(finding(47, 602.0, 499.0, 704.0), played="draw", preferred="pickup",
                            kind="pile not taken", pile_size=10, after_played=outcomes(laid=39.0),
                            after_preferred=outcomes(laid=90.0, deals=16))
    lesson = f.lesson()
    assert lesson is not None and lesson.small and f.rule == "C-PILE"
    assert lesson_sentences(f) == [
        "Taking the pile puts its 10 cards in your hand, to meld with for the rest of the deal. With pickup your "
        "side laid 90 points of cards on the table this turn on average over 64 imagined deals; after draw, 39."]
    # Quick rules: a pickup takes the top 7 cards of a pile of 19.
    seven = dataclasses.replace(f, pile_size=19, pile_takes=7)
    assert lesson_sentences(seven)[0].startswith("Taking the pile puts its top 7 of 19 cards in your hand, ")


def test_a_wild_card_thrown_away_is_said_so_and_names_the_wild_rule() -> None:
    # discard 2 where the expert melds 9 9 JK: a 2 is wild (C-WILD). No measured fact differs by
    # its gap (60 points laid is under 100), so the wild sentence comes with the plain one.
    f = dataclasses.replace(finding(2, 195.0, 130.0, 260.0), played="discard 2", preferred="meld 9 9 JK",
                            kind="first meld too late or too costly", after_played=outcomes(),
                            after_preferred=outcomes(laid=60.0))
    assert f.threw_a_wild and f.rule == "C-WILD"
    assert lesson_sentences(f)[0] == ("You threw away a wild card: it could have made a meld or a book in your "
                                      "hand, and it counts against you only if it is still there when the deal ends.")
    assert not finding(3, 195.0, 130.0, 260.0).threw_a_wild  # discard 7
    assert dataclasses.replace(f, played="discard JK").threw_a_wild


def test_the_report_ends_with_the_lesson_by_topic_for_its_costliest_clear_mistake(
        capsys: pytest.CaptureFixture[str]) -> None:
    from hfcli.cli.review import _report, lesson_after

    # Two clear mistakes: a discard (C-DISCARD, whose lesson is the pile's) costing 150, and the foot
    # left unpicked (C-FOOT) costing 300: the costlier names the foot's lesson.
    discard = finding(12, 150.0, 60.0, 240.0)
    foot = dataclasses.replace(
        finding(60, 300.0, 180.0, 420.0, deal=4), played="add 2 to 9", preferred="meld A A 2",
        after_played=outcomes(), after_preferred=outcomes(foot=1.0), foot_left=215)
    result = Review("g.jsonl", 0, "South", 96, 20, [discard, foot], ["NS", "EW"], seat_short="S")
    assert lesson_after(result) == "foot"
    assert lesson_after(Review("g.jsonl", 0, "South", 96, 20, [discard], ["NS", "EW"], seat_short="S")) == "pile"
    # No clear mistake: no lesson is suggested.
    small = finding(12, 20.0, -40.0, 80.0)
    assert lesson_after(Review("g.jsonl", 0, "South", 96, 20, [small], ["NS", "EW"], seat_short="S")) is None
    _report(result, as_json=False, show_all=False, ascii_cards=True)
    said = " ".join(capsys.readouterr().out.split())
    assert "To learn the idea behind the costliest mistake: " in said and said.endswith(" learn foot")
