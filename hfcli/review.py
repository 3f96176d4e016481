"""Reviewing a recorded game: where one seat's choices cost points (``hf review``).

At every decision that shapes a deal (the pile or the stock, the discard, the first meld, asking
and answering "may I go out?") the expert is asked what it would have played from the seat's own
view. Where that differs from what was played, both choices are played forward from the same
imagined deals of the cards the seat could not see (common random numbers) by the rule-based
player in every seat: to the end of the deal for the pile against the stock and for going out,
and three rounds of turns for a meld-phase choice (a discard, laying down or holding), where the
deal's score is estimated as the expert estimates it (everything on the table, and half the
value of the cards in hand). The mean difference of the seat's standing (its side's deal score
less the best other side's) is the choice's estimated cost, with a 95% interval. A decision is
reported as a mistake only when that interval lies wholly above zero.

The budget is counted in samples (imagined deals per decision); every random number comes from
the game's seed and the decision's place in the game, so a review gives the same figures each
time it is run.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import statistics
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from ai.base import Decision as PlayerDecision
from ai.evaluator import LearnedEvaluator
from ai.expert import POLICY, ExpertPlayer
from ai.sampler import Knowledge, read_knowledge
from ai.search import Evaluator, HorizonEstimate, RuleBasedRollouts, ahead_of_the_rest, rollout
from hfcli.engine.cards import Card
from hfcli.engine.game import Game
from hfcli.engine.moves import Move, MoveKind, parse_move
from hfcli.engine.seating import Seating
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView
from hfcli.files import make_private_folder
from hfcli.transcript import RecordedMove, replay
from hfcli.workers import parallel_map

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
_LAYS = (MoveKind.MELD, MoveKind.ADD)
_ANSWERS = (MoveKind.ASK, MoveKind.YES, MoveKind.NO)


class Grade(StrEnum):
    """How a decision is judged, from the expert's choice and the cost's interval."""

    BEST = "best"  # the expert's own choice
    GOOD = "good"  # another choice, not clearly worse by an inaccuracy's cost
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


# The lower end of the cost's 95% interval must be above a grade's threshold (points of the deal)
# for the decision to get that grade: a noisy estimate is never graded by its mean alone. The
# figures behind the thresholds are in docs/review.md.
THRESHOLDS: tuple[tuple[Grade, float], ...] = (
    (Grade.BLUNDER, 400.0),
    (Grade.MISTAKE, 150.0),
    (Grade.INACCURACY, 50.0),
)
CLEAR = frozenset({Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER})
# Accuracy of one decision: 100 * exp(-loss / ACCURACY_SCALE), the loss being the points the
# decision cost by the estimate (its mean, never below zero), and never under ACCURACY_FLOOR (a
# harmonic mean is undone by a zero). The grade asks the interval whether a cost is sure; the
# accuracy sums what was lost, and a weak player's losses are many small costs that no single
# interval makes sure (docs/review.md). The scale was chosen on the acid test: 100 puts easy,
# normal and hard in the bands docs/review.md aims at, 7 and 10 points apart; 250 put them at
# 97.6, 98.6 and 99.5.
ACCURACY_SCALE = 100.0
ACCURACY_FLOOR = 1.0
# What was at stake at a decision, as lichess weighs a move by how much the position could swing:
# the spread (standard deviation) of the seat's expected margin over the decisions around it, a
# tenth of the game's decisions wide (2 to 8), held between these bounds in points so that a calm
# stretch still counts and one wild swing does not count alone.
STAKE_LOW = 25.0
STAKE_HIGH = 400.0
# Imagined deals behind each point of the chart of the expected margin.
CHART_SAMPLES = 16


def grade_of(low: float) -> Grade:
    """The grade of a decision the expert would have played otherwise, from the lower end of its
    cost's interval."""
    for grade, threshold in THRESHOLDS:
        if low > threshold:
            return grade
    return Grade.GOOD


def decision_accuracy(loss: float) -> float:
    """One decision's accuracy, ACCURACY_FLOOR to 100, from the points it cost."""
    return max(ACCURACY_FLOOR, 100.0 * math.exp(-max(loss, 0.0) / ACCURACY_SCALE))


