"""Hostile input: what a transcript fuzzer, a fault injector and a hostile terminal found, grouped by
the behaviour each case checks.

Files, command lines, terminals and disks misbehave; the program must answer every case with a
one-line message and the right exit code, never a traceback, never lose a move, and never pass
text from outside straight to the terminal.
"""

from __future__ import annotations

import errno
import json
import os
import re
import resource
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_e2e_terminal import Terminal
from test_repl_support import Captured, make_session, raw_control, recorded_session, scripted_moves
from test_worker_processes import sigint_as_at_a_terminal

from hfcli.cli import main
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.levels import make_player
from hfcli.repl.session import Session

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "transcripts" / "golden"
EVIL = "\x1b]0;PWNED\x07\x1b[2J\x1b[31mEVIL"  # retitles the terminal, clears it, turns the text red


def invoke(args: list[str], stdin: str = "", env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, args, input=stdin, env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


def hf(*args: str, stdin: str = "", timeout: float = 60, **kwargs: object) -> subprocess.CompletedProcess[str]:
    """``hf ARGS`` in a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "hfcli", *args], input=stdin, capture_output=True, text=True, timeout=timeout,
        cwd=ROOT, **kwargs,  # type: ignore[call-overload]
    )


def golden_lines(name: str = "classic-normal-seed1") -> list[str]:
    return (GOLDEN / f"{name}.jsonl").read_text().split("\n")


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines))
    return path


# ----------------------------------- text from outside reaches the screen with its controls visible


def test_a_transcript_seat_name_with_control_characters_is_malformed(tmp_path: Path) -> None:
    lines = golden_lines()
    header = json.loads(lines[0])
    header["seats"][1]["name"] = EVIL
    path = write_lines(tmp_path / "evil.jsonl", [json.dumps(header), *lines[1:]])
    for command in (["verify"], ["replay", "--print"]):
        code, out, err = invoke([*command, str(path)])
        assert code == 2, (command, out, err)
        assert err.startswith(f"{path}:1: ") and "control characters" in err
        assert not raw_control(out + err)


def test_reasons_program_and_paths_from_outside_are_shown_with_controls_visible(tmp_path: Path) -> None:
    lines = golden_lines()
    header = json.loads(lines[0])
    header["program"] = "hfcli \x1b[2J9.9"
    lines[0] = json.dumps(header)
    reasons = [i for i, t in enumerate(lines) if '"reason":' in t]
    data = json.loads(lines[reasons[0]])
    data["reason"] = "think \x1b]0;PWNED\x07 again"
    del data["why"]  # the line as a writer before reasons were data wrote it: words only
    lines[reasons[0]] = json.dumps(data)
    path = write_lines(tmp_path / "reasons.jsonl", lines)
    code, out, err = invoke(["replay", "--print", str(path)])
    assert code == 0, err
    assert not raw_control(out + err)
    assert "hfcli \\x1b[2J9.9" in out and "think \\x1b]0;PWNED\\x07 again" in out
    code, out, err = invoke(["verify", str(path)])  # a reason is not a name: it verifies
    assert code == 0, err
    odd = tmp_path / "odd\x1b[2J\x07.jsonl"
    code, out, err = invoke(["verify", str(odd)])
    assert code == 2 and not raw_control(err) and "odd\\x1b[2J\\x07.jsonl" in err


def commands_reading(house: Path) -> list[list[str]]:
    """Every command that reads a house-rules file."""
    return [["rules", str(house)], ["play", "--rules", str(house)], ["simulate", "--rules", str(house)]]


def test_a_house_rules_name_with_control_characters_is_refused(tmp_path: Path) -> None:
    house = tmp_path / "evil.toml"
    house.write_text(f'preset = "classic"\nname = {json.dumps(EVIL)}\n')
    for args in commands_reading(house):
        code, out, err = invoke(args)
        assert code == 2, (args, out, err)
        assert "name" in err and "control characters" in err and err.count("\n") == 1
        assert not raw_control(out + err)


@pytest.mark.parametrize(
    ("name", "message"),
    [("\x1b[2J", "control characters"), ("x" * 41, "at most 40 characters"), ("   ", "blank"),
     ("A\u202eB", "control characters")],
)
def test_play_name_takes_printable_text_of_at_most_40_characters(
    tmp_path: Path, name: str, message: str
) -> None:
    code, out, err = invoke(["play", "--seed", "1", "--name", name], "quit\ny\n", env={"HF_DATA_DIR": str(tmp_path)})
    assert code == 2 and "--name" in err and message in err
    assert not raw_control(out + err)
    assert not (tmp_path / "transcripts").exists()
    code, out, _ = invoke(["play", "--seed", "1", "--speed", "0", "--name", "Zoë " + "x" * 36], "quit\ny\n",
                          env={"HF_DATA_DIR": str(tmp_path)})
    assert code == 0, out




def _run_prompt_loop(keys: str, seconds: float = 30) -> tuple[Session, Captured, list[BaseException]]:
    """``run_terminal`` fed ``keys`` through a pipe, in a thread, so that a loop that hangs fails
    the test instead of stopping the suite; the pipe ends after the keys (EOF twice leaves)."""
    import threading

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from hfcli.repl.loop import run_terminal

    session, out = make_session(seed=7)
    session.start()
    errors: list[BaseException] = []

    def run() -> None:
        try:
            with create_pipe_input() as pipe:
                pipe.send_text(keys)
                pipe.close()
                run_terminal(session, input=pipe, output=DummyOutput())
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"the loop is stuck; the screen ends:\n{out.text[-800:]}"
    return session, out, errors


def test_a_pasted_colour_code_is_dropped_and_the_game_goes_on() -> None:
    session, out, errors = _run_prompt_loop("\x1b[31mdraw\r\x1b[M!!!\x1b[0mhand\r")
    assert errors == []
    assert "You draw" in out.text and "Your hand (15)" in out.text
    assert session.finished  # the pipe ended: EOF asked to leave, EOF again left


def test_any_failure_reading_keys_drops_the_line_not_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

    from hfcli.repl import keys

    table_bindings = keys.table_bindings

    def failing_bindings() -> KeyBindings:
        bindings = table_bindings()

        @bindings.add("c-t")
        def _fail(event: KeyPressEvent) -> None:
            raise ValueError("not enough values to unpack")

        return bindings

    monkeypatch.setattr(keys, "table_bindings", failing_bindings)
    session, out, errors = _run_prompt_loop("dr\x14")
    assert errors == []
    assert ("The terminal sent something that could not be read (ValueError: not enough values to unpack); "
            "that line was dropped.") in out.text
    assert "You leave the table." in out.text and session.finished


@pytest.fixture
def tmux_play(tmp_path: Path) -> Iterator[Terminal]:
    """``hf play --seed 7`` in a real terminal (tmux)."""
    import shlex
    import uuid

    from test_e2e_terminal import TMUX

    if TMUX is None:
        pytest.skip("tmux is not installed, so there is no real terminal to drive")
    term = Terminal(f"hf-test-{uuid.uuid4().hex[:8]}", "play")
    command = shlex.join([sys.executable, "-m", "hfcli", "play", "--seed", "7", "--speed", "0", "--transcript",
                          str(tmp_path / "game.jsonl")]) + "; echo EXITED $?; sleep 30"
    # COLUMNS and LINES left in the environment by another test would override the pane's size.
    env = {**{k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")},
           "HF_DATA_DIR": str(tmp_path), "TERM": "xterm-256color"}
    subprocess.run([TMUX, "-L", term.socket, "new-session", "-d", "-s", "play", "-x", "120", "-y", "50", command],
                   env=env, check=True, timeout=10, cwd=ROOT)
    try:
        yield term
    finally:
        term.tmux("kill-server")


@pytest.mark.e2e
def test_coloured_text_typed_or_pasted_in_a_real_terminal(tmux_play: Terminal) -> None:
    terminal = tmux_play
    terminal.wait_for("South (draw)>")
    terminal.tmux("send-keys", "-t", "play", "-l", "\x1b[31mdraw")  # as a terminal without bracketed paste sends it
    terminal.send("Enter")
    terminal.wait_for("You draw")
    terminal.tmux("set-buffer", "\x1b[31mhand\x1b[0m")
    terminal.tmux("paste-buffer", "-p", "-t", "play")  # a bracketed paste: the text arrives as typed
    terminal.send("Enter")
    shown = terminal.wait_for("Unknown command")
    terminal.send("hand", "Enter")
    shown = terminal.wait_for("Your hand (15)")
    assert "Traceback" not in shown and "Unhandled exception" not in shown
    assert "\\x1b[31mhand" in shown  # the refused line is quoted with its escape made visible
    terminal.send("quit", "Enter")
    terminal.wait_for("Leave the game?")
    terminal.send("y", "Enter")
    terminal.wait_for("EXITED 0")


# ------------------------- a move reaches the disk before any screen, or the game stops in one line


def test_short_writes_are_completed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hfcli.transcript import SeatInfo
    from hfcli.transcript import writer as writer_module
    from hfcli.transcript.golden import FIXED_CREATED, record_game

    seats = [SeatInfo(f"P{i}", "ai", "random") for i in range(4)]

    def recorded(path: Path) -> bytes:
        record_game(path, Game(preset("classic"), seed=3), ["random"] * 4, 3, seats=seats, created=FIXED_CREATED,
                    max_moves=40)
        return path.read_bytes()

    whole = recorded(tmp_path / "whole.jsonl")
    trickled = tmp_path / "trickled.jsonl"
    real_write = os.write

    def seven_bytes_a_call(fd: int, data: bytes) -> int:
        if trickled.exists() and os.fstat(fd).st_ino == trickled.stat().st_ino:
            return real_write(fd, bytes(data[:7]))
        return real_write(fd, data)

    monkeypatch.setattr(writer_module.os, "write", seven_bytes_a_call)
    assert recorded(trickled) == whole


def test_a_move_the_disk_refuses_is_neither_shown_nor_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hfcli.transcript import TranscriptWriteError, read_source, replay, resume
    from hfcli.transcript import writer as writer_module

    path = tmp_path / "g.jsonl"
    session, _, out = recorded_session(path, seed=5)
    limit = path.stat().st_size + 6000
    shown_when_refused: list[int] = []
    real_write = os.write

    def limited_write(fd: int, data: bytes) -> int:
        # What the kernel does under a file-size limit: a short write up to the limit, then EFBIG.
        if os.fstat(fd).st_ino != path.stat().st_ino:
            return real_write(fd, data)
        room = limit - os.fstat(fd).st_size
        if room <= 0:
            shown_when_refused.append(len(out.lines))
            raise OSError(errno.EFBIG, os.strerror(errno.EFBIG))
        return real_write(fd, bytes(data[:room]))

    monkeypatch.setattr(writer_module.os, "write", limited_write)
    with pytest.raises(TranscriptWriteError) as refused:
        session.start()
        for line in scripted_moves(5, "easy", count=500):
            session.handle(line)
    monkeypatch.undo()
    assert refused.value.errno == errno.EFBIG and refused.value.path == path
    assert shown_when_refused and len(out.lines) == shown_when_refused[0]  # nothing shown once the disk refused
    assert read_source(path).torn is None and path.stat().st_size <= limit
    kept = replay(path).moves
    assert len(kept) > 20
    assert [(m.seat, m.move) for m in kept] == [(e.seat, e.move) for e in session.log]
    session.close()  # as hf play does when the game stops: the transcript has one writer at a time
    resumed = resume(path, fsync=False)
    resumed.writer.close()
    assert resumed.game.move_count == len(session.log)


def _file_size_limit(limit: int) -> Callable[[], None]:
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


@pytest.mark.slow
def test_under_a_file_size_limit_hf_play_stops_in_one_line_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    moves = scripted_moves(5, "easy", count=400)
    play = ["play", "--seed", "5", "--level", "easy", "--speed", "0", "--transcript", str(path)]
    done = hf(*play, stdin="\n".join(moves) + "\n", preexec_fn=_file_size_limit(8192))
    assert done.returncode == 1, done.stdout[-500:] + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stderr.count("\n") == 1 and "(File too large)" in done.stderr
    assert done.stderr.strip().endswith(f"every move before it is saved: hf play --resume {path}")
    assert path.stat().st_size <= 8192
    checked = hf("verify", str(path))
    assert checked.returncode == 0 and "unfinished" in checked.stdout and checked.stderr == ""

    def rest() -> str:
        played = sum(1 for t in path.read_text().splitlines() if t.startswith('{"e":"move","seat":"S"'))
        return "\n".join(moves[played : played + 30]) + "\n"

    # Under the same limit, --resume goes on from the last recorded move and stops as cleanly.
    size = path.stat().st_size
    again = hf("play", "--resume", str(path), "--speed", "0", stdin=rest(), preexec_fn=_file_size_limit(8192))
    assert again.returncode == 1 and again.stdout.startswith(f"Resuming {path} at deal 1 of 4.")
    assert "Traceback" not in again.stdout + again.stderr and "(File too large)" in again.stderr
    assert size <= path.stat().st_size <= 8192
    free = hf("play", "--resume", str(path), "--speed", "0", stdin=rest())
    assert free.returncode == 0 and free.stderr == "" and "Input ended before the game did." in free.stdout
    assert path.stat().st_size > 8192 and hf("verify", str(path)).returncode == 0


@pytest.mark.e2e
def test_output_redirected_to_a_file_the_limit_refuses_is_one_line_and_loses_no_move(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    screen = tmp_path / "screen.txt"
    moves = scripted_moves(5, "easy", count=400)
    with screen.open("w") as out:
        done = subprocess.run(
            [sys.executable, "-m", "hfcli", "play", "--seed", "5", "--level", "easy", "--speed", "0",
             # ``log`` after every move: the screen outgrows the transcript, whose moves carry their
             # reasons twice (words and data).
             "--transcript", str(path)], input="".join(f"{m}\nlog 5\n" for m in moves), stdout=out,
            stderr=subprocess.PIPE,
            text=True, timeout=60, cwd=ROOT, preexec_fn=_file_size_limit(40960),
        )
    # The screen text outgrows the transcript: the output is what the limit refuses first.
    assert done.returncode == 1 and done.stderr == "hf: cannot write the output: File too large\n"
    assert screen.stat().st_size == 40960 and path.stat().st_size < 40960
    shown = screen.read_text(errors="replace").count("\nYou discard ")
    checked = hf("verify", str(path))
    assert checked.returncode == 0 and "unfinished" in checked.stdout
    recorded = sum(1 for t in path.read_text().splitlines() if t.startswith('{"e":"move","seat":"S","move":"discard'))
    assert recorded >= shown > 0  # every discard shown was recorded first


def test_a_resume_that_cannot_write_the_events_it_owes_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    invoke(["play", "--seed", "7", "--speed", "0", "--transcript", str(path)], "draw\n")
    lines = path.read_text().splitlines(keepends=True)
    assert lines[-1].startswith('{"e":"draw","seat":"S"')
    path.write_text("".join(lines[:-1]))  # the draw's cards are owed: a crash cut them off
    size = path.stat().st_size
    done = hf("play", "--resume", str(path), "--speed", "0", stdin="quit\ny\n", preexec_fn=_file_size_limit(size))
    assert done.returncode == 1
    assert done.stderr.strip() == f"Error: {path}: cannot write to it to continue the game: File too large"
    assert path.stat().st_size == size




def test_a_name_that_is_not_text_leaves_no_empty_transcript(tmp_path: Path) -> None:
    # What Python makes of the byte 0xFF in a command line: a lone surrogate.
    code, _, err = invoke(["play", "--seed", "1", "--name", "\udcff"], "quit\ny\n", env={"HF_DATA_DIR": str(tmp_path)})
    assert code == 2 and "--name" in err and "not text" in err, err
    assert "\\xff" in err and "udc" not in err  # the byte as typed, not Python's stand-in for it
    assert not list(tmp_path.rglob("*.jsonl"))


def test_a_data_folder_name_too_long_is_one_line(tmp_path: Path) -> None:
    data = tmp_path / ("a" * 300)
    code, out, err = invoke(["play", "--seed", "1"], "quit\ny\n", env={"HF_DATA_DIR": str(data)})
    assert code == 1, out + err
    assert err.count("\n") == 1 and err.startswith("Error: cannot write the transcript ")
    assert err.strip().endswith(": File name too long")
    assert not list(tmp_path.rglob("*.jsonl"))


def test_a_transcript_whose_header_cannot_be_written_is_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hfcli.transcript import writer

    real_write = os.write

    def disk_full(fd: int, data: bytes) -> int:
        if path.exists() and os.fstat(fd).st_ino == path.stat().st_ino:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    path = tmp_path / "g.jsonl"
    monkeypatch.setattr(writer.os, "write", disk_full)
    code, out, err = invoke(["play", "--seed", "1", "--transcript", str(path)], "quit\ny\n")
    monkeypatch.undo()
    assert code == 1 and err.strip() == f"Error: cannot write the transcript {path}: No space left on device"
    assert not path.exists()




def test_a_read_only_transcript_says_it_cannot_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.jsonl"
    invoke(["play", "--seed", "1", "--speed", "0", "--transcript", str(path)], "draw\n")
    path.chmod(0o444)
    if os.geteuid() == 0:  # root writes to read-only files: refuse the write as the kernel would for anyone else
        real_open = os.open

        def guarded_open(file: str | os.PathLike[str], flags: int, *args: int, **kwargs: object) -> int:
            if Path(file) == path and flags & (os.O_WRONLY | os.O_RDWR):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(file))
            return real_open(file, flags, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(os, "open", guarded_open)
    code, out, err = invoke(["play", "--resume", str(path)], "quit\ny\n")
    monkeypatch.undo()
    assert code == 1, out
    assert err.strip() == f"Error: {path}: cannot write to it to continue the game: Permission denied"


def test_a_transcript_path_under_a_regular_file_says_so(tmp_path: Path) -> None:
    regular = tmp_path / "notes.txt"
    regular.write_text("not a folder\n")
    path = regular / "g.jsonl"
    code, _, err = invoke(["play", "--seed", "1", "--transcript", str(path)], "quit\ny\n")
    assert code == 1
    assert err.strip() == f"Error: cannot write the transcript {path}: {regular} is a file, not a folder"


# ------------------------------------- a transcript changed by hand fails at its first changed line


@pytest.mark.parametrize("kind", ["[]", '{"a":1}', "7", "null"])
def test_an_event_kind_that_is_not_text_is_malformed_at_its_line(tmp_path: Path, kind: str) -> None:
    lines = golden_lines()
    after = next(i for i, t in enumerate(lines) if '"e":"digest"' in t) + 1
    lines.insert(after, f'{{"e":{kind}}}')
    path = write_lines(tmp_path / "kind.jsonl", lines)
    for command in (["verify"], ["replay", "--print"]):
        code, out, err = invoke([*command, str(path)])
        assert code == 2, (command, err)
        assert err.strip() == f"{path}:{after + 1}: the event kind 'e' must be text, not {kind}", err
        assert "internal error" not in err and "Traceback" not in out + err




def _recorded_golden(tmp_path: Path, name: str) -> tuple[Path, list[str]]:
    """A golden game recorded afresh by today's writer."""
    from hfcli.transcript.golden import FIXED_CREATED, GOLDEN, record_game

    spec = next(g for g in GOLDEN if g.name == name)
    path = tmp_path / f"{name}.jsonl"
    record_game(path, Game(preset(spec.preset), spec.seed), spec.levels, spec.seed, created=FIXED_CREATED)
    return path, path.read_text().split("\n")


def _move(line: str) -> tuple[str, str] | None:
    if '"e":"move"' not in line:
        return None
    data = json.loads(line)
    return data["seat"], data["move"]


def test_swapping_two_moves_of_a_turn_fails_at_the_first_swapped_line(tmp_path: Path) -> None:
    path, lines = _recorded_golden(tmp_path, "classic-normal-seed1")
    # Adjacent moves of one seat in one turn (adds and melds), the first five pairs of the game:
    # some swaps leave every digest as it was.
    pairs = [i for i in range(1, len(lines) - 1)
             if (a := _move(lines[i])) and (b := _move(lines[i + 1])) and a[0] == b[0] and a[1] != b[1]
             and a[1].split()[0] in ("add", "meld") and b[1].split()[0] in ("add", "meld")][:5]
    assert len(pairs) == 5
    for i in pairs:
        swapped = list(lines)
        swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
        write_lines(path, swapped)
        code, _, err = invoke(["verify", str(path)])
        assert code == 1 and err.startswith(f"{path}:{i + 1}: "), (i + 1, err)
        assert "was moved, removed, added or changed" in err or "to be legal" in err, err


def test_deleting_a_move_undone_later_in_the_turn_fails_where_it_was(tmp_path: Path) -> None:
    path, lines = _recorded_golden(tmp_path, "classic-mixed-seed2")
    undone = []
    for i, line in enumerate(lines):
        move = _move(line)
        if move is None or not move[1].startswith("add ") or _move(lines[i + 1]) is None:
            continue
        rest = lines[i + 1 : next(j for j in range(i, len(lines)) if '"e":"digest"' in lines[j])]
        if any(_move(t) == (move[0], "undo") for t in rest):
            undone.append(i)
    assert undone
    for i in undone[:3]:
        write_lines(path, lines[:i] + lines[i + 1:])
        code, _, err = invoke(["verify", str(path)])
        assert code == 1, err
        assert err.startswith(f"{path}:{i + 1}: expected chain ") and "was moved, removed, added or changed" in err


def test_a_changed_move_that_plays_the_same_still_fails_at_its_line(tmp_path: Path) -> None:
    path, lines = _recorded_golden(tmp_path, "classic-normal-seed1")
    i = next(i for i, t in enumerate(lines) if '"move":"draw"' in t)
    write_lines(path, _swap_text(lines, i, '"move":"draw"', '"move":"draw "'))
    code, _, err = invoke(["verify", str(path)])
    assert code == 1 and err.startswith(f"{path}:{i + 1}: expected chain ")


def _swap_text(lines: list[str], i: int, old: str, new: str) -> list[str]:
    return [*lines[:i], lines[i].replace(old, new), *lines[i + 1:]]


def test_a_removed_digest_or_chain_is_caught(tmp_path: Path) -> None:
    path, lines = _recorded_golden(tmp_path, "eleven-normal-seed3")
    d = next(i for i, t in enumerate(lines) if '"e":"digest"' in t)
    write_lines(path, lines[:d] + lines[d + 1:])
    code, _, err = invoke(["verify", str(path)])
    assert code == 1 and err.startswith(f"{path}:{d + 1}: expected the digest of the turn that ended at line ")
    m = next(i for i, t in enumerate(lines) if '"e":"move"' in t)
    write_lines(path, [*lines[:m], re.sub(r',"chain":"[0-9a-f]{8}"', "", lines[m]), *lines[m + 1:]])
    code, _, err = invoke(["verify", str(path)])
    assert code == 2 and err.strip() == f"{path}:{m + 1}: 'chain' is missing"


def test_the_chain_is_what_the_format_says(tmp_path: Path) -> None:
    import hashlib

    path, lines = _recorded_golden(tmp_path, "classic-normal-seed1")
    moves = [json.loads(t) for t in lines if '"e":"move"' in t][:3]
    before = ""
    for move in moves:  # docs/transcript.md: BLAKE2b, 4 bytes, of "{chain before} {seat} {move}"
        text = f"{before} {move['seat']} {move['move']}".encode()
        assert move["chain"] == hashlib.blake2b(text, digest_size=4).hexdigest()
        before = move["chain"]
    assert hashlib.blake2b(b" S draw", digest_size=4).hexdigest() in (ROOT / "docs" / "transcript.md").read_text()


def test_a_resumed_version_1_file_goes_on_as_version_1(tmp_path: Path) -> None:
    from hfcli.table.match import play_game
    from hfcli.transcript import resume

    old = (ROOT / "transcripts" / "compat" / "v1" / "classic-normal-seed1.jsonl").read_text().split("\n")
    cut = len(old) // 2
    path = write_lines(tmp_path / "v1.jsonl", [*old[:cut], ""])
    resumed = resume(path, fsync=False)
    players = [make_player("random", 3, seat) for seat in range(4)]
    play_game(resumed.game, players, on_move=lambda events, decision: resumed.writer.record(events, decision.reason))
    resumed.writer.close()
    lines = path.read_text().split("\n")
    assert json.loads(lines[0])["version"] == 1 and not any('"chain"' in t for t in lines)
    code, out, err = invoke(["verify", "--strict", str(path)])
    assert code == 0 and "finished" in out, err


def test_version_1_files_still_verify() -> None:
    old = sorted((ROOT / "transcripts" / "compat" / "v1").glob("*.jsonl"))
    assert old and all(json.loads(p.read_text().split("\n")[0])["version"] == 1 for p in old)
    code, out, err = invoke(["verify", "--strict", *map(str, old)])
    assert code == 0 and out.count(": ok, ") == len(old), err




def test_a_duplicate_key_is_malformed(tmp_path: Path) -> None:
    lines = golden_lines()
    i = next(i for i, t in enumerate(lines) if '"move":"discard 3"' in t)
    lines[i] = lines[i].replace('"move":"discard 3"', '"move":"discard K","move":"discard 3"')
    path = write_lines(tmp_path / "dup.jsonl", lines)
    code, _, err = invoke(["verify", str(path)])
    assert code == 2 and err.strip() == f"{path}:{i + 1}: the key 'move' appears twice"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [('"deal":1,', '"deal":true,', "'deal' must be a whole number, not true"),
     ('"minimum":50,', '"minimum":50.0,', "'minimum' must be a whole number, not 50.0"),
     ('"minimum":50,', '"minimum":NaN,', "NaN is not a JSON value")],
)
def test_a_value_of_the_wrong_type_is_malformed(tmp_path: Path, old: str, new: str, message: str) -> None:
    lines = golden_lines()
    assert old in lines[1]
    lines[1] = lines[1].replace(old, new)
    path = write_lines(tmp_path / "types.jsonl", lines)
    code, _, err = invoke(["verify", str(path)])
    assert code == 2 and err.startswith(f"{path}:2: ") and message in err, err


