"""Every claim a rule-based player's reason makes about the table is checked against the whole
game (which the player never sees) at the moment it is made, over whole games at every level."""

from __future__ import annotations

import re

import pytest

from ai import Decision, make_player
from hfcli.engine.cards import RANK_NAMES, RANK_PLURALS
from hfcli.engine.game import Game
from hfcli.engine.melds import WILD, count_books
from hfcli.engine.moves import MoveKind
from hfcli.engine.rules import preset
from hfcli.match import play_game

CLASSIC = preset("classic")
PLURAL = {name: rank for rank, name in enumerate(RANK_PLURALS)}
SINGULAR = {name: rank for rank, name in enumerate(RANK_NAMES)}


def held(game: Game, seat: int, rank: int) -> int:
    return sum(1 for c in game.hands[seat] if c.rank == rank)


def check_discard(game: Game, decision: Decision) -> set[str]:
    """Check a discard's reason against the game; return the kinds of claim it made."""
    seat = game.to_move
    seating = game.seating
    nxt = seating.next_seat(seat)
    name = seating.long_names[nxt]
    rank = decision.move.groups[0][0].rank
    reason = decision.reason
    claims: set[str] = set()
    if m := re.search(r": a single (\w+)", reason):
        assert SINGULAR[m.group(1)] == rank and held(game, seat, rank) == 1, reason
        claims.add("single")
    if m := re.search(r": breaks a pair of (\w+)", reason):
        assert PLURAL[m.group(1)] == rank and held(game, seat, rank) == 2, reason
        claims.add("pair")
    if m := re.search(r": one of (\d+) (\w+)", reason):
        assert held(game, seat, rank) == int(m.group(1)) >= 3, reason
        claims.add("set")
    if m := re.search(r": blocks the (\d+)-card pile for (\w+)", reason):
        assert decision.move.groups[0][0].rank == 0 and m.group(2) == name, reason
        assert int(m.group(1)) == min(game.rules.pile_take, len(game.pile) + 1), reason
        claims.add("block")
    if m := re.search(r"take the (\d+)-card pile", reason):
        assert int(m.group(1)) == min(game.rules.pile_take, len(game.pile) + 1), reason
        assert reason.split("; ", 1)[1].startswith(name), reason
        claims.add("risk")
    if f"{name} holds two" in reason:
        assert held(game, nxt, rank) >= 2, reason
        claims.add("known pair")
    if f"{name} cannot hold two" in reason:
        assert held(game, nxt, rank) < 2, reason
        claims.add("dead")
    if "have no room for three more" in reason:
        team = game.teams[seating.team_of[nxt]]
        at = team.open_meld(WILD if decision.move.groups[0][0].is_wild else rank)
        assert at is not None and len(team.melds[at].cards) + 3 > game.rules.book_size, reason
        claims.add("no room")
    if "next to play, is a partner" in reason:
        assert seating.team_of[nxt] == seating.team_of[seat], reason
    assert "has a meld of" not in reason and "just took" not in reason and "cheap" not in reason, reason
    return claims


def check_draw(game: Game, decision: Decision) -> set[str]:
    reason = decision.reason
    if m := re.match(r"take pile: (\d+) cards", reason):
        assert int(m.group(1)) == min(game.rules.pile_take, len(game.pile)), reason
        return {"take"}
    if reason.startswith("draw: the books are there"):
        team = game.teams[game.seating.team_of[game.to_move]]
        rules = game.rules
        c, d, w = count_books(team.melds)
        assert c >= rules.clean_books_to_go_out and d >= rules.dirty_books_to_go_out, reason
        assert w >= rules.wild_books_to_go_out, reason
        assert game.is_legal("pickup"), reason
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
    assert {"single", "pair", "risk", "take"} <= claims
    if level != "easy":
        assert "block" in claims
