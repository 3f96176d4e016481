"""The one comparison of moves over imagined deals (ai/paired.py), as the expert and the review make it."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

from ai.paired import Compared, FixedDeals, MoveComparison
from ai.sampler import read_knowledge
from ai.search import HorizonEstimate, RuleBasedRollouts, rollout
from hfcli.engine.game import Game
from hfcli.engine.moves import DRAW, PICKUP, Move
from hfcli.engine.rules import preset
from hfcli.engine.view import SeatView
from hfcli.levels import make_player

COMPARISON = MoveComparison(RuleBasedRollouts("hard"), HorizonEstimate(), 1)


def open_pile_view() -> SeatView:
    """The first view of a quick hard game where the seat may take the pile or draw."""
    game = Game(preset("quick"), 3)
    players = [make_player("hard", 3, s) for s in game.seating.seats]
    while True:
        view = game.view(game.to_move)
        if DRAW in view.legal_moves and PICKUP in view.legal_moves:
            return view
        game.apply(players[game.to_move].choose(view).move)


@dataclass
class Batches:
    """Asks for ``sizes`` deals one look after another, and keeps what it was shown."""

    sizes: list[int]
    shown: list[int] = field(default_factory=list)

    def deals(self, found: Compared | None) -> int:
        if found is not None:
            self.shown.append(found.deals)
        return self.sizes[min(len(self.shown), len(self.sizes) - 1)]


def test_every_move_is_played_forward_on_the_same_imagined_deals() -> None:
    view = open_pile_view()
    knowledge = read_knowledge(view)
    games = list(itertools.islice(knowledge.deals(random.Random(5)), 3))
    compared = COMPARISON.compare(iter(games), [DRAW, PICKUP], view.seat, FixedDeals(3))
    assert compared.deals == 3
    policy, evaluator = RuleBasedRollouts("hard"), HorizonEstimate()
    for i, move in enumerate((DRAW, PICKUP)):
        alone = [rollout(g.clone(), move, view.seat, g.seed, policy, evaluator, 1) for g in games]
        assert list(compared.values[i]) == alone
    gain = compared.against_first(1)
    assert gain.mean == sum(b - a for a, b in zip(*compared.values, strict=True)) / 3
    # The imagined deals are left as they were: the expert reads them again after comparing.
    assert [g.move_count for g in games] == [g.move_count for g in list(itertools.islice(
        knowledge.deals(random.Random(5)), 3))]


def test_a_stopping_rule_takes_the_deals_a_batch_at_a_time() -> None:
    view = open_pile_view()
    knowledge = read_knowledge(view)
    rule = Batches([2, 5, 5])
    compared = COMPARISON.compare(knowledge.deals(random.Random(9)), [DRAW, PICKUP], view.seat, rule)
    assert rule.shown == [2, 5] and compared.deals == 5
    # The same five deals as asking for five at once: a batch continues the stream.
    at_once = COMPARISON.compare(knowledge.deals(random.Random(9)), [DRAW, PICKUP], view.seat, FixedDeals(5))
    assert at_once.values == compared.values
    # Deals the caller has no more use for may be spent (the last move played on each itself): the
    # same values, and the deals moved on.
    deals = list(itertools.islice(knowledge.deals(random.Random(9)), 5))
    before = [g.move_count for g in deals]
    spent = COMPARISON.compare(iter(deals), [DRAW, PICKUP], view.seat, FixedDeals(5), spend=True)
    assert spent.values == compared.values
    assert all(g.move_count > b for g, b in zip(deals, before, strict=True))


@dataclass
class Lines:
    """A watcher that counts the moves of its rollout and where it stopped."""

    start: int
    moves: list[Move] = field(default_factory=list)
    stopped_at: int = -1

    def __call__(self, game: Game, move: Move) -> None:
        self.moves.append(move)

    def stopped(self, game: Game) -> None:
        self.stopped_at = game.move_count


def test_each_rollout_is_watched_from_its_move_to_where_it_stopped() -> None:
    view = open_pile_view()
    watchers: dict[int, list[Lines]] = {0: [], 1: []}

    def watch(index: int, game: Game) -> Lines:
        watchers[index].append(Lines(game.move_count))
        return watchers[index][-1]

    deals = read_knowledge(view).deals(random.Random(2))
    COMPARISON.compare(deals, [DRAW, PICKUP], view.seat, FixedDeals(2), watch)
    assert [len(w) for w in watchers.values()] == [2, 2]
    assert [w.moves[0] for w in watchers[0]] == [DRAW, DRAW] and [w.moves[0] for w in watchers[1]] == [PICKUP, PICKUP]
    # Shown every move of the rollout, then the game where it stopped (the move itself counted).
    assert all(w.stopped_at == w.start + len(w.moves) for ws in watchers.values() for w in ws)
