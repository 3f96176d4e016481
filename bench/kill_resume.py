"""Kill and resume: a game stopped anywhere goes on exactly as if it had never stopped.

    python bench/kill_resume.py [--games 4] [--cuts 50] [--kills 5] [--seed 1] [--jobs 2]
                                [--rules classic] [--line-up LEVEL/PARTNER/OPPONENT] [--keep DIR]

Each game is played with ``hf play`` (South scripted: its moves are the ones the hard player
makes in South's seat, worked out beforehand, one a line on stdin; every other seat is the AI
``hf play`` seats, at the levels of the game's line-up: hf play's default, then mixed ones in
turn, or ``--line-up`` for every game, e.g. ``expert`` or ``normal/easy/expert``) and recorded
uninterrupted. Then, for ``--cuts`` cut points of its transcript, half of them inside an AI
seat's turn (after the turn's first move, before its digest; half of those, where there are
enough, in turns that began by taking the pile or were played toward the first meld, where a
player keeps the most from move to move), the file is cut there as a SIGKILL would leave it, a
third of them with a torn piece of the next line after the cut; and ``--kills`` times a real
``hf play`` of the game is killed with SIGKILL at a random moment while it plays. Every such
file is resumed with ``hf play --resume`` (South's remaining moves on stdin) and played to the
end, compared byte for byte with the uninterrupted file (a killed game's header apart from the
time it was started), and checked with ``hf verify --ai``.

Prints, per game and in all: the cut points (inside AI turns, torn, real kills), how many
resumed files equal the uninterrupted one, how many pass ``hf verify --ai``, and the first
differences found. Exits 1 if any file differs or fails. Every choice (the cut points, the torn
lengths, the moments of the kills) comes from ``--seed``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.levels import make_player, offered

HF = Path(sys.executable).with_name("hf")
SOUTH = 0
SOUTH_PLAYER = "hard"
# (level, partner level, opponent level) of the games in turn: hf play's default, then mixed ones.
LINE_UPS = (("normal", None, None), ("normal", "easy", "hard"), ("hard", None, "normal"), ("easy", "hard", None))
PLAY_LEVELS = offered()  # hf play's --level choices
GAME_TIMEOUT = 600  # seconds: far beyond any game at --speed 0; a hung run fails, never blocks the bench


@dataclass(frozen=True)
class GameSpec:
    seed: int
    rules: str
    line_up: tuple[str, str | None, str | None]

    def play_args(self) -> list[str]:
        level, partner, opponent = self.line_up
        args = ["play", "--seed", str(self.seed), "--rules", self.rules, "--level", level, "--speed", "0", "--ascii"]
        if partner:
            args += ["--partner-level", partner]
        if opponent:
            args += ["--opponent-level", opponent]
        return args

    def levels(self) -> dict[int, str]:
        level, partner, opponent = self.line_up
        game = Game(preset(self.rules), seed=self.seed)
        mates = game.seating.partners(SOUTH)
        return {s: (partner or level) if s in mates else (opponent or level) for s in game.seating.seats if s != SOUTH}


@dataclass
class Cut:
    """One stop of a game: the file as the stop left it, resumed and finished."""

    name: str
    lines: int  # complete lines kept
    inside_ai_turn: bool
    torn: bool
    killed: bool
    same: bool = False
    verified: bool = False
    problem: str = ""


def south_script(spec: GameSpec) -> list[str]:
    """South's moves of the game, as typed at the table: the hard player in South's seat against
    the AI seats hf play makes for the game (same seed, same levels, so the same moves)."""
    game = Game(preset(spec.rules), seed=spec.seed)
    players = {s: make_player(level, spec.seed, s) for s, level in spec.levels().items()}
    players[SOUTH] = make_player(SOUTH_PLAYER, spec.seed + 1_000_003, SOUTH)
    script = []
    while not game.is_over:
        seat = game.to_move
        move = players[seat].choose(game.view(seat)).move
        if seat == SOUTH:
            script.append(str(move))
        game.apply(move)
    return script


def hf(args: Sequence[str], stdin: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(HF), *args], input=stdin, capture_output=True, text=True, env=env,
                          timeout=GAME_TIMEOUT, check=False)


def south_moves_in(lines: Sequence[str]) -> int:
    """South's moves among complete transcript lines (a torn line is dropped on resume)."""
    count = 0
    for line in lines[1:]:
        data = json.loads(line)
        if data.get("e") == "move" and data.get("seat") == "S":
            count += 1
    return count


