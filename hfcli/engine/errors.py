"""The errors the engine raises. All are ``ValueError``s whose message shows the input."""

from __future__ import annotations


class HandFootError(ValueError):
    """Base of every error the engine raises on bad input."""


class InvalidMoveError(HandFootError):
    """Text that does not parse as a move or a card."""


class IllegalMoveError(HandFootError):
    """A well-formed move that the rules forbid now. ``rule`` is the rule id, e.g. ``C-PILE``."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.reason = message


class AmbiguousMoveError(HandFootError):
    """A move that could mean more than one thing; the message says how to disambiguate."""


class RulesError(HandFootError):
    """A rule set or house-rules file with a bad key or value."""
