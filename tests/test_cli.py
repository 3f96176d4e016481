"""The ``hf`` command through click's CliRunner: help, version, rules, scripted play, resuming."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_repl_support import scripted_moves

from hfcli.cli import COMMANDS, main
from hfcli.repl.style import color_wanted


def invoke(args: list[str], stdin: str = "", env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin, env=env, auto_envvar_prefix="HF")
    return result.exit_code, result.output


def test_hf_alone_shows_the_help_line_by_line() -> None:
    _, text = invoke([])
    lines = text.splitlines()
    assert lines[0].startswith("Usage: ") and "Commands:" in lines
    assert "\\n" not in text  # the help's line breaks kept, not written as escapes


def test_help_lists_the_commands_and_each_has_an_example() -> None:
    code, text = invoke(["--help"])
    assert code == 0
    for name in ("play", "rules"):
        assert name in text
    for name in COMMANDS:
        code, text = invoke([name, "--help"])
        assert code == 0, name
        assert "Example" in text, name


def test_version() -> None:
    code, text = invoke(["--version"])
    assert code == 0 and text.startswith("hf, version ")


def test_rules_prints_presets_and_files(tmp_path: Path) -> None:
    code, text = invoke(["rules", "--keys"])
    assert code == 0 and "Rules: classic" in text and "  hand_size = 13 " in text and "  foot_size = 13 " in text
    code, text = invoke(["rules", "eleven", "--keys"])
    assert code == 0 and "* hand_size = 11 " in text
    house = tmp_path / "house.toml"
    house.write_text('preset = "classic"\ndecks = 6\n')
    code, text = invoke(["rules", str(house), "--keys"])
    assert code == 0 and "Rules: house (324 cards)." in text and "* decks = 6 " in text
    code, text = invoke(["rules", str(house)])
    assert code == 0 and "Hand and Foot, house rules (324 cards)." in text and "6 decks with jokers" in text


def test_rules_by_id_and_a_bad_id() -> None:
    code, text = invoke(["rules", "c-pile"])
    assert code == 0 and text.startswith("C-PILE  Taking the discard pile takes its top 7 cards")
    code, text = invoke(["rules", "C-PIL"])
    assert code == 1 and text.strip().count("\n") == 0 and "did you mean C-PILE" in text
    code, text = invoke(["rules", "--list"])
    assert "C-OUT" in text.split() and "V-NOWILD" in text.split()


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "--rules", "bogus"], "unknown rules 'bogus'"),
        (["play", "--level", "genius"], "Invalid value for '--level'"),
        (["play", "--speed", "-1"], "Invalid value for '--speed'"),
        (["rules", "nothing.toml"], "cannot read"),
    ],
)
def test_bad_options_exit_non_zero_with_one_line(args: list[str], message: str, tmp_path: Path) -> None:
    code, text = invoke(args)
    assert code != 0
    assert message in text
    assert "Traceback" not in text


def test_play_prints_the_transcript_path_at_start_and_end(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    code, text = invoke(["play", "--seed", "7", "--speed", "0", "--transcript", str(path)], "draw\nquit\ny\n")
    assert code == 0
    assert text.count(f"Transcript: {path}") == 1
    assert f"The game is saved in {path}\nTo go on with it:\n  hf play --resume {path}\n" in text
    assert "Leave the game? It stays saved. [y/N] y" in text and text.count("Leave the game?") == 1
    assert "South (draw)> draw" in text
    assert path.exists() and path.read_text().count("\n") > 3


def test_default_transcript_goes_to_the_user_data_folder(tmp_path: Path) -> None:
    code, text = invoke(["play", "--seed", "3", "--speed", "0"], "quit\ny\n", env={"HF_DATA_DIR": str(tmp_path)})
    assert code == 0
    files = list((tmp_path / "transcripts").glob("*seed3*.jsonl"))
    assert len(files) == 1 and str(files[0]) in text


def test_environment_variables_set_options(tmp_path: Path) -> None:
    env = {"HF_PLAY_SEED": "12", "HF_PLAY_SPEED": "0", "HF_PLAY_ASCII": "1", "HF_DATA_DIR": str(tmp_path)}
    code, text = invoke(["play"], "quit\ny\n", env=env)
    assert code == 0 and "seed 12" in text
    assert "♥" not in text and "♠" not in text


def test_no_color_is_honoured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert color_wanted(True)
    assert not color_wanted(False)
    assert not color_wanted(True, forced_off=True)
    monkeypatch.setenv("NO_COLOR", "1")
    assert not color_wanted(True)


def test_piped_script_plays_a_whole_deal(tmp_path: Path) -> None:
    lines = scripted_moves(5, "easy", deals=1)
    path = tmp_path / "deal.jsonl"
    args = ["play", "--seed", "5", "--level", "easy", "--speed", "0", "--transcript", str(path)]
    code, text = invoke(args, "\n".join(lines) + "\n")
    assert code == 0, text
    assert "Not allowed" not in text and "Can't read" not in text
    assert "Deal 1 score" in text and "Deal 2 of 4 begins" in text
    assert "Input ended before the game did." in text
    assert text.count("South (") >= len(lines)


def test_resume_continues_where_the_transcript_ends(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    invoke(["play", "--seed", "7", "--speed", "0", "--transcript", str(path)], "draw\nmeld K K 2, 7 7 2\n")
    code, text = invoke(["play", "--resume", str(path), "--speed", "0"], "log\nx 9\nquit\ny\n")
    assert code == 0, text
    assert text.startswith(f"Resuming {path} at deal 1 of 4.")
    assert "meld K K 2, 7 7 2" in text  # the log came back from the transcript
    assert "You discard 9♦." in text


def test_resume_of_a_missing_file_is_one_line(tmp_path: Path) -> None:
    code, text = invoke(["play", "--resume", str(tmp_path / "none.jsonl")])
    assert code == 1 and text.count("\n") == 1


def test_shell_completion_lists_commands() -> None:
    env = {"_HF_COMPLETE": "bash_complete", "COMP_WORDS": "hf ru", "COMP_CWORD": "1"}
    result = CliRunner().invoke(main, [], env=env, prog_name="hf")
    assert result.output.split() == ["plain,rules"]


@pytest.mark.e2e
def test_piped_play_never_loads_prompt_toolkit(tmp_path: Path) -> None:
    import subprocess
    import sys

    code = (
        "import sys\nfrom hfcli.cli import main\n"
        "try:\n    main(['play', '--seed', '2', '--speed', '0'])\nexcept SystemExit:\n    pass\n"
        "print('prompt_toolkit loaded:', 'prompt_toolkit' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], input="hand\n", capture_output=True, text=True,
                          env={**os.environ, "HF_DATA_DIR": str(tmp_path)}, timeout=60)
    assert done.stdout.strip().endswith("prompt_toolkit loaded: False"), done.stderr


def test_suits_fall_back_to_letters_where_the_output_cannot_show_them() -> None:
    from hfcli.text.notation import can_show_symbols

    assert can_show_symbols("utf-8")
    assert not can_show_symbols("latin-1")
    assert not can_show_symbols("ascii")
    assert not can_show_symbols("no-such-codec")
    assert not can_show_symbols("utf-8", "ANSI_X3.4-1968")  # what a C locale's terminal takes
    assert can_show_symbols("utf-8", "UTF-8")


@pytest.mark.e2e
@pytest.mark.parametrize(("locale", "symbols"), [("C", False), ("POSIX", False), ("C.UTF-8", True)])
def test_a_c_locale_gets_letters_for_suits(locale: str, symbols: bool, tmp_path: Path) -> None:
    import subprocess
    import sys

    env = {key: value for key, value in os.environ.items() if not key.startswith(("LC_", "LANG"))}
    env.update(LC_ALL=locale, HF_DATA_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "hfcli", "play", "--seed", "7", "--speed", "0"],
                          input=b"draw\nhand\n", capture_output=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("utf-8")
    # seed 7: South holds K♥ K♠ and draws 9♠ 8♦
    if symbols:
        assert "K×2 K♥ K♠" in text and "You draw 9♠ 8♦." in text
    else:
        assert done.stdout.isascii() and "Kx2 KH KS" in text and "You draw 9S 8D." in text


def test_printed_commands_start_the_way_the_program_was_started(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import shlex
    import sys

    from hfcli.cli.table_setup import program_command

    venv = tmp_path / "my venv" / "bin"
    venv.mkdir(parents=True)
    hf = venv / "hf"
    hf.write_text("#!/bin/sh\n")
    hf.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    monkeypatch.setattr(sys, "argv", ["my venv/bin/hf", "play"])
    assert program_command() == "'my venv/bin/hf'"  # not on the PATH: the path it was started by, quoted
    monkeypatch.setattr(sys, "argv", [str(hf), "play"])
    assert program_command() == f"'{hf}'"
    monkeypatch.setenv("PATH", f"{venv}:/usr/bin:/bin")
    assert program_command() == "hf"  # the hf the shell finds is this one
    monkeypatch.setattr(sys, "argv", [str(Path("hfcli") / "__main__.py"), "play"])
    assert program_command() == f"{shlex.quote(sys.executable)} -m hfcli"


def test_a_resumed_house_rules_game_names_its_rules_as_a_new_one_does(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('preset = "classic"\npile_take = "all"\n')
    path = tmp_path / "g.jsonl"
    code, text = invoke(["play", "--seed", "3", "--rules", str(house), "--speed", "0", "--transcript", str(path)],
                        "draw\n")
    assert code == 0 and "Hand and Foot, house rules, four players in two partnerships, seed 3." in text
    code, text = invoke(["play", "--resume", str(path), "--speed", "0"], "quit\ny\n")
    assert code == 0, text
    lines = text.split("\n")
    assert lines[0] == f"Resuming {path} at deal 1 of 4."
    assert "Hand and Foot, house rules, four players in two partnerships, seed 3." in lines[:4]


def test_every_commands_help_fits_80_columns() -> None:
    for name in COMMANDS:
        code, text = invoke([name, "--help"], env={"COLUMNS": "80"})
        assert code == 0
        for line in text.split("\n"):
            # Only a command to copy alone on its line may be longer: a break would spoil it.
            alone = line.strip().startswith("hf ") and "  " not in line.strip()
            assert len(line) <= 80 or alone, f"hf {name} --help: {line!r}"
