"""Every claim a rule-based player's reason makes about the table is checked against the whole
game (which the player never sees) at the moment it is made, over whole games at every level."""

from __future__ import annotations

import pytest

from ai import Decision
from hfcli.engine.cards import THREE
from hfcli.engine.game import Game
from hfcli.engine.melds import WILD, count_books
from hfcli.engine.moves import MoveKind
from hfcli.engine.reasons import Reason, ReasonKind
from hfcli.engine.rules import preset
from hfcli.levels import make_player
from hfcli.table.match import play_game

CLASSIC = preset("classic")
R = ReasonKind


def held(game: Game, seat: int, rank: int) -> int:
    return sum(1 for c in game.hands[seat] if c.rank == rank)


def check_discard(game: Game, decision: Decision) -> set[str]:
    """Check a discard's reason, fact by fact, against the game; return the kinds of claim it made."""
    seat = game.to_move
    seating = game.seating
    nxt = seating.next_seat(seat)
    rank = decision.move.groups[0][0].rank
    why = decision.reason
    assert isinstance(why, Reason), why
    claims: set[str] = set()
    take = min(game.rules.pile_take, len(game.pile) + 1)
    for part in why.walk():
        kind, fact = part.kind, part.fact
        if kind in (R.SINGLE, R.BREAKS_PAIR, R.ONE_OF_SET):
            assert fact("rank") == rank and fact("held") == held(game, seat, rank), why
            assert {R.SINGLE: 1, R.BREAKS_PAIR: 2}.get(kind, max(3, held(game, seat, rank))) == fact("held"), why
            claims.add(kind.value)
        elif kind is R.BLOCK_WITH_THREE:
            assert rank == THREE and fact("seat") == nxt and fact("take") == take, why
            claims.add("block")
        elif kind is R.RISK:
            assert fact("seat") == nxt and fact("rank") == rank and fact("take") == take, why
            if fact("how") == "holds-two":
                assert held(game, nxt, rank) >= 2, why
                claims.add("known pair")
            claims.add("risk")
        elif kind is R.NONE_UNSEEN or kind is R.FEW_UNKNOWN or kind is R.ALL_KNOWN:
            # What the reason says the next player cannot hold, the whole game confirms.
            assert fact("seat") == nxt and held(game, nxt, rank) < 2, why
            if kind is R.FEW_UNKNOWN:
                # The "South holds too few cards" when South held 4: the words give the hand's size.
                assert fact("hand") == len(game.hands[nxt]), why
            claims.add("dead")
        elif kind is R.NO_ROOM:
            team = game.teams[seating.team_of[nxt]]
            at = team.open_meld(WILD if decision.move.groups[0][0].is_wild else rank)
            assert at is not None and len(team.melds[at].cards) + 3 > game.rules.book_size, why
            claims.add("no room")
        elif kind is R.PARTNER_NEXT:
            assert seating.team_of[nxt] == seating.team_of[seat], why
        elif kind is R.SAFEST or kind is R.RISK_WORTH_IT:
            # Said only of a card the next player may take the pile with.
            risk = next(p for p in why.walk() if p.kind is R.RISK)
            assert risk.fact("chance") > 0 and fact("rank") == rank, why
            other = fact("other_rank")
            if other is not None:
                assert other != rank and held(game, seat, other) >= 1, why
                if kind is R.SAFEST:
                    assert fact("other_chance") >= risk.fact("chance") - 0.0005, why
                else:
                    assert fact("other_chance") < risk.fact("chance") + 0.0005, why
            claims.add(kind.value)
    return claims


def check_draw(game: Game, decision: Decision) -> set[str]:
    why = decision.reason
    assert isinstance(why, Reason), why
    if why.kind is R.PILE_GAINS:
        assert why.fact("take") == min(game.rules.pile_take, len(game.pile)), why
        return {"take"}
    if why.kind is R.PILE_SLOWS_GOING_OUT:
        team = game.teams[game.seating.team_of[game.to_move]]
        rules = game.rules
        c, d, w = count_books(team.melds)
        assert c >= rules.clean_books_to_go_out and d >= rules.dirty_books_to_go_out, why
        assert w >= rules.wild_books_to_go_out, why
        assert game.is_legal("pickup"), why
        return {"decline"}
    return set()


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_reason_claim_holds_in_whole_games(level: str) -> None:
    claims: set[str] = set()

    def check(game: Game, decision: Decision) -> None:
        kind = decision.move.kind
        if kind is MoveKind.DISCARD:
            claims.update(check_discard(game, decision))
        elif kind in (MoveKind.DRAW, MoveKind.PICKUP):
            claims.update(check_draw(game, decision))

    for seed in range(3):
        game = Game(CLASSIC, seed=seed)
        play_game(game, [make_player(level, seed, s) for s in range(4)], on_decision=check)
    # The games exercised the common claims (the rarer ones have their own positions).
    assert {"single", "breaks-pair", "risk", "take", "safest"} <= claims
    if level != "easy":
        assert "block" in claims
