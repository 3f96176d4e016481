"""Preferences kept between games: hf config, its file (0600 in a 0700 folder), and the order in
which the command line, the environment and the file decide."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from hfcli.cli import main
from hfcli.system import config


def invoke(args: list[str], stdin: str = "", env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin, env=env, auto_envvar_prefix="HF")
    return result.exit_code, result.output


def test_the_file_is_in_the_platform_s_config_folder_and_hf_makes_it_private(tmp_path: Path) -> None:
    # conftest points XDG_CONFIG_HOME at tmp_path / "config": the platform's folder is hfcli in it.
    assert config.config_path() == tmp_path / "config" / "hfcli" / "config.toml"
    code, out = invoke(["config", "speed", "0"])
    assert code == 0 and out == f"speed = 0; kept in {config.config_path()}\n"
    path = config.config_path()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert config.load() == {"speed": 0.0}


def test_hf_config_shows_every_key_and_where_its_value_comes_from() -> None:
    invoke(["config", "name", "Ann"])
    invoke(["config", "four-color", "on"])
    code, out = invoke(["config"])
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"Preferences in {config.config_path()}:"
    assert "  name = Ann" in lines and "  four-color = yes" in lines
    assert "  speed = 0.25  (default)" in lines and "  screen-reader = no  (default)" in lines
    assert invoke(["config", "name"])[1] == "  name = Ann\n"
    assert invoke(["config", "--unset", "name"])[0] == 0
    assert "name" not in config.load() and config.load()["four-color"] is True


@pytest.mark.parametrize("args, message", [
    (["config", "level", "champion"], "level takes one of easy, normal, hard, expert, auto, not 'champion'"),
    (["config", "speed", "fast"], "speed takes a number of seconds from 0 to 60, not 'fast'"),
    (["config", "speed", "61"], "speed takes a number of seconds from 0 to 60, not '61'"),
    (["config", "screen-reader", "maybe"], "screen-reader takes yes or no, not 'maybe'"),
    (["config", "colour", "red"], "no preference 'colour'; the keys are screen-reader, four-color, ascii, speed, "
                                  "name, level, partner-level, opponent-level"),
])
def test_a_value_a_key_does_not_take_is_refused_in_one_line_and_nothing_is_written(
        args: list[str], message: str) -> None:
    code, out = invoke(args)
    assert code == 2 and out == f"Error: {message}\n"
    assert not config.config_path().exists()


def test_a_spoilt_file_is_named_in_one_line_by_the_commands_that_read_it(tmp_path: Path) -> None:
    path = config.config_path()
    path.parent.mkdir(parents=True)
    path.write_text('speed = "fast"\n')
    code, out = invoke(["play", "--seed", "7"], "quit\ny\n", env={"HF_DATA_DIR": str(tmp_path)})
    assert code == 2
    said = "speed takes a number of seconds from 0 to 60, not 'fast' (hf config shows and sets it)"
    assert out == f"Error: {path}: {said}\n"
    path.write_text("speed = [\n")
    assert invoke(["config"])[0] == 2
    path.write_text("unknown = 1\nspeed = 0\n")  # a key of a later version is left alone
    assert config.load() == {"speed": 0.0}


def test_the_command_line_beats_the_environment_beats_the_file(tmp_path: Path) -> None:
    invoke(["config", "name", "FromFile"])
    env = {"HF_DATA_DIR": str(tmp_path)}
    _, out = invoke(["play", "--seed", "7", "--speed", "0"], "quit\ny\n", env=env)
    assert "FromFile (draw)> quit" in out
    _, out = invoke(["play", "--seed", "7", "--speed", "0"], "quit\ny\n", env={**env, "HF_PLAY_NAME": "FromEnv"})
    assert "FromEnv (draw)> quit" in out
    _, out = invoke(["play", "--seed", "7", "--speed", "0", "--name", "FromLine"], "quit\ny\n",
                    env={**env, "HF_PLAY_NAME": "FromEnv"})
    assert "FromLine (draw)> quit" in out


def test_levels_from_the_file_seat_the_ai(tmp_path: Path) -> None:
    invoke(["config", "level", "easy"])
    invoke(["config", "partner-level", "hard"])
    _, out = invoke(["play", "--seed", "7", "--speed", "0"], "quit\ny\n", env={"HF_DATA_DIR": str(tmp_path)})
    assert "You sit South. Your partner North (hard); opponents West (easy) and East (easy)." in out
