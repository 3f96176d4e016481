"""What a decision cost: the move played and the expert's, each played forward over the same
imagined deals of the cards the seat could not see, the difference's mean and 95% interval, and
what followed each move; the seat's expected margin; how often each discard handed over the pile."""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass

from ai.evaluator import LearnedEvaluator
from ai.expert import POLICY
from ai.sampler import Knowledge, read_knowledge
from ai.search import Evaluator, HorizonEstimate, RuleBasedRollouts, rollout
from hfcli.engine.estimates import lead
from hfcli.engine.game import Game
from hfcli.engine.moves import Move, MoveKind
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView
from hfcli.review.model import THRESHOLDS, Outcomes, PileShares
from hfcli.review.outcomes import Line, Watch, outcomes

# At most this many imagined deals a decision: enough that a clear mistake stands out of the noise
# of the deal, few enough that a new player's whole game (the expert differs at most of its
# decisions) is reviewed in about half a minute on two cores.
DEFAULT_SAMPLES = 64
# Imagined deals are played a batch at a time, and no more once the decision's grade is settled:
# most decisions are clearly fine or clearly costly within the first batch or two.
BATCH = 16
# Past that budget, a decision whose mean cost is above the inaccuracy's threshold while its
# interval still reaches below it is played on, the deals doubled at each look, up to this many
# times the budget: whether a move was clearly costly at all is what its player reads first, and a
# weak player's costly moves are many small ones (docs/review.md).
DEEPER = 16
ROLLOUT_POLICY = RuleBasedRollouts(POLICY)
Z_95 = 1.96


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


def is_meld_choice(view: SeatView, played: Move, preferred: Move) -> bool:
    """Whether choosing between ``played`` and ``preferred`` is a meld-phase choice (a discard,
    laying down or holding), not asking to go out."""
    return view.phase is Phase.MELD and MoveKind.ASK not in (played.kind, preferred.kind)


# Costs in points of the deal, the expert's bonus for winning the game left out. The learned
# evaluator (ai/evaluator.py) judges each imagined deal a round after a meld-phase choice and at
# the end of the seat's turn otherwise; docs/review.md has the figures that chose it over the
# horizon estimate (three rounds, and the pile or the stock played to the deal's end).
LEARNED = Costing("learned", LearnedEvaluator(win_bonus=0.0), 1, 0)
HORIZON = Costing("horizon", HorizonEstimate(), 3, None)
COSTINGS = {c.name: c for c in (LEARNED, HORIZON)}
# Imagined deals behind each point of the chart of the expected margin.
CHART_SAMPLES = 16


def settled(low: float, high: float) -> bool:
    """Whether more imagined deals would hardly change a decision's grade: no grade's threshold
    lies inside its cost's interval."""
    return not any(low <= threshold <= high for _, threshold in THRESHOLDS)


def next_look(done: int, samples: int, mean: float, low: float, high: float) -> int:
    """How many imagined deals a decision's cost should rest on, ``done`` of them played with
    ``mean`` and its interval ``low`` to ``high``: more within the budget ``samples`` while its
    grade is not settled; past it, double, up to ``DEEPER`` times the budget, while the decision
    may be clearly costly (the mean above the inaccuracy's threshold) but its interval reaches
    below that threshold. ``done`` where it rests."""
    if done < samples:
        return done if settled(low, high) else min(done + BATCH, samples)
    lowest = THRESHOLDS[-1][1]
    if low <= lowest < mean:
        return min(2 * done, DEEPER * samples)
    return done


@dataclass(frozen=True)
class Estimate:
    """What ``played`` cost against ``preferred`` over a decision's imagined deals: the mean
    (positive: played did worse), its 95% interval, the deals, and what followed each move."""

    cost: float
    low: float
    high: float
    samples: int
    after_played: Outcomes
    after_preferred: Outcomes