def stakes(margins: Sequence[float]) -> list[float]:
    """What was at stake at each decision, from the seat's expected margin at each: the spread of
    the margins in a window around it (see STAKE_LOW)."""
    n = len(margins)
    width = max(2, min(8, n // 10))
    weights = []
    for i in range(n):
        end = min(n, max(0, i - width // 2) + width)
        window = margins[max(0, end - width):end]
        spread = statistics.pstdev(window) if len(window) > 1 else 0.0
        weights.append(min(STAKE_HIGH, max(STAKE_LOW, spread)))
    return weights


def game_accuracy(costs: Sequence[float], margins: Sequence[float]) -> float | None:
    """A seat's accuracy, 0-100, from each decision's cost and the seat's expected margin before
    it (None: no decision): as lichess's, the mean of two means of the decisions' accuracies, one
    weighted by what was at stake (see :func:`stakes`), one harmonic. The harmonic mean is what
    lets a few costly decisions show through many that had one sensible choice: 150 decisions the
    expert's own and one that lost a book score 99 by a plain mean, 80 this way."""
    if not costs:
        return None
    accuracies = [decision_accuracy(cost) for cost in costs]
    weights = stakes(margins)
    weighted = sum(a * w for a, w in zip(accuracies, weights, strict=True)) / sum(weights)
    harmonic = statistics.harmonic_mean(accuracies)
    return (weighted + harmonic) / 2


class MistakeKind(StrEnum):
    PILE_GIVEN = "pile given away"
    PILE_NOT_TAKEN = "pile not taken"
    PILE_TAKEN = "pile taken"
    FIRST_MELD = "first meld too late or too costly"
    POINTS_HELD = "cards held that could be laid"
    GOING_OUT = "going out missed or asked too early"
    LAY_DOWN = "laying down or holding"
    DISCARD = "discard"


@dataclass(frozen=True)
class Decision:
    """A decision of the reviewed seat: where it stands in the transcript."""

    number: int  # the move's number in the game (1-based)
    deal: int  # 1-based
    played: str  # the move, in notation


@dataclass
class Finding:
    """One decision compared with the expert's choice."""

    number: int
    deal: int
    played: str
    preferred: str
    reason: str
    kind: str
    cost: float  # mean points the played move cost against the preferred one
    low: float  # 95% interval
    high: float
    samples: int
    hand: list[str] = field(default_factory=list)
    pile_top: str | None = None
    pile_size: int = 0
    score: list[int] = field(default_factory=list)
    turn: int = 0  # the turn in the deal, every seat's counted (1-based)
    next_seat: str = ""  # the next player's long name
    next_hand: int = 0  # how many cards the next player holds
    next_known: list[str] = field(default_factory=list)  # of them, the ones known (taken from the pile)

    @property
    def grade(self) -> Grade:
        return grade_of(self.low)

    @property
    def is_mistake(self) -> bool:
        """Whether the decision is graded an inaccuracy or worse: clearly costly."""
        return self.grade in CLEAR


@dataclass
class Assessed:
    """One decision of the reviewed seat as the review judged it, for the report and the chart."""

    number: int
    deal: int
    turn: int
    played: str
    grade: str
    cost: float  # 0 where the expert plays the move too
    low: float
    high: float
    margin: float  # the seat's side's expected margin in the game before the move, from its view


@dataclass
class Review:
    path: str
    seat: int
    seat_name: str
    samples: int
    decisions: int  # decision points looked at
    findings: list[Finding]  # every decision where the expert preferred another move
    side_names: list[str]
    reviewed: int = -1  # the decisions assessed: all of them (-1 here) unless the review was interrupted
    interrupted: bool = False
    seat_short: str = ""  # the seat as --seat names it (S, W, ...)
    assessed: list[Assessed] = field(default_factory=list)  # every decision assessed, in the order played
    side: int = -1  # the seat's side, an index into side_names

    def __post_init__(self) -> None:
        if self.reviewed < 0:
            self.reviewed = self.decisions

    @property
    def mistakes(self) -> list[Finding]:
        """The costly decisions, costliest first."""
        return sorted((f for f in self.findings if f.is_mistake), key=lambda f: -f.cost)

    def lost(self) -> float:
        return sum(f.cost for f in self.mistakes)

    def by_deal(self) -> dict[int, float]:
        totals: dict[int, float] = {}
        for f in self.mistakes:
            totals[f.deal] = totals.get(f.deal, 0.0) + f.cost
        return dict(sorted(totals.items()))

    def accuracy(self) -> float | None:
        """The seat's accuracy, 0-100 (None: no decision; see :func:`game_accuracy`)."""
        return game_accuracy([a.cost for a in self.assessed], [a.margin for a in self.assessed])

    def grades(self) -> dict[str, int]:
        """How many decisions got each grade, every grade named."""
        counts = {grade.value: 0 for grade in Grade}
        for a in self.assessed:
            counts[a.grade] += 1
        return counts

    def key_moments(self, count: int = 3) -> list[Finding]:
        """The ``count`` costliest clear decisions, in the order played."""
        return sorted(self.mistakes[:count], key=lambda f: f.number)

    def by_kind(self) -> dict[str, float]:
        totals: dict[str, float] = {}
        for f in self.mistakes:
            totals[f.kind] = totals.get(f.kind, 0.0) + f.cost
        return dict(sorted(totals.items(), key=lambda item: -item[1]))

    def as_dict(self) -> dict[str, object]:
        return {
            "file": self.path,
            "seat": self.seat_name,
            "seat_index": self.seat,
            "seat_short": self.seat_short,
            "side_index": self.side,
            "side_names": self.side_names,
            "side": self.side_names[self.side] if 0 <= self.side < len(self.side_names) else None,
            "samples": self.samples,
            "decisions": self.decisions,
            "reviewed": self.reviewed,
            "interrupted": self.interrupted,
            "compared": len(self.findings),
            "mistakes": [asdict(f) for f in self.mistakes],
            "not_clear": [asdict(f) for f in self.findings if not f.is_mistake],
            "lost": round(self.lost(), 1),
            "lost_by_deal": {str(deal): round(cost, 1) for deal, cost in self.by_deal().items()},
            "lost_by_kind": {kind: round(cost, 1) for kind, cost in self.by_kind().items()},
            "accuracy": None if (accuracy := self.accuracy()) is None else round(accuracy, 1),
            "grades": self.grades(),
            "key_moments": [f.number for f in self.key_moments()],
            "assessed": [asdict(a) for a in self.assessed],
            "thresholds": {grade.value: threshold for grade, threshold in THRESHOLDS},
        }


def review_from_dict(data: dict[str, Any]) -> Review:
    """A review read back from :meth:`Review.as_dict` (as the review's cache keeps it)."""
    findings = [Finding(**f) for f in [*data["mistakes"], *data["not_clear"]]]
    findings.sort(key=lambda f: f.number)
    return Review(
        data["file"], int(data["seat_index"]), data["seat"], data["samples"], data["decisions"], findings,
        list(data["side_names"]), reviewed=data["reviewed"], interrupted=data["interrupted"],
        seat_short=data["seat_short"], assessed=[Assessed(**a) for a in data["assessed"]],
        side=int(data["side_index"]),
    )


# ---------------------------------------------------------------------------- the cache

# A review's cache file says what it is, so that a file of another kind is never taken for one.
CACHE_FORMAT = "hfcli-review-cache"
CACHE_VERSION = 3  # 2: costs judged by the learned evaluator; 3: a kind named anew


def cache_path(folder: Path, transcript: bytes, seat: int, samples: int) -> Path:
    """Where the review of ``seat`` at ``samples`` of the transcript whose bytes are ``transcript``
    is kept in ``folder``: named by the transcript's digest, so a changed file is reviewed afresh."""
    digest = hashlib.sha256(transcript).hexdigest()[:24]
    return folder / f"{digest}-seat{seat}-samples{samples}-v{CACHE_VERSION}.json"


def read_cached(path: Path) -> Review | None:
    """The review kept at ``path``, or None where there is none or it is not one of ours (a file
    that cannot be read as a cached review is left alone and reviewed afresh)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != CACHE_FORMAT or data.get("version") != CACHE_VERSION:
            return None
        return review_from_dict(data["review"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def write_cached(path: Path, result: Review) -> bool:
    """Keep a whole review at ``path`` (a file of the review's own cache: written to a new file
    beside it, then renamed over, so a reader never sees half of one; a file there that is not a
    cached review is never replaced). False where it cannot be written."""
    if result.interrupted:
        return False
    if path.exists() and read_cached(path) is None:
        return False
    data = {"format": CACHE_FORMAT, "version": CACHE_VERSION, "review": result.as_dict()}
    try:
        make_private_folder(path.parent)
        fd, temporary = tempfile.mkstemp(prefix=".review-", suffix=".tmp", dir=path.parent)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, sort_keys=True)
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)
        return False
    return True


# ---------------------------------------------------------------------------- the decisions


def is_decision(game: Game, seat: int, move: Move) -> bool:
    """Whether a move of ``seat`` is one the review looks at: the pile or the stock (when both
    could be chosen), a discard, asking or answering, or a lay-down (a meld or a card added: the
    first meld, and after it what to lay and what to hold, since a discard could end the turn
    instead)."""
    if game.turn.to_move != seat:
        return False
    kind = move.kind
    if game.turn.phase is Phase.DRAW and kind in (MoveKind.DRAW, MoveKind.PICKUP, MoveKind.END):
        legal = {m.kind for m in game.legal_moves()}
        return len(legal & {MoveKind.DRAW, MoveKind.PICKUP, MoveKind.END}) > 1
    if kind is MoveKind.DISCARD or kind in _ANSWERS:
        return not is_forced(game, move)
    if kind not in _LAYS:
        return False
    # A first meld is one decision, its first lay-down: the cards laid after it in the turn, until
    # the minimum is reached, complete it (or are taken back with undo, which the imagined deals
    # cannot replay: they know the cards laid, not the hand before them).
    team = game.deal.teams[game.seating.team_of[seat]]
    if not team.opened and game.turn.laid:
        return False
    return not is_forced(game, move)


def is_forced(game: Game, move: Move, few: int = 4) -> bool:
    """Whether every legal move makes the same choice as ``move`` (looked at only where there are
    ``few`` legal moves or fewer: a choice among more is never forced): a discard from a hand of
    one rank, with nothing to lay and no asking."""
    legal = game.legal_moves()
    return len(legal) <= few and all(same_choice(game, move, other) for other in legal)


def decisions_of(path: str | Path, seat: int) -> tuple[list[Decision], Seating]:
    """Every decision the review looks at, in the order played, and the game's seating."""
    positions, seating = positions_of(path, seat, 0)
    return [Decision(p.number, p.deal, p.played) for p in positions], seating


@dataclass(frozen=True)
class Position:
    """A decision with the game as it stood before the move: one piece of a review's work."""

    number: int  # the move's number in the game (1-based)
    deal: int  # 1-based
    played: str  # the move, in notation
    seat: int
    game: Game  # a copy, taken before the move was played
    samples: int
    turn: int = 0  # the turn in the deal, every seat's counted (1-based)
    costing: Costing = LEARNED


def positions_of(
    path: str | Path, seat: int, samples: int, costing: Costing = LEARNED
) -> tuple[list[Position], Seating]:
    """Every decision of ``seat`` with the game before it, from one replay of the file (a replay
    is a fifth of a second; replaying the file for each piece of work cost a review seconds)."""
    found: list[Position] = []
    turns = {"deal": -1, "seat": -1, "count": 0}

    def look(game: Game, recorded: RecordedMove) -> None:
        if game.deal.index != turns["deal"]:
            turns.update(deal=game.deal.index, seat=-1, count=0)
        if game.turn.seat != turns["seat"]:  # the turn passes to another seat at every turn's end
            turns.update(seat=game.turn.seat, count=turns["count"] + 1)
        move = parse_move(recorded.move)
        if recorded.seat == seat and is_decision(game, seat, move):
            found.append(
                Position(recorded.number, recorded.deal, recorded.move, seat, game.clone(), samples, turns["count"],
                         costing)
            )

    return found, replay(path, before_move=look).game.seating


def kind_of(game: Game, seat: int, played: Move, preferred: Move) -> MistakeKind:
    """What sort of mistake choosing ``played`` over ``preferred`` is, read off the real game (the
    review may look at every card: it only labels what the estimate, made from the view, found)."""
    kinds = {played.kind, preferred.kind}
    if kinds & set(_ANSWERS):
        return MistakeKind.GOING_OUT
    if played.kind is MoveKind.DRAW and preferred.kind is MoveKind.PICKUP:
        return MistakeKind.PILE_NOT_TAKEN
    if played.kind is MoveKind.PICKUP:
        return MistakeKind.PILE_TAKEN
    team = game.deal.teams[game.seating.team_of[seat]]
    if not team.opened and kinds & set(_LAYS):
        return MistakeKind.FIRST_MELD
    if played.kind is MoveKind.DISCARD and preferred.kind in _LAYS:
        return MistakeKind.POINTS_HELD
    if played.kind in _LAYS:
        return MistakeKind.LAY_DOWN
    if played.kind is MoveKind.DISCARD:
        after = game.clone()
        after.apply(played)
        if after.deal.index == game.deal.index and after.refusal(Move(MoveKind.PICKUP)) is None:
            return MistakeKind.PILE_GIVEN
    return MistakeKind.DISCARD


def same_choice(game: Game, one: Move, other: Move) -> bool:
    """Whether two moves make the same choice: they leave the table the same but for the suits
    of cards whose suit does not count (every card but a three, whose colour does): ``discard 3S``
    and ``discard 3`` from a hand holding one three, or ``discard 7C`` and ``discard 7D``, but never
    ``yes`` and ``no`` (see :func:`_table_key`)."""
    if one == other:
        return True
    after_one, after_other = game.clone(), game.clone()
    after_one.apply(one)
    after_other.apply(other)
    return _table_key(after_one) == _table_key(after_other)


CardKey = tuple[int, bool]


def _card_key(c: Card) -> CardKey:
    return c.rank, c.is_red_three


def _cards_key(cards: Iterable[Card]) -> tuple[CardKey, ...]:
    return tuple(sorted(map(_card_key, cards)))


def _table_key(game: Game) -> tuple[object, ...]:
    """The table as far as a player's choice goes: who is to move and in what phase, what the turn
    has settled (asked to go out and the answer, laid cards, the value toward a first meld and
    which picked-up cards count for it), and every hand, foot, meld and the pile by rank (a three
    by colour too), the pile in its order. The answer matters though it leaves every card where
    it was: ``yes`` and ``no`` differ only in the permission the asker is left with."""
    deal, turn = game.deal, game.turn
    counting = None if turn.counting is None else _cards_key(c for c, n in turn.counting.items() for _ in range(n))
    return (
        deal.index, len(game.results), turn.phase, turn.to_move, turn.seat, len(deal.stock),
        turn.asked, turn.permission, turn.laid, turn.opening_value, counting,
        tuple(map(_card_key, deal.pile)),
        tuple(_cards_key(hand) for hand in deal.hands),
        tuple(None if foot is None else _cards_key(foot) for foot in deal.feet),
        tuple(
            (t.opened, len(t.red_threes), sorted((m.rank, _cards_key(m.cards)) for m in t.melds)) for t in deal.teams
        ),
    )


# ---------------------------------------------------------------------------- the estimate


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


def estimate(
    view: SeatView, played: Move, preferred: Move, samples: int, seed: int, knowledge: Knowledge | None = None,
    costing: Costing = LEARNED,
) -> tuple[float, float, float, int]:
    """The mean points ``played`` costs against ``preferred`` from ``view`` (positive: played was
    worse), with its 95% interval and the imagined deals of the hidden cards it took, at most
    ``samples`` and on undecided clear mistakes more (see :func:`next_look`): both moves are played
    forward on each of them (``knowledge``: what the view tells of those cards, read from it when
    not given; ``costing``: how far each is played and what judges it there)."""
    knowledge = knowledge if knowledge is not None else read_knowledge(view)
    rng = random.Random(seed)
    rounds = costing.rounds(view, played, preferred)
    evaluator = costing.evaluator
    diffs: list[float] = []
    mean, low, high = 0.0, -math.inf, math.inf
    wanted = min(BATCH, samples)
    while len(diffs) < wanted:
        for _ in range(wanted - len(diffs)):
            sample_seed = rng.getrandbits(62)
            game = knowledge.sample(random.Random(sample_seed), sample_seed)
            better = rollout(game.clone(), preferred, view.seat, sample_seed, ROLLOUT_POLICY, evaluator, rounds)
            # The sample's last use: played on itself, not a copy.
            worse = rollout(game, played, view.seat, sample_seed, ROLLOUT_POLICY, evaluator, rounds)
            diffs.append(better - worse)
        mean = statistics.fmean(diffs)
        spread = statistics.stdev(diffs) if len(diffs) > 1 else math.inf
        half = Z_95 * spread / math.sqrt(len(diffs))
        low, high = mean - half, mean + half
        wanted = next_look(len(diffs), samples, mean, low, high)
    return mean, low, high, len(diffs)


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
        imagined = knowledge.sample(random.Random(sample_seed), sample_seed)
        estimates.append(evaluator.evaluate(imagined, deal, seat))
    return ahead_of_the_rest(list(game.totals()), game.seating.team_of[seat]) + statistics.fmean(estimates)


def expert_at(view: SeatView, seed: int | None) -> tuple[PlayerDecision, Knowledge]:
    """The expert's choice from ``view`` (a game of ``seed``), and what the view tells of the cards
    it cannot see, the history as the expert read it: what a cost is estimated from."""
    player = ExpertPlayer(seed, view.seat)
    expert = player.choose(view)
    return expert, read_knowledge(view, player.knowledge)


def decision_seed(game: Game, number: int) -> int:
    """The random numbers of the decision at move ``number`` of the game: its own, whoever asks."""
    return game.seed * 1_000_003 + number


def assess(
    game: Game, seat: int, played: Move, *, samples: int, seed: int, margin: list[float] | None = None,
    costing: Costing = LEARNED,
) -> Finding | None:
    """The expert's view of the move ``played`` by ``seat`` in ``game``: None when the expert plays
    it too, else how much it cost. ``margin``, where given, gets the seat's expected margin before
    the move appended (see :func:`expected_margin`)."""
    view = game.view(seat)
    expert, knowledge = expert_at(view, game.seed)
    if margin is not None:
        margin.append(expected_margin(game, seat, knowledge, seed ^ 0x5EED, evaluator=costing.evaluator))
    if same_choice(game, played, expert.move):
        return None
    cost, low, high, used = estimate(view, played, expert.move, samples, seed, knowledge, costing=costing)
    totals = list(game.totals())
    after = view.seating.next_seat(seat)
    return Finding(
        number=0, deal=game.deal.index + 1, played=str(played), preferred=str(expert.move), reason=expert.reason,
        kind=kind_of(game, seat, played, expert.move), cost=round(cost, 1), low=round(low, 1), high=round(high, 1),
        samples=used, hand=[c.text for c in view.hand], pile_top=view.pile_top.text if view.pile_top else None,
        pile_size=view.pile_size, score=totals, next_seat=view.seating.long_names[after],
        next_hand=view.hand_sizes[after], next_known=[c.text for c in knowledge.known[after]],
    )


def assess_position(position: Position) -> tuple[Assessed, Finding | None]:
    """One decision judged, and its finding (None where the expert plays the move too)."""
    game = position.game
    seed = decision_seed(game, position.number)
    margin: list[float] = []
    finding = assess(game, position.seat, parse_move(position.played), samples=position.samples, seed=seed,
                     margin=margin, costing=position.costing)
    judged = Assessed(position.number, position.deal, position.turn, position.played, Grade.BEST.value, 0.0,
                      0.0, 0.0, round(margin[0], 1) if margin else 0.0)
    if finding is not None:
        finding.number = position.number
        finding.turn = position.turn
        judged.grade, judged.cost = finding.grade.value, finding.cost
        judged.low, judged.high = finding.low, finding.high
    return judged, finding


def review(
    path: str | Path,
    seat: int,
    *,
    samples: int = DEFAULT_SAMPLES,
    jobs: int = 1,
    on_progress: Callable[[int, int], None] | None = None,
    costing: Costing = LEARNED,
) -> Review:
    """Review every decision of ``seat`` in the transcript at ``path``; ``on_progress`` hears of
    each decision assessed (one at a time) and how many there are in all. Ctrl-C
    (KeyboardInterrupt) while the decisions are assessed stops the review: the decisions assessed
    so far, in the order played, come back in a review marked ``interrupted``."""
    name = str(path)
    positions, seating = positions_of(path, seat, samples, costing)
    findings: list[Finding] = []
    assessed: list[Assessed] = []
    reviewed = 0
    interrupted = False
    try:
        for judged, finding in _assessed(positions, jobs):
            reviewed += 1
            assessed.append(judged)
            if finding is not None:
                findings.append(finding)
            if on_progress is not None:
                on_progress(1, len(positions))
    except KeyboardInterrupt:
        interrupted = True
    return Review(
        name, seat, seating.long_names[seat], samples, len(positions), findings, list(seating.team_names),
        reviewed=reviewed, interrupted=interrupted, seat_short=seating.names[seat], assessed=assessed,
        side=seating.team_of[seat],
    )


def _assessed(positions: Sequence[Position], jobs: int) -> Iterator[tuple[Assessed, Finding | None]]:
    """Each decision's finding in the order played, from ``jobs`` processes. One decision is one
    piece of work: the few where the expert differs take far longer than the rest, and pieces of
    one keep both processes busy to the end."""
    if jobs <= 1 or len(positions) <= 1:
        yield from map(assess_position, positions)
        return
    yield from parallel_map(assess_position, positions, jobs)
