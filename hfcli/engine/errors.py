"""The errors the engine raises. All are ``ValueError``s whose message shows the input."""

from __future__ import annotations

from typing import NamedTuple

from hfcli.engine.rule_ids import RuleId


class HandFootError(ValueError):
    """Base of every error the engine raises on bad input."""


class InvalidMoveError(HandFootError):
    """Text that does not parse as a move or a card."""


class Refusal(NamedTuple):
    """Why the rules forbid something now: the rule's id (``C-PILE``) and the reason in words.
    Every legality check of the engine returns one of these, or None when it is allowed."""

    rule: RuleId
    reason: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}"


class IllegalMoveError(HandFootError):
    """A well-formed move that the rules forbid now. ``rule`` is the rule id, e.g. ``C-PILE``."""

    def __init__(self, rule: RuleId, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.reason = message

    @classmethod
    def of(cls, refusal: Refusal) -> IllegalMoveError:
        return cls(refusal.rule, refusal.reason)


class RulesError(HandFootError):
    """A rule set or house-rules file with a bad key or value."""


class PositionError(HandFootError):
    """A position text that cannot be read: ``line N: what is wrong``."""
