"""Listing the legal moves of the seat to move, in a fixed order.

Melds are listed one at a time, each new meld at its smallest and each addition one card, so the
list stays short; any legal lay-down can be made as a sequence of them. Listing moves is the
engine's innermost loop, so the moves are built once here and the checks that rarely fail are
left to :func:`hfcli.engine.validation.validate` only where they might.
"""

from __future__ import annotations

import operator
from itertools import compress

from hfcli.engine.cards import JOKER, NATURAL_RANKS, RANK_COUNT, RANK_TOKENS, THREE, TWO, rank_counts
from hfcli.engine.config import GameConfig
from hfcli.engine.errors import IllegalMoveError
from hfcli.engine.legality import ask_refusal, discard_refusal, pickup_refusal
from hfcli.engine.melds import WILD, Meld
from hfcli.engine.moves import (
    ASK,
    DRAW,
    END,
    NO,
    PICKUP,
    RANK_PICKS,
    UNDO,
    YES,
    Move,
    add_move,
    discard_move,
    meld_move,
)
from hfcli.engine.state import ANSWER_PHASE, DRAW_PHASE, OVER_PHASE, GameState
from hfcli.engine.validation import validate_lay

_NATURAL = {r: RANK_PICKS[r] for r in NATURAL_RANKS}
_TWO, _JOKER = RANK_PICKS[TWO], RANK_PICKS[JOKER]
_MELD_THREE = {r: meld_move((p, p, p)) for r, p in _NATURAL.items()}
_MELD_WITH_TWO = {r: meld_move((p, p, _TWO)) for r, p in _NATURAL.items()}
_MELD_WITH_JOKER = {r: meld_move((p, p, _JOKER)) for r, p in _NATURAL.items()}
_WILD_MELDS = {j: meld_move((_JOKER,) * j + (_TWO,) * (3 - j)) for j in range(4)}
_ADD_NATURAL = {r: add_move((p,), r) for r, p in _NATURAL.items()}
_ADD_TWO = {r: add_move((_TWO,), r) for r in (*NATURAL_RANKS, WILD)}
_ADD_JOKER = {r: add_move((_JOKER,), r) for r in (*NATURAL_RANKS, WILD)}
_DISCARD = {r: discard_move(RANK_PICKS[r]) for r in range(len(RANK_TOKENS))}
_DISCARDS = [_DISCARD[r] for r in range(RANK_COUNT)]  # by rank index, for compress with a hand's rank counts
_RANK_OF = operator.attrgetter("rank")


def legal_moves(config: GameConfig, state: GameState, counts: list[int] | None = None) -> list[Move]:
    """Every legal move for the seat to move, in a fixed order (``counts``: its hand's cards of
    each rank, where the caller has counted them)."""
    turn = state.turn
    phase = turn.phase
    if phase is OVER_PHASE:
        return []
    if phase is ANSWER_PHASE:
        return [YES, NO]
    seat = turn.to_move
    if phase is DRAW_PHASE:
        moves: list[Move] = []
        if state.deal.stock:
            moves.append(DRAW)
        if _may_take_pile(config, state, seat) and pickup_refusal(config, state, seat) is None:
            moves.append(PICKUP)
            if not state.deal.stock:
                moves.append(END)
        if _may_ask(config, state, seat) and ask_refusal(config, state, seat) is None:
            moves.append(ASK)
        return moves
    if counts is None:
        counts = rank_counts(state.deal.hands[seat])
    moves = _lay_moves(config, state, seat, counts)
    if discard_refusal(config, state, seat) is None:
        # One discard a rank held, in the order of the cards' codes: by rank (codes are rank * 4
        # plus the suit), so counted, not sorted.
        moves += compress(_DISCARDS, counts)
    if _may_ask(config, state, seat) and ask_refusal(config, state, seat) is None:
        moves.append(ASK)
    if turn.undo is not None:
        moves.append(UNDO)
    return moves


