"""Whether the table keeps the person's move in sight: a whole game played in a real terminal (tmux,
80x24 by default) by following ``hint``, the screen captured at every prompt that follows one of
the person's discards, and each capture checked against the transcript.

A capture counts when its screen shows the person's discard and every pickup, meld and add that
the other seats made after it, up to that prompt. A move is "shown" when one logical line of the
screen (a line with the lines wrapped under it, which start with spaces) starts with the seat's
name and says the move:

- the person's discard of a rank R: ``You discard`` or ``You discarded``, then R with a suit;
- a pickup: ``the pile`` after ``take``, ``takes`` or ``took``;
- a meld: ``meld`` and each group's cards as the table writes them (``10 10 10``, ``K K 2``);
- an add: ``add`` and its cards.

Prompts that end a deal (the score sheet held on screen, ``Enter for ...``) are counted apart: the
sheet takes the screen there, by design. Run::

    python bench/table_sight.py --seed 7 [--hf "python -m hfcli"] [--size 80x24] [--keep DIR]

It prints the share, the captures that failed (with what was missing), and writes every capture to
``--keep`` when given.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

# capture-pane leaves off a line's trailing spaces, the prompt's own too.
PROMPT = re.compile(r"^(South \((draw|meld/discard)\)>|May .* go out\? \[y/n\]|Enter for .*>|>) ?$")
SUITS = "[♣♦♥♠CDHS]"


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=False).stdout


@dataclass
class Capture:
    discard_number: int  # the person's discards before this prompt (1: after the first)
    prompt: str
    screen: str


@dataclass
class Terminal:
    name: str
    lines: int
    last: str = ""

    def screen(self) -> str:
        return tmux("capture-pane", "-p", "-t", self.name)

    def alive(self) -> bool:
        return tmux("display", "-p", "-t", self.name, "#{pane_dead}").strip() == "0"

    def cursor_line(self, screen: str) -> str:
        row = int(tmux("display", "-p", "-t", self.name, "#{cursor_y}").strip() or 0)
        rows = screen.split("\n")
        return rows[row] if row < len(rows) else ""

    def wait_prompt(self, timeout: float = 120.0) -> tuple[str, str] | None:
        """The screen and its prompt once a prompt waits and the screen is still; None if the game ended."""
        end = time.monotonic() + timeout
        previous = None
        while time.monotonic() < end:
            if not self.alive():
                return None
            screen = self.screen()
            line = self.cursor_line(screen)
            found = PROMPT.match(line)
            if found and screen == previous:
                return screen, found.group(1)
            previous = screen
            time.sleep(0.08)
        raise TimeoutError(f"no prompt after {timeout} s:\n{self.screen()}")

    def send(self, text: str) -> None:
        tmux("send-keys", "-t", self.name, "-l", text)
        tmux("send-keys", "-t", self.name, "Enter")


def logical_lines(screen: str) -> list[str]:
    """The screen's lines with each wrapped continuation (a line that starts with spaces) joined to the one above."""
    lines: list[str] = []
    for row in screen.split("\n"):
        if row.startswith("  ") and lines:
            lines[-1] += " " + row.strip()
        else:
            lines.append(row.rstrip())
    return lines


def hint_move(screen: str) -> str | None:
    hints = [line for line in logical_lines(screen) if line.startswith("Hint: ")]
    if not hints:
        return None
    text = hints[-1][len("Hint: "):]
    return re.split(r" — | -- ", text, maxsplit=1)[0].strip()


def shown_text(token: str) -> str:
    """A notation token as the table shows it: ``T`` -> ``10``, ``TS`` -> ``10`` with a suit."""
    if token == "T":
        return "10"
    if len(token) == 2 and token[0] == "T" and token[1] in "CDHS":
        return "10" + SUITS
    if len(token) == 2 and token != "JK" and token[1] in "CDHS":
        return re.escape(token[0]) + SUITS
    return re.escape(token)


def group_pattern(tokens: list[str]) -> str:
    return " ".join(shown_text(t) for t in tokens)


def move_pattern(name: str, move: str, human: bool) -> re.Pattern[str] | None:
    """The regular expression a logical line must match to show ``move`` by the seat called ``name``."""
    words = move.split()
    kind = words[0]
    who = "You" if human else re.escape(name)
    if kind == "discard" and human:
        token = words[1]
        rank = token[0] if len(token) == 2 and token != "JK" else token
        return re.compile(rf"^{who}\b.*\bdiscard(ed)? {shown_text(rank)}{SUITS}")
    if kind == "pickup":
        return re.compile(rf"^{who}\b.*\b(take|takes|took) the\b.*\bpile")
    if kind == "meld":
        groups = [g.split() for g in " ".join(words[1:]).split(",")]
        pattern = ".*".join(group_pattern(g) for g in groups)
        return re.compile(rf"^{who}\b.*\bmeld.*{pattern}")
    if kind == "add":
        cards = " ".join(words[1:]).split(" to ")[0].split()
        return re.compile(rf"^{who}\b.*\badd.*{group_pattern(cards)}")
    return None


