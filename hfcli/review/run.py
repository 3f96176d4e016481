"""A review's run: each decision judged against the expert's choice, in one process or several."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from hfcli.analysis import LEARNED, Costing, expert_at
from hfcli.engine.game import Game
from hfcli.engine.melds import WILD
from hfcli.engine.moves import Move, MoveKind, parse_move
from hfcli.engine.seeds import numbered_seed
from hfcli.review.costing import DEFAULT_SAMPLES, estimate, expected_margin, pile_shares
from hfcli.review.decisions import DecisionPoint, decision_points, dirtied, kind_of, same_choice, wild_meld_grown
from hfcli.review.model import Assessed, Finding, Grade, PileHanded, Review
from hfcli.system.workers import parallel_map
from hfcli.text.reason_text import lesson


def decision_seed(game: Game, number: int) -> int:
    """The random numbers of the decision at move ``number`` of the game: its own, whoever asks."""
    return numbered_seed(game.seed, number)


@dataclass(frozen=True)
class Judged:
    """One decision as the review judged it: for the chart and the counts, the finding where the
    expert would have played otherwise, and the pile's note where the move handed it over."""

    assessed: Assessed
    finding: Finding | None
    handed: PileHanded | None


def judge(
    game: Game, seat: int, played: Move, *, samples: int, seed: int, costing: Costing = LEARNED, number: int = 0,
    turn: int = 0, handed: int = 0, foot_left: int = 0, foot_reds: int = 0,
) -> Judged:
    """The expert's view of the move ``played`` by ``seat`` in ``game`` (move ``number`` of the
    game, ``turn`` of its deal): the seat's expected margin before it, what it cost where the
    expert would have played otherwise, and, where the next player took the ``handed`` cards of
    the pile after it, how often each discard the seat held would have given it."""
    view = game.view(seat)
    deal = game.deal.index + 1
    expert, knowledge = expert_at(view, game.seed)
    margin = round(expected_margin(game, seat, knowledge, seed ^ 0x5EED, costing=costing), 1)
    after = view.seating.next_seat(seat)
    pile = None
    if handed and played.kind is MoveKind.DISCARD:
        shares = pile_shares(view, knowledge, played, seed ^ 0x9113)
        if shares.samples:
            pile = PileHanded(number, deal, str(played), view.seating.long_names[after], handed, shares)
    if same_choice(game, played, expert.move):
        return Judged(Assessed(number, deal, turn, str(played), Grade.BEST.value, 0.0, 0.0, 0.0, margin), None, pile)
    cost = estimate(view, played, expert.move, samples, seed, knowledge, costing=costing)
    finding = Finding(
        number=number, deal=deal, played=str(played), preferred=str(expert.move),
        reason=lesson(expert.reason, view.seating.long_names, you=seat),
        why=None if expert.reason is None else expert.reason.to_json(),
        kind=kind_of(game, seat, played, expert.move), cost=round(cost.cost, 1), low=round(cost.low, 1),
        high=round(cost.high, 1), samples=cost.samples, hand=[c.text for c in view.hand],
        pile_top=view.pile_top.text if view.pile_top else None, pile_size=view.pile_size,
        pile_takes=min(view.pile_size, game.rules.pile_limit),
        score=list(game.totals()), turn=turn, next_seat=view.seating.long_names[after],
        next_hand=view.hand_sizes[after], next_known=[c.text for c in knowledge.known[after]],
        after_played=cost.after_played, after_preferred=cost.after_preferred, handed=handed,
        pile=None if pile is None else pile.pile, foot_left=foot_left, foot_reds=foot_reds,
        dirtied=dirtied(game, seat, played, expert.move),
        book_bonuses=(game.rules.clean_book_bonus, game.rules.dirty_book_bonus),
        wild_meld=wild_meld_grown(game, seat, played, expert.move), wild_book=wild_book(game, seat),
    )
    judged = Assessed(number, deal, turn, str(played), finding.grade.value, finding.cost, finding.low, finding.high,
                      margin)
    return Judged(judged, finding, pile)


def wild_book(game: Game, seat: int) -> tuple[int, int, int]:
    """The table's wild book, for a lesson: its cards, its bonus, and the wild books the seat's side
    still needs to go out."""
    rules = game.rules
    team = game.deal.teams[game.seating.team_of[seat]]
    closed = sum(1 for m in team.melds if m.rank == WILD and m.is_book)
    return (rules.book_size, rules.wild_book_bonus, max(0, rules.wild_books_to_go_out - closed))


def assess(
    game: Game, seat: int, played: Move, *, samples: int, seed: int, costing: Costing = LEARNED,
) -> Finding | None:
    """What the move ``played`` by ``seat`` in ``game`` cost against the expert's choice: None
    where the expert plays it too (see :func:`judge`)."""
    return judge(game, seat, played, samples=samples, seed=seed, costing=costing).finding


def assess_position(point: DecisionPoint) -> Judged:
    """One decision of a recorded game judged, from its own random numbers."""
    game = point.game
    return judge(game, point.seat, parse_move(point.played), samples=point.samples,
                 seed=decision_seed(game, point.number), costing=point.costing, number=point.number,
                 turn=point.turn, handed=point.handed, foot_left=point.foot_left,
                 foot_reds=point.foot_reds)


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
    points, seating = decision_points(path, seat, samples, costing)
    judged: list[Judged] = []
    interrupted = False
    try:
        for one in _judged(points, jobs):
            judged.append(one)
            if on_progress is not None:
                on_progress(1, len(points))
    except KeyboardInterrupt:
        interrupted = True
    return Review(
        str(path), seat, seating.long_names[seat], samples, len(points),
        [j.finding for j in judged if j.finding is not None], list(seating.team_names),
        reviewed=len(judged), interrupted=interrupted, seat_short=seating.names[seat],
        assessed=[j.assessed for j in judged], side=seating.team_of[seat],
        handed=[j.handed for j in judged if j.handed is not None],
    )


def _judged(points: Sequence[DecisionPoint], jobs: int) -> Iterator[Judged]:
    """Each decision judged in the order played, from ``jobs`` processes. One decision is one
    piece of work: the few where the expert differs take far longer than the rest, and pieces of
    one keep both processes busy to the end."""
    if jobs <= 1 or len(points) <= 1:
        yield from map(assess_position, points)
        return
    yield from parallel_map(assess_position, points, jobs)
