"""bench/tune.py in small: the path it prints, resumed from its checkpoint as if never stopped,
and its gate against the frozen baseline."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ai.strategy import HARD
from ai.tuning import starting_theta

TUNE = [sys.executable, "bench/tune.py", "--rules", "quick", "--pairs", "1", "--seed", "5"]


def tune(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*TUNE, *args], capture_output=True, text=True, timeout=300, check=False)


def test_a_run_stopped_and_resumed_goes_the_same_path_as_one_that_was_not(tmp_path: Path) -> None:
    whole, split = tmp_path / "whole.json", tmp_path / "split.json"
    assert tune("--checkpoint", str(whole), "--iterations", "2").returncode == 0
    assert tune("--checkpoint", str(split), "--iterations", "1").returncode == 0
    resumed = tune("--checkpoint", str(split), "--iterations", "2", "--jobs", "2")
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(whole.read_text()) == json.loads(split.read_text())
    lines = resumed.stdout.splitlines()
    assert lines[1].startswith("iteration   1  plus") and lines[1].endswith("(from the checkpoint)")
    assert lines[2].startswith("iteration   2  plus") and "of 2 games" in lines[2] and "feed_weight" in lines[2]


@pytest.mark.e2e
def test_a_checkpoint_of_other_settings_or_not_the_tuners_is_refused_in_one_line(tmp_path: Path) -> None:
    checkpoint = tmp_path / "tune.json"
    assert tune("--checkpoint", str(checkpoint), "--iterations", "1").returncode == 0
    other = subprocess.run([sys.executable, "bench/tune.py", "--checkpoint", str(checkpoint), "--seed", "6"],
                           capture_output=True, text=True, timeout=60, check=False)
    assert other.returncode == 1 and other.stderr == "tune: the checkpoint was made with --seed 5, not 6\n"
    foreign = tmp_path / "notes.json"
    foreign.write_text('{"mine": true}\n')
    refused = tune("--checkpoint", str(foreign))
    assert refused.returncode == 1 and refused.stderr.count("\n") == 1 and "not a checkpoint" in refused.stderr
    assert foreign.read_text() == '{"mine": true}\n'  # never overwritten


def test_the_gate_plays_the_frozen_baseline_and_accepts_only_on_better(tmp_path: Path) -> None:
    checkpoint = tmp_path / "tune.json"
    # Two pairs cannot reach a bound of ln 19 with p1 = 0.55: the candidate stays unaccepted.
    run = tune("--checkpoint", str(checkpoint), "--iterations", "0", "--gate-pairs", "2")
    assert run.returncode == 0, run.stderr
    gate = json.loads(checkpoint.read_text())["gates"][0]
    assert gate["pairs"] == 2 and gate["verdict"] == "undecided" and gate["accepted"] is False
    # theta is still hard's own, and baseline-hard plays as hard: every pair is shared alike.
    assert gate["score"] == 0.5
    assert "gate after iteration 0: 2 pairs against baseline-hard" in run.stdout and "not accepted" in run.stdout


def test_the_gate_can_play_hard_as_it_is_so_that_accepting_asks_for_a_gain_over_hard(tmp_path: Path) -> None:
    checkpoint = tmp_path / "tune.json"
    run = tune("--checkpoint", str(checkpoint), "--iterations", "0", "--gate-pairs", "2", "--gate-against", "hard")
    assert run.returncode == 0, run.stderr
    gate = json.loads(checkpoint.read_text())["gates"][0]
    # hard's own weights against hard: each pair shared alike, nothing gained, nothing accepted.
    assert gate["against"] == "hard" and gate["score"] == 0.5 and gate["accepted"] is False
    assert "gate after iteration 0: 2 pairs against hard," in run.stdout
    unknown = tune("--checkpoint", str(checkpoint), "--iterations", "0", "--gate-pairs", "2", "--gate-against", "easy")
    assert unknown.returncode == 2 and "invalid choice" in unknown.stderr


def test_the_step_follows_the_points_margin_in_units_of_the_scale_and_the_gate_takes_an_earlier_theta(
    tmp_path: Path,
) -> None:
    checkpoint = tmp_path / "tune.json"
    run = tune("--checkpoint", str(checkpoint), "--iterations", "1", "--margin-scale", "250", "--a", "2",
               "--big-a", "1", "--gate-pairs", "1", "--gate-at", "0")
    assert run.returncode == 0, run.stderr
    saved = json.loads(checkpoint.read_text())
    assert saved["margin_scale"] == 250.0 and saved["gains"]["a"] == 2.0 and saved["gains"]["big_a"] == 1.0
    entry = saved["path"][0]
    # the result is the plus side's margin a game over 250 points, held within -1 to 1
    assert entry["result"] == round(max(-1.0, min(1.0, entry["plus_margin"] / 250.0)), 6)
    assert f"margin {entry['plus_margin']:+.1f} a game" in run.stdout
    # the gate of iteration 0 plays hard's own starting weights against the baseline, one pair
    gate = saved["gates"][0]
    assert gate["iteration"] == 0 and gate["theta"] == pytest.approx(starting_theta(HARD))
    assert gate["pairs"] == 1 and 0.0 <= gate["score"] <= 1.0
    assert "gate after iteration 0:" in run.stdout
    other = tune("--checkpoint", str(checkpoint), "--margin-scale", "500")
    assert other.returncode == 1
    assert other.stderr == "tune: the checkpoint was made with --margin-scale 250.0, not 500.0\n"
    beyond = tune("--checkpoint", str(checkpoint), "--iterations", "1", "--gate-pairs", "1", "--gate-at", "7")
    assert beyond.returncode == 1 and beyond.stderr == "tune: the path has iterations 0 to 1, not 7\n"
