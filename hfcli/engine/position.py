"""A position: the whole state of a game written as text, and read back into a game.

The format is ``docs/position.md``: a version line, then one ``key: value`` line per fact, cards
written as the transcript writes them (``9H``, ``TS``, ``JK``). :class:`Position` is also the
public builder: make one from plain values (as the AI does for each sample of the cards it cannot
see, and tests do for the positions they need) and give it to
:meth:`~hfcli.engine.game.Game.from_position`. A position makes the game's configuration and state
(:meth:`Position.config`, :meth:`Position.state`); it knows nothing of the ``Game`` built on them.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hfcli.engine.cards import CARD_BY_TEXT, JOKER, THREE, Card, card_code, format_cards
from hfcli.engine.config import GameConfig
from hfcli.engine.errors import HandFootError, PositionError
from hfcli.engine.melds import Meld, meld_of
from hfcli.engine.numbers import seed_number, shown, whole_number
from hfcli.engine.rules import PRESETS, Rules, from_mapping
from hfcli.engine.scoring import DealEnding, DealResult, TeamScore, deal_points_limit
from hfcli.engine.seating import Seating
from hfcli.engine.state import DealState, GameState, Phase, TeamState, TurnState, Undo, replica

FORMAT = "hfcli position"
VERSION = 1

_SCORE_FIELDS = [f.name for f in dataclasses.fields(TeamScore) if f.name != "team"]


@dataclass
class Position:
    """Everything that decides what happens next in a game (not its history)."""

    rules: Rules
    seating: Seating
    deal: DealState
    turn: TurnState
    results: list[DealResult] = field(default_factory=list)
    seed: int = 0  # deals to come whose shoes are not given are dealt from it
    future_shoes: dict[int, tuple[Card, ...]] = field(default_factory=dict)  # given shoes of deals to come

    def config(self) -> GameConfig:
        """The configuration of a game in this position: deals to come whose shoes are not given
        are dealt from the seed as a game started with it would deal them."""
        given = {i: tuple(s) for i, s in self.future_shoes.items()}
        return GameConfig(self.rules, self.seating, self.seed, given)

    def state(self) -> GameState:
        """The state of a game in this position, with no history (it shares nothing mutable with
        the position)."""
        return GameState(
            replica(self.deal), replica(self.turn), list(self.results), rng=random.Random(self.seed)
        )

    # ------------------------------------------------------------------ writing

    def text(self) -> str:
        seating, deal, turn = self.seating, self.deal, self.turn
        names = seating.names
        lines = [
            f"{FORMAT} {VERSION}",
            f"rules: {rules_text(self.rules)}",
            f"seating: {seating_text(seating)}",
            f"seed: {self.seed}",
            f"deal: {deal.index + 1}, dealer {names[deal.dealer]}",
        ]
        for result in self.results:
            lines.append(f"result {result.deal + 1}: {result_text(result, names)}")
        lines.append(f"turn: {names[turn.seat]}, {turn.phase}")
        lines.append(f"to move: {names[turn.to_move]}")
        lines.append(f"asked: {_yes_no(turn.asked)}")
        lines.append(f"permission: {'none' if turn.permission is None else _yes_no(turn.permission)}")
        if turn.phase is Phase.ANSWER:
            lines.append(f"answer returns to: {turn.answer_return}")
        lines.append(f"laid: {_yes_no(turn.laid)}")
        lines.append(f"opening value: {turn.opening_value}")
        lines.append(f"counting: {_counting_text(turn.counting)}")
        undo = turn.undo
        if undo is not None:
            lines.append(f"undo hand: {position_cards(undo.hand)}")
            lines.append(f"undo melds: {' '.join(str(len(m.cards)) for m in undo.melds) or '-'}")
            lines.append(f"undo opening value: {undo.opening_value}")
            lines.append(f"undo counting: {_counting_text(undo.counting)}")
            lines.append(f"undo laid: {_yes_no(undo.laid)}")
        for s in seating.seats:
            lines.append(f"{names[s]} hand: {position_cards(deal.hands[s])}")
            foot = deal.feet[s]
            lines.append(f"{names[s]} foot: {'picked up' if foot is None else position_cards(foot)}")
        for t, team in enumerate(deal.teams):
            name = seating.team_names[t]
            lines.append(f"{name} melds: {' / '.join(format_cards(m.cards) for m in team.melds) or '-'}")
            lines.append(f"{name} red threes: {position_cards(team.red_threes)}")
            lines.append(f"{name} opened: {_yes_no(team.opened)}")
        lines.append(f"pile: {position_cards(deal.pile)}")
        lines.append(f"stock: {position_cards(deal.stock[::-1])}")
        for index in sorted(self.future_shoes):
            lines.append(f"shoe {index + 1}: {format_cards(self.future_shoes[index])}")
        return "\n".join(lines) + "\n"

    # ------------------------------------------------------------------ reading

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read a position's text; PositionError says which line is wrong and how."""
        return _Reader(text).position()


