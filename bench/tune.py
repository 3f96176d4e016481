"""Tune hard's weights by SPSA on duplicate games, and gate the result against the frozen baseline.

    python bench/tune.py --checkpoint FILE [--iterations N] [--seed S] [--pairs P] [--rules quick]
                         [--margin-scale 500] [--a 0.5] [--big-a 5] [--jobs 2]
                         [--gate-pairs G] [--gate-at I] [--gate-against baseline-hard]
                         [--p0 0.5] [--p1 0.55]

Each iteration draws a random ±1 for every tuned weight (ai.tuning.WEIGHTS: pile_margin -3 to 3,
rush_burden 0 to 3, feed_weight 0.5 to 3, race_danger 0 to 1, low_stock 0 to 30, pair_wild_hand
2 to 11, pair_keep 0 to 200, set_keep 40 to 300, fits_keep 50 to 400), plays ``P`` duplicate
pairs of games (the same shoes with the partnerships swapped, as ``hf simulate --swap``) between
hard with theta + c·delta and hard with theta - c·delta, and moves theta by the plus side's
points margin (its final totals less the minus side's) a game, in units of ``--margin-scale``
points and held within -1 to 1 (ai.tuning.margin_result, ai.tuning.spsa_step, with Spall's gains
``--a`` and ``--big-a``). It prints its path, one line an iteration: the iteration, the plus
side's wins of the games (a tie a half), its margin a game, and theta after the step.

After the last iteration of a run, with ``--gate-pairs``, theta is a candidate (or, with
``--gate-at I``, theta after iteration I of the path): hard with it plays the frozen
``baseline-hard`` pair by pair until the SPRT (p0 against p1 as the candidate's expected score
of wins a pair, alpha = beta = 0.05) says better or not better, or the pairs run out; the
candidate is accepted only when it says better. ``--gate-against hard`` plays it against hard as
it is instead: hard already beats the baseline (its partner fixes), so a candidate no better than
hard passes a gate against the baseline, and only a gate against hard says the tuning gained.

Every random number comes from one ``random.Random(--seed)`` (the gate's from the seed and the
iteration), and the checkpoint, written after each iteration, keeps its state: a run stopped and
started again with the same checkpoint goes the same path as one that was not. An existing
checkpoint is resumed, never overwritten by another run's: its seed, rules and pairs must be the
ones given, if any are (the margin scale and gains too).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the ai package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

from ai import RuleBasedPlayer  # noqa: E402
from ai.base import Player  # noqa: E402
from ai.strategy import HARD, Style  # noqa: E402
from ai.tuning import (  # noqa: E402
    WEIGHTS,
    Gains,
    Sprt,
    Theta,
    Verdict,
    margin_result,
    perturbed,
    spsa_step,
    starting_theta,
    style_of,
)
from hfcli.engine.game import Game  # noqa: E402
from hfcli.engine.rules import Rules, preset  # noqa: E402
from hfcli.reports.simulate import GameRecord, play_one, player_of_kind, side_names  # noqa: E402
from hfcli.system.workers import parallel_map  # noqa: E402

FORMAT = "hfcli-tune 2"
PRESETS = ("classic", "eleven", "quick")
DEFAULT_SEED, DEFAULT_RULES, DEFAULT_PAIRS = 1, "quick", 4
DEFAULT_SCALE = 500.0  # points a game: a classic game's margin between two hards is some thousands
SEED_LIMIT = 2**53  # game seeds as hf simulate takes them


class TuneError(Exception):
    """Why the tuner cannot go on, in one line."""


@dataclass
class Checkpoint:
    """Where a tuning run stands: its settings, the next iteration, theta, the random state and
    the path so far."""

    seed: int
    rules: str
    pairs: int
    iteration: int
    theta: Theta
    rng_state: list[object]
    scale: float = DEFAULT_SCALE
    gains: Gains = field(default_factory=Gains)
    path: list[dict[str, object]] = field(default_factory=list)
    gates: list[dict[str, object]] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        return {
            "format": FORMAT, "seed": self.seed, "rules": self.rules, "pairs": self.pairs,
            "iteration": self.iteration, "theta": self.theta, "rng": self.rng_state, "path": self.path,
            "gates": self.gates, "margin_scale": self.scale,
            "gains": {"a": self.gains.a, "big_a": self.gains.big_a, "alpha": self.gains.alpha,
                      "gamma": self.gains.gamma},
        }

    @classmethod
    def read(cls, path: Path) -> Checkpoint:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise TuneError(f"{ascii(str(path))} is not a checkpoint of this tuner; give another --checkpoint")
            theta = {w.name: float(data["theta"][w.name]) for w in WEIGHTS}
            gains = Gains(**{name: float(data["gains"][name]) for name in ("a", "big_a", "alpha", "gamma")})
            return cls(int(data["seed"]), str(data["rules"]), int(data["pairs"]), int(data["iteration"]), theta,
                       list(data["rng"]), float(data["margin_scale"]), gains, list(data["path"]),
                       list(data["gates"]))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
            raise TuneError(f"cannot read the checkpoint {ascii(str(path))}: {type(exc).__name__}") from None

    def write(self, path: Path) -> None:
        """Write the checkpoint whole or not at all: a new file put in the old one's place."""
        scratch = path.with_name(f"{path.name}.{os.getpid()}.new")
        scratch.write_text(json.dumps(self.as_json(), indent=1) + "\n", encoding="utf-8")
        os.replace(scratch, path)


