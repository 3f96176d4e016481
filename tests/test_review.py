"""``hf review``: a clearly worse choice is reported with a cost whose interval excludes zero; the
expert's own choice is not reported; the report and its JSON on a recorded game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import position
from pytest import MonkeyPatch

from ai.expert import ExpertPlayer
from hfcli.cli import main
from hfcli.engine.moves import DRAW, PICKUP
from hfcli.review import MistakeKind, assess, assess_position, decision_points

# One clean, two dirty and a wild book down, and four kings open: the king on the pile closes the
# second clean book, which is all North-South still need to go out, and the 5 5 under it let South
# meld every card but the 4 and go out at once. Two cards are left in the stock, so a draw leaves the
# kings one short when the deal ends (C-END: West finds the stock empty).
TABLE = (
    "NS melds: QC QD QH QS QC QD QH / JC JD JH JS JC JD 2C / TC TD TH TS TC TD 2D / 2H 2S JK JK 2H 2S JK"
    " / KH KS KH KS\nNS opened\n"
)
CLOSES_THE_BOOK = (
    "S hand: KC KD 9C 9D 9H 5C\nS foot: -\nN hand: 7C 7D 7S 8H JH\nN foot: -\n"
    "W hand: 8C 8D 6C 6D 4C\nE hand: 8H 8S 6H 6S 4D\n" + TABLE + "pile: 4C 5H 5S KD\nstock: 8S 7H\nturn: S draw"
)


def test_drawing_instead_of_taking_the_pile_that_closes_the_last_book_is_a_costly_mistake() -> None:
    game = position(CLOSES_THE_BOOK)
    assert ExpertPlayer(game.seed, 0).choose(game.view(0)).move == PICKUP
    finding = assess(game, 0, DRAW, samples=24, seed=5)
    assert finding is not None and finding.preferred == "pickup" and finding.kind == MistakeKind.PILE_NOT_TAKEN
    assert finding.low > 0 and finding.is_mistake  # the whole 95% interval is above zero
    # The pile is worth the clean book of kings (500) and going out (100), less the imagined deals
    # where the two cards drawn bring the missing king, and the few card points the lines differ by.
    assert 300 <= finding.cost <= 700


def test_the_expert_s_own_choice_is_not_reported() -> None:
    game = position(CLOSES_THE_BOOK)
    assert assess(game, 0, PICKUP, samples=8, seed=5) is None


def test_a_review_of_a_recorded_game_as_text_and_as_json(tmp_path: Path) -> None:
    path = Path(__file__).resolve().parent.parent / "transcripts" / "golden" / "quick-normal-seed8.jsonl"
    result = CliRunner().invoke(main, ["review", "--seat", "S", "--samples", "4", "--json", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["seat"] == "South" and data["samples"] == 4 and data["decisions"] > 0
    assert data["compared"] == len(data["mistakes"]) + len(data["not_clear"])
    assert all(m["low"] > 0 for m in data["mistakes"]) and all(m["low"] <= 0 for m in data["not_clear"])
    assert data["lost"] == round(sum(m["cost"] for m in data["mistakes"]), 1)
    text = CliRunner().invoke(main, ["review", "--seat", "S", "--samples", "4", str(path)])
    assert text.exit_code == 0 and " ".join(text.output.split()).startswith(
        f"Review of {path} for South: {data['decisions']} decisions")
    assert all(len(line) <= 80 for line in text.output.splitlines())  # a report kept in a file fits a terminal
    assert "Estimated points lost in the game:" in text.output


def test_a_game_with_no_human_needs_a_seat() -> None:
    path = Path(__file__).resolve().parent.parent / "transcripts" / "golden" / "quick-normal-seed8.jsonl"
    result = CliRunner().invoke(main, ["review", str(path)])
    assert result.exit_code == 2 and "say which seat to review with --seat" in result.output


def test_the_report_shows_suits_and_wraps_between_words_to_the_terminal() -> None:
    from hfcli.reports.review_text import review_lines
    from hfcli.review import Finding, Review

    finding = Finding(
        number=141, deal=1, played="discard 7", preferred="discard 6", reason="a single six",
        kind="discard", cost=162.0, low=103.0, high=220.0, samples=96, hand=["JK", "TD", "TH", "7H", "6H"],
        pile_top="8H", pile_size=24, score=[0, 0], turn=37, next_seat="West", next_hand=9, next_known=["KD", "KS"],
    )
    result = Review("game.jsonl", 0, "South", 96, 64, [finding], ["NS", "EW"], seat_short="S")
    wide = list(review_lines(result, ascii=False))
    assert ("A cost is in points of the deal, the expert's choice against the move played: above zero, "
            "the move played did worse.") in wide
    assert ("Move 141, deal 1, turn 37 (discard), an inaccuracy: you played discard 7; the expert prefers "
            "discard 6: a single six.") in wide
    assert "  West, next to play, holds 9 cards; known (taken from the pile): K♦ K♠." in wide
    # the position before move 141, the command on a line of its own
    try_it = wide.index("  Try it from before the move:")
    assert wide[try_it + 1] == "    hf play --from game.jsonl:140 --seat S"
    assert "  Your hand: JK×1 JK │ 10×2 10♦ 10♥ │ 7×1 7♥ │ 6×1 6♥" in wide
    assert "  Pile: 8♥ on top, 24 cards; score so far NS 0, EW 0." in wide  # as the table says it
    assert "  Your hand: JKx1 JK | 10x2 10D 10H | 7x1 7H | 6x1 6H" in review_lines(result, ascii=True)
    narrow = list(review_lines(result, ascii=False, width=40))
    assert all(len(line) <= 40 for line in narrow)
    try_it = narrow.index("  Try it from before the move:")
    assert narrow[try_it + 1:try_it + 3] == ["    hf play --from game.jsonl:140 \\", "      --seat S"]
    assert " ".join(line.strip() for line in narrow).replace(" \\", "") == " ".join(line.strip() for line in wide)
    # a line's continuation is indented two more than the line it continues
    cost = narrow.index("  Cost: about 162 points (95% interval")
    assert narrow[cost + 1] == "    103 to 220, 96 imagined deals)."


def test_the_report_gives_the_expert_s_reason_without_its_search_s_own_figure() -> None:
    from hfcli.engine.reasons import ReasonKind, reason
    from hfcli.reports.review_text import review_lines
    from hfcli.review import Finding, Review
    from hfcli.text.reason_text import lesson, sentence

    why = reason(ReasonKind.SEARCH_HOLD, instead="add 2 to wild", gain=226.4, private=("instead", "gain"))
    assert sentence(why).endswith("; about 226 points better than add 2 to wild.")  # the search's own figure
    finding = Finding(
        number=126, deal=1, played="add 2 to wild", preferred="discard 4", reason=lesson(why),
        kind="laying down or holding", cost=206.0, low=97.0, high=315.0, samples=64, hand=["AD", "4S", "2D"],
        pile_top="8H", pile_size=23, score=[0, 0], turn=37,
    )
    lines = list(review_lines(Review("game.jsonl", 0, "South", 64, 64, [finding], ["NS", "EW"], seat_short="S")))
    assert ("Move 126, deal 1, turn 37 (laying down or holding), an inaccuracy: you played add 2 to wild; the expert "
            "prefers discard 4: holding the cards that add 2 to wild would start laying.") in lines
    assert "  Cost: about 206 points (95% interval 97 to 315, 64 imagined deals)." in lines


GOLDEN = Path(__file__).resolve().parent.parent / "transcripts" / "golden"


def test_decisions_after_a_random_player_s_melds_were_taken_back_are_reviewed() -> None:
    # In the golden classic-mixed game West (greedy) and East (random) discard after laying
    # melds under the first meld's minimum and taking them back with undo: the expert's imagined
    # deals of those turns once refused the discard the real game allowed (C-MIN), and the review
    # raised IllegalMoveError. These are the first such decisions of each seat.
    path = GOLDEN / "classic-mixed-seed2.jsonl"
    for seat, number, played in ((1, 150, "discard 8"), (3, 179, "discard JK"), (3, 760, "discard K")):
        positions, _ = decision_points(path, seat, 2)
        position = next(p for p in positions if p.number == number)
        assert position.played == played
        one = assess_position(position)
        judged, finding = one.assessed, one.finding
        assert judged.number == number and judged.played == played
        assert finding is None or (finding.number == number and finding.played == played)


def test_an_interrupted_review_reports_the_decisions_assessed_before_ctrl_c(monkeypatch: MonkeyPatch) -> None:
    import hfcli.review as reviewing

    path = GOLDEN / "quick-normal-seed8.jsonl"
    whole = reviewing.review(path, 0, samples=2)
    calls = 0
    real_judge = reviewing.run.judge

    def judge_until_ctrl_c(*args: Any, **kwargs: Any) -> reviewing.Judged:
        nonlocal calls
        calls += 1
        if calls == 4:
            raise KeyboardInterrupt
        return real_judge(*args, **kwargs)

    monkeypatch.setattr(reviewing.run, "judge", judge_until_ctrl_c)
    heard: list[tuple[int, int]] = []
    part = reviewing.review(path, 0, samples=2, on_progress=lambda done, total: heard.append((done, total)))
    assert part.interrupted and part.reviewed == 3 and part.decisions == whole.decisions
    assert heard == [(1, whole.decisions)] * 3  # each decision heard of as it was assessed
    first_three = {p.number for p in reviewing.decision_points(path, 0, 2)[0][:3]}
    assert part.findings == [f for f in whole.findings if f.number in first_three]

    calls = 0
    result = CliRunner().invoke(main, ["review", "--seat", "S", "--samples", "2", "--json", str(path)])
    assert result.exit_code == 130  # as a shell expects of a command stopped by Ctrl-C
    data = json.loads(result.output)
    assert data["interrupted"] is True and data["reviewed"] == 3 and data["decisions"] == whole.decisions
    calls = 0
    text = CliRunner().invoke(main, ["review", "--seat", "S", "--samples", "2", str(path)])
    assert text.exit_code == 130
    assert " ".join(text.output.split()).startswith(
        f"Review of {path} for South: 3 of {whole.decisions} decisions looked at before the review was interrupted,")


def test_a_review_in_two_processes_finds_what_one_process_finds() -> None:
    from hfcli.review import review

    path = GOLDEN / "quick-normal-seed8.jsonl"
    one = review(path, 1, samples=2)
    two = review(path, 1, samples=2, jobs=2)
    assert two.findings == one.findings and two.decisions == one.decisions and not two.interrupted


def test_two_moves_that_throw_the_same_card_are_one_choice() -> None:
    from hfcli.engine.moves import parse_move
    from hfcli.review import same_choice

    west = "W hand: 8C 8D 6C 6D 4C\nE hand: 8H 8S 6H 6S 4D\nN hand: 9C 9D 5S"
    game = position(f"S hand: 3S 7C 7D KH QS\n{west}\npile: 5D\nturn: S meld")
    move = parse_move
    assert same_choice(game, move("discard 3S"), move("discard 3"))  # the hand's only three
    assert same_choice(game, move("discard 7C"), move("discard 7D"))  # a seven's suit does not count
    assert not same_choice(game, move("discard 7"), move("discard K"))
    assert not same_choice(game, move("discard 3"), move("discard 7"))


def test_answering_yes_and_answering_no_are_two_choices() -> None:
    # The answer to "may I go out?" moves no card: only the permission the asker is left with
    # tells yes from no, and the review must weigh the expert's other answer.
    from hfcli.engine.moves import ASK, NO, YES
    from hfcli.review import same_choice

    books = "NS melds: Q Q Q Q Q Q Q / J J J J J J 2 / T T T T T T 2 / 2 2 JK JK 2 2 JK\nNS opened\n"
    game = position(books + "S hand: 9 9 9 5\nS foot: -\nN hand: 7 7 8\nN foot: -\nW hand: 8 6 4\n"
                    "E hand: 8 6 4\npile: 4 5\nturn: S meld")
    game.apply(ASK)
    assert {str(m) for m in game.legal_moves()} == {"yes", "no"}
    assert not same_choice(game, YES, NO)
    assert same_choice(game, NO, NO)


def test_a_discard_with_no_other_choice_is_not_a_decision() -> None:
    from hfcli.engine.moves import parse_move
    from hfcli.review import is_decision

    others = "W hand: 8 6 4\nN hand: 9 9 5\nE hand: 8 6 4\npile: 5\nturn: S meld"
    # Two sevens and nothing to lay: either seven is thrown, the same choice.
    assert not is_decision(position(f"S hand: 7C 7D\n{others}"), 0, parse_move("discard 7D"))
    assert is_decision(position(f"S hand: 7C 7D 9\n{others}"), 0, parse_move("discard 7D"))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(p.name for p in GOLDEN.glob("*.jsonl")))
def test_every_seat_of_a_golden_game_is_reviewed_to_the_end(name: str) -> None:
    # Every table size and level there is, random and greedy seats among them: the positions a
    # person can reach, where a rule-based choice inside the imagined deals was once illegal.
    from hfcli.review import review

    path = GOLDEN / name
    seats = len(decision_points(path, 0, 1)[1].seats)
    for seat in range(seats):
        result = review(path, seat, samples=2, jobs=2)
        assert not result.interrupted and result.reviewed == result.decisions
        assert len(result.assessed) == result.decisions > 0
        assert all(a.grade == "best" or a.number in {f.number for f in result.findings} for a in result.assessed)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["classic", "eleven", "quick"]), seed=st.integers(0, 2**31 - 1),
       steps=st.integers(0, 300))
def test_any_decision_in_a_position_random_play_reaches_is_costed_without_an_illegal_move(
    preset: str, seed: int, steps: int
) -> None:
    # Random play leaves what no AI would (melds under the first meld's minimum, a pile taken for a
    # meld not yet made): the expert must propose a legal move there, and the rule-based players in
    # the imagined deals of both moves must too, to the end of each rollout.
    import random

    from hfcli.engine.game import Game
    from hfcli.engine.rules import preset as rules_preset
    from hfcli.review import is_decision

    game = Game(rules_preset(preset), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_moves()))
    if game.is_over:
        return
    seat = game.to_move
    # Lay-downs most of all: a turn's melds not yet at the minimum are where the players once failed.
    lays = [m for m in game.legal_moves() if m.kind in ("meld", "add")]
    if lays and rng.random() < 0.7:
        game.apply(rng.choice(lays))
        lays = [m for m in game.legal_moves() if m.kind in ("meld", "add")]
    move = rng.choice(lays if lays and rng.random() < 0.7 else game.legal_moves())
    expert = ExpertPlayer(seed, seat).choose(game.view(seat)).move
    assert game.refusal(expert) is None, f"the expert proposed {expert}: {game.refusal(expert)}"
    if is_decision(game, seat, move):
        assess(game, seat, move, samples=2, seed=seed)


# South holds A A 2 6 with its foot unpicked; NS have nines and kings open. Melding A A 2 leaves the
# 6, and discarding it empties the hand: the foot comes up this turn, whatever the hidden cards.
# Adding the 2 to the nines leaves A A 6: a discard leaves two cards, and the foot stays down.
EMPTIES_THE_HAND = (
    "S hand: A A 2 6\nS foot: 4 5 7 8 10 J Q K 4 5 7\nW hand: 7 8 10 J Q\nN hand: 4 5 8 10 J\n"
    "E hand: 5 7 8 J Q\nNS melds: 9 9 9 / K K K K\nNS opened\nEW opened\nEW melds: Q Q Q\npile: 4 6\nturn: S meld"
)


def test_the_imagined_deals_show_the_foot_reached_by_emptying_the_hand() -> None:
    from hfcli.engine.moves import parse_move
    from hfcli.reports.review_text import lesson_sentences
    from hfcli.review import Fact, estimate

    game = position(EMPTIES_THE_HAND)
    costed = estimate(game.view(0), parse_move("add 2 to 9"), parse_move("meld A A 2"), 16, 3)
    assert costed.samples == 16
    assert costed.after_preferred.foot == 1.0 and costed.after_played.foot == 0.0
    finding = assess(game, 0, parse_move("add 2 to 9"), samples=16, seed=3)
    assert finding is not None and finding.preferred == "meld A A 2"
    lesson = finding.lesson()
    assert lesson is not None and lesson.fact is Fact.FOOT and (lesson.preferred, lesson.played) == (1.0, 0.0)
    assert finding.rule == "C-FOOT"
    # The nines were clean (9 9 9): the 2 added makes them dirty, which the expert's meld does not.
    assert finding.dirtied == 6 and finding.book_bonuses == (500, 300)  # rank 6 is the nine
    assert lesson_sentences(finding) == [
        "The 2 you added makes your clean meld of nines dirty: closed, it scores 300 as a book rather than 500.",
        f"With meld A A 2 you pick up your foot this turn in 100% of {finding.samples} imagined deals; "
        "after add 2 to 9, in 0%."]


def test_a_discard_the_next_player_picked_up_is_marked_with_the_pile_it_took() -> None:
    # East's move 156 of the golden classic-mixed game is a discard of a king; the next move, 157,
    # is South's pickup of the pile, which then held four cards (the transcript's own lines).
    lines = [json.loads(line) for line in (GOLDEN / "classic-mixed-seed2.jsonl").read_text().splitlines()]
    moves = {n: line for n, line in enumerate((line for line in lines if line.get("e") == "move"), 1)}
    assert (moves[156]["seat"], moves[156]["move"]) == ("E", "discard K")
    assert (moves[157]["seat"], moves[157]["move"]) == ("S", "pickup")
    points = {p.number: p for p in decision_points(GOLDEN / "classic-mixed-seed2.jsonl", 3, 4)[0]}
    assert points[156].handed == 4
    assert all(p.handed == 0 for n, p in points.items() if n + 1 not in moves or moves[n + 1]["move"] != "pickup")


def test_try_it_is_written_the_way_the_game_was_started_and_kept_whole() -> None:
    from hfcli.reports.review_text import review_lines
    from hfcli.review import Finding, Review

    finding = Finding(
        number=141, deal=1, played="discard 7", preferred="discard 6", reason="", kind="discard",
        cost=500.0, low=450.0, high=550.0, samples=96, hand=["7H", "6H"], pile_top="8H", pile_size=3, score=[0, 0],
    )
    path = "/home/someone/.local/share/hfcli/transcripts/2026-12-04T21-01-05-seed7 copy.jsonl"
    result = Review(path, 0, "South", 96, 64, [finding], ["NS", "EW"], seat_short="S")
    lines = list(review_lines(result, ascii=True, width=80, program=".venv/bin/hf"))
    try_it = lines.index("  Try it from before the move:")
    # The command as a shell reads it back: the path whole, on a line of its own.
    assert lines[try_it + 1:try_it + 4] == [
        "    .venv/bin/hf play --from \\",
        "      '/home/someone/.local/share/hfcli/transcripts/2026-12-04T21-01-05-seed7 copy.jsonl:140' \\",
        "      --seat S",
    ]
    assert not any(line.startswith("  Try it: hf ") for line in lines)


def test_a_wild_added_to_a_clean_meld_makes_it_dirty_but_not_to_a_dirty_one() -> None:
    from hfcli.engine.moves import parse_move
    from hfcli.review.decisions import dirtied

    # NS hold clean nines (9 9 9) and dirty kings (K K K 2): a 2 added to the nines makes them
    # dirty; added to the kings, they were dirty already; where the expert adds it to the nines
    # too, the move played made nothing dirty the expert's did not.
    game = position(EMPTIES_THE_HAND.replace("NS melds: 9 9 9 / K K K K", "NS melds: 9 9 9 / K K K 2"))
    nines, kings = parse_move("add 2 to 9"), parse_move("add 2 to K")
    assert dirtied(game, 0, nines, parse_move("meld A A 2")) == 6  # the nine's rank
    assert dirtied(game, 0, kings, parse_move("meld A A 2")) == -1
    assert dirtied(game, 0, nines, nines) == -1


def test_a_wild_card_spent_on_natural_cards_where_the_expert_grows_the_wild_meld_is_said() -> None:
    from hfcli.engine.moves import parse_move
    from hfcli.reports.review_text import lesson_sentences
    from hfcli.review import Finding
    from hfcli.review.decisions import wild_meld_grown
    from hfcli.review.run import wild_book

    # NS hold dirty kings (K K K 2) and a meld of three wild cards (2 2 JK). The 2 added to the kings,
    # where the expert adds it to the wild cards, takes that meld from 3 to 4 of the 7 a wild book
    # needs (classic: worth 1500, and a side needs one to go out). Starting a wild meld counts from
    # none; a move that lays no wild card on natural cards, or lays as many on the wild meld, is not one.
    game = position(EMPTIES_THE_HAND.replace("NS melds: 9 9 9 / K K K K", "NS melds: 9 9 9 / K K K 2 / 2 2 JK"))
    kings, wilds = parse_move("add 2 to K"), parse_move("add 2 to wild")
    assert wild_meld_grown(game, 0, kings, wilds) == (3, 4)
    assert wild_meld_grown(game, 0, parse_move("discard 6"), wilds) == (0, 0)
    assert wild_meld_grown(game, 0, wilds, wilds) == (0, 0)
    assert wild_meld_grown(game, 0, parse_move("meld A A 2"), wilds) == (3, 4)
    assert wild_book(game, 0) == (7, 1500, 1)
    bare = position(EMPTIES_THE_HAND.replace("NS melds: 9 9 9 / K K K K", "NS melds: 9 9 9 / K K K 2"))
    assert wild_meld_grown(bare, 0, kings, parse_move("meld 2 2 2")) == (0, 3)  # started: from none
    finding = Finding(number=9, deal=1, played="add 2 to K", preferred="add 2 to wild", reason="", kind="discard",
                      cost=300.0, low=200.0, high=400.0, samples=64, wild_meld=(3, 4), wild_book=(7, 1500, 1))
    assert lesson_sentences(finding) == [
        "With add 2 to wild your meld of wild cards grows to 4 of the 7 cards a wild book needs: closed, it scores "
        "1500, and your side needs a wild book to go out. You spent the 2 on your kings instead."]
    started = Finding(**{**finding.__dict__, "preferred": "meld 2 2 JK", "played": "add JK to 9",
                         "wild_meld": (0, 3), "wild_book": (7, 1500, 0)})
    assert lesson_sentences(started) == [
        "With meld 2 2 JK you start a meld of wild cards, 3 of the 7 a wild book needs: closed, it scores 1500. "
        "You spent the joker on your nines instead."]


def test_a_pile_handed_over_counts_the_cards_the_pickup_took_not_the_pile() -> None:
    # Quick rules: a pickup takes the top 7 cards. West's discards at moves 50 and 67 of the golden
    # quick game were followed by North's pickups of piles of 19 and 16 cards: 7 cards each.
    points = {p.number: p for p in decision_points(GOLDEN / "quick-normal-seed8.jsonl", 1, 4)[0]}
    assert [(n, p.handed) for n, p in points.items() if p.handed] == [(50, 7), (67, 7)]
