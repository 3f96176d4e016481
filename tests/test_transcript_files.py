"""No file lost: hf play records a game only in a file it creates for that game, one process
writes a transcript at a time, and what the writer writes the reader reads."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from hfcli.cli import main
from hfcli.transcript import replay

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "transcripts" / "golden" / "classic-normal-seed1.jsonl"
QUIT = "quit\ny\n"


def invoke(args: list[str], stdin: str = QUIT, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, args, input=stdin, env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


# ---------------------------------------------------------------------------- a new game, a new file


def test_play_refuses_a_transcript_path_that_names_an_existing_file(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("precious\n")
    finished = tmp_path / "finished.jsonl"
    shutil.copy(GOLDEN, finished)
    for path in (notes, finished):
        before = path.read_bytes()
        code, out, err = invoke(["play", "--seed", "3", "--speed", "0", "--transcript", str(path)])
        assert code == 2, out + err
        assert err == (f"Error: --transcript {path}: the file exists, and hf play records a game only in a new "
                       "file; name another (--resume continues a recorded game)\n")
        assert out == ""  # refused before the table is shown
        assert path.read_bytes() == before


def test_play_refuses_a_transcript_path_that_is_a_link_even_a_dangling_one(tmp_path: Path) -> None:
    link = tmp_path / "g.jsonl"
    link.symlink_to(tmp_path / "nowhere.jsonl")
    code, _, err = invoke(["play", "--seed", "3", "--speed", "0", "--transcript", str(link)])
    assert code == 2 and "the file exists" in err, err
    assert not (tmp_path / "nowhere.jsonl").exists() and link.is_symlink()


def spellings(studied: Path, tmp_path: Path) -> list[Path]:
    """The studied file's own path, another spelling of it, a symbolic link and a hard link to it."""
    symbolic, hard = tmp_path / "symbolic.jsonl", tmp_path / "hard.jsonl"
    symbolic.symlink_to(studied)
    os.link(studied, hard)
    return [studied, tmp_path / "." / ".." / tmp_path.name / studied.name, symbolic, hard]


@pytest.mark.parametrize("source", ["--from", "--duplicate"])
def test_a_game_from_a_recorded_one_is_never_recorded_over_it(tmp_path: Path, source: str) -> None:
    studied = tmp_path / "g.jsonl"
    shutil.copy(GOLDEN, studied)
    before = studied.read_bytes()
    given = f"{studied}:10" if source == "--from" else str(studied)
    for target in spellings(studied, tmp_path):
        code, out, err = invoke(["play", source, given, "--speed", "0", "--transcript", str(target)])
        assert code == 2, (target, out + err)
        assert err == (f"Error: --transcript {target} is the recorded game itself; a new game is recorded in a "
                       "new file\n")
        assert studied.read_bytes() == before


def test_a_default_transcript_name_taken_meanwhile_moves_on_to_a_free_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hfcli import paths

    taken = tmp_path / "taken.jsonl"
    taken.write_text("another game's\n")
    fresh = tmp_path / "fresh.jsonl"
    names = iter([taken, fresh])
    monkeypatch.setattr(paths, "new_transcript_path", lambda seed: next(names))
    code, out, err = invoke(["play", "--seed", "3", "--speed", "0"])
    assert code == 0, out + err
    assert taken.read_text() == "another game's\n"
    assert f"Transcript: {fresh}" in out and fresh.read_text().startswith('{"format":"hfcli-transcript"')


# ---------------------------------------------------------------------------- one writer a transcript


def start_holder(args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    """``hf play ARGS`` in a process of its own, waiting for South's first command: by then it holds
    the transcript's lock (taken before anything is written or shown)."""
    holder = subprocess.Popen(
        [sys.executable, "-m", "hfcli", "play", "--speed", "0", *args], cwd=ROOT, env=env, text=True,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert holder.stdout is not None
    for line in holder.stdout:  # the table is shown once the header is written: the lock is held
        if line.startswith("Transcript: ") or line.startswith("Resuming "):
            return holder
    holder.kill()
    raise AssertionError(f"hf play ended without starting: {holder.communicate()}")


def hf(*args: str, stdin: str = QUIT, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hfcli", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=60)


@pytest.fixture
def hf_env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "HF_DATA_DIR": str(tmp_path / "data"), "HF_PLAY_SPEED": "0"}


def test_a_second_resume_of_a_game_being_played_is_refused_and_the_first_plays_on(
    tmp_path: Path, hf_env: dict[str, str]
) -> None:
    path = tmp_path / "g.jsonl"
    assert hf("play", "--seed", "3", "--transcript", str(path), stdin="", env=hf_env).returncode == 0
    first = start_holder(["--resume", str(path)], hf_env)
    try:
        second = hf("play", "--resume", str(path), stdin="draw\nquit\ny\n", env=hf_env)
        assert second.returncode == 1, second.stdout + second.stderr
        assert second.stderr == (f"Error: {path} is in use: another hf play is writing this game, and a "
                                 "transcript has one writer at a time\n")
        assert second.stdout == ""  # refused before anything is shown
        _, err = first.communicate("draw\nquit\ny\n", timeout=60)
    finally:
        first.kill()
    assert first.returncode == 0, err
    verified = hf("verify", str(path), env=hf_env)
    assert verified.returncode == 0 and verified.stdout.startswith(f"{path}: ok, "), verified.stdout + verified.stderr
    assert [m.move for m in replay(path).moves if m.seat == 0] == ["draw"]  # the first's move, and only it


def test_a_new_game_given_the_transcript_of_a_game_being_played_is_refused(
    tmp_path: Path, hf_env: dict[str, str]
) -> None:
    path = tmp_path / "g.jsonl"
    first = start_holder(["--seed", "3", "--transcript", str(path)], hf_env)
    try:
        before = path.read_bytes()
        second = hf("play", "--seed", "4", "--transcript", str(path), env=hf_env)
        assert second.returncode == 1, second.stdout + second.stderr
        assert second.stderr.endswith("is in use: another hf play is writing this game, and a transcript has one "
                                      "writer at a time\n")
        assert path.read_bytes() == before
        _, err = first.communicate("draw\nquit\ny\n", timeout=60)
    finally:
        first.kill()
    assert first.returncode == 0, err
    replayed = replay(path)
    assert replayed.header.seed == 3 and [m.move for m in replayed.moves if m.seat == 0] == ["draw"]


def test_a_killed_game_leaves_no_lock_behind(tmp_path: Path, hf_env: dict[str, str]) -> None:
    path = tmp_path / "g.jsonl"
    holder = start_holder(["--seed", "3", "--transcript", str(path)], hf_env)
    holder.send_signal(signal.SIGKILL)
    holder.communicate(timeout=60)
    assert holder.returncode == -signal.SIGKILL
    resumed = hf("play", "--resume", str(path), stdin="draw\nquit\ny\n", env=hf_env)
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.startswith(f"Resuming {path} at deal 1 of 4.")
    assert [m.move for m in replay(path).moves if m.seat == 0] == ["draw"]