def position_of(config: GameConfig, state: GameState) -> Position:
    """The position a game of ``config`` in ``state`` stands in (copied: changing the game later
    does not change it)."""
    return Position(
        config.rules, config.seating, replica(state.deal), replica(state.turn), list(state.results),
        config.seed, config.shoes_after(state.deal.index),
    )


# ---------------------------------------------------------------------------- writing helpers


def _yes_no(value: bool) -> str:
    return "yes" if value else "no"


def position_cards(cards: Sequence[Card]) -> str:
    """Cards as a position writes them: ``9H TS JK``, or ``-`` for none."""
    return format_cards(cards) if cards else "-"


def seating_text(seating: Seating) -> str:
    """The seating line's value: ``S South NS, W West EW, ...; first dealer E``."""
    names = seating.names
    seats = ", ".join(
        f"{names[s]} {seating.long_names[s]} {seating.team_names[seating.team_of[s]]}" for s in seating.seats
    )
    return f"{seats}; first dealer {names[seating.first_dealer]}"


def _counting_text(counting: dict[Card, int] | None) -> str:
    if counting is None:
        return "all"
    cards = sorted((c for c, n in counting.items() for _ in range(n)), key=card_code)
    return format_cards(cards) if cards else "nothing"


def rules_text(rules: Rules) -> str:
    """``classic``, or the preset nearest to ``rules`` and a JSON object of what differs."""
    mine = rules.as_dict()
    best_name, best_diff = "", mine
    for name, base in PRESETS.items():
        theirs = base.as_dict()
        diff = {k: v for k, v in mine.items() if theirs[k] != v}
        if best_name == "" or len(diff) < len(best_diff):
            best_name, best_diff = name, diff
    if not best_diff:
        return best_name
    return f"{best_name} {json.dumps(best_diff, separators=(',', ':'))}"


def result_text(result: DealResult, names: Sequence[str]) -> str:
    """A finished deal's result line value: how it ended, who went out, each side's score lines."""
    data: dict[str, Any] = {
        "ended_by": str(result.ended_by),
        "went_out": None if result.went_out is None else names[result.went_out],
    }
    for score in result.teams:
        data[score.team] = {key: getattr(score, key) for key in _SCORE_FIELDS}
    return json.dumps(data, separators=(",", ":"))


# ---------------------------------------------------------------------------- reading


