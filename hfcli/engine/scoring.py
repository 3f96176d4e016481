"""Deal and game scoring (C-SCORE, C-GAME)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from hfcli.engine.cards import Card
from hfcli.engine.melds import Meld, count_books
from hfcli.engine.rules import Rules


class DealEnding(StrEnum):
    """C-END: how a deal ended."""

    OUT = "out"  # a player went out
    STOCK = "stock"  # the stock ran out


@dataclass(frozen=True)
class TeamScore:
    """One partnership's C-SCORE breakdown for one deal. Penalties are negative numbers."""

    team: str
    meld_points: int
    clean_books: int
    clean_book_points: int
    dirty_books: int
    dirty_book_points: int
    wild_books: int
    wild_book_points: int
    red_threes: int
    red_three_points: int
    went_out: bool
    going_out_points: int
    hand_points: int
    foot_points: int
    foot_red_threes: int
    foot_red_three_points: int

    @property
    def total(self) -> int:
        return (
            self.meld_points + self.clean_book_points + self.dirty_book_points + self.wild_book_points
            + self.red_three_points + self.going_out_points + self.hand_points + self.foot_points
            + self.foot_red_three_points
        )

    def lines(self) -> list[tuple[str, int | None, int]]:
        """(label, count or None, points) for every C-SCORE line, in the rules' order."""
        return [
            ("cards in melds and books", None, self.meld_points),
            ("clean books", self.clean_books, self.clean_book_points),
            ("dirty books", self.dirty_books, self.dirty_book_points),
            ("wild books", self.wild_books, self.wild_book_points),
            ("red threes laid", self.red_threes, self.red_three_points),
            ("going out", 1 if self.went_out else 0, self.going_out_points),
            ("cards left in hands", None, self.hand_points),
            ("cards in unpicked feet", None, self.foot_points),
            ("red threes in unpicked feet", self.foot_red_threes, self.foot_red_three_points),
        ]

    def as_dict(self) -> dict[str, int | str | bool]:
        data: dict[str, int | str | bool] = dict(self.__dict__)
        data["total"] = self.total
        return data


@dataclass(frozen=True)
class DealResult:
    deal: int  # 0-based
    ended_by: DealEnding
    went_out: int | None  # the seat that went out
    teams: tuple[TeamScore, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(t.total for t in self.teams)


@dataclass(frozen=True)
class GameResult:
    deals: tuple[DealResult, ...]
    team_names: tuple[str, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return running_totals(self.deals, len(self.team_names))

    @property
    def winner(self) -> int | None:
        """C-GAME: the partnership with the higher total, or None for a tie."""
        totals = self.totals
        best = max(totals)
        leaders = [i for i, t in enumerate(totals) if t == best]
        return leaders[0] if len(leaders) == 1 else None


def running_totals(deals: Sequence[DealResult], teams: int) -> tuple[int, ...]:
    """Each partnership's score summed over ``deals``."""
    return tuple(sum(d.teams[i].total for d in deals) for i in range(teams))


def deal_points_limit(rules: Rules) -> int:
    """The most points, won or lost, one side can score in one deal under ``rules`` (C-SCORE): every
    card of the shoe at the highest card value, the highest book bonus for as many books as the shoe
    holds, every red three's bonus or penalty, and going out. A recorded deal total beyond it was
    scored by no game, so readers refuse it rather than reckon with it."""
    red_threes = 2 * rules.deck_count
    card_points = rules.card_count * max(map(abs, rules.rank_values))
    book_points = rules.card_count // rules.book_size * max(
        abs(rules.clean_book_bonus), abs(rules.dirty_book_bonus), abs(rules.wild_book_bonus))
    red_three_points = red_threes * max(abs(rules.red_three_bonus), abs(rules.red_three_foot_penalty))
    return card_points + book_points + red_three_points + abs(rules.going_out_bonus)


def cards_value(cards: Iterable[Card], rules: Rules) -> int:
    values = rules.rank_values
    return sum(values[c.rank] for c in cards if not c.is_red_three)


def score_team(
    team: str,
    melds: Sequence[Meld],
    red_threes: int,
    went_out: bool,
    hands: list[list[Card]],
    unpicked_feet: list[list[Card]],
    rules: Rules,
) -> TeamScore:
    clean, dirty, wild = count_books(melds)
    foot_reds = sum(1 for foot in unpicked_feet for c in foot if c.is_red_three)
    return TeamScore(
        team=team,
        meld_points=sum(cards_value(m.cards, rules) for m in melds),
        clean_books=clean,
        clean_book_points=clean * rules.clean_book_bonus,
        dirty_books=dirty,
        dirty_book_points=dirty * rules.dirty_book_bonus,
        wild_books=wild,
        wild_book_points=wild * rules.wild_book_bonus,
        red_threes=red_threes,
        red_three_points=red_threes * rules.red_three_bonus,
        went_out=went_out,
        going_out_points=rules.going_out_bonus if went_out else 0,
        hand_points=-sum(cards_value(h, rules) for h in hands),
        foot_points=-sum(cards_value(f, rules) for f in unpicked_feet),
        foot_red_threes=foot_reds,
        foot_red_three_points=-foot_reds * rules.red_three_foot_penalty,
    )
