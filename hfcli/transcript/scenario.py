"""Scenarios: short hand-written transcripts that set up a position and assert an outcome.

A scenario is JSON Lines like a transcript. Its first line names the rule it exercises and the
position the scenario starts from, read by the one reader of positions (``Game.from_position``):
either the position text itself (``"position"``, docs/position.md), or the rules (a preset plus
overrides: fewer decks, smaller hands) and a deal given compactly: each seat's hand and foot, the
upcard and the top of the stock. A deal is sugar for the position its shoe deals: every card not
named fills the rest of the shoe in a fixed order (naturals first, so a filler never lays a red
three or buries an upcard by accident), the engine deals it (C-DEAL, C-UPCARD, C-RED3), and the
position it dealt is written as text and read back. The lines after it are moves
(``{"move": "draw"}``) and expectations:

    {"expect": "illegal", "move": "pickup", "rule": "C-PILE"}   refused, naming that rule
    {"expect": "state", "seat": "S", "hand_size": 4, ...}       facts about the position
    {"expect": "score", "deal": 1, "team": "NS", "total": 230}  C-SCORE lines of a finished deal

The format is documented in ``docs/transcript.md``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hfcli.engine.cards import JOKER, Card, card_code, format_cards, new_shoe, parse_cards
from hfcli.engine.errors import HandFootError, IllegalMoveError, NotFoundError, PositionError
from hfcli.engine.game import Game
from hfcli.engine.moves import parse_move
from hfcli.engine.rules import Rules, from_mapping
from hfcli.engine.seating import Seating, table
from hfcli.transcript import DIVERGENCE, MALFORMED, Fault, Source, TranscriptError
from hfcli.transcript.kinds import score_dict
from hfcli.transcript.source import load_line

SCENARIO_FORMAT = "hfcli-scenario"
SCENARIO_VERSION = 1


@dataclass
class ScenarioResult:
    path: str
    rule: str
    title: str
    moves: int
    expectations: int
    game: Game


def _filler_order(card: Card) -> tuple[int, int]:
    # Naturals first, then black threes, wilds, red threes last: fillers stay inert.
    if card.is_natural:
        group = 0
    elif card.is_black_three:
        group = 1
    elif card.rank == JOKER or card.is_wild:
        group = 2
    else:
        group = 3
    return (group, card.code)


def build_shoe(rules: Rules, deal: dict[str, Any], names: tuple[str, ...], first: int) -> list[Card]:
    """The shoe (top card first) that deals the given hands, feet, upcard and stock top."""
    pool = Counter(new_shoe(rules.deck_count))

    def take(text: Any, what: str, size: int | None) -> list[Card]:
        if text is None:
            return []
        if not isinstance(text, str):
            raise ValueError(f"{what} must be cards as text, e.g. \"9H 9S KD\"")
        cards = parse_cards(text)
        if size is not None and len(cards) > size:
            raise ValueError(f"{what} has {len(cards)} cards; the rules deal {size}")
        for c in cards:
            if pool[c] == 0:
                raise ValueError(f"{what}: no {c.text} left in {rules.deck_count} deck(s)")
            pool[c] -= 1
        return cards

    order = [(first + i) % len(names) for i in range(len(names))]
    seats = deal.get("seats", {})
    if not isinstance(seats, dict) or any(k not in names for k in seats):
        raise ValueError(f"deal.seats must map seat names ({', '.join(names)}) to hands and feet")
    hands = {s: take(seats.get(names[s], {}).get("hand"), f"{names[s]} hand", rules.hand_size) for s in order}
    feet = {s: take(seats.get(names[s], {}).get("foot"), f"{names[s]} foot", rules.foot_size) for s in order}
    upcard = take(deal.get("upcard"), "upcard", 1)
    stock_top = take(deal.get("stock"), "stock", None)
    rest = sorted(pool.elements(), key=_filler_order)
    if not upcard and rest and rest[0].is_natural:
        # The upcard is reserved first so that the stock top stays what the deal says.
        upcard = [rest.pop(0)]
    rest.reverse()  # popped from the end: naturals come out first

    def fill(cards: list[Card], size: int) -> list[Card]:
        return cards + [rest.pop() for _ in range(size - len(cards))]

    shoe: list[Card] = []
    for s in order:
        shoe += fill(hands[s], rules.hand_size)
    for s in order:
        shoe += fill(feet[s], rules.foot_size)
    shoe += fill(upcard, 1)
    shoe += stock_top
    rest.reverse()
    shoe += rest
    return shoe


def dealt_position(rules: Rules, seating: Seating, shoe: list[Card]) -> str:
    """The position text of the deal that ``shoe`` (top card first) deals as the game's first; the
    deals after it are dealt as a game with seed 0 deals them."""
    return Game(rules, 0, seating=seating, shoes=[shoe]).to_position()


def _position_text(value: Any) -> str:
    """A scenario's ``position``: the text as one string, or as a list of its lines."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(line, str) for line in value):
        return "\n".join(value) + "\n"
    raise ValueError("position must be the position text: a string, or a list of its lines")


