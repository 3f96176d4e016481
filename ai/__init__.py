"""Rule-based and baseline players. Players see only a per-seat view, never the game state."""

from ai.base import Decision, Player, decision_rng, recall
from ai.baselines import BASELINES, make_baseline
from ai.expert import HINT_BUDGET, ExpertPlayer
from ai.greedy import GreedyPlayer
from ai.random_player import RandomPlayer
from ai.rule_based import RuleBasedPlayer

PLAYER_KINDS = ("random", "greedy", "easy", "normal", "hard", "expert")
# Players kept to measure against (:mod:`ai.baselines`): hf simulate seats them, hf play does not.
MEASUREMENT_KINDS = tuple(BASELINES)
SIMULATE_KINDS = PLAYER_KINDS + MEASUREMENT_KINDS


def make_player(kind: str, seed: int | None, seat: int) -> Player:
    """A player of ``kind`` for ``seat``, deterministic given the game's seed."""
    if kind == "random":
        return RandomPlayer(seed, seat)
    if kind == "greedy":
        return GreedyPlayer(seed, seat)
    if kind in ("easy", "normal", "hard"):
        return RuleBasedPlayer(seed, seat, kind)
    if kind == "expert":
        return ExpertPlayer(seed, seat)
    if kind in BASELINES:
        return make_baseline(kind, seed, seat)
    raise ValueError(f"unknown player {kind!r}; choose from {', '.join(SIMULATE_KINDS)}")


def make_hint_player(seed: int | None, seat: int) -> Player:
    """The player behind ``hint``: the expert, on a budget that answers within half a second."""
    return ExpertPlayer(seed, seat, HINT_BUDGET)


__all__ = [
    "MEASUREMENT_KINDS", "PLAYER_KINDS", "SIMULATE_KINDS",
    "Decision", "ExpertPlayer", "GreedyPlayer", "Player", "RandomPlayer", "RuleBasedPlayer",
    "decision_rng", "make_hint_player", "make_player", "recall",
]