def test_a_score_of_the_wrong_type_is_malformed(tmp_path: Path) -> None:
    lines = golden_lines()
    i = next(i for i, t in enumerate(lines) if '"e":"deal_end"' in t)
    data = json.loads(lines[i])
    total = data["scores"]["NS"]["total"]
    data["scores"]["NS"]["total"] = float(total)
    lines[i] = json.dumps(data, separators=(",", ":"))
    path = write_lines(tmp_path / "score.jsonl", lines)
    code, _, err = invoke(["verify", str(path)])
    assert code == 2 and err.strip() == f"{path}:{i + 1}: 'scores.NS.total' must be a whole number, not {total}.0"




def test_a_player_named_like_the_scenario_format_verifies(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    args = ["play", "--seed", "1", "--speed", "0", "--name", "hfcli-scenario", "--transcript", str(path)]
    code, out, _ = invoke(args, "draw\nquit\ny\n")
    assert code == 0, out
    code, out, err = invoke(["verify", str(path)])
    assert code == 0 and out.startswith(f"{path}: ok, "), err




def test_strict_verify_fails_a_torn_or_unfinished_file(tmp_path: Path) -> None:
    lines = golden_lines()
    half = write_lines(tmp_path / "half.jsonl", lines[: len(lines) // 2] + [""])
    code, out, _ = invoke(["verify", str(half)])
    assert code == 0 and "unfinished" in out
    code, out, err = invoke(["verify", "--strict", str(half)])
    assert code == 1 and err.strip() == f"{half}:{len(lines) // 2}: the game is unfinished (--strict)"
    torn = tmp_path / "torn.jsonl"
    torn.write_text((GOLDEN / "classic-normal-seed1.jsonl").read_text() + '{"e":"mo')
    code, out, err = invoke(["verify", "--strict", str(torn)])
    assert code == 1 and err.strip() == f"{torn}:{len(lines)}: torn last line (--strict)"
    code, out, _ = invoke(["verify", "--strict", str(GOLDEN)])
    assert code == 0 and out.count(": ok, ") == len(list(GOLDEN.glob("*.jsonl")))
# --------------------------------- odd files, folders and arguments are one line, never a traceback


def test_a_house_rules_file_that_is_not_utf8_is_one_line(tmp_path: Path) -> None:
    house = tmp_path / "latin1.toml"
    house.write_bytes(b'preset = "classic"\nname = "caf\xe9"\n')
    for args in commands_reading(house):
        code, out, err = invoke(args)
        assert code == 2, (args, out, err)
        assert err.strip() == f"Error: {house}: not UTF-8 text (line 2)", err


def test_a_house_rules_file_nested_too_deep_is_one_line(tmp_path: Path) -> None:
    house = tmp_path / "deep.toml"
    house.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    code, out, err = invoke(["rules", str(house)])
    assert code == 2 and err.strip() == f"Error: {house}: nested too deep to read", err


@pytest.mark.parametrize("speed", ["inf", "1e300", "nan", "61"])
def test_speed_has_an_upper_bound(tmp_path: Path, speed: str) -> None:
    code, out, err = invoke(["play", "--seed", "1", "--speed", speed, "--transcript", str(tmp_path / "g.jsonl")],
                            "draw\nx 3\n")
    assert code == 2 and "Invalid value for '--speed'" in err, out + err
    refusal = "from 0 to 60, not '61'" if speed == "61" else "written in the digits 0-9"
    assert "a pause must be a number " in err
    assert refusal in err, err
    assert not (tmp_path / "g.jsonl").exists()




def test_without_a_home_nothing_is_written_at_the_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hfcli.system import paths

    monkeypatch.delenv("HF_DATA_DIR", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", "/")
    with pytest.raises(paths.DataFolderError, match="HF_DATA_DIR"):
        paths.data_dir()
    golden = str(GOLDEN / "classic-normal-seed1.jsonl")
    for args in (["play", "--seed", "1"], ["play", "--from", f"{golden}:300"], ["play", "--duplicate", golden]):
        code, out, err = invoke(args, "quit\ny\n")
        assert code == 1 and "set HF_DATA_DIR" in err and err.count("\n") == 1, (args, out + err)
    assert not Path("/.local/share/hfcli").exists()


def test_the_data_folder_is_the_platforms_and_tests_keep_to_their_own(tmp_path: Path) -> None:
    import platformdirs

    from hfcli.system import paths

    assert paths.data_dir() == platformdirs.user_data_path("hfcli", appauthor=False)
    assert paths.data_dir().is_relative_to(tmp_path)  # the conftest's folders, never the real home


def test_a_relative_xdg_data_home_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hfcli.system import paths

    monkeypatch.delenv("HF_DATA_DIR", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()  # the data folder goes below a home that exists
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")
    assert paths.data_dir() == tmp_path / "home" / ".local" / "share" / "hfcli"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert paths.data_dir() == tmp_path / "xdg" / "hfcli"
    monkeypatch.setenv("HF_DATA_DIR", str(tmp_path / "mine"))
    assert paths.data_dir() == tmp_path / "mine"




@pytest.mark.slow
def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    for command in (["verify"], ["replay", "--print"], ["play", "--resume"]):
        done = hf(*command, str(fifo), timeout=20)
        assert done.returncode in (1, 2), (command, done.stderr)
        assert done.stderr.strip().endswith(f"{fifo}:0: not a regular file (a named pipe)"), done.stderr
    house = tmp_path / "pipe.toml"
    os.mkfifo(house)
    done = hf("rules", str(house), timeout=20)
    assert done.returncode == 2 and done.stderr.strip() == f"Error: {house}: not a regular file (a named pipe)"


def test_a_fifo_in_a_folder_is_named_not_skipped(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    write_lines(folder / "a-game.jsonl", golden_lines())
    fifo = folder / "b-pipe.jsonl"
    os.mkfifo(fifo)
    done = hf("verify", str(folder), timeout=20)
    assert done.returncode == 2, done.stderr
    assert done.stdout.startswith(f"{folder / 'a-game.jsonl'}: ok"), done.stdout
    assert done.stderr.strip() == f"{fifo}:0: not a regular file (a named pipe)"
    done = hf("stats", str(folder), timeout=20)
    assert done.returncode == 0 and f"{fifo}:0: not a regular file (a named pipe)" in done.stdout, done.stdout


def test_a_device_is_refused(tmp_path: Path) -> None:
    done = hf("verify", "/dev/zero", timeout=20)
    assert done.returncode == 2 and done.stderr.strip() == "/dev/zero:0: not a regular file (a character device)"


def test_a_line_longer_than_a_megabyte_is_refused_at_its_line(tmp_path: Path) -> None:
    lines = golden_lines()
    path = write_lines(tmp_path / "long.jsonl", [*lines[:3], '{"e":"' + "x" * (1 << 20) + '"}', *lines[3:]])
    code, _, err = invoke(["verify", str(path)])
    assert code == 2 and err.strip() == f"{path}:4: the line is longer than 1 MiB"
    zeros = tmp_path / "zeros.jsonl"
    zeros.write_bytes(b"\0" * (3 << 20))
    code, _, err = invoke(["verify", str(zeros)])
    assert code == 2 and err.strip() == f"{zeros}:1: the line is longer than 1 MiB"


# --------------------------------------------------- a long run streams its games and stops cleanly


def test_a_huge_run_takes_little_memory_and_stops_with_the_games_so_far() -> None:
    import tracemalloc

    from hfcli.reports.simulate import simulate

    seen: list[int] = []

    def stop_after_two(done: int) -> None:
        seen.append(done)
        if done == 2:
            raise KeyboardInterrupt  # what Ctrl-C raises in the main thread

    tracemalloc.start()
    try:
        summary = simulate(preset("classic"), 5_000_000, 1, ("random", "random"), on_game=stop_after_two)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert seen == [1, 2]  # progress from the first game
    assert summary.interrupted and summary.games == 2 and summary.requested == 5_000_000
    assert summary.as_dict()["games"] == 2 and summary.deals == 8
    assert peak < 20 * 2**20, f"{peak:,} bytes at the peak"


@pytest.mark.e2e
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_prints_the_summary_of_the_games_finished(tmp_path: Path, jobs: str) -> None:
    import re

    import pexpect

    child = pexpect.spawn(sys.executable, ["-m", "hfcli", "simulate", "--games", "1000000000", "--jobs", jobs],
                          cwd=str(ROOT), dimensions=(24, 120), encoding="utf-8", timeout=60,
                          preexec_fn=sigint_as_at_a_terminal)
    try:
        child.expect(r" ([1-9]\d*)/1000000000")  # the bar moves from the first game on
        child.sendintr()  # Ctrl-C at the keyboard: SIGINT to every process of the group
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    shown = (child.before or "") + (child.after if isinstance(child.after, str) else "")
    finished = re.search(r"games +(\d+) of 1000000000 \(interrupted\)", shown)
    assert finished is not None and int(finished.group(1)) >= 1, shown[-2000:]
    assert "NS wins" in shown and "moves per second" in shown
    assert "Traceback" not in shown and "Aborted" not in shown
    assert child.exitstatus == 130