def turn_owners(lines: Sequence[str]) -> tuple[list[int | None], list[bool]]:
    """For each count of complete lines kept (0 .. len), the seat whose turn is in progress there
    (its first move kept, its digest not), or None at a turn's boundary; and whether that turn is
    one where a player keeps the most from move to move: one that began by taking the pile, or
    one played toward the side's first meld (a plan, the hand held before a pickup)."""
    seats = {"S": 0, "W": 1, "N": 2, "E": 3}
    owners: list[int | None] = [None, None]  # nothing kept, the header alone
    keeps: list[bool] = [False, False]
    owner: int | None = None
    turn_lines: list[int] = []  # indexes into owners of the lines kept inside the turn in progress
    keeping = False
    for line in lines[1:]:
        data = json.loads(line)
        kind = data.get("e")
        if kind == "move":
            if owner is None:
                owner, keeping = seats.get(data["seat"], -1), data["move"] == "pickup"
            # A move toward the first meld, by its reason's kind (docs/transcript.md), never its words.
            keeping = keeping or (data.get("why") or {}).get("kind") == "opening-plan"
        elif kind == "digest":
            for i in turn_lines:
                keeps[i] = keeping
            owner, keeping, turn_lines = None, False, []
        owners.append(owner)
        keeps.append(False)
        if owner is not None:
            turn_lines.append(len(owners) - 1)
    return owners, keeps


def resume_and_finish(spec: GameSpec, path: Path, script: list[str], env: dict[str, str]) -> str:
    """Resume the stopped file and play it to the end; '' or what went wrong."""
    kept = path.read_bytes()
    complete = kept[: kept.rfind(b"\n") + 1].decode().splitlines()
    rest = script[south_moves_in(complete):]
    run = hf(["play", "--resume", str(path), "--speed", "0", "--ascii"], "".join(m + "\n" for m in rest), env)
    if run.returncode != 0:
        return f"hf play --resume exited {run.returncode}: {(run.stderr or run.stdout).strip().splitlines()[-1:]}"
    return ""


def without_the_time(header: bytes) -> dict[str, object]:
    data = json.loads(header)
    data.pop("created", None)  # when the game was started: a killed game's own run started later
    return dict(data)


def compare(cut: Cut, path: Path, full: bytes) -> None:
    got = path.read_bytes()
    head, _, body = got.partition(b"\n")
    full_head, _, full_body = full.partition(b"\n")
    cut.same = body == full_body and (head == full_head or without_the_time(head) == without_the_time(full_head))
    if not cut.same and not cut.problem:
        mine, theirs = got.splitlines(), full.splitlines()
        line = next((i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b and i > 0),
                    min(len(mine), len(theirs)))
        cut.problem = (f"line {line + 1} differs: {mine[line][:90]!r} against {theirs[line][:90]!r}"
                       if line < min(len(mine), len(theirs)) else f"{len(mine)} lines against {len(theirs)}")


def truncated(spec: GameSpec, cut: Cut, full_lines: list[bytes], torn_length: int, folder: Path,
              script: list[str], full: bytes, env: dict[str, str]) -> Cut:
    path = folder / f"{cut.name}.jsonl"
    data = b"".join(line + b"\n" for line in full_lines[: cut.lines])
    if cut.torn:
        data += full_lines[cut.lines][:torn_length]
    path.write_bytes(data)
    cut.problem = resume_and_finish(spec, path, script, env)
    compare(cut, path, full)
    return cut


