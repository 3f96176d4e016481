"""No file lost: hf play records a game only in a file it creates for that game, one process
writes a transcript at a time, and what the writer writes the reader reads."""

from __future__ import annotations

import os
import re
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
    from hfcli.system import paths

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


@pytest.mark.slow
def test_a_second_resume_of_a_game_being_played_is_refused_and_the_first_plays_on(
    tmp_path: Path, hf_env: dict[str, str]
) -> None:
    path = tmp_path / "g.jsonl"
    assert hf("play", "--seed", "3", "--transcript", str(path), stdin="", env=hf_env).returncode == 0
    first = start_holder(["--resume", str(path)], hf_env)
    try:
        second = hf("play", "--resume", str(path), stdin="draw\nquit\ny\n", env=hf_env)
        assert second.returncode == 1, second.stdout + second.stderr
        assert second.stderr == (f"Error: {path} is in use: another hf play or hf host is writing this game, "
                                 "and a transcript has one writer at a time\n")
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
        assert second.stderr.endswith("is in use: another hf play or hf host is writing this game, and a "
                                      "transcript has one writer at a time\n")
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


# ---------------------------------------------------------------------------- what the writer writes, the reader reads


@pytest.mark.parametrize("length", [61, 1_047_000])
def test_a_house_rules_name_longer_than_60_characters_is_refused_when_the_rules_load(
    tmp_path: Path, length: int
) -> None:
    house = tmp_path / "house.toml"
    house.write_text(f'name = "{"x" * length}"\n')
    code, out, err = invoke(["play", "--rules", str(house), "--seed", "3", "--speed", "0",
                             "--transcript", str(tmp_path / "g.jsonl")])
    assert code == 2, out
    assert err == f"Error: {house}: name has at most 60 characters, not {length:,}\n"
    assert not (tmp_path / "g.jsonl").exists()
    house.write_text(f'name = "{"x" * 60}"\n')  # the longest name there may be
    code, out, err = invoke(["play", "--rules", str(house), "--seed", "3", "--speed", "0",
                             "--transcript", str(tmp_path / "g.jsonl")])
    assert code == 0, err
    assert invoke(["verify", str(tmp_path / "g.jsonl")])[0] == 0


def test_a_house_rules_file_named_longer_than_a_rules_name_is_told_to_give_a_name(tmp_path: Path) -> None:
    house = tmp_path / f"{'family' * 11}.toml"
    house.write_text("deals = 2\n")
    code, _, err = invoke(["play", "--rules", str(house), "--seed", "3"])
    assert code == 2
    assert err == (f"Error: {house}: name has at most 60 characters, not 66 (the file's own name, as the file "
                   'gives none: give it a name = "...")\n')


def test_the_writer_refuses_a_header_longer_than_the_reader_reads_and_makes_no_file(tmp_path: Path) -> None:
    from hfcli.engine.game import Game
    from hfcli.engine.rules import preset
    from hfcli.transcript import SeatInfo, TranscriptWriter, read_source
    from hfcli.transcript.lines import MAX_LINE_BYTES
    from hfcli.transcript.writer import HeaderTooLong

    game = Game(preset("classic"), seed=3)
    seats = [SeatInfo(name, "ai", "easy") for name in ("South", "West", "North", "East")]
    path = tmp_path / "g.jsonl"
    # A name of quotes: each is one character, and two bytes once JSON escapes it.
    seats[0] = SeatInfo('"' * (MAX_LINE_BYTES // 2), "human")
    with pytest.raises(HeaderTooLong, match=r"largest part is seats \(1,048,8\d\d bytes\)"):
        TranscriptWriter.create(path, game, seats, fsync=False)
    assert not path.exists()
    seats[0] = SeatInfo('"' * (MAX_LINE_BYTES // 2 - 2000), "human")  # just short of the limit: read back whole
    TranscriptWriter.create(path, game, seats, fsync=False).close()
    assert len(read_source(path).lines[0].encode()) <= MAX_LINE_BYTES
    assert replay(path).header.seats[0].name == seats[0].name


def test_a_what_if_game_whose_header_would_outgrow_the_reader_is_refused_in_one_line(tmp_path: Path) -> None:
    import json

    from hfcli.transcript.lines import MAX_LINE_BYTES

    lines = GOLDEN.read_text().split("\n")
    header = json.loads(lines[0])
    header["seats"][0].update(name="A" * (MAX_LINE_BYTES - len(lines[0]) - 100), kind="human", level=None)
    studied = tmp_path / "long-name.jsonl"
    studied.write_text("\n".join([json.dumps(header, separators=(",", ":")), *lines[1:]]))
    assert invoke(["verify", str(studied)])[0] == 0  # readable as it stands; the what-if adds its history
    what_if = tmp_path / "w.jsonl"
    code, out, err = invoke(["play", "--from", f"{studied}:300", "--speed", "0", "--transcript", str(what_if)])
    assert code == 2, out
    assert re.fullmatch(r"Error: cannot record this game: the transcript's header would be 1,0\d\d,\d\d\d bytes, and a "
                        r"transcript's lines are read up to 1 MiB \(1,048,576 bytes\); its largest part is seats "
                        r"\(1,04\d,\d\d\d bytes\)\n", err), err
    assert not what_if.exists()


def test_a_line_longer_than_the_reader_reads_is_never_appended(tmp_path: Path) -> None:
    from hfcli.engine.game import Game
    from hfcli.engine.reasons import recorded
    from hfcli.engine.rules import preset
    from hfcli.transcript import SeatInfo, TranscriptWriteError, TranscriptWriter
    from hfcli.transcript.lines import MAX_LINE_BYTES

    game = Game(preset("classic"), seed=3)
    path = tmp_path / "g.jsonl"
    writer = TranscriptWriter.create(path, game, [SeatInfo(n, "ai", "easy") for n in "SWNE"], fsync=False)
    before = path.read_bytes()
    with pytest.raises(TranscriptWriteError, match="a line longer than 1,048,576 bytes"):
        writer.record(game.apply("draw"), recorded("why" * MAX_LINE_BYTES))
    writer.close()
    assert path.read_bytes() == before


# ---------------------------------------------------------------------------- where the files go


def test_a_home_that_does_not_exist_is_not_created(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "nobody"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DATA_HOME")
    code, out, err = invoke(["play", "--seed", "3", "--speed", "0"])
    assert code == 1, out
    assert err == (f"Error: the home folder {home} does not exist, so there is no {home}/.local/share/hfcli for "
                   "hf's files; set HF_DATA_DIR to a folder for hf's files, or give --transcript FILE\n")
    assert not home.exists()
    home.mkdir()  # a home that is there gets its data folder, made down to the transcripts
    code, out, err = invoke(["play", "--seed", "3", "--speed", "0"])
    assert code == 0, err
    assert len(list((home / ".local" / "share" / "hfcli" / "transcripts").glob("*-seed3.jsonl"))) == 1


def test_a_data_folder_named_outside_the_home_is_made_even_without_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "nobody"))
    for variable in ("XDG_DATA_HOME", "HF_DATA_DIR"):  # the folders the user named: made as the XDG rules say
        monkeypatch.setenv(variable, str(tmp_path / variable / "deep"))
        code, _, err = invoke(["play", "--seed", "3", "--speed", "0"])
        assert code == 0, err
        assert list((tmp_path / variable).rglob("*-seed3.jsonl"))
    assert not (tmp_path / "nobody").exists()
