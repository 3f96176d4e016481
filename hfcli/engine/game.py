"""The game state: dealing, legal moves, applying moves, the end of a deal, the four-deal game.

This is the engine's one mutable object. It is pure: no printing, no files, no terminal. Every
random choice (the shuffles) comes from one ``random.Random`` seeded at creation, or from shoe
orders given explicitly, so a transcript replays without Python's ``random``.

A turn runs in phases: ``draw`` (draw, pickup, ask), ``meld`` (meld, add, discard, ask, undo)
and, while a partner answers "may I go out?", ``answer`` (yes, no) with the partner to move.
"""

from __future__ import annotations

import hashlib
import operator
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hfcli.engine import events as ev
from hfcli.engine.cards import (
    JOKER,
    NATURAL_RANKS,
    RANK_PLURALS,
    RANK_TOKENS,
    THREE,
    TWO,
    Card,
    card,
    new_shoe,
)
from hfcli.engine.errors import IllegalMoveError
from hfcli.engine.events import Event
from hfcli.engine.melds import (
    CLEAN,
    DIRTY,
    WILD,
    WILD_BOOK,
    Meld,
    count_books,
    meld_rank_name,
    meld_rank_token,
    ratio_ok,
)
from hfcli.engine.moves import ASK, DRAW, END, NO, PICKUP, UNDO, YES, Move, parse_move
from hfcli.engine.opening import max_opening_value
from hfcli.engine.rules import CLASSIC, Rules, card_values
from hfcli.engine.scoring import DealResult, GameResult, running_totals, score_team
from hfcli.engine.seating import FOUR_HANDED, Seating
from hfcli.engine.view import MeldView, SeatView, make_view

DRAW_PHASE, MELD_PHASE, ANSWER_PHASE, OVER = "draw", "meld", "answer", "over"

_TOKEN_CACHE: dict[str, tuple[int, Card | None]] = {}
_NAMED: dict[tuple[str, ...], list[tuple[int, Card | None]]] = {}  # a meld's tokens, exact cards first


def _token(token: str) -> tuple[int, Card | None]:
    """(rank, exact card or None) for a canonical card token."""
    found = _TOKEN_CACHE.get(token)
    if found is None:
        if token == "JK":
            found = (JOKER, None)
        elif len(token) == 1:
            found = (RANK_TOKENS.index(token), None)
        else:
            c = card(token)
            found = (c.rank, c)
        _TOKEN_CACHE[token] = found
    return found


class TeamState:
    """A partnership's side of the table for the current deal."""

    __slots__ = ("melds", "red_threes", "opened")

    def __init__(self) -> None:
        self.melds: list[Meld] = []
        self.red_threes: list[Card] = []
        self.opened = False

    def copy(self) -> TeamState:
        t = TeamState()
        t.melds = [m.copy() for m in self.melds]
        t.red_threes = list(self.red_threes)
        t.opened = self.opened
        return t

    def open_meld(self, rank: int, book_size: int) -> Meld | None:
        for m in self.melds:
            if m.rank == rank and len(m.cards) < book_size:
                return m
        return None

    def book_counts(self, book_size: int) -> tuple[int, int, int]:
        return count_books(self.melds, book_size)


@dataclass
class _Snapshot:
    """What ``undo`` restores: the seat's hand, and the partnership's melds before this turn's melds.

    Within a turn melds only grow (cards appended, new melds appended after the old ones), so the
    melds are remembered by their sizes, which is cheaper than copying them on every turn that melds.
    """

    hand: list[Card]
    meld_sizes: tuple[int, ...]  # len(cards) of each of the partnership's melds, in order
    opening_value: int
    hand_origin: dict[Card, int] | None
    laid: bool


@dataclass(slots=True)
class _MeldPlan:
    """A validated meld or add move: the physical cards and what they do."""

    new: bool  # new melds, or an addition to an open meld
    groups: list[tuple[int, list[Card], Meld | None]]  # rank, cards, the open meld they join (None: a new meld)
    used: list[Card]
    rest: list[Card]  # the hand without the used cards, in its order
    counted_value: int
    origin_after: dict[Card, int] | None


