"""Every kind of line a transcript holds after its header, in one table (``LINE_KINDS``): the
engine's event it records, how the writer writes it, and how a message names it. The writer, the
replay and the scan of a report all read this table; a kind is switched on nowhere else.

Every line the writer writes begins ``{"e":"KIND"``, so a reader that wants only some kinds can
tell a line's kind from its first bytes (:func:`written_kind`) without parsing it. The move line
and the digest line, which the replay reads back by a quick path before any JSON parser, are each
written from one format here and read back by a pattern made from the same format.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hfcli.engine.cards import format_cards
from hfcli.engine.events import Event, EventKind
from hfcli.engine.game import Game
from hfcli.engine.moves import Move
from hfcli.engine.reasons import Reason
from hfcli.engine.scoring import DealResult
from hfcli.transcript.lines import dumps_compact

LINE_HEAD = '{"e":"'  # how every line the writer writes begins; its kind follows, then a quote
MOVE = "move"
DIGEST = "digest"  # the state after a turn (hfcli/transcript/digest.py)
REMARK = "say"  # what a seat said at the table, between moves


@dataclass(frozen=True)
class LineKind:
    """A kind of line: its name (the line's ``e``), the engine's event it records (None for a line
    the transcript adds: a digest, a remark), the event's line as the writer writes it (given the
    event, the game after it and the seat's name), and the line in a few words for a message, from
    its data and `` by SEAT`` (None: a message quotes the line)."""

    name: str
    event: EventKind | None = None
    write: Callable[[Event, Game, str], str] | None = None
    words: Callable[[dict[str, Any], str], str] | None = None


# ---------------------------------------------------------------------------- the move line

# A move line's format, in parts: the writer fills in the fields; the replay's quick path matches
# the pattern made from the same parts, and leaves any other form to the JSON parser.
_MOVE_FORMAT = '{"e":"move","seat":"%(seat)s","move":"%(move)s"'
_CHAIN_FORMAT = ',"chain":"%(chain)s"'
_REASON_FORMAT = ',"reason":%(reason)s'
_WHY_FORMAT = ',"why":%(why)s'
_END = "}"
# Each field's pattern. A reason is the unrolled form of "(?:[^"\\]|\\.)*", several times faster on
# long reasons; control characters, which JSON forbids inside strings, are left to the parser to refuse.
_FIELDS = {
    "seat": r"([A-Z]+)",
    "move": r'([^"\\\x00-\x1f]*)',
    "chain": r"([0-9a-f]{8})",
    "reason": r'("[^"\\\x00-\x1f]*(?:\\.[^"\\\x00-\x1f]*)*")',
    "why": r"(\{[^\x00-\x1f]*\})",
}


def _pattern(form: str) -> str:
    """The pattern matching ``form`` as written, each ``%(field)s`` a group of its field's pattern."""
    parts = re.split(r"%\((\w+)\)s", form)
    return "".join(_FIELDS[part] if i % 2 else re.escape(part) for i, part in enumerate(parts))


_MOVE_LINE = re.compile(
    f"{_pattern(_MOVE_FORMAT)}(?:{_pattern(_CHAIN_FORMAT)})?"
    f"(?:{_pattern(_REASON_FORMAT)}(?:{_pattern(_WHY_FORMAT)})?)?{re.escape(_END)}\\Z"
)


def move_line(
    seat: str, move: Move | str, reason: str | None, chain: str | None = None, why: Reason | None = None
) -> str:
    """A move's line; ``chain`` (version 2 on) is the move's link in the chain of the game's moves;
    ``reason`` the reason's words and ``why`` the reason as data (docs/transcript.md)."""
    form = _MOVE_FORMAT
    fields: dict[str, object] = {"seat": seat, "move": move}
    if chain is not None:
        form += _CHAIN_FORMAT
        fields["chain"] = chain
    if reason is not None:
        form += _REASON_FORMAT
        fields["reason"] = json.dumps(reason, ensure_ascii=False)
        if why is not None:
            form += _WHY_FORMAT
            fields["why"] = json.dumps(why.to_json(), ensure_ascii=False, separators=(",", ":"))
    return (form + _END) % fields


QuickMove = tuple[str, str, str | None, str | None, str | None]


def read_move_line(text: str) -> QuickMove | None:
    """(seat, move, chain, reason, why) of a move line exactly as :func:`move_line` writes it, or None,
    when the JSON parser reads the line instead. ``why``, the reason as data, is kept as its JSON
    text: only a reader that shows reasons parses it (RecordedMove.why)."""
    found = _MOVE_LINE.match(text)
    if found is None:
        return None
    seat, move, chain, literal, why = found.groups()
    if literal is None:
        return seat, move, chain, None, None
    if "\\" in literal:
        try:
            return seat, move, chain, json.loads(literal), why
        except ValueError:
            return None
    return seat, move, chain, literal[1:-1], why  # a JSON string with no escape: the text inside its quotes


# ---------------------------------------------------------------------------- digests and remarks

_DIGEST_FORMAT = '{"e":"digest","digest":"%(digest)s"}'
DIGEST_HEAD, DIGEST_TAIL = _DIGEST_FORMAT.split("%(digest)s")  # a digest line is these around the digest


def digest_line(digest: str) -> str:
    return _DIGEST_FORMAT % {"digest": digest}


def remark_line(seat: str, text: str) -> str:
    return dumps_compact({"e": REMARK, "seat": seat, "text": text})


# ---------------------------------------------------------------------------- the engine's events


def score_dict(result: DealResult) -> dict[str, Any]:
    """C-SCORE breakdown of a deal, by partnership name."""
    return {t.team: t.as_dict() for t in result.teams}


def _minimum_json(game: Game) -> str:
    """C-MIN of the deal that has just started: a number, or each side's when it goes by score."""
    if game.rules.meld_minimum_by.by_score:
        return dumps_compact({game.seating.team_names[t]: game.minimum_for(t) for t in game.seating.teams})
    return str(game.minimum_for(0))


# Lines are built by hand (every value but a reason and a score is plain ASCII notation) because
# the replay compares them as text; that keeps it free of JSON work for most lines.


def _write_private_cards(event: Event, game: Game, seat: str) -> str:
    return f'{{"e":"{event.kind}","seat":"{seat}","cards":"{format_cards(event.private)}"}}'


def _write_take(event: Event, game: Game, seat: str) -> str:
    return f'{{"e":"take","seat":"{seat}","cards":"{format_cards(event.cards)}"}}'


def _write_red_three(event: Event, game: Game, seat: str) -> str:
    if event.private:
        replacement = event.private[0].text
        return f'{{"e":"red3","seat":"{seat}","card":"{event.cards[0].text}","replacement":"{replacement}"}}'
    return f'{{"e":"red3","seat":"{seat}","card":"{event.cards[0].text}","replacement":null}}'


def _write_card(event: Event, game: Game, seat: str) -> str:
    return f'{{"e":"{event.kind}","card":"{event.cards[0].text}"}}'


def _write_out(event: Event, game: Game, seat: str) -> str:
    return f'{{"e":"out","seat":"{seat}"}}'


def _write_deal(event: Event, game: Game, seat: str) -> str:
    shoe = format_cards(game.shoes[event.count])
    return (
        f'{{"e":"deal","deal":{event.count + 1},"dealer":"{seat}","minimum":'
        f'{_minimum_json(game)},"shoe":"{shoe}"}}'
    )


def _write_deal_end(event: Event, game: Game, seat: str) -> str:
    result = game.results[event.count]
    went_out = game.seating.names[result.went_out] if result.went_out is not None else None
    return dumps_compact(
        {"e": "deal_end", "deal": event.count + 1, "by": result.ended_by, "went_out": went_out,
         "scores": score_dict(result)}
    )


def _write_game_end(event: Event, game: Game, seat: str) -> str:
    final = game.result
    assert final is not None  # the game ends with this event
    team_names = final.team_names
    winner = team_names[final.winner] if final.winner is not None else None
    totals = dict(zip(team_names, game.totals(), strict=True))
    return dumps_compact({"e": "game_end", "totals": totals, "winner": winner})


def _write_move(event: Event, game: Game, seat: str) -> str:
    assert event.move is not None
    return move_line(seat, event.move, None)  # a move made before recording began: no reason


def _deal_end_words(data: dict[str, Any], who: str) -> str:
    scores = data.get("scores")
    totals = scores
    if isinstance(scores, dict):
        totals = {k: v.get("total") for k, v in scores.items() if isinstance(v, dict)}
    return f"deal {data.get('deal')} ended by {data.get('by')} with totals {totals}"


LINE_KINDS: dict[str, LineKind] = {kind.name: kind for kind in (
    LineKind("deal", EventKind.DEAL, _write_deal,
             lambda d, who: f"deal {d.get('deal')} (dealer {d.get('dealer')}, minimum {d.get('minimum')})"),
    LineKind("upcard", EventKind.UPCARD, _write_card, lambda d, who: f"upcard {d.get('card')}"),
    LineKind("bury", EventKind.BURY, _write_card, lambda d, who: f"bury {d.get('card')}"),
    LineKind(MOVE, EventKind.MOVE, _write_move, lambda d, who: f"move {d.get('move')!r}{who}"),
    LineKind("draw", EventKind.DRAW, _write_private_cards, lambda d, who: f"draw{who} of {d.get('cards')!r}"),
    LineKind("take", EventKind.TAKE, _write_take, lambda d, who: f"take{who} of {d.get('cards')!r}"),
    LineKind("red3", EventKind.RED_THREE, _write_red_three,
             lambda d, who: f"red three {d.get('card')}{who} replaced by {d.get('replacement')}"),
    LineKind("foot", EventKind.FOOT, _write_private_cards, lambda d, who: f"foot{who} of {d.get('cards')!r}"),
    LineKind("out", EventKind.OUT, _write_out, lambda d, who: f"going out{who}"),
    LineKind("deal_end", EventKind.DEAL_END, _write_deal_end, _deal_end_words),
    LineKind("game_end", EventKind.GAME_END, _write_game_end,
             lambda d, who: f"game end with totals {d.get('totals')}, winner {d.get('winner')}"),
    LineKind(DIGEST, words=lambda d, who: f"digest {d.get('digest')}"),
    LineKind(REMARK),
)}
KNOWN_KINDS = frozenset(LINE_KINDS)  # every line kind a transcript holds after its header
_WRITERS = {kind.event: kind.write for kind in LINE_KINDS.values() if kind.event is not None and kind.write}


def event_line(event: Event, game: Game) -> str:
    """The transcript line of an event, as the writer writes it and the replay expects it."""
    write = _WRITERS.get(event.kind)
    if write is None:
        raise ValueError(f"no transcript line for event kind {event.kind!r}")
    return write(event, game, game.seating.names[event.seat] if event.seat is not None else "")


def written_kind(text: str) -> str | None:
    """The kind of a line as the writer writes it (``{"e":"KIND"`` first), read off its first bytes;
    None for a line in any other form (the JSON parser reads it)."""
    if not text.startswith(LINE_HEAD):
        return None
    end = text.find('"', _KIND_START)
    return text[_KIND_START:end] if end > 0 else None


_KIND_START = len(LINE_HEAD)


def describe(line: str) -> str:
    """A short readable form of a transcript line, for divergence messages."""
    try:
        data = json.loads(line)
    except ValueError:
        return repr(line[:80])
    if not isinstance(data, dict):
        return repr(line[:80])
    kind = data.get("e")
    found = LINE_KINDS.get(kind) if isinstance(kind, str) else None
    if found is None or found.words is None:
        return repr(line[:80])
    seat = data.get("seat")
    return found.words(data, f" by {seat}" if seat else "")
