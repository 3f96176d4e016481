"""The games you played, as ``hf stats`` and your rating read them from their transcripts.

A game counts when its transcript seats one human (the player), or several with the player's seat
known (the host's, which hf host records, or the one of the name asked for), was dealt from its first deal
(a duplicate game counts; a what-if game, which starts from another game's position, does not)
and has a move (a game left before its first move was not played). A transcript is scanned, not
replayed (:mod:`hfcli.transcript.scan`): the header, the scored deals (``deal_end`` and
``game_end`` lines) and whether there is a move line are read, not the moves; ``hf verify`` is what
checks a file move by move.

A side's *margin* is its total less the best of the other sides' totals: what it won or lost by.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from hfcli.engine.estimates import lead
from hfcli.engine.events import EventKind
from hfcli.engine.rules import PRESETS
from hfcli.engine.scoring import deal_points_limit
from hfcli.engine.seating import Seating
from hfcli.text.screen import table_words
from hfcli.transcript import Header, Source, TranscriptError
from hfcli.transcript.origin import DUPLICATE, origin_of
from hfcli.transcript.scan import SKIP, ScanVisitor, Skip, scan
from hfcli.transcript.verify import UnreadableFolder, transcript_files

PERSON = "person:"  # a seat a person played, by name: each one rated as an unknown player


@dataclass(frozen=True)
class PlayedGame:
    """One game of the player's, as its transcript records it."""

    path: str
    created: str  # ISO 8601, from the header
    name: str  # the player's name, as the file holds it
    side: int
    team_names: tuple[str, ...]
    opponents: str  # the opposing AI levels, e.g. "normal" or "easy+hard"
    deal_totals: tuple[tuple[int, ...], ...]  # each scored deal's total, by side
    went_out: tuple[int | None, ...]  # each scored deal: the side that went out, None if the stock ran out
    finished: bool
    duplicate: bool = False
    rules_name: str = "classic"
    table: str = "four players in two partnerships"  # the table in words (screen.table_words)
    # Who else sat: each partner seat and each opposing seat, an AI's level or ``person:NAME``.
    partners: tuple[str, ...] = ()
    opposing: tuple[str, ...] = ()
    preset: bool = True  # the rules are a preset's exactly (the levels' tables are measured on those)
    event: str | None = None  # the event's id, for an event entry

    @property
    def kind(self) -> str:
        """What its figures are comparable with: ``classic rules, four players in two partnerships``."""
        return f"{self.rules_name} rules, {self.table}"

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(deal[t] for deal in self.deal_totals) for t in range(len(self.team_names)))

    @property
    def score(self) -> int:
        return self.totals[self.side]

    @property
    def margin(self) -> int:
        return lead(self.totals, self.side)

    @property
    def outcome(self) -> str:
        """``won``, ``lost`` or ``tied`` (C-GAME: the highest total wins)."""
        lead = self.margin
        return "won" if lead > 0 else "lost" if lead < 0 else "tied"


# Why a transcript is not counted (the key of ``Skipped.reason``), in words: one, several.
NOT_COUNTED = {
    "what-if": ("what-if game", "what-if games"),
    "ai-only": ("game of AI players only", "games of AI players only"),
    "several-players": ("game of several people with none known as you (try --name)",
                        "games of several people with none known as you (try --name)"),
    "no-move": ("game left before its first move", "games left before their first move"),
}


@dataclass(frozen=True)
class Skipped:
    path: str
    reason: str  # a key of NOT_COUNTED




def read_game(path: str | Path, me: str | None = None) -> PlayedGame | Skipped:
    """The player's game a transcript records, or why it does not count. In a game of several
    people, the player is the host (or the one named ``me``)."""
    reading = GameReading(me)
    scan(path, reading)
    assert reading.game is not None  # every scan ends in a game or a reason it does not count
    return reading.game


