"""Playing many games without a terminal and summarising them (``hf simulate``)."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from ai import make_player
from hfcli.game import Game
from hfcli.match import MatchStats, play_game
from hfcli.rules import Rules


@dataclass
class SimulationSummary:
    games: int = 0
    deals: int = 0
    moves: int = 0
    seconds: float = 0.0
    deal_endings: Counter[str] = field(default_factory=Counter)
    wins: Counter[str] = field(default_factory=Counter)

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    def as_dict(self) -> dict[str, object]:
        return {
            "games": self.games,
            "deals": self.deals,
            "moves": self.moves,
            "seconds": round(self.seconds, 3),
            "moves_per_second": round(self.moves_per_second, 1),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else 0.0,
            "deal_endings": dict(sorted(self.deal_endings.items())),
            "wins": dict(sorted(self.wins.items())),
        }


def game_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th game of a run, so any one game can be replayed alone."""
    return seed * 1_000_003 + index


def simulate(rules: Rules, games: int, seed: int, kinds: tuple[str, str]) -> SimulationSummary:
    summary = SimulationSummary()
    start = time.perf_counter()
    for i in range(games):
        s = game_seed(seed, i)
        game = Game(rules, s)
        players = [make_player(kinds[game.seating.team_of[seat]], s, seat) for seat in game.seating.seats]
        stats = MatchStats()
        play_game(game, players, stats=stats)
        result = game.result
        assert result is not None
        summary.games += 1
        summary.deals += len(result.deals)
        summary.moves += stats.moves
        summary.deal_endings.update(d.ended_by for d in result.deals)
        winner = result.winner
        summary.wins["tie" if winner is None else game.seating.team_names[winner]] += 1
    summary.seconds = time.perf_counter() - start
    return summary
