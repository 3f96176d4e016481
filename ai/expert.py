"""The expert: the rule-based player, checked by searching over the cards it cannot see.

At the decisions that shape a deal (take the pile or draw, which card to throw when the next
player could take the pile with it, how to answer "may I go out?") the expert imagines the hidden
cards many times over (:mod:`ai.sampler`), plays each candidate move forward in every imagined
game with the rule-based player in every seat (to the end of the deal, or for a discard a couple
of rounds), and compares the candidates by the score difference that results (see
:func:`standing`), plus the standing in the game on its last deal (by number, or the deal
in which a side reaches the game's target). Every candidate is played on the same imagined games
with the same random choices (common random numbers), so their difference shows through the noise
of the deal; the expert leaves the rule-based choice only when the gain is clear beyond that
noise. The routine moves (which melds to lay and in what order) are the rule-based player's.

Its budget is counted in imagined games and rollouts, never in time, and every random number of
a decision is derived from the game's seed, the seat and where the game stands (the deal and the
length of the public history), so the same view gives the same move in a replay, a verification
or a resumed game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ai.base import Decision
from ai.knowledge import SeatKnowledge
from ai.rule_based import RuleBasedPlayer
from ai.sampler import read_knowledge
from hfcli.engine.cards import RANK_NAMES, THREE, rank_counts
from hfcli.engine.game import Game
from hfcli.engine.moves import DRAW, NO, PICKUP, YES, Move, MoveKind
from hfcli.engine.scoring import running_totals, score_team
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView

# The rollout policy: the strongest rule-based level.
POLICY = "hard"
# A rollout never needs this many moves; one that reaches it is scored where it stands.
ROLLOUT_GUARD = 1000


@dataclass(frozen=True)
class Budget:
    """How much the expert searches, in imagined games (samples) per decision and candidates
    per decision. The rollouts of a decision are samples x candidates."""

    samples: int = 8
    discard_candidates: int = 2
    # A discard's rollouts stop after this many rounds of turns (every seat once), or at the end
    # of the deal if that comes first: what a discard hands over shows within a round or two,
    # and a short rollout is far less noisy than a whole deal. The pile-or-stock choice and the
    # answer to "may I go out?" are played to the end of the deal, where their cost shows.
    discard_horizon: int = 2
    # At a horizon, a card in hand counts this share of its value: it is the makings of a meld
    # more often than a penalty while the deal goes on.
    hand_weight: float = 0.5
    # How far past the noise a candidate's mean gain must be to replace the rule-based choice,
    # in standard errors of the paired differences, and at least this many points.
    z: float = 1.5
    margin: float = 30.0
    # On the last deal winning the game is what counts: a rollout's result there adds up to this
    # many points for the side ahead (and takes them from the side behind), by a smooth step of
    # the margin ``win_scale`` points wide, so a close game weighs more than a decided one.
    win_bonus: float = 1500.0
    win_scale: float = 1000.0


DEFAULT_BUDGET = Budget()
# ``hint`` answers a person at the table: about a quarter of a second on one core.
HINT_BUDGET = Budget(samples=6, discard_candidates=3)


class ExpertPlayer:
    def __init__(self, seed: int | None, seat: int, budget: Budget = DEFAULT_BUDGET) -> None:
        self.name = "expert"
        self.seed = seed
        self.seat = seat
        self.budget = budget
        self.policy = RuleBasedPlayer(seed, seat, POLICY)

    def choose(self, view: SeatView) -> Decision:
        baseline = self.policy.choose(view)
        if not _worth_a_search(view, baseline.move):
            return baseline
        games = self.imagine(view)
        candidates = self._candidates(view, baseline.move, games)
        if len(candidates) < 2:
            return baseline
        rounds = self.budget.discard_horizon if view.phase is Phase.MELD else None
        values = [
            [rollout(g.clone(), move, view.seat, g.seed, self.budget, rounds) for g in games] for move in candidates
        ]
        best = _clear_winner(values, self.budget)
        if best == 0:
            return baseline
        move = candidates[best]
        gain = (sum(values[best]) - sum(values[0])) / len(games)
        return Decision(move, _reason(view, move, baseline.move, gain, games))

    def recall(self, view: SeatView) -> None:
        """Be shown a view it chose at before the game was resumed (see :func:`ai.base.recall`):
        only the rule-based player underneath keeps anything from move to move; the search is
        made afresh at every decision, so it is not run again."""
        self.policy.recall(view)

    @property
    def knowledge(self) -> SeatKnowledge:
        """What the seat has learnt of the public history (the rule-based player's, kept up to
        the last view it was shown)."""
        return self.policy.knowledge

    def imagine(self, view: SeatView) -> list[Game]:
        """The games the decision is searched on: ``budget.samples`` deals of the cards the seat
        cannot see, each consistent with its view (which ``choose`` has shown the policy)."""
        knowledge = read_knowledge(view, self.policy.knowledge)  # the policy has just read the view
        rng = self._decision_rng(view)
        seeds = [rng.getrandbits(62) for _ in range(self.budget.samples)]
        return [knowledge.sample(random.Random(seed), seed) for seed in seeds]

    # ------------------------------------------------------------------ what to search

    def _candidates(self, view: SeatView, chosen: Move, games: Sequence[Game]) -> list[Move]:
        """The moves worth comparing with the rule-based choice (first in the list)."""
        if view.phase is Phase.ANSWER:
            return [chosen, NO if chosen.kind is MoveKind.YES else YES]
        if view.phase is Phase.DRAW:
            return [chosen, PICKUP if chosen.kind is MoveKind.DRAW else DRAW]
        # A discard: worth changing only when the next player, an opponent, could take the pile
        # with it in some of the imagined games; then the alternatives are the discards that
        # hand it over least often, the cheapest first.
        chosen_risk = _pickup_share(games, chosen)
        if chosen_risk == 0.0:
            return [chosen]
        held = rank_counts(view.hand)
        values = view.rules.rank_values
        risk = {m: _pickup_share(games, m) for m in view.legal_moves if m.kind is MoveKind.DISCARD and m != chosen}
        others = sorted(
            (m for m in risk if risk[m] < chosen_risk),
            key=lambda m: (risk[m], held[m.groups[0][0].rank], values[m.groups[0][0].rank]),
        )
        return [chosen, *others[: self.budget.discard_candidates - 1]]

    def _decision_rng(self, view: SeatView) -> random.Random:
        # Only the seed, the seat and where the game stands: a fresh player (a resumed game, a
        # verification) draws the same numbers for the same decision.
        return random.Random(f"hfcli-expert:{self.seed}:{self.seat}:{view.deal_index}:{len(view.history)}")


def _worth_a_search(view: SeatView, chosen: Move) -> bool:
    """Whether the decision is one the search looks at: an answer, the pile against the stock, or
    a discard that the next player, an opponent, may take the pile with."""
    legal = view.legal_moves
    if view.phase is Phase.ANSWER:
        return True
    if view.phase is Phase.DRAW:
        return chosen.kind in (MoveKind.DRAW, MoveKind.PICKUP) and DRAW in legal and PICKUP in legal
    if chosen.kind is not MoveKind.DISCARD or chosen.groups[0][0].rank == THREE:
        return False  # C-BLACK3: no one takes a pile topped by a three, so there is nothing to search
    seating = view.seating
    after = seating.next_seat(view.seat)
    return seating.team_of[after] != view.team


def _pickup_share(games: Sequence[Game], discard: Move) -> float:
    """In how many of ``games`` (a share) the next player may take the pile after ``discard``."""
    taken = 0
    for game in games:
        after = game.clone()
        after.apply(discard)
        if after.deal.index == game.deal.index and after.turn.phase is Phase.DRAW and after.refusal(PICKUP) is None:
            taken += 1
    return taken / len(games)


def rollout(game: Game, move: Move, seat: int, seed: int, budget: Budget, rounds: int | None = None) -> float:
    """Play ``move``, then go on with the rule-based player in every seat until the deal ends or,
    with ``rounds``, that many rounds of turns have been played; return the seat's side's points
    less the best other side's (see :func:`standing`)."""
    players = [RuleBasedPlayer(seed, s, POLICY) for s in game.seating.seats]
    deal = game.deal.index
    turns_left = -1 if rounds is None else rounds * len(game.seating.names)
    if move.kind is MoveKind.PICKUP:
        _set_aside_the_draw(game)
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
        game.apply(players[to_move].choose(view).move)
        moves += 1
    return standing(game, deal, seat, budget)


