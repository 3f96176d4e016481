"""The rules' checks, one function each: may this seat take the pile, ask, go out, discard now?

Each returns a :class:`Refusal` (the rule's id and the reason in words) when the rules forbid it,
or None when they allow it. Nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hfcli.engine.cards import JOKER, RANK_TOKENS, THREE, TWO
from hfcli.engine.errors import Refusal
from hfcli.engine.melds import WILD, BookKind, count_books, meld_rank_name
from hfcli.engine.opening import max_opening_value
from hfcli.engine.state import TeamState

if TYPE_CHECKING:
    from hfcli.engine.game import Game


def books_with(team: TeamState, completed: Sequence[BookKind] = ()) -> tuple[int, int, int]:
    """The side's clean, dirty and wild books, counting books of the ``completed`` kinds that a
    move being checked would close."""
    clean, dirty, wild = count_books(team.melds)
    return (
        clean + completed.count(BookKind.CLEAN),
        dirty + completed.count(BookKind.DIRTY),
        wild + completed.count(BookKind.WILD),
    )


def partner_holds_foot(game: Game, seat: int) -> bool:
    """C-OUT: going out (and asking to) waits for the partner's foot, unless V-OUT drops that."""
    feet = game.deal.feet
    return game.rules.partner_in_foot_to_go_out and any(feet[p] is not None for p in game.seating.partners(seat))


def out_refusal(game: Game, seat: int, books: tuple[int, int, int]) -> Refusal | None:
    """C-OUT / V-OUT: why ``seat`` may not go out now, with its side holding ``books``."""
    rules = game.rules
    if game.deal.feet[seat] is not None:
        return Refusal("C-OUT", "you are not playing from your foot yet")
    clean, dirty, wild = books
    if (
        clean < rules.clean_books_to_go_out
        or dirty < rules.dirty_books_to_go_out
        or wild < rules.wild_books_to_go_out
    ):
        need = [f"{rules.clean_books_to_go_out} clean", f"{rules.dirty_books_to_go_out} dirty"]
        if rules.wild_books_to_go_out:
            need.append(f"{rules.wild_books_to_go_out} wild")
        return Refusal(
            "C-OUT", f"going out needs {', '.join(need)} books; the partnership has {clean}, {dirty}, {wild}"
        )
    if partner_holds_foot(game, seat):
        return Refusal("C-OUT", "your partner has not picked up their foot")
    permission = game.turn.permission
    if rules.going_out_needs_permission and permission is not True:
        if permission is False:
            return Refusal("C-OUT", "your partner said no this turn")
        return Refusal("C-OUT", "ask your partner first ('ask')")
    return None


def ask_refusal(game: Game, seat: int) -> Refusal | None:
    """C-OUT: asking "may I go out?" is allowed once a turn, from the foot, with the partner in theirs."""
    if not game.rules.going_out_needs_permission:
        return Refusal("V-OUT", "no permission is asked under these rules")
    if game.turn.asked:
        return Refusal("C-OUT", "you have already asked this turn")
    if game.deal.feet[seat] is not None:
        return Refusal("C-OUT", "only a player playing from their foot may ask to go out")
    if partner_holds_foot(game, seat):
        return Refusal("C-OUT", "your partner has not picked up their foot")
    return None


def pickup_refusal(game: Game, seat: int) -> Refusal | None:
    """C-PILE (with C-BLACK3, V-NOWILD, C-MIN and C-KEEP): why ``seat`` may not take the pile now."""
    deal = game.deal
    pile = deal.pile
    if not pile:
        return Refusal("C-PILE", "the discard pile is empty")
    rules = game.rules
    top = pile[-1]
    if top.rank == THREE:
        return Refusal("C-PILE", f"a black three ({top.text}) on top blocks the pile (C-BLACK3)")
    hand = deal.hands[seat]
    team = deal.teams[game.seating.team_of[seat]]
    pair = sum(1 for c in hand if c.rank == top.rank)
    if top.is_wild:
        if not rules.wild_melds:
            return Refusal("V-NOWILD", f"a pile topped by a wild card ({top.text}) cannot be taken")
        if pair < 2:
            name = "jokers" if top.rank == JOKER else "twos"
            return Refusal("C-PILE", f"taking a pile topped by {top.text} needs two {name} in your hand")
        rank = WILD
    else:
        if pair < 2:
            return Refusal(
                "C-PILE", f"taking the pile needs two natural {RANK_TOKENS[top.rank]}s in your hand; you hold {pair}"
            )
        rank = top.rank
    at = team.open_meld(rank)
    existing = team.melds[at] if at is not None else None
    if existing is not None and len(existing.cards) + 3 > rules.book_size:
        return Refusal(
            "C-PILE",
            f"the top card and your pair would make the open meld of {meld_rank_name(rank)} "
            f"{len(existing.cards) + 3} cards; a meld holds at most {rules.book_size}",
        )
    if not team.opened:
        counts = [0] * 14
        for c in hand:
            counts[c.rank] += 1
        counts[top.rank] += 1
        best = max_opening_value(counts, counts[TWO], counts[JOKER], rules, rank)
        if best < game.minimum:
            return Refusal(
                "C-MIN",
                f"your first meld must reach {game.minimum} from the top card and your hand; "
                f"the most you could lay is {max(best, 0)}",
            )
    if deal.feet[seat] is not None:
        return None
    taken = min(len(pile), rules.pile_take)
    remaining = len(hand) - 2 + taken - 1
    if remaining < 2:
        closes = [existing.kind] if existing is not None and len(existing.cards) + 3 == rules.book_size else []
        refusal = out_refusal(game, seat, books_with(team, closes))
        if refusal is not None or (remaining == 0 and not rules.go_out_by_melding_all):
            why = refusal.reason if refusal is not None else "you need a card to discard"
            return Refusal(
                "C-KEEP", f"taking the pile would leave you {remaining} card(s) and you may not go out: {why}"
            )
    return None


def discard_refusal(game: Game, seat: int) -> Refusal | None:
    """C-MIN and C-KEEP: why ``seat`` may not end the turn with a discard now (whatever the card)."""
    turn = game.turn
    team = game.deal.teams[game.seating.team_of[seat]]
    if turn.laid and not team.opened and turn.opening_value < game.minimum:
        return Refusal(
            "C-MIN",
            f"your partnership's first meld must total at least {game.minimum}; it has "
            f"{turn.opening_value} so far (meld more, or undo)",
        )
    if len(game.deal.hands[seat]) == 1 and game.deal.feet[seat] is None:
        refusal = out_refusal(game, seat, books_with(team))
        if refusal is not None:
            return Refusal("C-KEEP", f"discarding your last card would be going out, and {refusal.reason} (C-OUT)")
    return None


def draw_refusal(game: Game) -> Refusal | None:
    """C-END: a draw needs a stock."""
    if not game.deal.stock:
        return Refusal("C-END", "the stock is empty: take the pile or 'end' the deal")
    return None


def end_refusal(game: Game) -> Refusal | None:
    """C-END: declining the pile ends the deal only when the stock is empty."""
    if game.deal.stock:
        return Refusal("C-END", "the deal can be ended only when the stock is empty")
    return None
