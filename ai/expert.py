"""The expert: the rule-based player, checked by searching over the cards it cannot see.

At the decisions that shape a deal (take the pile or draw, which card to throw when the next
player could take the pile with it, how to answer "may I go out?", and, once its side is down,
whether to lay down this turn or hold every card) the expert imagines the hidden cards many
times over, plays each candidate move forward in every imagined game (:mod:`ai.paired`, the one
comparison of moves the review makes too) with the rule-based player
in every seat (the pile-or-stock choice and the answer to the end of the seat's turn, the
lay-down plan a round, a discard a couple of rounds), and compares the candidates by what the
resulting positions are worth: for the first three as the learned evaluator
(:mod:`ai.evaluator`) judges the deal's margin, for a discard by the table and half the cards
in hand, each plus the standing in the game on its last deal (by number, or the deal in which a
side reaches the game's target). Every candidate is played on the same imagined games with the
same random choices (common random numbers), so their difference shows through the noise of the
deal; the expert leaves the rule-based choice only when the gain is clear beyond that noise.
Which melds to lay and in what order, once laying, are the rule-based player's.

The search is put together from the parts of :mod:`ai.search` (:class:`Search`): the imagined
games come from a determinizer (:class:`ai.search.SampledDeals`), the rollouts from a rollout
policy (hard in every seat), their worth from evaluators (:class:`ai.evaluator.LearnedEvaluator`,
and :class:`ai.search.Standing` for a discard), the
choice from a decision rule (:class:`ai.search.ClearGain`); any of them may be replaced.

Its budget is counted in imagined games and rollouts, never in time, and every random number of
a decision is derived from the game's seed, the seat and where the game stands (the deal and the
length of the public history), so the same view gives the same move in a replay, a verification
or a resumed game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from ai.base import Decision
from ai.discarding import choose_discard
from ai.evaluator import LearnedEvaluator
from ai.going_out import trusted_answer
from ai.hand import read_hand
from ai.knowledge import SeatKnowledge, SharedAccount, may_go_out
from ai.melding import choose_meld
from ai.paired import FixedDeals, MoveComparison
from ai.rule_based import RuleBasedPlayer
from ai.search import (
    Budget,
    ClearGain,
    DecisionRule,
    Determinizer,
    Evaluator,
    RolloutPolicy,
    RuleBasedRollouts,
    SampledDeals,
    Standing,
)
from hfcli.engine.cards import THREE, WILD_RANKS, rank_counts
from hfcli.engine.game import Game
from hfcli.engine.moves import DRAW, NO, PICKUP, YES, Move, MoveKind
from hfcli.engine.reasons import Reason, ReasonKind, reason
from hfcli.engine.seeds import decision_rng
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView

# The level whose choice the search checks, and that plays every seat of the imagined games.
POLICY = "hard"

DEFAULT_BUDGET = Budget()
# ``hint`` answers a person at the table: about a quarter of a second on one core.
HINT_BUDGET = Budget(samples=6, discard_candidates=3)


@dataclass(frozen=True)
class Search:
    """The parts the expert's search is made of (see :mod:`ai.search`); any may be replaced."""

    budget: Budget = DEFAULT_BUDGET
    determinizer: Determinizer = field(default_factory=SampledDeals)
    policy: RolloutPolicy = RuleBasedRollouts(POLICY)
    # The worth of a pile-or-stock choice's and an answer's rollouts, cut short by the budget.
    evaluator: Evaluator = field(default_factory=LearnedEvaluator)
    # A discard's: its rollouts' two rounds show what it hands over, which the learned evaluator
    # judged no more clearly than the horizon estimate (standard errors 121 and 106 points).
    discard_evaluator: Evaluator = Standing()
    rule: DecisionRule = ClearGain()

    def evaluator_for(self, phase: Phase) -> Evaluator:
        return self.discard_evaluator if phase is Phase.MELD else self.evaluator


class SearchKind(StrEnum):
    """Which of the expert's searches looked at a decision."""

    PILE_OR_STOCK = "pile or stock"
    DISCARD = "discard"
    ANSWER = "answer"
    LAY_DOWN = "lay-down plan"


SEARCH_OF_PHASE = {
    Phase.DRAW: SearchKind.PILE_OR_STOCK, Phase.MELD: SearchKind.DISCARD, Phase.ANSWER: SearchKind.ANSWER,
}


@dataclass(frozen=True)
class Searched:
    """A decision of the expert: what it plays, the rule-based choice it checked (the same move
    where the search kept it), and which search looked at it (None: none did)."""

    decision: Decision
    rule_based: Move
    search: SearchKind | None
    gain: float = 0.0  # where the search changed the choice, its mean gain over the rule-based one

    @property
    def changed(self) -> bool:
        return self.decision.move != self.rule_based


