"""Hostile probes of ``hf host`` on loopback: what strangers without the code can do to a table,
measured as the seated guest and the host feel it.

Each probe starts a fresh host in a process of its own (the table's server, nobody at the host's
seat, the join code known), seats one guest, Ann, who types ``who`` every quarter second, and
then attacks for a bounded time. It reports Ann's latency (from her Enter to the table's answer
on her screen: median, p99, max, and answers that never came), the host's peak memory (VmHWM of
its process) and CPU time, what the host wrote to its own terminal (stderr), and what became of
the attack. A friend, Bob, joins during each attack (the code, a name, a seat) and leaves again.

    python bench/host_probes.py                         # every probe, about 3 minutes at most
    python bench/host_probes.py --probe window --probe silent
    PYTHONPATH=/some/older/checkout python bench/host_probes.py --code /some/older/checkout

Probes:
  idle        nothing: Ann's latency on a quiet table, for comparison
  window      after "Join code:", one window-change to 2^32-1 x 2^32-1
  pty-size    a pty request of 2^32-1 x 2^32-1
  resizes     after "Join code:", 34,000 window-changes in 10 s
  silent      300 TCP connections that send nothing, held for the probe's time
  drip        50 TCP connections that send an ssh version line a byte a second
  no-session  20 ssh connections that log in and open no session (ssh -N), held up to --no-session-seconds
  codes       1,000 wrong codes, a connection after another as the table closes each (4 at once)

Everything is bounded: a host over --rss-cap MiB is killed (and said so), every wait has a
deadline, and the host process ends when this script does (it reads its stdin to the end).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

CODE = "abcd-efgh"
HUGE = 2**32 - 1
PING_EVERY = 0.25
PING_WAIT = 30.0
_ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07]*\x07|[@-Z\\-_]|.)")


# ---------------------------------------------------------------------------------------- the host


def serve(data: str) -> None:
    """The host's process: a table on a free loopback port, its port on stdout; ends at stdin's end."""
    from hfcli.engine.rules import preset
    from hfcli.host.hosting import HostedTable
    from hfcli.host.hostkey import load_or_make
    from hfcli.host.room import Settings
    from hfcli.host.server import SshHost, bound_port

    async def main() -> None:
        settings = Settings(rules=preset("quick"), seed=7, level="easy", host_name=None, speed=0.0,
                            code=CODE, color=False, transcript_path=Path(data) / "probe.jsonl")
        hosted = HostedTable(settings)
        server = await SshHost(hosted.interact).listen("127.0.0.1", 0, load_or_make(Path(data) / "host_key").key)
        print(json.dumps({"port": bound_port(server)}), flush=True)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, sys.stdin.read)  # until the probe ends (or dies)
        server.close()
        await hosted.shutdown()

    asyncio.run(main())


class Host:
    """The host's process, watched: its memory every tenth of a second, killed over the cap."""

    def __init__(self, code: str | None, rss_cap_mb: float) -> None:
        self.code = code
        self.rss_cap = rss_cap_mb
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0
        self.killed_at_cap: float | None = None
        self.rss_samples: list[float] = []
        self.peak = 0.0
        self.cpu = 0.0
        self.stderr_lines: list[str] = []
        self._folder = tempfile.TemporaryDirectory(prefix="host-probe-")

    async def start(self) -> None:
        env = dict(os.environ, HF_DATA_DIR=self._folder.name)
        if self.code:
            env["PYTHONPATH"] = self.code
        err = open(Path(self._folder.name) / "stderr.txt", "w")  # noqa: SIM115 - read at the end
        self.proc = subprocess.Popen([sys.executable, __file__, "--serve", self._folder.name], env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True)
        assert self.proc.stdout is not None
        line = await asyncio.get_running_loop().run_in_executor(None, self.proc.stdout.readline)
        self.port = int(json.loads(line)["port"])
        self._watch = asyncio.ensure_future(self._watching())

    def _status(self) -> dict[str, float]:
        assert self.proc is not None
        found = {}
        with contextlib.suppress(OSError), open(f"/proc/{self.proc.pid}/status") as status:
            for line in status:
                key, _, value = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    found[key] = int(value.split()[0]) / 1024
        with contextlib.suppress(OSError, IndexError, ValueError), open(f"/proc/{self.proc.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
            found["cpu"] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return found

    async def _watching(self) -> None:
        while self.alive:
            found = self._status()
            rss = found.get("VmRSS", 0.0)
            self.peak = max(self.peak, found.get("VmHWM", 0.0), rss)
            self.cpu = found.get("cpu", self.cpu)
            self.rss_samples.append(rss)
            if rss > self.rss_cap and self.killed_at_cap is None:
                self.killed_at_cap = rss
                self.proc.kill()  # type: ignore[union-attr]
            await asyncio.sleep(0.1)

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    async def stop(self) -> None:
        assert self.proc is not None
        if self.alive:
            found = self._status()
            self.peak = max(self.peak, found.get("VmHWM", 0.0))
            self.cpu = found.get("cpu", self.cpu)
        with contextlib.suppress(OSError):
            assert self.proc.stdin is not None
            self.proc.stdin.close()  # the host's process ends
        for _ in range(50):
            if not self.alive:
                break
            await asyncio.sleep(0.1)
        if self.alive:
            self.proc.kill()
        self.proc.wait()
        self._watch.cancel()
        text = (Path(self._folder.name) / "stderr.txt").read_text(errors="replace")
        self.stderr_lines = text.splitlines()
        self._folder.cleanup()


# ---------------------------------------------------------------------------------------- guests


class _Session(asyncssh.SSHClientSession):
    def __init__(self, client: Client) -> None:
        self.client = client

    def data_received(self, data: str, datatype: Any) -> None:
        self.client.arrived(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.client.closed = True
        self.client.closed_at = time.monotonic()
        self.client.changed.set()


class Client:
    """One ssh connection: what arrived, as a person reads it (escapes out), and lines typed."""

    def __init__(self) -> None:
        self.raw = ""
        self.changed = asyncio.Event()
        self.closed = False
        self.closed_at = 0.0
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: Any = None

    def arrived(self, data: str) -> None:
        self.raw = (self.raw + data)[-20000:]
        self.changed.set()

    @property
    def text(self) -> str:
        return re.sub(r"\r+\n|\r", "\n", _ESCAPES.sub("", self.raw))

    async def connect(self, port: int, *, session: bool = True, term_size: tuple[int, int] = (80, 24)) -> Client:
        self.conn = await asyncssh.connect("127.0.0.1", port, username="guest", known_hosts=None,
                                           client_keys=None, agent_path=None, preferred_auth="none",
                                           agent_forwarding=False, connect_timeout=30)
        if session:
            self.chan, _ = await self.conn.create_session(lambda: _Session(self), term_type="xterm",
                                                          term_size=term_size)
        return self

    async def until(self, wanted: str | Callable[[str], bool], timeout: float = PING_WAIT) -> bool:
        deadline = time.monotonic() + timeout
        while True:
            text = self.text
            if (wanted in text) if isinstance(wanted, str) else wanted(text):
                return True
            if self.closed or time.monotonic() > deadline:
                return False
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), max(0.01, deadline - time.monotonic()))

    def line(self, text: str) -> None:
        with contextlib.suppress(OSError, asyncssh.Error):
            self.chan.write(text + "\r")

    def close(self) -> None:
        if self.conn is not None:
            self.conn.abort()


