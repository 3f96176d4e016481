"""Strict verification of transcripts and scenarios, file by file or over folders."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from hfcli.transcript import DIVERGENCE, MALFORMED, TranscriptError, read_source, replay
from hfcli.transcript.scenario import is_scenario, run_scenario

SUFFIXES = (".jsonl",)


@dataclass
class Verified:
    path: str
    summary: str
    moves: int
    warning: str | None = None


def transcript_files(target: str | Path) -> Iterator[Path]:
    """``target`` itself, or every transcript under it when it is a folder, in sorted order.
    A special file named like a transcript (a named pipe, a device) is listed too: reading it
    refuses it at once with what it is, where skipping it would hide it."""
    p = Path(target)
    if p.is_dir():
        yield from sorted(f for f in p.rglob("*") if f.suffix in SUFFIXES and not f.is_dir())
    else:
        yield p


def verify_file(path: str | Path, *, ai: bool = False, strict: bool = False) -> Verified:
    """Replay one file strictly; raises TranscriptError (exit_code 1 or 2) at the first problem.
    With ``strict``, a torn last line or an unfinished game is one too (exit_code 1), for suites
    that must catch a truncated file."""
    source = read_source(path)
    if is_scenario(source):
        if source.torn is not None:
            raise TranscriptError(source.path, source.torn, "the last line has no newline", MALFORMED)
        played = run_scenario(source)
        return Verified(
            source.path,
            f"{source.path}: ok, scenario {played.rule}: {played.title} "
            f"({played.moves} moves, {played.expectations} expectations)",
            played.moves,
        )
    if strict and source.torn is not None:
        raise TranscriptError(source.path, source.torn, "torn last line (--strict)", DIVERGENCE)
    replayed = replay(path, ai=ai, source=source)
    if strict and not replayed.finished:
        raise TranscriptError(source.path, len(source.lines), "the game is unfinished (--strict)", DIVERGENCE)
    game = replayed.game
    names = game.seating.team_names
    totals = " ".join(f"{n} {t}" for n, t in zip(names, game.totals(), strict=True))
    if replayed.finished:
        final = game.result
        assert final is not None
        winner = "a tie" if final.winner is None else f"{names[final.winner]} wins"
        state = f"finished, {totals} ({winner})"
    else:
        state = f"unfinished in deal {game.deal_index + 1}, {totals} so far"
    checked = " and today's AI" if ai else ""
    summary = (
        f"{source.path}: ok, {len(replayed.recorded)} moves{checked}, {len(game.results)} deal(s) scored, "
        f"{replayed.digests} digests, {state}"
    )
    return Verified(source.path, summary, len(replayed.recorded), source.warning)


@dataclass
class Outcome:
    """One file's verdict, as plain values that cross process boundaries."""

    path: str
    verified: Verified | None
    error: str | None = None
    exit_code: int = 0


def check(path: str | Path, ai: bool = False, strict: bool = False) -> Outcome:
    try:
        return Outcome(str(path), verify_file(path, ai=ai, strict=strict))
    except TranscriptError as exc:
        return Outcome(str(path), None, str(exc), exc.exit_code)
    except RecursionError:
        return Outcome(str(path), None, f"{path}:0: nesting too deep to read", MALFORMED)
    except Exception as exc:  # noqa: BLE001 - the command reports, never shows a traceback
        return Outcome(str(path), None, f"{path}:0: internal error while replaying (a bug in hf): {exc!r}", MALFORMED)


def check_all(paths: list[Path], *, ai: bool = False, jobs: int = 1, strict: bool = False) -> Iterator[Outcome]:
    """Verdicts in the order of ``paths``; with ``jobs`` > 1, files are replayed in parallel processes."""
    if jobs <= 1 or len(paths) <= 1:
        for path in paths:
            yield check(path, ai, strict)
        return
    from functools import partial

    from hfcli.workers import parallel_map

    yield from parallel_map(partial(check, ai=ai, strict=strict), paths, min(jobs, len(paths)))
