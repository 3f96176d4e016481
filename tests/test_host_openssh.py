"""The real OpenSSH client at a hosted table: ``hf host`` in a terminal, a friend's ``ssh`` in another."""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.host]

pexpect = pytest.importorskip("pexpect")

SSH = shutil.which("ssh")


@pytest.mark.slow
@pytest.mark.skipif(SSH is None, reason="the OpenSSH client (ssh) is not installed")
def test_a_friend_joins_hf_host_with_openssh_and_sees_the_table(tmp_path: Path) -> None:
    env = dict(os.environ, HF_DATA_DIR=str(tmp_path / "data"), TERM="xterm", COLUMNS="80", LINES="24")
    host = pexpect.spawn(sys.executable, ["-m", "hfcli", "host", "--port", "0", "--rules", "quick", "--seed", "3",
                                          "--speed", "0", "--level", "easy"],
                         env=env, encoding="utf-8", timeout=30, dimensions=(24, 80))
    try:
        host.expect(r"ssh -p (\d+) localhost")
        port = host.match.group(1)
        host.expect(r"Host key: (SHA256:\S+)")
        fingerprint = host.match.group(1)
        host.expect(r"Join code: (\S+)")
        code = host.match.group(1)
        host.expect("host>")
        friend = pexpect.spawn(SSH, ["-p", port, "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                                     "-o", "LogLevel=ERROR", "-o", "FingerprintHash=sha256", "-tt", "ann@127.0.0.1"],
                               env=env, encoding="utf-8", timeout=30, dimensions=(24, 80))
        try:
            friend.expect("Join code:")
            friend.sendline(code)
            friend.expect("Your name:")
            friend.sendline("Ann")
            friend.expect("screen reader")
            friend.sendline("")
            friend.expect("You sit North")
            host.expect("Ann sits down North.")
            host.sendline("start")
            friend.expect("Hand and Foot, quick rules")
            friend.expect("Ann \\(draw\\)> |Ann \\(meld/discard\\)> |>")
            friend.sendline("who")
            friend.expect("North +Ann")
            assert re.fullmatch(r"SHA256:[A-Za-z0-9+/]{43}", fingerprint)
        finally:
            friend.terminate(force=True)
        host.expect("Ann \\(North\\) lost the connection")
    finally:
        host.terminate(force=True)


@pytest.mark.skipif(SSH is None, reason="the OpenSSH client (ssh) is not installed")
def test_a_friend_with_ssh_t_types_the_code_before_the_prompt_and_sits_down(tmp_path: Path) -> None:
    env = dict(os.environ, HF_DATA_DIR=str(tmp_path / "data"), TERM="xterm", COLUMNS="80", LINES="24")
    host = pexpect.spawn(sys.executable, ["-m", "hfcli", "host", "--port", "0", "--rules", "quick", "--speed", "0"],
                         env=env, encoding="utf-8", timeout=30, dimensions=(24, 80))
    try:
        host.expect(r"ssh -p (\d+) localhost")
        port = host.match.group(1)
        host.expect(r"Join code: (\S+)")
        code = host.match.group(1)
        host.expect("host>")
        # -T: no pty, so no terminal size; the lines go as typed, before the table asks for them.
        friend = pexpect.spawn(SSH, ["-p", port, "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                                     "-o", "LogLevel=ERROR", "-T", "ann@127.0.0.1"],
                               env=env, encoding="utf-8", timeout=30, dimensions=(24, 80))
        try:
            friend.sendline(code)
            friend.sendline("Ann")
            friend.expect("screen reader")
            friend.sendline("")
            friend.expect("You sit North")
            host.expect("Ann sits down North.")
            friend.sendline("who")
            friend.expect("North +Ann")
            assert "not this table's code" not in friend.before
        finally:
            friend.terminate(force=True)
    finally:
        host.terminate(force=True)