def rng_of(state: Sequence[object]) -> random.Random:
    rng = random.Random()
    version, internal, gauss = state
    rng.setstate((version, tuple(internal), gauss))  # type: ignore[arg-type]
    return rng


def state_of(rng: random.Random) -> list[object]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


# ---------------------------------------------------------------------------- playing


def tuned_player(styles: Mapping[str, Style], game: Game, kind: str, seat: int) -> Player:
    """A rule-based player of one of ``styles`` (by kind), else the player of ``kind``."""
    if kind in styles:
        return RuleBasedPlayer(game.seed, seat, styles[kind], name=kind)
    return player_of_kind(game, kind, seat)


def play_pair(task: tuple[Rules, int, tuple[str, str], dict[str, Style]]) -> list[GameRecord]:
    """One duplicate pair: the game of ``seed`` and its replay with the partnerships swapped."""
    rules, seed, kinds, styles = task
    return play_one(rules, seed, kinds, swap=True, make=partial(tuned_player, styles))


def first_side_points(records: Sequence[GameRecord], rules: Rules) -> float:
    """The first kind's points of ``records``: a win 1, a tie a half."""
    first = side_names(rules)[0]
    return sum(1.0 if r.winner == first else 0.5 if r.winner == "tie" else 0.0 for r in records)


def first_side_margin(records: Sequence[GameRecord]) -> int:
    """The first kind's final totals less the second's, summed over ``records``."""
    return sum(r.scores[0] - r.scores[1] for r in records)


def pairs_played(
    rules: Rules, seeds: Iterator[int], kinds: tuple[str, str], styles: dict[str, Style], jobs: int
) -> Iterator[list[GameRecord]]:
    tasks = ((rules, seed, kinds, styles) for seed in seeds)
    if jobs <= 1:
        yield from map(play_pair, tasks)
    else:
        yield from parallel_map(play_pair, tasks, jobs)


def iterate(checkpoint: Checkpoint, rules: Rules, jobs: int) -> dict[str, object]:
    """One SPSA iteration from the checkpoint, which it moves on; the path's new entry."""
    rng = rng_of(checkpoint.rng_state)
    k, gains = checkpoint.iteration, checkpoint.gains
    delta = {w.name: rng.choice((-1, 1)) for w in WEIGHTS}
    plus, minus = perturbed(checkpoint.theta, delta, k, gains)
    seeds = [rng.randrange(SEED_LIMIT) for _ in range(checkpoint.pairs)]
    styles = {"plus": style_of(HARD, plus), "minus": style_of(HARD, minus)}
    records = [r for pair in pairs_played(rules, iter(seeds), ("plus", "minus"), styles, jobs) for r in pair]
    points = first_side_points(records, rules)
    margin = first_side_margin(records)
    result = margin_result(margin, len(records), checkpoint.scale)
    theta = spsa_step(checkpoint.theta, delta, result, k, gains)
    entry: dict[str, object] = {
        "iteration": k + 1, "games": len(records), "plus_points": points,
        "plus_margin": round(margin / len(records), 2), "result": round(result, 6),
        "theta": {name: round(v, 6) for name, v in theta.items()},
    }
    checkpoint.theta = theta
    checkpoint.iteration = k + 1
    checkpoint.rng_state = state_of(rng)
    checkpoint.path.append(entry)
    return entry


