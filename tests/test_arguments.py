"""What the program accepts from a command line and a file: numbers in the digits 0-9 and in range,
one rule for seeds, transcript names that are text, the options a game from a transcript keeps,
and AI levels a header may name.

Every refusal is one line, exit code 2, and touches no file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from test_repl_support import make_session

from hfcli.cli import main
from hfcli.engine.errors import PositionError
from hfcli.engine.game import Game
from hfcli.engine.numbers import MAX_SEED, decimal_number, whole_number
from hfcli.engine.position import Position
from hfcli.engine.rules import preset
from hfcli.repl.session import ERROR

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "transcripts" / "golden" / "classic-normal-seed1.jsonl"  # 850 moves, every AI seat normal
SEED_RANGE = "from 0 to 340282366920938463463374607431768211455"  # 2**128 - 1
JSON_SEED_RANGE = ("from 0 to 9007199254740991, or a string of its digits up to "
                   "340282366920938463463374607431768211455")
NOT_ASCII_DIGITS = "written in the digits 0-9"
HUGE = "9" * 5000  # int() refuses it with a message about the interpreter's limits


def invoke(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.output


def hf(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``hf ARGS`` in a process of its own: its arguments reach it as the bytes a shell passes."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "hfcli", *args], input=stdin, capture_output=True, text=True,
                          timeout=120, cwd=cwd, env=env)


def one_line_error(code: int, output: str, *words: str) -> None:
    """Exit 2 with an error of one line holding ``words``, and no traceback."""
    errors = [line for line in output.splitlines() if line.startswith("Error:")]
    assert code == 2 and len(errors) == 1 and "Traceback" not in output, output
    for word in words:
        assert word in errors[0], (word, output)


def unfinished_game(tmp_path: Path, seed: str = "3") -> Path:
    path = tmp_path / "unfinished.jsonl"
    code, out = invoke(["play", "--seed", seed, "--speed", "0", "--transcript", str(path)], "draw\nquit\ny\n")
    assert code == 0, out
    return path


def with_header(tmp_path: Path, name: str, change: dict[str, object], seat_level: str | None = None) -> Path:
    lines = GOLDEN.read_text().split("\n")
    header = json.loads(lines[0])
    header.update(change)
    if seat_level is not None:
        header["seats"][1]["level"] = seat_level
    path = tmp_path / name
    path.write_text("\n".join([json.dumps(header), *lines[1:]]))
    return path


# ---------------------------------------------------------------------------- numbers: digits 0-9 only


@pytest.mark.parametrize("text", ["١٢", "𝟠", "²", "1_000", "+5", "5 ", "0x10", "", "٣"])
def test_a_number_is_written_in_the_ascii_digits_only(text: str) -> None:
    with pytest.raises(ValueError, match=f"must be a whole number {NOT_ASCII_DIGITS}"):
        whole_number(text, "n")


def test_a_number_of_thousands_of_digits_is_a_range_error_not_an_interpreter_limit() -> None:
    with pytest.raises(ValueError) as refused:
        whole_number(HUGE, "the move")
    assert str(refused.value) == ("the move must be a whole number from 0 to 999999999999999999, "
                                  "not a number of 5000 digits")
    assert whole_number("0007", "n", 0, 10) == 7  # leading zeros are still the number


@given(st.integers(min_value=-10**6, max_value=10**6), st.integers(min_value=0, max_value=10**6))
def test_whole_number_reads_what_str_writes_and_refuses_it_outside_the_range(number: int, high: int) -> None:
    if 0 <= number <= high:
        assert whole_number(str(number), "n", 0, high) == number
    else:
        with pytest.raises(ValueError, match=f"from 0 to {high}, not '{number}'"):
            whole_number(str(number), "n", 0, high)


@pytest.mark.slow
@given(st.text(max_size=12))
def test_whole_number_refuses_any_text_but_ascii_digits_with_a_value_error(text: str) -> None:
    plain = text.isascii() and text.lstrip("-").isdigit() and text.count("-") <= 1 and not text.endswith("-")
    try:
        whole_number(text, "n")
    except ValueError:
        return
    assert plain


@pytest.mark.parametrize(("text", "message"), [("0.25", None), ("60", None), (".5", None), ("nan", NOT_ASCII_DIGITS),
                                               ("1e3", NOT_ASCII_DIGITS), ("١", NOT_ASCII_DIGITS),
                                               ("61", "from 0 to 60, not '61'"), (HUGE, "from 0 to 60")])
def test_a_decimal_number_is_digits_and_a_point(text: str, message: str | None) -> None:
    if message is None:
        assert decimal_number(text, "a pause", 0, 60) == float(text)
    else:
        with pytest.raises(ValueError, match=message):
            decimal_number(text, "a pause", 0, 60)


@pytest.mark.parametrize("move", ["²", "١٢", "𝟠", HUGE, "-3", "3 "])
def test_from_reads_its_move_number_in_the_digits_0_to_9(move: str, tmp_path: Path) -> None:
    code, out = invoke(["play", "--from", f"{GOLDEN}:{move}", "--transcript", str(tmp_path / "new.jsonl")])
    one_line_error(code, out, "Invalid value for --from: the move must be a whole number")
    assert not (tmp_path / "new.jsonl").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--seed", "١٢"],
        ["play", "--seed", "𝟠"],
        ["play", "--players", "٣"],
        ["play", "--speed", "١"],
        ["simulate", "--games", "𝟠"],
        ["simulate", "--seed", "١"],
        ["simulate", "--players", "²"],
        ["simulate", "--jobs", "٢"],
        ["verify", "--jobs", "٢", str(GOLDEN)],
        ["review", "--jobs", "٢", str(GOLDEN)],
        ["review", "--samples", "٢٠", str(GOLDEN)],
        ["stats", "--last", "٣"],
        ["replay", "--position", "١", str(GOLDEN)],
    ],
)
def test_every_number_option_refuses_other_scripts_digits(args: list[str], tmp_path: Path) -> None:
    code, out = invoke([*args, *(["--transcript", str(tmp_path / "g.jsonl")] if args[0] == "play" else [])])
    one_line_error(code, out, NOT_ASCII_DIGITS)
    assert not (tmp_path / "g.jsonl").exists()


@pytest.mark.parametrize(("args", "words"), [
    (["simulate", "--games", HUGE], "games must be a whole number from 1 to 999999999999999999, not a number of 5000"),
    (["replay", "--position", HUGE, str(GOLDEN)], "a move must be a whole number from 0 to"),
    (["play", "--players", "7"], "players must be a whole number from 2 to 6, not '7'"),
])
def test_a_number_option_out_of_range_says_the_range(args: list[str], words: str) -> None:
    code, out = invoke(args)
    one_line_error(code, out, words)


def test_the_table_commands_read_their_counts_in_the_digits_0_to_9() -> None:
    session, out = make_session()
    session.start()
    for line in ("log ١٢", "log 𝟠", f"log {HUGE}", "log 0"):
        out.clear()
        assert session.handle(line) == ERROR, line
        assert len(out.lines) == 1 and "log's number of moves must be a whole number" in out.text, (line, out.lines)
    code, text = invoke(["replay", str(GOLDEN)], "n ١٢\nn 2\nq\n")
    assert code == 0 and f"the count must be a whole number {NOT_ASCII_DIGITS}, not '١٢'" in text
    assert "Move 2 of 850" in text  # the refused count moved nothing


def test_a_house_rules_file_with_a_number_of_thousands_of_digits_is_one_line(tmp_path: Path) -> None:
    house = tmp_path / "huge.toml"
    house.write_text(f"hand_size = {HUGE}\n")
    for args in (["rules", str(house)], ["play", "--rules", str(house)], ["simulate", "--rules", str(house)]):
        code, out = invoke(args)
        one_line_error(code, out, f"{house}: a number in it is too long to read (more than 4300 digits)")


@pytest.mark.parametrize(("old", "new", "message"), [
    ("seed: 7", "seed: ١٢", f"seed must be a whole number {NOT_ASCII_DIGITS}"),
    ("seed: 7", f"seed: {MAX_SEED + 1}", f"seed must be a whole number {SEED_RANGE}, not '{MAX_SEED + 1}'"),
    ("seed: 7", f"seed: {HUGE}", f"seed must be a whole number {SEED_RANGE}, not a number of 5000 digits"),
    ("hfcli position 1", "hfcli position ١", "not a position"),
    ("hfcli position 1", f"hfcli position {HUGE}", "unsupported position version a number of 5000 digits"),
])
def test_a_position_reads_its_numbers_in_the_digits_0_to_9(old: str, new: str, message: str) -> None:
    text = Game(preset("classic"), seed=7).to_position()
    assert old in text
    with pytest.raises(PositionError, match=message):
        Position.parse(text.replace(old, new, 1))


# ---------------------------------------------------------------------------- seeds: one rule


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize("seed", ["-5", str(MAX_SEED + 1)])
def test_a_seed_outside_0_to_2_to_the_128th_less_one_is_refused(command: str, seed: str, tmp_path: Path) -> None:
    extra = ["--transcript", str(tmp_path / "g.jsonl")] if command == "play" else ["--games", "1"]
    code, out = invoke([command, "--seed", seed, *extra])
    one_line_error(code, out, f"a seed must be a whole number {SEED_RANGE}, not '{seed}'")
    assert not (tmp_path / "g.jsonl").exists()


def test_a_game_at_the_largest_seed_verifies_and_plays_on_from_its_own_position(tmp_path: Path) -> None:
    path = unfinished_game(tmp_path, str(MAX_SEED))
    # Past 2**53 - 1 a JSON reader may round a number: the header keeps the seed's digits as text.
    assert json.loads(path.read_text().split("\n")[0])["seed"] == str(MAX_SEED)
    assert invoke(["verify", str(path)])[0] == 0
    what_if = tmp_path / "what-if.jsonl"
    code, out = invoke(["play", "--from", f"{path}:1", "--speed", "0", "--transcript", str(what_if)], "quit\ny\n")
    assert code == 0 and f"seed {MAX_SEED}." in out, out
    assert invoke(["verify", str(what_if)])[0] == 0


@pytest.mark.parametrize(("seed", "shown"), [
    (-5, "-5"), (2**53, "9007199254740992"), (2.5, "2.5"), (str(MAX_SEED + 1), f'"{MAX_SEED + 1}"'),
    ("1e9", '"1e9"'), ("-5", '"-5"'), (True, "true"),
])
def test_a_header_seed_outside_the_rule_fails_verification_at_line_1(seed: object, shown: str, tmp_path: Path) -> None:
    path = with_header(tmp_path, "seed.jsonl", {"seed": seed})
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"{path}:1: seed must be a whole number {JSON_SEED_RANGE}, or null, not {shown}"


@pytest.mark.parametrize(("seed", "recorded"), [(2**53 - 1, 2**53 - 1), (2**53, str(2**53)), (0, 0)])
def test_a_seed_is_recorded_as_a_number_while_every_json_reader_keeps_it_and_as_digits_after(
        seed: int, recorded: object, tmp_path: Path) -> None:
    path = unfinished_game(tmp_path, str(seed))
    assert json.loads(path.read_text().split("\n")[0])["seed"] == recorded
    code, out = invoke(["play", "--resume", str(path), "--speed", "0"], "quit\ny\n")
    assert code == 0 and f"seed {seed}." in out, out


# ---------------------------------------------------------------------------- names that are not text


def test_from_and_duplicate_refuse_a_file_name_that_is_not_utf8_alike(tmp_path: Path) -> None:
    name = os.fsdecode(b"g\xff.jsonl")
    (tmp_path / name).write_bytes(GOLDEN.read_bytes())
    env_data = tmp_path / "data"
    for option, value in (("--from", f"{name}:3"), ("--duplicate", name)):
        done = hf("play", option, value, "--speed", "0", cwd=tmp_path, stdin="quit\ny\n")
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert done.stderr.strip().endswith(
            f"Invalid value for {option if option == '--from' else repr(option)}: 'g\\xff.jsonl' is not text: "
            "the name holds bytes that are not UTF-8; rename the file"), done.stderr
    assert not env_data.exists() or not any(env_data.rglob("*.jsonl"))


def test_a_recorded_game_in_a_folder_whose_path_is_not_utf8_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / os.fsdecode(b"d\xfe")
    folder.mkdir()
    (folder / "g.jsonl").write_bytes(GOLDEN.read_bytes())
    for args in (["--from", "g.jsonl:3"], ["--duplicate", "g.jsonl"]):
        done = hf("play", *args, "--speed", "0", "--transcript", str(tmp_path / "new.jsonl"), cwd=folder)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert "d\\xfe/g.jsonl' holds bytes that are not UTF-8" in done.stderr
        assert not (tmp_path / "new.jsonl").exists()


# ---------------------------------------------------------------------------- what a game from a transcript keeps


@pytest.mark.parametrize(("args", "option"), [
    (["--rules", "missing.toml"], "--rules"),
    (["--seed", "4"], "--seed"),
    (["--level", "hard"], "--level"),
    (["--partner-level", "easy"], "--partner-level"),
    (["--opponent-level", "easy"], "--opponent-level"),
    (["--transcript", "{tmp}/other.jsonl"], "--transcript"),
])
def test_resume_refuses_the_options_the_recorded_game_decides(args: list[str], option: str, tmp_path: Path) -> None:
    path = unfinished_game(tmp_path)
    before = path.read_bytes()
    code, out = invoke(["play", "--resume", str(path), *(a.format(tmp=tmp_path) for a in args)], "quit\ny\n")
    one_line_error(code, out, "--resume ", f"leave out {option}")
    assert path.read_bytes() == before and not (tmp_path / "other.jsonl").exists()


@pytest.mark.parametrize(("args", "option"), [
    (["--rules", "quick"], "--rules"),
    (["--seed", "4"], "--seed"),
    (["--players", "4"], "--players"),
    (["--partner-level", "easy"], "--partner-level"),
])
@pytest.mark.parametrize("source", ["--from", "--duplicate"])
def test_from_and_duplicate_refuse_the_options_the_recorded_game_decides_naming_them(
    args: list[str], option: str, source: str
) -> None:
    code, out = invoke(["play", source, f"{GOLDEN}:3" if source == "--from" else str(GOLDEN), *args])
    one_line_error(code, out, f"{source} plays the recorded game's", f"leave out {option}")


# ---------------------------------------------------------------------------- AI levels in a header


def test_an_unknown_ai_level_in_a_header_is_reported_at_its_line_and_seat(tmp_path: Path) -> None:
    path = with_header(tmp_path, "xard.jsonl", {}, seat_level="xard")
    expected = (f"{path}:1: seat 2 (W): unknown AI level 'xard'; "
                "the levels are random, greedy, easy, normal, hard, expert")
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 2 and result.stderr.strip() == expected
    for args in (["--from", f"{path}:3"], ["--duplicate", str(path)], ["--resume", str(path)]):
        code, out = invoke(["play", *args, "--speed", "0"], "quit\ny\n")
        assert code != 0 and out.strip().endswith(f"Error: {expected}"), (args, out)
