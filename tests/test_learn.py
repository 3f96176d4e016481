"""hf learn: every lesson walked with its right moves and each wrong one, the words drawn from
the rule text and the engine's refusals, the guided deal's steps, and the command."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from hfcli.cli import main
from hfcli.engine.rule_ids import RuleId
from hfcli.engine.rules import QUICK
from hfcli.learn import LESSONS, lesson_for
from hfcli.learn.course import Lesson, QuoteNotFound, parse, quote, step_start
from hfcli.learn.guided import GUIDED
from hfcli.learn.session import LessonSession
from hfcli.review.decisions import table_key
from hfcli.text.notation import notation_text

ALL = (GUIDED, *LESSONS)


class Screen:
    """What a lesson said, line by line, and since a mark."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.mark = 0

    def __call__(self, text: str) -> None:
        self.lines.extend(text.split("\n"))

    def since(self) -> str:
        text = "\n".join(self.lines[self.mark:])
        self.mark = len(self.lines)
        return text


def started(lesson: Lesson, **kwargs: object) -> tuple[LessonSession, Screen]:
    screen = Screen()
    session = LessonSession(lesson, echo=screen, **kwargs)  # type: ignore[arg-type]
    session.start()
    screen.since()
    return session, screen


@pytest.mark.parametrize("lesson", ALL, ids=[lesson.name for lesson in ALL])
def test_every_lesson_walked_with_each_wrong_move_then_the_right_one(lesson: Lesson) -> None:
    screen = Screen()
    session = LessonSession(lesson, echo=screen)
    session.start()
    said = screen.since()
    for index, step in enumerate(lesson.steps):
        assert session.index == index
        for now in step.tries:
            # What to try is said before each move the step asks for, once.
            assert said.count("Try: " + now.ask.split("{")[0]) == 1
            game = session.host.game
            for wrong in now.wrong:
                before = table_key(game)
                refusal = game.refusal(parse(wrong.move))
                session.handle(wrong.move)
                said = screen.since()
                # A wrong move is never played, and is answered: the table's refusal, or its sentence.
                assert table_key(session.host.game) == before, wrong.move
                if refusal is not None:
                    assert f"Not allowed ({refusal.rule}): {notation_text(refusal.reason)}" in said
                else:
                    assert wrong.why, f"{lesson.name}: {wrong.move} is allowed, so it needs a why"
                    assert wrong.why.split("{")[0][:30] in said
            assert (game.refusal(parse(now.move)) is not None) == now.refused, now.move
            session.handle(now.move)
            said = screen.since()
            if now.refused:
                assert "Not allowed (" in said
            assert now.says.split("{")[0][:30] in said
            if now.quote is not None:
                assert quote(now.quote[0], now.quote[1], QUICK) in said
    assert session.completed and session.finished


def test_a_legal_move_the_lesson_does_not_ask_for_is_not_played() -> None:
    session, screen = started(GUIDED)
    session.handle("draw")
    screen.since()
    before = table_key(session.host.game)
    session.handle("discard A")  # allowed (nothing laid yet), but step 2 asks for a meld
    assert "is allowed here, but it is not the move this lesson is about" in screen.since()
    assert table_key(session.host.game) == before and session.index == 1


def test_a_rule_text_change_shows_in_the_lesson_that_quotes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from hfcli.text import rulebook

    changed = "Any number of completed books of one rank are allowed, side by side on the table."
    text = rulebook.FIXED_TEXTS[RuleId.C_ONEOPEN].replace(
        "Any number of completed books of one rank are allowed.", changed)
    monkeypatch.setitem(rulebook.FIXED_TEXTS, RuleId.C_ONEOPEN, text)
    session, screen = started(lesson_for("books"))  # type: ignore[arg-type]
    session.handle("skip")
    screen.since()
    session.handle("meld K K K")
    assert f'C-ONEOPEN: "{changed}"' in screen.since()


def test_a_quote_the_rule_text_no_longer_holds_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    from hfcli.text import rulebook

    monkeypatch.setitem(rulebook.FIXED_TEXTS, RuleId.C_WILD, "Twos are wild; jokers are not used.")
    with pytest.raises(QuoteNotFound):
        quote(RuleId.C_WILD, "Twos and jokers are wild", QUICK)


def test_figures_come_from_the_rules_the_lesson_plays() -> None:
    rules = QUICK.replace(meld_minimums=(70,))
    session, screen = started(GUIDED, start=3, rules=rules)
    session.handle("discard Q")
    said = screen.since()
    # The engine's refusal and the lesson's sentence both name the minimum of these rules.
    assert "must total at least 70" in said and "must add up to 70 points" in said


def test_rules_hint_back_and_skip() -> None:
    session, screen = started(GUIDED)
    session.handle("rules")
    assert screen.since().startswith("C-DRAW  A turn begins with exactly one of")
    session.handle("hint")
    assert "Hint: type draw" in screen.since()
    session.handle("draw")
    session.handle("meld 4 4 4")  # the step's refused try comes first: this one is not yet asked
    screen.since()
    session.handle("meld 4 4")
    session.handle("meld 4 4 4")
    assert session.index == 2
    session.handle("back")
    assert "The step again" in screen.since() and session.index == 2
    session.handle("skip")
    assert session.index == 3 and len(session.view.my_melds) == 1


def test_topic_lessons_hint_the_choices_not_the_answer() -> None:
    session, screen = started(lesson_for("pile"))  # type: ignore[arg-type]
    session.handle("hint")
    assert screen.since().strip() == "Hint: one of draw, pickup is the move here."


