"""Rule sets as data: one frozen dataclass, the presets, and checking a mapping of overrides.

Every field is an *option* of the rules (``hf rules`` shows them; ``docs/rules.md`` explains them),
or a place where the ``eleven`` preset differs from ``classic``. Reading a house-rules file is not
the engine's business: :mod:`hfcli.system.house_rules` reads the TOML and hands the mapping to
:func:`from_mapping` here.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any

from hfcli.engine.errors import RulesError
from hfcli.engine.options import MeldMinimumBy, Teams, WildRatio, choice_of


@dataclass(frozen=True)
class Rules:
    name: str = "classic"
    # T-SIZE: how many play, and how they sit (options.Teams)
    players: int = 4
    teams: Teams = Teams.AUTO
    # C-DECK / V-DECK / T-DECK: 0 is one more deck than players
    decks: int = 0
    # C-DEAL / V-DEAL
    hand_size: int = 13
    foot_size: int = 13
    # C-DEALS, C-MIN
    deals: int = 4
    meld_minimums: tuple[int, ...] = (50, 90, 120, 150)
    # C-MIN: the minimum set by the deal or by the side's score so far (options.MeldMinimumBy,
    # from score_minimums: pairs of (score from, minimum); a score below the first uses the first)
    meld_minimum_by: MeldMinimumBy = MeldMinimumBy.DEAL
    score_minimums: tuple[tuple[int, int], ...] = ((0, 50), (2500, 90), (5000, 120), (10000, 150))
    # C-MIN: no minimum for a first meld that lays down the whole hand (all but one card discarded)
    minimum_waived_for_whole_hand: bool = False
    # C-GAME: 0 plays `deals` deals; a target ends the game after the first deal in which a side
    # reaches it (or after `deals` deals, whichever is first)
    game_target: int = 0
    # C-VALUE / V-VALUE
    joker_value: int = 50
    two_value: int = 20
    ace_value: int = 20
    high_value: int = 10  # eight to king
    low_value: int = 5  # four to seven
    black_three_value: int = 5
    # C-SCORE / V-BOOKS
    clean_book_bonus: int = 500
    dirty_book_bonus: int = 300
    wild_book_bonus: int = 1500
    red_three_bonus: int = 100
    red_three_foot_penalty: int = 100
    going_out_bonus: int = 100
    # C-OUT / V-OUT: books needed, by kind
    clean_books_to_go_out: int = 2
    dirty_books_to_go_out: int = 2
    wild_books_to_go_out: int = 1
    # C-OUT: the partner's permission and the partner being in the foot (V-OUT drops both)
    going_out_needs_permission: bool = True
    partner_in_foot_to_go_out: bool = True
    # T-OUT: in a side of three, every other member must be in the foot (true) or one is enough
    whole_side_in_foot: bool = True
    # V-OUT: going out by melding every card, with no discard
    go_out_by_melding_all: bool = False
    # C-UPCARD / V-UPCARD: whether a black three as the upcard is buried too
    bury_black_three_upcard: bool = True
    # C-RATIO / V-RATIO: how many wilds a meld may hold (options.WildRatio)
    wild_ratio: WildRatio = WildRatio.TWICE
    # V-NOWILD
    wild_melds: bool = True
    # C-DRAW: cards drawn from the stock
    draw_count: int = 2
    # C-MELD / C-BOOK / C-PILE: fixed by the rules text but kept as data
    book_size: int = field(default=7)
    # C-PILE: the top cards taken (0: the whole pile); whether a natural and a wild from the hand
    # may take it (a natural top card only); whether the side must have made its first meld
    pile_take: int = field(default=7)
    pile_with_wild: bool = False
    pile_needs_first_meld: bool = False

    def meld_minimum(self, deal_index: int, score: int = 0) -> int:
        """C-MIN for deal ``deal_index`` (0-based; deals past the list repeat its last value), or
        for a side with ``score`` points so far when the minimum goes by score."""
        return self.meld_minimum_by.minimum(self.meld_minimums, self.score_minimums, deal_index, score)

    def ends_the_game(self, deal_index: int, totals: Sequence[float]) -> bool:
        """C-GAME: whether deal ``deal_index`` (0-based), ending with the sides' game scores at
        ``totals``, is the game's last: the last by number, or with a target one in which a side
        reaches it."""
        return deal_index + 1 >= self.deals or (self.game_target > 0 and max(totals) >= self.game_target)

    # The figures worked out from the fields are cached: the players and the engine read them at
    # every decision (a rule set never changes).
    @cached_property
    def deck_count(self) -> int:
        """C-DECK / T-DECK: the decks in the shoe (one more than the players unless set)."""
        return self.decks or self.players + 1

    @cached_property
    def pile_limit(self) -> int:
        """C-PILE: most cards a pickup takes."""
        return self.pile_take or 10_000

    def replace(self, **changes: Any) -> Rules:
        merged = dataclasses.asdict(self) | changes
        return from_mapping(merged, source="override")

    def as_dict(self) -> dict[str, Any]:
        """The rule set as plain data, as a file writes it (an option's value as its text)."""
        data = {key: str(value) if isinstance(value, StrEnum) else value
                for key, value in dataclasses.asdict(self).items()}
        data["meld_minimums"] = list(self.meld_minimums)
        data["score_minimums"] = [list(pair) for pair in self.score_minimums]
        return data

    @cached_property
    def rank_values(self) -> tuple[int, ...]:
        """C-VALUE by rank index, worked out once per rule set: a lookup keyed by the rules
        would hash and compare every field on each call, in the engine's inner loops."""
        low, high = self.low_value, self.high_value
        return (
            self.black_three_value, low, low, low, low, high, high, high, high, high, high,
            self.ace_value, self.two_value, self.joker_value,
        )

    @cached_property
    def wild_caps(self) -> tuple[int, ...]:
        """C-RATIO / V-RATIO: the most wild cards a natural meld of 0 to ``book_size`` naturals may
        hold, worked out once per rule set: the legal moves and the players ask it again and again."""
        return tuple(self.wild_ratio.wilds_for(n, self.book_size) for n in range(self.book_size + 1))

    @cached_property
    def card_count(self) -> int:
        return 54 * self.deck_count

    @property
    def buried_upcards(self) -> int:
        """C-UPCARD / V-UPCARD: the cards of the shoe the turn-up buries (twos, jokers, red threes,
        and black threes unless they may be the upcard). A stock of more cards holds a natural."""
        return self.deck_count * (10 if self.bury_black_three_upcard else 8)


CLASSIC = Rules()
ELEVEN = Rules(
    name="eleven",
    hand_size=11,
    foot_size=11,
    clean_books_to_go_out=1,
    dirty_books_to_go_out=1,
    wild_books_to_go_out=0,
    going_out_needs_permission=False,
    partner_in_foot_to_go_out=False,
    go_out_by_melding_all=True,
    bury_black_three_upcard=False,
    wild_ratio=WildRatio.FOUR,
    wild_melds=False,
    wild_book_bonus=0,
)
# A short game: one deal of seven-card hands and feet, and four books to go out (two clean and
# two dirty: no wild book). With the AI at its default level it takes about a quarter of the
# classic game's turns, and nearly every deal ends by going out (docs/rules.md has the figures).
QUICK = Rules(
    name="quick",
    hand_size=7,
    foot_size=7,
    deals=1,
    meld_minimums=(50,),
    wild_books_to_go_out=0,
)
PRESETS: dict[str, Rules] = {"classic": CLASSIC, "eleven": ELEVEN, "quick": QUICK}

_FIELDS = {f.name: f for f in dataclasses.fields(Rules)}
# The options with a fixed set of values: each value is a member of the option's enum.
_CHOICES: dict[str, type[StrEnum]] = {
    "wild_ratio": WildRatio,
    "teams": Teams,
    "meld_minimum_by": MeldMinimumBy,
}


def preset(name: str) -> Rules:
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(f"unknown preset {name!r}; allowed: {', '.join(PRESETS)}") from None


def _check_value(key: str, value: Any) -> Any:
    """``value`` as the field ``key`` holds it; RulesError (without the source) when it cannot be."""
    kind = _FIELDS[key].type
    if key == "pile_take":
        if value == "all":
            return 0  # the whole pile
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f'pile_take must be a whole number or "all", not {value!r}')
    if key == "score_minimums":
        return _score_minimums(value)
    if kind == "bool":
        if not isinstance(value, bool):
            raise RulesError(f"{key} must be true or false, not {value!r}")
        return value
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"{key} must be a whole number, not {value!r}")
        return value
    if key in _CHOICES:
        choice = choice_of(_CHOICES[key], value) if isinstance(value, str) else None
        if choice is None:
            raise RulesError(f"{key} must be one of {', '.join(_CHOICES[key])}, not {value!r}")
        return choice
    if kind == "str":
        if not isinstance(value, str):
            raise RulesError(f"{key} must be text, not {value!r}")
        return value
    # tuple[int, ...]
    if not isinstance(value, (list, tuple)) or not value or any(
        isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in value
    ):
        raise RulesError(f"{key} must be a non-empty list of whole numbers >= 0, not {value!r}")
    return tuple(value)


