"""A lesson's table, written as position text (docs/position.md) with only the lines that matter.

A lesson names the lines it needs in the position format itself (``S hand: 9C 9D KS``, ``pile:
5C QH``, ``turn: S, meld``); :func:`position_text` fills in the rest the way a real deal would
have it (the other seats' hands and feet, an empty table, a stock to draw from) and writes the
whole text, which :meth:`Game.from_position` reads, the one reader of positions. A lesson's
table is thus a position any ``hf`` command could read, never a state built some other way.
"""

from __future__ import annotations

import random
from collections import Counter

from hfcli.engine.cards import Card, card, card_code, format_cards, new_shoe
from hfcli.engine.game import Game
from hfcli.engine.position import FORMAT, VERSION, rules_text, seating_text
from hfcli.engine.rules import Rules, preset
from hfcli.engine.seating import table

# The lines a lesson may give, in the order the position text writes them.
_TURN_KEYS = ("turn", "to move", "asked", "permission", "answer returns to", "laid", "opening value", "counting")
_FILLER_SEED = 1  # the other seats' cards come from the cards left, shuffled the same way every time


def _cards_of(text: str) -> list[Card]:
    return [] if text.strip() == "-" else [card(token) for token in text.split()]


def position_text(lines: str, rules: Rules | None = None, stock_left: int | None = None) -> str:
    """The whole position text of ``lines`` (``key: value`` lines of the position format, any
    order, a subset). Left out: the rules are quick's; South's turn to draw; hands and feet of
    the quick deal's size, a pile of one card, and a stock of ``stock_left`` cards (those given on
    top), from the cards nobody was given (None: all of them); no melds."""
    given: dict[str, str] = {}
    for raw in lines.strip().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise ValueError(f"a lesson's position line is 'key: value', not {line!r}")
        given[key.strip()] = value.strip()
    rules = rules or preset(given.pop("rules", "quick"))
    seating = table(rules.players, rules.teams)
    names, sides = seating.names, seating.team_names
    used: Counter[Card] = Counter()
    for key, value in given.items():
        if key.endswith(("hand", "foot", "red threes", "pile", "stock")) and value != "picked up":
            used.update(_cards_of(value))
        elif key.endswith("melds"):
            used.update(c for part in value.split("/") for c in _cards_of(part))
    left = Counter(new_shoe(rules.deck_count))
    left.subtract(used)
    # Fillers are never threes (a red three would be laid down and replaced by itself) nor wild.
    spare = sorted((c for c in left.elements() if c.is_natural), key=card_code)
    random.Random(_FILLER_SEED).shuffle(spare)

    def filler(count: int) -> str:
        taken = [spare.pop() for _ in range(count)]
        return format_cards(taken) if taken else "-"

    turn_seat = given.get("turn", f"{names[0]}, draw").split(",")[0].strip()
    out = [f"{FORMAT} {VERSION}", f"rules: {rules_text(rules)}", f"seating: {seating_text(seating)}",
           f"seed: {given.pop('seed', '0')}", f"deal: {given.pop('deal', '1, dealer ' + names[seating.first_dealer])}"]
    defaults = {"turn": f"{turn_seat}, draw", "to move": turn_seat, "asked": "no", "permission": "none",
                "laid": "no", "opening value": "0", "counting": "all"}
    for key in _TURN_KEYS:
        if key in given or key in defaults:
            out.append(f"{key}: {given.pop(key, defaults.get(key, ''))}")
    for key in [k for k in given if k.startswith("undo ")]:
        out.append(f"{key}: {given.pop(key)}")
    for name in names:
        out.append(f"{name} hand: {given.pop(f'{name} hand', None) or filler(rules.hand_size)}")
        out.append(f"{name} foot: {given.pop(f'{name} foot', None) or filler(rules.foot_size)}")
    for side in sides:
        out.append(f"{side} melds: {given.pop(f'{side} melds', '-')}")
        out.append(f"{side} red threes: {given.pop(f'{side} red threes', '-')}")
        out.append(f"{side} opened: {given.pop(f'{side} opened', 'no')}")
    out.append(f"pile: {given.pop('pile', None) or filler(1)}")
    # A lesson names the stock's top cards, the ones its moves draw; more lie under them.
    stock = given.pop("stock", "")
    under = len(spare) if stock_left is None else max(0, stock_left - len(stock.split()))
    out.append(f"stock: {(stock + ' ' + filler(min(under, len(spare)))).strip()}")
    if given:
        raise ValueError(f"a lesson's position has lines the format does not know: {', '.join(given)}")
    return "\n".join(out) + "\n"


def lesson_game(lines: str, rules: Rules | None = None, stock_left: int | None = None) -> Game:
    """The game at a lesson's table, read from its position text."""
    return Game.from_position(position_text(lines, rules, stock_left))
