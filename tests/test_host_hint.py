"""``hint`` at a hosted table: the expert thinks in a thread of its own, so the table and every
other guest go on while it does, and it shares nothing with the AI seats that think beside it."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from host_clients import Guest, serving
from test_host_login import CODE, settings

from ai import Decision, Player
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.engine.view import SeatView
from hfcli.levels import make_hint_player, make_player

pytestmark = pytest.mark.host


class SlowHint:
    """A hint player that waits, while it thinks, until the test lets it answer (or gives up)."""

    def __init__(self, seed: int | None, seat: int) -> None:
        self.inner = make_player("easy", seed, seat)
        self.thinking = threading.Event()
        self.go_on = threading.Event()
        self.waited_in_vain = False

    def choose(self, view: SeatView) -> Decision:
        self.thinking.set()
        self.waited_in_vain = not self.go_on.wait(10)
        return self.inner.choose(view)


def test_while_a_hint_is_worked_out_the_other_guests_are_answered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hfcli.host import starting

    hints: list[SlowHint] = []

    def slow_hint(seed: int | None, seat: int) -> SlowHint:
        hints.append(SlowHint(seed, seat))
        return hints[-1]

    monkeypatch.setattr(starting, "make_hint_player", slow_hint)

    async def scene() -> None:
        async with serving(settings(), tmp_path) as (hosted, port):
            ann = await Guest().join(port, CODE, "Ann")
            bob = await Guest().join(port, CODE, "Bob")
            assert hosted.start() is None
            await ann.until("Your turn: draw")
            await bob.until("Bob (Ann plays)>")
            ann_hint = next(h for h in hints if h.inner.seat == 0)
            ann.line("hint")
            assert await asyncio.to_thread(ann_hint.thinking.wait, 10)
            # Bob asks while Ann's hint thinks: the table answers him at once.
            bob.line("who")
            await bob.until("South  Ann")
            ann_hint.go_on.set()
            await ann.until("Hint: ")
            assert not ann_hint.waited_in_vain
            ann.line("draw")
            await bob.until("South (Ann) draws 2 cards.")

    asyncio.run(scene())


def test_a_hint_and_an_ai_move_worked_out_at_once_are_those_worked_out_one_after_the_other() -> None:
    # The hint's expert and an AI seat's expert think on views of one game in two threads at
    # once; each decides as it does alone, since no cache is shared between players or threads.
    game = Game(preset("classic"), 11)
    players = [make_player("hard", game.seed, seat) for seat in game.seating.seats]
    views: list[SeatView] = []
    while len(views) < 6 and not game.is_over:
        view = game.view(game.to_move)
        if game.move_count % 15 == 14:
            views.append(view)
        game.apply(players[view.seat].choose(view).move)

    def make(name: str, seat: int) -> Player:
        return make_hint_player(game.seed, seat) if name == "hint" else make_player("expert", game.seed, seat)

    alone = {name: [str(make(name, view.seat).choose(view).move) for view in views] for name in ("hint", "ai")}
    at_once: dict[str, list[str]] = {"hint": [], "ai": []}
    start = threading.Barrier(2)

    def think(name: str) -> None:
        start.wait()
        for view in views:
            at_once[name].append(str(make(name, view.seat).choose(view).move))

    threads = [threading.Thread(target=think, args=(name,)) for name in ("hint", "ai")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    assert at_once == alone and len(views) == 6
