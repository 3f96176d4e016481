"""Text a transcript holds (players' names, the AI's reasons) is shown escaped, never obeyed: a name
holding a terminal's escape sequence must not clear the screen of whoever replays the game. A name
is refused where it is read (the file is malformed); a reason is shown with its escapes visible."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from recording import record

from hfcli.cli import main
from hfcli.transcript import SeatInfo

NAME = "Ann\x1b[2J"
SHOWN = "Ann\\x1b[2J"


def invoke(args: list[str], stdin: str = "", code: int = 0) -> str:
    result = CliRunner().invoke(main, args, input=stdin, auto_envvar_prefix="HF")
    assert result.exit_code == code, result.output
    return result.output


def recorded(tmp_path: Path, name: str = "Ann") -> Path:
    path = tmp_path / "g.jsonl"
    seats = [SeatInfo(name, "human", None), SeatInfo("West", "ai", "random"),
             SeatInfo("North", "ai", "random"), SeatInfo("East", "ai", "random")]
    record(path, ["random"] * 4, seats=seats, seed=3, moves=30)
    lines = path.read_text().splitlines()
    # The partner's (solo play tells the partner's reasons whole), as a file written before
    # reasons were data records them: words only.
    first = next(i for i, line in enumerate(lines) if '"e":"move","seat":"N"' in line)
    move = json.loads(lines[first])
    move["reason"] = "because\x1b]0;owned\x07"
    del move["why"]
    lines[first] = json.dumps(move)
    path.write_text("\n".join(lines) + "\n")
    return path


def test_replay_shows_reasons_escaped(tmp_path: Path) -> None:
    path = recorded(tmp_path)
    text = invoke(["replay", "--print", str(path)])
    assert "\x1b" not in text and "\x07" not in text
    assert "Seats: Ann (South) human" in text
    assert "because\\x1b]0;owned\\x07" in text
    screen = invoke(["replay", str(path)], "n\nq\n")
    assert "\x1b" not in screen and "\x07" not in screen


def test_resume_shows_reasons_escaped(tmp_path: Path) -> None:
    path = recorded(tmp_path)
    text = invoke(["play", "--resume", str(path), "--speed", "0"], "log 40\nquit\ny\n")
    assert "\x1b" not in text and "\x07" not in text
    assert "because\\x1b]0;owned\\x07" in text


def test_a_name_with_an_escape_sequence_is_refused_where_it_is_read_and_shown_escaped(tmp_path: Path) -> None:
    path = recorded(tmp_path, NAME)
    for args, code in ((["replay", "--print", str(path)], 2), (["replay", str(path)], 2),
                       (["play", "--resume", str(path), "--speed", "0"], 1)):
        text = invoke(args, "q\n", code=code)
        assert "\x1b" not in text and f"seat 1's name has control characters ('{SHOWN}')" in text, text