def _set_aside_the_draw(game: Game) -> None:
    """Put the cards a draw would take now at the bottom of the stock, before a pickup.

    The pile and the stock are compared on the same imagined games (common random numbers), but
    a pickup draws nothing: without this, every later draw of the deal, every seat's, would come
    ``draw_count`` cards earlier in the stock than after a draw, and the two rollouts would share
    no card drawn. On 89 such decisions of hard's games this took the median standard error of
    the difference over 16 samples from 578 points to 519 (the rest of the noise is the deal
    going its own way after six more cards in one hand). The cards set aside are unseen cards in
    a random order, so where they lie tells the seat nothing new."""
    stock = game.deal.stock  # top card last
    n = min(game.rules.draw_count, len(stock))
    if n:
        stock[:0] = stock[-n:]
        del stock[-n:]


def standing(game: Game, deal: int, seat: int, budget: Budget) -> float:
    """How the deal ``deal`` stands for ``seat``'s side: its C-SCORE less the best other side's.

    A finished deal counts as scored. One still going (a rollout cut at its horizon) counts what
    is on the table (melds, books, red threes) and ``budget.hand_weight`` of the value of the
    cards in hand: mid-deal those are the makings of melds as much as the penalties they would
    be if the deal ended now. Unpicked feet are left out: every side has one to play.
    On the game's last deal (the last by number, or with a ``game_target`` one in which a side
    reaches the target) the standing in the whole game is added: ``budget.win_bonus`` times a
    smooth step of the margin, so that there winning is what counts."""
    seating = game.seating
    team = seating.team_of[seat]
    if len(game.results) > deal:
        scores = [float(t.total) for t in game.results[deal].teams]
    else:
        rules, table = game.rules, game.deal
        values = rules.rank_values
        scores = []
        for t, name in enumerate(seating.team_names):
            side = table.teams[t]
            on_table = score_team(name, side.melds, len(side.red_threes), False, [], [], rules).total
            held = sum(values[c.rank] for s in seating.members(t) for c in table.hands[s])
            scores.append(on_table + budget.hand_weight * held)
    value = scores[team] - max((v for t, v in enumerate(scores) if t != team), default=0.0)
    rules = game.rules
    last = deal == rules.deals - 1
    if last or rules.game_target:
        before = running_totals(game.results[:deal], len(seating.team_names))
        totals = [before[t] + scores[t] for t in range(len(scores))]
        # C-GAME: with a target the deal is the last one too when a side reaches it in the deal
        # (by the scores it ends with, or for a rollout cut short, those it stands at).
        if last or max(totals) >= rules.game_target:
            ahead = totals[team] - max((v for t, v in enumerate(totals) if t != team), default=0.0)
            value += budget.win_bonus * math.tanh(ahead / budget.win_scale)
    return value


