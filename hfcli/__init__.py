"""hfcli: Hand and Foot, the partnership card game, played in a terminal.

The engine's public API::

    from hfcli import Game, rules
    game = Game(rules.preset("classic"), seed=7)
    game.to_move, game.legal_moves(), game.apply("draw"), game.view(0), game.clone()
"""

from hfcli import rules
from hfcli.cards import Card, card
from hfcli.errors import AmbiguousMoveError, HandFootError, IllegalMoveError, InvalidMoveError, RulesError
from hfcli.game import Game
from hfcli.moves import Move, parse_move
from hfcli.rules import Rules
from hfcli.scoring import DealResult, GameResult, TeamScore
from hfcli.view import SeatView

__version__ = "0.1.0"

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
