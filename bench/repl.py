"""REPL speed: ``hf --help`` wall time, time to the first prompt of ``hf play`` in a real terminal
(tmux), and a command's response without AI pacing. Run: python bench/repl.py

Targets: ``hf --help`` at most 0.25 s, first prompt at most 0.8 s, a command at most 50 ms.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid


def wall_times(command: list[str], runs: int) -> list[float]:
    """Seconds each of ``runs`` runs of ``command`` took, start to exit."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return times


def help_wall_time(runs: int) -> list[float]:
    hf = shutil.which("hf")
    return wall_times([hf, "--help"] if hf else [sys.executable, "-m", "hfcli", "--help"], runs)


def python_floor(runs: int) -> list[float]:
    """A bare interpreter start on this machine: the floor under every start-up figure."""
    return wall_times([sys.executable, "-c", "pass"], runs)


def help_imports_prompt_toolkit() -> bool:
    code = (
        "import sys\nfrom hfcli.cli import main\n"
        "try:\n    main(['--help'], standalone_mode=False)\nexcept SystemExit:\n    pass\n"
        "print('prompt_toolkit' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip().endswith("True")


def _process_times(pid: int) -> tuple[float, float]:
    """(seconds since the process started, CPU seconds it has used), from Linux /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    with open("/proc/uptime") as handle:
        uptime = float(handle.read().split()[0])
    return uptime - int(fields[19]) / tick, (int(fields[11]) + int(fields[12])) / tick


def first_prompt_times(runs: int) -> tuple[list[float], list[float]]:
    """Seconds from the start of the ``hf play`` process in a tmux terminal until its prompt and
    toolbar show, and the CPU seconds it had used by then (which the machine's load does not inflate).
    Accurate to the 10 ms clock tick of /proc plus the polling interval."""
    tmux = shutil.which("tmux")
    hf = shutil.which("hf")
    if tmux is None or hf is None:
        return [], []
    walls, cpus = [], []
    with tempfile.TemporaryDirectory() as folder:
        for i in range(runs):
            socket = f"hf-bench-{uuid.uuid4().hex[:8]}"
            env = {**os.environ, "HF_DATA_DIR": folder, "TERM": "xterm-256color"}
            command = f"exec {hf} play --seed {i + 1} --speed 0"
            subprocess.run([tmux, "-L", socket, "new-session", "-d", "-s", "b", "-x", "120", "-y", "60", command],
                           env=env, check=True)
            try:
                pid = int(subprocess.run([tmux, "-L", socket, "list-panes", "-t", "b", "-F", "#{pane_pid}"],
                                         capture_output=True, text=True).stdout.split()[0])
                deadline = time.perf_counter() + 10
                while True:
                    screen = subprocess.run([tmux, "-L", socket, "capture-pane", "-p", "-t", "b"],
                                            capture_output=True, text=True).stdout
                    if "| deal 1/4 |" in screen:
                        break
                    if time.perf_counter() > deadline:
                        raise RuntimeError("no prompt after 10 s")
                    time.sleep(0.005)
                wall, cpu = _process_times(pid)
                walls.append(wall)
                cpus.append(cpu)
            finally:
                subprocess.run([tmux, "-L", socket, "kill-server"], capture_output=True)
    return walls, cpus


def command_times(rounds: int, folder: str | None = None) -> dict[str, list[float]]:
    """In-process response of Session.handle to each kind of line (AI pacing off); with ``folder``,
    every move is also recorded to a transcript there, fsync and all, as ``hf play`` does."""
    from hfcli.engine.game import Game
    from hfcli.engine.rules import preset
    from hfcli.levels import make_player
    from hfcli.repl.session import Recorder, Session
    from hfcli.transcript import SeatInfo, TranscriptWriter

    results: dict[str, list[float]] = {}

    def timed(label: str, session: Session, line: str) -> None:
        start = time.perf_counter()
        session.handle(line)
        results.setdefault(label, []).append(time.perf_counter() - start)

    for seed in range(1, rounds + 1):
        game = Game(preset("classic"), seed=seed)
        others = [s for s in game.seating.seats if s != 0]
        players = {s: make_player("normal", seed, s) for s in others}
        writer: Recorder | None = None
        if folder is not None:
            seats = [SeatInfo("You", "human")] + [SeatInfo(game.seating.long_names[s], "ai", "normal") for s in others]
            writer = TranscriptWriter.create(os.path.join(folder, f"{seed}.jsonl"), game, seats)
        session = Session(game, players, echo=lambda text: None, hint_player=make_player("normal", seed, 0),
                          writer=writer)
        session.start()
        timed("hand", session, "hand")
        timed("table", session, "table")
        timed("refused move (discard before drawing)", session, "discard 7")
        timed("hint (normal AI)", session, "hint")
        timed("draw", session, "draw")
        timed("log 10", session, "log 10")
        card = session.host.game.hands[0][0].text
        timed("discard, then three AI turns (normal)", session, f"discard {card}")
        session.close()
    return results


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"median {statistics.median(values) * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms   (n={len(values)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10, help="process start-ups to time")
    parser.add_argument("--rounds", type=int, default=30, help="sessions for the command timings")
    args = parser.parse_args()
    print(f"python -c pass (floor)         {ms(python_floor(args.runs))}")
    print(f"hf --help wall time            {ms(help_wall_time(args.runs))}   target <= 250 ms")
    print(f"hf --help imports prompt_toolkit: {help_imports_prompt_toolkit()}")
    prompt, cpu = first_prompt_times(args.runs)
    if prompt:
        print(f"hf play to first prompt (tmux) {ms(prompt)}   target <= 800 ms")
        print(f"  CPU time used by then        {ms(cpu)}")
    else:
        print("hf play to first prompt: skipped (tmux or hf not found)")
    print("command response, no AI pacing (target <= 50 ms):")
    for label, values in command_times(args.rounds).items():
        print(f"  {label:<40} {ms(values)}")
    print("the same, recording the transcript (fsync after every line):")
    with tempfile.TemporaryDirectory() as folder:
        for label, values in command_times(args.rounds, folder).items():
            print(f"  {label:<40} {ms(values)}")


if __name__ == "__main__":
    main()
