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
    "rules": "hfcli.system.house_rules",
    "Card": "hfcli.engine.cards",
    "card": "hfcli.engine.cards",
    "HandFootError": "hfcli.engine.errors",
    "IllegalMoveError": "hfcli.engine.errors",
    "InvalidMoveError": "hfcli.engine.errors",
    "RulesError": "hfcli.engine.errors",
    "Game": "hfcli.engine.game",
    "Move": "hfcli.engine.moves",
    "parse_move": "hfcli.engine.moves",
    "Rules": "hfcli.engine.rules",
    "DealResult": "hfcli.engine.scoring",
    "GameResult": "hfcli.engine.scoring",
    "TeamScore": "hfcli.engine.scoring",
    "SeatView": "hfcli.engine.view",
}

if TYPE_CHECKING:
    from hfcli.engine.cards import Card, card
    from hfcli.engine.errors import HandFootError, IllegalMoveError, InvalidMoveError, RulesError
    from hfcli.engine.game import Game
    from hfcli.engine.moves import Move, parse_move
    from hfcli.engine.rules import Rules
    from hfcli.engine.scoring import DealResult, GameResult, TeamScore
    from hfcli.engine.view import SeatView
    from hfcli.system import house_rules as rules


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
