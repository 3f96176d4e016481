"""The errors the program raises on bad input, under one base, HandFootError: the engine's (a move
that does not parse, one the rules forbid, a bad rule set or position) and those of the layers above
(a name that names nothing, a seat played out of turn, a transcript that does not read). All are
``ValueError``s whose message shows the input and is fit to show a person as it is."""

from __future__ import annotations

from typing import NamedTuple

from hfcli.engine.rule_ids import RuleId


class HandFootError(ValueError):
    """Base of every error the program raises on bad input."""


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


class TableError(HandFootError):
    """The table was asked what it cannot do: to seat someone in a seat it does not have, to hear a
    line that cannot be said (blank, too long, not text)."""


class PlayerError(HandFootError):
    """A player asked for what it cannot give: a move where no move is legal."""


class NotFoundError(HandFootError):
    """What was asked for is not there: a rule id, a command, a move in the log, a seat. The message
    says what there is instead."""
