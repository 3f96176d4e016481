"""The transcript's lines: format constants, the error type, seats, and how every event,
move and state digest is written as one line of JSON."""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from hfcli import __version__
from hfcli.engine.cards import format_cards
from hfcli.engine.errors import HandFootError
from hfcli.engine.events import Event, EventKind
from hfcli.engine.game import Game
from hfcli.engine.moves import DISCARD_KIND, Move
from hfcli.engine.numbers import seed_in_json
from hfcli.engine.reasons import Reason, recorded
from hfcli.engine.scoring import DealResult
from hfcli.engine.seating import Seating

FORMAT = "hfcli-transcript"
VERSION = 2  # version 2 added each move's chain; version 1 files are still read
SEAT_KINDS = ("human", "ai")



class Fault(Enum):
    """What is wrong with a transcript that cannot be replayed: the file is well formed but the
    replay diverges from it (an illegal move, another card, another digest or score), or the file
    itself is malformed or of an unsupported version. What each means for a command's exit status
    is the command's to say (:func:`hfcli.cli.transcript_exit_code`)."""

    DIVERGES = "diverges"
    MALFORMED = "malformed"


DIVERGENCE = Fault.DIVERGES
MALFORMED = Fault.MALFORMED

# No line hf writes comes near this (a 20-deck shoe is some 3 KB, the header of a what-if game from
# the last move of a 20-deal game of six with 40-card hands some 270 KB); a longer one is not a
# transcript, and refusing it keeps a huge file without newlines from being read whole. The writer
# refuses to write a longer line, so what it writes, the reader reads.
MAX_LINE_BYTES = 1 << 20


class TranscriptError(HandFootError):
    """A transcript that cannot be replayed: ``FILE:LINE: message``, and its ``fault``: the replay
    diverges from a well-formed file, or the file is malformed."""

    def __init__(self, file: str | Path, line: int, message: str, fault: Fault = MALFORMED) -> None:
        super().__init__(f"{file}:{line}: {message}")
        self.file = str(file)
        self.line = line
        self.message = message
        self.fault = fault


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a display name, ``human`` or ``ai``, and the AI's level (None for a human)."""

    name: str
    kind: str
    level: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}


@dataclass(slots=True)
class RecordedMove:
    """One move as the file records it: its number in the game (1-based), line, deal (1-based)."""

    number: int
    line: int
    deal: int
    seat: int
    move: str
    reason: str | None  # the reason's words, as recorded
    why_data: object = None  # the reason as data (``why``), as read: JSON text or its value; None if not recorded

    @property
    def why(self) -> Reason | None:
        """The reason the move was recorded with: rebuilt from its data where the line holds it
        (and this version knows every kind and fact of it), else its words kept as written
        (:func:`~hfcli.engine.reasons.recorded`); None for a move recorded without one."""
        data = self.why_data
        if data is not None:
            try:
                return Reason.from_json(json.loads(data) if isinstance(data, str) else data)
            except ValueError:
                pass  # a reason of a newer version, or damaged: its words still say it
        return None if self.reason is None else recorded(self.reason)


@dataclass(frozen=True)
class RecordedRemark:
    """A remark as the file records it: said after move ``after`` (0: before the first) at ``line``."""

    after: int
    line: int
    seat: int
    text: str


# ---------------------------------------------------------------------------- encoding


