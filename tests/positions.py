"""Build game positions from text, for rule tests.

    S hand: 9 9 9 K K 2        a seat's hand (rank tokens mean the club card, JK the joker;
                               exact cards such as 9H or 3D name themselves)
    N foot: 4 4 5              a seat's unpicked foot; ``N foot: -`` means picked up
    NS melds: 9 9 9 2 / K K K  a partnership's melds, ``/`` between melds
    NS red3: 3H 3D             red threes laid in a partnership's area
    NS opened                  the partnership has made its first meld this deal
    pile: 7 8 K                the discard pile, bottom first (K is the top card)
    stock: 4 5 6               the stock, top first (4 is drawn first)
    turn: S meld               the seat whose turn it is, and the phase (draw or meld)
    deal: 2                    the deal number, 1-based (sets the minimum, C-MIN)

Seats (S, W, N, E at four; see hfcli.engine.seating for other tables) and sides (NS, EW, or
S+N and the like) are named as the rules' table names them. Seats not mentioned get an empty hand
and an empty (unpicked) foot; the stock defaults to every four of the shoe and the pile to one
nine, so a position only says what matters to its test.
"""

from __future__ import annotations

from collections.abc import Iterable

from hfcli.engine.cards import Card, card, new_shoe
from hfcli.engine.errors import IllegalMoveError
from hfcli.engine.game import Game
from hfcli.engine.melds import Meld, meld_of
from hfcli.engine.moves import Move
from hfcli.engine.position import Position
from hfcli.engine.rules import CLASSIC, Rules
from hfcli.engine.seating import Seating, table
from hfcli.engine.state import DealState, Phase, TeamState, TurnState


def cards(text: str) -> list[Card]:
    """Cards from tokens: a bare rank is that rank's club (``3`` is the black three 3C)."""
    out: list[Card] = []
    for token in text.split():
        t = token.upper()
        if t in ("JK", "JOKER"):
            out.append(card("JK"))
        elif len(t) == 1 or t == "10":
            out.append(card(t + "C"))
        else:
            out.append(card(t))
    return out


def meld(text: str, rules: Rules = CLASSIC) -> Meld:
    return meld_of(cards(text), rules.book_size)


def position(text: str, rules: Rules = CLASSIC, seed: int = 0, seating: Seating | None = None) -> Game:
    """A game in the position ``text`` describes, built with the engine's public builder (at
    the rules' table unless ``seating`` says otherwise)."""
    seating = seating or table(rules.players, rules.teams)
    n = len(seating.names)
    hands: list[list[Card]] = [[] for _ in range(n)]
    feet: list[list[Card] | None] = [[] for _ in range(n)]
    teams = [TeamState() for _ in seating.team_names]
    stock = cards("4C 4D 4H 4S " * rules.deck_count)
    pile = cards("9")
    turn_seat, phase, deal_index = 0, "draw", 0
    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line:
            continue
        head, _, body = line.partition(":")
        words = head.split()
        if head == "pile":
            pile = cards(body)
        elif head == "stock":
            stock = cards(body)[::-1]
        elif head == "turn":
            seat_name, phase = body.split()
            turn_seat = seating.seat_index(seat_name)
        elif head == "deal":
            deal_index = int(body) - 1
        elif len(words) == 2 and words[1] == "hand":
            hands[seating.seat_index(words[0])] = cards(body)
        elif len(words) == 2 and words[1] == "foot":
            feet[seating.seat_index(words[0])] = None if body.strip() == "-" else cards(body)
        elif len(words) == 2 and words[1] == "melds":
            team = teams[seating.team_names.index(words[0])]
            team.melds = [meld(part, rules) for part in body.split("/") if part.strip()]
        elif len(words) == 2 and words[1] == "red3":
            teams[seating.team_names.index(words[0])].red_threes = cards(body)
        elif len(words) == 2 and words[1] == "opened":
            teams[seating.team_names.index(words[0])].opened = True
        else:
            raise ValueError(f"cannot read position line {line!r}")
    deal = DealState(deal_index, (turn_seat - 1) % n, hands, feet, teams, stock, pile)
    turn = TurnState(turn_seat, turn_seat, Phase(phase))
    return Position(rules, seating, deal, turn, seed=seed).game()


def assert_illegal(game: Game, move: str | Move, rule: str, *words: str) -> IllegalMoveError:
    """``move`` is refused citing ``rule`` (and the message holds ``words``), and nothing changes."""
    before = game.clone()
    events = len(game.events)
    assert not game.is_legal(move)
    try:
        game.apply(move)
    except IllegalMoveError as exc:
        assert exc.rule == rule, f"{move}: expected {rule}, got {exc}"
        for w in words:
            assert w in str(exc), f"{w!r} not in {exc}"
        assert game == before
        assert len(game.events) == events
        return exc
    raise AssertionError(f"{move} was accepted; expected {rule}")


def legal_texts(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def crafted_shoe(top: Iterable[Card], rules: Rules = CLASSIC) -> list[Card]:
    """A full shoe for ``rules`` whose first cards are ``top`` (top first), the rest in a fixed order."""
    rest = new_shoe(rules.deck_count)
    head = list(top)
    for c in head:
        rest.remove(c)
    return head + rest


def natural_filler(n: int) -> list[Card]:
    """``n`` natural cards (no threes, no wilds) that one five-deck shoe can supply."""
    naturals = [c for c in new_shoe(1) if c.is_natural]
    return (naturals * 5)[:n]


def dealt_order(rules: Rules) -> int:
    """How many shoe cards dealing takes before the upcard (hands then feet, four seats)."""
    return 4 * (rules.hand_size + rules.foot_size)