class Game:
    """One game of Hand and Foot: ``Game(rules, seed)``; see the README for the API."""

    def __init__(
        self,
        rules: Rules = CLASSIC,
        seed: int | None = None,
        *,
        seating: Seating = FOUR_HANDED,
        shoes: Sequence[Sequence[Card]] | None = None,
    ) -> None:
        self.rules = rules
        self.seating = seating
        self.seed = seed
        self.rng = random.Random(seed)
        self._given_shoes = [list(s) for s in shoes] if shoes is not None else None
        self.shoes: list[tuple[Card, ...]] = []  # the shoe of every deal so far, top card first
        self.results: list[DealResult] = []
        self._totals: tuple[int, ...] = tuple(0 for _ in seating.teams)
        self._totals_text = str(self._totals)  # as the digest writes it
        self.events: list[Event] = []  # everything, private cards included
        self._public_events: list[Event] = []
        self.move_count = 0
        n = len(seating.names)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.feet: list[list[Card] | None] = [[] for _ in range(n)]
        self.teams: list[TeamState] = [TeamState() for _ in seating.team_names]
        self.stock: list[Card] = []  # top card last
        self.pile: list[Card] = []  # top card last
        self.deal_index = -1
        self.dealer = seating.first_dealer
        self.phase = DRAW_PHASE
        self.turn_seat = 0
        self.to_move = 0
        self.went_out: int | None = None
        self._meld_views: tuple[tuple[MeldView, ...], ...] | None = None
        # For each hand and foot, then each partnership's red threes: the cards, and the bytes the
        # digest made of them.
        nothing: list[Card] = []
        self._digest_codes: list[tuple[list[Card], bytes]] = [(nothing, b"\xff")] * (2 * n) + [
            (nothing, b"")
        ] * len(seating.team_names)
        self._pile_codes: tuple[list[Card], bytes] = ([], b"")
        self._reset_turn_state()
        opening: list[Event] = []
        self._start_deal(0, opening)
        self.events += opening

    # ------------------------------------------------------------------ setup

    def _reset_turn_state(self) -> None:
        self.asked = False
        self.permission: bool | None = None
        self._answer_return = DRAW_PHASE
        self.laid = False
        self.opening_value = 0
        self._hand_origin: dict[Card, int] | None = None
        self._snapshot: _Snapshot | None = None

    def _next_shoe(self) -> list[Card]:
        index = len(self.shoes)
        if self._given_shoes is not None:
            if index >= len(self._given_shoes):
                raise ValueError(f"no shoe given for deal {index + 1}")
            shoe = list(self._given_shoes[index])
            if len(shoe) != self.rules.card_count:
                raise ValueError(f"deal {index + 1}: a shoe needs {self.rules.card_count} cards, not {len(shoe)}")
            return shoe
        shoe = new_shoe(self.rules.decks)
        self.rng.shuffle(shoe)
        return shoe

    def _start_deal(self, index: int, events: list[Event]) -> None:
        rules, seating = self.rules, self.seating
        n = len(seating.names)
        self.deal_index = index
        self.dealer = (seating.first_dealer + index) % n
        first = (self.dealer + 1) % n
        shoe = self._next_shoe()
        self.shoes.append(tuple(shoe))
        self.stock = shoe[::-1]
        self.pile = []
        self.teams = [TeamState() for _ in seating.team_names]
        self._meld_views = None
        self.went_out = None
        order = [(first + i) % n for i in range(n)]
        for seat in order:
            self.hands[seat] = [self.stock.pop() for _ in range(rules.hand_size)]
        for seat in order:
            self.feet[seat] = [self.stock.pop() for _ in range(rules.foot_size)]
        events.append(Event(ev.DEAL, self.dealer, count=index, detail=f"minimum {self.minimum}"))
        # C-UPCARD / V-UPCARD
        while True:
            up = self.stock.pop()
            buried = up.is_wild or up.is_red_three or (up.is_black_three and rules.bury_black_three_upcard)
            if not buried:
                break
            self.stock.insert(len(self.stock) - len(self.stock) // 2, up)
            events.append(Event(ev.BURY, cards=(up,)))
        self.pile.append(up)
        events.append(Event(ev.UPCARD, cards=(up,)))
        # C-RED3: dealt red threes are laid and replaced seat by seat from the first player.
        for seat in order:
            hand = self.hands[seat]
            reds = [c for c in hand if c.is_red_three]
            if reds:
                self.hands[seat] = [c for c in hand if not c.is_red_three]
                self._give(seat, reds, events)
        self._begin_turn(first, events)

    @property
    def public_events(self) -> list[Event]:
        """Every event as every seat saw it (no private cards); built as asked for, since a
        replay or a simulation without views never needs it."""
        public, events = self._public_events, self.events
        if len(public) < len(events):
            public.extend([e.public() for e in events[len(public):]])
        return public

    def _give(self, seat: int, cards: Iterable[Card], events: list[Event]) -> None:
        """Put cards into a hand, laying every red three and replacing it from the stock (C-RED3)."""
        hand = self.hands[seat]
        team = self.teams[self.seating.team_of[seat]]
        pending = list(cards)
        while pending:
            c = pending.pop(0)
            if c.is_red_three:
                team.red_threes.append(c)
                replacement = self.stock.pop() if self.stock else None
                events.append(Event(ev.RED_THREE, seat, cards=(c,), private=(replacement,) if replacement else ()))
                if replacement is not None:
                    pending.append(replacement)
                    if self._hand_origin is not None:
                        self._hand_origin[replacement] = self._hand_origin.get(replacement, 0) + 1
            else:
                hand.append(c)

    def _begin_turn(self, seat: int, events: list[Event]) -> None:
        self.turn_seat = seat
        self.to_move = seat
        self.phase = DRAW_PHASE
        self._reset_turn_state()
        # C-END: the stock is empty and the pile cannot be taken.
        if not self.stock and self._pickup_problem(seat) is not None:
            self._end_deal("stock", events)

    # ------------------------------------------------------------------ queries

    @property
    def minimum(self) -> int:
        return self.rules.meld_minimum(self.deal_index)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def partner(self, seat: int) -> int:
        return self.seating.partners(seat)[0]

    @property
    def result(self) -> GameResult | None:
        if self.phase != OVER:
            return None
        return GameResult(tuple(self.results), self.seating.team_names)

    def totals(self) -> tuple[int, ...]:
        """Each partnership's score over the deals played so far."""
        return self._totals

    def card_total(self) -> int:
        """Every card wherever it is; always 54 x decks."""
        n = len(self.stock) + len(self.pile)
        n += sum(len(h) for h in self.hands)
        n += sum(len(f) for f in self.feet if f is not None)
        for t in self.teams:
            n += len(t.red_threes) + sum(len(m.cards) for m in t.melds)
        return n

    def _out_problem(self, seat: int, books: tuple[int, int, int]) -> str | None:
        """Why ``seat`` may not go out now (C-OUT / V-OUT), or None."""
        rules = self.rules
        if self.feet[seat] is not None:
            return "you are not playing from your foot yet"
        clean, dirty, wild = books
        if (
            clean < rules.clean_books_to_go_out
            or dirty < rules.dirty_books_to_go_out
            or wild < rules.wild_books_to_go_out
        ):
            need = [f"{rules.clean_books_to_go_out} clean", f"{rules.dirty_books_to_go_out} dirty"]
            if rules.wild_books_to_go_out:
                need.append(f"{rules.wild_books_to_go_out} wild")
            return f"going out needs {', '.join(need)} books; the partnership has {clean}, {dirty}, {wild}"
        if self._partner_holds_foot(seat):
            return "your partner has not picked up their foot"
        if rules.going_out_needs_permission and self.permission is not True:
            if self.permission is False:
                return "your partner said no this turn"
            return "ask your partner first ('ask')"
        return None

    def _ask_problem(self, seat: int) -> str | None:
        rules = self.rules
        if not rules.going_out_needs_permission:
            return "no permission is asked under these rules (V-OUT)"
        if self.asked:
            return "you have already asked this turn"
        if self.feet[seat] is not None:
            return "only a player playing from their foot may ask to go out"
        if self._partner_holds_foot(seat):
            return "your partner has not picked up their foot"
        return None

    def _partner_holds_foot(self, seat: int) -> bool:
        """C-OUT: going out (and asking to) waits for the partner's foot, unless V-OUT drops that."""
        return self.rules.partner_in_foot_to_go_out and any(
            self.feet[p] is not None for p in self.seating.partners(seat)
        )

    def _pickup_problem(self, seat: int) -> tuple[str, str] | None:
        """(rule id, reason) why ``seat`` may not take the pile now, or None (C-PILE)."""
        if not self.pile:
            return ("C-PILE", "the discard pile is empty")
        rules = self.rules
        top = self.pile[-1]
        if top.rank == THREE:
            return ("C-PILE", f"a black three ({top.text}) on top blocks the pile (C-BLACK3)")
        hand = self.hands[seat]
        team = self.teams[self.seating.team_of[seat]]
        pair = sum(1 for c in hand if c.rank == top.rank)
        if top.is_wild:
            if not rules.wild_melds:
                return ("V-NOWILD", f"a pile topped by a wild card ({top.text}) cannot be taken")
            if pair < 2:
                name = "jokers" if top.rank == JOKER else "twos"
                return ("C-PILE", f"taking a pile topped by {top.text} needs two {name} in your hand")
            rank = WILD
        else:
            if pair < 2:
                return (
                    "C-PILE",
                    f"taking the pile needs two natural {RANK_TOKENS[top.rank]}s in your hand; you hold {pair}",
                )
            rank = top.rank
        existing = team.open_meld(rank, rules.book_size)
        if existing is not None and len(existing.cards) + 3 > rules.book_size:
            return (
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
            if best < self.minimum:
                return (
                    "C-MIN",
                    f"your first meld must reach {self.minimum} from the top card and your hand; "
                    f"the most you could lay is {max(best, 0)}",
                )
        if self.feet[seat] is not None:
            return None
        taken = min(len(self.pile), rules.pile_take)
        remaining = len(hand) - 2 + taken - 1
        if remaining < 2:
            closes = [existing.kind] if existing is not None and len(existing.cards) + 3 == rules.book_size else []
            problem = self._out_problem(seat, _books_with(team, rules.book_size, closes))
            if problem is not None or (remaining == 0 and not rules.go_out_by_melding_all):
                why = problem or "you need a card to discard"
                return ("C-KEEP", f"taking the pile would leave you {remaining} card(s) and you may not go out: {why}")
        return None

    def legal_moves(self) -> list[Move]:
        """Every legal move for the seat to move, in a fixed order. Melds are listed one at a time:
        each new meld at its smallest, each addition one card, so the list stays small."""
        phase = self.phase
        if phase == OVER:
            return []
        if phase == ANSWER_PHASE:
            return [YES, NO]
        seat = self.to_move
        moves: list[Move] = []
        if phase == DRAW_PHASE:
            if self.stock:
                moves.append(DRAW)
            if self._pickup_problem(seat) is None:
                moves.append(PICKUP)
                if not self.stock:
                    moves.append(END)
            if self._ask_problem(seat) is None:
                moves.append(ASK)
            return moves
        rules = self.rules
        hand = self.hands[seat]
        team = self.teams[self.seating.team_of[seat]]
        counts = [0] * 14
        for c in hand:
            counts[c.rank] += 1
        twos, jokers = counts[TWO], counts[JOKER]
        book = rules.book_size
        open_ranks: dict[int, Meld] = {}
        for m in team.melds:
            if len(m.cards) < book:
                open_ranks[m.rank] = m
        size = len(hand)
        in_foot = self.feet[seat] is None
        opening = not team.opened
        candidates: list[Move] = []
        twice = rules.wild_ratio == "twice"
        for rank in NATURAL_RANKS:
            n = counts[rank]
            if n < 2 or rank in open_ranks:
                continue
            if n >= 3:
                candidates.append(_MELD_THREE[rank])
            if twice:
                if twos:
                    candidates.append(_MELD_WITH_TWO[rank])
                if jokers:
                    candidates.append(_MELD_WITH_JOKER[rank])
        if rules.wild_melds and WILD not in open_ranks and twos + jokers >= 3:
            for j in range(min(jokers, 3), -1, -1):
                if twos >= 3 - j:
                    candidates.append(_WILD_MELDS[j])
        for rank, m in open_ranks.items():
            if rank != WILD and counts[rank]:
                candidates.append(_ADD_NATURAL[rank])
            # A wild meld has no naturals, so ratio_ok always lets it take another wild card.
            if (twos or jokers) and ratio_ok(rank, m.naturals, m.wilds + 1, rules):
                if twos:
                    candidates.append(_ADD_TWO[rank])
                if jokers:
                    candidates.append(_ADD_JOKER[rank])
        for move in candidates:
            remaining = size - len(move.groups[0])
            if remaining >= 2 or (not in_foot and not (opening and remaining == 0)):
                moves.append(move)
            elif self._illegal_reason(move) is None:
                moves.append(move)
        if self._discard_problem(seat) is None:
            seen: set[int] = set()
            for c in sorted(hand, key=_CODE_OF):
                if c.rank not in seen:
                    seen.add(c.rank)
                    moves.append(_DISCARD[c.rank])
        if self._ask_problem(seat) is None:
            moves.append(ASK)
        if self._snapshot is not None:
            moves.append(UNDO)
        return moves

    def _discard_problem(self, seat: int) -> tuple[str, str] | None:
        team = self.teams[self.seating.team_of[seat]]
        if self.laid and not team.opened and self.opening_value < self.minimum:
            return (
                "C-MIN",
                f"your partnership's first meld must total at least {self.minimum}; it has "
                f"{self.opening_value} so far (meld more, or undo)",
            )
        if len(self.hands[seat]) == 1 and self.feet[seat] is None:
            problem = self._out_problem(seat, team.book_counts(self.rules.book_size))
            if problem is not None:
                return ("C-KEEP", f"discarding your last card would be going out, and {problem} (C-OUT)")
        return None

    def is_legal(self, move: Move | str) -> bool:
        return self._illegal_reason(move) is None

    def _illegal_reason(self, move: Move | str) -> IllegalMoveError | None:
        try:
            self._validate(parse_move(move) if isinstance(move, str) else move)
        except IllegalMoveError as exc:
            return exc
        return None

    # ------------------------------------------------------------------ validation

    def _validate(self, move: Move) -> object:
        """Check ``move`` without changing anything; return what applying it needs."""
        kind = move.kind
        phase = self.phase
        seat = self.to_move
        if phase == OVER:
            raise IllegalMoveError("C-GAME", "the game is over")
        if phase == ANSWER_PHASE:
            if kind not in ("yes", "no"):
                raise IllegalMoveError(
                    "C-OUT",
                    f"{self.seating.long_names[seat]} must first answer 'may I go out?' with yes or no",
                )
            return None
        if kind in ("yes", "no"):
            raise IllegalMoveError("C-OUT", "nobody has asked to go out")
        if kind == "ask":
            problem = self._ask_problem(seat)
            if problem is not None:
                raise IllegalMoveError("V-OUT" if "V-OUT" in problem else "C-OUT", problem.replace(" (V-OUT)", ""))
            return None
        if phase == DRAW_PHASE:
            if kind == "draw":
                if not self.stock:
                    raise IllegalMoveError("C-END", "the stock is empty: take the pile or 'end' the deal")
                return None
            if kind == "pickup":
                pile_problem = self._pickup_problem(seat)
                if pile_problem is not None:
                    raise IllegalMoveError(*pile_problem)
                return None
            if kind == "end":
                if self.stock:
                    raise IllegalMoveError("C-END", "the deal can be ended only when the stock is empty")
                return None
            raise IllegalMoveError("C-DRAW", f"first draw from the stock or take the pile, then {kind}")
        # meld phase
        if kind in ("draw", "pickup", "end"):
            raise IllegalMoveError("C-DRAW", "you have already drawn this turn")
        if kind == "undo":
            if self._snapshot is None:
                raise IllegalMoveError("C-MELDING", "there are no melds of this turn to take back")
            return None
        if kind == "discard":
            return self._validate_discard(seat, move)
        return self._validate_meld(seat, move)

    def _validate_discard(self, seat: int, move: Move) -> Card:
        hand = self.hands[seat]
        token = move.groups[0][0]
        rank, exact = _token(token)
        if exact is not None:
            if exact not in hand:
                raise IllegalMoveError("C-DISCARD", f"you hold no {exact.text}")
            chosen = exact
        else:
            matches = [c for c in hand if c.rank == rank]
            if not matches:
                raise IllegalMoveError("C-DISCARD", f"you hold no {token}")
            chosen = min(matches, key=_CODE_OF)
        problem = self._discard_problem(seat)
        if problem is not None:
            raise IllegalMoveError(*problem)
        return chosen

    def _validate_meld(self, seat: int, move: Move) -> _MeldPlan:
        rules = self.rules
        book = rules.book_size
        hand = self.hands[seat]
        team = self.teams[self.seating.team_of[seat]]
        available = list(hand)
        used: list[Card] = []
        # The partnership's open melds as this move changes them, looked up by rank as the move
        # needs them: rank -> (naturals, wilds, the meld on the table or None for one this move
        # starts), or None when none is open.
        sim: dict[int, _OpenMeld | None] = {}
        completed: list[str] = []
        groups: list[tuple[int, list[Card], Meld | None]] = []
        # Before the first meld is made, a rank token takes a card that counts toward the minimum
        # (one the hand held before a pile pickup) ahead of an identical-rank card from the pile.
        counting = dict(self._hand_origin) if self._hand_origin is not None and not team.opened else None
        new = move.kind == "meld"
        for group in move.groups:
            cards = _take(available, group, counting, hand)
            used += cards
            wilds = 0
            natural_rank = WILD  # the naturals' rank; WILD while none is seen
            mixed = three = False
            for c in cards:
                if c.is_wild:
                    wilds += 1
                else:
                    r = c.rank
                    three = three or r == THREE
                    if natural_rank == WILD:
                        natural_rank = r
                    elif r != natural_rank:
                        mixed = True
            naturals = len(cards) - wilds
            if three:
                raise IllegalMoveError("C-BLACK3", "threes can never be melded")
            if mixed:
                raise IllegalMoveError(
                    "C-MELD", "a meld holds cards of one rank (plus wild cards): " + " ".join(group)
                )
            target: Meld | None = None
            if new:
                rank = natural_rank
                if rank == WILD and not rules.wild_melds:
                    raise IllegalMoveError("V-NOWILD", "wild melds are not allowed under these rules")
                if not 3 <= len(cards) <= book:
                    raise IllegalMoveError("C-MELD", f"a new meld needs 3 to {book} cards, not {len(cards)}")
                if _open_state(sim, team, rank, book) is not None:
                    raise IllegalMoveError(
                        "C-ONEOPEN",
                        f"your partnership already has an open meld of {meld_rank_name(rank)}; add to it instead",
                    )
                if not ratio_ok(rank, naturals, wilds, rules):
                    raise IllegalMoveError(*_ratio_error(naturals, wilds, rules))
                nat_after, wild_after = naturals, wilds
            else:
                token = move.target or ""
                rank = _MELD_RANK_OF_TOKEN[token] if token in _MELD_RANK_OF_TOKEN else RANK_TOKENS.index(token)
                if naturals and natural_rank != rank:
                    raise IllegalMoveError(
                        "C-MELD", f"{' '.join(group)} cannot go on a meld of {meld_rank_name(rank)}"
                    )
                if rank == WILD and naturals:
                    raise IllegalMoveError("C-MELD", "a wild meld holds wild cards only")
                state = _open_state(sim, team, rank, book)
                if state is None:
                    full = any(m.rank == rank for m in team.melds)
                    if full:
                        raise IllegalMoveError(
                            "C-BOOK", f"the {meld_rank_name(rank)} are a complete book; nothing can be added"
                        )
                    raise IllegalMoveError(
                        "C-TEAMMELD", f"your partnership has no open meld of {meld_rank_name(rank)}"
                    )
                nat_after, wild_after, target = state[0] + naturals, state[1] + wilds, state[2]
                if nat_after + wild_after > book:
                    raise IllegalMoveError(
                        "C-BOOK", f"a meld holds at most {book} cards; this would make {nat_after + wild_after}"
                    )
                if not ratio_ok(rank, nat_after, wild_after, rules):
                    raise IllegalMoveError(*_ratio_error(nat_after, wild_after, rules))
            if nat_after + wild_after >= book:
                sim[rank] = None
                completed.append(WILD_BOOK if rank == WILD else (DIRTY if wild_after else CLEAN))
            else:
                sim[rank] = (nat_after, wild_after, target)
            groups.append((rank, cards, target))
        # C-MIN bookkeeping: only cards from the hand count (C-MELDING), not other taken pile cards.
        counted = 0
        origin = dict(self._hand_origin) if self._hand_origin is not None else None
        if not team.opened:
            values = card_values(rules)
            for c in used:
                if origin is None:
                    counted += values[c.rank]
                elif origin.get(c, 0) > 0:
                    origin[c] -= 1
                    counted += values[c.rank]
        remaining = len(hand) - len(used)
        in_foot = self.feet[seat] is None
        if remaining == 0 and not in_foot and not team.opened and self.opening_value + counted < self.minimum:
            raise IllegalMoveError(
                "C-MIN",
                f"your first meld must total at least {self.minimum} before you reach your foot; "
                f"this makes {self.opening_value + counted}",
            )
        if in_foot and remaining < 2:
            problem = self._out_problem(seat, _books_with(team, book, completed))
            if problem is None and remaining == 0 and not rules.go_out_by_melding_all:
                problem = "you go out by melding all but one card and discarding the last"
            if problem is not None:
                raise IllegalMoveError(
                    "C-KEEP",
                    f"this would leave you {remaining} card(s), and you may not go out: {problem}",
                )
        return _MeldPlan(new, groups, used, available, counted, origin)

    # ------------------------------------------------------------------ applying

    def apply(self, move: Move | str) -> list[Event]:
        """Apply a move for the seat to move; return the events it caused.

        An illegal move raises :class:`IllegalMoveError` naming the rule and changes nothing.
        """
        if isinstance(move, str):
            move = parse_move(move)
        plan = self._validate(move)
        seat = self.to_move
        kind = move.kind
        # The cards the move puts on the table, for everyone to see (the notation names ranks).
        if kind == "discard":
            assert isinstance(plan, Card)
            laid: tuple[Card, ...] = (plan,)
        elif isinstance(plan, _MeldPlan):
            laid = tuple(plan.used)
        else:
            laid = ()
        events: list[Event] = [ev.move_event(seat, move, laid)]
        self.move_count += 1
        if kind == "draw":
            self._apply_draw(seat, events)
        elif kind == "pickup":
            self._apply_pickup(seat, events)
        elif kind == "discard":
            assert isinstance(plan, Card)
            self._apply_discard(seat, plan, events)
        elif kind in ("meld", "add"):
            assert isinstance(plan, _MeldPlan)
            self._apply_meld(seat, plan, events)
        elif kind == "ask":
            self.asked = True
            self._answer_return = self.phase
            self.phase = ANSWER_PHASE
            self.to_move = self.partner(seat)
        elif kind in ("yes", "no"):
            self.permission = kind == "yes"
            self.phase = self._answer_return
            self.to_move = self.turn_seat
        elif kind == "undo":
            self._apply_undo(seat)
        elif kind == "end":
            self._end_deal("stock", events)
        if kind in ("draw", "yes", "no") and not self.stock and self.phase == MELD_PHASE and not self.legal_moves():
            # C-END: a drawn red three that an empty stock cannot replace can leave a player in
            # their foot one card they may not discard (C-KEEP); the turn cannot end, so the deal does.
            self._end_deal("stock", events)
        self.events += events
        return events

    def _apply_draw(self, seat: int, events: list[Event]) -> None:
        stock = self.stock
        drawn = [stock.pop(), stock.pop()] if len(stock) >= 2 else stock[:]
        if len(drawn) == 1:
            stock.clear()
        events.append(ev.draw_event(seat, tuple(drawn)))
        self._give(seat, drawn, events)
        self.phase = MELD_PHASE

    def _apply_pickup(self, seat: int, events: list[Event]) -> None:
        rules = self.rules
        hand = self.hands[seat]
        team = self.teams[self.seating.team_of[seat]]
        taken = [self.pile.pop() for _ in range(min(rules.pile_take, len(self.pile)))]
        top = taken[0]
        pair = sorted((c for c in hand if c.rank == top.rank), key=_CODE_OF)[:2]
        for c in pair:
            hand.remove(c)
        rank = WILD if top.is_wild else top.rank
        meld = team.open_meld(rank, rules.book_size)
        if meld is None:
            meld = Meld(rank)
            team.melds.append(meld)
        for c in (top, *pair):
            meld.add(c)
        if not team.opened:
            values = card_values(rules)
            self.opening_value += values[top.rank] * 3
            origin: dict[Card, int] = {}
            for c in hand:
                origin[c] = origin.get(c, 0) + 1
            self._hand_origin = origin
        self.laid = True
        self._meld_views = None
        rest = taken[1:]
        hand.extend(rest)
        events.append(Event(ev.TAKE, seat, cards=tuple(taken), count=len(taken)))
        self.phase = MELD_PHASE
        self._after_lay(seat, events)

    def _apply_meld(self, seat: int, plan: _MeldPlan, events: list[Event]) -> None:
        hand = self.hands[seat]
        team = self.teams[self.seating.team_of[seat]]
        if self._snapshot is None:
            # The hand list itself is kept: from here on the seat's hand is a new list (plan.rest).
            self._snapshot = _Snapshot(
                hand, tuple([len(m.cards) for m in team.melds]), self.opening_value, self._hand_origin, self.laid
            )
        self.hands[seat] = plan.rest
        for rank, cards, meld in plan.groups:
            if meld is None:
                meld = Meld(rank)
                team.melds.append(meld)
            for c in cards:
                meld.add(c)
        self.opening_value += plan.counted_value
        self._meld_views = None
        self._hand_origin = plan.origin_after
        self.laid = True
        self._after_lay(seat, events)

    def _after_lay(self, seat: int, events: list[Event]) -> None:
        """C-FOOT (a) and going out by melding: what an empty hand means after laying cards."""
        if self.hands[seat]:
            return
        if self.feet[seat] is None:
            # Only reachable when going out by melding every card is allowed (V-OUT).
            self._go_out(seat, events)
            return
        self._pick_up_foot(seat, events)

    def _pick_up_foot(self, seat: int, events: list[Event]) -> None:
        foot = self.feet[seat]
        assert foot is not None
        self.feet[seat] = None
        self._snapshot = None  # no taking back melds once the foot has been seen
        events.append(Event(ev.FOOT, seat, private=tuple(foot), count=len(foot)))
        if self._hand_origin is not None:
            for c in foot:
                self._hand_origin[c] = self._hand_origin.get(c, 0) + 1
        self._give(seat, foot, events)

    def _apply_discard(self, seat: int, chosen: Card, events: list[Event]) -> None:
        hand = self.hands[seat]
        hand.remove(chosen)
        self.pile.append(chosen)
        team = self.teams[self.seating.team_of[seat]]
        if self.laid:
            team.opened = True
        if not hand:
            if self.feet[seat] is None:
                self._go_out(seat, events)
                return
            # C-FOOT (b): picked up now, played from the next turn.
            self._pick_up_foot(seat, events)
        self._begin_turn(self.seating.next_seat(seat), events)

    def _apply_undo(self, seat: int) -> None:
        snap = self._snapshot
        assert snap is not None
        team = self.teams[self.seating.team_of[seat]]
        self.hands[seat] = snap.hand
        sizes = snap.meld_sizes
        del team.melds[len(sizes):]
        for meld, size in zip(team.melds, sizes, strict=True):
            if len(meld.cards) > size:
                meld.truncate(size)
        self._meld_views = None
        self.opening_value = snap.opening_value
        self._hand_origin = snap.hand_origin
        self._snapshot = None
        self.laid = snap.laid

    def _go_out(self, seat: int, events: list[Event]) -> None:
        self.went_out = seat
        self.teams[self.seating.team_of[seat]].opened = True
        events.append(Event(ev.OUT, seat))
        self._end_deal("out", events)

    def _end_deal(self, how: str, events: list[Event]) -> None:
        rules, seating = self.rules, self.seating
        scores = []
        for team_index, name in enumerate(seating.team_names):
            members = seating.members(team_index)
            team = self.teams[team_index]
            went_out = self.went_out is not None and seating.team_of[self.went_out] == team_index
            scores.append(
                score_team(
                    name,
                    team.melds,
                    len(team.red_threes),
                    went_out,
                    [self.hands[s] for s in members],
                    [f for s in members if (f := self.feet[s]) is not None],
                    rules,
                )
            )
        result = DealResult(self.deal_index, how, self.went_out, tuple(scores))
        self.results.append(result)
        self._totals = running_totals(self.results, len(seating.team_names))
        self._totals_text = str(self._totals)
        events.append(Event(ev.DEAL_END, count=self.deal_index, detail=how))
        if self.deal_index + 1 < rules.deals:
            self._start_deal(self.deal_index + 1, events)
        else:
            self.phase = OVER
            events.append(Event(ev.GAME_END))

    # ------------------------------------------------------------------ copies and comparison

    def clone(self) -> Game:
        g = Game.__new__(Game)
        g.rules = self.rules
        g.seating = self.seating
        g.seed = self.seed
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g._given_shoes = self._given_shoes
        g.shoes = list(self.shoes)
        g.results = list(self.results)
        g._totals = self._totals
        g._totals_text = self._totals_text
        g.events = list(self.events)
        g._public_events = list(self._public_events)
        g.move_count = self.move_count
        g.hands = [list(h) for h in self.hands]
        g.feet = [list(f) if f is not None else None for f in self.feet]
        g.teams = [t.copy() for t in self.teams]
        g.stock = list(self.stock)
        g.pile = list(self.pile)
        g.deal_index = self.deal_index
        g.dealer = self.dealer
        g.phase = self.phase
        g.turn_seat = self.turn_seat
        g.to_move = self.to_move
        g.went_out = self.went_out
        g._meld_views = self._meld_views
        g._digest_codes = list(self._digest_codes)
        g._pile_codes = self._pile_codes
        g.asked = self.asked
        g.permission = self.permission
        g._answer_return = self._answer_return
        g.laid = self.laid
        g.opening_value = self.opening_value
        g._hand_origin = dict(self._hand_origin) if self._hand_origin is not None else None
        snap = self._snapshot
        g._snapshot = (
            _Snapshot(list(snap.hand), snap.meld_sizes, snap.opening_value,
                      dict(snap.hand_origin) if snap.hand_origin is not None else None, snap.laid)
            if snap is not None
            else None
        )
        return g

    def state_key(self) -> tuple[object, ...]:
        """Everything that decides what happens next, as plain values."""

        def codes(cards: Iterable[Card]) -> tuple[int, ...]:
            return tuple(c.code for c in cards)

        return (
            self.rules,
            self.deal_index,
            self.phase,
            self.turn_seat,
            self.to_move,
            codes(self.stock),
            codes(self.pile),
            tuple(codes(h) for h in self.hands),
            tuple(codes(f) if f is not None else None for f in self.feet),
            tuple(
                (tuple(m.key() for m in t.melds), codes(t.red_threes), t.opened) for t in self.teams
            ),
            self.asked,
            self.permission,
            self.laid,
            self.opening_value,
            _origin_key(self._hand_origin),
            self._answer_return if self.phase == ANSWER_PHASE else None,
            self._snapshot_key(),
            tuple(r.totals for r in self.results),
            self.went_out,
        )

    def _snapshot_key(self) -> tuple[object, ...] | None:
        """What ``undo`` would restore, so two states that differ only there are not equal."""
        snap = self._snapshot
        if snap is None:
            return None
        return (
            tuple(c.code for c in snap.hand),
            snap.meld_sizes,
            snap.opening_value,
            _origin_key(snap.hand_origin),
            snap.laid,
        )

    def digest(self) -> str:
        """A short fingerprint of the table, which transcripts record after every turn: the deal,
        phase, seats to move, the stock's size, the pile, every hand and foot, every meld and red
        three, who has opened, and the scores so far. Compare ``state_key()`` for full equality.
        """
        # The stock only ever loses cards from its top after the deal, so with the recorded shoe
        # its size says which cards it holds. Card codes (all below 64) go in as bytes with marks
        # between the groups. A turn changes one hand, so each hand, foot and red-three list keeps
        # its bytes while its cards compare equal to those they were made from; melds keep theirs.
        parts: list[bytes] = []
        cache = self._digest_codes
        for slot, cards in enumerate((*self.hands, *self.feet)):
            if cards is None:
                parts.append(b"\xfe")  # a foot already picked up
                continue
            coded, codes = cache[slot]
            if coded != cards:
                codes = bytes(map(_CODE_OF, cards)) + b"\xff"
                cache[slot] = (list(cards), codes)
            parts.append(codes)
        # The pile mostly grows by one discard a turn: only its new cards are read.
        pile = self.pile
        coded, codes = self._pile_codes
        if pile[: len(coded)] != coded:
            coded, codes = [], b""
        if len(coded) != len(pile):
            codes += bytes(map(_CODE_OF, pile[len(coded):]))
            self._pile_codes = (list(pile), codes)
        parts.append(codes)
        slot = len(self.hands) + len(self.feet)
        for team in self.teams:
            parts.append(b"\xfd" if team.opened else b"\xfc")
            if team.melds:
                parts.append(b"\xfb".join(map(_CARD_CODES_OF, team.melds)))
                parts.append(b"\xfb")
            reds = team.red_threes
            coded, codes = cache[slot]
            if coded != reds:
                codes = bytes(map(_CODE_OF, reds))
                cache[slot] = (list(reds), codes)
            parts.append(codes)
            slot += 1
        head = f"{self.deal_index} {self.phase} {self.to_move} {self.turn_seat} {len(self.stock)} {self._totals_text}"
        return hashlib.blake2b(head.encode() + b"".join(parts), digest_size=8).hexdigest()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.state_key() == other.state_key() and self.rng.getstate() == other.rng.getstate()

    __hash__ = None  # type: ignore[assignment]

    def meld_views(self) -> tuple[tuple[MeldView, ...], ...]:
        """The table's melds by partnership, as immutable values (cached until the table changes)."""
        if self._meld_views is None:
            book = self.rules.book_size
            self._meld_views = tuple(
                tuple(MeldView(m.rank, tuple(m.cards), book) for m in t.melds) for t in self.teams
            )
        return self._meld_views

    def view(self, seat: int) -> SeatView:
        """What a player in ``seat`` can see, and nothing more."""
        return make_view(self, seat)

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.name} deal {self.deal_index + 1}/{self.rules.deals} "
            f"{self.phase} {self.seating.names[self.to_move]} to move>"
        )


