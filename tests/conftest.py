"""Shared fixtures: user files go to a temporary folder, never the real home.

Each test gets folders of its own (``tmp_path``), so the suite runs in parallel (``pytest -n 2``).
Without asyncssh, the tests of ``hf host`` are skipped, as the program itself runs without it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

try:
    import asyncssh  # noqa: F401 - only whether it imports matters here
except ImportError:
    HAS_ASYNCSSH = False
else:
    HAS_ASYNCSSH = True


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
    from hfcli.text.notation import use_four_colors, use_spoken_cards

    yield
    use_four_colors(False)
    use_spoken_cards(False)


@pytest.hookimpl(tryfirst=True)
def pytest_make_collect_report(collector: pytest.Collector) -> pytest.CollectReport | None:
    """A test file that cannot be imported only because asyncssh is missing is skipped, not an error.

    ``pip install .`` leaves asyncssh out (only ``hf host`` needs it); a test file that imports it,
    directly or through the host's modules, then reports one skip with the reason.
    """
    if HAS_ASYNCSSH or not isinstance(collector, pytest.Module):
        return None
    try:
        collector.obj  # noqa: B018 - importing the file is what may fail
    except pytest.Collector.CollectError as exc:
        cause = exc.__cause__
        if isinstance(cause, ImportError) and cause.name == "asyncssh":
            reason = "Skipped: asyncssh is not installed; pip install '.[host]' runs the tests of hf host"
            return pytest.CollectReport(collector.nodeid, "skipped", (str(collector.path), 0, reason), [])
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without asyncssh, a test marked ``host`` is skipped: it runs the table friends join with ssh."""
    if HAS_ASYNCSSH:
        return
    skip = pytest.mark.skip(reason="asyncssh is not installed; pip install '.[host]' runs the tests of hf host")
    for item in items:
        if item.get_closest_marker("host") is not None:
            item.add_marker(skip)
