"""Strict verification of transcripts and scenarios, file by file or over folders."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from hfcli.transcript import DIVERGENCE, MALFORMED, Fault, Replayed, TranscriptError, Visitor, read_source, replay
from hfcli.transcript.scenario import is_scenario, run_scenario

SUFFIXES = (".jsonl",)


@dataclass
class Verified:
    path: str
    summary: str
    moves: int
    warning: str | None = None


@dataclass(frozen=True)
class UnreadableFolder:
    """A folder under a target that could not be listed: reported where it stands, never skipped."""

    path: Path
    reason: str

    @property
    def message(self) -> str:
        return f"{self.path}: cannot read this folder: {self.reason}"


def transcript_files(target: str | Path) -> Iterator[Path | UnreadableFolder]:
    """``target`` itself, or every transcript under it when it is a folder, in sorted order, with
    each folder that could not be listed in its place among them.

    A special file named like a transcript (a named pipe, a device) is listed too: reading it
    refuses it at once with what it is, where skipping it would hide it. The walk keeps its own
    list of folders to visit (a tree a thousand folders deep is no deeper for it than a flat one)
    and enters each folder once, however many symbolic links lead to it, so a link back up the tree
    ends the walk there instead of going round for ever."""
    top = Path(target)
    if not top.is_dir():
        yield top
        return
    found: list[Path | UnreadableFolder] = []
    entered: set[tuple[int, int]] = set()
    folders = [top]
    while folders:
        folder = folders.pop()
        try:
            status = folder.stat()
            if (status.st_dev, status.st_ino) in entered:
                continue
            entered.add((status.st_dev, status.st_ino))
            with os.scandir(folder) as entries:
                for entry in entries:
                    path = Path(entry.path)
                    if _is_folder(entry):
                        folders.append(path)
                    elif path.suffix in SUFFIXES:
                        found.append(path)
        except OSError as exc:
            found.append(UnreadableFolder(folder, exc.strerror or str(exc)))
    yield from sorted(found, key=lambda item: item.path if isinstance(item, UnreadableFolder) else item)


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()  # through a symbolic link too
    except OSError:
        return False  # listed as a file, whose reading then says what is wrong


def verify_file(path: str | Path, *, ai: bool = False, strict: bool = False) -> Verified:
    """Replay one file strictly; raises TranscriptError (a divergence or a malformed file) at the first
    problem. With ``strict``, a torn last line or an unfinished game is one too (a divergence), for suites
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
    verdict = Verdict(ai)
    replayed = replay(path, verdict, ai=ai, source=source)
    if strict and not replayed.finished:
        raise TranscriptError(source.path, len(source.lines), "the game is unfinished (--strict)", DIVERGENCE)
    return Verified(source.path, verdict.summary, len(replayed.recorded), source.warning)


class Verdict(Visitor):
    """What ``hf verify`` says of a file that replayed: its moves, deals, digests and how the game
    stands, made once the replay has checked every line."""

    def __init__(self, ai: bool) -> None:
        self.ai = ai
        self.summary = ""

    def end(self, replayed: Replayed) -> None:
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
        checked = " and today's AI" if self.ai else ""
        self.summary = (
            f"{replayed.source.path}: ok, {len(replayed.recorded)} moves{checked}, {len(game.results)} deal(s) "
            f"scored, {replayed.digests} digests, {state}"
        )


@dataclass
class Outcome:
    """One file's verdict, as plain values that cross process boundaries."""

    path: str
    verified: Verified | None
    error: str | None = None
    fault: Fault | None = None  # what is wrong, where the file did not verify


def check(path: str | Path | UnreadableFolder, ai: bool = False, strict: bool = False) -> Outcome:
    if isinstance(path, UnreadableFolder):
        return Outcome(str(path.path), None, path.message, MALFORMED)
    try:
        return Outcome(str(path), verify_file(path, ai=ai, strict=strict))
    except TranscriptError as exc:
        return Outcome(str(path), None, str(exc), exc.fault)
    except RecursionError:
        return Outcome(str(path), None, f"{path}:0: nesting too deep to read", MALFORMED)
    except Exception as exc:  # noqa: BLE001 - the command reports, never shows a traceback
        return Outcome(str(path), None, f"{path}:0: internal error while replaying (a bug in hf): {exc!r}", MALFORMED)


def check_all(
    paths: list[Path | UnreadableFolder], *, ai: bool = False, jobs: int = 1, strict: bool = False
) -> Iterator[Outcome]:
    """Verdicts in the order of ``paths``; with ``jobs`` > 1, files are replayed in parallel processes."""
    if jobs <= 1 or len(paths) <= 1:
        for path in paths:
            yield check(path, ai, strict)
        return
    from functools import partial

    from hfcli.system.workers import parallel_map

    yield from parallel_map(partial(check, ai=ai, strict=strict), paths, min(jobs, len(paths)))
