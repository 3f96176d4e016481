"""``hf play`` in a real terminal (tmux): the first screen, draw, meld, discard, quit.

Skipped, with the reason, where tmux is not installed.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(TMUX is None, reason="tmux is not installed, so there is no real terminal to drive"),
]


class Terminal:
    def __init__(self, socket: str, session: str) -> None:
        self.socket = socket
        self.session = session

    def tmux(self, *args: str) -> str:
        assert TMUX is not None
        done = subprocess.run([TMUX, "-L", self.socket, *args], capture_output=True, text=True, timeout=10)
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-J", "-S", "-200", "-t", self.session)

    def send(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.session, *keys)

    def wait_for(self, text: str, timeout: float = 10.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.screen()
            if text in shown:
                return shown
            time.sleep(0.05)
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{self.screen()}")


def open_terminal(tmp_path: Path, args: str, columns: int, lines: int) -> Terminal:
    """``hf play ARGS`` in a new tmux session of ``columns`` x ``lines``."""
    socket = f"hf-test-{uuid.uuid4().hex[:8]}"
    term = Terminal(socket, "play")
    hf = [sys.executable, "-m", "hfcli"]
    command = " ".join(shlex.quote(part) for part in hf) + f" play {args} --transcript " + shlex.quote(
        str(tmp_path / "game.jsonl")
    ) + "; echo EXITED $?; sleep 30"
    # COLUMNS and LINES left in the environment by another test would override the pane's size.
    env = {**{k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")},
           "HF_DATA_DIR": str(tmp_path), "TERM": "xterm-256color"}
    assert TMUX is not None
    subprocess.run(
        [TMUX, "-L", socket, "new-session", "-d", "-s", "play", "-x", str(columns), "-y", str(lines), command],
        env=env, check=True, timeout=10,
    )
    return term


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    term = open_terminal(tmp_path, "--seed 7 --speed 0", 120, 60)
    try:
        yield term
    finally:
        term.tmux("kill-server")


def test_draw_meld_discard_and_quit_in_a_real_terminal(terminal: Terminal, tmp_path: Path) -> None:
    terminal.wait_for("your turn, draw | stock 164 | deal 1/4")  # the bottom toolbar
    first = terminal.wait_for("Your hand (13 cards)")  # the whole table, at 120x60
    assert "Deal 1 of 4" in first
    assert "South (draw)>" in first
    terminal.send("dra", "Tab")  # completion finishes the command
    terminal.wait_for("South (draw)> draw")
    terminal.send("Enter")
    terminal.wait_for("You draw")
    terminal.send("meld K K 2, 7 7 2", "Enter")
    terminal.wait_for("You meld K K 2, 7 7 2.")
    terminal.send("x 9", "Enter")
    terminal.wait_for("You discard 9♦.")
    shown = terminal.wait_for("East discards")
    assert "West" in shown and "North" in shown
    terminal.send("quit", "Enter")
    terminal.wait_for("Leave the game? It stays saved. [y/N]")
    terminal.send("y", "Enter")
    shown = terminal.wait_for("EXITED 0")
    assert f"The game is saved in {tmp_path / 'game.jsonl'}\nTo go on with it:" in shown
    resume = f"  {sys.executable} -m hfcli play --resume {tmp_path / 'game.jsonl'}\n"
    # A command wider than the screen is broken only where a shell reads it back whole: at a
    # space, with a backslash at the line's end; read as the shell would, it is the command.
    as_a_shell_reads_it = re.sub(r" \\\n +", " ", shown)
    assert resume in as_a_shell_reads_it  # started as python -m hfcli, so that is the command printed
    assert (tmp_path / "game.jsonl").read_text().count("\n") > 10


def test_at_80x24_the_whole_table_is_on_screen_with_the_prompt(tmp_path: Path) -> None:
    term = open_terminal(tmp_path, "--seed 7 --speed 0", 80, 24)
    try:
        shown = term.wait_for("your turn, draw")
        visible = term.tmux("capture-pane", "-p", "-t", term.session).split("\n")  # the screen, no history
        assert any(line.startswith("Deal 1 of 4, dealt by East") for line in visible)
        for seat in ("South 13, foot 13", "North 13, foot 13", "West 13, foot 13", "East 13, foot 13"):
            assert seat in shown
        assert any(line.startswith("South (draw)>") for line in visible)
        # seed 7's hand, K K Q J 10 9 8 7 7 6 4 2 2, over two lines broken between two ranks
        hand = [line for line in visible if line.startswith("Your hand (13): ")]
        assert hand and hand[0].endswith("8×1 8♦") and visible[visible.index(hand[0]) + 1].startswith("  7×2 7♣")
        term.send("draw", "Enter")
        term.wait_for("You draw 9♠ 8♦.")
        after = term.tmux("capture-pane", "-p", "-t", term.session)
        assert all(len(line) <= 80 for line in after.split("\n"))
    finally:
        term.tmux("kill-server")


@pytest.mark.parametrize(
    ("teams", "sides"), [("pairs", ("S+N", "SW+NE", "NW+SE")), ("threes", ("S+NW+NE", "SW+N+SE"))])
def test_at_80x24_a_table_of_six_is_on_screen_with_the_prompt(
    tmp_path: Path, teams: str, sides: tuple[str, ...]
) -> None:
    """T-SIZE: six players' counts, every side's melds, books and red threes, the hand, the prompt
    and the status bar, on one 80x24 screen."""
    term = open_terminal(tmp_path, f"--players 6 --teams {teams} --seed 7 --speed 0", 80, 24)
    try:
        term.wait_for("your turn, draw")
        visible = term.tmux("capture-pane", "-p", "-t", term.session).split("\n")
        assert all(len(line) <= 80 for line in visible)
        assert any(line.startswith("Deal 1 of 4, dealt by Southeast") for line in visible)
        text = "\n".join(visible)
        for seat in ("South", "Southwest", "Northwest", "North", "Northeast", "Southeast"):
            assert f"{seat} 13, foot 13" in text
        for side in sides:
            assert any(line.startswith(f"{side}") for line in visible), side
        assert text.count("books clean 0, dirty 0, wild 0") == len(sides) and text.count("red threes") == len(sides)
        assert any(line.startswith("Your hand (13): ") for line in visible)
        assert any(line.startswith("South (draw)>") for line in visible)
        assert [line for line in visible if line][-1].startswith("your turn, draw | stock 217 | deal 1/4")
    finally:
        term.tmux("kill-server")


def test_a_key_press_skips_the_pauses_for_the_rest_of_the_round(tmp_path: Path) -> None:
    # At 30 s a move the round would take minutes; a key cuts it to the time the AI needs to think.
    term = open_terminal(tmp_path, "--seed 7 --speed 30", 120, 60)
    try:
        term.wait_for("your turn, draw")
        term.send("draw", "Enter")
        term.wait_for("You draw 9♠ 8♦.")
        term.send("discard king", "Enter")
        term.wait_for("West takes the pile")  # the first AI move, then a 30 s pause
        term.send("z")
        term.wait_for("East discards 3♣", timeout=15)  # seed 7: the end of the round
        shown = term.wait_for("stock 160", timeout=15)  # the status bar of South's next turn
        assert shown.count("Your turn: draw") == 2
        assert "South (draw)> z" in shown  # the key skipped the pauses and stays typed for the prompt
    finally:
        term.tmux("kill-server")
