"""The worker processes of ``--jobs``: they die with the command, leave Ctrl-C to it, and never
print a traceback; and Ctrl-C ends every command with one line and exit status 130."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "transcripts" / "golden"
# West's review of this game has a dozen decisions to play forward: some seconds of work a worker.
LONG_REVIEW = ["review", "--seat", "W", "--jobs", "2", str(GOLDEN / "eleven-normal-seed3.jsonl")]
ENDLESS_SIMULATION = ["simulate", "--games", "1000000000", "--jobs", "2"]

linux_only = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers through /proc")


def _children(pid: int) -> list[int]:
    """The live (not zombie) processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z" and int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _wait_until(condition: Callable[[], Any], seconds: float = 30) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    return condition()


def _hf(args: list[str], tmp_path: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "HF_DATA_DIR": str(tmp_path)}
    return subprocess.Popen([sys.executable, "-m", "hfcli", *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def _kill_while_working(args: list[str], tmp_path: Path, kill: signal.Signals) -> tuple[list[int], str]:
    """Start ``hf ARGS``, kill it with ``kill`` once both its workers are busy, and return the
    workers still alive a while later and what it printed on stderr."""
    proc = _hf(args, tmp_path)
    workers: list[int] = []
    try:
        workers = _wait_until(lambda: found if len(found := _children(proc.pid)) == 2 else [])
        assert len(workers) == 2, "the command never started its two workers"
        time.sleep(1)  # into their share of the work
        proc.send_signal(kill)
        _, err = proc.communicate(timeout=30)
        left = _wait_until(lambda: not [w for w in workers if _alive(w)], 10)
        return ([] if left else [w for w in workers if _alive(w)]), err
    finally:
        for worker in workers:
            if _alive(worker):
                os.kill(worker, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def many_transcripts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Forty copies of a long golden game: verifying them with --ai takes a few seconds a worker."""
    folder = tmp_path_factory.mktemp("many")
    for i in range(40):
        shutil.copy(GOLDEN / "eleven-normal-seed3.jsonl", folder / f"game{i:02}.jsonl")
    return folder


@linux_only
@pytest.mark.parametrize("kill", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_review_workers_die_with_a_killed_review(tmp_path: Path, kill: signal.Signals) -> None:
    alive, err = _kill_while_working(LONG_REVIEW, tmp_path, kill)
    assert alive == []
    assert "Traceback" not in err


@linux_only
@pytest.mark.parametrize("kill", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_verify_workers_die_with_a_killed_verify(tmp_path: Path, many_transcripts: Path, kill: signal.Signals) -> None:
    alive, err = _kill_while_working(["verify", "--ai", "--jobs", "2", str(many_transcripts)], tmp_path, kill)
    assert alive == []
    assert "Traceback" not in err


@linux_only
@pytest.mark.parametrize("kill", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_simulate_workers_die_quietly_with_a_killed_simulate(tmp_path: Path, kill: signal.Signals) -> None:
    alive, err = _kill_while_working(ENDLESS_SIMULATION, tmp_path, kill)
    assert alive == []
    assert "Traceback" not in err and "BrokenPipeError" not in err


@pytest.mark.e2e
@linux_only
def test_a_worker_whose_parent_died_before_it_was_set_up_leaves_at_once(tmp_path: Path) -> None:
    # A parent killed between starting a worker and the worker asking to die with it: the worker
    # sees its parent is no longer the one that started it, and does not wait for work.
    script = ("import os; from hfcli.system.workers import prepare_worker; "
              "prepare_worker(os.getppid() + 1); print('stayed')")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert (done.returncode, done.stdout, done.stderr) == (1, "", "")


def test_an_exception_that_cannot_be_rebuilt_comes_back_named() -> None:
    from hfcli.system.workers import parallel_map

    with pytest.raises(RuntimeError, match=r"test_worker_processes\.NeedsTwoArguments: 3 went wrong"):
        list(parallel_map(_fail_unpicklably, [1, 2, 3], 2))


def test_an_exception_from_the_work_comes_back_as_itself() -> None:
    from hfcli.system.workers import parallel_map

    with pytest.raises(ValueError, match="no 3"):
        list(parallel_map(_refuse_three, [1, 2, 3, 4], 2))


def test_results_come_back_in_order_from_any_number_of_tasks() -> None:
    from hfcli.system.workers import parallel_map

    assert list(parallel_map(abs, range(-20, 0), 2)) == list(range(20, 0, -1))


class NeedsTwoArguments(Exception):
    def __init__(self, number: int, what: str) -> None:
        super().__init__(f"{number} {what}")  # pickled with one argument, so it cannot be unpickled


def _fail_unpicklably(number: int) -> int:
    if number == 3:
        raise NeedsTwoArguments(number, "went wrong")
    return number


def _refuse_three(number: int) -> int:
    if number == 3:
        raise ValueError("no 3")
    return number


# ---------------------------------------------------------------------------- Ctrl-C


def sigint_as_at_a_terminal() -> None:
    # A suite started in the background (cmd &) inherits SIGINT ignored, and so would the command.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupted_in_a_terminal(args: list[str], tmp_path: Path, ready: str) -> tuple[str, int | None]:
    import pexpect

    child = pexpect.spawn(sys.executable, ["-m", "hfcli", *args], cwd=str(ROOT), dimensions=(24, 120),
                          encoding="utf-8", timeout=60, env={**os.environ, "HF_DATA_DIR": str(tmp_path)},
                          preexec_fn=sigint_as_at_a_terminal)
    try:
        child.expect(ready)
        time.sleep(0.5)  # the workers busy
        child.sendintr()  # Ctrl-C at the keyboard: SIGINT to every process of the group
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    return (child.before or "") + (child.after if isinstance(child.after, str) else ""), child.exitstatus


def test_ctrl_c_in_review_prints_the_decisions_done_and_exits_130(tmp_path: Path) -> None:
    shown, status = _interrupted_in_a_terminal(LONG_REVIEW, tmp_path, r"reviewing decisions.*[1-9]\d*/\d+")
    assert status == 130
    assert "Traceback" not in shown and "KeyboardInterrupt" not in shown and "Aborted" not in shown
    words = " ".join(shown.split())  # the report is wrapped to the terminal
    assert re.search(r"for West: [1-9]\d* of \d+ decisions looked at before the review was interrupted", words)
    assert "Estimated points lost in the game:" in words


def test_ctrl_c_in_verify_is_exit_130_not_a_divergence(tmp_path: Path, many_transcripts: Path) -> None:
    shown, status = _interrupted_in_a_terminal(["verify", "--ai", "--jobs", "2", str(many_transcripts)], tmp_path,
                                               "game00.jsonl: ok")
    assert status == 130
    assert "Traceback" not in shown and "Aborted" not in shown
    assert shown.rstrip().endswith("hf: interrupted")


@pytest.mark.e2e
def test_ctrl_c_at_the_replay_prompt_is_one_line_and_exit_130(tmp_path: Path) -> None:
    import pexpect

    child = pexpect.spawn(sys.executable, ["-m", "hfcli", "replay", str(GOLDEN / "quick-normal-seed8.jsonl")],
                          cwd=str(ROOT), dimensions=(40, 120), encoding="utf-8", timeout=30,
                          env={**os.environ, "HF_DATA_DIR": str(tmp_path), "TERM": "xterm"})
    try:
        child.expect(r"\[0/\d+\] >")
        child.sendintr()
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 130
    assert "hf: interrupted" in (child.before or "")


@pytest.mark.parametrize("command", ["play", "replay", "verify", "simulate", "review", "stats", "rules"])
def test_ctrl_c_in_any_command_is_one_line_and_exit_130(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    arguments = [str(GOLDEN / "quick-normal-seed8.jsonl")] if command in ("replay", "verify", "review") else []
    from hfcli.cli import main

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt  # what Ctrl-C raises wherever the command is

    handler = main.get_command(None, command)  # type: ignore[arg-type]
    assert handler is not None
    monkeypatch.setattr(handler, "callback", interrupted)
    result = CliRunner().invoke(main, [command, *arguments], catch_exceptions=False)
    assert result.exit_code == 130
    assert result.output == "hf: interrupted\n"
