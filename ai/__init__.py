"""Rule-based and baseline players. Players see only a per-seat view, never the game state."""

from ai.base import Decision, Player, player_rng
from ai.random_player import RandomPlayer

PLAYER_KINDS = ("random",)


def make_player(kind: str, seed: int | None, seat: int) -> Player:
    """A player of ``kind`` for ``seat``, deterministic given the game's seed."""
    if kind == "random":
        return RandomPlayer(seed, seat)
    raise ValueError(f"unknown player {kind!r}; choose from {', '.join(PLAYER_KINDS)}")


__all__ = ["PLAYER_KINDS", "Decision", "Player", "RandomPlayer", "make_player", "player_rng"]
