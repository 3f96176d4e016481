"""The first meld of a deal: a plan that reaches the minimum, and the moves that lay it."""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.base import Decision
from ai.hand import open_melds
from ai.knowledge import target_rank
from hfcli.engine.cards import JOKER, NATURAL_RANKS, TWO
from hfcli.engine.melds import WILD, max_wilds
from hfcli.engine.moves import ADD_KIND, MELD_KIND, Move
from hfcli.engine.reasons import ReasonKind, reason
from hfcli.engine.rules import Rules
from hfcli.engine.view import SeatView


@dataclass(frozen=True)
class OpeningPlan:
    """New melds that together reach the first meld's minimum: rank -> (naturals, wilds)."""

    melds: dict[int, tuple[int, int]]
    value: int
    cost: int

    def described(self) -> tuple[tuple[int, int, int], ...]:
        """The plan as a reason's fact: (rank, naturals, wilds) of each meld."""
        return tuple((rank, nat, wild) for rank, (nat, wild) in self.melds.items())


def plan_opening(
    counts: list[int], rules: Rules, target: int, laid: dict[int, tuple[int, int]] | None = None
) -> OpeningPlan | None:
    """The first meld that reaches ``target`` at the least cost: every natural meld of three or
    more is free (it would be laid anyway); a pair laid with a wild card and each wild card used
    cost, so pairs and wilds are kept when the naturals reach the minimum alone. ``laid`` holds
    the melds already laid this turn (rank -> naturals, wilds), which the plan may add to; the
    plan's melds give each meld's naturals and wilds in total."""
    laid = laid or {}
    free = _free_melds(counts, rules, laid)
    if free.value >= target:
        return OpeningPlan(free.melds, free.value, 0)
    values = rules.rank_values
    pairs = sorted(free.pairs, key=lambda r: -values[r])[:6]
    wild_cards = [JOKER] * counts[JOKER] + [TWO] * counts[TWO]
    best = _cheapest_addition(free, pairs, [values[w] for w in wild_cards], rules, target, WILD in laid)
    if best is None:
        return None
    cost, neg_value, mask, k = best
    chosen = [pairs[i] for i in range(len(pairs)) if mask >> i & 1]
    return OpeningPlan(_with_additions(free, chosen, k - len(chosen), rules, WILD in laid), -neg_value, cost)


@dataclass
class _FreeMelds:
    """What a first meld lays at no cost: the natural melds of three or more and what they add to
    the melds laid this turn (rank -> naturals, wilds), their value, the room for wild cards on them
    (rank, room), and the pairs a wild card could make a meld of."""

    melds: dict[int, tuple[int, int]] = field(default_factory=dict)
    value: int = 0
    slots: list[tuple[int, int]] = field(default_factory=list)
    pairs: list[int] = field(default_factory=list)


def _free_melds(counts: list[int], rules: Rules, laid: dict[int, tuple[int, int]]) -> _FreeMelds:
    values = rules.rank_values
    book = rules.book_size
    free = _FreeMelds()
    for rank, (nat0, wild0) in laid.items():
        if rank == WILD:
            free.melds[rank] = (0, wild0)
            if book - wild0 > 0:
                free.slots.append((rank, book - wild0))
            continue
        n = min(counts[rank], book - nat0 - wild0)
        nat = nat0 + n
        free.melds[rank] = (nat, wild0)
        free.value += n * values[rank]
        room = min(book - nat - wild0, max_wilds(rank, nat, rules) - wild0)
        if room > 0:
            free.slots.append((rank, room))
    for rank in NATURAL_RANKS:
        n = counts[rank]
        if rank in laid:
            continue
        if n >= 3:
            nat = min(n, book)
            free.melds[rank] = (nat, 0)
            free.value += nat * values[rank]
            room = min(book - nat, max_wilds(rank, nat, rules))
            if room > 0:
                free.slots.append((rank, room))
        elif n == 2 and rules.wild_ratio.pair_takes_wild:
            free.pairs.append(rank)
    return free


def _cheapest_addition(
    free: _FreeMelds, pairs: list[int], wild_values: list[int], rules: Rules, target: int, wild_laid: bool
) -> tuple[int, int, int, int] | None:
    """The pairs (a mask over ``pairs``) and the number of wild cards that bring the free melds to
    ``target`` at the least cost, as (cost, -value, pair mask, wilds used); None if none do."""
    values = rules.rank_values
    slot_room = sum(room for _, room in free.slots)
    best: tuple[int, int, int, int] | None = None
    for mask in range(1 << len(pairs)):
        chosen = [pairs[i] for i in range(len(pairs)) if mask >> i & 1]
        p = len(chosen)
        pair_value = sum(2 * values[r] for r in chosen)
        for k in range(p, len(wild_values) + 1):
            spare = k - p
            if spare > slot_room and not (rules.wild_melds and spare >= 3 and not wild_laid):
                continue
            value = free.value + pair_value + sum(wild_values[:k])
            if value < target:
                continue
            cost = 3 * p + 4 * k
            key = (cost, -value, mask, k)
            if best is None or key < best:
                best = key
            break  # more wilds only cost more
    return best


def _with_additions(
    free: _FreeMelds, chosen: list[int], spare: int, rules: Rules, wild_laid: bool
) -> dict[int, tuple[int, int]]:
    """The free melds with each chosen pair laid with a wild card, and the ``spare`` wild cards
    left over laid as a wild meld where three or more may be, else on the free melds' room."""
    melds = dict(free.melds)
    for r in chosen:
        melds[r] = (2, 1)
    if spare >= 3 and rules.wild_melds and not wild_laid:
        melds[WILD] = (0, spare)
    else:
        for rank, room in free.slots:
            put = min(room, spare)
            if put:
                nat, wild = melds[rank]
                melds[rank] = (nat, wild + put)
                spare -= put
    return melds


def opening_moves(view: SeatView, plan: OpeningPlan) -> Decision | None:
    """The next legal move that lays part of ``plan``."""
    mine = open_melds(view.my_melds)
    best: tuple[int, Move] | None = None
    for move in view.legal_moves:
        if move.kind is MELD_KIND:
            picks = move.groups[0]
            nat = [p for p in picks if not p.is_wild]
            rank = nat[0].rank if nat else WILD
            want = plan.melds.get(rank)
            if want is None or rank in mine:
                continue
            if rank != WILD and len(nat) < 3 and want[0] >= 3:
                continue  # three naturals first; wilds join afterwards
            if rank != WILD and len(nat) < 3 and want[1] == 0:
                continue
            score = 10 + sum(1 for p in picks if p.rank == JOKER)
        elif move.kind is ADD_KIND:
            rank = target_rank(move)
            want = plan.melds.get(rank)
            meld = mine.get(rank)
            if want is None or meld is None:
                continue
            if move.groups[0][0].is_wild:
                if meld.wilds >= want[1]:
                    continue
                score = 5 + (move.groups[0][0].rank == JOKER)
            else:
                if meld.naturals >= want[0]:
                    continue
                score = 8
        else:
            continue
        if best is None or score > best[0]:
            best = (score, move)
    if best is None:
        return None
    # The minimum is the table's; the plan is the hand's.
    why = reason(ReasonKind.OPENING_PLAN, minimum=view.minimum, plan=plan.described(), private=("plan",))
    return Decision(best[1], why)
