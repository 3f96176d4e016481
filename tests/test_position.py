"""Positions: the whole state as text (docs/position.md), read back into an equal game that plays on
identically; the builder the tests and the AI use; the reader's errors; ``hf replay --position``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from positions import position, position_text

from hfcli.cli import main
from hfcli.engine.errors import PositionError
from hfcli.engine.game import Game
from hfcli.engine.moves import parse_move
from hfcli.engine.position import Position
from hfcli.engine.rules import CLASSIC
from hfcli.transcript import RecordedMove, Visitor, replay
from hfcli.transcript.visitor import PositionAfter

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "transcripts" / "golden").glob("*.jsonl"))
DOC = ROOT / "docs" / "position.md"


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_every_25th_move_of_a_golden_game_rebuilds_and_plays_on_as_recorded(path: Path) -> None:
    marks: list[tuple[int, str, Game, int]] = []

    class Marks(Visitor):
        def move(self, game: Game, move: RecordedMove) -> None:
            if (move.number - 1) % 25 == 0:
                marks.append((move.number - 1, game.to_position(), game.clone(), len(game.events)))

    replayed = replay(path, Marks())
    final, moves = replayed.game, [parse_move(m.move) for m in replayed.moves]
    assert len(marks) == (len(moves) - 1) // 25 + 1
    for done, text, original, events_before in marks:
        rebuilt = Game.from_position(text)
        assert rebuilt == original, f"move {done}"
        assert rebuilt.to_position() == text
        for move in moves[done:]:
            rebuilt.apply(move)
        assert rebuilt.events == final.events[events_before:], f"from move {done}"
        assert rebuilt.results == final.results and rebuilt.result == final.result


def test_the_documented_example_is_a_position_that_reads_back_to_the_same_text() -> None:
    example = re.search(r"```text\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert example is not None
    game = Game.from_position(example.group(1))
    assert game.to_position() == example.group(1)
    # What the example's prose says of it, read off the game.
    west, north = 1, 2
    assert game.to_move == west and game.phase == "meld" and len(game.hands[west]) == 7
    assert game.pile[-1].text == "JC" and [c.text for c in game.stock[-2:]] == ["KS", "AH"]
    assert game.seating.next_seat(west) == north
    game.apply("undo")
    assert sorted(c.text for c in game.hands[west]) == sorted("5C 2S 8H 8H 5S 4D AD AD 2C AS".split())
    assert [len(m.cards) for m in game.teams[1].melds] == [7, 4, 5]


def _built() -> Position:
    """South to move in a small hand-built position, through the public builder."""
    game = position("S hand: 9C 9H 9S KD KS 5C 2D\nNS melds: QC QD QH QS\nturn: S meld")
    return Position.parse(game.to_position())


def test_a_built_position_keeps_what_was_written() -> None:
    position = _built()
    assert [c.text for c in position.deal.hands[0]] == ["9C", "9H", "9S", "KD", "KS", "5C", "2D"]
    assert len(position.deal.teams[0].melds) == 1 and position.deal.teams[0].melds[0].needed == 3
    game = Game.from_position(position)
    game.apply("meld 9 9 9")
    game.apply("add 2 to Q")
    assert [len(m.cards) for m in game.teams[0].melds] == [5, 3]
    # The game is built from a copy: playing it changed nothing in the position.
    assert len(position.deal.hands[0]) == 7 and len(position.deal.teams[0].melds) == 1


def test_the_undo_state_survives_the_text() -> None:
    game = Game.from_position(_built().text())
    game.apply("meld 9 9 9")
    game.apply("add 2 to Q")
    again = Game.from_position(game.to_position())
    assert again == game
    again.apply("undo")
    assert [len(m.cards) for m in again.teams[0].melds] == [4]
    assert sorted(c.text for c in again.hands[0]) == sorted("9C 9H 9S KD KS 5C 2D".split())


BOOKS = (
    "KC KD KH KS KC KD KH / QC QD QH QS QC QD QH / JC JD JH JS JC JD 2C / TC TD TH TS TC TD 2D / 2C 2D 2H 2S JK JK 2C"
)


def test_a_game_in_the_answer_phase_keeps_where_the_turn_returns() -> None:
    game = position(f"S hand: 9 9 9 5\nS foot: -\nN foot: -\nNS melds: {BOOKS}\nNS opened\nturn: S meld")
    game.apply("ask")
    text = game.to_position()
    assert "answer returns to: meld" in text and "to move: N" in text
    again = Game.from_position(text)
    again.apply("yes")
    assert again.phase == "meld" and again.to_move == 0 and again.turn.permission is True


def test_counting_cards_after_a_pickup_are_written_and_read() -> None:
    game = position("S hand: 8 8 K K K A A A 5\npile: 5D 8\nturn: S draw", CLASSIC)
    game.apply("pickup")
    text = game.to_position()
    counting = next(line for line in text.splitlines() if line.startswith("counting:"))
    # The hand before the pickup, less the pair that went to the table: K K K A A A 5 (all clubs).
    assert sorted(counting.split()[1:]) == sorted("KC KC KC AC AC AC 5C".split())
    assert Game.from_position(text) == game


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("hfcli position 1", "hfcli position 2"), "line 1: unsupported position version 2"),
        (("hfcli position 1", "a position"), "line 1: not a position"),
        (("turn: S, meld", "turn: S, dance"), "the phase is draw, meld, answer, over"),
        (("S hand: 9C", "S hand: 9X"), "'9X' is not a card"),
        (("laid: ", "laud: "), "expected the 'laid' line"),
        (("rules: classic", "rules: poker"), "unknown preset 'poker'"),
        (("seed: 0", "seed: minus one"), "seed must be a whole number"),
    ],
)
def test_a_position_the_reader_cannot_read_is_refused_with_its_line(change: tuple[str, str], message: str) -> None:
    text = _built().text()
    old, new = change
    assert old in text
    with pytest.raises(PositionError) as info:
        Position.parse(text.replace(old, new, 1))
    assert message in str(info.value)
    assert str(info.value).startswith("line ")


def test_a_card_more_often_than_the_decks_hold_it_is_refused() -> None:
    # Six nines of clubs in the hand, and the one on the pile.
    text = _built().text().replace("S hand: 9C 9H 9S", "S hand: " + " ".join(["9C"] * 6))
    with pytest.raises(PositionError, match="9C appears 7 times; 5 deck"):
        Position.parse(text)


@pytest.mark.parametrize(
    "short",
    [
        "S hand: 9 9 9 K K 2\nNS melds: Q Q Q / 2 2 JK\nNS opened\nturn: S meld",
        "W hand: 4 5\nN foot: -\nEW red3: 3H\npile: 7 8 K\nstock: 4 5 6\ndeal: 3\nturn: W draw",
    ],
)
def test_the_tests_short_form_writes_the_position_text_the_game_writes_back(short: str) -> None:
    text = position_text(short)
    assert Game.from_position(text).to_position() == text


def test_the_short_form_fills_in_the_dealer_the_deals_before_and_a_picked_up_foot() -> None:
    text = position_text("W hand: 4 5\nN foot: -\nEW red3: 3H\npile: 7 8 K\nstock: 4 5 6\ndeal: 3\nturn: W draw")
    lines = text.splitlines()
    assert "deal: 3, dealer S" in lines and "N foot: picked up" in lines and "S foot: -" in lines
    assert "EW red threes: 3H" in lines and "pile: 7C 8C KC" in lines and "stock: 4C 5C 6C" in lines
    game = Game.from_position(text)
    # Two deals before it that scored nothing: the minimum is deal 3's (C-MIN), the score 0 to 0.
    assert len(game.results) == 2 and game.totals() == (0, 0) and game.minimum_for(1) == 120


def test_a_bare_rank_past_the_shoes_clubs_is_a_spade_and_a_bare_three_stays_black() -> None:
    # Five decks: five nines of clubs. North's exact 9C is set aside before South's bare nines.
    game = position("S hand: 9 9 9 9 9 9 3 3 3 3 3 3\nN hand: 9C")
    assert [c.text for c in game.hands[0]] == ["9C"] * 4 + ["9S"] * 2 + ["3C"] * 5 + ["3S"]
    assert [c.text for c in game.pile] == ["9S"]  # the default pile's nine takes what is left
    with pytest.raises(PositionError, match="3C appears 6 times; 5 deck"):
        position("S hand: " + " ".join(["3"] * 11))  # ten black threes in five decks, not eleven


def test_the_default_stock_is_the_fours_the_position_does_not_name() -> None:
    assert [c.text for c in position("").stock[::-1]] == "4S 4H 4D 4C".split() * 5
    stock = position("S hand: 4 4 4C 4S").stock[::-1]
    # Drawn in the same order, less the named fours from the bottom.
    assert len(stock) == 16 and [c.text for c in stock[:4]] == "4S 4H 4D 4C".split()
    assert [c.text for c in stock].count("4C") == 2 and [c.text for c in stock].count("4S") == 4


def test_hf_replay_prints_the_position_after_a_move() -> None:
    path = GOLDEN[0]
    result = CliRunner().invoke(main, ["replay", "--position", "300", str(path)])
    assert result.exit_code == 0
    game = Game.from_position(result.output)
    recorded = replay(path)
    at_300 = PositionAfter(300)
    replay(path, at_300)
    assert game == at_300.game and game.deal_index == recorded.moves[300].deal - 1
    start = CliRunner().invoke(main, ["replay", "--position", "0", str(path)])
    assert Game.from_position(start.output).move_count == 0 and "deal: 1, dealer E" in start.output
    too_far = CliRunner().invoke(main, ["replay", "--position", str(len(recorded.moves) + 1), str(path)])
    assert too_far.exit_code == 2 and f"the game has {len(recorded.moves)} moves" in too_far.output


def test_cards_in_a_hand_keep_their_order() -> None:
    built = Position.parse(Game(CLASSIC, seed=5).to_position())
    built.deal.hands[0].reverse()
    game = Game.from_position(built)
    again = Game.from_position(game.to_position())
    assert again.hands[0] == game.hands[0] == built.deal.hands[0]
    assert again.hands[0] != sorted(again.hands[0], key=lambda c: c.code)
