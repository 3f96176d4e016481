"""``hf practice``: each clear mistake a review found is put back to the seat; the answer is judged
as the review judges a move (the same random numbers, so the game's move costs what the review
said); bad input is answered, never a traceback; the review is kept in the data folder."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from pytest import MonkeyPatch

from hfcli.cli import main
from hfcli.engine.moves import parse_move
from hfcli.reports.practice import Practice
from hfcli.reports.review_text import lesson_sentences
from hfcli.review import Review, assess_position, decision_points, decision_seed, estimate, expert_at

GOLDEN = Path(__file__).resolve().parent.parent / "transcripts" / "golden"
MIXED = GOLDEN / "classic-mixed-seed2.jsonl"
RANDOM_SEAT = 3  # East, the random player
SAMPLES = 16
MOVE = 352


def review_of_a_mistake() -> Review:
    # East's move 352 of the golden classic-mixed game: a random discard of a six where the expert
    # adds a king that closes a dirty book; at 16 imagined deals its cost's interval lies above the
    # mistake's threshold.
    position = next(p for p in decision_points(MIXED, RANDOM_SEAT, SAMPLES)[0] if p.number == MOVE)
    one = assess_position(position)
    judged, finding = one.assessed, one.finding
    assert finding is not None and finding.played == "discard 6" and finding.preferred == "add K"
    assert finding.is_mistake and finding.grade == "mistake"
    return Review(str(MIXED), RANDOM_SEAT, "East", SAMPLES, 1, [finding], ["NS", "EW"], seat_short="E",
                  assessed=[judged], side=1)


def test_practice_judges_an_answer_as_the_review_judges_a_move() -> None:
    result = review_of_a_mistake()
    finding = result.findings[0]
    practice = Practice(MIXED, result)
    assert len(practice.drills) == 1 and practice.prompt == "practice 1/1> "
    shown = "\n".join(practice.position_lines())
    assert f"Position 1 of 1: move {MOVE}, deal 2" in shown and "In the game East played discard 6 here." in shown
    assert "Your hand" in shown  # the table as the seat saw it

    # The game's own move costs what the review said, to the point; a clearly costly answer gets one
    # more try, and the position stays.
    said = practice.handle("discard 6")
    assert finding.samples == 16 and finding.low > 150
    assert said == [f"discard 6: about {round(finding.cost)} points worse than the expert's add K "
                    f"(95% interval {round(finding.low)} to {round(finding.high)}, 16 imagined deals): a mistake. "
                    f"The expert's add K: closes a dirty book of kings.",
                    "One more try: what would you play instead?"]
    assert not practice.finished and practice.first is not None and practice.first.verdict == "mistake"
    assert (practice.first.cost, practice.first.low) == (finding.cost, finding.low)
    # Clearly costly again: graded, then the lesson of the imagined deals and the expert's move.
    second = practice.handle("discard 6")
    assert second[0] == said[0] and second[-1] == "The expert plays add K here."
    assert second[1:-1] == lesson_sentences(finding) and second[1:-1]
    assert practice.finished and practice.answers[0].verdict == "mistake" and practice.answers[0].tries == 2
    assert practice.tally() == ["Practice over: 1 of 1 positions answered; 0 the expert's choice, 0 good, "
                                "1 still clearly costly, 0 skipped."]

    again = Practice(MIXED, result)
    assert again.handle("add K")[0].startswith("The expert's choice: add K.")
    assert again.answers[0].verdict == "expert" and again.answers[0].tries == 1

    # Found at the second try: counted so.
    late = Practice(MIXED, result)
    late.handle("discard 6")
    assert late.handle("add K")[0].startswith("The expert's choice: add K.") and late.finished
    assert late.tally() == ["Practice over: 1 of 1 positions answered; 1 the expert's choice (0 at the first try, "
                            "1 at the second), 0 good, 0 still clearly costly, 0 skipped."]

    # Another answer is costed on the review's imagined deals, from the decision's own seed.
    third = Practice(MIXED, result)
    drill = third.drill
    other = next(m for m in drill.game.legal_moves() if str(m) not in ("discard 6", "add K")
                 and m.kind.value == "discard")
    _, knowledge = expert_at(drill.view, drill.game.seed)
    costed = estimate(drill.view, other, parse_move("add K"), SAMPLES, decision_seed(drill.game, MOVE), knowledge)
    cost, low, high, used = costed.cost, costed.low, costed.high, costed.samples
    answer = third.handle(str(other))[0]
    assert f"(95% interval {round(low):.0f} to {round(high):.0f}, {used} imagined deals)" in answer
    judged = third.first if third.first is not None else third.answers[0]
    assert judged.cost == round(cost, 1)
    assert third.tally()[0].startswith("Practice over: 1 of 1 positions answered;")


def test_bad_input_in_practice_is_answered_and_the_position_stays() -> None:
    practice = Practice(MIXED, review_of_a_mistake())
    assert practice.handle("hint") == [
        "No hint in practice: the point is to find the move yourself (skip goes on to the next)."]
    assert practice.handle("frobnicate")[0].startswith("Unknown command 'frobnicate'")
    assert practice.handle("draw") == ["Not allowed here: C-DRAW: you have already drawn this turn"]
    assert practice.handle("discard")[0].startswith("Can't read that:")
    assert practice.handle("discard \x1b[31m9")[0].startswith("Can't read that:")
    assert "\x1b" not in "".join(practice.handle("\x1b[2J"))  # a control character is never echoed raw
    assert practice.handle("") == [] and practice.handle("help")[0].startswith("Type the move you would play")
    assert not practice.finished and practice.answers == []
    assert practice.handle("skip") == ["Skipped."] and practice.finished
    assert practice.tally() == ["Practice over: 1 of 1 positions answered; 0 the expert's choice, 0 good, "
                                "0 still clearly costly, 1 skipped."]


def test_hf_practice_reads_lines_from_a_pipe_and_leaves_at_their_end(monkeypatch: MonkeyPatch) -> None:
    import hfcli.cli.review as reviewing

    monkeypatch.setattr(reviewing, "review_for", lambda *args: review_of_a_mistake())
    result = CliRunner().invoke(main, ["practice", "--seat", "E", str(MIXED)], input="hint\n")
    assert result.exit_code == 0, result.output
    assert "practice 1/1> hint\nNo hint in practice" in result.output
    assert result.output.rstrip().endswith("0 skipped, 1 not reached.")  # the input ended: the tally so far
    quit_ = CliRunner().invoke(main, ["practice", "--seat", "E", str(MIXED)], input="quit\nadd 5\n")
    assert quit_.exit_code == 0 and "The expert's choice" not in quit_.output


def test_hf_practice_on_a_file_that_is_no_transcript_is_a_one_line_error(tmp_path: Path) -> None:
    bad = tmp_path / "notes.jsonl"
    bad.write_text("hello\n")
    result = CliRunner().invoke(main, ["practice", str(bad)])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_a_review_is_kept_in_the_data_folder_and_practice_reads_it(tmp_path: Path, monkeypatch: MonkeyPatch) -> None:
    import hfcli.review as review_module

    monkeypatch.setenv("HF_DATA_DIR", str(tmp_path / "data"))
    path = GOLDEN / "quick-normal-seed8.jsonl"
    first = CliRunner().invoke(main, ["review", "--seat", "E", "--samples", "4", "--json", str(path)])
    assert first.exit_code == 0, first.output
    kept = list((tmp_path / "data" / "reviews").glob("*.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text())["format"] == "hfcli-review-cache"

    def no_second_review(*args: object, **kwargs: object) -> Review:
        raise AssertionError("the kept review should have been read")

    monkeypatch.setattr(review_module, "review", no_second_review)
    again = CliRunner().invoke(main, ["review", "--seat", "E", "--samples", "4", "--json", str(path)])
    assert again.exit_code == 0 and json.loads(again.output) == json.loads(first.output)
    practice = CliRunner().invoke(main, ["practice", "--seat", "E", "--samples", "4", str(path)], input="")
    assert practice.exit_code == 0 and "Practice over:" in practice.output


def test_a_file_in_the_review_folder_that_is_not_a_kept_review_is_never_replaced(tmp_path: Path) -> None:
    from hfcli.review import cache_path, read_cached, write_cached

    result = review_of_a_mistake()
    where = cache_path(tmp_path, b"a transcript", RANDOM_SEAT, SAMPLES)
    where.write_text("someone's notes")
    assert read_cached(where) is None and not write_cached(where, result)
    assert where.read_text() == "someone's notes"
    other = cache_path(tmp_path, b"another transcript", RANDOM_SEAT, SAMPLES)
    assert write_cached(other, result)
    back = read_cached(other)
    assert back is not None and back.findings == result.findings and back.assessed == result.assessed
