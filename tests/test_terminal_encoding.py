"""Output to a terminal whose encoding cannot carry every character (Latin-1, ASCII): suits as
letters and box lines as ``|``, as under the C locale, and text from outside (a player's name) with
what the encoding cannot carry written as an escape, never a failure to write it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from recording import GOLDEN

from hfcli.cli import COMMANDS, main
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.transcript import SeatInfo
from hfcli.transcript.golden import record_game

QUICK_GAME = GOLDEN / "quick-normal-seed8.jsonl"
NAME = "Zoë 大"


def invoke(charset: str, args: list[str], stdin: str = "", data_dir: Path | None = None) -> Result:
    env = {"HF_DATA_DIR": str(data_dir)} if data_dir else None
    return CliRunner(charset=charset).invoke(main, args, input=stdin, env=env)


def assert_written(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def zoes_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole quick game that Zoë 大 played South (the normal AI chose her moves), in a file named
    after her."""
    path = tmp_path_factory.mktemp("zoe") / f"{NAME}.jsonl"
    seats = [SeatInfo(NAME, "human", None), SeatInfo("West", "ai", "normal"),
             SeatInfo("North", "ai", "normal"), SeatInfo("East", "ai", "normal")]
    record_game(path, Game(preset("quick"), seed=8), ["normal"] * 4, 8, seats=seats,
                created="2026-03-01T10:00:00Z")
    return path


@pytest.mark.parametrize("command", [[], *([name] for name in COMMANDS)])
def test_every_commands_help_is_written_in_latin_1(command: list[str]) -> None:
    result = invoke("latin-1", [*command, "--help"])
    assert_written(result)
    assert result.stdout_bytes.isascii()


def test_the_table_in_latin_1_shows_suits_as_letters_and_escapes_what_latin_1_lacks(tmp_path: Path) -> None:
    result = invoke("latin-1", ["play", "--name", NAME, "--seed", "3", "--speed", "0", "--transcript",
                                str(tmp_path / "zoe.jsonl")], stdin="draw\nhelp\nquit\ny\n", data_dir=tmp_path)
    assert_written(result)
    table = result.stdout_bytes
    # 'ë' is a Latin-1 character, '大' is not; the hand of seed 3 holds two aces of diamonds.
    assert b"> Zo\xeb \\u5927 (South)" in table and b"Zo\xeb \\u5927 (draw)> draw" in table
    assert b"Ax2 AD AD | " in table
    assert b"\\u" not in table.replace(b"\\u5927", b"")  # nothing of the program's own is escaped
    assert (tmp_path / "zoe.jsonl").read_text(encoding="utf-8").count(NAME) == 1  # the file keeps the name


@pytest.mark.parametrize("charset", ["latin-1", "ascii"])
def test_the_table_in_latin_1_or_ascii_is_ascii_for_a_name_in_ascii(charset: str, tmp_path: Path) -> None:
    result = invoke(charset, ["play", "--name", "Zoe", "--seed", "3", "--speed", "0", "--transcript",
                              str(tmp_path / "zoe.jsonl")], stdin="draw\nhelp\nmelds\nquit\ny\n", data_dir=tmp_path)
    assert_written(result)
    assert result.stdout_bytes.isascii() and b"Ax2 AD AD | " in result.stdout_bytes


def commands_reading(game: Path) -> list[list[str]]:
    return [
        ["rules"], ["rules", "C-PILE"],
        ["replay", "--print", str(game)], ["replay", "--print", "--omniscient", str(game)],
        ["replay", "--score-sheet", str(game)], ["replay", "--position", "10", str(game)],
        ["verify", str(game)], ["stats", str(game)], ["stats", "--json", str(game)],
        ["review", "--seat", "S", str(game)],
    ]


@pytest.mark.parametrize("charset", ["latin-1", "ascii"])
def test_every_command_on_a_golden_game_writes_ascii_in_latin_1_or_ascii(charset: str) -> None:
    for args in [*commands_reading(QUICK_GAME), ["simulate", "--games", "2", "--seed", "1"]]:
        result = invoke(charset, args)
        assert_written(result)
        assert result.stdout_bytes.isascii(), args


def test_every_command_on_a_game_with_a_name_latin_1_lacks_escapes_it(zoes_game: Path) -> None:
    for args in commands_reading(zoes_game)[2:]:
        result = invoke("latin-1", args)
        assert_written(result)
        shown = result.stdout_bytes
        if "--json" in args:  # JSON writes its own escapes
            assert json.loads(shown)["best_game"]["file"] == str(zoes_game)
            continue
        if not {"--position", "--score-sheet"} & set(args):  # these name neither player nor file
            assert b"Zo\xeb \\u5927" in shown, args
        assert b"\\u" not in shown.replace(b"\\u5927", b""), args  # nothing of the program's own is escaped