class GameReading(ScanVisitor):
    """The scan of one transcript for :func:`read_game`: the header says whose game it is and
    whether it counts; the scored deals, the end and the first move say the rest."""

    kinds = frozenset({EventKind.MOVE, EventKind.DEAL_END, EventKind.GAME_END})

    def __init__(self, me: str | None) -> None:
        self.me = me
        self.game: PlayedGame | Skipped | None = None
        self.deal_totals: list[tuple[int, ...]] = []
        self.went_out: list[int | None] = []
        self.finished = False
        self.moved = False

    def begin(self, source: Source, header: Header) -> Skip | None:
        self.path, self.header = source.path, header
        origin = origin_of(header, source.path)
        self.duplicate = origin is not None and origin.kind == DUPLICATE
        if "position" in header.data:
            return self._skip("what-if")
        humans = header.human_seats
        if not humans:
            return self._skip("ai-only")
        human = humans[0] if len(humans) == 1 else _person_at_terminal(header, self.me)
        if human is None:
            return self._skip("several-players")
        self.human = human
        self.limit = deal_points_limit(header.rules)
        return None

    def _skip(self, reason: str) -> Skip:
        self.game = Skipped(self.path, reason)
        return SKIP

    def line(self, kind: str, number: int, text: str) -> Skip | None:
        if kind == EventKind.DEAL_END:
            totals, out = _deal_end(self.path, number, text, self.header.seating, self.limit)
            self.deal_totals.append(totals)
            self.went_out.append(out)
        elif kind == EventKind.GAME_END:
            self.finished = True
        else:
            self.moved = True
            return SKIP  # one move is enough: the game was played
        return None

    def end(self) -> None:
        if not self.moved:
            self.game = Skipped(self.path, "no-move")
            return
        header, human = self.header, self.human
        seating = header.seating
        side = seating.team_of[human]
        who = [f"{PERSON}{info.name}" if info.kind == "human" else info.level or "?" for info in header.seats]
        opponents = sorted({"person" if w.startswith(PERSON) else w
                            for s, w in enumerate(who) if seating.team_of[s] != side})
        event = header.data.get("event")
        self.game = PlayedGame(
            self.path, header.created, header.seats[human].name, side, seating.team_names, "+".join(opponents),
            tuple(self.deal_totals), tuple(self.went_out), self.finished, self.duplicate,
            header.rules.name, table_words(seating),
            partners=tuple(w for s, w in enumerate(who) if seating.team_of[s] == side and s != human),
            opposing=tuple(w for s, w in enumerate(who) if seating.team_of[s] != side),
            preset=PRESETS.get(header.rules.name) == header.rules,
            event=str(event["id"]) if isinstance(event, dict) and "id" in event else None,
        )


def _person_at_terminal(header: Header, me: str | None) -> int | None:
    """In a game of several people, the seat of the one at this terminal: the host's seat, which
    hf host records (``host``), else the one seat of the name ``me``; None when neither tells."""
    names = header.seating.names
    host = header.data.get("host")
    if isinstance(host, str) and host in names and header.seats[names.index(host)].kind == "human":
        return names.index(host)
    mine = [s for s in header.human_seats if me is not None and header.seats[s].name == me]
    return mine[0] if len(mine) == 1 else None


def _deal_end(path: str, number: int, text: str, seating: Seating, limit: int) -> tuple[tuple[int, ...], int | None]:
    """A ``deal_end`` line's totals by side and the side that went out; a total larger than any
    deal under the game's rules can score (``limit``) is malformed."""
    try:
        data = json.loads(text)
        scores = data["scores"]
        totals = tuple(scores[name]["total"] for name in seating.team_names)
        out = data["went_out"]
    except (ValueError, KeyError, TypeError):
        raise TranscriptError(path, number, "a deal_end line without went_out and each side's total") from None
    if not all(isinstance(t, int) and not isinstance(t, bool) for t in totals):
        raise TranscriptError(path, number, "a deal_end total that is not a whole number")
    if any(abs(t) > limit for t in totals):
        raise TranscriptError(
            path, number, f"a deal_end total no deal of these rules can score (they allow at most {limit:,} either way)"
        )
    seat_names = list(seating.names)
    if out is not None and out not in seat_names:
        raise TranscriptError(path, number, f"went_out names no seat: {out!r}")
    return totals, None if out is None else seating.team_of[seat_names.index(out)]


@dataclass
class Collected:
    games: list[PlayedGame] = field(default_factory=list)  # oldest first
    skipped: list[Skipped] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)  # each a one-line message: FILE:LINE: what is wrong


def collect(targets: Iterable[str | Path], name: str | None = None) -> Collected:
    """The games under ``targets`` (files, or folders searched for ``*.jsonl``), oldest first;
    with ``name``, only those whose player had that name."""
    found = Collected()
    for target in targets:
        for path in transcript_files(target):
            if isinstance(path, UnreadableFolder):
                found.unreadable.append(path.message)
                continue
            try:
                game = read_game(path, name)
            except TranscriptError as exc:
                found.unreadable.append(str(exc))
                continue
            if isinstance(game, Skipped):
                found.skipped.append(game)
            elif name is None or game.name == name:
                found.games.append(game)
    found.games.sort(key=lambda g: (g.created, g.path))
    return found



def numbered(n: int, noun: str) -> str:
    """A count in figures and its noun: ``1 game``, ``3 deals`` (a record is read for its figures)."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