def estimate(
    view: SeatView, played: Move, preferred: Move, samples: int, seed: int, knowledge: Knowledge | None = None,
    costing: Costing = LEARNED,
) -> Estimate:
    """The points ``played`` costs against ``preferred`` from ``view``, over imagined deals of the
    hidden cards, at most ``samples`` and on undecided clear mistakes more (see :func:`next_look`):
    both moves are played forward on each of them, and what followed each is watched
    (``knowledge``: what the view tells of those cards, read from it when not given; ``costing``:
    how far each is played and what judges it there)."""
    knowledge = knowledge if knowledge is not None else read_knowledge(view)
    rng = random.Random(seed)
    rounds = costing.rounds(view, played, preferred)
    evaluator = costing.evaluator
    diffs: list[float] = []
    lines_played: list[Line] = []
    lines_preferred: list[Line] = []
    mean, low, high = 0.0, -math.inf, math.inf
    wanted = min(BATCH, samples)
    while len(diffs) < wanted:
        for _ in range(wanted - len(diffs)):
            sample_seed = rng.getrandbits(62)
            game = sample(knowledge, sample_seed)
            ahead = game.clone()
            watch = Watch(ahead, view.seat)
            better = rollout(ahead, preferred, view.seat, sample_seed, ROLLOUT_POLICY, evaluator, rounds, watch)
            lines_preferred.append(watch.line(ahead))
            # The sample's last use: played on itself, not a copy.
            watch = Watch(game, view.seat)
            worse = rollout(game, played, view.seat, sample_seed, ROLLOUT_POLICY, evaluator, rounds, watch)
            lines_played.append(watch.line(game))
            diffs.append(better - worse)
        mean = statistics.fmean(diffs)
        spread = statistics.stdev(diffs) if len(diffs) > 1 else math.inf
        half = Z_95 * spread / math.sqrt(len(diffs))
        low, high = mean - half, mean + half
        wanted = next_look(len(diffs), samples, mean, low, high)
    return Estimate(mean, low, high, len(diffs), outcomes(lines_played), outcomes(lines_preferred))


def sample(knowledge: Knowledge, sample_seed: int) -> Game:
    """One imagined deal of the hidden cards, drawn from its own seed."""
    return knowledge.sample(random.Random(sample_seed), sample_seed)


def expected_margin(
    game: Game, seat: int, knowledge: Knowledge, seed: int, samples: int = CHART_SAMPLES,
    evaluator: Evaluator = LEARNED.evaluator,
) -> float:
    """The seat's side's expected margin in the game as the seat sees it: its lead over the best
    other side in the deals played so far plus ``evaluator``'s margin of the deal in progress
    where it stands, averaged over ``samples`` imagined deals of the cards it cannot see."""
    rng = random.Random(seed)
    deal = game.deal.index
    estimates = []
    for _ in range(samples):
        sample_seed = rng.getrandbits(62)
        imagined = sample(knowledge, sample_seed)
        estimates.append(evaluator.evaluate(imagined, deal, seat))
    return lead(list(game.totals()), game.seating.team_of[seat]) + statistics.fmean(estimates)


# Imagined deals behind the share of each discard that hands the next player the pile: a share is
# read to within about 15 points either way at 32.
PILE_SAMPLES = 32


def pile_shares(view: SeatView, knowledge: Knowledge, played: Move, seed: int,
                samples: int = PILE_SAMPLES) -> PileShares:
    """How often each discard the seat could make gave the next player the pile, over ``samples``
    imagined deals of the cards it could not see: each discard thrown, then the next player's
    choice between the pile and the stock made as the rollouts make it."""
    seat = view.seat
    after = view.seating.next_seat(seat)
    choices: dict[tuple[int, bool], Move] = {}
    for move in view.legal_moves:
        if move.kind is MoveKind.DISCARD and move.picks:
            choices.setdefault(_discard_key(move), move)
    played_key = _discard_key(played) if played.kind is MoveKind.DISCARD and played.picks else None
    if played_key not in choices or len(choices) < 2:
        return PileShares(samples=0, played=0.0, shares={})
    rng = random.Random(seed)
    taken = dict.fromkeys(choices, 0)
    for _ in range(samples):
        sample_seed = rng.getrandbits(62)
        game = sample(knowledge, sample_seed)
        for key, move in choices.items():
            ahead = game.clone()
            ahead.apply(move)
            if (ahead.deal.index != game.deal.index or ahead.is_over or ahead.turn.to_move != after
                    or ahead.turn.phase is not Phase.DRAW):
                continue
            if ROLLOUT_POLICY(sample_seed, after).choose(ahead.view(after)).move.kind is MoveKind.PICKUP:
                taken[key] += 1
    shares = {str(choices[key]): n / samples for key, n in taken.items()}
    return PileShares(samples=samples, played=taken[played_key] / samples, shares=shares)


def _discard_key(move: Move) -> tuple[int, bool]:
    """A discard's choice: the rank thrown, and for a three its colour (a red three is a bonus, a
    black one blocks the pile); ``discard 7C`` and ``discard 7D`` are one choice."""
    pick = move.picks[0]
    return pick.rank, pick.card is not None and pick.card.is_red_three


