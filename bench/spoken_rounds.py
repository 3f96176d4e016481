"""What a screen reader says in ``hf play --screen-reader``, measured as a person hears it: a whole
deal played by a script (the person's moves chosen as ``hint`` would, typed at the table), each
round's lines (from the person's discard to their next turn) counted in words and spoken by
espeak-ng (Debian's ``espeak-ng`` package, at its default 175 words a minute) to a WAV file whose
length is the round's speech time. Every line is checked for escapes, box-drawing and block
characters and suit symbols.

    python bench/spoken_rounds.py --seed 7 11 23 [--deals 1] [--keep DIR] [--no-speech]

The target (issue 38): a round of three AI moves with no pickup in at most 40 words. Two readings
are counted: three AI turns with no pickup (melds and adds allowed), and three turns that each
only drew and discarded. With several seeds, each deal is measured and then all of them together.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hfcli.engine.game import Game  # noqa: E402
from hfcli.engine.rules import preset  # noqa: E402
from hfcli.levels import make_player  # noqa: E402
from hfcli.repl.spoken import SpokenSession  # noqa: E402

UNSPEAKABLE = re.compile("[\x1b\u2500-\u259f\u2660-\u2667\u00d7]")
OTHERS = ("West:", "North:", "East:")


def play(seed: int, deals: int, level: str) -> list[str]:
    """Every line said to the person over ``deals`` deals, the typed lines after their prompts."""
    lines: list[str] = []
    game = Game(preset("classic"), seed=seed)
    players = {seat: make_player(level, seed, seat) for seat in (1, 2, 3)}
    session = SpokenSession(game, players, echo=lambda text: lines.extend(text.split("\n")))
    person = make_player(level, seed, 0)
    session.start()
    while not session.finished and len(session.view.results) < deals:
        if session.waiting is not None:
            session.handle("")
            continue
        move = str(person.choose(session.view).move)
        lines.append(session.prompt + move)
        session.handle(move)
    return lines


def rounds(lines: list[str]) -> list[list[str]]:
    """The rounds a person hears: after their discard (that line included), every line up to and
    including the next "You: your turn." line."""
    found: list[list[str]] = []
    current: list[str] | None = None
    for line in lines:
        if line.startswith("You: discarded"):
            current = []
            continue
        if current is None:
            continue
        current.append(line)
        if line.startswith("You: your turn."):
            found.append(current)
            current = None
    return found


def words(text: str) -> int:
    return len(text.split())


def speech_seconds(text: str, espeak: str, folder: Path, name: str) -> float:
    path = folder / f"{name}.wav"
    subprocess.run([espeak, "-w", str(path), text], check=True)
    with wave.open(str(path)) as sound:
        return sound.getnframes() / sound.getframerate()


Row = tuple[int, int, float, bool, bool]  # round, words, seconds, three AI turns with no pickup, only discards


def measure(seed: int, deals: int, level: str, folder: Path, espeak: str | None) -> list[Row]:
    """One seed's deals: the lines checked, the text kept, each round counted and spoken."""
    lines = play(seed, deals, level)
    bad = [line for line in lines if UNSPEAKABLE.search(line)]
    print(f"seed {seed}: {len(lines)} lines; {len(bad)} with an escape, a box or block character or a suit symbol")
    for line in bad[:5]:
        print("  ", repr(line))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deal.txt").write_text("\n".join(lines) + "\n")
    rows = []
    for number, said in enumerate(rounds(lines), 1):
        text = "\n".join(said)
        others = [line for line in said if line.startswith(OTHERS)]
        plain = len(others) == 3 and not any("took the pile" in line for line in others)
        # Three AI moves in the narrowest sense: each seat drew (unsaid) and discarded, nothing more.
        bare = len(others) == 3 and all(re.match(r"^\w+: discarded [^;]*\.$", line) for line in others)
        seconds = speech_seconds(text, espeak, folder, f"round-{number:02}") if espeak else float("nan")
        rows.append((number, words(text), seconds, plain, bare))
    if espeak:
        whole = speech_seconds("\n".join(lines), espeak, folder, "deal")
        print(f"  the whole deal: {sum(words(line) for line in lines)} words, {whole:.0f} s of speech "
              f"(espeak-ng, {folder / 'deal.wav'})")
    summary(rows)
    return rows


def summary(rows: list[Row]) -> None:
    for label, chosen in (("every round", rows), ("rounds of three AI turns, no pickup", [r for r in rows if r[3]]),
                          ("rounds of three draws and discards", [r for r in rows if r[4]])):
        if not chosen:
            continue
        counts = [r[1] for r in chosen]
        times = [r[2] for r in chosen]
        longest = max(chosen, key=lambda r: r[1])
        over = sum(1 for c in counts if c > 40)
        print(f"  {label}: {len(chosen)}; words median {statistics.median(counts):g}, longest {longest[1]}; "
              f"speech median {statistics.median(times):.1f} s, longest {max(times):.1f} s; "
              f"over 40 words: {over}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, nargs="+", default=[7])
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--keep", type=Path, default=None, help="write each deal's text and each round's WAV here")
    parser.add_argument("--no-speech", action="store_true", help="count words only")
    parser.add_argument("--rounds", action="store_true", help="a line for each round")
    args = parser.parse_args()
    espeak = None if args.no_speech else shutil.which("espeak-ng")
    folder = args.keep or Path(tempfile.mkdtemp(prefix="spoken-rounds-"))
    every = []
    for seed in args.seed:
        rows = measure(seed, args.deals, args.level, folder / f"seed-{seed}", espeak)
        every.extend(rows)
        if args.rounds:
            print("  round  words  seconds  3 AI turns, no pickup / only discards")
            for number, count, seconds, plain, bare in rows:
                print(f"  {number:5}  {count:5}  {seconds:7.1f}  {'yes' if plain else '':3} {'yes' if bare else ''}")
    if len(args.seed) > 1:
        print(f"all {len(args.seed)} seeds together:")
        summary(every)


if __name__ == "__main__":
    main()
