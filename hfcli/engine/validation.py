"""Checking a move against the rules without changing anything, and planning what applying it does.

:func:`validate` returns the plan for a legal move (which physical cards a meld, an addition or a
discard uses) or raises :class:`IllegalMoveError` naming the rule. Moves whose names say all there
is to do (draw, pickup, ask, yes, no, undo, end) have no plan.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from hfcli.engine.cards import RANK_PLURALS, THREE, Card, card_code
from hfcli.engine.config import GameConfig
from hfcli.engine.errors import IllegalMoveError
from hfcli.engine.legality import (
    ask_refusal,
    books_with,
    discard_refusal,
    draw_refusal,
    end_refusal,
    minimum_for,
    out_refusal,
    pickup_refusal,
    short_foot_refusal,
)
from hfcli.engine.melds import CLEAN_BOOK, DIRTY_BOOK, WILD, WILD_BOOK, BookKind, meld_rank_name, ratio_ok
from hfcli.engine.moves import (
    ADD_KIND,
    ASK_KIND,
    DISCARD_KIND,
    DRAW_KIND,
    END_KIND,
    MELD_KIND,
    NO_KIND,
    PICKUP_KIND,
    UNDO_KIND,
    YES_KIND,
    Move,
    Pick,
)
from hfcli.engine.rule_ids import RuleId
from hfcli.engine.rules import Rules
from hfcli.engine.state import ANSWER_PHASE, MELD_PHASE, OVER_PHASE, GameState, TeamState


@dataclass(slots=True)
class LayPlan:
    """A legal meld or add: the physical cards and where each group goes."""

    groups: list[tuple[int, tuple[Card, ...], int | None]]  # rank, cards, index of the open meld joined (None: new)
    used: list[Card]
    rest: list[Card]  # the hand without the used cards, in its order
    counted_value: int  # C-MIN: value this move adds toward the side's first meld
    counting_after: dict[Card, int] | None  # the turn's counting cards once these are used


@dataclass(slots=True)
class DiscardPlan:
    card: Card


Plan = LayPlan | DiscardPlan | None


def validate(config: GameConfig, state: GameState, move: Move) -> Plan:
    """The plan of ``move`` for the seat to move, or IllegalMoveError naming the rule."""
    kind = move.kind
    turn = state.turn
    phase = turn.phase
    seat = turn.to_move
    if phase is MELD_PHASE:
        # The common moves first: a turn is mostly melds, additions and its discard.
        if kind is MELD_KIND or kind is ADD_KIND:
            return validate_lay(config, state, seat, move)
        if kind is DISCARD_KIND:
            return validate_discard(config, state, seat, move.groups[0][0])
        if kind is UNDO_KIND:
            if turn.undo is None:
                raise IllegalMoveError(RuleId.C_MELDING, "there are no melds of this turn to take back")
            return None
        if kind is DRAW_KIND or kind is PICKUP_KIND or kind is END_KIND:
            raise IllegalMoveError(RuleId.C_DRAW, "you have already drawn this turn")
    elif phase is OVER_PHASE:
        raise IllegalMoveError(RuleId.C_GAME, "the game is over")
    elif phase is ANSWER_PHASE:
        if kind is not YES_KIND and kind is not NO_KIND:
            raise IllegalMoveError(
                RuleId.C_OUT, f"{config.seating.long_names[seat]} must first answer 'may I go out?' with yes or no"
            )
        return None
    if kind is YES_KIND or kind is NO_KIND:
        raise IllegalMoveError(RuleId.C_OUT, "nobody has asked to go out")
    if kind is ASK_KIND:
        refusal = ask_refusal(config, state, seat)
    elif kind is DRAW_KIND:
        refusal = draw_refusal(config, state)
    elif kind is PICKUP_KIND:
        refusal = pickup_refusal(config, state, seat)
    elif kind is END_KIND:
        refusal = end_refusal(config, state)
    else:
        raise IllegalMoveError(RuleId.C_DRAW, f"first draw from the stock or take the pile, then {kind}")
    if refusal is not None:
        raise IllegalMoveError.of(refusal)
    return None


def validate_discard(config: GameConfig, state: GameState, seat: int, pick: Pick) -> DiscardPlan:
    """C-DISCARD: the card a discard names (a rank takes that rank's lowest-coded card)."""
    hand = state.deal.hands[seat]
    if pick.card is not None:
        if pick.card not in hand:
            raise IllegalMoveError(RuleId.C_DISCARD, f"you hold no {pick.card.text}")
        chosen = pick.card
    else:
        matches = [c for c in hand if c.rank == pick.rank]
        if not matches:
            raise IllegalMoveError(RuleId.C_DISCARD, f"you hold no {pick.token}")
        chosen = min(matches, key=card_code)
    refusal = discard_refusal(config, state, seat)
    if refusal is not None:
        raise IllegalMoveError.of(refusal)
    return DiscardPlan(chosen)


# A side's open meld of one rank as a move being checked leaves it: naturals, wilds, and the
# index of the meld on the table (None for one the move starts); None when none is open.
_OpenMeld = tuple[int, int, int | None]


def _open_state(sim: dict[int, _OpenMeld | None], team: TeamState, rank: int) -> _OpenMeld | None:
    if rank in sim:
        return sim[rank]
    at = team.open_meld(rank)
    found = None
    if at is not None:
        meld = team.melds[at]
        found = (len(meld.cards) - meld.wilds, meld.wilds, at)
    sim[rank] = found
    return found


def validate_lay(config: GameConfig, state: GameState, seat: int, move: Move) -> LayPlan:
    """C-MELD, C-RATIO, C-BOOK, C-ONEOPEN, C-TEAMMELD for every group; then C-MIN and C-KEEP for the
    move as a whole."""
    rules = config.rules
    book = rules.book_size
    hand = state.deal.hands[seat]
    team = state.deal.teams[config.seating.team_of[seat]]
    turn = state.turn
    available = list(hand)
    used: list[Card] = []
    sim: dict[int, _OpenMeld | None] = {}
    completed: list[BookKind] = []
    groups: list[tuple[int, tuple[Card, ...], int | None]] = []
    # Before the first meld is made, a rank takes a card that counts toward the minimum (one the
    # hand held before a pile pickup) ahead of an identical-rank card from the pile.
    counting = dict(turn.counting) if turn.counting is not None and not team.opened else None
    new = move.kind is MELD_KIND
    for group in move.groups:
        cards = take_cards(available, group, counting, hand)
        used += cards
        natural_rank, wilds = _shape(cards, group)
        naturals = len(cards) - wilds
        if new:
            rank = natural_rank
            _check_new_meld(rules, sim, team, rank, naturals, wilds)
            nat_after, wild_after, target = naturals, wilds, None
        else:
            rank = move.target if move.target is not None else WILD
            nat_after, wild_after, target = _check_addition(
                rules, sim, team, rank, group, natural_rank, naturals, wilds
            )
        if nat_after + wild_after >= book:
            sim[rank] = None
            completed.append(WILD_BOOK if rank == WILD else (DIRTY_BOOK if wild_after else CLEAN_BOOK))
        else:
            sim[rank] = (nat_after, wild_after, target)
        groups.append((rank, tuple(cards), target))
    counted, counting_after = _opening_count(config, state, team, used)
    _check_leftover(config, state, seat, team, len(hand) - len(used), counted, completed)
    return LayPlan(groups, used, available, counted, counting_after)


def _shape(cards: Sequence[Card], group: tuple[Pick, ...]) -> tuple[int, int]:
    """C-BLACK3, C-MELD: the rank of a group's natural cards (WILD when it has none) and its wild count."""
    wilds = 0
    natural_rank = WILD
    mixed = three = False
    for c in cards:
        if c.is_wild:
            wilds += 1
        else:
            rank = c.rank
            three = three or rank == THREE
            if natural_rank == WILD:
                natural_rank = rank
            elif rank != natural_rank:
                mixed = True
    if three:  # named before a mix of ranks: "9 K 3" is refused for its three
        raise IllegalMoveError(RuleId.C_BLACK3, "threes can never be melded")
    if mixed:
        raise IllegalMoveError(RuleId.C_MELD, "a meld holds cards of one rank (plus wild cards): " + _shown(group))
    return natural_rank, wilds


def _check_new_meld(
    rules: Rules, sim: dict[int, _OpenMeld | None], team: TeamState, rank: int, naturals: int, wilds: int
) -> None:
    """V-NOWILD, C-MELD, C-ONEOPEN and C-RATIO for a new meld."""
    size = naturals + wilds
    if rank == WILD and not rules.wild_melds:
        raise IllegalMoveError(RuleId.V_NOWILD, "wild melds are not allowed under these rules")
    if not 3 <= size <= rules.book_size:
        raise IllegalMoveError(RuleId.C_MELD, f"a new meld needs 3 to {rules.book_size} cards, not {size}")
    if _open_state(sim, team, rank) is not None:
        raise IllegalMoveError(
            RuleId.C_ONEOPEN, f"your partnership already has an open meld of {meld_rank_name(rank)}; add to it instead"
        )
    if not ratio_ok(rank, naturals, wilds, rules):
        raise IllegalMoveError.of(rules.wild_ratio.refused(naturals, wilds))


def _check_addition(
    rules: Rules,
    sim: dict[int, _OpenMeld | None],
    team: TeamState,
    rank: int,
    group: tuple[Pick, ...],
    natural_rank: int,
    naturals: int,
    wilds: int,
) -> _OpenMeld:
    """C-MELD, C-TEAMMELD, C-BOOK and C-RATIO for cards added to the side's open meld of ``rank``;
    returns the meld's naturals and wilds after it, and where it lies."""
    if naturals and natural_rank != rank:
        raise IllegalMoveError(RuleId.C_MELD, f"{_shown(group)} cannot go on a meld of {meld_rank_name(rank)}")
    if rank == WILD and naturals:
        raise IllegalMoveError(RuleId.C_MELD, "a wild meld holds wild cards only")
    open_meld = _open_state(sim, team, rank)
    if open_meld is None:
        if any(m.rank == rank for m in team.melds):
            raise IllegalMoveError(
                RuleId.C_BOOK, f"the {meld_rank_name(rank)} are a complete book; nothing can be added"
            )
        raise IllegalMoveError(RuleId.C_TEAMMELD, f"your partnership has no open meld of {meld_rank_name(rank)}")
    nat_after, wild_after = open_meld[0] + naturals, open_meld[1] + wilds
    if nat_after + wild_after > rules.book_size:
        raise IllegalMoveError(
            RuleId.C_BOOK, f"a meld holds at most {rules.book_size} cards; this would make {nat_after + wild_after}"
        )
    if not ratio_ok(rank, nat_after, wild_after, rules):
        raise IllegalMoveError.of(rules.wild_ratio.refused(nat_after, wild_after))
    return nat_after, wild_after, open_meld[2]


def _opening_count(
    config: GameConfig, state: GameState, team: TeamState, used: Sequence[Card]
) -> tuple[int, dict[Card, int] | None]:
    """C-MIN, C-MELDING: the value ``used`` adds toward the side's first meld (only cards that still
    count do), and the counting cards left after them."""
    counting = dict(state.turn.counting) if state.turn.counting is not None else None
    if team.opened:
        return 0, counting
    values = config.rules.rank_values
    counted = 0
    for c in used:
        if counting is None:
            counted += values[c.rank]
        elif counting.get(c, 0) > 0:
            _use(counting, c)
            counted += values[c.rank]
    return counted, counting


def _check_leftover(
    config: GameConfig,
    state: GameState,
    seat: int,
    team: TeamState,
    remaining: int,
    counted: int,
    completed: Sequence[BookKind],
) -> None:
    """C-MIN before the foot, and C-KEEP in it: what a lay-down may leave in the hand."""
    rules = config.rules
    in_foot = state.deal.feet[seat] is None
    opening = state.turn.opening_value + counted
    # C-MIN: reaching the foot by melding every card still needs the minimum, unless it is waived
    # for a first meld of the whole hand.
    if remaining == 0 and not in_foot and not team.opened and not rules.minimum_waived_for_whole_hand:
        minimum = minimum_for(config, state, config.seating.team_of[seat])
        if opening < minimum:
            raise IllegalMoveError(
                RuleId.C_MIN,
                f"your first meld must total at least {minimum} before you reach your foot; this makes {opening}",
            )
    if remaining == 0 and not in_foot:
        refusal = short_foot_refusal(config, state, seat, books_with(team, completed))
        if refusal is not None:
            raise IllegalMoveError.of(refusal)
    if in_foot and remaining < 2:
        refusal = out_refusal(config, state, seat, books_with(team, completed))
        why = refusal.reason if refusal is not None else None
        if why is None and remaining == 0 and not rules.go_out_by_melding_all:
            why = "you go out by melding all but one card and discarding the last"
        if why is not None:
            raise IllegalMoveError(
                RuleId.C_KEEP, f"this would leave you {remaining} card(s), and you may not go out: {why}"
            )


def _shown(picks: tuple[Pick, ...]) -> str:
    return " ".join(p.token for p in picks)


def _use(counting: dict[Card, int], c: Card) -> None:
    """One ``c`` of the counting cards is used (a card whose count reaches 0 leaves the dict)."""
    left = counting[c] - 1
    if left:
        counting[c] = left
    else:
        del counting[c]



def _shortage(picks: tuple[Pick, ...], rank: int, taken: list[Card], hand: Sequence[Card]) -> str:
    """Why a meld's cards of ``rank`` run out: the hand holds too few, or the move's other melds took them."""
    plural = RANK_PLURALS[rank]
    held = sum(1 for c in hand if c.rank == rank)
    if held == 0:
        return f"you hold no {plural}"
    need = sum(1 for p in picks if p.rank == rank)
    group = " ".join(p.token for p in picks)
    if held < need:
        return f"'{group}' needs {need} {plural}; you hold {held}"
    have = sum(1 for c in taken if c.rank == rank)
    return f"'{group}' needs {need} {plural}; you hold {held}, and this move's other melds use {held - have}"


@functools.lru_cache(maxsize=4096)
def _exact_first(picks: tuple[Pick, ...]) -> tuple[Pick, ...]:
    """The picks with exact cards first (stable)."""
    return tuple(sorted(picks, key=lambda p: p.card is None))


def take_cards(
    available: list[Card],
    picks: tuple[Pick, ...],
    counting: dict[Card, int] | None = None,
    hand: Sequence[Card] = (),
) -> list[Card]:
    """Remove the cards ``picks`` name from ``available``: exact cards first, then ranks, each rank
    taking its lowest-coded card so the choice never depends on the hand's order. With
    ``counting`` (cards that still count toward a first meld, used up as taken), a rank takes a
    counting card first, so naming ranks never loses value toward the minimum."""
    taken: list[Card] = []
    for pick in _exact_first(picks):
        exact = pick.card
        if exact is not None:
            if exact not in available:
                raise IllegalMoveError(RuleId.C_MELDING, f"you hold no {exact.text} to meld")
            chosen = exact
            available.remove(chosen)
        else:
            rank = pick.rank
            best: Card | None = None
            at = 0
            if counting is None:
                for i, c in enumerate(available):
                    if c.rank == rank and (best is None or c.code < best.code):
                        best, at = c, i
            else:
                best_key = (True, 0)
                for i, c in enumerate(available):
                    if c.rank == rank:
                        key = (counting.get(c, 0) <= 0, c.code)
                        if best is None or key < best_key:
                            best, best_key, at = c, key, i
            if best is None:
                raise IllegalMoveError(RuleId.C_MELDING, _shortage(picks, rank, taken, hand))
            chosen = best
            del available[at]  # by place: list.remove compares card after card
        if counting is not None and counting.get(chosen, 0) > 0:
            _use(counting, chosen)
        taken.append(chosen)
    return taken
