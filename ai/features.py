"""The learned evaluator's features (:mod:`ai.evaluator`): a position described in numbers.

Features, each worked out for the seat's side ("own") and for the best other side ("other",
the one ahead by the table and half its cards in hand, as :class:`~ai.search.HorizonEstimate`
counts), then each of those multiplied by ``left`` (the share of the stock still to be drawn), so
that a card in hand may count as the makings of a meld early in a deal and as a penalty late:

==================  ===========================================================================
feature             what it is (per side; points in hundreds)
==================  ===========================================================================
meld_points         C-VALUE of the cards on the table, in melds and books
book_points         the bonuses of the books made (clean, dirty, wild at the rules' bonuses)
red_three_points    the red threes laid, at the rules' bonus
clean_books         clean books made
dirty_books         dirty books made
wild_books          wild books made
books_short         books still missing of those going out needs (C-OUT)
can_go_out          1 when the side has the books to go out, times going_out_bonus / 100
open_melds          melds not yet books
open_short          cards the open melds still need to be books
near_books          open melds two cards or fewer short of a book
opened              1 once the side has made its first meld (C-MIN)
hand_cards          cards in the hands of the side's seats
hand_points         C-VALUE of those cards
hand_wilds          wild cards in those hands
hand_threes         black threes in those hands
hand_pairs          natural ranks held exactly twice in one hand
hand_triples        natural ranks held three times or more in one hand
hand_fits           natural cards in hand of a rank the side has an open meld of
in_foot             share of the side's seats that have picked up their foot
foot_points         C-VALUE of the feet not yet picked up (a penalty if the deal ends now)
fewest_cards        cards in the smallest hand among the side's seats in their foot (13 if none)
==================  ===========================================================================

and once for the position:

==================  ===========================================================================
bias                1
left                share of the stock still to be drawn (1 at the deal's start)
pile_cards          cards in the discard pile, in tens
pile_points         C-VALUE of the pile's cards, in hundreds
own_to_move         1 when a seat of the own side is to act
sides               number of sides less two (three or more sides: the best of several others)
last_deal           1 on a deal that can end the game
==================  ===========================================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from hfcli.engine.cards import RANK_COUNT, THREE, TWO
from hfcli.engine.game import Game
from hfcli.engine.melds import WILD, BookKind, Meld
from hfcli.engine.rules import Rules
from hfcli.engine.scoring import running_totals

SIDE_FEATURES = (
    "meld_points", "book_points", "red_three_points", "clean_books", "dirty_books", "wild_books",
    "books_short", "can_go_out", "open_melds", "open_short", "near_books", "opened",
    "hand_cards", "hand_points", "hand_wilds", "hand_threes", "hand_pairs", "hand_triples", "hand_fits",
    "in_foot", "foot_points", "fewest_cards",
)
POSITION_FEATURES = ("bias", "left", "pile_cards", "pile_points", "own_to_move", "sides", "last_deal")


def feature_names() -> tuple[str, ...]:
    """The names of :func:`features`' values, in order."""
    sides = tuple(f"{who}_{name}" for who in ("own", "other") for name in SIDE_FEATURES)
    return POSITION_FEATURES + sides + tuple(f"{name}*left" for name in sides)


def side_features(game: Game, team: int) -> list[float]:
    """The :data:`SIDE_FEATURES` of side ``team`` where ``game`` stands."""
    rules = game.rules
    side = game.deal.teams[team]
    melds = _MeldFacts.of(side.melds, rules)
    books_short = (
        max(0, rules.clean_books_to_go_out - melds.clean) + max(0, rules.dirty_books_to_go_out - melds.dirty)
        + max(0, rules.wild_books_to_go_out - melds.wild)
    )
    members = game.seating.members(team)
    held = _HandFacts.of(game, members, melds.open_ranks)
    return [
        melds.points / 100,
        (melds.clean * rules.clean_book_bonus + melds.dirty * rules.dirty_book_bonus
         + melds.wild * rules.wild_book_bonus) / 100,
        len(side.red_threes) * rules.red_three_bonus / 100,
        melds.clean, melds.dirty, melds.wild, books_short,
        rules.going_out_bonus / 100 if books_short == 0 else 0.0,
        melds.open, melds.open_short, melds.near, 1.0 if side.opened else 0.0,
        held.cards, held.points / 100, held.wilds, held.threes, held.pairs, held.triples, held.fits,
        held.picked / len(members), held.foot_points / 100, held.fewest,
    ]


@dataclass
class _MeldFacts:
    """A side's melds counted: their points, books by kind, open melds (how many, the cards they
    lack, those two cards or less from a book) and the ranks of its open natural melds."""

    points: int = 0
    clean: int = 0
    dirty: int = 0
    wild: int = 0
    open: int = 0
    open_short: int = 0
    near: int = 0
    open_ranks: list[bool] = field(default_factory=lambda: [False] * RANK_COUNT)

    @classmethod
    def of(cls, melds: Sequence[Meld], rules: Rules) -> _MeldFacts:
        values = rules.rank_values
        book_size = rules.book_size
        facts = cls()
        for m in melds:
            facts.points += sum(values[c.rank] for c in m.cards)
            if m.is_book:
                kind = m.kind
                if kind is BookKind.CLEAN:
                    facts.clean += 1
                elif kind is BookKind.DIRTY:
                    facts.dirty += 1
                else:
                    facts.wild += 1
            else:
                short = book_size - len(m.cards)
                facts.open += 1
                facts.open_short += short
                if short <= 2:
                    facts.near += 1
                if m.rank != WILD:
                    facts.open_ranks[m.rank] = True
        return facts