_CODE_OF = operator.attrgetter("code")  # a card's code: the sort key for "lowest suit first", and the digest's bytes
_CARD_CODES_OF = operator.attrgetter("card_codes")
_MELD_RANK_OF_TOKEN = {**{token: rank for rank, token in enumerate(RANK_TOKENS)}, "wild": WILD}



def _origin_key(origin: dict[Card, int] | None) -> tuple[tuple[int, int], ...] | None:
    """Cards still counting toward a first meld, as plain values for state_key."""
    return tuple(sorted((c.code, n) for c, n in origin.items())) if origin else None


def _books_with(team: TeamState, book_size: int, completed: Sequence[str]) -> tuple[int, int, int]:
    """The partnership's clean, dirty and wild books, counting books of the ``completed`` kinds
    that a move being checked would close."""
    clean, dirty, wild = team.book_counts(book_size)
    return (clean + completed.count(CLEAN), dirty + completed.count(DIRTY), wild + completed.count(WILD_BOOK))


def _ratio_error(naturals: int, wilds: int, rules: Rules) -> tuple[str, str]:
    if rules.wild_ratio == "four":
        return ("V-RATIO", f"wild cards need at least 4 natural cards in the meld; it would have {naturals}")
    return (
        "C-RATIO",
        f"natural cards must be at least twice the wild cards; this would be {naturals} natural, {wilds} wild",
    )