def header_dict(
    game: Game, seats: Sequence[SeatInfo], created: str | None = None, extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The header line's keys; ``extra`` adds more (a game started from a position records it)."""
    if created is None:
        created = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {
        "format": FORMAT,
        "version": VERSION,
        "program": f"hfcli {__version__}",
        "created": created,
        "seed": seed_in_json(game.seed),
        "rules": game.rules.as_dict(),
        "seating": seating_dict(game.seating),
        "seats": [{"seat": game.seating.names[i], **s.as_dict()} for i, s in enumerate(seats)],
        **(extra or {}),
    }


def seating_dict(seating: Seating) -> dict[str, Any]:
    """The header's ``seating``: the seats in play order, their long names, each seat's side by
    name, the sides in order, and the seat that deals first."""
    return {
        "seats": list(seating.names),
        "long_names": list(seating.long_names),
        "sides": [seating.team_names[team] for team in seating.team_of],
        "side_names": list(seating.team_names),
        "first_dealer": seating.names[seating.first_dealer],
    }


def dumps_compact(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


REMARK = "say"  # the line kind of a remark: what a seat said at the table, between moves


def remark_line(seat: str, text: str) -> str:
    return dumps_compact({"e": REMARK, "seat": seat, "text": text})


def score_dict(result: DealResult) -> dict[str, Any]:
    """C-SCORE breakdown of a deal, by partnership name."""
    return {t.team: t.as_dict() for t in result.teams}


def event_line(event: Event, game: Game) -> str:
    """The transcript line of an event, as the writer writes it and the verifier expects it.

    Lines are built by hand (every value but a reason and a score is plain ASCII notation) because
    the verifier compares them as text; that keeps replay free of JSON work for most lines.
    """
    kind = event.kind
    names = game.seating.names
    seat = names[event.seat] if event.seat is not None else ""
    if kind == EventKind.DRAW or kind == EventKind.FOOT:
        return f'{{"e":"{kind}","seat":"{seat}","cards":"{format_cards(event.private)}"}}'
    if kind == EventKind.TAKE:
        return f'{{"e":"take","seat":"{seat}","cards":"{format_cards(event.cards)}"}}'
    if kind == EventKind.RED_THREE:
        if event.private:
            replacement = event.private[0].text
            return f'{{"e":"red3","seat":"{seat}","card":"{event.cards[0].text}","replacement":"{replacement}"}}'
        return f'{{"e":"red3","seat":"{seat}","card":"{event.cards[0].text}","replacement":null}}'
    if kind == EventKind.BURY or kind == EventKind.UPCARD:
        return f'{{"e":"{kind}","card":"{event.cards[0].text}"}}'
    if kind == EventKind.OUT:
        return f'{{"e":"out","seat":"{seat}"}}'
    if kind == EventKind.DEAL:
        shoe = format_cards(game.shoes[event.count])
        return (
            f'{{"e":"deal","deal":{event.count + 1},"dealer":"{seat}","minimum":'
            f'{_minimum_json(game)},"shoe":"{shoe}"}}'
        )
    if kind == EventKind.DEAL_END:
        result = game.results[event.count]
        went_out = names[result.went_out] if result.went_out is not None else None
        return dumps_compact(
            {"e": "deal_end", "deal": event.count + 1, "by": result.ended_by, "went_out": went_out,
             "scores": score_dict(result)}
        )
    if kind == EventKind.GAME_END:
        final = game.result
        assert final is not None  # the game ends with this event
        team_names = final.team_names
        winner = team_names[final.winner] if final.winner is not None else None
        totals = dict(zip(team_names, game.totals(), strict=True))
        return dumps_compact({"e": "game_end", "totals": totals, "winner": winner})
    if kind == EventKind.MOVE:
        assert event.move is not None
        return move_line(seat, event.move, None)
    raise ValueError(f"no transcript line for event kind {kind!r}")


def _minimum_json(game: Game) -> str:
    """C-MIN of the deal that has just started: a number, or each side's when it goes by score."""
    if game.rules.meld_minimum_by.by_score:
        return dumps_compact({game.seating.team_names[t]: game.minimum_for(t) for t in game.seating.teams})
    return str(game.minimum_for(0))


def move_line(
    seat: str, move: Move | str, reason: str | None, chain: str | None = None, why: Reason | None = None
) -> str:
    """A move's line; ``chain`` (version 2 on) is the move's link in the chain of the game's moves;
    ``reason`` the reason's words and ``why`` the reason as data (docs/transcript.md)."""
    linked = "" if chain is None else f',"chain":"{chain}"'
    if reason is None:
        return f'{{"e":"move","seat":"{seat}","move":"{move}"{linked}}}'
    said = json.dumps(reason, ensure_ascii=False)
    if why is None:
        return f'{{"e":"move","seat":"{seat}","move":"{move}"{linked},"reason":{said}}}'
    data = json.dumps(why.to_json(), ensure_ascii=False, separators=(",", ":"))
    return f'{{"e":"move","seat":"{seat}","move":"{move}"{linked},"reason":{said},"why":{data}}}'


def move_chain(previous: str, seat: str, move: str) -> str:
    """The chain after a move: 8 hex digits of BLAKE2b (4 bytes) of the chain before it, the seat and
    the move as written. It ties each move to every move before it, in order, so a move that is
    moved, removed, added or changed breaks the chain at the first line that changed, even where
    the state after the turn comes out the same. The first move's chain before it is empty."""
    return hashlib.blake2b(f"{previous} {seat} {move}".encode(), digest_size=4).hexdigest()


def digest_line(digest: str) -> str:
    return f'{{"e":"digest","digest":"{digest}"}}'


def ends_turn(events: Sequence[Event]) -> bool:
    """A state digest is recorded after every batch of events that ends a turn (or a deal)."""
    if not events:
        return False
    # A move comes first in its batch: a discard ends the turn, and a move with more events after
    # it may end the deal.
    first = events[0].move
    if first is not None and first.kind is DISCARD_KIND:
        return True
    if len(events) > 1:
        for e in events:
            if e.kind is _DEAL_END:
                return True
    return False


_DEAL_END = EventKind.DEAL_END  # read once: an enum member read through its class costs a lookup
