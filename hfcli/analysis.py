"""The expert's judgement of a recorded decision, for the review and practice: the program's one
door to the search, beside the level registry (:mod:`hfcli.levels`), its one door to the players.

Here the expert is asked what it would play from a seat's view and what that view tells of the
hidden cards; a move played is compared with another over the same imagined deals by the one
comparison the expert itself makes (:mod:`ai.paired`), with the review's own evaluator, horizon and
stopping rule; and imagined deals are read for the seat's expected margin and for how often each
discard hands over the pile. The review decides what to ask and what the answers mean (its
grades, its stopping rule, its words); everything that plays or imagines a game is made here.

The registry and this module are kept apart because they answer different people: the registry
is what a player may sit down against, this is what a reviewer asks of the strongest of them, in
the search's own terms (evaluators, horizons, imagined deals).
"""

from __future__ import annotations

import itertools
import random
import statistics
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TypeVar

from ai.evaluator import LearnedEvaluator
from ai.expert import POLICY, ExpertPlayer
from ai.paired import Compared, FixedDeals, MoveComparison, StoppingRule, Watcher, WatchFactory
from ai.sampler import Knowledge, read_knowledge
from ai.search import Evaluator, HorizonEstimate, RuleBasedRollouts
from hfcli.engine.game import Game
from hfcli.engine.moves import Move, MoveKind
from hfcli.engine.seat import Decision
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView

__all__ = [
    "COSTINGS", "Compared", "Costing", "FixedDeals", "HORIZON", "Knowledge", "LEARNED", "ROLLOUT_POLICY",
    "StoppingRule", "WatchFactory", "Watcher", "deal_margin", "expert_at", "imagined", "is_meld_choice",
    "pile_taken", "read_knowledge",
]

# Every seat of an imagined deal is played by the level whose choice the expert checks.
ROLLOUT_POLICY = RuleBasedRollouts(POLICY)


def expert_at(view: SeatView, seed: int | None) -> tuple[Decision, Knowledge]:
    """The expert's choice from ``view`` (a game of ``seed``), and what the view tells of the cards
    it cannot see, the history as the expert read it: what a cost is estimated from."""
    player = ExpertPlayer(seed, view.seat)
    expert = player.choose(view)
    return expert, read_knowledge(view, player.knowledge)


def imagined(knowledge: Knowledge, seed: int) -> Iterator[Game]:
    """Imagined deals of the cards the seat cannot see, one after another, from ``seed``."""
    return knowledge.deals(random.Random(seed))


def is_meld_choice(view: SeatView, played: Move, preferred: Move) -> bool:
    """Whether choosing between ``played`` and ``preferred`` is a meld-phase choice (a discard,
    laying down or holding), not asking to go out."""
    return view.phase is Phase.MELD and MoveKind.ASK not in (played.kind, preferred.kind)


@dataclass(frozen=True)
class Costing:
    """How the two moves of a decision are played forward and what judges them where the
    rollouts stop: ``meld_rounds`` rounds of turns for a meld-phase choice (a discard, laying down
    or holding), ``other_rounds`` for the pile or the stock and for asking and answering (0: once
    the seat's turn is played out; None: to the end of the deal)."""

    name: str
    evaluator: Evaluator
    meld_rounds: int | None
    other_rounds: int | None

    def rounds(self, view: SeatView, played: Move, preferred: Move) -> int | None:
        return self.meld_rounds if is_meld_choice(view, played, preferred) else self.other_rounds

    def compare(
        self, view: SeatView, played: Move, preferred: Move, deals: Iterator[Game], stop: StoppingRule,
        watch: WatchFactory | None = None,
    ) -> Compared:
        """``played`` (first) and ``preferred`` compared over ``deals`` for as long as ``stop`` asks
        (the deals are spent: the caller draws them for this comparison alone)."""
        comparison = MoveComparison(ROLLOUT_POLICY, self.evaluator, self.rounds(view, played, preferred))
        return comparison.compare(deals, [played, preferred], view.seat, stop, watch, spend=True)


# Costs in points of the deal, the expert's bonus for winning the game left out. The learned
# evaluator (ai/evaluator.py) judges each imagined deal a round after a meld-phase choice and at
# the end of the seat's turn otherwise; docs/review.md has the figures that chose it over the
# horizon estimate (three rounds, and the pile or the stock played to the deal's end).
LEARNED = Costing("learned", LearnedEvaluator(win_bonus=0.0), 1, 0)
HORIZON = Costing("horizon", HorizonEstimate(), 3, None)
COSTINGS = {c.name: c for c in (LEARNED, HORIZON)}


def deal_margin(knowledge: Knowledge, seat: int, seed: int, samples: int, evaluator: Evaluator) -> float:
    """``evaluator``'s margin of the deal in progress for ``seat``'s side where it stands, averaged
    over ``samples`` imagined deals of the cards the seat cannot see."""
    deal = knowledge.view.deal_index
    deals = itertools.islice(imagined(knowledge, seed), samples)
    return statistics.fmean([evaluator.evaluate(game, deal, seat) for game in deals])


Choice = TypeVar("Choice")


def pile_taken(
    knowledge: Knowledge, choices: Mapping[Choice, Move], seed: int, samples: int
) -> dict[Choice, int]:
    """In how many of ``samples`` imagined deals the next player took the pile after each discard
    of ``choices``: each thrown, then the next player's choice between the pile and the stock made
    as the rollouts make it."""
    view = knowledge.view
    after = view.seating.next_seat(view.seat)
    taken = dict.fromkeys(choices, 0)
    for game in itertools.islice(imagined(knowledge, seed), samples):
        for key, move in choices.items():
            ahead = game.clone()
            ahead.apply(move)
            if (ahead.deal.index != game.deal.index or ahead.is_over or ahead.turn.to_move != after
                    or ahead.turn.phase is not Phase.DRAW):
                continue
            if ROLLOUT_POLICY(game.seed, after).choose(ahead.view(after)).move.kind is MoveKind.PICKUP:
                taken[key] += 1
    return taken