def _start(header: dict[str, Any], fail: Callable[..., TranscriptError]) -> str:
    """The position text a scenario starts from: its ``position``, or what its rules and deal deal."""
    if "position" in header:
        if "rules" in header or "deal" in header:
            raise fail(1, "a scenario starts from a 'position', or from 'rules' and a 'deal', not both", MALFORMED)
        try:
            return _position_text(header["position"])
        except ValueError as exc:
            raise fail(1, str(exc), MALFORMED) from None
    try:
        rules = from_mapping(dict(header.get("rules") or {}), source="rules")
    except (HandFootError, TypeError, ValueError) as exc:
        raise fail(1, f"bad rule set: {exc}", MALFORMED) from None
    seating = table(rules.players, rules.teams)
    deal = header.get("deal") or {}
    if not isinstance(deal, dict):
        raise fail(1, "deal must be an object", MALFORMED)
    try:
        shoe = build_shoe(rules, deal, seating.names, seating.next_seat(seating.first_dealer))
        return dealt_position(rules, seating, shoe)
    except (HandFootError, ValueError, AttributeError) as exc:
        raise fail(1, f"bad deal: {exc}", MALFORMED) from None


def _check_state(game: Game, exp: dict[str, Any]) -> list[tuple[str, object, object]]:
    """(key, expected, got) for every stated fact that does not hold."""
    names = game.seating.names
    wrong: list[tuple[str, object, object]] = []
    seat_name = exp.get("seat")
    seat = names.index(seat_name) if isinstance(seat_name, str) and seat_name in names else None
    facts: dict[str, object] = {
        "phase": game.phase,
        "to_move": names[game.to_move],
        "deal": game.deal_index + 1,
        "pile_top": game.pile[-1].text if game.pile else None,
        "pile_size": len(game.pile),
        "stock_size": len(game.stock),
        "card_total": game.card_total(),
    }
    if seat is not None:
        team = game.seating.team_of[seat]
        facts["hand"] = format_cards(sorted(game.hands[seat], key=card_code))
        facts["hand_size"] = len(game.hands[seat])
        facts["in_foot"] = game.feet[seat] is None
        facts["melds"] = ", ".join(format_cards(m.cards) for m in game.teams[team].melds)
        facts["red_threes"] = len(game.teams[team].red_threes)
        facts["opened"] = game.teams[team].opened
    for key, want in exp.items():
        if key in ("expect", "seat", "note"):
            continue
        if key not in facts:
            raise NotFoundError(f"unknown state fact {key!r}")
        got = facts[key]
        if key == "hand" and isinstance(want, str):
            want = format_cards(sorted(parse_cards(want), key=card_code))
        if got != want:
            wrong.append((key, want, got))
    return wrong


def run_scenario(source: Source) -> ScenarioResult:
    """Play a scenario and check its expectations; raises TranscriptError at the first failure."""
    path = source.path

    def fail(number: int, message: str, fault: Fault = DIVERGENCE) -> TranscriptError:
        return TranscriptError(path, number, message, fault)

    if not source.lines:
        raise fail(1, "empty file: no header line", MALFORMED)
    header = load_line(source, 1)
    if header.get("format") != SCENARIO_FORMAT:
        raise fail(1, f"not a scenario: format is {header.get('format')!r}", MALFORMED)
    version = header.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version > SCENARIO_VERSION:
        raise fail(1, f"unsupported scenario version {version!r}; this program reads {SCENARIO_VERSION}", MALFORMED)
    rule = header.get("rule")
    title = header.get("scenario")
    if not isinstance(rule, str) or not isinstance(title, str):
        raise fail(1, "a scenario names the rule it exercises ('rule') and says what it shows ('scenario')", MALFORMED)
    start = _start(header, fail)
    try:
        game = Game.from_position(start)
    except PositionError as exc:
        raise fail(1, f"bad position: {exc}", MALFORMED) from None
    moves = expectations = 0
    for number in range(2, len(source.lines) + 1):
        data = load_line(source, number)
        try:
            played = _play_line(game, data, number, fail)
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            if isinstance(exc, TranscriptError):
                raise
            raise fail(number, f"a malformed line: {exc}", MALFORMED) from None
        moves += played == "move"
        expectations += played == "expect"
    return ScenarioResult(path, rule, title, moves, expectations, game)


