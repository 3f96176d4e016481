"""Moves and their one canonical notation, shared by the REPL, transcripts and the AI.

    draw                  draw from the stock (C-DRAW)
    pickup                take the discard pile (C-PILE)
    meld 9 9 9            start a meld; several melds at once: ``meld 9 9 9, K K 2``
    add 9 9 2 to 9        add cards to the side's open meld of nines
    add JK to wild        add to the open wild meld
    discard 7             discard a seven (a card such as ``7H`` picks that exact card)
    ask                   ask the partner "may I go out?" (C-OUT)
    yes / no              the partner's answer
    undo                  take back this turn's melds, before the discard
    end                   with the stock empty, decline the pile and end the deal (C-END)

A move names its cards as :class:`Pick`\\ s, parsed once: a rank (``9``, ``T``, ``2``, ``JK``),
for which the engine picks the physical card, or an exact card (``9H``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from hfcli.engine.cards import ALL_CARDS, JOKER, RANK_TOKENS, WILD_RANKS, Card, card, parse_rank
from hfcli.engine.errors import InvalidMoveError
from hfcli.engine.melds import WILD, meld_rank_token


class MoveKind(StrEnum):
    DRAW = "draw"
    PICKUP = "pickup"
    ASK = "ask"
    YES = "yes"
    NO = "no"
    UNDO = "undo"
    END = "end"
    MELD = "meld"
    ADD = "add"
    DISCARD = "discard"


# The kinds as plain module names, for the engine's inner loops: they compare kinds on every move,
# and an enum member read through its class costs a lookup (about 60 ns) each time.
(
    DRAW_KIND, PICKUP_KIND, ASK_KIND, YES_KIND, NO_KIND, UNDO_KIND, END_KIND, MELD_KIND, ADD_KIND, DISCARD_KIND,
) = MoveKind

SIMPLE_KINDS = frozenset(
    {MoveKind.DRAW, MoveKind.PICKUP, MoveKind.ASK, MoveKind.YES, MoveKind.NO, MoveKind.UNDO, MoveKind.END}
)
KINDS = tuple(MoveKind)


class Pick(NamedTuple):
    """One card a move names: a rank (``card`` None: the engine picks which physical card) or an
    exact card."""

    rank: int
    card: Card | None = None

    @property
    def token(self) -> str:
        """In notation: ``9``, ``T``, ``JK`` or ``9H``."""
        return self.card.text if self.card is not None else RANK_TOKENS[self.rank]

    @property
    def is_wild(self) -> bool:
        return self.rank in WILD_RANKS

    def __str__(self) -> str:
        return self.token


RANK_PICKS: tuple[Pick, ...] = tuple(Pick(rank) for rank in range(len(RANK_TOKENS)))
# The joker has one face, so naming it exactly and by rank are the same pick.
_CARD_PICKS = {c: RANK_PICKS[JOKER] if c.rank == JOKER else Pick(c.rank, c) for c in ALL_CARDS}


def card_pick(c: Card) -> Pick:
    """The pick that names exactly ``c``."""
    return _CARD_PICKS[c]


def parse_pick(token: str) -> Pick:
    """A rank (``9``, ``T``/``10``, ``JK``) or an exact card (``9H``, ``10H``)."""
    try:
        return RANK_PICKS[parse_rank(token)]
    except InvalidMoveError:
        pass
    try:
        return card_pick(card(token))
    except InvalidMoveError:
        raise InvalidMoveError(f"{token!r} is not a card or rank (e.g. 9, T, 2, JK, or 9H)") from None


def parse_target(token: str) -> int:
    """The rank of the meld an ``add`` names: ``9``, ``T``, or ``wild``."""
    t = token.strip().upper()
    if t in ("WILD", "WILDS", "W"):
        return WILD
    return parse_rank(t)


@dataclass(frozen=True, slots=True)
class Move:
    kind: MoveKind
    groups: tuple[tuple[Pick, ...], ...] = ()
    target: int | None = None  # an add's meld: its rank index, or WILD
    # The move in notation, written the first time it is asked for: every decision's move and
    # reason is put in notation, and the legal moves are mostly the same few objects game after game.
    _text: str = field(default="", init=False, repr=False, compare=False)

    @property
    def picks(self) -> tuple[Pick, ...]:
        """Every card the move names, all groups together."""
        return tuple(p for g in self.groups for p in g)

    def __str__(self) -> str:
        text = self._text
        if not text:
            text = self._notation()
            _set_attribute(self, "_text", text)  # past the frozen dataclass's __setattr__
        return text

    def _notation(self) -> str:
        # The kinds by identity and the kind's text by str(): in Python 3.11 a member read
        # through its class, its ``value`` and its hash (a set's membership) each cost a call in
        # Python.
        kind = self.kind
        if kind is not MELD_KIND and kind is not ADD_KIND and kind is not DISCARD_KIND:  # SIMPLE_KINDS
            return str(kind)
        body = ", ".join(" ".join(p.token for p in g) for g in self.groups)
        if kind is ADD_KIND and self.target is not None and not _implied_target(self.groups[0], self.target):
            return f"add {body} to {meld_rank_token(self.target)}"
        return f"{str(kind)} {body}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Move:
        return parse_move(text)


_set_attribute = object.__setattr__


def _implied_target(picks: tuple[Pick, ...], target: int) -> bool:
    """Whether ``add`` may leave out ``to TARGET``: every card is a natural of the target's rank."""
    return target != WILD and all(p.rank == target for p in picks)