def _shortage(
    tokens: tuple[str, ...], rank: int, named: list[tuple[int, Card | None]], taken: list[Card], hand: Sequence[Card]
) -> str:
    """Why a meld's cards of ``rank`` run out: the hand holds too few, or the move's other melds took them."""
    plural = RANK_PLURALS[rank]
    held = sum(1 for c in hand if c.rank == rank)
    if held == 0:
        return f"you hold no {plural}"
    need = sum(1 for r, _ in named if r == rank)
    group = " ".join(tokens)
    if held < need:
        return f"'{group}' needs {need} {plural}; you hold {held}"
    have = sum(1 for c in taken if c.rank == rank)
    return f"'{group}' needs {need} {plural}; you hold {held}, and this move's other melds use {held - have}"


_OpenMeld = tuple[int, int, Meld | None]  # naturals, wilds, the meld on the table (None: a new one)


def _open_state(sim: dict[int, _OpenMeld | None], team: TeamState, rank: int, book: int) -> _OpenMeld | None:
    """The partnership's open meld of ``rank`` as a move being checked leaves it (``sim``), or
    None when no meld of that rank is open."""
    if rank in sim:
        return sim[rank]
    meld = team.open_meld(rank, book)
    state = None if meld is None else (len(meld.cards) - meld.wilds, meld.wilds, meld)
    sim[rank] = state
    return state


