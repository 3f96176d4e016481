"""Shared fixtures: user files go to a temporary folder, never the real home."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The data folder comes from platformdirs: XDG_DATA_HOME on Linux, the home folder elsewhere;
    # both point into the test's own folder, and a developer's HF_DATA_DIR is not used.
    monkeypatch.delenv("HF_DATA_DIR", raising=False)
    monkeypatch.delenv("HF_CONFIG_DIR", raising=False)
    monkeypatch.delenv("HF_SCREEN_READER", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


@pytest.fixture(autouse=True)
def _display_as_by_default() -> Iterator[None]:
    # Suits in two colours and cards as the table writes them, whatever a test before set for its
    # command (a screen reader's words, four colours).
    from hfcli.render import use_four_colors, use_spoken_cards

    yield
    use_four_colors(False)
    use_spoken_cards(False)
