"""Rule-based and baseline players. Players see only a per-seat view, never the game state.

The levels a person chooses, and the one place that makes a player of a level, are
:mod:`hfcli.levels`: this package implements the players and knows nothing of the program's list.
"""

from ai.base import Decision, Player, decision_rng, recall
from ai.expert import ExpertPlayer
from ai.greedy import GreedyPlayer
from ai.random_player import RandomPlayer
from ai.rule_based import RuleBasedPlayer

__all__ = [
    "Decision", "ExpertPlayer", "GreedyPlayer", "Player", "RandomPlayer", "RuleBasedPlayer",
    "decision_rng", "recall",
]
