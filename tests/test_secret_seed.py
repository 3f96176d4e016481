"""The seed is a secret at a hosted table: whoever knows it knows every card of the game.

A guest is never shown it, and a fresh one is 128 bits from ``secrets``, so that no guest can
search the seeds for the one that dealt the cards they hold (every seed up to 10^6, the old
range, fell to such a search in about a minute). The host sees it when they chose it, else only
once the game is over. A solo game still shows its seed, a 128-bit one that ``--seed`` takes back.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from host_clients import Guest, play_seat, serving
from test_host_login import CODE, settings

from hfcli.cli import main
from hfcli.engine.numbers import MAX_SEED, new_seed
from hfcli.host.at_table import first_lines
from hfcli.host.hosting import HostedTable
from hfcli.host.room import Settings
from hfcli.transcript.verify import verify_file

pytestmark = pytest.mark.host

SEED_LINE = re.compile(r"seed (\d+)\.")


@pytest.mark.slow
def test_no_guest_is_sent_the_seed_over_a_whole_game_and_the_transcript_keeps_it(tmp_path: Path) -> None:
    seed = new_seed()
    path = tmp_path / "g.jsonl"

    async def scene() -> list[str]:
        async with serving(settings(seed=seed, transcript_path=path), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            assert hosted.start() is None
            await asyncio.gather(play_seat(ann, hosted, 0), play_seat(bob, hosted, 1))
            for guest in (ann, bob):
                await guest.until("Game over: ")
            return ["".join(guest.raw) for guest in (ann, bob)]

    for raw in asyncio.run(scene()):
        assert "Hand and Foot, quick rules" in raw  # the first lines, which showed the seed before
        assert str(seed) not in raw
        assert "seed" not in raw.lower()
    # The record keeps it: the AI seats' choices come from it, and verify --ai asks them again.
    assert json.loads(path.read_text().split("\n")[0])["seed"] == (seed if seed < 2**53 else str(seed))
    assert verify_file(path, ai=True).moves > 20


def test_a_fresh_seed_is_128_bits_from_the_systems_secure_source() -> None:
    seeds = {new_seed() for _ in range(64)}
    assert len(seeds) == 64
    assert all(0 <= seed <= MAX_SEED == 2**128 - 1 for seed in seeds)
    # Each seed is below 2**120 one time in 256: all 64 of them, never in practice.
    assert max(seed.bit_length() for seed in seeds) > 120


def hosted_settings(args: list[str], monkeypatch: pytest.MonkeyPatch) -> Settings:
    """The settings ``hf host ARGS`` would serve with."""
    import hfcli.cli.host as host_command

    taken: list[Settings] = []

    async def serve(settings: Settings, *rest: Any) -> None:
        taken.append(settings)

    monkeypatch.setattr(host_command, "_serve", serve)
    result = CliRunner().invoke(main, ["host", *args])
    assert result.exit_code == 0, result.output
    return taken[0]


def test_hf_host_deals_from_a_fresh_128_bit_seed_unless_the_host_gives_one(monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = [hosted_settings([], monkeypatch) for _ in range(8)]
    assert len({s.seed for s in fresh}) == 8
    assert max(s.seed.bit_length() for s in fresh) > 100
    assert not any(s.seed_chosen for s in fresh)
    chosen = hosted_settings(["--seed", "7"], monkeypatch)
    assert chosen.seed == 7 and chosen.seed_chosen


@pytest.mark.parametrize("chosen", [False, True])
def test_the_host_sees_the_seed_at_the_start_only_when_they_chose_it(chosen: bool, tmp_path: Path) -> None:
    seed = 123456789

    async def scene() -> list[str]:
        hosted = HostedTable(settings(seed=seed, seed_chosen=chosen, host_name="Host",
                                      transcript_path=tmp_path / "g.jsonl"))
        assert hosted.start() is None
        try:
            return first_lines(hosted, hosted.people[0])
        finally:
            await hosted.shutdown()

    first = asyncio.run(scene())[0]
    assert first.startswith("Hand and Foot, quick rules, four players in two partnerships")
    assert (f"seed {seed}" in first) is chosen


def play(args: list[str], data: Path, stdin: str = "quit\ny\n") -> str:
    rules = [] if "--resume" in args else ["--rules", "quick"]
    result = CliRunner().invoke(main, ["play", *rules, "--speed", "0", *args], input=stdin,
                                env={"HF_DATA_DIR": str(data)})
    assert result.exit_code == 0, result.output
    return result.output


def test_a_solo_game_shows_its_128_bit_seed_and_every_command_takes_it_back(tmp_path: Path) -> None:
    out = play([], tmp_path / "data")
    seed = int(SEED_LINE.search(out).group(1))  # type: ignore[union-attr]
    assert seed.bit_length() > 64  # below 2**64 one time in 2**64
    [first] = (tmp_path / "data" / "transcripts").glob("*.jsonl")
    assert str(seed) not in first.name  # a name to read; the header has the seed
    hand = out[out.index("Your hand"):].split("\n")[1]
    again = play(["--seed", str(seed), "--transcript", str(tmp_path / "again.jsonl")], tmp_path / "data")
    assert f"seed {seed}." in again and hand in again  # the same cards
    for path in (first, tmp_path / "again.jsonl"):
        assert CliRunner().invoke(main, ["verify", "--ai", str(path)]).exit_code == 0
        printed = CliRunner().invoke(main, ["replay", "--print", str(path)])
        assert printed.exit_code == 0 and f"seed {seed}," in printed.output
        resumed = play(["--resume", str(path)], tmp_path / "data")
        assert f"seed {seed}." in resumed
    stats = CliRunner().invoke(main, ["stats", str(tmp_path)])
    assert stats.exit_code == 0, stats.output
