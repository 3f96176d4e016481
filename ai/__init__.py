"""Rule-based and baseline players. Players see only a per-seat view, never the game state."""

from ai.base import Decision, Player, player_rng
from ai.random_player import RandomPlayer

__all__ = ["Decision", "Player", "RandomPlayer", "player_rng"]
