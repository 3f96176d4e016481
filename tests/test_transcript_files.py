"""No file lost: hf play records a game only in a file it creates for that game, one process
writes a transcript at a time, and what the writer writes the reader reads."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from hfcli.cli import main

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
        assert err == f"Error: --transcript {target} is the recorded game itself; a new game is recorded in a new file\n"
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