def meld_move(*groups: tuple[Pick, ...]) -> Move:
    return Move(MoveKind.MELD, groups)


def add_move(picks: tuple[Pick, ...], target: int) -> Move:
    return Move(MoveKind.ADD, (picks,), target)


def discard_move(pick: Pick) -> Move:
    return Move(MoveKind.DISCARD, ((pick,),))


def _group(text: str, original: str) -> tuple[Pick, ...]:
    tokens = text.split()
    if not tokens:
        raise InvalidMoveError(f"{original!r}: a group of cards is empty")
    return tuple(parse_pick(t) for t in tokens)


@functools.lru_cache(maxsize=4096)
def parse_move(text: str) -> Move:
    """Parse one move in the canonical notation (case-insensitive, spaces free). Moves are
    immutable, so a text read before gives the same object (replays read the same lines again
    and again)."""
    words = text.strip().split(None, 1)
    if not words:
        raise InvalidMoveError("empty move")
    word = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    try:
        kind = MoveKind(word)
    except ValueError:
        raise InvalidMoveError(
            f"{text!r}: unknown move {word!r}; moves are {', '.join(KINDS)}"
        ) from None
    if kind in SIMPLE_KINDS:
        if rest:
            raise InvalidMoveError(f"{text!r}: '{kind}' takes nothing after it")
        return Move(kind)
    if not rest:
        raise InvalidMoveError(f"{text!r}: '{kind}' needs cards, e.g. '{kind} 9'")
    if kind is MoveKind.MELD:
        return meld_move(*(_group(part, text) for part in rest.split(",")))
    if kind is MoveKind.DISCARD:
        group = _group(rest, text)
        if len(group) != 1:
            raise InvalidMoveError(f"{text!r}: discard exactly one card")
        return discard_move(group[0])
    # add CARDS [to TARGET]
    lowered = rest.lower().split()
    target: int | None = None
    if "to" in lowered:
        i = lowered.index("to")
        tokens = rest.split()
        if i != len(tokens) - 2:
            raise InvalidMoveError(f"{text!r}: write 'add CARDS to RANK', e.g. 'add 2 to 9'")
        target = parse_target(tokens[-1])
        rest = " ".join(tokens[:i])
    group = _group(rest, text)
    if target is None:
        first = group[0]
        if first.is_wild or any(p.rank != first.rank for p in group):
            shown = " ".join(p.token for p in group)
            raise InvalidMoveError(f"{text!r}: say which meld, e.g. 'add {shown} to 9'")
        target = first.rank
    return add_move(group, target)


DRAW = Move(MoveKind.DRAW)
PICKUP = Move(MoveKind.PICKUP)
ASK = Move(MoveKind.ASK)
YES = Move(MoveKind.YES)
NO = Move(MoveKind.NO)
UNDO = Move(MoveKind.UNDO)
END = Move(MoveKind.END)
