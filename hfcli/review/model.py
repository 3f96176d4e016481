"""A review's findings as data: each decision's grade, cost and what followed it in the imagined
deals, the seat's accuracy, and the review read back from its JSON."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from hfcli.engine.cards import WILD_RANKS
from hfcli.engine.moves import MoveKind, parse_move
from hfcli.engine.rule_ids import RuleId


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


@dataclass(frozen=True)
class Outcomes:
    """What followed one move over a decision's imagined deals: shares of the deals (0 to 1) and
    means, from the move to where the rollouts stopped (a round of turns after a meld-phase
    choice, the end of the seat's turn after the pile or the stock and going out)."""

    deals: int
    foot: float  # the seat held its foot when its turn ended
    pile: float  # the next player took the pile at its turn
    pile_cards: float  # the cards it took, on average, where it did
    books: float  # books the seat's side closed
    out: float  # the seat's side went out
    laid: float = 0.0  # the points of the cards the side laid on the table


@dataclass(frozen=True)
class PileShares:
    """How often each discard the seat could make gave the next player the pile, over imagined
    deals (each discard's text, as played, to a share 0 to 1); ``played``: the move played's."""

    samples: int
    played: float
    shares: dict[str, float]

    @property
    def about_as_often(self) -> bool:
        """Whether no discard would have given the pile clearly less often than the one played:
        the least share within PILE_ALIKE of it."""
        return bool(self.shares) and self.played - min(self.shares.values()) <= PILE_ALIKE

    def safest(self) -> tuple[str, float]:
        """The discard that gave the pile least often, and its share."""
        move = min(self.shares, key=lambda m: (self.shares[m], m))
        return move, self.shares[move]


# Two discards give the pile "about as often" where their shares differ by this or less: at 32
# imagined deals a share is known to within about 15 points either way.
PILE_ALIKE = 0.15


@dataclass(frozen=True)
class PileHanded:
    """A discard of the seat after which, in the game, the next player took the pile."""

    number: int
    deal: int
    played: str
    next_seat: str  # the next player's long name
    cards: int  # the cards it took
    pile: PileShares


class Fact(StrEnum):
    """What a lesson is about: a difference the imagined deals showed between two moves."""

    FOOT = "foot"  # the foot came up this turn
    PILE = "pile"  # the next player took the pile
    BOOKS = "books"  # books closed
    OUT = "out"  # the side went out
    LAID = "laid"  # points of cards laid on the table


# A lesson is told where the two moves' shares differ by this much (books: by this many on average).
# Points laid count from 100 on: about a meld of three aces, or a fifth of a dirty book.
LESSON_GAPS = {Fact.FOOT: 0.3, Fact.PILE: 0.25, Fact.BOOKS: 0.3, Fact.OUT: 0.25, Fact.LAID: 100.0}
LESSON_RULES = {Fact.FOOT: RuleId.C_FOOT, Fact.PILE: RuleId.C_PILE, Fact.BOOKS: RuleId.C_BOOK,
                Fact.OUT: RuleId.C_OUT, Fact.LAID: RuleId.C_MELDING}


@dataclass(frozen=True)
class Lesson:
    """The largest difference between what followed the expert's move and the move played."""

    fact: Fact
    preferred: float  # the expert's move's share (books: mean)
    played: float
    cards: float = 0.0  # for the pile: the cards the next player took on average after the move played
    small: bool = False  # past half its gap only, where no fact passes its whole gap


def lesson_of(played: Outcomes | None, preferred: Outcomes | None) -> Lesson | None:
    """The lesson the imagined deals teach, where they show one: the fact whose difference in the
    expert's favour is the largest past its gap (the pile: the move played gave it more often);
    where none passes its gap, the largest past half its gap (``small``: a leaning of the deals,
    told with both figures, where nothing larger is)."""
    if played is None or preferred is None or not played.deals or not preferred.deals:
        return None
    values = {Fact.FOOT: (preferred.foot, played.foot), Fact.PILE: (played.pile, preferred.pile),
              Fact.BOOKS: (preferred.books, played.books), Fact.OUT: (preferred.out, played.out),
              Fact.LAID: (preferred.laid, played.laid)}
    for share in (1.0, SMALL_LESSON):
        found = [((better - worse) / LESSON_GAPS[fact], fact) for fact, (better, worse) in values.items()
                 if better - worse >= share * LESSON_GAPS[fact]]
        if found:
            fact = max(found)[1]
            kept, given = values[fact]
            if fact is Fact.PILE:  # the expert's share second, as for every other fact
                return Lesson(fact, given, kept, played.pile_cards, small=share < 1)
            return Lesson(fact, kept, given, small=share < 1)
    return None


# Where no fact passes its gap, one past this share of it is told (see :func:`lesson_of`).
SMALL_LESSON = 0.5


class MistakeKind(StrEnum):
    PILE_GIVEN = "pile given away"
    PILE_NOT_TAKEN = "pile not taken"
    PILE_TAKEN = "pile taken"
    FIRST_MELD = "first meld too late or too costly"
    POINTS_HELD = "cards held that could be laid"
    GOING_OUT = "going out missed or asked too early"
    LAY_DOWN = "laying down or holding"
    DISCARD = "discard"



# The rule each kind of mistake turns on, where the imagined deals show no lesson of their own.
KIND_RULES: dict[str, RuleId] = {
    MistakeKind.PILE_GIVEN: RuleId.C_PILE,
    MistakeKind.PILE_NOT_TAKEN: RuleId.C_PILE,
    MistakeKind.PILE_TAKEN: RuleId.C_PILE,
    MistakeKind.FIRST_MELD: RuleId.C_MIN,
    MistakeKind.POINTS_HELD: RuleId.C_MELDING,
    MistakeKind.GOING_OUT: RuleId.C_OUT,
    MistakeKind.LAY_DOWN: RuleId.C_MELDING,
    MistakeKind.DISCARD: RuleId.C_DISCARD,
}


@dataclass(frozen=True)
class Finding:
    """One decision compared with the expert's choice."""

    number: int
    deal: int
    played: str
    preferred: str
    reason: str  # why the expert prefers its move, in words (its lesson, hfcli.text.reason_text)
    kind: str
    cost: float  # mean points the played move cost against the preferred one
    low: float  # 95% interval
    high: float
    samples: int
    hand: list[str] = field(default_factory=list)
    pile_top: str | None = None
    pile_size: int = 0
    pile_takes: int = 0  # the cards a pickup would take (C-PILE: the top ones, up to the table's limit); 0: all
    score: list[int] = field(default_factory=list)
    turn: int = 0  # the turn in the deal, every seat's counted (1-based)
    next_seat: str = ""  # the next player's long name
    next_hand: int = 0  # how many cards the next player holds
    next_known: list[str] = field(default_factory=list)  # of them, the ones known (taken from the pile)
    after_played: Outcomes | None = None  # what followed each move in the imagined deals
    after_preferred: Outcomes | None = None
    handed: int = 0  # the cards the next player took from the pile after the move in the game; 0: none
    pile: PileShares | None = None  # where the move handed the pile over: how often each discard did
    foot_left: int = 0  # the points of the seat's foot, never picked up, at the deal's end in the game
    foot_reds: int = 0  # what the red threes in that foot counted against the side
    dirtied: int = -1  # the rank of the clean meld the move played made dirty (the expert's did not); -1: none
    book_bonuses: tuple[int, int] = (0, 0)  # a clean book's and a dirty book's bonus at this table
    # Where the expert's move puts wild cards on the side's meld of wild cards and the move played
    # spends one on natural cards: that meld's cards before and after the expert's move; (0, 0): not so.
    wild_meld: tuple[int, int] = (0, 0)
    # The table's wild book: its cards, its bonus, and how many more the side needs to go out.
    wild_book: tuple[int, int, int] = (0, 0, 0)
    # The expert's reason as data (Reason.to_json); None in a review kept before reasons were data.
    why: dict[str, Any] | None = None

    @property
    def threw_a_wild(self) -> bool:
        """Whether the move played discarded a wild card (a 2 or a joker)."""
        try:
            move = parse_move(self.played)
        except ValueError:
            return False
        return move.kind is MoveKind.DISCARD and bool(move.picks) and move.picks[0].rank in WILD_RANKS

    def lesson(self) -> Lesson | None:
        """What the expert's move got in the imagined deals that the move played did not, where the
        difference is large (see :data:`LESSON_GAPS`): the largest such, or None."""
        return lesson_of(self.after_played, self.after_preferred)

    @property
    def rule(self) -> RuleId:
        """The rule that the decision turns on, for ``hf rules`` and the lessons by topic."""
        lesson = self.lesson()
        if lesson is not None and not lesson.small:
            return LESSON_RULES[lesson.fact]
        if self.threw_a_wild:
            return RuleId.C_WILD
        if self.dirtied >= 0 or self.wild_meld[1]:
            return RuleId.C_BOOK
        return KIND_RULES.get(self.kind, RuleId.C_MELDING)

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
    handed: list[PileHanded] = field(default_factory=list)  # discards after which the next player took the pile

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
            "handed": [asdict(h) for h in self.handed],
            "rules": {str(f.number): f.rule.value for f in self.mistakes},  # the rule each clear one turns on
        }


def review_from_dict(data: dict[str, Any]) -> Review:
    """A review read back from :meth:`Review.as_dict` (as the review's cache keeps it)."""
    findings = [finding_from_dict(f) for f in [*data["mistakes"], *data["not_clear"]]]
    findings.sort(key=lambda f: f.number)
    return Review(
        data["file"], int(data["seat_index"]), data["seat"], data["samples"], data["decisions"], findings,
        list(data["side_names"]), reviewed=data["reviewed"], interrupted=data["interrupted"],
        seat_short=data["seat_short"], assessed=[Assessed(**a) for a in data["assessed"]],
        side=int(data["side_index"]),
        handed=[PileHanded(**{**h, "pile": PileShares(**h["pile"])}) for h in data.get("handed", [])],
    )


def finding_from_dict(data: dict[str, Any]) -> Finding:
    """A finding read back from its ``asdict``."""
    parts: dict[str, Any] = {}
    for name, kind in (("after_played", Outcomes), ("after_preferred", Outcomes), ("pile", PileShares)):
        if data.get(name) is not None:
            parts[name] = kind(**data[name])
    for name in ("book_bonuses", "wild_meld", "wild_book"):
        if name in data:
            parts[name] = tuple(data[name])
    return Finding(**{**data, **parts})
