"""The AI levels, listed once: each level's name, what it plays like, how its player is made,
whether ``hf play`` offers it, and its place in the order.

Every part of the program that names, offers, checks, orders or makes an AI player reads this
registry when it needs it: the level options of ``hf play``, ``hf host`` and ``hf event`` and their
help, the levels a transcript's header may name, the players ``hf simulate`` seats, the order of
``hf stats``'s rows, the hosted table's AI seats and ``hint``. A new level is one more entry in
:data:`LEVELS`.

This is the module of the program that makes players, so it is where the program reaches the
``ai`` package. The players are imported when one is made, not when the registry is read, so that
``hf --help`` or a replay without the AI never loads the search.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hfcli.engine.errors import NotFoundError

if TYPE_CHECKING:
    from hfcli.engine.seat import Player

Factory = Callable[[int | None, int], "Player"]


@dataclass(frozen=True)
class Level:
    """One AI level. ``make(seed, seat)`` is its player for ``seat``, deterministic given the game's
    seed. ``offered``: a person may choose it in ``hf play``, ``hf host`` and ``hf event``.
    ``recorded``: a transcript may name it (a baseline kept to measure against is for ``hf simulate``
    alone)."""

    name: str
    description: str
    make: Factory
    offered: bool = True
    recorded: bool = True


def _random(seed: int | None, seat: int) -> Player:
    from ai.random_player import RandomPlayer

    return RandomPlayer(seed, seat)


def _greedy(seed: int | None, seat: int) -> Player:
    from ai.greedy import GreedyPlayer

    return GreedyPlayer(seed, seat)


def _rule_based(style: str) -> Factory:
    def make(seed: int | None, seat: int) -> Player:
        from ai.rule_based import RuleBasedPlayer

        return RuleBasedPlayer(seed, seat, style)

    return make


def _expert(seed: int | None, seat: int) -> Player:
    from ai.expert import ExpertPlayer

    return ExpertPlayer(seed, seat)


def _baseline(name: str) -> Factory:
    def make(seed: int | None, seat: int) -> Player:
        from ai.baselines import make_baseline

        return make_baseline(name, seed, seat)

    return make


# The order is the ladder, weakest first: help, hf simulate and hf stats list the levels in it.
LEVELS: tuple[Level, ...] = (
    Level("random", "any legal move", _random, offered=False),
    Level("greedy", "draws from the stock, lays every meld it can, throws its highest card", _greedy, offered=False),
    Level("easy", "rules of thumb; watches only a pair it saw taken", _rule_based("easy")),
    Level("normal", "rules of thumb; counts the cards not yet seen", _rule_based("normal")),
    Level("hard", "rules of thumb, counted closely; the partner people trust", _rule_based("hard")),
    # On the levels' scale the expert and hard sit inside each other's intervals at classic and quick,
    # and apart at eleven (docs/ai.md): say so.
    Level("expert", "about as strong as hard at classic and quick, stronger at eleven; searches more, "
                    "imagining the hidden cards, at the decisions that shape a deal", _expert),
    Level("baseline-hard", "hard as it was when the tuner was built", _baseline("baseline-hard"),
          offered=False, recorded=False),
)


# Not a level: what hf play's --level takes to choose the opponents' level nearest an even game
# for the player (hfcli.cli.your_rating), and hf config's level may keep for new games.
AUTO = "auto"


def offered() -> tuple[str, ...]:
    """The levels a person may choose for ``hf play``, ``hf host`` and ``hf event``, in order."""
    return tuple(level.name for level in LEVELS if level.offered)


def recorded() -> tuple[str, ...]:
    """The levels a transcript may name, in order."""
    return tuple(level.name for level in LEVELS if level.recorded)


def every() -> tuple[str, ...]:
    """Every level, the baselines too: what ``hf simulate`` may seat."""
    return tuple(level.name for level in LEVELS)


def find(name: str) -> Level:
    """The level called ``name``; a name the program does not know is a NotFoundError naming them."""
    for level in LEVELS:
        if level.name == name:
            return level
    raise NotFoundError(f"unknown player {name!r}; choose from {', '.join(every())}")


def order(name: str) -> int:
    """Where ``name`` stands in the ladder; a name not in it after every level."""
    names = every()
    return names.index(name) if name in names else len(names)


def described(names: tuple[str, ...]) -> str:
    """The levels ``names`` with what each plays like, for a command's help."""
    return "; ".join(f"{name}: {find(name).description}" for name in names)


def make_player(name: str, seed: int | None, seat: int) -> Player:
    """A player of level ``name`` for ``seat``, deterministic given the game's seed."""
    return find(name).make(seed, seat)


def seat_together(players: Iterable[Player | None]) -> None:
    """Let the AI players of one game read its public history once for them all rather than once
    a seat (what they learn is the same either way). Only for players asked one at a time, as a
    game asks its seats; a player that may think while another does (a hint) is kept apart."""
    from ai.expert import ExpertPlayer
    from ai.knowledge import SharedAccount
    from ai.rule_based import RuleBasedPlayer

    account = SharedAccount()
    for player in players:
        if isinstance(player, RuleBasedPlayer | ExpertPlayer):
            player.share(account)


def make_hint_player(seed: int | None, seat: int) -> Player:
    """The player behind ``hint``: the expert, on a budget that answers within half a second."""
    from ai.expert import HINT_BUDGET, ExpertPlayer

    return ExpertPlayer(seed, seat, HINT_BUDGET)
