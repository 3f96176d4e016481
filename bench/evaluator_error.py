"""How far the learned evaluator's margins are from how deals really end, beside the horizon estimate's.

    python bench/evaluator_error.py [--seed 1] [--games 1000] [--rules classic] [--share 0.4]
                                    [--data /tmp/hf-evaluator-data] [--weights FILE]

Reads (or, where missing, plays) the positions ``bench/train_evaluator.py`` made with the same
arguments, keeps those of the held-out games (seeds that are multiples of five, never trained
on), and prints the error of each estimate of the deal's margin against the margin the deal
really ended with: the root mean square and the mean absolute error, over all the positions and
by stage of the deal (the share of the stock still to be drawn) and by deal. The evaluator's
margin is its weights (the shipped ones for the rules unless ``--weights``) times the features
saved with each position, which ``LearnedEvaluator.margin`` computes the same way.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the ai package:
# it goes last, where train_evaluator (beside this file) is still found.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE] + [_HERE]

import numpy as np  # noqa: E402
from train_evaluator import gather, held_out  # noqa: E402

from ai.evaluator import EvaluatorWeights, weights_path  # noqa: E402
from hfcli.engine.rules import preset  # noqa: E402

BANDS = ((0.0, 0.2), (0.2, 0.4), (0.4, 0.6), (0.6, 0.8), (0.8, 1.01))


def line(label: str, count: int, learned: np.ndarray, horizon: np.ndarray) -> str:
    def rmse(e: np.ndarray) -> float:
        return float(np.sqrt(np.mean(e.astype(np.float64) ** 2)))

    return (f"{label:<22}{count:>9}{rmse(learned):>10.0f}{np.mean(np.abs(learned)):>9.0f}"
            f"{rmse(horizon):>10.0f}{np.mean(np.abs(horizon)):>9.0f}{1 - rmse(learned) / rmse(horizon):>8.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--share", type=float, default=0.4)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--data", type=Path, default=Path("/tmp/hf-evaluator-data"))
    parser.add_argument("--weights", type=Path, default=None)
    args = parser.parse_args()
    rules = preset(args.rules)
    weights = EvaluatorWeights.read(args.weights or weights_path(rules))
    data = gather(args.data, rules, args.seed, args.games, args.share, args.jobs)
    test = np.array([held_out(int(s)) for s in data["seed"]])
    margin = data["margin"][test].astype(np.float64)
    learned = data["features"][test].astype(np.float64) @ np.array(weights.weights) - margin
    horizon = data["horizon"][test].astype(np.float64) - margin
    left = data["left"][test]
    deal = data["deal"][test]
    games = len({int(s) for s in data["seed"][test]})
    print(f"{rules.name}: {test.sum()} side-positions of {games} held-out hard games; error against the deal's real"
          f" margin (spread of that margin {margin.std():.0f})")
    print(f"{'':<22}{'count':>9}{'learned':>10}{'':>9}{'horizon':>10}{'':>9}")
    print(f"{'positions':<22}{'':>9}{'RMSE':>10}{'MAE':>9}{'RMSE':>10}{'MAE':>9}{'better':>8}")
    print(line("all", len(margin), learned, horizon))
    for low, high in BANDS:
        part = (left >= low) & (left < high)
        if part.any():
            print(line(f"stock left {low:.0%}-{min(high, 1):.0%}", int(part.sum()), learned[part], horizon[part]))
    for d in sorted({int(x) for x in deal}):
        part = deal == d
        print(line(f"deal {d + 1}", int(part.sum()), learned[part], horizon[part]))


if __name__ == "__main__":
    main()
