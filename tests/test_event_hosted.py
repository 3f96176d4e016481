"""``hf host --event``: two people play an event as partners at a hosted table; their transcript
is the pair's entry."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from click.testing import CliRunner
from host_clients import Guest, play_seat, serving
from test_host_login import CODE, settings

from hfcli.cli import main
from hfcli.engine.rules import PRESETS
from hfcli.event.entries import Entry, check
from hfcli.event.spec import Event, new_event, write

pytestmark = pytest.mark.host


def event_settings(event: Event, path: Path) -> dict[str, object]:
    return dict(rules=event.rules, seed=event.seed, shoes=event.shoes, levels=event.levels,
                people_seats=frozenset({0, 2}), header={"event": event.header()}, transcript_path=path)


@pytest.mark.slow
def test_a_pair_plays_an_event_at_a_hosted_table_and_their_entry_counts(tmp_path: Path) -> None:
    event = new_event("Pairs night", PRESETS["quick"], "hard", "normal")
    path = tmp_path / "pair.jsonl"

    async def scene() -> None:
        async with serving(settings(**event_settings(event, path)), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            await ann.until("Bob sits down North.")  # West and East are the AI's: the next free seat is North
            bob.line("sit west")
            await bob.until("West is the AI's at this table; free: none")
            assert hosted.start() is None
            await asyncio.gather(play_seat(ann, hosted, 0), play_seat(bob, hosted, 2))
            await asyncio.wait_for(hosted.over.wait(), 30)
            assert hosted.failed is None

    asyncio.run(scene())
    entry = check(event, path)
    assert isinstance(entry, Entry), entry
    assert entry.pair and entry.player == "Ann & Bob"


def test_host_event_refuses_what_the_event_decides(tmp_path: Path) -> None:
    event_path = tmp_path / "e.toml"
    write(new_event("Pairs night", PRESETS["quick"], "hard", "normal"), event_path)
    result = CliRunner().invoke(main, ["host", "--event", str(event_path), "--rules", "classic"])
    assert result.exit_code == 2 and "--event plays the event's cards and table: leave out --rules" in result.output


def test_host_resume_goes_on_with_a_pairs_entry_only_with_its_event(tmp_path: Path) -> None:
    from test_event import record_entry

    event, other = new_event("Pairs night", PRESETS["quick"], "hard", "normal"), new_event(
        "Other night", PRESETS["quick"], "hard", "normal")
    write(other, tmp_path / "other.toml")
    entry = tmp_path / "half.jsonl"
    record_entry(event, entry, "Ann", "hard", moves=10)
    before = entry.read_bytes()
    for extra in ([], ["--event", str(tmp_path / "other.toml")]):
        result = CliRunner().invoke(main, ["host", "--resume", str(entry), *extra])
        assert result.exit_code == 1, result.output
        assert "is an entry of an event: go on with it with --event and that event's file" in result.output
    assert entry.read_bytes() == before