def test_each_step_that_goes_on_starts_where_the_step_before_left_the_table() -> None:
    for index in range(1, len(GUIDED.steps)):
        if not GUIDED.steps[index].table:
            session, _ = started(GUIDED, start=index - 1)
            session.handle("skip")
            assert table_key(session.host.game) == table_key(step_start(GUIDED, index, QUICK))


@pytest.mark.parametrize(("asked", "name"), [
    ("C-PILE", "pile"), ("pile", "pile"), ("c-ratio", "wilds"), ("wild", "wilds"), ("book", "books"),
    ("C-BOOK", "books"), ("going out", "going-out"), ("C-OUT", "going-out"), ("first meld", "first-meld"),
    ("C-MIN", "first-meld"), ("C-KEEP", "foot"), ("feet", "foot"),
])
def test_lesson_for_a_rule_or_a_word(asked: str, name: str) -> None:
    found = lesson_for(asked)
    assert found is not None and found.name == name


def test_lesson_for_something_no_lesson_teaches() -> None:
    assert lesson_for("C-SEAT") is None and lesson_for("chess") is None and lesson_for("") is None


def test_the_topics_the_issue_names_are_covered() -> None:
    assert {"pile", "first-meld", "wilds", "books", "foot", "going-out"} <= {lesson.name for lesson in LESSONS}
    assert all(3 <= len(lesson.steps) <= 5 for lesson in LESSONS)
    assert all(len(step.tries) == 1 and step.tries[0].wrong for lesson in LESSONS for step in lesson.steps)


def test_hf_learn_list_and_an_unknown_topic() -> None:
    listed = CliRunner().invoke(main, ["learn", "--list"])
    assert listed.exit_code == 0 and "pile " in listed.output and "going-out" in listed.output
    unknown = CliRunner().invoke(main, ["learn", "chess"])
    assert unknown.exit_code == 2 and "no lesson on 'chess'" in unknown.output


def test_hf_learn_stops_and_goes_on_from_the_step() -> None:
    first = CliRunner().invoke(main, ["learn"], input="draw\nmeld 4 4\nmeld 4 4 4\nquit\ny\n")
    assert first.exit_code == 0, first.output
    assert "learn goes on from here, step 3 of 11" in first.output
    again = CliRunner().invoke(main, ["learn"], input="")
    assert "Going on from where you stopped, step 3 of 11" in again.output
    assert "step 3 of 11: wild cards" in again.output
    # The table is as the learner left it: the fours melded, six cards in hand.
    assert "4: 4♣ 4♦ 4♥ (3, clean" in again.output and "Your hand (6 cards)" in again.output
    restarted = CliRunner().invoke(main, ["learn", "--restart"], input="")
    assert "step 1 of 11: drawing two" in restarted.output


def test_hf_learn_a_topic_from_the_command_line() -> None:
    result = CliRunner().invoke(main, ["learn", "C-PILE"], input="draw\npickup\ndraw\npickup\ndraw\ndiscard 6\n")
    assert result.exit_code == 0
    assert "drawing brings two cards you cannot see" in result.output
    assert "The pile: lesson over" in result.output


def test_the_place_kept_is_the_users_alone_and_a_spoilt_one_starts_afresh(tmp_path: object) -> None:
    import os
    import stat

    from hfcli.system import paths

    CliRunner().invoke(main, ["learn"], input="draw\nquit\ny\n")
    kept = paths.data_dir() / "learn.json"
    assert stat.S_IMODE(os.stat(kept).st_mode) == 0o600
    kept.write_text("not json", encoding="utf-8")
    again = CliRunner().invoke(main, ["learn"], input="")
    assert again.exit_code == 0 and "step 1 of 11: drawing two" in again.output


@pytest.mark.parametrize("lesson", ALL, ids=[lesson.name for lesson in ALL])
def test_skipping_every_step_reaches_the_end(lesson: Lesson) -> None:
    session, screen = started(lesson)
    for index in range(len(lesson.steps)):
        assert session.index == index
        session.handle("skip")
    assert session.completed and "This step cannot be played" not in screen.since()


def test_hf_learn_goes_on_from_the_move_within_a_step_where_it_stopped() -> None:
    # Step 6 (the pile): the refused pickup, the draw, the jack thrown, and the others' fixed moves.
    first = CliRunner().invoke(main, ["learn"], input="skip\n" * 5 + "pickup\ndraw\ndiscard J\nquit\ny\n")
    assert "step 6 of 11" in first.output and "East discards Q" in first.output
    again = CliRunner().invoke(main, ["learn"], input="pickup\nquit\ny\n")
    assert "Going on from where you stopped, step 6 of 11" in again.output
    assert "Try: East threw a queen, and you hold two queens: pickup." in again.output
    assert "You take the pile, 7 cards" in again.output
    assert "West discards" not in again.output  # the others' moves were played before, not again


def test_a_kept_place_past_a_steps_end_goes_on_with_the_next() -> None:
    session, screen = started(GUIDED, start=5, tried=99)
    assert session.index == 6 and session.tried == 0
    assert len(session.view.my_melds) == 3  # step 6 played to its end: the queens melded from the pile
    session2, _ = started(GUIDED, start=1, tried=1)
    assert session2.tried == 1 and len(session2.view.hand) == 9  # the refused try played nothing


def test_lesson_for_a_kind_of_mistake_the_review_names() -> None:
    from hfcli.learn.lessons import MISTAKE_LESSONS
    from hfcli.review import MistakeKind

    assert set(MISTAKE_LESSONS) <= {str(kind) for kind in MistakeKind}
    found = lesson_for(str(MistakeKind.PILE_GIVEN))
    assert found is not None and found.name == "pile"
    found = lesson_for(str(MistakeKind.GOING_OUT))
    assert found is not None and found.name == "going-out"