def _take(
    available: list[Card],
    tokens: tuple[str, ...],
    counting: dict[Card, int] | None = None,
    hand: Sequence[Card] = (),
) -> list[Card]:
    """Remove the cards named by ``tokens`` from ``available``: exact cards first, then ranks,
    each rank taking its lowest-coded card so the choice never depends on the hand's order.
    With ``counting`` (cards that still count toward a first meld, consumed as taken), a rank
    takes a counting card first, so naming ranks never loses value toward the minimum."""
    taken: list[Card] = []
    named = _NAMED.get(tokens)
    if named is None:
        # stable: exact cards first
        named = sorted((_token(t) for t in tokens), key=lambda named_card: named_card[1] is None)
        if len(_NAMED) < 4096:
            _NAMED[tokens] = named
    for rank, exact in named:
        if exact is not None:
            if exact not in available:
                raise IllegalMoveError("C-MELDING", f"you hold no {exact.text} to meld")
            chosen = exact
            available.remove(chosen)
        else:
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
                raise IllegalMoveError("C-MELDING", _shortage(tokens, rank, named, taken, hand))
            chosen = best
            del available[at]  # by place: list.remove compares card after card
        if counting is not None and counting.get(chosen, 0) > 0:
            counting[chosen] -= 1
        taken.append(chosen)
    return taken