def _play_line(game: Game, data: dict[str, Any], number: int, fail: Callable[..., TranscriptError]) -> str:
    """Apply one move or check one expectation; returns "move" or "expect"."""
    names = game.seating.names
    expect = data.get("expect")
    move_text = data.get("move")
    seat_name = data.get("seat")
    if seat_name is not None and "move" in data and seat_name != names[game.to_move]:
        raise fail(number, f"expected {seat_name} to move, got {names[game.to_move]} to move")
    if expect is None:
        if not isinstance(move_text, str):
            raise fail(number, "a line is a move {\"move\": ...} or an expectation {\"expect\": ...}", MALFORMED)
        try:
            game.apply(parse_move(move_text))
        except HandFootError as exc:
            raise fail(number, f"expected {move_text!r} to be legal, got {exc}") from None
        return "move"
    if expect == "illegal":
        want_rule = data.get("rule")
        if not isinstance(move_text, str) or not isinstance(want_rule, str):
            raise fail(number, "an 'illegal' expectation needs 'move' and 'rule'", MALFORMED)
        before = game.clone()
        try:
            game.apply(parse_move(move_text))
        except IllegalMoveError as exc:
            if exc.rule != want_rule:
                raise fail(number, f"expected {move_text!r} refused by {want_rule}, got {exc}") from None
            if game != before:
                raise fail(number, f"expected the refused {move_text!r} to change nothing") from None
            text = data.get("message")
            if isinstance(text, str) and text not in str(exc):
                raise fail(number, f"expected a message containing {text!r}, got {exc}") from None
            return "expect"
        except HandFootError as exc:
            raise fail(number, f"expected {move_text!r} refused by {want_rule}, got {exc}") from None
        raise fail(number, f"expected {move_text!r} refused by {want_rule}, got it accepted")
    if expect == "state":
        try:
            wrong = _check_state(game, data)
        except NotFoundError as exc:
            raise fail(number, str(exc), MALFORMED) from None
        except (HandFootError, TypeError, ValueError) as exc:
            raise fail(number, f"bad state expectation: {exc}", MALFORMED) from None
        if wrong:
            key, want, got = wrong[0]
            raise fail(number, f"expected {key} {want!r}, got {got!r}")
        return "expect"
    if expect == "score":
        deal_no = data.get("deal", len(game.results))
        team_name = data.get("team")
        if not isinstance(deal_no, int) or not 1 <= deal_no <= len(game.results):
            raise fail(number, f"expected deal {deal_no} to be scored, got {len(game.results)} deal(s) scored")
        result = game.results[deal_no - 1]
        if "ended_by" in data and data["ended_by"] != result.ended_by:
            raise fail(number, f"expected deal {deal_no} ended by {data['ended_by']}, got {result.ended_by}")
        teams = score_dict(result)
        if team_name not in teams:
            raise fail(number, f"'team' must be one of {', '.join(teams)}", MALFORMED)
        got_lines = teams[team_name]
        for key, want in data.items():
            if key in ("expect", "deal", "team", "ended_by", "note"):
                continue
            if key not in got_lines:
                raise fail(number, f"unknown score line {key!r}", MALFORMED)
            if got_lines[key] != want:
                raise fail(number, f"expected {team_name} {key} {want!r} in deal {deal_no}, got {got_lines[key]!r}")
        return "expect"
    raise fail(number, f"unknown expectation {expect!r}; use illegal, state or score", MALFORMED)


def is_scenario(source: Source) -> bool:
    """Whether the header's ``format`` says scenario (a malformed header is left to the transcript
    reader to report)."""
    if not source.lines:
        return False
    try:
        header = load_line(source, 1)
    except TranscriptError:
        return False
    return header.get("format") == SCENARIO_FORMAT


__all__ = ["SCENARIO_FORMAT", "ScenarioResult", "build_shoe", "dealt_position", "is_scenario", "run_scenario"]
