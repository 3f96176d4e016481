"""Moves and their one canonical notation, shared by the REPL, transcripts and the AI.

    draw                  draw from the stock (C-DRAW)
    pickup                take the discard pile (C-PILE)
    meld 9 9 9            start a meld; several melds at once: ``meld 9 9 9, K K 2``
    add 9 9 2 to 9        add cards to the partnership's open meld of nines
    add JK to wild        add to the open wild meld
    discard 7             discard a seven (a card such as ``7H`` picks that exact card)
    ask                   ask the partner "may I go out?" (C-OUT)
    yes / no              the partner's answer
    undo                  take back this turn's melds, before the discard
    end                   with the stock empty, decline the pile and end the deal (C-END)

Cards are named by rank (``9``, ``T``, ``2``, ``JK``); the engine picks which physical card.
"""

from __future__ import annotations

from dataclasses import dataclass

from hfcli.engine.cards import RANK_TOKENS, card, parse_rank
from hfcli.engine.errors import InvalidMoveError

SIMPLE_KINDS = ("draw", "pickup", "ask", "yes", "no", "undo", "end")
KINDS = (*SIMPLE_KINDS, "meld", "add", "discard")


def normalize_token(token: str) -> str:
    """A rank (``9``, ``T``/``10``, ``JK``) or an exact card (``9H``, ``10H``) in canonical spelling."""
    try:
        return RANK_TOKENS[parse_rank(token)]
    except InvalidMoveError:
        pass
    try:
        return card(token).text
    except InvalidMoveError:
        raise InvalidMoveError(f"{token!r} is not a card or rank (e.g. 9, T, 2, JK, or 9H)") from None


def normalize_target(token: str) -> str:
    t = token.strip().upper()
    if t in ("WILD", "WILDS", "W"):
        return "wild"
    return RANK_TOKENS[parse_rank(t)]


@dataclass(frozen=True, slots=True)
class Move:
    kind: str
    groups: tuple[tuple[str, ...], ...] = ()
    target: str | None = None

    @property
    def cards(self) -> tuple[str, ...]:
        """Every card token of the move, all groups together."""
        return tuple(t for g in self.groups for t in g)

    def __str__(self) -> str:
        if self.kind in SIMPLE_KINDS:
            return self.kind
        body = ", ".join(" ".join(g) for g in self.groups)
        if self.kind == "add" and self.target is not None and not _implied_target(self.groups[0], self.target):
            return f"add {body} to {self.target}"
        return f"{self.kind} {body}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Move:
        return parse_move(text)


def _implied_target(tokens: tuple[str, ...], target: str) -> bool:
    return target != "wild" and all(t[0] == target[0] and t != "JK" for t in tokens)


def _group(text: str, original: str) -> tuple[str, ...]:
    tokens = text.split()
    if not tokens:
        raise InvalidMoveError(f"{original!r}: a group of cards is empty")
    return tuple(normalize_token(t) for t in tokens)


_MOVE_CACHE: dict[str, Move] = {}


def parse_move(text: str) -> Move:
    """Parse one move in the canonical notation (case-insensitive, spaces free)."""
    cached = _MOVE_CACHE.get(text)
    if cached is not None:
        return cached
    move = _parse_move(text)
    if len(_MOVE_CACHE) < 4096:
        _MOVE_CACHE[text] = move
    return move


def _parse_move(text: str) -> Move:
    words = text.strip().split(None, 1)
    if not words:
        raise InvalidMoveError("empty move")
    kind = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    if kind in SIMPLE_KINDS:
        if rest:
            raise InvalidMoveError(f"{text!r}: '{kind}' takes nothing after it")
        return Move(kind)
    if kind not in KINDS:
        raise InvalidMoveError(f"{text!r}: unknown move {kind!r}; moves are {', '.join(KINDS)}")
    if not rest:
        raise InvalidMoveError(f"{text!r}: '{kind}' needs cards, e.g. '{kind} 9'")
    if kind == "meld":
        return Move("meld", tuple(_group(part, text) for part in rest.split(",")))
    if kind == "discard":
        group = _group(rest, text)
        if len(group) != 1:
            raise InvalidMoveError(f"{text!r}: discard exactly one card")
        return Move("discard", (group,))
    # add CARDS [to TARGET]
    lowered = rest.lower().split()
    target: str | None = None
    if "to" in lowered:
        i = lowered.index("to")
        tokens = rest.split()
        if i != len(tokens) - 2:
            raise InvalidMoveError(f"{text!r}: write 'add CARDS to RANK', e.g. 'add 2 to 9'")
        target = normalize_target(tokens[-1])
        rest = " ".join(tokens[:i])
    group = _group(rest, text)
    if target is None:
        first = group[0]
        if first == "JK" or first[0] == "2" or any(t[0] != first[0] for t in group):
            raise InvalidMoveError(f"{text!r}: say which meld, e.g. 'add {' '.join(group)} to 9'")
        target = first[0]
    return Move("add", (group,), target)


DRAW = Move("draw")
PICKUP = Move("pickup")
ASK = Move("ask")
YES = Move("yes")
NO = Move("no")
UNDO = Move("undo")
END = Move("end")
