"""Fuzzing ``hf verify`` with mutations of the shipped transcripts: a few hundred a run, seeded.

Each mutation changes one thing in a copy of a file under ``transcripts/`` (a card, a move, a score,
a line's place, a value's type, a key, a byte, a name) and runs ``hf verify`` on it. Whatever the
mutation, the command exits 0, 1 or 2, never shows a traceback or an internal error, writes every
error as one ``FILE:LINE: ...`` line and never passes a control character through. A mutation that
changes a card, a move or a score of a transcript never verifies as ok; one that adds a key the
reader does not know always does.

``HF_FUZZ_SEED`` and ``HF_FUZZ_CASES`` pick another run (the seed of a failure is in its message).
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from recording import record
from test_repl_support import raw_control

from hfcli.cli import main
from hfcli.engine.cards import ALL_CARDS

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "transcripts").rglob("*.jsonl"))
SEED = int(os.environ.get("HF_FUZZ_SEED", "20261130"))
CASES = int(os.environ.get("HF_FUZZ_CASES", "300"))
SECONDS = 60.0  # a guard for slow machines: the run stops there, and says how far it got
CARDS = [c.text for c in ALL_CARDS]

# What a mutation promises about the file it makes.
ANY = "any"  # exit 0, 1 or 2
CHANGED = "changed"  # a card, a move or a score changed: never ok
MALFORMED = "malformed"  # exit 2
OK = "ok"  # still the same game: exit 0


@dataclass
class Mutant:
    lines: list[str]
    promise: str
    what: str


Mutation = Callable[[random.Random, list[str], bool], Mutant | None]


def _indexes(lines: list[str], needle: str) -> list[int]:
    return [i for i, t in enumerate(lines) if needle in t]


def _pick(rng: random.Random, lines: list[str], needle: str) -> int | None:
    found = _indexes(lines, needle)
    return rng.choice(found) if found else None


def _dumps(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def change_a_card(rng: random.Random, lines: list[str], transcript: bool) -> Mutant | None:
    i = _pick(rng, lines, '"cards":"')
    if i is None:
        return None
    data = json.loads(lines[i])
    cards = data["cards"].split(" ")
    k = rng.randrange(len(cards))
    cards[k] = rng.choice([c for c in CARDS if c != cards[k]])
    data["cards"] = " ".join(cards)
    return Mutant(_with(lines, i, _dumps(data)), CHANGED if transcript else ANY, f"card at line {i + 1}")


def change_a_move(rng: random.Random, lines: list[str], transcript: bool) -> Mutant | None:
    i = _pick(rng, lines, '"e":"move"')
    if i is None:
        return None
    data = json.loads(lines[i])
    old = data["move"]
    moves = sorted({json.loads(t)["move"] for t in lines if '"e":"move"' in t} | {"draw", "pickup", "discard 4"})
    # Another move, not the same one written otherwise (an exact card for a rank, one card of a rank).
    others = [m for m in moves if _shape(m) != _shape(old)]
    data["move"] = rng.choice(others)
    return Mutant(_with(lines, i, _dumps(data)), CHANGED if transcript else ANY,
                  f"move at line {i + 1}: {old!r} -> {data['move']!r}")


def _shape(move: str) -> str:
    return " ".join(word[:-1] if len(word) == 2 and word[-1] in "CDHS" and word != "JK" else word
                    for word in move.replace(",", " , ").split())


def change_a_score(rng: random.Random, lines: list[str], transcript: bool) -> Mutant | None:
    i = _pick(rng, lines, '"e":"deal_end"') if rng.random() < 0.7 else _pick(rng, lines, '"e":"game_end"')
    if i is None:
        return None
    data = json.loads(lines[i])
    numbers = _number_paths(data)
    if not numbers:
        return None
    path = rng.choice(numbers)
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] += rng.choice([-100, -5, 5, 10, 100, 1000])
    return Mutant(_with(lines, i, _dumps(data)), CHANGED, f"score {'.'.join(path)} at line {i + 1}")


def _number_paths(data: object, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in _number_paths(v, (*path, k))]
    if isinstance(data, int) and not isinstance(data, bool) and path[-1] not in ("deal",):
        return [path]
    return []


def remove_an_event(rng: random.Random, lines: list[str], transcript: bool) -> Mutant | None:
    kind = rng.choice(['"e":"draw"', '"e":"take"', '"e":"foot"', '"e":"red3"', '"e":"deal_end"', '"e":"out"'])
    i = _pick(rng, lines, kind)
    if i is None:
        return None
    return Mutant(lines[:i] + lines[i + 1:], CHANGED, f"removed line {i + 1} ({kind})")


def move_a_line(rng: random.Random, lines: list[str], transcript: bool) -> Mutant | None:
    """Remove, repeat or swap lines anywhere (moves within a turn included)."""
    i = rng.randrange(1, len(lines))
    how = rng.choice(["remove", "repeat", "swap"])
    if how == "remove":
        return Mutant(lines[:i] + lines[i + 1:], ANY, f"removed line {i + 1}")
    if how == "repeat":
        return Mutant(lines[: i + 1] + lines[i:], ANY, f"repeated line {i + 1}")
    j = min(len(lines) - 1, i + rng.choice([1, 1, 2, 5, 40]))
    if lines[i] == lines[j]:
        return None
    swapped = list(lines)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    return Mutant(swapped, ANY, f"swapped lines {i + 1} and {j + 1}")


def change_a_turns_moves(rng: random.Random, lines: list[str], transcript: bool) -> Mutant | None:
    """Swap, remove, repeat or rewrite moves inside one turn: from version 2 on, where every move
    is chained to those before it, never ok (version 1 misses some that leave the state the same)."""
    moves = _indexes(lines, '"e":"move"')
    if len(moves) < 2:
        return None
    i = rng.choice(moves[:-1])
    j = next((k for k in moves if k > i), i)
    if any('"e":"digest"' in t for t in lines[i:j]):
        return None  # not the same turn
    how = rng.choice(["swap", "remove", "repeat", "rewrite"])
    changed = list(lines)
    if how == "swap":
        if _move_of(lines[i]) == _move_of(lines[j]):
            return None
        changed[i], changed[j] = lines[j], lines[i]
    elif how == "remove":
        del changed[i]
    elif how == "repeat":
        changed.insert(i, lines[i])
    else:  # the same move in other words: a rank for an exact card, or a space more
        data = json.loads(lines[i])
        data["move"] = data["move"] + " " if rng.random() < 0.5 else _shape(data["move"])
        if data["move"] == json.loads(lines[i])["move"]:
            return None
        changed[i] = _dumps(data)
    chained = transcript and json.loads(lines[0]).get("version", 1) >= 2
    return Mutant(changed, CHANGED if chained else ANY, f"{how} move line {i + 1} (next move at line {j + 1})")


def _move_of(line: str) -> tuple[str, str]:
    data = json.loads(line)
    return data["seat"], data["move"]


def retype_a_value(rng: random.Random, lines: list[str], transcript: bool) -> Mutant | None:
    i = rng.randrange(len(lines))
    data = json.loads(lines[i])
    key = rng.choice(sorted(data))
    value = data[key]
    if isinstance(value, bool) or value is None:
        changed: object = rng.choice([0, 1, "true", []])
    elif isinstance(value, int):
        changed = rng.choice([float(value), str(value), bool(value % 2), [value], None])
    elif isinstance(value, str):
        changed = rng.choice([[value], {"text": value}, 7, None, value.split(" ")])
    else:
        changed = rng.choice(["x", 3.5, None])
    data[key] = changed
    return Mutant(_with(lines, i, _dumps(data)), ANY, f"{key!r} at line {i + 1} -> {changed!r}")


def repeat_a_key(rng: random.Random, lines: list[str], transcript: bool) -> Mutant | None:
    i = rng.randrange(1, len(lines))
    text = lines[i]
    key = re.match(r'\{"([a-z_]+)":', text)
    if key is None:
        return None
    return Mutant(_with(lines, i, text[:-1] + f',"{key.group(1)}":"x"}}'), MALFORMED, f"key twice at line {i + 1}")


def add_an_unknown_key(rng: random.Random, lines: list[str], transcript: bool) -> Mutant | None:
    if not transcript:
        return None
    i = rng.randrange(len(lines))
    data = json.loads(lines[i])
    data[rng.choice(["note", "x_comment", "clock"])] = rng.choice(["hand-edited", 3, None, [1, 2], {"a": 1}])
    return Mutant(_with(lines, i, _dumps(data)), OK, f"unknown key at line {i + 1}")


def hostile_text(rng: random.Random, lines: list[str], transcript: bool) -> Mutant | None:
    """Escape sequences and control characters in a name (malformed) or a reason (shown escaped)."""
    evil = rng.choice(["\x1b[2J", "\x1b]0;PWNED\x07", "\x00", "\u202e", "\x9b31m", "\r\n"])
    if transcript and rng.random() < 0.5:
        header = json.loads(lines[0])
        header["seats"][rng.randrange(len(header["seats"]))]["name"] += evil
        return Mutant(_with(lines, 0, json.dumps(header)), MALFORMED, f"{evil!r} in a seat name")
    i = _pick(rng, lines, '"reason":')
    if i is None:
        return None
    data = json.loads(lines[i])
    data["reason"] = evil + data["reason"]
    return Mutant(_with(lines, i, _dumps(data)), OK if transcript else ANY, f"{evil!r} in a reason")


def odd_json(rng: random.Random, lines: list[str], transcript: bool) -> Mutant | None:
    i = rng.randrange(1, len(lines))
    odd = rng.choice(['{"e":[]}', '{"e":{}}', '{"e":null}', "[]", "7", '"move"', '{"e":"move","move":NaN}',
                      '{"e":"deal","deal":1e400}', "[" * 3000 + "]" * 3000, "{" + '"a":' * 10 + "}", ""])
    return Mutant(lines[:i] + [odd] + lines[i:], MALFORMED if transcript else ANY, f"{odd[:20]!r} at line {i + 1}")


def header_change(rng: random.Random, lines: list[str], transcript: bool) -> Mutant | None:
    if not transcript:
        return None
    header = json.loads(lines[0])
    key, value = rng.choice([("version", 99), ("version", 0), ("version", "1"), ("format", "x"), ("seats", []),
                             ("seed", 1.5), ("rules", {"decks": 99}), ("rules", "classic")])
    header[key] = value
    return Mutant(_with(lines, 0, json.dumps(header)), MALFORMED, f"header {key} -> {value!r}")


def bytes_flipped(rng: random.Random, lines: list[str], transcript: bool) -> Mutant | None:
    text = "\n".join(lines)
    at = rng.randrange(len(text))
    junk = rng.choice(["\x00", "\xff", "}", '"', "\\", "\n", "é", "\x1b[31m"])
    return Mutant((text[:at] + junk + text[at + 1:]).split("\n"), ANY, f"{junk!r} at offset {at}")


def cut(rng: random.Random, lines: list[str], transcript: bool) -> Mutant | None:
    text = "\n".join(lines)
    at = rng.randrange(len(text))
    return Mutant(text[:at].split("\n"), ANY, f"cut at offset {at}")


MUTATIONS: list[tuple[Mutation, int]] = [
    (change_a_card, 4), (change_a_move, 4), (change_a_score, 3), (remove_an_event, 2), (move_a_line, 4),
    (change_a_turns_moves, 8),
    (retype_a_value, 3), (repeat_a_key, 1), (add_an_unknown_key, 2), (hostile_text, 2), (odd_json, 2),
    (header_change, 1), (bytes_flipped, 2), (cut, 1),
]


def _with(lines: list[str], i: int, line: str) -> list[str]:
    return lines[:i] + [line] + lines[i + 1:]


@pytest.mark.slow
def test_mutated_transcripts_never_crash_verify_and_never_pass_a_changed_game(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    today = tmp_path / "today.jsonl"  # a game as today's writer records it, whatever the shipped files' version
    record(today, seed=SEED % 1000)
    sources = {path: path.read_text(encoding="utf-8").split("\n")[:-1] for path in [*SHIPPED, today]}
    kinds, weights = zip(*MUTATIONS, strict=True)
    runner = CliRunner()
    codes: Counter[int] = Counter()
    failures: list[str] = []
    started = time.monotonic()
    case = 0
    while case < CASES and time.monotonic() - started < SECONDS:
        source = today if rng.random() < 0.35 else rng.choice(SHIPPED)
        lines = sources[source]
        transcript = '"format":"hfcli-transcript"' in lines[0]
        mutation = rng.choices(kinds, weights)[0]
        mutant = mutation(rng, list(lines), transcript)
        if mutant is None or mutant.lines == lines:
            continue
        case += 1
        path = tmp_path / f"case{case}.jsonl"
        path.write_text("".join(line + "\n" for line in mutant.lines), encoding="utf-8")
        result = runner.invoke(main, ["verify", str(path)])
        out, err, code = result.stdout, result.stderr, result.exit_code
        codes[code] += 1
        problem = None
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            problem = f"raised {result.exception!r}"
        elif code not in (0, 1, 2):
            problem = f"exit {code}"
        elif "Traceback" in out + err or "internal error" in err:
            problem = f"crashed: {err.strip()[:300]}"
        elif raw_control(out + err):
            problem = f"a raw control character reached the output: {(out + err)[:200]!r}"
        elif code and not re.fullmatch(rf"{re.escape(str(path))}:\d+: [^\n]+\n", err):
            problem = f"not one FILE:LINE line: {err[:300]!r}"
        elif mutant.promise == CHANGED and code == 0:
            problem = "a changed game verified as ok"
        elif mutant.promise == MALFORMED and code != 2:
            problem = f"exit {code} where 2 (malformed) was due: {err.strip()[:200]}"
        elif mutant.promise == OK and code != 0:
            problem = f"exit {code} where the same game was due: {err.strip()[:200]}"
        if problem is not None:
            failures.append(f"case {case} (HF_FUZZ_SEED={SEED}), {source.name}, {mutation.__name__} "
                            f"{mutant.what}: {problem}")
    print(f"transcript fuzz: {case} mutations in {time.monotonic() - started:.1f} s (seed {SEED}): "
          f"{codes[0]} ok, {codes[1]} divergent, {codes[2]} malformed")
    assert not failures, "\n".join(failures[:10])
    assert case >= min(CASES, 50), f"only {case} mutations ran in {SECONDS:.0f} s"