async def join(port: int, name: str, timeout: float = PING_WAIT) -> tuple[Client | None, str]:
    """A friend joins: the code, a name, a seat. The client, or None and why not."""
    client = Client()
    try:
        await asyncio.wait_for(client.connect(port), timeout)
    except (OSError, asyncssh.Error, TimeoutError) as exc:
        return None, f"{type(exc).__name__}: {exc}"
    for wanted, answer in (("Join code:", CODE), ("Your name:", name)):
        if not await client.until(wanted, timeout):
            client.close()
            return None, f"no {wanted!r}; screen ends {client.text[-200:]!r}"
        client.raw = ""
        client.line(answer)
    if not await client.until("You sit", timeout):
        client.close()
        return None, f"not seated; screen ends {client.text[-200:]!r}"
    return client, "seated"


@dataclass
class Pings:
    latencies: list[float] = field(default_factory=list)
    unanswered: int = 0


async def ping(ann: Client, name: str, stop: asyncio.Event, pings: Pings) -> None:
    """Ann types who every PING_EVERY seconds; each answer is her own seat's line shown once more."""
    # Her screen is read afresh for each: an answer is her seat's line after the who typed.
    marker = f"South  {name}"
    while not stop.is_set() and not ann.closed:
        ann.raw = ""
        sent = time.monotonic()
        ann.line("who")
        if await ann.until(marker, PING_WAIT):
            pings.latencies.append(time.monotonic() - sent)
        else:
            pings.unanswered += 1
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), PING_EVERY)


