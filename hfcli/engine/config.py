"""What a game is played with, fixed when it starts: the rules, the seating, the seed and the
shoes given for some deals. Every shoe a game deals comes from here: a given one, or the next
shuffle of the generator seeded with the seed (:mod:`hfcli.engine.dealing`).

The configuration never changes during a game; everything that does is the
:class:`~hfcli.engine.state.GameState`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from hfcli.engine.cards import Card
from hfcli.engine.rules import Rules
from hfcli.engine.seating import Seating


@dataclass(frozen=True, slots=True)
class GameConfig:
    """A game's fixed parameters. ``given_shoes`` maps a deal's index (0-based) to its shoe, top
    card first; the deals it leaves out are shuffled from ``seed``."""

    rules: Rules
    seating: Seating
    seed: int
    given_shoes: Mapping[int, tuple[Card, ...]] = field(default_factory=dict, hash=False)

    def shoes_after(self, deal_index: int) -> dict[int, tuple[Card, ...]]:
        """The given shoes of the deals after ``deal_index``."""
        return {i: s for i, s in self.given_shoes.items() if i > deal_index}

    def future(self, deal_index: int) -> tuple[dict[int, tuple[Card, ...]], int | None]:
        """What decides the shoes of the deals after ``deal_index``: the given ones, and the seed
        when some of them are not given (otherwise the seed decides nothing more)."""
        given = self.shoes_after(deal_index)
        shuffled = any(i not in given for i in range(deal_index + 1, self.rules.deals))
        return given, self.seed if shuffled else None