def theta_after(checkpoint: Checkpoint, iteration: int) -> Theta:
    """Theta after ``iteration`` of the path (0: where the run started)."""
    if not 0 <= iteration <= checkpoint.iteration:
        raise TuneError(f"the path has iterations 0 to {checkpoint.iteration}, not {iteration}")
    if iteration == checkpoint.iteration:
        return dict(checkpoint.theta)
    if iteration == 0:
        return starting_theta(HARD)
    theta = checkpoint.path[iteration - 1]["theta"]
    assert isinstance(theta, dict)
    return {w.name: float(theta[w.name]) for w in WEIGHTS}


def gate(
    checkpoint: Checkpoint, iteration: int, rules: Rules, sprt: Sprt, most: int, jobs: int,
    against: str = "baseline-hard",
) -> dict[str, object]:
    """The SPRT of hard at theta after ``iteration`` against ``against`` (the frozen baseline, or
    hard as it is), a duplicate pair a result."""
    rng = random.Random(f"hfcli-tune-gate:{checkpoint.seed}:{iteration}")
    seeds = (rng.randrange(SEED_LIMIT) for _ in range(most))
    theta = theta_after(checkpoint, iteration)
    styles = {"candidate": style_of(HARD, theta)}
    scores: list[float] = []
    margin, games = 0, 0
    verdict = Verdict.UNDECIDED
    for pair in pairs_played(rules, seeds, ("candidate", against), styles, jobs):
        scores.append(first_side_points(pair, rules) / len(pair))
        margin, games = margin + first_side_margin(pair), games + len(pair)
        verdict = sprt.verdict(scores)
        if verdict is not Verdict.UNDECIDED:
            break
    return {
        "iteration": iteration, "against": against, "pairs": len(scores),
        "score": round(sum(scores) / max(1, len(scores)), 4),
        "margin": round(margin / max(1, games), 2),
        "llr": round(sprt.llr(scores), 4), "bounds": [round(sprt.lower, 4), round(sprt.upper, 4)],
        "p0": sprt.p0, "p1": sprt.p1, "verdict": str(verdict), "accepted": verdict is Verdict.BETTER,
        "theta": theta,
    }


# ---------------------------------------------------------------------------- the command


def path_line(entry: Mapping[str, object]) -> str:
    theta = entry["theta"]
    assert isinstance(theta, dict)
    weights = "  ".join(f"{name} {value:.3f}" for name, value in theta.items())
    return (f"iteration {entry['iteration']:>3}  plus {entry['plus_points']:>4} of {entry['games']} games"
            f"  margin {entry['plus_margin']:+.1f} a game  result {entry['result']:+.3f}  theta {weights}")


def gate_line(result: Mapping[str, object]) -> str:
    accepted = "accepted" if result["accepted"] else "not accepted"
    against = result.get("against", "baseline-hard")  # gates written before the choice are all the baseline's
    return (f"gate after iteration {result['iteration']}: {result['pairs']} pairs against {against},"
            f" candidate scores {result['score']:.3f} a pair (margin {result['margin']:+.1f} a game),"
            f" LLR {result['llr']:+.3f} in {result['bounds']}"
            f" (p0 {result['p0']}, p1 {result['p1']}): {result['verdict']}, {accepted}")


