"""Shared helpers for the REPL tests (no tests here): a session with AI seats, output captured."""

from __future__ import annotations

from pathlib import Path

from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.levels import make_player
from hfcli.repl.session import Session
from hfcli.transcript import SeatInfo, TranscriptWriter


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


def make_session(
    seed: int = 7, level: str = "random", rules: str = "classic", players: int = 4, teams: str = "auto"
) -> tuple[Session, Captured]:
    """A session with the human in seat 0 (South) of a table of ``players`` and AI players of
    ``level`` in the other seats; what it says is captured."""
    game = Game(preset(rules).replace(players=players, teams=teams), seed=seed)
    out = Captured()
    ai = {seat: make_player(level, seed, seat) for seat in game.seating.seats if seat}
    session = Session(game, ai, echo=out, hint_player=make_player(level, seed, 0))
    return session, out


def recorded_session(path: Path, seed: int, level: str = "easy") -> tuple[Session, TranscriptWriter, Captured]:
    """A classic four-seat session recorded to ``path`` as hf play records one: the human South,
    AI players of ``level`` in the other seats; what it says is captured."""
    game = Game(preset("classic"), seed=seed)
    seats = [SeatInfo("You", "human", None), *(SeatInfo(n, "ai", level) for n in ("West", "North", "East"))]
    writer = TranscriptWriter.create(path, game, seats, fsync=False)
    out = Captured()
    session = Session(game, {s: make_player(level, seed, s) for s in (1, 2, 3)}, writer=writer,
                      transcript_path=path, echo=out)
    return session, writer, out


def asked_after_the_humans_turn(session: Session, out: Captured, side: tuple[int, ...]) -> None:
    """Put the seats of ``side`` in their feet (white-box: asking needs the side there, C-OUT,
    T-OUT), play the human's turn (draw, discard) and keep only what was said after it."""
    game = session.host.game
    for seat in side:
        foot = game.feet[seat]
        assert foot is not None
        game.hands[seat].extend(foot)
        game.feet[seat] = None
    session.start()
    session.handle("draw")
    out.clear()
    session.handle(f"discard {game.hands[0][0].text}")


def scripted_moves(seed: int, level: str, *, count: int | None = None, deals: int | None = None) -> list[str]:
    """South's moves against the AI seats ``hf play --seed SEED --level LEVEL`` sits, chosen by a
    seeded random player, so they replay exactly when piped in: the first ``count`` of them, or
    those of the first ``deals`` deals."""
    game = Game(preset("classic"), seed=seed)
    players = {seat: make_player(level, seed, seat) for seat in (1, 2, 3)}
    me = make_player("random", 1000 + seed, 0)
    moves: list[str] = []
    while not game.is_over and (count is None or len(moves) < count) and (deals is None or game.deal_index < deals):
        seat = game.to_move
        move = (me if seat == 0 else players[seat]).choose(game.view(seat)).move
        if seat == 0:
            moves.append(str(move))
        game.apply(move)
    return moves


def raw_control(text: str) -> bool:
    """Whether ``text`` holds a control character a terminal would act on (newlines aside)."""
    return any(ord(c) < 32 and c != "\n" or 0x7F <= ord(c) < 0xA0 for c in text)