class ExpertPlayer:
    def __init__(
        self, seed: int | None, seat: int, budget: Budget = DEFAULT_BUDGET, search: Search | None = None
    ) -> None:
        self.name = "expert"
        self.seed = seed
        self.seat = seat
        self.search = Search(budget) if search is None else search
        self.budget = self.search.budget
        self.policy = RuleBasedPlayer(seed, seat, POLICY)

    def choose(self, view: SeatView) -> Decision:
        return self.searched(view).decision

    def searched(self, view: SeatView) -> Searched:
        """The decision at ``view``, with the rule-based choice it checked and which search, if
        any, looked at it (for benches that follow the search's changes)."""
        baseline = self.policy.choose(view)
        search = self.search
        budget = search.budget
        # The lay-down plan is searched where no risky discard is: the two compare on different
        # horizons and judges.
        plan = None
        if not worth_a_search(view, baseline.move, self.policy):
            if budget.lay_horizon is not None:
                plan = lay_alternative(view, baseline.move, self.policy, budget.lay_every_choice)
            if plan is None:
                return Searched(baseline, baseline.move, None)
        kind = SearchKind.LAY_DOWN if plan is not None else SEARCH_OF_PHASE[view.phase]
        games = self.imagine(view)
        if plan is None:
            moves = candidates(view, baseline.move, games, budget)
            rounds, evaluator = budget.horizon(view.phase), search.evaluator_for(view.phase)
        else:
            moves = [baseline.move, plan]
            rounds, evaluator = budget.lay_horizon, search.evaluator
        if len(moves) < 2:
            return Searched(baseline, baseline.move, None)
        comparison = MoveComparison(search.policy, evaluator, rounds)
        compared = comparison.compare(iter(games), moves, view.seat, FixedDeals(len(games)))
        best = search.rule.choose(compared.values)
        if best == 0:
            return Searched(baseline, baseline.move, kind)
        move = moves[best]
        gain = compared.against_first(best).mean
        return Searched(Decision(move, _reason(view, move, baseline.move, gain, games)), baseline.move, kind, gain)

    def recall(self, view: SeatView) -> None:
        """Be shown a view it chose at before the game was resumed (see :func:`hfcli.engine.seat.recall`):
        only the rule-based player underneath keeps anything from move to move; the search is
        made afresh at every decision, so it is not run again."""
        self.policy.recall(view)

    def share(self, account: SharedAccount) -> None:
        """Read the game's history through ``account`` with the other players of the game (the
        rule-based player underneath is the one that reads it)."""
        self.policy.share(account)

    @property
    def knowledge(self) -> SeatKnowledge:
        """What the seat has learnt of the public history (the rule-based player's, kept up to
        the last view it was shown)."""
        return self.policy.knowledge

    def imagine(self, view: SeatView) -> list[Game]:
        """The games the decision is searched on: ``budget.samples`` games from the search's
        determinizer, each consistent with the view (which ``choose`` has shown the policy)."""
        rng = self.decision_rng(view)
        # The policy has just read the view: its knowledge of the history is the seat's.
        return self.search.determinizer.imagine(view, rng, self.search.budget.samples, self.policy.knowledge)

    def decision_rng(self, view: SeatView) -> random.Random:
        """The random numbers of one decision's search: only the seed, the seat and where the game
        stands, so a fresh player (a resumed game, a verification, a review) draws the same."""
        return decision_rng("expert", self.seed, self.seat, view)


# ---------------------------------------------------------------------------- what to search


def worth_a_search(view: SeatView, chosen: Move, policy: RuleBasedPlayer) -> bool:
    """Whether the decision is one the search looks at: an answer ``policy`` (which has just
    chosen ``chosen`` at ``view``) does not give on trust, the pile against the stock, or a discard
    that the next player, an opponent, may take the pile with."""
    legal = view.legal_moves
    if view.phase is Phase.ANSWER:
        # An answer that players trust (no when this seat's own cards would cost the side more
        # than going out gains, else yes when the side is ahead) is not searched: the search,
        # judging the deal's margin, said no to going out while ahead about once in two games
        # (the partner census's missed going out).
        return trusted_answer(view, policy.knowledge, policy.style) is None
    if view.phase is Phase.DRAW:
        return chosen.kind in (MoveKind.DRAW, MoveKind.PICKUP) and DRAW in legal and PICKUP in legal
    if chosen.kind is not MoveKind.DISCARD or chosen.groups[0][0].rank == THREE:
        return False  # C-BLACK3: no one takes a pile topped by a three, so there is nothing to search
    seating = view.seating
    after = seating.next_seat(view.seat)
    return seating.team_of[after] != view.team


