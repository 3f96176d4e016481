"""Which moves of a recorded game are decisions, and what kind of choice each made."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from hfcli.analysis import LEARNED, Costing
from hfcli.engine.cards import WILD_RANKS, Card
from hfcli.engine.game import Game
from hfcli.engine.melds import WILD
from hfcli.engine.moves import Move, MoveKind, parse_move
from hfcli.engine.scoring import cards_value
from hfcli.engine.seating import Seating
from hfcli.engine.state import Phase
from hfcli.review.model import MistakeKind
from hfcli.transcript import RecordedMove, Visitor, replay

_LAYS = (MoveKind.MELD, MoveKind.ADD)
_ANSWERS = (MoveKind.ASK, MoveKind.YES, MoveKind.NO)


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



@dataclass(frozen=True)
class DecisionPoint:
    """A decision with the game as it stood before the move: one piece of a review's work."""

    number: int  # the move's number in the game (1-based)
    deal: int  # 1-based
    played: str  # the move, in notation
    seat: int
    game: Game  # a copy, taken before the move was played
    samples: int
    turn: int = 0  # the turn in the deal, every seat's counted (1-based)
    costing: Costing = LEARNED
    handed: int = 0  # the cards the next player took from the pile right after the move; 0: none
    foot_left: int = 0  # the points of the seat's foot if it was never picked up in the deal, else 0
    foot_reds: int = 0  # of that foot, what its red threes counted against the side (C-RED), else 0


def decision_points(
    path: str | Path, seat: int, samples: int, costing: Costing = LEARNED
) -> tuple[list[DecisionPoint], Seating]:
    """Every decision of ``seat`` with the game before it, from one replay of the file (a replay
    is a fifth of a second; replaying the file for each piece of work cost a review seconds), with
    what the game then did: whether the next player took the pile, and the seat's foot's points
    where it was never picked up in the deal."""
    found = Decisions(seat, samples, costing)
    seating = replay(path, found).game.seating
    points = []
    for point in found.points:
        handed = found.pickups.get(point.number + 1, 0) if parse_move(point.played).kind is MoveKind.DISCARD else 0
        left, reds = found.feet.get(point.deal, (0, 0))
        points.append(replace(point, handed=handed, foot_left=left, foot_reds=reds))
    return points, seating


class Decisions(Visitor):
    """A replay's visitor that finds ``seat``'s decisions (:func:`decision_points`): each with a copy
    of the game before it, the turn it came in, and what the game then did."""

    def __init__(self, seat: int, samples: int, costing: Costing) -> None:
        self.seat, self.samples, self.costing = seat, samples, costing
        self.points: list[DecisionPoint] = []
        self.pickups: dict[int, int] = {}  # a pickup's move number: the cards it took
        # a deal (1-based): the seat's foot's cards' points and its red threes' penalty, as last seen unpicked
        self.feet: dict[int, tuple[int, int]] = {}
        self._deal, self._turn_seat, self._turns = -1, -1, 0

    def move(self, game: Game, move: RecordedMove) -> None:
        seat = self.seat
        if game.deal.index != self._deal:
            self._deal, self._turn_seat, self._turns = game.deal.index, -1, 0
        if game.turn.seat != self._turn_seat:  # the turn passes to another seat at every turn's end
            self._turn_seat, self._turns = game.turn.seat, self._turns + 1
        foot = game.deal.feet[seat]
        self.feet[move.deal] = (0, 0) if foot is None else (
            cards_value(foot, game.rules), sum(c.is_red_three for c in foot) * game.rules.red_three_foot_penalty)
        played = parse_move(move.move)
        if played.kind is MoveKind.PICKUP and move.seat == game.seating.next_seat(seat):
            self.pickups[move.number] = min(len(game.deal.pile), game.rules.pile_limit)  # what it took (C-PILE)
        if move.seat == seat and is_decision(game, seat, played):
            self.points.append(
                DecisionPoint(move.number, move.deal, move.move, seat, game.clone(), self.samples, self._turns,
                              self.costing)
            )


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
    ``yes`` and ``no`` (see :func:`table_key`)."""
    if one == other:
        return True
    after_one, after_other = game.clone(), game.clone()
    after_one.apply(one)
    after_other.apply(other)
    return table_key(after_one) == table_key(after_other)


CardKey = tuple[int, bool]


def _card_key(c: Card) -> CardKey:
    return c.rank, c.is_red_three


def _cards_key(cards: Iterable[Card]) -> tuple[CardKey, ...]:
    return tuple(sorted(map(_card_key, cards)))


def table_key(game: Game) -> tuple[object, ...]:
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



def dirtied(game: Game, seat: int, played: Move, preferred: Move) -> int:
    """The rank of the clean meld of the seat's side that ``played`` adds a wild card to, where
    ``preferred`` does not (a clean meld made dirty: closed, it earns a dirty book's bonus); -1
    where there is none."""
    def made_dirty(move: Move) -> int:
        if move.kind is not MoveKind.ADD or move.target is None or not any(p.rank in WILD_RANKS for p in move.picks):
            return -1
        team = game.deal.teams[game.seating.team_of[seat]]
        meld = next((m for m in team.melds if m.rank == move.target and not m.is_book), None)
        return move.target if meld is not None and not meld.wilds else -1

    rank = made_dirty(played)
    return rank if rank >= 0 and made_dirty(preferred) != rank else -1


def wild_meld_grown(game: Game, seat: int, played: Move, preferred: Move) -> tuple[int, int]:
    """Where ``preferred`` puts wild cards on the meld of wild cards of the seat's side (or starts
    one) and ``played`` spends a wild card on a meld of natural cards instead: the cards that meld
    holds before and after ``preferred``; (0, 0) where not."""
    if not game.rules.wild_melds:
        return (0, 0)

    def to_wild_meld(move: Move) -> int:
        if move.kind is MoveKind.ADD and move.target == WILD:
            return len(move.picks)
        if move.kind is MoveKind.MELD:
            return sum(len(group) for group in move.groups if all(p.rank in WILD_RANKS for p in group))
        return 0

    def on_naturals(move: Move) -> bool:
        if move.kind is MoveKind.ADD:
            return move.target != WILD and any(p.rank in WILD_RANKS for p in move.picks)
        return move.kind is MoveKind.MELD and any(
            any(p.rank in WILD_RANKS for p in group) and not all(p.rank in WILD_RANKS for p in group)
            for group in move.groups)

    added = to_wild_meld(preferred)
    if not added or to_wild_meld(played) >= added or not on_naturals(played):
        return (0, 0)
    team = game.deal.teams[game.seating.team_of[seat]]
    held = next((len(m.cards) for m in team.melds if m.rank == WILD and not m.is_book), 0)
    return (held, held + added)
