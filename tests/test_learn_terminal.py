"""``hf learn`` in a real terminal (tmux) at 80x24: a step's table, what to try and the prompt on
one screen; a step played; quit, and the place kept. Skipped where tmux is not installed."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from test_e2e_terminal import TMUX, Terminal

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(TMUX is None, reason="tmux is not installed, so there is no real terminal to drive"),
]


def learn_terminal(tmp_path: Path, args: str = "") -> Terminal:
    socket = f"hf-test-{uuid.uuid4().hex[:8]}"
    term = Terminal(socket, "learn")
    hf = " ".join(shlex.quote(part) for part in [sys.executable, "-m", "hfcli"])
    command = f"{hf} learn {args}; echo EXITED $?; sleep 30"
    # COLUMNS and LINES left in the environment by another test would override the pane's size.
    env = {**{k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")},
           "HF_DATA_DIR": str(tmp_path), "TERM": "xterm-256color"}
    assert TMUX is not None
    subprocess.run([TMUX, "-L", socket, "new-session", "-d", "-s", "learn", "-x", "80", "-y", "24", command],
                   env=env, check=True, timeout=10)
    return term


def test_the_guided_deal_at_80x24(tmp_path: Path) -> None:
    term = learn_terminal(tmp_path)
    try:
        term.wait_for("your turn, draw")
        visible = term.tmux("capture-pane", "-p", "-t", term.session).split("\n")
        assert any(line.startswith("Your first deal, step 1 of 11: drawing two (C-DRAW)") for line in visible)
        assert any(line.startswith("Pile: 8♦ on top") for line in visible)
        assert any(line.startswith("Try: every turn starts by taking cards. Type draw.") for line in visible)
        assert any(line.startswith("[1/11] South (draw)>") for line in visible)
        term.send("draw", "Enter")
        term.wait_for("Try: a meld is cards of one rank laid on the table.")
        term.send("quit", "Enter")
        term.wait_for("Leave the lesson? [y/N]")
        term.send("y", "Enter")
        shown = term.wait_for("EXITED 0")
        said = " ".join(shown.split())  # the command before it is as long as the program's path: it may wrap
        assert "learn goes on from here, step 2 of 11." in said
    finally:
        term.tmux("kill-server")
