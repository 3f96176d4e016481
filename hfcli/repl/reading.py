"""The reading of a command line into the engine's one move notation: ``x 7`` -> ``discard 7``, ``pick
up the pile`` -> ``pickup``, ``discard 3 of clubs`` -> ``discard 3C``, ``add Q Q to queens`` -> ``add
Q Q to Q``, ``play 7s`` -> ``meld 7 7 7`` (or ``add 7 7 7`` when sevens are open). Whatever is typed,
the move the engine gets, the transcript records and the screen repeats is written one way. The
commands themselves, with their help, are :mod:`hfcli.repl.commands`."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from hfcli.engine.cards import NATURAL_RANKS, RANK_TOKENS, WILD_RANKS, Card, card, parse_rank
from hfcli.engine.errors import InvalidMoveError
from hfcli.repl.cardwords import TARGET_MARKS, CardWords, target
from hfcli.repl.commands import Command, Reading, lookup


def read_line(line: str, hand: Sequence[Card] = (), open_melds: Collection[str] = ()) -> Reading:
    """Read a command line. Card phrases are read against ``hand`` (``sevens`` is every seven in it);
    ``open_melds`` (rank tokens and ``wild``) decides whether ``play`` melds or adds."""
    command, word, rest = split_line(line)
    reading = Reading(command, word, rest)
    if command is None or not command.is_move:
        return reading
    refused = shape_error(command, word, rest)
    if refused is not None:
        return Reading(command, word, rest, error=refused)
    try:
        notation = _move_notation(command, rest, CardWords(hand), open_melds)
    except InvalidMoveError as exc:
        return Reading(command, word, rest, error=str(exc))
    return Reading(command, word, rest, move=notation)


def _move_notation(command: Command, rest: str, words: CardWords, open_melds: Collection[str]) -> str:
    name = command.name
    if not command.example:
        return name
    if name == "discard":
        return f"discard {' '.join(words.group(rest, lone_plural=False))}"
    cards, aim = _split_target(rest) if name in ("add", "play") else (rest, None)
    if name == "add" or aim is not None:
        groups = [words.group(part, lone_plural=name != "add") for part in cards.split(",")]
    else:
        groups = [group for part in cards.split(",") for group in _melds_said_with_and(part, words)]
    body = ", ".join(" ".join(group) for group in groups)
    if name == "meld":
        return f"meld {body}"
    if name == "play":
        aim = aim or _open_meld_for(groups, open_melds)
        if aim is None:
            return f"meld {body}"
    return f"add {body}" + (f" to {aim}" if aim else "")


def _natural_ranks(tokens: list[str]) -> set[int]:
    return {_token_rank(t) for t in tokens} & set(NATURAL_RANKS)


def _melds_said_with_and(part: str, words: CardWords) -> list[list[str]]:
    """``kings and eights`` is two melds, as ``kings, eights`` is; but ``3 kings and a joker`` and ``a king
    and two kings`` are one: what follows an ``and`` joins the meld before it when it holds only
    wild cards or the same natural rank."""
    melds: list[list[str]] = []
    for piece in re.split(r"\band\b", part, flags=re.IGNORECASE):
        tokens = words.group(piece, lone_plural=True)
        if not tokens:
            continue
        naturals = _natural_ranks(tokens)
        if melds and (not naturals or not _natural_ranks(melds[-1]) or naturals == _natural_ranks(melds[-1])):
            melds[-1] = melds[-1] + tokens
        else:
            melds.append(tokens)
    return melds or [words.group(part, lone_plural=True)]


def _split_target(rest: str) -> tuple[str, str | None]:
    """``Q Q to the queens`` -> (``Q Q``, ``Q``); no ``to``/``on`` -> (rest, None)."""
    words = rest.split()
    marks = [i for i, w in enumerate(words) if w.lower() in TARGET_MARKS]
    if not marks:
        return rest, None
    i = marks[-1]
    return " ".join(words[:i]), target(" ".join(words[i + 1:]))


def _token_rank(token: str) -> int:
    """The rank of a notation token: a rank (``9``, ``JK``) or an exact card (``9H``)."""
    return parse_rank(token) if len(token) == 1 or token == "JK" else card(token).rank


def _open_meld_for(groups: list[list[str]], open_melds: Collection[str]) -> str | None:
    """The open meld ``play`` adds one group to: the one of its naturals' rank, or the wild meld for
    wild cards only; None means a new meld."""
    if len(groups) != 1 or not groups[0]:
        return None
    ranks = {_token_rank(t) for t in groups[0]}
    naturals = ranks & set(NATURAL_RANKS)
    if len(naturals) == 1:
        token = RANK_TOKENS[naturals.pop()]
        return token if token in open_melds else None
    if ranks <= set(WILD_RANKS) and "wild" in open_melds:
        return "wild"
    return None


def split_line(line: str) -> tuple[Command | None, str, str]:
    """``(command or None, the word typed, the rest of the line)``."""
    words = line.strip().split(None, 1)
    if not words:
        return None, "", ""
    word = words[0]
    rest = words[1].strip() if len(words) > 1 else ""
    return lookup(word), word, rest


def shape_error(command: Command, word: str, rest: str) -> str | None:
    """Why a move line is refused before the engine reads it: cards missing, or words after a move
    that takes none. Spoken in what was typed, so ``x`` alone is answered about ``x``; None when the
    line has the move's shape."""
    said = f"'{word}'" if word.lower() == command.name else f"'{word}' ({command.name})"
    if command.example and not rest:
        needs = "a card" if command.name == "discard" else "cards"
        return f"{said} needs {needs}, e.g. '{word} {command.example}'"
    if not command.example and rest and not set(rest.lower().split()) <= command.fillers:
        return f"{said} takes nothing after it; type just '{word}'"
    return None


def as_typed(message: str, reading: Reading) -> str:
    """The engine's reading error put back in what the player typed: the line it quotes
    (``'discard 9 9': ...``) and its examples (``e.g. 'add 2 to 9'``) use the words typed."""
    assert reading.command is not None and reading.move is not None
    quoted = f"{reading.move!r}:"
    if message.startswith(quoted):
        message = f"{reading.typed!r}:{message[len(quoted):]}"
    if reading.word == reading.command.name:
        return message
    return message.replace(f"'{reading.move.split()[0]} ", f"'{reading.word} ")
