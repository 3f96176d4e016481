"""Shared helpers for the REPL tests (no tests here): a session with AI seats, output captured."""

from __future__ import annotations

from ai import make_player
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.repl.session import Session


class Captured:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, text: str) -> None:
        self.lines.extend(text.split("\n"))

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def clear(self) -> None:
        self.lines.clear()


def make_session(seed: int = 7, level: str = "random", rules: str = "classic") -> tuple[Session, Captured]:
    game = Game(preset(rules), seed=seed)
    out = Captured()
    players = {seat: make_player(level, seed, seat) for seat in (1, 2, 3)}
    session = Session(game, players, echo=out, hint_player=make_player(level, seed, 0))
    return session, out
