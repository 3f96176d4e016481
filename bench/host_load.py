"""Load on ``hf host``: N hosted tables (default 20) of 4 scripted guests each, on loopback, for a
bounded time; how many moves a second the host serves, how long from a move to every guest of its
table receiving it, and the process's peak memory.

Everything runs in this one process and one asyncio loop, as ``hf host`` does: the servers, the
tables and the guests' ssh clients (asyncssh), so the memory and the CPU are the host's and the
clients' together. Each guest types the move an ``easy`` AI picks from that guest's own view, and
Enter at each score sheet. A move's delay is the time
from the table's ``play`` returning (the move recorded and told to every seat's session) to the
first bytes after it at the last guest of the table: it includes the ssh round and the gathering
of lines above a prompt (hfcli.host.terminal.GATHER_SECONDS).

    python bench/host_load.py                    # 20 tables, 120 s
    nice -n 10 python bench/host_load.py --tables 5 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

from hfcli.engine.rules import preset
from hfcli.host.hosting import HostedTable
from hfcli.host.hostkey import load_or_make
from hfcli.host.room import Settings
from hfcli.host.server import SshHost, bound_port

CODE = "abcd-efgh"
NAMES = ("Ann", "Bob", "Cy", "Di")


class Client(asyncssh.SSHClientSession):  # type: ignore[misc]
    def __init__(self, guest: Guest) -> None:
        self.guest = guest

    def data_received(self, data: str, datatype: Any) -> None:
        self.guest.arrived(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.guest.closed = True


class Guest:
    def __init__(self) -> None:
        self.text = ""
        self.last = 0.0  # when bytes last arrived
        self.closed = False
        self.chan: Any = None
        self.waiters: list[tuple[str, asyncio.Future[None]]] = []

    def arrived(self, data: str) -> None:
        self.last = time.monotonic()
        self.text = (self.text + data)[-4000:]
        for wanted, future in list(self.waiters):
            if wanted in self.text and not future.done():
                future.set_result(None)
                self.waiters.remove((wanted, future))

    async def until(self, wanted: str) -> None:
        if wanted in self.text:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiters.append((wanted, future))
        await asyncio.wait_for(future, 60)

    async def join(self, port: int, name: str) -> None:
        conn = await asyncssh.connect("127.0.0.1", port, username=name, known_hosts=None, client_keys=None,
                                      agent_path=None)
        self.chan, _ = await conn.create_session(lambda: Client(self), term_type="xterm", term_size=(80, 24))
        await self.until("Join code:")
        self.text = ""
        self.chan.write(CODE + "\r")
        await self.until("Your name:")
        self.text = ""
        self.chan.write(name + "\r")
        await self.until("lobby>")

    def line(self, text: str) -> None:
        self.chan.write(text + "\r")


async def watch(moved: float, guests: list[Guest], measured: Measured) -> None:
    """The delay of the move played at ``moved``: until bytes after it reached every guest."""
    deadline = moved + 10
    while time.monotonic() < deadline:
        if all(g.last >= moved for g in guests):
            measured.delays.append(max(g.last for g in guests) - moved)
            return
        await asyncio.sleep(0.002)


class Measured:
    def __init__(self) -> None:
        self.moves = 0
        self.delays: list[float] = []
        self.games = 0


async def seat_table(number: int, data: Path, game: int) -> tuple[HostedTable, Any, list[Guest]]:
    """A table with its 4 guests seated and its game started (not timed)."""
    key = load_or_make(data / "host_key").key
    seed = 1000 * number + game
    settings = Settings(rules=preset("quick"), seed=seed, level="easy", host_name=None, speed=0.0,
                        code=CODE, color=False, transcript_path=data / f"t{number}-{game}.jsonl")
    hosted = HostedTable(settings)
    server = await SshHost(hosted.interact).listen("127.0.0.1", 0, key)
    guests = [Guest() for _ in NAMES]
    for guest, name in zip(guests, NAMES, strict=True):
        await guest.join(bound_port(server), name)
    assert hosted.start() is None
    for guest in guests:
        await guest.until("Type help for the commands")  # at the table's prompt, not the lobby's
    return hosted, server, guests


async def play_table(seated: tuple[HostedTable, Any, list[Guest]], until: float, measured: Measured) -> None:
    """The guests type their moves until the time is up (or the game ends)."""
    from hfcli.levels import make_player

    hosted, server, guests = seated
    table = hosted.table
    assert table is not None
    play = table.play

    def playing(*args: Any, **kwargs: Any) -> Any:
        events = play(*args, **kwargs)
        asyncio.get_running_loop().create_task(watch(time.monotonic(), guests, measured))
        return events

    table.play = playing  # type: ignore[method-assign]
    choosers = {seat: make_player("easy", hosted.settings.seed, seat) for seat in range(4)}
    try:
        while not hosted.over.is_set() and time.monotonic() < until:
            seat = table.pending()
            if seat is None:
                break
            holding = [p for p in hosted.people.values() if p.session is not None and p.session.waiting]
            if holding:
                for person in holding:
                    guests[person.seat].line("")
                await asyncio.sleep(0.05)
                continue
            before = table.game.move_count
            guests[seat].line(str(choosers[seat].choose(table.view(seat)).move))
            started = time.monotonic()
            while table.game.move_count == before and time.monotonic() - started < 10:
                await asyncio.sleep(0.002)
            if table.game.move_count != before:
                measured.moves += 1
        measured.games += hosted.over.is_set()
    finally:
        server.close()
        await hosted.shutdown()


async def main(tables: int, seconds: float) -> None:
    with tempfile.TemporaryDirectory(prefix="host-load-") as folder:
        data = Path(folder)
        os.environ["HF_DATA_DIR"] = folder
        measured = Measured()
        seating = time.monotonic()
        seated = await asyncio.gather(*(seat_table(n, data, 0) for n in range(tables)))
        start = time.monotonic()
        print(f"{tables} tables seated ({4 * tables} ssh connections) in {start - seating:.0f} s", flush=True)
        until = start + seconds
        await asyncio.gather(*(play_table(table, until, measured) for table in seated))
        elapsed = time.monotonic() - start
    delays = sorted(measured.delays)
    p99 = delays[min(len(delays) - 1, int(len(delays) * 0.99))] if delays else float("nan")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{tables} tables x 4 guests, {elapsed:.0f} s: {measured.moves} moves, "
          f"{measured.moves / elapsed:.1f} moves/s, {measured.games} games finished")
    if delays:
        print(f"move -> every guest of its table: median {statistics.median(delays) * 1000:.0f} ms, "
              f"p99 {p99 * 1000:.0f} ms, max {delays[-1] * 1000:.0f} ms over {len(delays)} moves")
    print(f"peak memory of the process (host and clients): {peak:.0f} MiB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=120.0)
    arguments = parser.parse_args()
    sys.exit(asyncio.run(main(arguments.tables, arguments.seconds)))
