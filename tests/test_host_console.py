"""The host's own terminal at a hosted table: ``hf host`` as its host sees it, the lobby, the seat
at the table, and a game taken up again with ``--resume``."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from host_clients import WAIT
from host_console import HostScreen
from test_host_login import settings

from hfcli.host.hosting import HostedTable

pytestmark = pytest.mark.host


async def host_plays_until(hosted: HostedTable, moves: int) -> None:
    """The host (South, no terminal) plays the moves an easy AI would, until ``moves`` are made and
    South's turn is over."""
    from hfcli.levels import make_player

    chooser = make_player("easy", hosted.settings.seed, 0)
    table, host = hosted.table, hosted.people[0]
    assert table is not None and host.session is not None

    async def play() -> None:
        while table.game.move_count < moves or table.pending() == 0:
            if host.session.waiting is not None:
                host.session.handle("")
            elif table.pending() == 0 and not table.holding:
                host.session.handle(str(chooser.choose(table.view(0)).move))
                hosted.wake()
            await asyncio.sleep(0.002)

    await asyncio.wait_for(play(), WAIT)


def test_after_resume_the_host_sees_the_game_and_their_commands_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    from hfcli.cli import host as cli_host

    path = tmp_path / "g.jsonl"

    async def first() -> int:
        hosted = HostedTable(settings(host_name="Host", transcript_path=path))
        assert hosted.start() is None
        await host_plays_until(hosted, 12)
        await hosted.shutdown()
        assert hosted.game is not None
        return hosted.game.move_count

    stopped_at = asyncio.run(first())
    capsys.readouterr()
    screen = HostScreen()
    monkeypatch.setattr(cli_host, "terminal_size", screen.size)

    async def second() -> None:
        resumed = cli_host._resumed(path, "easy")
        assert resumed.game.move_count == stopped_at and resumed.game.to_move != 0  # the AI plays next
        with screen.running():
            serving = asyncio.ensure_future(cli_host._serve(
                settings(host_name="Host", transcript_path=path, seed=resumed.game.seed), resumed,
                "127.0.0.1", 0, None))
            try:
                await screen.until(f"Resuming the game where it stopped: deal 1 of 1, move {stopped_at}.")
                # The AI seats play on, and the host is told each move, then that the turn is theirs.
                narrated = await screen.until("Your turn: draw")
                assert "West " in narrated and "North " in narrated and "East " in narrated
                await screen.until("Host (draw)>")  # the prompt follows the game
                for command, answer in (("hand", "Your hand ("), ("table", "Pile: "),
                                        ("help", "Moves: draw (d)"), ("hint", "Hint: ")):
                    screen.line(command)
                    await screen.until(answer)
                screen.line("draw")
                await screen.until("You draw")
                screen.line("quit")
                await screen.until("Stop hosting?")
                screen.line("y")
                await asyncio.wait_for(serving, WAIT)
            finally:
                serving.cancel()
                await asyncio.gather(serving, return_exceptions=True)

    asyncio.run(second())
    printed = capsys.readouterr().out
    # Stopped in the middle of the game: the host is told how to go on with it.
    assert f"The game is saved in {path}" in printed
    assert f"host --resume {path}" in printed


def test_the_host_who_uses_a_screen_reader_hears_the_game_in_words_and_plain_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """hf host under HF_SCREEN_READER (host_reader) or the console's reader command: the host's seat
    is told in words, and from then on nothing but text reaches the host's terminal."""
    from hfcli.cli import host as cli_host

    monkeypatch.setenv("HF_DATA_DIR", str(tmp_path))
    screen = HostScreen()
    monkeypatch.setattr(cli_host, "terminal_size", screen.size)

    async def scene() -> None:
        with screen.running():
            serving = asyncio.ensure_future(cli_host._serve(
                settings(host_name="Host", transcript_path=tmp_path / "g.jsonl"), None, "127.0.0.1", 0, None))
            try:
                await screen.until("host>")
                screen.line("reader")
                await screen.until("Screen reader: on.")
                after = len("".join(screen.raw))
                screen.line("start")
                await screen.until("You: your turn.")
                screen.line("draw")
                await screen.until("You: drew ")
                screen.line("hand")
                await screen.until("You: your hand, ")
                await screen.terminal_quiet()
                raw = "".join(screen.raw)[after:]
                assert "\x1b" not in raw, repr(raw[raw.index("\x1b") - 80:raw.index("\x1b") + 40])
                assert "draw> draw" in raw
            finally:
                serving.cancel()
                await asyncio.gather(serving, return_exceptions=True)

    asyncio.run(scene())