class _Reader:
    """Reads a position's lines in order; every error names its line."""

    def __init__(self, text: str) -> None:
        self.lines = [(i + 1, line.strip()) for i, line in enumerate(text.splitlines())]
        self.lines = [(n, line) for n, line in self.lines if line and not line.startswith("#")]
        self.at = 0

    def fail(self, message: str, number: int | None = None) -> PositionError:
        if number is None:
            number = self.lines[min(self.at, len(self.lines) - 1)][0] if self.lines else 1
        return PositionError(f"line {number}: {message}")

    def peek_key(self) -> str | None:
        if self.at >= len(self.lines):
            return None
        return self.lines[self.at][1].partition(":")[0].strip()

    def take(self, key: str) -> str:
        if self.at >= len(self.lines):
            raise self.fail(f"the position ends before its {key!r} line")
        number, line = self.lines[self.at]
        found, colon, value = line.partition(":")
        if not colon or found.strip() != key:
            raise self.fail(f"expected the {key!r} line, got {line[:60]!r}", number)
        self.at += 1
        return value.strip()

    def optional(self, key: str) -> str | None:
        return self.take(key) if self.peek_key() == key else None

    # --- values

    def cards(self, text: str, what: str) -> list[Card]:
        if text == "-":
            return []
        found = []
        for token in text.split():
            c = CARD_BY_TEXT.get(token.upper())
            if c is None:
                raise self.fail(f"{what}: {token!r} is not a card (write 9H, TS, JK)", self.lines[self.at - 1][0])
            found.append(c)
        return found

    def yes_no(self, text: str, what: str) -> bool:
        if text not in ("yes", "no"):
            raise self.fail(f"{what} is yes or no, not {text!r}", self.lines[self.at - 1][0])
        return text == "yes"

    def number(self, text: str, what: str) -> int:
        try:
            return whole_number(text, what)
        except ValueError as exc:
            raise self.fail(str(exc), self.lines[self.at - 1][0]) from None

    def seat(self, text: str, seating: Seating, what: str) -> int:
        if text not in seating.names:
            raise self.fail(f"{what}: {text!r} is not a seat ({', '.join(seating.names)})", self.lines[self.at - 1][0])
        return seating.names.index(text)

    def counting(self, text: str) -> dict[Card, int] | None:
        if text == "all":
            return None
        if text == "nothing":
            return {}
        counts: dict[Card, int] = {}
        for c in self.cards(text, "counting"):
            counts[c] = counts.get(c, 0) + 1
        return counts

    # --- the whole

    def position(self) -> Position:
        if not self.lines:
            raise PositionError("line 1: empty: a position starts with 'hfcli position 1'")
        number, first = self.lines[0]
        words = first.rsplit(" ", 1)
        if len(words) != 2 or words[0] != FORMAT or not words[1].isascii() or not words[1].isdigit():
            raise self.fail(f"not a position: the first line must be '{FORMAT} {VERSION}'", number)
        if words[1].lstrip("0") != str(VERSION):  # compared as text: int() refuses thousands of digits
            version = words[1] if len(words[1]) <= 24 else shown(words[1])
            raise self.fail(f"unsupported position version {version}: this program reads version {VERSION}", number)
        self.at = 1
        rules = self.rules(self.take("rules"))
        seating = self.seating(self.take("seating"))
        seed_text = self.take("seed")
        try:
            seed = seed_number(seed_text)
        except ValueError as exc:
            raise self.fail(str(exc), self.lines[self.at - 1][0]) from None
        deal_index, dealer = self.deal_line(self.take("deal"), seating, rules)
        results: list[DealResult] = []
        while self.peek_key() is not None and str(self.peek_key()).startswith("result "):
            results.append(self.result(seating, len(results), deal_points_limit(rules)))
        if len(results) != deal_index:
            raise self.fail(f"deal {deal_index + 1} needs the results of the {deal_index} deal(s) before it")
        turn, undo_sizes = self.turn(seating)
        deal = DealState(deal_index, dealer, [], [], [])
        for name in seating.names:
            deal.hands.append(self.cards(self.take(f"{name} hand"), f"{name} hand"))
            foot = self.take(f"{name} foot")
            deal.feet.append(None if foot == "picked up" else self.cards(foot, f"{name} foot"))
        for name in seating.team_names:
            melds = self.melds(self.take(f"{name} melds"), rules)
            reds = self.cards(self.take(f"{name} red threes"), f"{name} red threes")
            opened = self.yes_no(self.take(f"{name} opened"), f"{name} opened")
            deal.teams.append(TeamState(melds, reds, opened))
        deal.pile = self.cards(self.take("pile"), "pile")
        deal.stock = self.cards(self.take("stock"), "stock")[::-1]
        if turn.undo is not None:
            # Within a turn melds only grow, so undo keeps each meld's first cards.
            melds = deal.teams[seating.team_of[turn.seat]].melds
            if len(undo_sizes) > len(melds) or any(n > len(m.cards) for n, m in zip(undo_sizes, melds, strict=False)):
                raise self.fail("undo melds: more cards than the side's melds hold")
            turn.undo.melds = tuple(m.first(n) for m, n in zip(melds, undo_sizes, strict=False))
        future: dict[int, tuple[Card, ...]] = {}
        while self.peek_key() is not None and str(self.peek_key()).startswith("shoe "):
            key = str(self.peek_key())
            index = self.number(key[5:], "a shoe's deal") - 1
            shoe = self.cards(self.take(key), key)
            if index <= deal_index or index >= rules.deals or len(shoe) != rules.card_count:
                raise self.fail(f"{key}: a shoe of {rules.card_count} cards for a deal after this one")
            future[index] = tuple(shoe)
        if self.at < len(self.lines):
            raise self.fail(f"unexpected line {self.lines[self.at][1][:60]!r}")
        position = Position(rules, seating, deal, turn, results, seed, future)
        self.check_cards(position)
        return position

    def rules(self, text: str) -> Rules:
        name, _, overrides = text.partition(" ")
        if name not in PRESETS:
            raise self.fail(f"rules: unknown preset {name!r} ({', '.join(PRESETS)})", self.lines[self.at - 1][0])
        data: dict[str, Any] = {}
        if overrides.strip():
            try:
                data = json.loads(overrides)
            except ValueError as exc:
                raise self.fail(f"rules: the overrides are not JSON: {exc}", self.lines[self.at - 1][0]) from None
            if not isinstance(data, dict):
                raise self.fail("rules: the overrides are a JSON object", self.lines[self.at - 1][0])
        try:
            return from_mapping({"preset": name, **data}, source="rules")
        except HandFootError as exc:
            raise self.fail(str(exc), self.lines[self.at - 1][0]) from None

    def seating(self, text: str) -> Seating:
        number = self.lines[self.at - 1][0]
        seats_text, _, dealer_text = text.partition(";")
        names, long_names, team_of, team_names = [], [], [], []
        for part in seats_text.split(","):
            words = part.split()
            if len(words) != 3:
                raise self.fail(f"seating: write each seat as 'S South NS', not {part.strip()!r}", number)
            short, long, team = words
            if team not in team_names:
                team_names.append(team)
            names.append(short)
            long_names.append(long)
            team_of.append(team_names.index(team))
        if len(set(names)) != len(names) or len(names) < 2:
            raise self.fail("seating: two or more seats, each named once", number)
        words = dealer_text.split()
        if words[:2] != ["first", "dealer"] or len(words) != 3 or words[2] not in names:
            raise self.fail("seating: end with '; first dealer S' (a seat)", number)
        return Seating(tuple(names), tuple(long_names), tuple(team_of), tuple(team_names), names.index(words[2]))

    def deal_line(self, text: str, seating: Seating, rules: Rules) -> tuple[int, int]:
        number_text, _, dealer_text = text.partition(",")
        index = self.number(number_text.strip(), "deal") - 1
        if not 0 <= index < rules.deals:
            raise self.fail(f"deal: {index + 1} is not one of the {rules.deals} deals", self.lines[self.at - 1][0])
        words = dealer_text.split()
        if len(words) != 2 or words[0] != "dealer":
            raise self.fail("deal: write 'deal: 2, dealer S'", self.lines[self.at - 1][0])
        return index, self.seat(words[1], seating, "dealer")

    def result(self, seating: Seating, index: int, limit: int) -> DealResult:
        """A finished deal's C-SCORE lines, each side's a whole number (``went_out`` true or false)
        and its total no larger, either way, than a deal of the rules can score (``limit``)."""
        key = str(self.peek_key())
        text = self.take(key)
        number = self.lines[self.at - 1][0]
        if key != f"result {index + 1}":
            raise self.fail(f"expected 'result {index + 1}', got {key!r}", number)
        try:
            data = json.loads(text)
            ended_by = DealEnding(data["ended_by"])
            went_out = data["went_out"]
            went_out_seat = None if went_out is None else seating.names.index(went_out)
            scores = tuple(
                TeamScore(name, **{k: data[name][k] for k in _SCORE_FIELDS}) for name in seating.team_names
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise self.fail(f"{key}: not a deal result: {exc}", number) from None
        for score in scores:
            for name in _SCORE_FIELDS:
                value = getattr(score, name)
                kind = bool if name == "went_out" else int
                if not isinstance(value, kind) or kind is int and isinstance(value, bool):
                    shown = json.dumps(value)
                    wanted = "true or false" if kind is bool else "a whole number"
                    raise self.fail(
                        f"{key}: {score.team}'s {name} must be {wanted}, "
                        f"not {shown if len(shown) <= 40 else shown[:40] + '...'}", number
                    )
            if abs(score.total) > limit:
                raise self.fail(
                    f"{key}: {score.team}'s total is more than a deal of these rules can score "
                    f"(at most {limit:,} either way)", number
                )
        return DealResult(index, ended_by, went_out_seat, scores)

    def turn(self, seating: Seating) -> tuple[TurnState, list[int]]:
        """The turn's lines, and the sizes of the melds its undo would restore."""
        seat_text, _, phase_text = self.take("turn").partition(",")
        seat = self.seat(seat_text.strip(), seating, "turn")
        try:
            phase = Phase(phase_text.strip())
        except ValueError:
            raise self.fail(f"turn: the phase is {', '.join(Phase)}", self.lines[self.at - 1][0]) from None
        turn = TurnState(seat, self.seat(self.take("to move"), seating, "to move"), phase)
        turn.asked = self.yes_no(self.take("asked"), "asked")
        permission = self.take("permission")
        turn.permission = None if permission == "none" else self.yes_no(permission, "permission")
        returns = self.optional("answer returns to")
        if returns is not None:
            if returns not in (Phase.DRAW, Phase.MELD):
                raise self.fail("answer returns to: draw or meld", self.lines[self.at - 1][0])
            turn.answer_return = Phase(returns)
        turn.laid = self.yes_no(self.take("laid"), "laid")
        turn.opening_value = self.number(self.take("opening value"), "opening value")
        turn.counting = self.counting(self.take("counting"))
        sizes: list[int] = []
        hand = self.optional("undo hand")
        if hand is not None:
            undo_hand = self.cards(hand, "undo hand")
            sizes_text = self.take("undo melds")
            sizes = [] if sizes_text == "-" else [self.number(n, "undo melds") for n in sizes_text.split()]
            opening = self.number(self.take("undo opening value"), "undo opening value")
            counting = self.counting(self.take("undo counting"))
            laid = self.yes_no(self.take("undo laid"), "undo laid")
            turn.undo = Undo(undo_hand, (), opening, counting, laid)  # its melds come with the side's melds
        return turn, sizes

    def melds(self, text: str, rules: Rules) -> list[Meld]:
        if text == "-":
            return []
        melds = []
        for part in text.split("/"):
            cards = self.cards(part.strip(), "melds")
            ranks = {c.rank for c in cards if not c.is_wild}
            if not cards or len(ranks) > 1 or len(cards) > rules.book_size or THREE in ranks:
                raise self.fail(f"melds: {part.strip()!r} is not a meld", self.lines[self.at - 1][0])
            melds.append(meld_of(cards, rules.book_size))
        return melds

    def check_cards(self, position: Position) -> None:
        """No card appears more often than the shoe holds it."""
        counts: dict[Card, int] = {}
        for c in _every_card(position):
            counts[c] = counts.get(c, 0) + 1
        decks = position.rules.deck_count
        for c, n in counts.items():
            most = decks * (2 if c.rank == JOKER else 1)
            if n > most:
                raise PositionError(f"{c.text} appears {n} times; {decks} deck(s) hold {most}")


def _every_card(position: Position) -> Iterable[Card]:
    deal = position.deal
    yield from deal.stock
    yield from deal.pile
    for hand in deal.hands:
        yield from hand
    for foot in deal.feet:
        if foot is not None:
            yield from foot
    for team in deal.teams:
        yield from team.red_threes
        for m in team.melds:
            yield from m.cards
