"""What hf makes is its user's alone: files 0600, folders 0700, whatever the umask lets through.

A transcript holds every card of its game, a hosted one's while friends play it; on a shared
machine another account must not read it, nor the history of what was typed.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_repl_support import make_session

from hfcli.cli import main
from hfcli.engine import rules
from hfcli.engine.game import Game
from hfcli.host.hostkey import load_or_make
from hfcli.repl.loop import run_terminal
from hfcli.system.files import make_private_folder
from hfcli.transcript import SeatInfo, TranscriptWriter


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture(autouse=True)
def _open_umask() -> Iterator[None]:
    # The usual umask (022) lets every account read what a program makes with the default modes.
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def test_hf_play_makes_its_data_folder_and_transcript_private(tmp_path: Path) -> None:
    data = tmp_path / "new" / "hf"
    result = CliRunner().invoke(main, ["play", "--seed", "3", "--speed", "0"], input="draw\nquit\ny\n",
                                env={"HF_DATA_DIR": str(data)})
    assert result.exit_code == 0, result.output
    [transcript] = (data / "transcripts").glob("*.jsonl")
    assert mode(transcript) == 0o600
    assert mode(data / "transcripts") == 0o700
    assert mode(data) == 0o700
    assert mode(tmp_path / "new") == 0o700  # made for hf's files too


def test_a_transcript_given_by_path_is_private_and_so_are_the_folders_made_for_it(tmp_path: Path) -> None:
    path = tmp_path / "games" / "friday" / "game.jsonl"
    game = Game(rules.preset("quick"), seed=5)
    seats = [SeatInfo("Ann", "human", None)] + [SeatInfo(name, "ai", "easy") for name in game.seating.names[1:]]
    TranscriptWriter.create(path, game, seats, fsync=False).close()
    assert mode(path) == 0o600
    assert mode(path.parent) == 0o700 and mode(path.parent.parent) == 0o700


def test_a_folder_that_is_there_keeps_its_mode(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o755)  # the user may share a folder on purpose (HF_DATA_DIR=/tmp)
    make_private_folder(shared / "transcripts")
    assert mode(shared) == 0o755
    assert mode(shared / "transcripts") == 0o700


def test_the_command_history_is_private(tmp_path: Path) -> None:
    history = tmp_path / "data" / "history"
    session, _ = make_session(seed=7)
    session.start()
    with create_pipe_input() as pipe:
        pipe.send_text("draw\r\x04y\r")
        run_terminal(session, input=pipe, output=DummyOutput(), history_path=history)
    assert "draw" in history.read_text()
    assert mode(history) == 0o600
    assert mode(history.parent) == 0o700


@pytest.mark.host
def test_the_host_key_and_its_folder_are_private(tmp_path: Path) -> None:
    key = load_or_make(tmp_path / "hf" / "host_key")
    assert key.made
    assert mode(key.path) == 0o600
    assert mode(key.path.parent) == 0o700


def test_a_review_kept_for_later_is_private(tmp_path: Path) -> None:
    from hfcli.review import Review, write_cached

    path = tmp_path / "reviews" / "abc.json"
    review = Review(path="game.jsonl", seat=0, seat_name="South", samples=8, decisions=0, findings=[],
                    side_names=["North-South", "East-West"])
    assert write_cached(path, review)
    assert mode(path) == 0o600
    assert mode(path.parent) == 0o700


def test_an_event_file_and_an_event_entry_are_private(tmp_path: Path) -> None:
    event = tmp_path / "club.toml"  # it holds the key that deals every shoe of the event
    made = CliRunner().invoke(main, ["event", "new", "--name", "Club", "--rules", "quick", "-o", str(event)])
    assert made.exit_code == 0, made.output
    assert mode(event) == 0o600
    data = tmp_path / "data"
    played = CliRunner().invoke(main, ["event", "daily", "--date", "2026-12-04", "--speed", "0"], input="",
                                env={"HF_DATA_DIR": str(data)})
    assert played.exit_code == 0, played.output
    [entry] = (data / "events").glob("*.jsonl")
    assert mode(entry) == 0o600
    assert mode(data / "events") == 0o700 and mode(data) == 0o700
