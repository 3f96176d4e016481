"""What a decision cost: the move played and the expert's, each played forward over the same
imagined deals of the cards the seat could not see, the difference's mean and 95% interval, and
what followed each move; the seat's expected margin; how often each discard handed over the pile."""

from __future__ import annotations

import math
from dataclasses import dataclass

from hfcli.analysis import LEARNED, Compared, Costing, Knowledge, deal_margin, imagined, pile_taken, read_knowledge
from hfcli.engine.estimates import lead
from hfcli.engine.game import Game
from hfcli.engine.moves import Move, MoveKind
from hfcli.engine.view import SeatView
from hfcli.review.model import THRESHOLDS, Outcomes, PileShares
from hfcli.review.outcomes import Watch, outcomes

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


@dataclass(frozen=True)
class UntilSettled:
    """The review's stopping rule (see :func:`next_look`): a batch of deals, then more while the
    cost of the move played (the comparison's first move) against the expert's is unsettled."""

    samples: int

    def deals(self, found: Compared | None) -> int:
        if found is None:
            return min(BATCH, self.samples)
        cost = found.against_first(1)
        low, high = cost.interval()
        return next_look(found.deals, self.samples, cost.mean, low, high)


def estimate(
    view: SeatView, played: Move, preferred: Move, samples: int, seed: int, knowledge: Knowledge | None = None,
    costing: Costing = LEARNED,
) -> Estimate:
    """The points ``played`` costs against ``preferred`` from ``view``, over imagined deals of the
    hidden cards, at most ``samples`` and on undecided clear mistakes more (see :func:`next_look`):
    both moves are played forward on each of them by the expert's own comparison
    (:class:`hfcli.analysis.Costing`), and what followed each is watched (``knowledge``: what the
    view tells of those cards, read from it when not given; ``costing``: how far each is played
    and what judges it there)."""
    knowledge = knowledge if knowledge is not None else read_knowledge(view)
    watches: tuple[list[Watch], list[Watch]] = ([], [])

    def watch(index: int, game: Game) -> Watch:
        watches[index].append(Watch(game, view.seat))
        return watches[index][-1]

    found = costing.compare(view, played, preferred, imagined(knowledge, seed), UntilSettled(samples), watch)
    if not found.deals:
        return Estimate(0.0, -math.inf, math.inf, 0, outcomes([]), outcomes([]))
    cost = found.against_first(1)
    low, high = cost.interval()
    after_played, after_preferred = (outcomes([w.line for w in watched]) for watched in watches)
    return Estimate(cost.mean, low, high, found.deals, after_played, after_preferred)


def expected_margin(
    game: Game, seat: int, knowledge: Knowledge, seed: int, samples: int = CHART_SAMPLES,
    costing: Costing = LEARNED,
) -> float:
    """The seat's side's expected margin in the game as the seat sees it: its lead over the best
    other side in the deals played so far plus ``costing``'s evaluator's margin of the deal in
    progress where it stands, averaged over ``samples`` imagined deals of the cards it cannot see."""
    in_progress = deal_margin(knowledge, seat, seed, samples, costing.evaluator)
    return lead(list(game.totals()), game.seating.team_of[seat]) + in_progress


# Imagined deals behind the share of each discard that hands the next player the pile: a share is
# read to within about 15 points either way at 32.
PILE_SAMPLES = 32


def pile_shares(view: SeatView, knowledge: Knowledge, played: Move, seed: int,
                samples: int = PILE_SAMPLES) -> PileShares:
    """How often each discard the seat could make gave the next player the pile, over ``samples``
    imagined deals of the cards it could not see: each discard thrown, then the next player's
    choice between the pile and the stock made as the rollouts make it."""
    choices: dict[tuple[int, bool], Move] = {}
    for move in view.legal_moves:
        if move.kind is MoveKind.DISCARD and move.picks:
            choices.setdefault(_discard_key(move), move)
    played_key = _discard_key(played) if played.kind is MoveKind.DISCARD and played.picks else None
    if played_key not in choices or len(choices) < 2:
        return PileShares(samples=0, played=0.0, shares={})
    taken = pile_taken(knowledge, choices, seed, samples)
    shares = {str(choices[key]): n / samples for key, n in taken.items()}
    return PileShares(samples=samples, played=taken[played_key] / samples, shares=shares)


def _discard_key(move: Move) -> tuple[int, bool]:
    """A discard's choice: the rank thrown, and for a three its colour (a red three is a bonus, a
    black one blocks the pile); ``discard 7C`` and ``discard 7D`` are one choice."""
    pick = move.picks[0]
    return pick.rank, pick.card is not None and pick.card.is_red_three


