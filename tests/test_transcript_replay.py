"""``hf replay``: the printed game and the step-through viewer, driven through piped input."""

from __future__ import annotations

import functools
import os
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from hfcli import rules
from hfcli.cli import main
from hfcli.engine.events import EventKind
from hfcli.engine.game import Game
from hfcli.repl.narration import deal_start_line
from hfcli.transcript.golden import record_game

GOLDEN = Path(__file__).resolve().parent.parent / "transcripts" / "golden" / "classic-normal-seed1.jsonl"


@functools.cache
def printed(*options: str) -> Result:
    """``hf replay --print`` of the golden game with ``options``, run once for all the tests that read it."""
    return CliRunner().invoke(main, ["replay", "--print", *options, str(GOLDEN)])


def test_print_writes_every_move_and_the_result() -> None:
    result = printed()
    assert result.exit_code == 0
    out = result.stdout
    numbers = [int(m) for m in re.findall(r"^\s*(\d+)\. ", out, re.M)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) > 500
    assert out.count("Deal 4 score") == 1 and "Game over" in out


def test_print_hides_other_seats_draws_unless_omniscient() -> None:
    seen = printed("--seat", "S").stdout
    every = printed("--omniscient").stdout
    west_draws = re.findall(r"West: draw.*\n\s+drew (.*)", seen)
    assert west_draws and all(re.fullmatch(r"1 card|2 cards", d) for d in west_draws)
    every_west_draws = re.findall(r"West: draw.*\n\s+drew (.*)", every)
    assert every_west_draws and all(re.fullmatch(r"((10|[2-9AKQJ])[♣♦♥♠] ?|JK ?)+", d) for d in every_west_draws)


def test_print_writes_every_ten_as_10_in_cards_moves_and_reasons() -> None:
    symbols = printed("--omniscient").stdout
    letters = printed("--omniscient", "--ascii").stdout
    for text, ten in ((symbols, r"10[♣♦♥♠]"), (letters, r"10[CDHS]")):
        assert re.search(ten, text)
        assert not re.search(r"\bT[CDHS♣♦♥♠]?\b", text)
    # Moves stay in notation but for the ten: the golden game melds tens, and its file says T T T.
    assert re.search(r"^\s*\d+\. \w+: (meld|add) [^-]*\b10 10\b", symbols, re.M)
    assert "T T" in GOLDEN.read_text()
    # A reason does not name its move again: "discard 3  -- discard 3: ..." is "discard 3  -- ...".
    assert not re.search(r"^\s*\d+\. \w+: ([^-]+)  -- \1:", symbols, re.M)


def test_step_through_moves_back_jumps_and_ends() -> None:
    keys = "n\nn 4\nb\n\ndeal 2\nmove 10\nend\nq\n"
    result = CliRunner().invoke(main, ["replay", str(GOLDEN)], input=keys)
    assert result.exit_code == 0
    heads = re.findall(r"^(Start of the game|Move (\d+) of (\d+))", result.stdout, re.M)
    numbers = [int(h[1]) if h[1] else 0 for h in heads]
    total = int(heads[1][2])
    deal2 = numbers[5]
    assert numbers[:5] == [0, 1, 5, 4, 3] and deal2 > 100
    assert numbers[6:] == [10, total]
    assert f"Move {deal2} of {total}, deal 1: " in result.stdout
    assert re.search(rf"Move {deal2} of {{total}}, deal 1: .*\nDeal 2 begins\.\n".replace("{total}", str(total)),
                     result.stdout)
    # Seats named after themselves are not written twice ("South (South)").
    assert "South (South)" not in result.stdout and "North (North)" not in result.stdout


def test_a_malformed_file_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("not json\n")
    result = CliRunner().invoke(main, ["replay", "--print", str(path)])
    assert result.exit_code == 2 and result.stderr.strip().startswith(f"{path}:1: not a JSON object")