def killed(spec: GameSpec, name: str, size: int, folder: Path, script: list[str], full: bytes,
           owners: list[int | None], env: dict[str, str]) -> Cut:
    """A real hf play of the game, killed with SIGKILL as soon as its transcript has grown past
    ``size`` bytes: the moment falls wherever the writer and the AI happen to be then."""
    path = folder / f"{name}.jsonl"
    proc = subprocess.Popen([str(HF), *spec.play_args(), "--transcript", str(path)], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, text=True)
    assert proc.stdin is not None
    try:
        proc.stdin.write("".join(m + "\n" for m in script))
        proc.stdin.close()
    except BrokenPipeError:
        pass
    deadline = time.monotonic() + GAME_TIMEOUT
    while proc.poll() is None and time.monotonic() < deadline:
        if path.exists() and path.stat().st_size > size:
            break
        time.sleep(0.001)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    kept = path.read_bytes() if path.exists() else b""
    complete = kept.count(b"\n")
    cut = Cut(name, complete, owners[min(complete, len(owners) - 1)] not in (None, SOUTH),
              not kept.endswith(b"\n") and bool(kept), True)
    if proc.returncode != -signal.SIGKILL:
        cut.problem = f"the game ended before the kill (at {size} bytes)"
        compare(cut, path, full)
        return cut
    if complete == 0:
        cut.problem = "killed before the header was written"
        return cut
    cut.problem = resume_and_finish(spec, path, script, env)
    compare(cut, path, full)
    return cut


def verify(paths: list[Path], env: dict[str, str], jobs: int) -> dict[str, str]:
    """``hf verify --ai`` of each file: '' where it passes, else its message."""
    run = hf(["verify", "--ai", "--jobs", str(jobs), *map(str, paths)], "", env)
    verdicts = {}
    for line in (run.stdout + run.stderr).splitlines():
        name = line.split(":", 1)[0]
        verdicts[name] = "" if line.startswith(f"{name}: ok") else line
    return {str(p): verdicts.get(str(p), "no verdict") for p in paths}


