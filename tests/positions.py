"""Game positions for rule tests, written in a short form that expands to the position text.

    S hand: 9 9 9 K K 2        a seat's hand (a bare rank is a card of that rank, JK the joker;
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
and an empty (unpicked) foot; the stock defaults to every four of the shoe that the position does
not name elsewhere, the pile to one nine, and the deals before ``deal`` to deals that scored
nothing, so a position only says what matters to its test.

A bare rank is that rank's club while the shoe holds one the position has not used, then its spade,
diamond and heart (a bare ``3`` stays black: clubs, then spades). Exact cards are set aside first,
the bare ranks are given suits line by line, and the default pile and stock take what is left.

:func:`position_text` fills all that in and writes the position text (docs/position.md);
:func:`position` reads the text into a game with ``Game.from_position``, the one reader of positions.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable

from hfcli.engine.cards import Card, card, format_cards, new_shoe
from hfcli.engine.errors import IllegalMoveError
from hfcli.engine.game import Game
from hfcli.engine.melds import Meld, meld_of
from hfcli.engine.moves import Move
from hfcli.engine.position import FORMAT, VERSION, position_cards, result_text, rules_text, seating_text
from hfcli.engine.rules import CLASSIC, Rules
from hfcli.engine.scoring import DealEnding, DealResult, TeamScore
from hfcli.engine.seating import Seating, table


def _is_bare(token: str) -> bool:
    return len(token) == 1 or token == "10"


def cards(text: str) -> list[Card]:
    """Cards from tokens: a bare rank is that rank's club (``3`` is the black three 3C)."""
    out: list[Card] = []
    for token in text.split():
        t = token.upper()
        if t in ("JK", "JOKER"):
            out.append(card("JK"))
        elif _is_bare(t):
            out.append(card(t + "C"))
        else:
            out.append(card(t))
    return out


def meld(text: str, rules: Rules = CLASSIC) -> Meld:
    return meld_of(cards(text), rules.book_size)


class _Shoe:
    """The cards of the shoe a position has not used yet; gives bare ranks their suits."""

    def __init__(self, rules: Rules, exact: Iterable[Card]) -> None:
        self.left = Counter(new_shoe(rules.deck_count))
        self.left.subtract(exact)

    def take(self, candidates: Iterable[Card]) -> Card | None:
        for c in candidates:
            if self.left[c] > 0:
                self.left[c] -= 1
                return c
        return None

    def bare(self, token: str) -> Card:
        rank = "T" if token == "10" else token
        suits = "CS" if rank == "3" else "CSDH"
        # No card of the rank left: the club, which the reader refuses as one card too many.
        return self.take(card(rank + suit) for suit in suits) or card(rank + "C")


def _exact(tokens: Iterable[str]) -> list[Card]:
    return [card("JK") if t in ("JK", "JOKER") else card(t) for t in tokens if not _is_bare(t)]


def _scoreless_deal(index: int, sides: Iterable[str]) -> DealResult:
    zero = {f.name: 0 for f in dataclasses.fields(TeamScore) if f.name != "team"} | {"went_out": False}
    return DealResult(index, DealEnding.STOCK, None, tuple(TeamScore(side, **zero) for side in sides))


def position_text(text: str, rules: Rules = CLASSIC, seed: int = 0, seating: Seating | None = None) -> str:
    """The position text (docs/position.md) of the short form ``text``, at the rules' table
    unless ``seating`` says otherwise."""
    seating = seating or table(rules.players, rules.teams)
    names, sides = seating.names, seating.team_names
    # Card lines as tokens first: every exact card is set aside before a bare rank takes a suit.
    held: dict[str, list[list[str]]] = {}  # "S hand", "NS melds", "pile", ...: token groups
    opened: set[str] = set()
    picked_up: set[str] = set()
    turn_seat, phase, deal = names[0], "draw", 1

    def side(word: str) -> str:
        if word not in sides:
            raise ValueError(f"unknown side {word!r}; sides are {', '.join(sides)}")
        return word

    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line:
            continue
        head, _, body = line.partition(":")
        words = head.split()
        tokens = body.upper().split()
        if head in ("pile", "stock"):
            held[head] = [tokens]
        elif head == "turn":
            seat_name, phase = body.split()
            turn_seat = names[seating.seat_index(seat_name)]
        elif head == "deal":
            deal = int(body)
        elif len(words) == 2 and words[1] == "hand":
            held[f"{names[seating.seat_index(words[0])]} hand"] = [tokens]
        elif len(words) == 2 and words[1] == "foot":
            seat = names[seating.seat_index(words[0])]
            if body.strip() == "-":
                picked_up.add(seat)
            else:
                held[f"{seat} foot"] = [tokens]
        elif len(words) == 2 and words[1] == "melds":
            held[f"{side(words[0])} melds"] = [part.upper().split() for part in body.split("/") if part.strip()]
        elif len(words) == 2 and words[1] == "red3":
            held[f"{side(words[0])} red threes"] = [tokens]
        elif len(words) == 2 and words[1] == "opened":
            opened.add(side(words[0]))
        else:
            raise ValueError(f"cannot read position line {line!r}")
    shoe = _Shoe(rules, _exact(t for groups in held.values() for group in groups for t in group))
    written = {
        key: [[shoe.bare(t) if _is_bare(t) else _exact([t])[0] for t in group] for group in groups]
        for key, groups in held.items()
    }
    pile = written["pile"][0] if "pile" in written else [shoe.bare("9")]
    if "stock" in written:
        stock = written["stock"][0]
    else:
        # Top first, as the stock was always drawn: 4S first, and the fours named elsewhere missing
        # from the bottom.
        fours = [shoe.take([c]) for c in cards("4S 4H 4D 4C " * rules.deck_count)]
        stock = [c for c in fours if c is not None]

    def cards_of(key: str) -> str:
        return position_cards(written[key][0]) if key in written else "-"

    # The seat before the one to play dealt: the turn is the first of the deal or one like it.
    dealer = names[(names.index(turn_seat) - 1) % len(names)]
    lines = [
        f"{FORMAT} {VERSION}",
        f"rules: {rules_text(rules)}",
        f"seating: {seating_text(seating)}",
        f"seed: {seed}",
        f"deal: {deal}, dealer {dealer}",
    ]
    for index in range(deal - 1):
        lines.append(f"result {index + 1}: {result_text(_scoreless_deal(index, sides), names)}")
    lines += [
        f"turn: {turn_seat}, {phase}",
        f"to move: {turn_seat}",
        "asked: no",
        "permission: none",
        "laid: no",
        "opening value: 0",
        "counting: all",
    ]
    for name in names:
        foot = "picked up" if name in picked_up else cards_of(f"{name} foot")
        lines += [f"{name} hand: {cards_of(f'{name} hand')}", f"{name} foot: {foot}"]
    for name in sides:
        melds = " / ".join(format_cards(group) for group in written.get(f"{name} melds", []))
        lines += [
            f"{name} melds: {melds or '-'}",
            f"{name} red threes: {cards_of(f'{name} red threes')}",
            f"{name} opened: {'yes' if name in opened else 'no'}",
        ]
    lines += [f"pile: {position_cards(pile)}", f"stock: {position_cards(stock)}"]
    return "\n".join(lines) + "\n"


def position(text: str, rules: Rules = CLASSIC, seed: int = 0, seating: Seating | None = None) -> Game:
    """A game in the position the short form ``text`` describes, read from its position text."""
    return Game.from_position(position_text(text, rules, seed, seating))


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


