"""Hostile input: what a transcript fuzzer, a fault injector and a hostile terminal found, one test
(or a few) per finding, each named after it.

Files, command lines, terminals and disks misbehave; the program must answer every case with a
one-line message and the right exit code, never a traceback, never lose a move, and never pass
text from outside straight to the terminal.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_e2e_terminal import Terminal
from test_repl_support import Captured, make_session

from ai import make_player
from hfcli.cli import main
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
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


def raw_control(text: str) -> bool:
    """Whether ``text`` holds a control character a terminal would act on (newlines aside)."""
    return any(ord(c) < 32 and c != "\n" or 0x7F <= ord(c) < 0xA0 for c in text)


def human_moves(seed: int, level: str, count: int) -> list[str]:
    """South's first ``count`` moves against the AI seats ``hf play --seed SEED --level LEVEL`` sits,
    chosen by a seeded random player, so they replay exactly when piped in."""
    game = Game(preset("classic"), seed=seed)
    players = {seat: make_player(level, seed, seat) for seat in (1, 2, 3)}
    me = make_player("random", 1000 + seed, 0)
    moves: list[str] = []
    while len(moves) < count and not game.is_over:
        seat = game.to_move
        move = (me if seat == 0 else players[seat]).choose(game.view(seat)).move
        if seat == 0:
            moves.append(str(move))
        game.apply(move)
    return moves


# ---------------------------------------------------------------------------- 1. escape injection


def test_finding_1_a_transcript_seat_name_with_control_characters_is_malformed(tmp_path: Path) -> None:
    lines = golden_lines()
    header = json.loads(lines[0])
    header["seats"][1]["name"] = EVIL
    path = write_lines(tmp_path / "evil.jsonl", [json.dumps(header), *lines[1:]])
    for command in (["verify"], ["replay", "--print"]):
        code, out, err = invoke([*command, str(path)])
        assert code == 2, (command, out, err)
        assert err.startswith(f"{path}:1: ") and "control characters" in err
        assert not raw_control(out + err)


def test_finding_1_reasons_program_and_paths_from_outside_are_shown_with_controls_visible(tmp_path: Path) -> None:
    lines = golden_lines()
    header = json.loads(lines[0])
    header["program"] = "hfcli \x1b[2J9.9"
    lines[0] = json.dumps(header)
    reasons = [i for i, t in enumerate(lines) if '"reason":' in t]
    data = json.loads(lines[reasons[0]])
    data["reason"] = "think \x1b]0;PWNED\x07 again"
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


def test_finding_1_a_house_rules_name_with_control_characters_is_refused(tmp_path: Path) -> None:
    house = tmp_path / "evil.toml"
    house.write_text(f'preset = "classic"\nname = {json.dumps(EVIL)}\n')
    for args in (["rules", str(house)], ["play", "--rules", str(house)], ["simulate", "--rules", str(house)]):
        code, out, err = invoke(args)
        assert code == 2, (args, out, err)
        assert "name" in err and "control characters" in err and err.count("\n") == 1
        assert not raw_control(out + err)


def _file_size_limit(limit: int) -> Callable[[], None]:
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


# ---------------------------------------------------------------------------- 4. what a terminal sends


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
    env = {**os.environ, "HF_DATA_DIR": str(tmp_path), "TERM": "xterm-256color"}
    subprocess.run([TMUX, "-L", term.socket, "new-session", "-d", "-s", "play", "-x", "120", "-y", "50", command],
                   env=env, check=True, timeout=10, cwd=ROOT)
    try:
        yield term
    finally:
        term.tmux("kill-server")


# ---------------------------------------------------------------------------- 5. odd event kinds


@pytest.mark.parametrize("kind", ["[]", '{"a":1}', "7", "null"])
def test_finding_5_an_event_kind_that_is_not_text_is_malformed_at_its_line(tmp_path: Path, kind: str) -> None:
    lines = golden_lines()
    after = next(i for i, t in enumerate(lines) if '"e":"digest"' in t) + 1
    lines.insert(after, f'{{"e":{kind}}}')
    path = write_lines(tmp_path / "kind.jsonl", lines)
    for command in (["verify"], ["replay", "--print"]):
        code, out, err = invoke([*command, str(path)])
        assert code == 2, (command, err)
        assert err.strip() == f"{path}:{after + 1}: the event kind 'e' must be text, not {kind}", err
        assert "internal error" not in err and "Traceback" not in out + err


# ---------------------------------------------------------------------------- 7. duplicate keys, wrong types


def test_finding_7_a_duplicate_key_is_malformed(tmp_path: Path) -> None:
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
def test_finding_7_a_value_of_the_wrong_type_is_malformed(tmp_path: Path, old: str, new: str, message: str) -> None:
    lines = golden_lines()
    assert old in lines[1]
    lines[1] = lines[1].replace(old, new)
    path = write_lines(tmp_path / "types.jsonl", lines)
    code, _, err = invoke(["verify", str(path)])
    assert code == 2 and err.startswith(f"{path}:2: ") and message in err, err


def test_finding_7_a_score_of_the_wrong_type_is_malformed(tmp_path: Path) -> None:
    lines = golden_lines()
    i = next(i for i, t in enumerate(lines) if '"e":"deal_end"' in t)
    data = json.loads(lines[i])
    total = data["scores"]["NS"]["total"]
    data["scores"]["NS"]["total"] = float(total)
    lines[i] = json.dumps(data, separators=(",", ":"))
    path = write_lines(tmp_path / "score.jsonl", lines)
    code, _, err = invoke(["verify", str(path)])
    assert code == 2 and err.strip() == f"{path}:{i + 1}: 'scores.NS.total' must be a whole number, not {total}.0"


# ---------------------------------------------------------------------------- 8. tracebacks instead of messages


def test_finding_8_a_house_rules_file_that_is_not_utf8_is_one_line(tmp_path: Path) -> None:
    house = tmp_path / "latin1.toml"
    house.write_bytes(b'preset = "classic"\nname = "caf\xe9"\n')
    for args in (["rules", str(house)], ["play", "--rules", str(house)], ["simulate", "--rules", str(house)]):
        code, out, err = invoke(args)
        assert code == 2, (args, out, err)
        assert err.strip() == f"Error: {house}: not UTF-8 text (line 2)", err


def test_finding_8_a_house_rules_file_nested_too_deep_is_one_line(tmp_path: Path) -> None:
    house = tmp_path / "deep.toml"
    house.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    code, out, err = invoke(["rules", str(house)])
    assert code == 2 and err.strip() == f"Error: {house}: nested too deep to read", err


# ---------------------------------------------------------------------------- 10. the format is the header's field


def test_finding_10_a_player_named_like_the_scenario_format_verifies(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    args = ["play", "--seed", "1", "--speed", "0", "--name", "hfcli-scenario", "--transcript", str(path)]
    code, out, _ = invoke(args, "draw\nquit\ny\n")
    assert code == 0, out
    code, out, err = invoke(["verify", str(path)])
    assert code == 0 and out.startswith(f"{path}: ok, "), err


# ---------------------------------------------------------------------------- 13. special files, long lines


def test_finding_13_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
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


def test_finding_13_a_device_is_refused(tmp_path: Path) -> None:
    done = hf("verify", "/dev/zero", timeout=20)
    assert done.returncode == 2 and done.stderr.strip() == "/dev/zero:0: not a regular file (a character device)"


def test_finding_13_a_line_longer_than_a_megabyte_is_refused_at_its_line(tmp_path: Path) -> None:
    lines = golden_lines()
    path = write_lines(tmp_path / "long.jsonl", [*lines[:3], '{"e":"' + "x" * (1 << 20) + '"}', *lines[3:]])
    code, _, err = invoke(["verify", str(path)])
    assert code == 2 and err.strip() == f"{path}:4: the line is longer than 1 MiB"
    zeros = tmp_path / "zeros.jsonl"
    zeros.write_bytes(b"\0" * (3 << 20))
    code, _, err = invoke(["verify", str(zeros)])
    assert code == 2 and err.strip() == f"{zeros}:1: the line is longer than 1 MiB"


# ---------------------------------------------------------------------------- verify --strict


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
    assert code == 0 and out.count(": ok, ") == 3
