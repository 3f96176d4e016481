"""The parts of the expert's search: the decision rule worked by hand, and an expert put together
from parts replaced one at a time."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ai.expert import ExpertPlayer, Search, worth_a_search
from ai.knowledge import SeatKnowledge
from ai.search import Budget, ClearGain, HorizonEstimate, SampledDeals
from hfcli.engine.game import Game
from hfcli.engine.moves import DRAW, PICKUP
from hfcli.engine.rules import preset
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView
from hfcli.levels import make_player


def test_clear_gain_leaves_the_first_candidate_only_past_the_noise_and_the_margin() -> None:
    # Paired differences 100, 20, 60, 20: mean 50, spread sqrt((50² + 30² + 10² + 30²) / 3) = 38.3,
    # standard error 19.1; 1.5 of them is 28.7, under the mean, and so is the margin of 30.
    values = [[0.0, 0.0, 0.0, 0.0], [100.0, 20.0, 60.0, 20.0]]
    assert ClearGain().choose(values) == 1
    assert ClearGain(margin=60.0).choose(values) == 0  # a gain of 50 is not past 60 points
    assert ClearGain(z=3.0).choose(values) == 0  # 3 standard errors are 57.4
    # Of two clear gains the larger is played: the third candidate gains 70.
    assert ClearGain().choose([*values, [120.0, 40.0, 80.0, 40.0]]) == 2


def open_pile_view() -> SeatView:
    """The first view of a quick hard game where the seat may take the pile or draw."""
    game = Game(preset("quick"), 3)
    players = [make_player("hard", 3, s) for s in game.seating.seats]
    while True:
        seat = game.turn.to_move
        view = game.view(seat)
        chosen = players[seat].choose(view)
        if view.phase is Phase.DRAW and worth_a_search(view, chosen.move, players[seat]):
            return view
        game.apply(chosen.move)


@dataclass
class CountingDeals:
    """The sampler, counting how many games it was asked for."""

    asked: list[int] = field(default_factory=list)

    def imagine(
        self, view: SeatView, rng: random.Random, count: int, seen: SeatKnowledge | None = None
    ) -> list[Game]:
        self.asked.append(count)
        assert seen is not None  # the expert hands over its policy's knowledge of the history
        return SampledDeals().imagine(view, rng, count, seen)


@dataclass(frozen=True)
class AlwaysTheOther:
    """A decision rule that plays the last candidate whatever the rollouts say."""

    def choose(self, values: object) -> int:
        return len(values) - 1  # type: ignore[arg-type]


def test_the_expert_searches_with_the_parts_it_is_given() -> None:
    view = open_pile_view()
    hard = make_player("hard", 3, view.seat).choose(view).move
    other = PICKUP if hard == DRAW else DRAW
    deals = CountingDeals()
    expert = ExpertPlayer(3, view.seat, search=Search(budget=Budget(samples=3), determinizer=deals,
                                                      rule=AlwaysTheOther()))
    assert expert.choose(view).move == other
    assert deals.asked == [3]
    # The same search with today's rule and evaluator keeps to a choice it cannot tell apart.
    plain = ExpertPlayer(3, view.seat, search=Search(budget=Budget(samples=3), rule=ClearGain(margin=1e9)))
    assert plain.choose(view).move == hard


def test_the_horizon_estimate_counts_half_the_cards_in_hand() -> None:
    game = Game(preset("quick"), 5)  # just dealt: no melds, the red threes laid, every hand full
    values = game.rules.rank_values
    held = [sum(values[c.rank] for s in game.seating.members(t) for c in game.deal.hands[s]) for t in (0, 1)]
    reds = [len(game.deal.teams[t].red_threes) for t in (0, 1)]
    # Nothing but the red threes is on the table (100 each, C-SCORE) and half of every hand counts.
    assert HorizonEstimate().side_scores(game, 0) == [100 * reds[t] + 0.5 * held[t] for t in (0, 1)]
    assert HorizonEstimate(hand_weight=0.0).side_scores(game, 0) == [100.0 * reds[t] for t in (0, 1)]



@dataclass
class Watching:
    """An evaluator that keeps where each rollout it judges stopped: the turn's seat and phase,
    and how many moves the game had seen."""

    seen: list[tuple[int, Phase, int]] = field(default_factory=list)

    def evaluate(self, game: Game, deal: int, seat: int) -> float:
        self.seen.append((game.turn.seat, game.turn.phase, game.move_count))
        return 0.0


def stops(view: SeatView, horizon: int) -> list[tuple[int, Phase, int]]:
    watching = Watching()
    search = Search(budget=Budget(samples=3, draw_horizon=horizon), evaluator=watching)
    ExpertPlayer(3, view.seat, search=search).choose(view)
    return watching.seen


def test_a_pile_or_stock_rollout_stops_at_the_budgets_horizon() -> None:
    view = open_pile_view()
    after = view.seating.next_seat(view.seat)
    # No rounds: each candidate's rollout plays out the seat's turn and stops as the next one starts.
    now = stops(view, 0)
    assert len(now) == 2 * 3
    assert all((seat, phase) == (after, Phase.DRAW) for seat, phase, _ in now)
    # One round: every seat plays once more, and the rollout stops as the next seat's turn comes
    # round again, or where the deal (quick's only one) ended on the way.
    later = stops(view, 1)
    assert all((seat, phase) == (after, Phase.DRAW) or phase is Phase.OVER for seat, phase, _ in later)
    players = len(view.seating.names)
    assert all(b[2] - a[2] >= players for a, b in zip(now, later, strict=True) if b[1] is not Phase.OVER)