@dataclass
class _HandFacts:
    """A side's hands and feet counted: cards, their points, wild cards, threes, pairs and sets,
    cards that fit its open melds, the members in their foot, the feet's points, the fewest cards
    a member in the foot holds."""

    cards: int = 0
    points: int = 0
    wilds: int = 0
    threes: int = 0
    pairs: int = 0
    triples: int = 0
    fits: int = 0
    picked: int = 0
    foot_points: int = 0
    fewest: int = 0

    @classmethod
    def of(cls, game: Game, members: Sequence[int], open_ranks: list[bool]) -> _HandFacts:
        rules = game.rules
        values = rules.rank_values
        table = game.deal
        facts = cls(fewest=rules.hand_size)
        for s in members:
            hand = table.hands[s]
            counts = [0] * RANK_COUNT
            for c in hand:
                counts[c.rank] += 1
            facts.cards += len(hand)
            facts.points += sum(values[r] * n for r, n in enumerate(counts) if n)
            facts.wilds += counts[TWO] + counts[-1]
            facts.threes += counts[THREE]
            for r in range(THREE + 1, TWO):
                n = counts[r]
                if n == 2:
                    facts.pairs += 1
                elif n >= 3:
                    facts.triples += 1
                if n and open_ranks[r]:
                    facts.fits += n
            foot = table.feet[s]
            if foot is None:
                facts.picked += 1
                facts.fewest = min(facts.fewest, len(hand))
            else:
                facts.foot_points += sum(values[c.rank] for c in foot if not c.is_red_three)
        return facts


def standing_on_table(game: Game, team: int) -> float:
    """Side ``team``'s table (melds, books, red threes) and half its cards in hand, as
    :class:`~ai.search.HorizonEstimate` counts: which other side is the one to beat."""
    rules = game.rules
    values = rules.rank_values
    table = game.deal
    side = table.teams[team]
    points = sum(values[c.rank] for m in side.melds for c in m.cards) + len(side.red_threes) * rules.red_three_bonus
    for m in side.melds:
        if m.is_book:
            kind = m.kind
            points += (
                rules.clean_book_bonus if kind is BookKind.CLEAN
                else rules.dirty_book_bonus if kind is BookKind.DIRTY else rules.wild_book_bonus
            )
    held = sum(values[c.rank] for s in game.seating.members(team) for c in table.hands[s])
    return points + 0.5 * held


def opening_stock(rules: Rules, players: int) -> int:
    """About how many cards the stock holds when a deal starts: the shoe less the hands, the
    feet and the upcard."""
    return max(1, rules.card_count - players * (rules.hand_size + rules.foot_size) - 1)


def stock_left(game: Game) -> float:
    """The share of the stock still to be drawn, from 1 at the deal's start to 0."""
    return min(1.0, len(game.deal.stock) / opening_stock(game.rules, len(game.seating.names)))


def best_other(game: Game, team: int) -> int:
    """The other side ahead where the deal stands (the first of equals); ``team`` itself when it
    plays alone."""
    others = [t for t in game.seating.teams if t != team]
    if not others:
        return team
    if len(others) == 1:
        return others[0]
    return max(others, key=lambda t: standing_on_table(game, t))


def features(game: Game, seat: int, last_deal: bool | None = None) -> list[float]:
    """The features of the position for ``seat``'s side (see the module's tables), in the order of
    :func:`feature_names`. ``last_deal`` says whether the deal can end the game (worked out from
    the rules and the totals when not given)."""
    seating = game.seating
    team = seating.team_of[seat]
    table = game.deal
    rules = game.rules
    if last_deal is None:
        last_deal = deal_can_end_the_game(game)
    left = stock_left(game)
    values = rules.rank_values
    pile = table.pile
    position = [
        1.0, left, len(pile) / 10, sum(values[c.rank] for c in pile if not c.is_red_three) / 100,
        1.0 if seating.team_of[game.turn.to_move] == team else 0.0,
        float(len(seating.team_names) - 2), 1.0 if last_deal else 0.0,
    ]
    sides = side_features(game, team) + side_features(game, best_other(game, team))
    return position + sides + [v * left for v in sides]


def deal_can_end_the_game(game: Game) -> bool:
    """Whether the deal in progress can be the game's last (C-GAME): the last by number, or with
    a ``game_target``, one a side is within a deal's reach of it (a good deal's 5,000 points)."""
    rules = game.rules
    index = game.deal.index
    if index + 1 >= rules.deals:
        return True
    if rules.game_target <= 0:
        return False
    totals = running_totals(game.results[:index], len(game.seating.team_names))
    return max(totals, default=0) + REACH >= rules.game_target


# The most a side is taken to add to its game score in one deal when asking whether a deal can
# reach the game's target.
REACH = 5000