# ---------------------------------------------------------------------------------------- probes


Attack = Callable[[int, dict[str, Any]], Awaitable[None]]


async def idle(port: int, found: dict[str, Any], seconds: float) -> None:
    await asyncio.sleep(seconds)


async def window(port: int, found: dict[str, Any], seconds: float) -> None:
    attacker = await Client().connect(port)
    await attacker.until("Join code:")
    attacker.chan.change_terminal_size(HUGE, HUGE)
    started = time.monotonic()
    await asyncio.sleep(seconds)
    found["attacker"] = f"closed by the host after {attacker.closed_at - started:.1f} s" if attacker.closed \
        else "still connected"
    attacker.close()


async def pty_size(port: int, found: dict[str, Any], seconds: float) -> None:
    started = time.monotonic()
    try:
        attacker = await asyncio.wait_for(Client().connect(port, term_size=(HUGE, HUGE)), PING_WAIT)
    except (OSError, asyncssh.Error, TimeoutError) as exc:
        found["attacker"] = f"refused: {exc}"
        await asyncio.sleep(seconds)
        return
    shown = await attacker.until("Join code:", seconds)
    await asyncio.sleep(max(0.0, seconds - (time.monotonic() - started)))
    found["attacker"] = ("shown the code's prompt; " if shown else "never shown the code's prompt; ") + (
        f"closed by the host after {attacker.closed_at - started:.1f} s" if attacker.closed else "still connected")
    attacker.close()


async def resizes(port: int, found: dict[str, Any], seconds: float) -> None:
    attacker = await Client().connect(port)
    await attacker.until("Join code:")
    total, spread = 34_000, 10.0
    sent = 0
    started = time.monotonic()
    try:
        while sent < total and not attacker.closed:
            due = min(total, int((time.monotonic() - started) / spread * total) + 34)
            while sent < due:
                attacker.chan.change_terminal_size(80 + sent % 2, 24 + sent % 2)
                sent += 1
            await asyncio.sleep(0.01)
    except (OSError, asyncssh.Error) as exc:
        found["send error"] = str(exc)
    found["resizes sent"] = sent
    found["sending took"] = f"{time.monotonic() - started:.1f} s"
    await asyncio.sleep(max(0.0, seconds - (time.monotonic() - started)))
    found["attacker"] = f"closed by the host after {attacker.closed_at - started:.1f} s" if attacker.closed \
        else "still connected"
    attacker.close()


async def silent(port: int, found: dict[str, Any], seconds: float) -> None:
    started = time.monotonic()
    opened: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    for _ in range(300):
        with contextlib.suppress(OSError):
            opened.append(await asyncio.open_connection("127.0.0.1", port))
    found["silent sockets opened"] = len(opened)
    closed_at: list[float] = []

    async def until_closed(reader: asyncio.StreamReader) -> None:
        with contextlib.suppress(OSError):
            while await reader.read(4096):
                pass
        closed_at.append(time.monotonic() - started)

    watchers = [asyncio.ensure_future(until_closed(reader)) for reader, _ in opened]
    await asyncio.sleep(max(0.0, seconds - (time.monotonic() - started)))
    found["closed by the host"] = f"{len(closed_at)} of {len(opened)}" + (
        f", the last after {max(closed_at):.1f} s" if closed_at else "")
    for watcher in watchers:
        watcher.cancel()
    for _, writer in opened:
        writer.close()