def start_or_resume(path: Path, args: argparse.Namespace) -> Checkpoint:
    given = {"seed": args.seed, "rules": args.rules, "pairs": args.pairs, "margin-scale": args.margin_scale,
             "a": args.a, "big-a": args.big_a}
    if path.exists():
        checkpoint = Checkpoint.read(path)
        kept = {"seed": checkpoint.seed, "rules": checkpoint.rules, "pairs": checkpoint.pairs,
                "margin-scale": checkpoint.scale, "a": checkpoint.gains.a, "big-a": checkpoint.gains.big_a}
        for name, value in given.items():
            if value is not None and value != kept[name]:
                raise TuneError(f"the checkpoint was made with --{name} {kept[name]}, not {value}")
        return checkpoint
    seed: int = DEFAULT_SEED if args.seed is None else args.seed
    rules: str = DEFAULT_RULES if args.rules is None else args.rules
    pairs: int = DEFAULT_PAIRS if args.pairs is None else args.pairs
    scale: float = DEFAULT_SCALE if args.margin_scale is None else args.margin_scale
    defaults = Gains()
    gains = Gains(a=defaults.a if args.a is None else args.a,
                  big_a=defaults.big_a if args.big_a is None else args.big_a)
    return Checkpoint(seed, rules, pairs, 0, starting_theta(HARD), state_of(random.Random(seed)), scale, gains)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--checkpoint", required=True, type=Path, help="written after each iteration; resumed")
    parser.add_argument("--iterations", type=int, default=3, help="iterations to reach, counting earlier runs'")
    parser.add_argument("--seed", type=int, default=None, help=f"default {DEFAULT_SEED}")
    parser.add_argument("--rules", choices=PRESETS, default=None, help=f"default {DEFAULT_RULES}")
    parser.add_argument("--pairs", type=int, default=None,
                        help=f"duplicate pairs an iteration, default {DEFAULT_PAIRS}")
    parser.add_argument("--margin-scale", type=float, default=None,
                        help=f"points a game that make a result of 1, default {DEFAULT_SCALE:g}")
    parser.add_argument("--a", type=float, default=None, help=f"SPSA's step gain a, default {Gains().a:g}")
    parser.add_argument("--big-a", type=float, default=None,
                        help=f"SPSA's stability constant A, default {Gains().big_a:g}")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--gate-pairs", type=int, default=0, help="most pairs of the SPRT gate at the end; 0: no gate")
    parser.add_argument("--gate-at", type=int, default=None,
                        help="gate theta after this iteration of the path; default the last")
    parser.add_argument("--gate-against", choices=("baseline-hard", "hard"), default="baseline-hard")
    parser.add_argument("--p0", type=float, default=0.5)
    parser.add_argument("--p1", type=float, default=0.55)
    args = parser.parse_args()
    try:
        if args.pairs is not None and args.pairs < 1 or args.jobs < 1 or args.gate_pairs < 0:
            raise TuneError("--pairs and --jobs are at least 1, --gate-pairs at least 0")
        if args.margin_scale is not None and not args.margin_scale > 0 or args.a is not None and not args.a > 0:
            raise TuneError("--margin-scale and --a are more than 0")
        if args.big_a is not None and not args.big_a >= 0:
            raise TuneError("--big-a is at least 0")
        sprt = Sprt(args.p0, args.p1)
        checkpoint = start_or_resume(args.checkpoint, args)
        rules = preset(checkpoint.rules)
        print(f"tuning {', '.join(w.name for w in WEIGHTS)} of hard on {rules.name},"
              f" {checkpoint.pairs} duplicate pairs an iteration, seed {checkpoint.seed},"
              f" margin scale {checkpoint.scale:g}, a {checkpoint.gains.a:g}, A {checkpoint.gains.big_a:g}")
        for entry in checkpoint.path:
            print(path_line(entry) + "  (from the checkpoint)")
        while checkpoint.iteration < args.iterations:
            entry = iterate(checkpoint, rules, args.jobs)
            checkpoint.write(args.checkpoint)
            print(path_line(entry), flush=True)
        if args.gate_pairs:
            at = checkpoint.iteration if args.gate_at is None else args.gate_at
            result = gate(checkpoint, at, rules, sprt, args.gate_pairs, args.jobs, args.gate_against)
            checkpoint.gates.append(result)
            checkpoint.write(args.checkpoint)
            print(gate_line(result))
    except (TuneError, ValueError) as exc:
        sys.exit(f"tune: {exc}")
    except OSError as exc:
        sys.exit(f"tune: cannot write the checkpoint: {exc.strerror}")
    except KeyboardInterrupt:
        sys.exit("tune: interrupted; the checkpoint holds every finished iteration")


if __name__ == "__main__":
    main()