def _may_take_pile(config: GameConfig, state: GameState, seat: int) -> bool:
    """False where :func:`pickup_refusal` surely refuses for the common reasons (no pile, a black
    three on top, no pair of the top card's rank), found without putting the refusal in words;
    True where it has to be asked."""
    pile = state.deal.pile
    if not pile:
        return False
    top = pile[-1]
    rank = top.rank
    if rank == THREE:
        return False
    hand = state.deal.hands[seat]
    pair = list(map(_RANK_OF, hand)).count(rank)
    if pair >= 2:
        return True
    # One natural and a wild card may take a natural top card (pile_with_wild); pickup_refusal says.
    return not top.is_wild and pair == 1 and config.rules.pile_with_wild


def _may_ask(config: GameConfig, state: GameState, seat: int) -> bool:
    """False where :func:`ask_refusal` surely refuses for the common reasons (asked already, not
    in the foot), found without putting the refusal in words; True where it has to be asked."""
    return not state.turn.asked and state.deal.feet[seat] is None


def lay_moves(config: GameConfig, state: GameState, seat: int) -> list[Move]:
    """The legal melds and additions, one card or one smallest meld each."""
    return _lay_moves(config, state, seat, rank_counts(state.deal.hands[seat]))


def _lay_moves(config: GameConfig, state: GameState, seat: int, counts: list[int]) -> list[Move]:
    """:func:`lay_moves`, with the hand's cards of each rank counted."""
    rules = config.rules
    deal = state.deal
    hand = deal.hands[seat]
    team = deal.teams[config.seating.team_of[seat]]
    twos, jokers = counts[TWO], counts[JOKER]
    open_ranks: dict[int, Meld] = {m.rank: m for m in team.melds if not m.is_book}
    candidates: list[Move] = []
    pair_takes_wild = rules.wild_ratio.pair_takes_wild
    for rank in NATURAL_RANKS:
        n = counts[rank]
        if n < 2 or rank in open_ranks:
            continue
        if n >= 3:
            candidates.append(_MELD_THREE[rank])
        if pair_takes_wild:
            if twos:
                candidates.append(_MELD_WITH_TWO[rank])
            if jokers:
                candidates.append(_MELD_WITH_JOKER[rank])
    if rules.wild_melds and WILD not in open_ranks and twos + jokers >= 3:
        for j in range(min(jokers, 3), -1, -1):
            if twos >= 3 - j:
                candidates.append(_WILD_MELDS[j])
    caps = rules.wild_caps
    for rank, m in open_ranks.items():
        if rank != WILD and counts[rank]:
            candidates.append(_ADD_NATURAL[rank])
        # ratio_ok with one wild card more: a wild meld has no naturals, so it always may; a
        # natural meld (open, so of fewer cards than a book) while its wilds stay under the cap.
        if (twos or jokers) and (rank == WILD or m.wilds < caps[m.naturals]):
            if twos:
                candidates.append(_ADD_TWO[rank])
            if jokers:
                candidates.append(_ADD_JOKER[rank])
    size = len(hand)
    if size >= 5:
        return candidates  # every candidate lays three cards at most, and leaves two or more
    foot = deal.feet[seat]
    in_foot = foot is None
    # Emptying the hand before the foot is checked when it might break C-MIN, or C-KEEP for a
    # foot too small to go on with (C-FOOT a).
    check_empty = not team.opened or (foot is not None and len(foot) < 2)
    moves: list[Move] = []
    for move in candidates:
        remaining = size - len(move.groups[0])
        # Only a move that empties the hand (or nearly, in the foot) can break C-MIN or C-KEEP.
        if (
            remaining >= 2
            or (not in_foot and not (check_empty and remaining == 0))
            or _allowed(config, state, seat, move)
        ):
            moves.append(move)
    return moves


def _allowed(config: GameConfig, state: GameState, seat: int, move: Move) -> bool:
    try:
        validate_lay(config, state, seat, move)
    except IllegalMoveError:
        return False
    return True