@pytest.mark.e2e
def test_step_through_in_a_real_terminal() -> None:
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(
        str(Path(sys.executable).parent / "hf"), ["replay", str(GOLDEN)],
        encoding="utf-8", timeout=20, dimensions=(60, 160),
        env={"TERM": "xterm", "PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp")},
    )
    child.expect(r"Start of the game \(move 0 of (\d+)\)")
    total = int(child.match.group(1))
    child.expect(r"\[0/\d+\] >")
    child.sendline("move 7")
    child.expect(rf"Move 7 of {total}, deal 1: ")
    child.expect(r"\[7/\d+\] >")
    child.sendline("end")
    child.expect(rf"Move {total} of {total}, deal 4: ")
    child.expect(rf"\[{total}/\d+\] >")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_viewer_steps_both_ways_across_a_deal_and_its_checkpoints_like_a_fresh_replay() -> None:
    from hfcli.transcript import RecordedMove, Visitor, replay
    from hfcli.transcript.viewer import CHECKPOINT_EVERY, load

    recording = load(GOLDEN)
    total = len(recording.moves)
    assert len(recording.checkpoints) == -(-total // CHECKPOINT_EVERY)  # a few copies, not one a move
    boundary = recording.deal_start(2)
    assert boundary is not None and boundary % CHECKPOINT_EVERY not in (0, CHECKPOINT_EVERY - 1)
    checkpoint = boundary - boundary % CHECKPOINT_EVERY
    # back over the deal boundary one move at a time, forward again, then jumps both ways
    path = [boundary + 2, boundary + 1, boundary, boundary - 1, boundary - 2, boundary - 1, boundary,
            boundary + 1, checkpoint, checkpoint - 1, checkpoint + 1, boundary + 60, boundary - 40, 0,
            total, total - 1, boundary]
    fresh: dict[int, Game] = {}

    class Fresh(Visitor):
        def move(self, game: Game, move: RecordedMove) -> None:
            if move.number - 1 in path:
                fresh[move.number - 1] = game.clone()

    final = replay(GOLDEN, Fresh()).game
    fresh[total] = final.clone()
    for k in path:
        assert recording.position(k) == fresh[k], k


def test_a_named_player_is_written_the_same_way_in_the_text_and_on_the_table(tmp_path: Path) -> None:
    from recording import record

    from hfcli.transcript import SeatInfo

    path = tmp_path / "ann.jsonl"
    seats = [SeatInfo("South", "ai", "easy"), SeatInfo("Ann", "human", None),
             SeatInfo("North", "ai", "hard"), SeatInfo("East", "ai", "normal")]
    record(path, ("easy", "normal", "hard", "normal"), seats=seats, seed=11, moves=9)
    printed = CliRunner().invoke(main, ["replay", "--print", str(path)]).output
    stepped = CliRunner().invoke(main, ["replay", "--seat", "W", str(path)], input="n 5\nq\n").output
    assert "Ann (West) human" in printed and re.search(r"^\s+\d+\. Ann \(West\): ", printed, re.M)
    assert re.search(r"^Move 5 of \d+, deal 1: Ann \(West\): ", stepped, re.M) and "> Ann (West)" in stepped
    assert "West (Ann)" not in printed + stepped


def test_the_end_of_a_replay_shows_the_last_score_sheet_and_the_winner() -> None:
    result = CliRunner().invoke(main, ["replay", str(GOLDEN)], input="end\nq\n")
    assert result.exit_code == 0
    shown = result.stdout.split("Move ")[-1]  # the screen 'end' drew
    from hfcli.transcript import replay

    final = replay(GOLDEN).game.result
    assert final is not None
    winner = final.team_names[final.winner] if final.winner is not None else None
    first, second = sorted(final.totals, reverse=True)
    assert "Deal 4 score" in shown and f"Game over: {winner} win, {first} to {second}." in shown


def test_the_move_that_ends_a_deal_shows_its_score_sheet() -> None:
    result = CliRunner().invoke(main, ["replay", str(GOLDEN)], input="deal 2\nn\nq\n")
    screens = result.stdout.split("\nMove ")
    assert "Deal 1 score" in screens[1] and "Deal 2 begins." in screens[1]
    assert "Deal 1 score" not in screens[2]


def test_a_key_in_the_viewer_shows_every_hand_and_hides_them_again() -> None:
    from hfcli.text.notation import hand_text
    from hfcli.transcript.viewer import load

    recording = load(GOLDEN)
    west = list(recording.position(3).hands[1])
    result = CliRunner().invoke(main, ["replay", str(GOLDEN)], input="move 3\na\nb\nn\na\nq\n")
    screens = result.stdout.split("\nMove ")  # move 3, move 3 with every hand, 2, 3, 3 without
    assert [s.split(" of ")[0] for s in screens[1:]] == ["3", "3", "2", "3", "3"]
    assert hand_text(west) not in screens[1]
    assert "Every hand is shown." in screens[1] and hand_text(west) in screens[2] and hand_text(west) in screens[4]
    assert "Only the watching seat's hand is shown." in screens[4] and hand_text(west) not in screens[5]


def test_a_viewer_screen_fits_a_short_terminal() -> None:
    from hfcli.text.layout import visible_len
    from hfcli.transcript.viewer import load, screen

    recording = load(GOLDEN)
    for k in (0, 200, 400):
        lines = screen(recording, k, 0, omniscient=False, width=80, height=23).split("\n")
        assert len(lines) <= 23 and all(visible_len(line) <= 80 for line in lines), k
        assert "Pile:" in "\n".join(lines) and "Your " in "\n".join(lines)


def test_resuming_a_finished_game_shows_its_result_and_how_to_replay_it(tmp_path: Path) -> None:
    from recording import record

    from hfcli.transcript import SeatInfo

    path = tmp_path / "finished game.jsonl"
    seats = [SeatInfo("Ann", "human", None)] + [SeatInfo(name, "ai", "random") for name in ("West", "North", "East")]
    game = record(path, seats=seats, seed=5)
    assert game.result is not None
    before = path.read_bytes()
    result = CliRunner().invoke(main, ["play", "--resume", str(path)])
    assert result.exit_code == 0
    assert f"{path} records a finished game; there is nothing to resume." in result.output
    first, second = sorted(game.result.totals, reverse=True)
    assert f"Game over: {game.result.team_names[game.result.winner or 0]} win, {first} to {second}." in result.output
    assert result.output.endswith(f"To replay it:\n  hf replay '{path}'\n")
    assert path.read_bytes() == before  # nothing written to it


def test_C_MIN_by_score_the_printed_game_and_the_table_give_each_sides_minimum(tmp_path: Path) -> None:
    # A short game whose first meld needs 10 until a side has 3500 points, then 90: NS ends
    # deal 1 on 3790, EW on 2645, so deal 2 asks NS for 90 and EW for 10.
    house = rules.from_mapping({"preset": "quick", "deals": 2, "meld_minimum_by": "score",
                                "score_minimums": [[0, 10], [3500, 90]]})
    path = tmp_path / "by-score.jsonl"
    game = record_game(path, Game(house, seed=1), ["normal"] * 4, 1)
    assert [r.teams[0].total for r in game.results][:1] == [3790]
    assert [r.teams[1].total for r in game.results][:1] == [2645]
    deals = [e for e in game.events if e.kind == EventKind.DEAL]
    assert [e.minimums for e in deals] == [(10, 10), (90, 10)]
    out = CliRunner().invoke(main, ["replay", "--print", str(path)]).stdout
    assert re.findall(r"^Deal \d: .*$", out, re.M) == [
        "Deal 1: dealer East, minimum first meld NS 10, EW 10",
        "Deal 2: dealer South, minimum first meld NS 90, EW 10",
    ]
    seating = game.seating
    names = dict(enumerate(seating.long_names))
    assert [deal_start_line(e, names, house, seating.team_names) for e in deals] == [
        "Deal 1 of 2 begins: minimums NS 10, EW 10, dealt by East.",
        "Deal 2 of 2 begins: minimums NS 90, EW 10, dealt by South.",
    ]
    # By the deal, one minimum for everyone, as before.
    classic = Game(rules.preset("classic"), seed=1)
    deal = classic.events[0]
    assert deal.minimums == (50, 50)
    assert deal_start_line(deal, names, classic.rules, seating.team_names) == (
        "Deal 1 of 4 begins: minimum 50, dealt by East.")
