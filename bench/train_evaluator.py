"""Train the learned evaluator (ai/evaluator.py) on hard self-play and write its weights file.

    python bench/train_evaluator.py --seed S --games N [--jobs 2] [--rules classic]
                                    [--data DIR] [--out ai/data/evaluator-classic.json]

Plays N games of ``hard`` in every seat (seeds S to S+N-1). At every move it keeps the position
with probability ``--share`` (a few positions of each turn, drawn by a random.Random of the game's
seed, so they are not all alike), and for each side the evaluator's features there, what
:class:`ai.search.HorizonEstimate` says, and, once the deal is over, the margin the deal really
ended with. The positions are written to DIR in chunks of games as they are made (a second run
with the same arguments reuses them and plays only the chunks missing). Every fifth game (by
seed) is held out; the rest are the training games, of which every fifth again picks the ridge
penalty. The weights are fitted by ridge regression on standardized features and written back
in the features' own units, with the held-out error by stage of the deal (the win chance's
spread) and the command that made them.

numpy is needed here only (``pip install numpy``); the evaluator itself does not use it.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from functools import partial
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the ai package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

import numpy as np  # noqa: E402

from ai.evaluator import EvaluatorWeights, weights_path  # noqa: E402
from ai.features import feature_names, features, stock_left  # noqa: E402
from ai.search import HorizonEstimate  # noqa: E402
from hfcli.engine.estimates import lead  # noqa: E402
from hfcli.engine.game import Game  # noqa: E402
from hfcli.engine.rules import Rules, preset  # noqa: E402
from hfcli.levels import make_player  # noqa: E402
from hfcli.system.workers import parallel_map  # noqa: E402

CHUNK = 20  # games a data file holds
BANDS = 5  # stages of the deal the error spread is given for (by share of the stock left)
PENALTIES = (0.01, 0.1, 1.0, 10.0, 100.0, 1000.0)  # ridge penalties tried, per training row in thousands


def held_out(seed: int) -> bool:
    return seed % 5 == 0


def play_chunk(first: int, count: int, rules: Rules, share: float) -> dict[str, np.ndarray]:
    """The positions of games ``first`` .. ``first + count - 1``: per row the game's seed, the
    deal, the share of the stock left, HorizonEstimate's margin, the deal's real margin and the
    features, one row per side of each position kept."""
    horizon = HorizonEstimate()
    seeds, deals, lefts, estimates, margins, rows = [], [], [], [], [], []
    for seed in range(first, first + count):
        game = Game(rules, seed)
        players = [make_player("hard", seed, s) for s in game.seating.seats]
        pick = random.Random(f"train-evaluator:{seed}")
        seat_of_side = [game.seating.members(t)[0] for t in game.seating.teams]
        kept: list[tuple[int, list[float]]] = []  # (side, features) of the deal in progress
        kept_estimates: list[float] = []
        kept_lefts: list[float] = []
        while not game.is_over:
            deal = game.deal.index
            if pick.random() < share:
                left = stock_left(game)
                for t, s in enumerate(seat_of_side):
                    kept.append((t, features(game, s)))
                    kept_estimates.append(horizon.evaluate(game, deal, s))
                    kept_lefts.append(left)
            seat = game.turn.to_move
            game.apply(players[seat].choose(game.view(seat)).move)
            if game.is_over or game.deal.index != deal:
                totals = [t.total for t in game.results[deal].teams]
                for (t, row), estimate, left in zip(kept, kept_estimates, kept_lefts, strict=True):
                    seeds.append(seed)
                    deals.append(deal)
                    lefts.append(left)
                    estimates.append(estimate)
                    margins.append(lead(totals, t))
                    rows.append(row)
                kept, kept_estimates, kept_lefts = [], [], []
    return {
        "seed": np.array(seeds, dtype=np.int64), "deal": np.array(deals, dtype=np.int16),
        "left": np.array(lefts, dtype=np.float32), "horizon": np.array(estimates, dtype=np.float32),
        "margin": np.array(margins, dtype=np.float32),
        "features": np.array(rows, dtype=np.float32).reshape(len(rows), len(feature_names())),
    }


def chunk_path(data: Path, rules: Rules, share: float, first: int) -> Path:
    return data / f"{rules.name}-share{share:g}-games{first}-{first + CHUNK - 1}.npz"


def gather(data: Path, rules: Rules, seed: int, games: int, share: float, jobs: int) -> dict[str, np.ndarray]:
    """Every position of the games, from the chunks in ``data``, playing those missing."""
    data.mkdir(parents=True, exist_ok=True)
    firsts = list(range(seed, seed + games, CHUNK))
    missing = [f for f in firsts if not chunk_path(data, rules, share, f).exists()]
    print(f"{len(firsts) - len(missing)} of {len(firsts)} chunks of {CHUNK} games already in {data}", flush=True)
    started = time.monotonic()
    work = partial(_play_and_save, data=data, rules=rules, share=share)
    for done, first in enumerate(parallel_map(work, missing, jobs) if jobs > 1 else map(work, missing), 1):
        print(f"  chunk from game {first}: {done}/{len(missing)}, {time.monotonic() - started:.0f} s", flush=True)
    parts = [dict(np.load(chunk_path(data, rules, share, f))) for f in firsts]
    merged = {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}
    # The last chunk may hold games past the ones asked for.
    keep = merged["seed"] < seed + games
    return {key: value[keep] for key, value in merged.items()}


def _play_and_save(first: int, data: Path, rules: Rules, share: float) -> int:
    part = play_chunk(first, CHUNK, rules, share)
    path = chunk_path(data, rules, share, first)
    temporary = path.with_suffix(".partial.npz")
    np.savez(temporary, **part)  # type: ignore[arg-type]
    temporary.replace(path)
    return first


def ridge(x: np.ndarray, y: np.ndarray, penalty: float) -> np.ndarray:
    """Weights w (in x's own units, the first column the bias) minimising |x w - y|^2 plus
    ``penalty`` times the rows over a thousand times |w|^2 on the standardized features
    (the bias not penalized)."""
    x = x.astype(np.float64)
    mean = x[:, 1:].mean(axis=0)
    scale = x[:, 1:].std(axis=0)
    scale[scale == 0] = 1.0
    z = np.hstack([np.ones((len(x), 1)), (x[:, 1:] - mean) / scale])
    gram = z.T @ z
    reg = np.eye(z.shape[1]) * penalty * len(x) / 1000
    reg[0, 0] = 0.0
    w = np.linalg.solve(gram + reg, z.T @ y.astype(np.float64))
    raw = np.empty_like(w)
    raw[1:] = w[1:] / scale
    raw[0] = w[0] - float((w[1:] * mean / scale).sum())
    return raw


def rmse(error: np.ndarray) -> float:
    return float(np.sqrt(np.mean(error.astype(np.float64) ** 2)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--share", type=float, default=0.5, help="chance that a position is kept")
    parser.add_argument("--data", type=Path, default=Path("/tmp/hf-evaluator-data"))
    parser.add_argument("--out", type=Path, default=None, help="the weights file (default: the shipped one)")
    args = parser.parse_args()
    rules = preset(args.rules)
    out = args.out or weights_path(rules)
    data = gather(args.data, rules, args.seed, args.games, args.share, args.jobs)
    x, y = data["features"], data["margin"]
    test = np.array([held_out(int(s)) for s in data["seed"]])
    train = ~test
    # The ridge penalty: picked on every fifth training game (by seed / 5) fitted on the others.
    pick = train & np.array([held_out(int(s) // 5) for s in data["seed"]])
    fit = train & ~pick
    scores = {p: rmse(x[pick] @ ridge(x[fit], y[fit], p) - y[pick]) for p in PENALTIES}
    penalty = min(scores, key=lambda p: scores[p])
    w = ridge(x[train], y[train], penalty)
    predicted = x[test] @ w
    error = predicted - y[test]
    horizon_error = data["horizon"][test] - y[test]
    left = data["left"][test]
    band = np.minimum(BANDS - 1, (left * BANDS).astype(int))
    spread = [rmse(error[band == b]) if (band == b).any() else rmse(error) for b in range(BANDS)]
    command = (f"python bench/train_evaluator.py --seed {args.seed} --games {args.games} --rules {args.rules} "
               f"--share {args.share:g}")
    metadata = {
        "command": command,
        "rules": rules.name,
        "policy": "hard",
        "games": args.games,
        "positions": int(len(y) // len(Game(rules, 0).seating.team_names)),
        "rows": int(len(y)),
        "training_rows": int(train.sum()),
        "held_out_rows": int(test.sum()),
        "held_out": "games whose seed is a multiple of 5",
        "penalty": penalty,
        "held_out_rmse": round(rmse(error), 1),
        "held_out_mae": round(float(np.mean(np.abs(error))), 1),
        "horizon_estimate_rmse": round(rmse(horizon_error), 1),
        "horizon_estimate_mae": round(float(np.mean(np.abs(horizon_error))), 1),
        "spread_bands": f"{BANDS} equal bands of the share of the stock left, from 0 to 1",
    }
    weights = EvaluatorWeights(
        weights=tuple(round(float(v), 6) for v in w), spread=tuple(round(s, 1) for s in spread), metadata=metadata,
    )
    weights.write(out)
    print(f"{len(y)} rows ({train.sum()} training, {test.sum()} held out) from {args.games} games of {rules.name}")
    print("penalty tried (validation RMSE): " + ", ".join(f"{p:g} ({s:.1f})" for p, s in scores.items()))
    print(f"held out: evaluator RMSE {rmse(error):.1f}, MAE {np.mean(np.abs(error)):.1f}; "
          f"HorizonEstimate RMSE {rmse(horizon_error):.1f}, MAE {np.mean(np.abs(horizon_error)):.1f}")
    print(f"spread by stage (stock left 0-20% .. 80-100%): {', '.join(f'{s:.0f}' for s in spread)}")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
