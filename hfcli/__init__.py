"""hfcli: Hand and Foot, the partnership card game, played in a terminal.

The engine's public API::

    from hfcli import Game, rules
    game = Game(rules.preset("classic"), seed=7)
    game.to_move, game.legal_moves(), game.apply("draw"), game.view(0), game.clone()

Names are imported on first use, so ``hf --help`` does not pay for loading the engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "rules": "hfcli.rules",
    "Card": "hfcli.cards",
    "card": "hfcli.cards",
    "AmbiguousMoveError": "hfcli.errors",
    "HandFootError": "hfcli.errors",
    "IllegalMoveError": "hfcli.errors",
    "InvalidMoveError": "hfcli.errors",
    "RulesError": "hfcli.errors",
    "Game": "hfcli.game",
    "Move": "hfcli.moves",
    "parse_move": "hfcli.moves",
    "Rules": "hfcli.rules",
    "DealResult": "hfcli.scoring",
    "GameResult": "hfcli.scoring",
    "TeamScore": "hfcli.scoring",
    "SeatView": "hfcli.view",
}

if TYPE_CHECKING:
    from hfcli import rules
    from hfcli.cards import Card, card
    from hfcli.errors import AmbiguousMoveError, HandFootError, IllegalMoveError, InvalidMoveError, RulesError
    from hfcli.game import Game
    from hfcli.moves import Move, parse_move
    from hfcli.rules import Rules
    from hfcli.scoring import DealResult, GameResult, TeamScore
    from hfcli.view import SeatView


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'hfcli' has no attribute {name!r}")
    if name == "rules":
        return importlib.import_module(module)
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "AmbiguousMoveError",
    "Card",
    "DealResult",
    "Game",
    "GameResult",
    "HandFootError",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Rules",
    "RulesError",
    "SeatView",
    "TeamScore",
    "card",
    "parse_move",
    "rules",
    "__version__",
]