def _score_minimums(value: Any) -> tuple[tuple[int, int], ...]:
    """C-MIN by score: ``[[score from, minimum], ...]`` in rising order of score."""
    pairs = value if isinstance(value, (list, tuple)) else None
    if (
        not pairs
        or any(not isinstance(p, (list, tuple)) or len(p) != 2 for p in pairs)
        or any(isinstance(v, bool) or not isinstance(v, int) for p in pairs for v in p)
    ):
        raise RulesError(f"score_minimums must be a list of [score, minimum] pairs, not {value!r}")
    starts = [p[0] for p in pairs]
    if starts != sorted(set(starts)) or any(p[1] < 0 for p in pairs):
        raise RulesError("score_minimums: scores must rise from pair to pair, and minimums be 0 or more")
    return tuple((p[0], p[1]) for p in pairs)


POINT_VALUES = ("joker_value", "two_value", "ace_value", "high_value", "low_value", "black_three_value")
POINT_BONUSES = ("clean_book_bonus", "dirty_book_bonus", "wild_book_bonus", "red_three_bonus",
                 "red_three_foot_penalty", "going_out_bonus")
MAX_CARD_VALUE = 1_000
MAX_BONUS = 100_000


def _range_problems(rules: Rules, checked: set[str]) -> list[str]:
    """What is out of range in ``rules``, looking only at fields in ``checked`` (the others were
    refused already, or come from a preset)."""
    problems = []
    limits = {
        "players": (2, 6),
        "decks": (0, 20),
        "hand_size": (1, 40),
        "foot_size": (1, 40),
        "deals": (1, 20),
        "book_size": (3, 20),
        "pile_take": (0, 1080),
        "draw_count": (1, 5),
        "game_target": (0, 10**7),
        # C-VALUE and C-SCORE: points of a size no table plays, which would only make every score
        # (and the means hf stats works out from them) too large to reckon with
        **dict.fromkeys(POINT_VALUES, (0, MAX_CARD_VALUE)),
        **dict.fromkeys(POINT_BONUSES, (-MAX_BONUS, MAX_BONUS)),  # a negative bonus counts against
    }
    for key, (low, high) in limits.items():
        value = getattr(rules, key)
        if key in checked and not low <= value <= high:
            problems.append(f"{key} must be between {low} and {high}, not {value}")
    for key in ("clean_books_to_go_out", "dirty_books_to_go_out", "wild_books_to_go_out"):
        if key in checked and getattr(rules, key) < 0:
            problems.append(f"{key} must be 0 or more, not {getattr(rules, key)}")
    problems += _conflicts(rules)
    if 2 <= rules.players <= 6:
        dealt = rules.players * (rules.hand_size + rules.foot_size)
        stock = rules.card_count - dealt
        if dealt + 2 > rules.card_count:
            problems.append(
                f"{rules.deck_count} deck(s) hold {rules.card_count} cards, too few to deal "
                f"{dealt} cards to {rules.players} players and start a pile; "
                "raise decks or lower hand_size/foot_size"
            )
        elif stock <= rules.buried_upcards:
            threes = "threes" if rules.bury_black_three_upcard else "red threes"
            problems.append(
                f"dealing {dealt} cards of {rules.deck_count} deck(s) leaves a stock of {stock}; the stock must "
                f"hold more than the {rules.buried_upcards} {threes}, twos and jokers that the turn-up buries, "
                "so that a natural card always shows (C-UPCARD); raise decks or lower hand_size/foot_size"
            )
    return problems