async def drip(port: int, found: dict[str, Any], seconds: float) -> None:
    started = time.monotonic()
    line = b"SSH-2.0-OpenSSH_9.2p1 drip" + b"x" * 200 + b"\r\n"  # a version line, a byte a second
    closed_at: list[float] = []

    async def dripping() -> None:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            return
        closed = False
        try:
            for byte in line:
                if time.monotonic() - started > seconds:
                    break
                writer.write(bytes([byte]))
                await writer.drain()
                with contextlib.suppress(TimeoutError):
                    while await asyncio.wait_for(reader.read(4096), 1.0):
                        pass  # the server's lines; then its end
                    closed = True
                    break
        except OSError:
            closed = True
        if closed:
            closed_at.append(time.monotonic() - started)
        writer.close()

    await asyncio.gather(*(dripping() for _ in range(50)))
    found["drip-fed sockets"] = 50
    found["closed by the host"] = f"{len(closed_at)} of 50" + (
        f", the last after {max(closed_at):.1f} s" if closed_at else "")


async def no_session(port: int, found: dict[str, Any], seconds: float) -> None:
    started = time.monotonic()
    held = []
    for _ in range(20):
        try:
            held.append(await asyncio.wait_for(Client().connect(port, session=False), PING_WAIT))
        except (OSError, asyncssh.Error, TimeoutError) as exc:
            found.setdefault("refused", []).append(str(exc)[:80])
    found["logged in without a session"] = len(held)

    async def closing(client: Client) -> float:
        assert client.conn is not None
        await client.conn.wait_closed()
        return time.monotonic() - started

    closes = [asyncio.ensure_future(closing(client)) for client in held]
    done, _ = await asyncio.wait(closes, timeout=seconds) if closes else (set(), set())
    times = sorted(task.result() for task in done)
    found["closed by the host"] = f"{len(times)} of {len(held)}" + (
        f", the last after {times[-1]:.1f} s" if times else "") + f" (held up to {seconds:g} s)"
    for task in closes:
        task.cancel()
    for client in held:
        client.close()


async def codes(port: int, found: dict[str, Any], seconds: float) -> None:
    wrong = random.Random(11)
    tries = 0
    connections = 0
    admitted = 0
    started = time.monotonic()

    async def one_after_another() -> None:
        nonlocal tries, connections, admitted
        while tries < 1000 and time.monotonic() - started < seconds:
            client = Client()
            try:
                await asyncio.wait_for(client.connect(port), PING_WAIT)
            except (OSError, asyncssh.Error, TimeoutError):
                continue
            connections += 1
            if not await client.until("Join code:", PING_WAIT):
                client.close()
                continue

            def answers(text: str) -> int:  # each code typed is answered: refused, or the last one refused
                return text.count("not this table's code") + text.count("wrong codes;")

            while tries < 1000 and not client.closed:
                before = answers(client.text)

                def answered_now(text: str, before: int = before) -> bool:
                    return answers(text) > before or "Your name:" in text

                tries += 1  # counted as it is sent, so the four connections stop at 1,000 together
                client.line("".join(wrong.choice("abcdefghjk") for _ in range(8)))
                answered = await client.until(answered_now, PING_WAIT)
                if "Your name:" in client.text:
                    admitted += 1
                    break
                if not answered:
                    tries -= 1
                    break
            client.close()

    await asyncio.gather(*(one_after_another() for _ in range(4)))
    elapsed = time.monotonic() - started
    found["wrong codes"] = f"{tries} on {connections} connections in {elapsed:.1f} s ({tries / elapsed:.0f} a second)"
    found["let in"] = admitted


PROBES: dict[str, Callable[[int, dict[str, Any], float], Awaitable[None]]] = {
    "idle": idle, "window": window, "pty-size": pty_size, "resizes": resizes, "silent": silent,
    "drip": drip, "no-session": no_session, "codes": codes,
}