def _clear_winner(values: list[list[float]], budget: Budget) -> int:
    """The candidate to play: the one with the best mean gain over the first (the rule-based
    choice), if that gain is past the noise; else 0."""
    n = len(values[0])
    best, best_gain = 0, 0.0
    for i in range(1, len(values)):
        diffs = [a - b for a, b in zip(values[i], values[0], strict=True)]
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else float("inf")
        if mean > budget.margin and mean > budget.z * spread / math.sqrt(n) and mean > best_gain:
            best, best_gain = i, mean
    return best


def _reason(view: SeatView, move: Move, instead: Move, gain: float, games: Sequence[Game]) -> str:
    """Why the search left the rule-based choice, in the move notation."""
    seating = view.seating
    if move.kind is MoveKind.DISCARD:
        rank = instead.groups[0][0].rank
        taken = round(_pickup_share(games, instead) * len(games))
        after = seating.long_names[seating.next_seat(view.seat)]
        why = (
            f"{move}: not the {RANK_NAMES[rank]}, which would let {after} take the pile "
            f"in {taken} of {len(games)} sampled deals"
        )
    elif move.kind is MoveKind.PICKUP:
        why = "take pile: worth more than a draw from the stock"
    elif move.kind is MoveKind.DRAW:
        why = f"{move}: taking the pile would cost more than it brings"
    else:
        why = f"{move}: rather than {instead}"
    return f"{why} (about {gain:+.0f} points)"