def _conflicts(rules: Rules) -> list[str]:
    """Options the engine cannot honour together, each with the reason (T-SIZE and the rest)."""
    problems = []
    if not rules.teams.fits(rules.players):
        problems.append(f"teams = \"{rules.teams}\" needs {rules.teams.needs}, not {rules.players}")
    if not rules.wild_melds and rules.wild_books_to_go_out:
        problems.append("wild_books_to_go_out must be 0 when wild_melds is false")
    if rules.pile_with_wild and not rules.wild_ratio.pair_takes_wild:
        problems.append(
            f"pile_with_wild cannot go with wild_ratio = \"{rules.wild_ratio}\": the top card, a natural and a "
            f"wild make a meld with a wild and only two naturals, which {rules.wild_ratio.rule} forbids"
        )
    if rules.meld_minimum_by.by_score and not rules.score_minimums:
        problems.append("meld_minimum_by = \"score\" needs score_minimums")
    return problems


def from_mapping(data: dict[str, Any], source: str = "rules") -> Rules:
    """Build rules from ``{"preset": ..., field: value, ...}``. Every unknown key and bad value is
    refused, all of them in one RulesError (``SOURCE: problem; problem; ...``), so a house-rules
    file is put right in one go."""
    data = dict(data)
    problems: list[str] = []
    try:
        base = preset(str(data.pop("preset", "classic")))
    except RulesError as exc:
        problems.append(str(exc))
        base = CLASSIC
    data.setdefault("name", base.name)
    values = dataclasses.asdict(base)
    unknown = False
    for key, value in data.items():
        if key not in _FIELDS:
            close = difflib.get_close_matches(str(key), [*_FIELDS, "preset"], n=1)
            problems.append(f"unknown rule {key!r}" + (f" (did you mean {close[0]}?)" if close else ""))
            unknown = unknown or not close
            continue
        try:
            values[key] = _check_value(key, value)
        except RulesError as exc:
            problems.append(str(exc))
    rules = Rules(**values)
    problems += _range_problems(rules, {key for key in data if key in _FIELDS} - {"name"})
    if problems:
        if unknown:
            problems.append(f"allowed keys: {', '.join(['preset', *sorted(_FIELDS)])}")
        raise RulesError(f"{source}: {'; '.join(problems)}")
    return rules
