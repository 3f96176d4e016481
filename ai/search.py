"""The parts of a search over the cards a seat cannot see, each replaceable on its own.

A search decision is put together from five parts:

- a :class:`Determinizer` imagines the hidden cards: from a seat's view it builds whole games
  consistent with it (today :class:`SampledDeals`, the uniform sampler of :mod:`ai.sampler`);
- a :class:`RolloutPolicy` makes the player that plays every seat of an imagined game forward
  (today :class:`RuleBasedRollouts`, the rule-based player at one level);
- an :class:`Evaluator` says what an imagined game, played forward to the end of the deal or cut
  short, is worth to a seat's side, in expected points (today :class:`HorizonEstimate`, the deal's
  score with half the value of the cards still in hand, and :class:`Standing`, that plus the
  standing in the game where the deal is the game's last);
- a :class:`Budget` says how much to search, in imagined games and rollouts, never in time;
- a :class:`DecisionRule` picks among the candidates from their rollouts' values, all played on
  the same imagined games (today :class:`ClearGain`: leave the first candidate only for a gain
  clear of the noise).

:mod:`ai.paired` puts them together into the one comparison of moves over imagined deals that the
expert and the review both make.

Every part is given its random numbers (a seed or a ``random.Random``) by the caller, so a search
gives the same answer for the same view whoever runs it.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ai.base import Player
from ai.knowledge import SeatKnowledge, SharedAccount
from ai.rule_based import RuleBasedPlayer
from ai.sampler import read_knowledge
from hfcli.engine.estimates import lead, paired
from hfcli.engine.game import Game
from hfcli.engine.moves import Move, MoveKind
from hfcli.engine.scoring import running_totals, score_team
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView

# A rollout never needs this many moves; one that reaches it is scored where it stands.
ROLLOUT_GUARD = 1000


# ---------------------------------------------------------------------------- the budget


@dataclass(frozen=True)
class Budget:
    """How much a decision is searched, in imagined games (samples) and candidates; the
    rollouts of a decision are samples x candidates."""

    samples: int = 8
    discard_candidates: int = 2
    # A discard's rollouts stop after this many rounds of turns (every seat once), or at the end
    # of the deal if that comes first: what a discard hands over shows within a round or two,
    # and a short rollout is far less noisy than a whole deal.
    discard_horizon: int = 2
    # The pile-or-stock choice's and the answer's rollouts: cut after this many rounds of turns
    # (0: once the seat's turn is played out), or played to the end of the deal (None). Cut at
    # once and judged by the learned evaluator, the standard error of the difference between
    # the two candidates over 16 imagined games was 38 points at the pile-or-stock choice and 46
    # at the answer, where to the end of the deal it was 478 and 95, the mean gaps alike
    # (bench/expert_noise.py, two classic games).
    draw_horizon: int | None = 0
    answer_horizon: int | None = 0
    # The lay-down plan of a turn, once the side is down: at the turn's first meld-phase choice
    # (nothing laid yet), laying down as the rule-based player would against holding every card
    # and discarding now, the rollouts cut this many rounds of turns after the choice and judged
    # by the learned evaluator (None: not searched).
    lay_horizon: int | None = 1
    # Whether the lay-down plan is searched at every meld-phase choice of the turn (go on laying
    # as the rule-based player would, or stop and discard; discard, or lay one more), not only
    # at the first.
    lay_every_choice: bool = False

    def horizon(self, phase: Phase) -> int | None:
        """The rounds a rollout of a decision in ``phase`` is played for (None: to the deal's end)."""
        if phase is Phase.MELD:
            return self.discard_horizon
        return self.draw_horizon if phase is Phase.DRAW else self.answer_horizon


# ---------------------------------------------------------------------------- imagining the hidden cards


class Determinizer(Protocol):
    """Imagines the cards a seat cannot see: ``count`` whole games consistent with ``view``,
    their random numbers drawn from ``rng`` only; ``seen`` is the seat's knowledge of the public
    history brought up to the view, where the caller keeps one (else it is read from the view)."""

    def imagine(
        self, view: SeatView, rng: random.Random, count: int, seen: SeatKnowledge | None = None
    ) -> list[Game]: ...


class SampledDeals:
    """The hidden cards dealt uniformly at random within what the view shows (:mod:`ai.sampler`);
    each imagined game is dealt by its own seed, drawn from ``rng``, which also deals the deals to
    come in it."""

    def imagine(
        self, view: SeatView, rng: random.Random, count: int, seen: SeatKnowledge | None = None
    ) -> list[Game]:
        return list(itertools.islice(read_knowledge(view, seen).deals(rng), count))


# ---------------------------------------------------------------------------- who plays an imagined game


class RolloutPolicy(Protocol):
    """Makes the player for one seat of an imagined game, deterministic given the game's seed."""

    def __call__(self, seed: int | None, seat: int) -> Player: ...


@dataclass(frozen=True)
class RuleBasedRollouts:
    """Every seat of an imagined game played by the rule-based player at ``level``."""

    level: str = "hard"

    def __call__(self, seed: int | None, seat: int) -> Player:
        return RuleBasedPlayer(seed, seat, self.level)


# ---------------------------------------------------------------------------- what a position is worth


class Evaluator(Protocol):
    """What the imagined game ``game``, played forward in its deal ``deal`` (finished or cut
    short), is worth to ``seat``'s side: in points, that side's less the best other side's."""

    def evaluate(self, game: Game, deal: int, seat: int) -> float: ...


@dataclass(frozen=True)
class HorizonEstimate:
    """The deal's C-SCORE for each side, the seat's side's less the best other's.

    A finished deal counts as scored. One still going (a rollout cut at its horizon) counts what
    is on the table (melds, books, red threes) and ``hand_weight`` of the value of the cards in
    hand: mid-deal those are the makings of melds as much as the penalties they would be if the
    deal ended now. Unpicked feet are left out: every side has one to play."""

    # At a horizon, a card in hand counts this share of its value: it is the makings of a meld
    # more often than a penalty while the deal goes on.
    hand_weight: float = 0.5

    def side_scores(self, game: Game, deal: int) -> list[float]:
        """Each side's points in the deal ``deal``, scored or estimated where it stands."""
        seating = game.seating
        if len(game.results) > deal:
            return [float(t.total) for t in game.results[deal].teams]
        rules, table = game.rules, game.deal
        values = rules.rank_values
        scores = []
        for t, name in enumerate(seating.team_names):
            side = table.teams[t]
            on_table = score_team(name, side.melds, len(side.red_threes), False, [], [], rules).total
            held = sum(values[c.rank] for s in seating.members(t) for c in table.hands[s])
            scores.append(on_table + self.hand_weight * held)
        return scores

    def evaluate(self, game: Game, deal: int, seat: int) -> float:
        scores = self.side_scores(game, deal)
        return lead(scores, game.seating.team_of[seat])


@dataclass(frozen=True)
class Standing:
    """How the deal stands for the seat's side (``deal``'s estimate, a :class:`HorizonEstimate`),
    and on the game's last deal (the last by number, or with a ``game_target`` one in which a
    side reaches the target) the standing in the whole game too: ``win_bonus`` times a smooth
    step of the margin in the game, so that there winning is what counts."""

    deal: HorizonEstimate = HorizonEstimate()
    # On the last deal winning the game is what counts: a rollout's result there adds up to this
    # many points for the side ahead (and takes them from the side behind), by a smooth step of
    # the margin ``win_scale`` points wide, so a close game weighs more than a decided one.
    win_bonus: float = 1500.0
    win_scale: float = 1000.0

    def evaluate(self, game: Game, deal: int, seat: int) -> float:
        scores = self.deal.side_scores(game, deal)
        team = game.seating.team_of[seat]
        value = lead(scores, team)
        before = running_totals(game.results[:deal], len(game.seating.team_names))
        totals = [before[t] + scores[t] for t in range(len(scores))]
        # C-GAME, as the engine ends a game: for a rollout cut short, by the scores the deal
        # stands at.
        if game.rules.ends_the_game(deal, totals):
            value += self.win_bonus * math.tanh(lead(totals, team) / self.win_scale)
        return value


# ---------------------------------------------------------------------------- playing forward


def rollout(
    game: Game, move: Move, seat: int, seed: int, policy: RolloutPolicy, evaluator: Evaluator,
    rounds: int | None = None, watch: Callable[[Game, Move], None] | None = None,
) -> float:
    """Play ``move`` in ``game`` (which it plays on: pass a copy to keep one), then go on with
    ``policy``'s player in every seat until the deal ends or, with ``rounds``, that many rounds
    of turns have been played; return what ``evaluator`` says the deal is worth to ``seat``.
    ``watch``, where given, is shown the game before each move and the move (the review reads
    what happened in the imagined deal from it; it must not change the game)."""
    players = [policy(seed, s) for s in game.seating.seats]
    account = SharedAccount()  # the imagined game's own: its players read its history once
    for player in players:
        if isinstance(player, RuleBasedPlayer):
            player.share(account)
    deal = game.deal.index
    turns_left = -1 if rounds is None else rounds * len(game.seating.names)
    if move.kind is MoveKind.PICKUP:
        # The pile and the stock are compared on the same imagined games (common random numbers),
        # but a pickup draws nothing: without this, every later draw of the deal, every seat's,
        # would come ``draw_count`` cards earlier in the stock than after a draw, and the two
        # rollouts would share no card drawn. On 89 such decisions of hard's games this took the
        # median standard error of the difference over 16 samples from 578 points to 519. The
        # cards set aside are unseen cards in a random order, so where they lie tells nothing new.
        game.set_aside_the_draw()
    if watch is not None:
        watch(game, move)
    game.apply(move)
    moves = 0
    while not game.is_over and game.deal.index == deal and moves < ROLLOUT_GUARD:
        to_move = game.turn.to_move
        if game.turn.phase is Phase.DRAW and to_move == game.turn.seat:
            if turns_left == 0:
                break
            turns_left -= 1
        view = game.view(to_move)
        if not view.legal_moves:
            break  # an imagined game can strand a seat where a real one would not: score it there
        chosen = players[to_move].choose(view).move
        if watch is not None:
            watch(game, chosen)
        game.apply(chosen)
        moves += 1
    return evaluator.evaluate(game, deal, seat)


# ---------------------------------------------------------------------------- choosing


class DecisionRule(Protocol):
    """Which candidate to play, from ``values[i][k]``, candidate ``i``'s rollout on imagined game
    ``k`` (every candidate on the same games); candidate 0 is the one played unless another is
    chosen."""

    def choose(self, values: Sequence[Sequence[float]]) -> int: ...


@dataclass(frozen=True)
class ClearGain:
    """The candidate with the best mean gain over the first, where that gain is past the noise:
    more than ``z`` standard errors of the paired differences and more than ``margin`` points."""

    z: float = 1.5
    margin: float = 30.0

    def choose(self, values: Sequence[Sequence[float]]) -> int:
        best, best_gain = 0, 0.0
        for i in range(1, len(values)):
            gain = paired(values[i], values[0])
            if gain.mean > self.margin and gain.mean > gain.half_width(self.z) and gain.mean > best_gain:
                best, best_gain = i, gain.mean
        return best