def check_game(spec: GameSpec, cuts: int, kills: int, rng: random.Random, folder: Path, jobs: int) -> list[Cut]:
    env = dict(os.environ, HF_DATA_DIR=str(folder / "data"))
    script = south_script(spec)
    full_path = folder / "uninterrupted.jsonl"
    run = hf([*spec.play_args(), "--transcript", str(full_path)], "".join(m + "\n" for m in script), env)
    if run.returncode != 0 or "Input ended before the game did" in run.stdout:
        raise SystemExit(f"seed {spec.seed}: the uninterrupted game did not finish: {run.stdout[-300:]}")
    full = full_path.read_bytes()
    full_lines = full.splitlines()
    owners, pickups = turn_owners([line.decode() for line in full_lines])
    # Cut points: complete lines kept, from the header alone to the last line but one.
    points = range(1, len(full_lines))
    ai_turn = [n for n in points if owners[n] not in (None, SOUTH)]
    other = [n for n in points if owners[n] in (None, SOUTH)]
    # Half of all the stops inside AI turns even if no kill lands in one.
    inside = min(len(ai_turn), cuts, (cuts + kills + 1) // 2)
    # Half the cuts inside AI turns, where they can, fall in turns where a player keeps the most
    # from move to move (the hand it held before a pickup, its first meld's plan).
    after_pickup = [n for n in ai_turn if pickups[n]]
    chosen = rng.sample(after_pickup, min(len(after_pickup), inside // 2))
    chosen += rng.sample(sorted(set(ai_turn) - set(chosen)), inside - len(chosen))
    chosen = sorted(chosen + rng.sample(other, min(len(other), cuts - inside)))
    plans = []
    for i, n in enumerate(chosen):
        torn = i % 3 == 2 and len(full_lines[n]) > 1
        plans.append((Cut(f"cut-{n}{'-torn' if torn else ''}", n, owners[n] not in (None, SOUTH), torn, False),
                      rng.randrange(1, max(2, len(full_lines[n])))))
    header = len(full_lines[0]) + 1
    # Never in the last tenth: the game must still be going when the transcript has grown that far.
    sizes = [rng.randrange(header, header + (len(full) - header) * 9 // 10) for _ in range(kills)]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(truncated, spec, cut, full_lines, torn_length, folder, script, full, env)
                   for cut, torn_length in plans]
        futures += [pool.submit(killed, spec, f"kill-{i + 1}", size, folder, script, full, owners, env)
                    for i, size in enumerate(sizes)]
        results = [f.result() for f in futures]
    verdicts = verify([folder / f"{c.name}.jsonl" for c in results if c.lines > 0], env, jobs)
    for cut in results:
        message = verdicts.get(str(folder / f"{cut.name}.jsonl"), "not resumed")
        cut.verified = message == ""
        if message and not cut.problem:
            cut.problem = message
    return results


def summary(cuts: list[Cut]) -> str:
    inside = sum(c.inside_ai_turn for c in cuts)
    torn = sum(c.torn for c in cuts)
    kills = sum(c.killed for c in cuts)
    same = sum(c.same for c in cuts)
    verified = sum(c.verified for c in cuts)
    return (f"{len(cuts)} cut points ({inside} inside AI turns, {torn} torn, {kills} real kills): "
            f"{same} resumed files equal the uninterrupted game, {verified} pass hf verify --ai")


def line_up(text: str) -> tuple[str, str | None, str | None]:
    """``--line-up``: hf play's --level, then perhaps --partner-level and --opponent-level ('-' for none)."""
    levels = [None if word in ("", "-") else word for word in text.split("/")]
    if not 1 <= len(levels) <= 3 or levels[0] is None or any(x not in (None, *PLAY_LEVELS) for x in levels):
        raise argparse.ArgumentTypeError(f"{text!r}: give LEVEL[/PARTNER[/OPPONENT]] of {', '.join(PLAY_LEVELS)}")
    level, partner, opponent = (levels + [None, None])[:3]
    assert level is not None
    return level, partner, opponent


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--cuts", type=int, default=50, help="truncated cut points per game")
    parser.add_argument("--kills", type=int, default=5, help="real SIGKILLs per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--line-up", type=line_up, default=None, metavar="LEVEL[/PARTNER[/OPPONENT]]",
                        help="the AI levels of every game (default: four line-ups in turn)")
    parser.add_argument("--keep", type=Path, default=None, help="keep every file in this folder")
    args = parser.parse_args(argv)
    rng = random.Random(f"kill-resume:{args.seed}")
    everything: list[Cut] = []
    failed = False
    started = time.monotonic()
    for g in range(args.games):
        spec = GameSpec(args.seed * 100 + g, args.rules, args.line_up or LINE_UPS[g % len(LINE_UPS)])
        folder = Path(tempfile.mkdtemp(prefix=f"kill-resume-{spec.seed}-"))
        try:
            cuts = check_game(spec, args.cuts, args.kills, rng, folder, args.jobs)
        finally:
            if args.keep is not None:
                shutil.copytree(folder, args.keep / f"seed{spec.seed}", dirs_exist_ok=True)
            shutil.rmtree(folder, ignore_errors=True)
        everything += cuts
        print(f"seed {spec.seed} ({args.rules}, {'/'.join(x or '-' for x in spec.line_up)}): {summary(cuts)}",
              flush=True)
        for cut in cuts:
            if not (cut.same and cut.verified):
                failed = True
                print(f"  {cut.name}: {cut.problem}", flush=True)
    print(f"all: {summary(everything)} in {time.monotonic() - started:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
