"""A learned judge of a position: what a deal in progress is worth to a side, without playing it out.

:class:`LearnedEvaluator` is an :class:`ai.search.Evaluator`. From a whole game (as the expert
holds one inside each imagined game: every hand, foot and the stock in sight) and a seat it
predicts the *margin* the seat's side will have at the end of the deal (its C-SCORE for the deal
less the best other side's: the quantity :class:`ai.search.HorizonEstimate` estimates by counting
the table and half the cards in hand) as a linear function of the features of :mod:`ai.features`,
fitted by ridge regression on positions of ``hard`` self-play against the margins the deals really
ended with (``bench/train_evaluator.py``). On a deal that can end the game (the last deal, or a
``game_target`` within reach) it adds the standing in the game the way :class:`ai.search.Standing`
does: ``win_bonus`` times (2 P - 1), where P, the chance of winning the game, is the normal curve
at the side's lead in the game plus the predicted margin, over the spread the deal can still
have (the model's error on held-out games at that stage of the deal, from the weights file).

A deal already scored is worth its score: only positions still in play are predicted.

One model serves 2 to 6 seats: every feature is the seat's side's or the best other's, and
points are at the rules' values. The ``eleven`` preset has weights of its own
(``ai/data/evaluator-eleven.json``), every other rule set the classic ones.

Prediction is a dot product in plain Python (numpy is needed only to train): a call costs a few
tens of microseconds, well under one move of a rollout.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ai.features import deal_can_end_the_game, feature_names, features, stock_left
from hfcli.engine.estimates import lead
from hfcli.engine.game import Game
from hfcli.engine.rules import Rules
from hfcli.engine.scoring import running_totals

DATA = Path(__file__).parent / "data"
# Rule sets that have weights of their own; every other one uses the classic weights.
OWN_WEIGHTS = ("eleven",)


@dataclass(frozen=True)
class EvaluatorWeights:
    """A fitted model: one weight per feature (by name) and the spread of its error by stage of
    the deal (``spread[i]`` for a share of the stock left in the i-th of ``len(spread)`` equal
    bands from 0 to 1), with what made it (``metadata``)."""

    weights: tuple[float, ...]
    spread: tuple[float, ...]
    names: tuple[str, ...] = field(default_factory=feature_names)
    metadata: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if self.names != feature_names():
            raise ValueError("the weights are for other features than this evaluator's; retrain them")
        if len(self.weights) != len(self.names) or not self.spread:
            raise ValueError("the weights file does not hold one weight per feature and a spread")

    @classmethod
    def read(cls, path: Path) -> EvaluatorWeights:
        data = json.loads(path.read_text(encoding="utf-8"))
        names = tuple(data["features"])
        return cls(
            weights=tuple(float(data["weights"][n]) for n in names),
            spread=tuple(float(s) for s in data["spread"]),
            names=names,
            metadata=dict(data.get("metadata", {})),
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "format": "hfcli-evaluator",
            "version": 1,
            "metadata": self.metadata,
            "features": list(self.names),
            "weights": {n: w for n, w in zip(self.names, self.weights, strict=True)},
            "spread": list(self.spread),
        }

    def write(self, path: Path) -> None:
        path.write_text(json.dumps(self.as_dict(), indent=1) + "\n", encoding="utf-8")

    def spread_at(self, left: float) -> float:
        """The model's error spread with ``left`` of the stock still to be drawn."""
        bands = len(self.spread)
        return self.spread[min(bands - 1, max(0, int(left * bands)))]


def weights_path(rules: Rules) -> Path:
    """The shipped weights file for ``rules``: its own for a preset in :data:`OWN_WEIGHTS`, else the
    classic one."""
    name = rules.name if rules.name in OWN_WEIGHTS else "classic"
    return DATA / f"evaluator-{name}.json"


@cache
def shipped_weights(path: Path) -> EvaluatorWeights:
    """The weights in ``path``, read once per process."""
    return EvaluatorWeights.read(path)


@dataclass(frozen=True)
class LearnedEvaluator:
    """The learned judge (see the module's docstring), an :class:`ai.search.Evaluator`.

    ``weights`` is a fitted model; without one, each game's rules pick the shipped weights
    (:func:`weights_path`). ``win_bonus`` is :class:`ai.search.Standing`'s: on a deal that can
    end the game, winning it is worth up to that many points more."""

    weights: EvaluatorWeights | None = None
    win_bonus: float = 1500.0

    def model(self, rules: Rules) -> EvaluatorWeights:
        return self.weights if self.weights is not None else shipped_weights(weights_path(rules))

    def margin(self, game: Game, deal: int, seat: int) -> float:
        """The expected margin of ``seat``'s side at the end of deal ``deal``: scored where the
        deal has ended, predicted where it is still being played."""
        team = game.seating.team_of[seat]
        if len(game.results) > deal:
            return lead([t.total for t in game.results[deal].teams], team)
        weights = self.model(game.rules).weights
        return sum(w * x for w, x in zip(weights, features(game, seat), strict=True))

    def win_chance(self, game: Game, deal: int, seat: int, margin: float | None = None) -> float | None:
        """The chance that ``seat``'s side wins the game, where deal ``deal`` can end it (else
        None): the normal curve at its lead in the game with the predicted margin (``margin``,
        worked out when not given) added, over the spread the deal can still have."""
        team = game.seating.team_of[seat]
        sides = len(game.seating.team_names)
        before = running_totals(game.results[:deal], sides)
        if margin is None:
            margin = self.margin(game, deal, seat)
        if len(game.results) > deal:
            totals = running_totals(game.results[: deal + 1], sides)
            if not game.rules.ends_the_game(deal, totals):
                return None
            final = lead(totals, team)
            return 1.0 if final > 0 else 0.0 if final < 0 else 0.5
        if not deal_can_end_the_game(game):
            return None
        ahead = lead(before, team) + margin
        spread = self.model(game.rules).spread_at(stock_left(game))
        return 0.5 * (1.0 + math.erf(ahead / (spread * math.sqrt(2.0))))

    def evaluate(self, game: Game, deal: int, seat: int) -> float:
        value = self.margin(game, deal, seat)
        chance = self.win_chance(game, deal, seat, value)
        if chance is not None:
            value += self.win_bonus * (2.0 * chance - 1.0)
        return value