_MOVE_CACHE: dict[tuple[str, tuple[str, ...], str | None], Move] = {}


def _cached(kind: str, tokens: tuple[str, ...], target: str | None) -> Move:
    key = (kind, tokens, target)
    move = _MOVE_CACHE.get(key)
    if move is None:
        move = _MOVE_CACHE[key] = Move(kind, (tokens,), target)
    return move


def _meld_move(tokens: tuple[str, ...]) -> Move:
    return _cached("meld", tokens, None)


def _add_move(token: str, target: str) -> Move:
    return _cached("add", (token,), target)


def _discard_move(token: str) -> Move:
    return _cached("discard", (token,), None)


# The moves legal_moves lists, built once: listing them is the engine's innermost loop.
_MELD_THREE = {r: _meld_move((RANK_TOKENS[r],) * 3) for r in NATURAL_RANKS}
_MELD_WITH_TWO = {r: _meld_move((RANK_TOKENS[r], RANK_TOKENS[r], "2")) for r in NATURAL_RANKS}
_MELD_WITH_JOKER = {r: _meld_move((RANK_TOKENS[r], RANK_TOKENS[r], "JK")) for r in NATURAL_RANKS}
_WILD_MELDS = {j: _meld_move(("JK",) * j + ("2",) * (3 - j)) for j in range(4)}
_ADD_NATURAL = {r: _add_move(RANK_TOKENS[r], RANK_TOKENS[r]) for r in NATURAL_RANKS}
_ADD_TWO = {r: _add_move("2", meld_rank_token(r)) for r in (*NATURAL_RANKS, WILD)}
_ADD_JOKER = {r: _add_move("JK", meld_rank_token(r)) for r in (*NATURAL_RANKS, WILD)}
_DISCARD = {r: _discard_move(RANK_TOKENS[r]) for r in range(len(RANK_TOKENS))}
