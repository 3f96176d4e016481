"""``hf play --from FILE:MOVE`` and ``hf play --duplicate FILE``: a new game from a recorded one.

A what-if game starts from the position after a move of the recorded game, to try another choice
there; a duplicate game deals the recorded game's cards again from its first deal. Either way the
player takes the seat the recorded game's player had (South when every seat was an AI, or the seat
``--seat`` names), the AI seats keep their levels, the new transcript's header records where the
game came from, and every finished deal and the end of the game are set against the recorded game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from hfcli.cli import InputError
from hfcli.cli.table_setup import (
    HUMAN,
    Seats,
    intro_lines,
    make_ai,
    open_transcript,
    table_session,
    transcript_name_problem,
)
from hfcli.engine.game import Game
from hfcli.engine.numbers import seed_in_json, whole_number
from hfcli.reports.comparison import comparison_data, deal_comparison, game_comparison
from hfcli.system.printable import printable
from hfcli.transcript import (
    Replayed,
    Source,
    TranscriptError,
    parse_header,
    recorded_shoes,
    replay,
)
from hfcli.transcript.origin import DUPLICATE, WHAT_IF, Origin, header_keys, origin_of
from hfcli.transcript.visitor import PositionAfter

if TYPE_CHECKING:
    from hfcli.engine.scoring import DealResult
    from hfcli.repl.display import Display, Pace
    from hfcli.repl.session import Session


def split_from(spec: str) -> tuple[Path, int]:
    """``FILE:MOVE`` (the last colon splits, so a file name may hold colons)."""
    file, colon, move = spec.rpartition(":")
    if not colon or not file:
        raise click.BadParameter(f"write FILE:MOVE, e.g. game.jsonl:300, not {spec!r}", param_hint="--from")
    problem = transcript_name_problem(file)
    if problem is not None:
        raise click.BadParameter(problem, param_hint="--from")
    try:
        return Path(file), whole_number(move, "the move")
    except ValueError as exc:
        raise click.BadParameter(f"{exc} (write FILE:MOVE, e.g. game.jsonl:300)", param_hint="--from") from None


def origin_file(path: Path) -> str:
    """The recorded game's full path, as the new game's header records it (as text): the name given
    passed :func:`transcript_name_problem`, but a folder above it (the working folder) may hold
    bytes that are not UTF-8 too."""
    full = str(path.resolve())
    if any(0xD800 <= ord(c) <= 0xDFFF for c in full):
        raise InputError(f"the recorded game's full path '{printable(full)}' holds bytes that are not UTF-8, which the "
                         "new game's header cannot record as text; move it to a folder whose path is text")
    return full


def load(path: Path, *, position_after: int | None = None) -> tuple[Replayed, Game | None]:
    """The recorded game, replayed strictly, and (a copy of) the game after move ``position_after``;
    a file that does not replay is a one-line error."""
    kept = None if position_after is None else PositionAfter(position_after)
    try:
        replayed = replay(path, kept)
    except TranscriptError as exc:
        raise click.ClickException(printable(str(exc))) from None
    except RecursionError:
        raise click.ClickException(f"{printable(str(path))}: nesting too deep to read") from None
    if position_after is None:
        return replayed, None
    total = len(replayed.recorded)
    if position_after < total:
        assert kept is not None and kept.game is not None  # kept before move position_after + 1
        return replayed, kept.game
    if position_after > total or replayed.game.is_over:
        over = replayed.game.is_over
        last = total - 1 if over else total
        ending = " and the end of the game" if over else ""
        raise click.BadParameter(
            f"{printable(str(path))} records {total} moves{ending}: give a move from 0 to {last}", param_hint="--from"
        )
    return replayed, replayed.game


def choose_seats(replayed: Replayed, seat: str | None, name: str, level: str) -> Seats:
    """The player takes ``seat``, else the seat of the recorded game's player, else South; the other
    seats keep their recorded levels (one the recorded game's player had is played at ``level``)."""
    game, header = replayed.game, replayed.header
    if seat is not None:
        try:
            human = game.seating.seat_index(seat)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--seat") from None
    else:
        humans = header.human_seats
        human = humans[0] if humans else HUMAN
    recorded = header.seats[human]
    if name == "You" and recorded.kind == "human" and recorded.name:
        name = printable(recorded.name)
    levels = {s: info.level or level for s, info in enumerate(header.seats) if s != human}
    return Seats(human, name, levels)


def what_if_session(
    spec: str, seat: str | None, name: str, level: str, transcript_path: Path | None, display: Display, pace: Pace
) -> tuple[Session, list[str]]:
    """A game from the position after a move of a recorded game (``--from FILE:MOVE``)."""
    path, move = split_from(spec)
    replayed, start = load(path, position_after=move)
    assert start is not None
    position, history = start.to_position(), start.public_events
    # Built as the reader will build it from the header: every AI seat sees the same views then.
    game = Game.from_position(position, history)
    seats = choose_seats(replayed, seat, name, level)
    origin = Origin(WHAT_IF, origin_file(path), move)
    keys = header_keys(origin, position, history, game.seating, game.rules)
    session, intro = _start(game, replayed, seats, transcript_path, keys, display, pace)
    where = game.seating.long_names[game.to_move]
    intro.insert(0, f"What if: the position after move {move} of {printable(str(path))} "
                    f"(deal {game.deal_index + 1}, {where} to {game.phase}).")
    return session, intro


def duplicate_session(
    path: Path, seat: str | None, name: str, level: str, transcript_path: Path | None, display: Display, pace: Pace
) -> tuple[Session, list[str]]:
    """A game dealt the cards of a recorded game, from its first deal (``--duplicate FILE``)."""
    replayed, _ = load(path)
    origin = origin_of(replayed.header, replayed.source.path)
    if "position" in replayed.header.data:
        started = f" (move {origin.move} of {printable(origin.file)})" if origin and origin.move is not None else ""
        raise click.ClickException(
            f"{printable(str(path))} starts from a position{started}, not from its first deal: "
            "duplicate play deals a whole game again"
        )
    header = replayed.header
    # Deals the file does not record (an unfinished game) are dealt from the seed, as they would have been.
    game = Game(header.rules, header.seed, seating=replayed.game.seating,
                shoes=recorded_shoes(replayed.source, header.rules))
    seats = choose_seats(replayed, seat, name, level)
    keys = header_keys(Origin(DUPLICATE, origin_file(path)))
    session, intro = _start(game, replayed, seats, transcript_path, keys, display, pace)
    intro.insert(0, f"Duplicate: the cards of {printable(str(path))}, dealt again. At the end of each deal "
                    "and of the game, your result is set beside the recorded one.")
    return session, intro


def _start(
    game: Game, replayed: Replayed, seats: Seats, transcript_path: Path | None, header: dict[str, object],
    display: Display, pace: Pace,
) -> tuple[Session, list[str]]:
    players = {s: make_ai(level, game.seed, s) for s, level in seats.levels.items()}
    writer, path = open_transcript(game, seats.human, seats.name, seats.levels, transcript_path, header,
                                   studied=Path(replayed.source.path))
    session = table_session(game, players, seats, writer, path, display, pace)
    compare_with(session, replayed.game.results)
    return session, intro_lines(game, seats.human, seats.levels, path)


def compare_with(session: Session, recorded: list[DealResult]) -> None:
    """Set each finished deal and the end of ``session``'s game against the recorded game's results."""
    game = session.host.game
    names = game.seating.team_names
    side = game.seating.team_of[session.human]

    def after_deal(deal: int) -> str:
        mine = recorded[deal] if deal < len(recorded) else None
        return deal_comparison(game.results[deal], mine, names, player_side=side)

    def after_game() -> str:
        return "\n".join(game_comparison(game.results, recorded, names, player_side=side))

    session.after_deal = after_deal
    session.after_game = after_game


def compare_resumed(session: Session, source: Source) -> str | None:
    """For ``--resume`` of a what-if or duplicate game: what the game is, and the comparison with
    the recorded game set up again when its file still replays (else a note saying why not); None
    for a game dealt afresh."""
    try:
        origin = origin_of(parse_header(source), source.path)
    except TranscriptError:
        return None  # the resume itself reports a malformed header
    if origin is None:
        return None
    try:
        original = replay(origin.file)
    except (TranscriptError, RecursionError) as exc:
        return (f"This is {origin.describe()}; that game cannot be read now, so nothing is compared "
                f"with it ({printable(str(exc))}).")
    compare_with(session, original.game.results)
    return f"This is {origin.describe()}."


def simulate_shoes(path: Path, levels_by_side: dict[int, str], everyone: str | None, default: str) -> SimulatedShoes:
    """``hf simulate --shoes FILE``: the AI plays the recorded game's cards again. Each seat keeps its
    recorded AI level, a person's seat gets ``default``; ``everyone`` sets every seat and
    ``levels_by_side`` the seats of a side."""
    from hfcli.table.match import MatchStats, play_game

    replayed, _ = load(path)
    header = replayed.header
    if "position" in header.data:
        raise click.ClickException(f"{printable(str(path))} starts from a position, not from its first deal: "
                                   "its cards cannot all be dealt again")
    seating = replayed.game.seating
    levels = []
    for seat, info in enumerate(header.seats):
        level = everyone or levels_by_side.get(seating.team_of[seat]) or info.level or default
        levels.append(level)
    game = Game(header.rules, header.seed, seating=seating, shoes=recorded_shoes(replayed.source, header.rules))
    players = [make_ai(level, header.seed, seat) for seat, level in enumerate(levels)]
    stats = MatchStats()
    play_game(game, players, stats=stats)
    return SimulatedShoes(replayed, game, tuple(levels), stats.moves)


@dataclass(frozen=True)
class SimulatedShoes:
    """The AI's game on a recorded game's shoes, and the recorded game."""

    recorded: Replayed
    game: Game
    levels: tuple[str, ...]
    moves: int

    @property
    def player_side(self) -> int | None:
        """The side of the recorded game's person, if it had one."""
        humans = self.recorded.header.human_seats
        return self.game.seating.team_of[humans[0]] if len(humans) == 1 else None

    def seats_text(self) -> str:
        seating = self.game.seating
        parts = []
        for seat, info in enumerate(self.recorded.header.seats):
            was = f"recorded: {printable(info.name)}, a person" if info.kind == "human" else (
                "as recorded" if info.level == self.levels[seat] else f"recorded: {printable(info.level or '?')}")
            parts.append(f"{seating.long_names[seat]} {self.levels[seat]} ({was})")
        return ", ".join(parts)

    def lines(self) -> list[str]:
        header = self.recorded.header
        names = self.game.seating.team_names
        recorded = self.recorded.game.results
        lines = [
            f"The AI on the cards of {printable(self.recorded.source.path)}: {header.rules.name} rules, "
            f"seed {header.seed}, {len(recorded)} of {header.rules.deals} deals recorded.",
            f"Seats: {self.seats_text()}.",
            "",
        ]
        return lines + game_comparison(self.game.results, recorded, names, player_side=self.player_side,
                                       labels=("AI", "recorded"), here_words="with the AI")

    def as_dict(self) -> dict[str, object]:
        header = self.recorded.header
        seating = self.game.seating
        return {
            "file": self.recorded.source.path,
            "rules": header.rules.name,
            "seed": None if header.seed is None else seed_in_json(header.seed),
            "seats": [
                {"seat": seating.names[s], "level": self.levels[s],
                 "recorded": {"name": info.name, "kind": info.kind, "level": info.level}}
                for s, info in enumerate(header.seats)
            ],
            "player_side": None if self.player_side is None else seating.team_names[self.player_side],
            "moves": self.moves,
            "deals": comparison_data(self.game.results, self.recorded.game.results, seating.team_names),
        }
