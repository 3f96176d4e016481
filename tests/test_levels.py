"""The AI levels are listed once, in hfcli/levels.py: a level added there is offered, checked,
ordered and played everywhere the program names a level, with nothing else to change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ai import Player, RandomPlayer
from hfcli import levels
from hfcli.cli import main
from hfcli.event.spec import read
from hfcli.levels import Level
from hfcli.reports.stats import _level_order
from hfcli.transcript import TranscriptError, parse_header, read_source


def _wild(seed: int | None, seat: int) -> Player:
    return RandomPlayer(seed, seat)


WILD = Level("wild", "any legal move, with a name of its own", _wild)


@pytest.fixture
def wild(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry with one more level, between hard and expert: the one place a level is added."""
    ladder = list(levels.LEVELS)
    ladder.insert(levels.every().index("expert"), WILD)
    monkeypatch.setattr(levels, "LEVELS", tuple(ladder))


def invoke(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin)
    return result.exit_code, result.output


def test_the_ladder_is_the_one_the_program_has_always_offered() -> None:
    assert levels.every() == ("random", "greedy", "easy", "normal", "hard", "expert", "baseline-hard")
    assert levels.offered() == ("easy", "normal", "hard", "expert")
    assert levels.recorded() == ("random", "greedy", "easy", "normal", "hard", "expert")
    with pytest.raises(ValueError, match="unknown player 'wild'; choose from random, greedy, easy"):
        levels.make_player("wild", 1, 0)


@pytest.mark.usefixtures("wild")
def test_a_level_added_to_the_registry_is_in_every_command_s_choices_and_help() -> None:
    for command in (["play"], ["host"], ["event", "new"], ["simulate"]):
        code, out = invoke([*command, "--help"])
        assert code == 0 and "hard|wild|expert" in out, (command, out)
    code, out = invoke(["play", "--help"])
    assert "wild: any legal move, with a name of its own" in " ".join(out.split())


@pytest.mark.usefixtures("wild")
def test_a_level_added_to_the_registry_plays_is_recorded_and_is_read_back(tmp_path: Path) -> None:
    path = tmp_path / "wild.jsonl"
    code, out = invoke(["play", "--seed", "3", "--speed", "0", "--opponent-level", "wild", "--transcript", str(path)],
                       "quit\ny\n")
    assert code == 0, out
    seats = json.loads(path.read_text().splitlines()[0])["seats"]
    assert [seat["level"] for seat in seats] == [None, "wild", "normal", "wild"]
    assert [seat.level for seat in parse_header(read_source(path)).seats] == [None, "wild", "normal", "wild"]
    code, out = invoke(["simulate", "--games", "1", "--rules", "quick", "--ns", "wild", "--ew", "easy"])
    assert code == 0, out


def test_a_transcript_naming_a_level_the_registry_does_not_have_is_refused_at_its_header(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "wild.jsonl"
    with monkeypatch.context() as patched:
        ladder = list(levels.LEVELS)
        ladder.insert(levels.every().index("expert"), WILD)
        patched.setattr(levels, "LEVELS", tuple(ladder))
        code, out = invoke(["play", "--seed", "3", "--speed", "0", "--level", "wild", "--transcript", str(path)],
                           "quit\ny\n")
        assert code == 0, out
    with pytest.raises(TranscriptError, match="unknown AI level 'wild'; the levels are random, greedy, easy"):
        parse_header(read_source(path))


@pytest.mark.usefixtures("wild")
def test_a_level_added_to_the_registry_is_kept_as_a_preference_and_sits_at_an_event(tmp_path: Path) -> None:
    code, out = invoke(["config", "level", "wild"])
    assert code == 0, out
    path = tmp_path / "club.toml"
    code, out = invoke(["event", "new", "--name", "Wild night", "--rules", "quick", "--opponents", "wild",
                        "-o", str(path)])
    assert code == 0, out
    assert read(path).opponents == "wild"


def test_a_preference_for_a_level_the_registry_does_not_offer_is_refused() -> None:
    code, out = invoke(["config", "level", "greedy"])
    assert code != 0 and "takes one of easy, normal, hard, expert" in out


@pytest.mark.usefixtures("wild")
def test_hf_stats_orders_its_rows_by_the_registry() -> None:
    order = sorted(["expert", "wild", "easy+hard", "random", "someone-else"], key=_level_order)
    assert order == ["random", "easy+hard", "wild", "expert", "someone-else"]