@dataclass
class Result:
    counted: int = 0
    shown: int = 0
    deal_ends: int = 0
    failures: list[str] = field(default_factory=list)


def check(captures: list[Capture], transcript: Path) -> Result:
    header, *events = [json.loads(line) for line in transcript.read_text().splitlines() if line.strip()]
    seating = header["seating"]
    names = dict(zip(seating["seats"], seating["long_names"], strict=True))
    human = next(s["seat"] for s in header["seats"] if s["kind"] == "human")
    moves = [(e["seat"], e["move"]) for e in events if e.get("e") == "move"]
    discards = [i for i, (seat, move) in enumerate(moves) if seat == human and move.startswith("discard")]
    result = Result()
    for capture in captures:
        if capture.prompt.startswith("Enter for") or capture.prompt == ">":
            result.deal_ends += 1
            continue
        at = discards[capture.discard_number - 1]
        wanted = [moves[at]]
        for seat, move in moves[at + 1:]:
            if seat == human:
                break
            if move.split()[0] in ("pickup", "meld", "add"):
                wanted.append((seat, move))
        lines = logical_lines(capture.screen)
        missing = []
        for seat, move in wanted:
            pattern = move_pattern(names[seat], move, seat == human)
            if pattern is not None and not any(pattern.search(line) for line in lines):
                missing.append(f"{names[seat]}: {move}")
        result.counted += 1
        if missing:
            result.failures.append(f"after discard {capture.discard_number}: missing {'; '.join(missing)}")
        else:
            result.shown += 1
    return result


def play(seed: int, hf: str, size: str, keep: Path | None, rules: str) -> tuple[list[Capture], Path]:
    columns, lines = (int(n) for n in size.split("x"))
    data = Path(tempfile.mkdtemp(prefix="table-sight-bench-"))
    transcript = data / "game.jsonl"
    name = f"table-sight-bench-{uuid.uuid4().hex[:6]}"
    command = (f"HF_DATA_DIR={shlex.quote(str(data))} {hf} play --seed {seed} --speed 0 --rules {rules} "
               f"--transcript {shlex.quote(str(transcript))}")
    # Started in the game's own folder: ``python -m`` reads modules from the folder it starts in
    # first, so started from a checkout it would play that checkout's code, not --hf's.
    tmux("new-session", "-d", "-s", name, "-x", str(columns), "-y", str(lines), "-c", str(data), "sh", "-c", command)
    tmux("set-option", "-t", name, "remain-on-exit", "on")
    terminal = Terminal(name, lines)
    captures: list[Capture] = []
    discards = 0
    after_discard = False
    stuck = 0

    def send(text: str, screen: str) -> None:
        terminal.send(text)
        end = time.monotonic() + 5
        while terminal.screen() == screen and time.monotonic() < end:
            time.sleep(0.02)

    try:
        while (waiting := terminal.wait_prompt()) is not None:
            screen, prompt = waiting
            if after_discard:
                captures.append(Capture(discards, prompt, screen))
                if keep is not None:
                    (keep / f"capture-{discards:03d}.txt").write_text(screen + "\n")
                after_discard = False
            if prompt.startswith("Enter for"):
                send("", screen)
                continue
            if prompt == ">":
                break
            send("hint", screen)
            hinted = terminal.wait_prompt()
            if hinted is None:
                break
            move = hint_move(hinted[0])
            if move is None:
                stuck += 1
                if stuck > 5:
                    raise RuntimeError(f"no hint:\n{hinted[0]}")
                continue
            stuck = 0
            send(move, hinted[0])
            if move.split()[0] in ("discard", "x"):
                after_discard = True
                discards += 1
    finally:
        tmux("kill-session", "-t", name)
    return captures, transcript


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--hf", default=f"{shlex.quote(sys.executable)} -m hfcli")
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--keep", type=Path, default=None)
    args = parser.parse_args()
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    captures, transcript = play(args.seed, args.hf, args.size, args.keep, args.rules)
    result = check(captures, transcript)
    share = 100 * result.shown / result.counted if result.counted else 0.0
    print(f"seed {args.seed}, {args.size}: {result.shown} of {result.counted} prompts after a discard show the "
          f"discard and every pickup and meld after it ({share:.1f}%); {result.deal_ends} deal-end sheets apart")
    for failure in result.failures:
        print("  " + failure)
    print(f"transcript: {transcript}")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONIOENCODING", "utf-8")
    sys.exit(main())