def candidates(view: SeatView, chosen: Move, games: Sequence[Game], budget: Budget) -> list[Move]:
    """The moves worth comparing with the rule-based choice ``chosen`` (first in the list)."""
    if view.phase is Phase.ANSWER:
        return [chosen, NO if chosen.kind is MoveKind.YES else YES]
    if view.phase is Phase.DRAW:
        return [chosen, PICKUP if chosen.kind is MoveKind.DRAW else DRAW]
    # A discard: worth changing only when the next player, an opponent, could take the pile
    # with it in some of the imagined games; then the alternatives are the discards that
    # hand it over least often, the cheapest first.
    chosen_risk = pickup_share(games, chosen)
    if chosen_risk == 0.0:
        return [chosen]
    held = rank_counts(view.hand)
    values = view.rules.rank_values
    risk = {m: pickup_share(games, m) for m in view.legal_moves if m.kind is MoveKind.DISCARD and m != chosen}
    # A wild card thrown while a card not wild could go is what partners complain of (the
    # partner census): it is a candidate only where the rule-based choice throws one too.
    spare_wilds = chosen.groups[0][0].rank in WILD_RANKS or all(c.is_wild for c in view.hand)
    others = sorted(
        (m for m in risk if risk[m] < chosen_risk and (spare_wilds or m.groups[0][0].rank not in WILD_RANKS)),
        key=lambda m: (risk[m], held[m.groups[0][0].rank], values[m.groups[0][0].rank]),
    )
    return [chosen, *others[: budget.discard_candidates - 1]]


def lay_alternative(view: SeatView, chosen: Move, policy: RuleBasedPlayer, every_choice: bool = False) -> Move | None:
    """The other lay-down plan at the turn's first meld-phase choice (with ``every_choice``, at
    any of them), once the side is down: where the rule-based choice ``chosen`` lays cards, its
    discard of the moment (every card left held); where it discards, the meld it would lay
    first. None where there is no such choice (the side not down, cards laid or the pile taken
    this turn unless ``every_choice``, asking)."""
    if view.phase is not Phase.MELD or view.laid and not every_choice or not view.opened[view.team]:
        return None
    if may_go_out(view):
        # A seat that may go out and holds back is what partners complain of first (the partner
        # census's missed going out): going out, or not, stays the rule-based player's.
        return None
    hand = read_hand(view)
    if chosen.kind is MoveKind.MELD or chosen.kind is MoveKind.ADD:
        other = choose_discard(view, policy.knowledge, policy.style, hand)
    elif chosen.kind is MoveKind.DISCARD:
        other = choose_meld(view, policy.style, aggressive=True, hand=hand)
    else:
        return None
    if other is None or other.move not in view.legal_moves:
        return None
    return other.move


def pickup_share(games: Sequence[Game], discard: Move) -> float:
    """In how many of ``games`` (a share) the next player may take the pile after ``discard``."""
    taken = 0
    for game in games:
        after = game.clone()
        after.apply(discard)
        if after.deal.index == game.deal.index and after.turn.phase is Phase.DRAW and after.refusal(PICKUP) is None:
            taken += 1
    return taken / len(games)


def _reason(view: SeatView, move: Move, instead: Move, gain: float, games: Sequence[Game]) -> Reason:
    """Why the search left the rule-based choice ``instead``: the move it was weighed against and
    the search's gain over it (what the move is worth above the choice it replaced) are the
    hand's, as the imagined deals are."""
    private = ("instead", "gain", "rank", "taken", "samples")
    common = {"instead": str(instead), "gain": round(gain, 1)}
    if move.kind is MoveKind.DISCARD and instead.kind is MoveKind.DISCARD:
        seating = view.seating
        return reason(
            ReasonKind.SEARCH_SAFER_DISCARD, rank=instead.groups[0][0].rank, seat=seating.next_seat(view.seat),
            taken=round(pickup_share(games, instead) * len(games)), samples=len(games), private=private, **common,
        )
    if move.kind is MoveKind.PICKUP:
        return reason(ReasonKind.SEARCH_PILE, private=private, **common)
    if move.kind is MoveKind.DRAW:
        return reason(ReasonKind.SEARCH_DRAW, private=private, **common)
    if move.kind is MoveKind.DISCARD:
        return reason(ReasonKind.SEARCH_HOLD, laid=view.laid or None, private=private, **common)
    if move.kind in (MoveKind.MELD, MoveKind.ADD):
        return reason(ReasonKind.SEARCH_LAY, laid=view.laid or None, private=private, **common)
    return reason(ReasonKind.SEARCH_OTHER, private=private, **common)
