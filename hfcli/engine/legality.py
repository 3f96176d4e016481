"""The rules' checks, one function each: may this seat take the pile, ask, go out, discard now?

Each returns a :class:`Refusal` (the rule's id and the reason in words) when the rules forbid it,
or None when they allow it. Nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from hfcli.engine.cards import JOKER, RANK_TOKENS, THREE, TWO, Card, card_code
from hfcli.engine.config import GameConfig
from hfcli.engine.errors import Refusal
from hfcli.engine.melds import CLEAN_BOOK, DIRTY_BOOK, WILD, WILD_BOOK, BookKind, count_books, meld_rank_name, ratio_ok
from hfcli.engine.opening import max_opening_value
from hfcli.engine.options import MeldMinimumBy
from hfcli.engine.rule_ids import RuleId
from hfcli.engine.rules import Rules
from hfcli.engine.scoring import running_totals
from hfcli.engine.state import GameState, TeamState


def minimum_for(config: GameConfig, state: GameState, team: int) -> int:
    """C-MIN: the first-meld minimum of side ``team`` in the deal in progress."""
    rules = config.rules
    if rules.meld_minimum_by is _BY_SCORE:
        # Only a minimum by score asks for the totals, which add up every finished deal.
        return rules.meld_minimum(state.deal.index, running_totals(state.results, len(config.seating.team_names))[team])
    # By the deal, as MeldMinimumBy.minimum reads it, without its calls: every view asks.
    minimums = rules.meld_minimums
    return minimums[min(state.deal.index, len(minimums) - 1)]


_BY_SCORE = MeldMinimumBy.SCORE  # a member read through its class costs a call


def books_with(team: TeamState, completed: Sequence[BookKind] = ()) -> tuple[int, int, int]:
    """The side's clean, dirty and wild books, counting books of the ``completed`` kinds that a
    move being checked would close."""
    clean, dirty, wild = count_books(team.melds)
    return (
        clean + completed.count(CLEAN_BOOK),
        dirty + completed.count(DIRTY_BOOK),
        wild + completed.count(WILD_BOOK),
    )


def partner_holds_foot(config: GameConfig, state: GameState, seat: int) -> bool:
    """C-OUT, T-OUT: going out (and asking to) waits for the side's other members to pick up
    their feet (all of them, or one with ``whole_side_in_foot`` off), unless V-OUT drops that."""
    partners = config.seating.partners(seat)
    if not config.rules.partner_in_foot_to_go_out or not partners:
        return False
    feet = state.deal.feet
    holding = [p for p in partners if feet[p] is not None]
    if config.rules.whole_side_in_foot:
        return bool(holding)
    return len(holding) == len(partners)


def _mates(config: GameConfig, state: GameState, seat: int) -> str:
    return "your partner" if len(config.seating.partners(seat)) == 1 else "your teammates"


def out_refusal(config: GameConfig, state: GameState, seat: int, books: tuple[int, int, int]) -> Refusal | None:
    """C-OUT / V-OUT / T-OUT: why ``seat`` may not go out now, with its side holding ``books``."""
    if state.deal.feet[seat] is not None:
        return Refusal(RuleId.C_OUT, "you are not playing from your foot yet")
    return _side_out_refusal(config, state, seat, books)


def _side_out_refusal(config: GameConfig, state: GameState, seat: int, books: tuple[int, int, int]) -> Refusal | None:
    """C-OUT / V-OUT / T-OUT but the seat's own foot: the books, the side's feet, the permission."""
    rules = config.rules
    clean, dirty, wild = books
    if (
        clean < rules.clean_books_to_go_out
        or dirty < rules.dirty_books_to_go_out
        or wild < rules.wild_books_to_go_out
    ):
        need = [f"{rules.clean_books_to_go_out} clean", f"{rules.dirty_books_to_go_out} dirty"]
        if rules.wild_books_to_go_out:
            need.append(f"{rules.wild_books_to_go_out} wild")
        side = "partnership" if config.seating.partners(seat) else "you have"
        have = f"the {side} has" if side == "partnership" else side
        return Refusal(RuleId.C_OUT, f"going out needs {', '.join(need)} books; {have} {clean}, {dirty}, {wild}")
    if partner_holds_foot(config, state, seat):
        return Refusal(RuleId.C_OUT, f"{_mates(config, state, seat)} {_not_in_foot(config, state, seat)}")
    permission = state.turn.permission
    partners = config.seating.partners(seat)
    if rules.going_out_needs_permission and partners and permission is not True:
        who = "your partner" if len(partners) == 1 else config.seating.long_names[partners[0]]
        if permission is False:
            return Refusal(RuleId.C_OUT, f"{who} said no this turn")
        return Refusal(RuleId.C_OUT, f"ask {who} first ('ask')")
    return None


def short_foot_refusal(config: GameConfig, state: GameState, seat: int, books: tuple[int, int, int]) -> Refusal | None:
    """C-KEEP with C-FOOT (a): why ``seat``, not yet in the foot, may not empty the hand by laying
    cards down. A foot of one card, picked up in the middle of the turn, would leave a card that
    could be neither melded nor discarded unless the player may go out at once (``books``: the
    side's books after the move), and the turn could not end."""
    foot = state.deal.feet[seat]
    if foot is None or len(foot) >= 2 or _side_out_refusal(config, state, seat, books) is None:
        return None
    return Refusal(
        RuleId.C_KEEP,
        f"your foot holds {len(foot)} card: picked up now, it would leave you a card you could neither meld "
        "nor discard, since you may not go out this turn; keep a card and discard it to reach your foot",
    )


def _not_in_foot(config: GameConfig, state: GameState, seat: int) -> str:
    if len(config.seating.partners(seat)) == 1:
        return "has not picked up their foot"
    return "have not all picked up their feet" if config.rules.whole_side_in_foot else "have not picked up their feet"


def ask_refusal(config: GameConfig, state: GameState, seat: int) -> Refusal | None:
    """C-OUT, T-OUT: asking "may I go out?" is allowed once a turn, from the foot, with the side in
    theirs; the asker's next teammate in turn order answers. A player alone never asks."""
    if not config.rules.going_out_needs_permission:
        return Refusal(RuleId.V_OUT, "no permission is asked under these rules")
    if not config.seating.partners(seat):
        return Refusal(RuleId.T_OUT, "you play alone: going out needs no one's permission")
    if state.turn.asked:
        return Refusal(RuleId.C_OUT, "you have already asked this turn")
    if state.deal.feet[seat] is not None:
        return Refusal(RuleId.C_OUT, "only a player playing from their foot may ask to go out")
    if partner_holds_foot(config, state, seat):
        return Refusal(RuleId.C_OUT, f"{_mates(config, state, seat)} {_not_in_foot(config, state, seat)}")
    return None


def pickup_pair(hand: Sequence[Card], top: Card, rules: Rules) -> list[Card]:
    """C-PILE: the two cards from the hand that take the pile with ``top``: two of its rank (a
    matching wild pair for a wild top card), the lowest-coded; with ``pile_with_wild``, failing a
    natural pair, one natural and the lowest-coded wild card. Fewer than two when it cannot be taken."""
    same = sorted((c for c in hand if c.rank == top.rank), key=card_code)
    if len(same) >= 2 or top.is_wild or not rules.pile_with_wild or not same:
        return same[:2]
    wilds = sorted((c for c in hand if c.is_wild), key=card_code)
    return same[:1] + wilds[:1]


def pickup_refusal(config: GameConfig, state: GameState, seat: int) -> Refusal | None:
    """C-PILE (with C-BLACK3, V-NOWILD, C-MIN and C-KEEP): why ``seat`` may not take the pile now."""
    deal = state.deal
    pile = deal.pile
    if not pile:
        return Refusal(RuleId.C_PILE, "the discard pile is empty")
    rules = config.rules
    top = pile[-1]
    if top.rank == THREE:
        return Refusal(RuleId.C_PILE, f"a black three ({top.text}) on top blocks the pile (C-BLACK3)")
    hand = deal.hands[seat]
    team = deal.teams[config.seating.team_of[seat]]
    if rules.pile_needs_first_meld and not team.opened:
        return Refusal(
            RuleId.C_PILE, "your side may take the pile once it has made its first meld (pile_needs_first_meld)"
        )
    pair = sum(1 for c in hand if c.rank == top.rank)
    with_wild = False  # a natural and a wild card take it (pile_with_wild)
    if top.is_wild:
        if not rules.wild_melds:
            return Refusal(RuleId.V_NOWILD, f"a pile topped by a wild card ({top.text}) cannot be taken")
        if pair < 2:
            name = "jokers" if top.rank == JOKER else "twos"
            return Refusal(RuleId.C_PILE, f"taking a pile topped by {top.text} needs two {name} in your hand")
        rank = WILD
    else:
        if pair < 2:
            with_wild = rules.pile_with_wild and pair == 1 and any(c.is_wild for c in hand)
            if not with_wild:
                also = ", or one and a wild card," if rules.pile_with_wild else ""
                return Refusal(
                    RuleId.C_PILE,
                    f"taking the pile needs two natural {RANK_TOKENS[top.rank]}s{also} in your hand; you hold {pair}",
                )
        rank = top.rank
    at = team.open_meld(rank)
    existing = team.melds[at] if at is not None else None
    if existing is not None and len(existing.cards) + 3 > rules.book_size:
        return Refusal(
            RuleId.C_PILE,
            f"the top card and your pair would make the open meld of {meld_rank_name(rank)} "
            f"{len(existing.cards) + 3} cards; a meld holds at most {rules.book_size}",
        )
    if with_wild and existing is not None and not ratio_ok(rank, existing.naturals + 2, existing.wilds + 1, rules):
        return Refusal(
            rules.wild_ratio.rule,
            f"a wild card on the open meld of {meld_rank_name(rank)} would break {rules.wild_ratio.rule}",
        )
    if not team.opened:
        refusal = _first_meld_refusal(config, state, seat, rank, with_wild)
        if refusal is not None:
            return refusal
    closes = [existing.kind] if existing is not None and len(existing.cards) + 3 == rules.book_size else []
    return _cards_left_refusal(config, state, seat, closes)


def _first_meld_refusal(config: GameConfig, state: GameState, seat: int, rank: int, with_wild: bool) -> Refusal | None:
    """C-MIN for a side that has not melded: why the top card and the hand cannot make its first
    meld when ``seat`` takes the pile onto a meld of ``rank`` (with a wild card for the pair)."""
    rules = config.rules
    hand = state.deal.hands[seat]
    top = state.deal.pile[-1]
    counts = [0] * 14
    if top.is_wild:
        # The pile's wild meld is the top card and the pair the engine takes (C-PILE), whatever
        # wild cards the hand holds besides: those may join it or go anywhere else.
        melded = pickup_pair(hand, top, rules)
        rest = list(hand)
        for c in melded:
            rest.remove(c)
        for c in rest:
            counts[c.rank] += 1
        values = rules.rank_values
        free = rules.book_size - 3
        best = values[top.rank] + sum(values[c.rank] for c in melded) + max_opening_value(
            counts, counts[TWO], counts[JOKER], rules, free_wild_slots=free)
    else:
        for c in hand:
            counts[c.rank] += 1
        counts[top.rank] += 1
        best = max_opening_value(counts, counts[TWO], counts[JOKER], rules, rank, 2 if with_wild else 3)
    minimum = minimum_for(config, state, config.seating.team_of[seat])
    if best < minimum:
        return Refusal(
            RuleId.C_MIN,
            f"your first meld must reach {minimum} from the top card and your hand; "
            f"the most you could lay is {max(best, 0)}",
        )
    return None


def _cards_left_refusal(config: GameConfig, state: GameState, seat: int, closes: list[BookKind]) -> Refusal | None:
    """C-KEEP (and C-FOOT's short foot): why taking the pile would leave ``seat`` too few cards,
    ``closes`` the kind of the book the pickup itself closes, if it does."""
    rules = config.rules
    deal = state.deal
    hand = deal.hands[seat]
    team = deal.teams[config.seating.team_of[seat]]
    taken = min(len(deal.pile), rules.pile_limit)
    remaining = len(hand) - 2 + taken - 1
    if deal.feet[seat] is not None:
        if remaining == 0:
            return short_foot_refusal(config, state, seat, books_with(team, closes))
        return None
    if remaining < 2:
        refusal = out_refusal(config, state, seat, books_with(team, closes))
        if refusal is not None or (remaining == 0 and not rules.go_out_by_melding_all):
            why = refusal.reason if refusal is not None else "you need a card to discard"
            return Refusal(
                RuleId.C_KEEP, f"taking the pile would leave you {remaining} card(s) and you may not go out: {why}"
            )
    return None


def discard_refusal(config: GameConfig, state: GameState, seat: int) -> Refusal | None:
    """C-MIN and C-KEEP: why ``seat`` may not end the turn with a discard now (whatever the card)."""
    turn, deal = state.turn, state.deal
    team_index = config.seating.team_of[seat]
    team = deal.teams[team_index]
    last_card = len(deal.hands[seat]) == 1
    # C-MIN (waived, if the rules say so, for a first meld of the whole hand)
    if turn.laid and not team.opened and not (last_card and config.rules.minimum_waived_for_whole_hand):
        minimum = minimum_for(config, state, team_index)
        if turn.opening_value < minimum:
            return Refusal(
                RuleId.C_MIN,
                f"your side's first meld must total at least {minimum}; it has "
                f"{turn.opening_value} so far (meld more, or undo)",
            )
    if last_card and deal.feet[seat] is None:
        refusal = out_refusal(config, state, seat, books_with(team))
        if refusal is not None:
            return Refusal(RuleId.C_KEEP, f"discarding your last card would be going out, and {refusal.reason} (C-OUT)")
    return None


def draw_refusal(config: GameConfig, state: GameState) -> Refusal | None:
    """C-END: a draw needs a stock."""
    if not state.deal.stock:
        return Refusal(RuleId.C_END, "the stock is empty: take the pile or 'end' the deal")
    return None


def end_refusal(config: GameConfig, state: GameState) -> Refusal | None:
    """C-END: declining the pile ends the deal only when the stock is empty."""
    if state.deal.stock:
        return Refusal(RuleId.C_END, "the deal can be ended only when the stock is empty")
    return None