async def run_probe(name: str, code: str | None, seconds: float, no_session_seconds: float,
                    rss_cap: float) -> dict[str, Any]:
    host = Host(code, rss_cap)
    await host.start()
    found: dict[str, Any] = {"probe": name}
    ann, why = await join(host.port, "Ann")
    if ann is None:
        await host.stop()
        return {"probe": name, "error": f"Ann could not sit down: {why}"}
    await ann.until("lobby>")
    stop = asyncio.Event()
    pings = Pings()
    pinging = asyncio.ensure_future(ping(ann, "Ann", stop, pings))
    await asyncio.sleep(1.0)  # Ann's latency before the attack is in the figures too
    length = no_session_seconds if name == "no-session" else (120.0 if name == "codes" else seconds)
    attack = asyncio.ensure_future(PROBES[name](host.port, found, length))

    async def friend() -> None:
        await asyncio.sleep(2.0)  # the attack is under way
        started = time.monotonic()
        bob, why = await join(host.port, "Bob")
        found["friend Bob"] = (f"joined in {time.monotonic() - started:.2f} s" if bob is not None
                               else f"could not join: {why}")
        if bob is not None:
            bob.line("quit")
            await bob.until(lambda _: bob.closed, 5)
            bob.close()

    befriending = asyncio.ensure_future(friend())
    await asyncio.wait({attack}, timeout=length + 200)
    await befriending
    stop.set()
    await asyncio.wait({pinging}, timeout=PING_WAIT + 5)
    found["host alive"] = host.alive
    ann.close()
    if attack.done() and attack.exception() is not None:
        found["attack error"] = repr(attack.exception())
    await host.stop()
    lat = sorted(pings.latencies)
    if lat:
        found["Ann's latency"] = (f"median {statistics.median(lat) * 1000:.0f} ms, "
                                  f"p99 {lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000:.0f} ms, "
                                  f"max {lat[-1] * 1000:.0f} ms over {len(lat)} answers")
    found["Ann's unanswered"] = pings.unanswered
    found["host peak RSS"] = f"{host.peak:.0f} MiB" + (
        f" (killed at {host.killed_at_cap:.0f} MiB, over the cap)" if host.killed_at_cap else "")
    found["host CPU"] = f"{host.cpu:.1f} s"
    sent_lines = [line for line in host.stderr_lines if "socket.send() raised exception" in line]
    other = [line for line in host.stderr_lines if "socket.send() raised exception" not in line]
    found["host's terminal: socket.send() lines"] = len(sent_lines)
    found["host's terminal: other lines"] = len(other)
    if other:
        found["host's terminal, first other lines"] = other[:3]
    return found


async def main(names: list[str], code: str | None, seconds: float, no_session_seconds: float,
               rss_cap: float) -> None:
    for name in names:
        started = time.monotonic()
        found = await run_probe(name, code, seconds, no_session_seconds, rss_cap)
        # The latencies are the machine's too: its load over the last minute, as the probe ended.
        load = os.getloadavg()[0]
        print(f"== {name} ({time.monotonic() - started:.0f} s, load average {load:.1f} on {os.cpu_count()} cores)")
        for key, value in found.items():
            if key != "probe":
                print(f"  {key}: {value}")
        sys.stdout.flush()


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--serve":
        serve(sys.argv[2])
        sys.exit(0)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--probe", action="append", choices=list(PROBES), help="a probe to run (default: all)")
    parser.add_argument("--code", default=None, help="the checkout whose hfcli the host runs (its PYTHONPATH)")
    parser.add_argument("--seconds", type=float, default=15.0, help="length of each attack (default 15)")
    parser.add_argument("--no-session-seconds", type=float, default=300.0,
                        help="how long the ssh -N connections are held at most (default 300)")
    parser.add_argument("--rss-cap", type=float, default=3000.0, help="MiB: the host is killed over it")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.probe or list(PROBES), arguments.code, arguments.seconds,
                     arguments.no_session_seconds, arguments.rss_cap))
