"""The rules the program plays, rule by rule: the reference text, shipped with the program
(``hf rules ID``, ``hf rules --all``, ``rules ID`` at the table).

Rule ids are what the engine's refusals cite: C-... for the classic rules, V-... where the
``eleven`` preset differs, T-... for tables other than four. A rule's text is written for a rule
set: what it says (the decks, the pile, the books to go out) is what that rule set plays, so at a
house-rules table ``rules C-PILE`` describes the pile as that table takes it (the words of those
rules are in :mod:`hfcli.text.rule_wording`). ``docs/rules.md`` records the choices made where
this text is silent.
"""

from __future__ import annotations

import textwrap

from hfcli.engine.errors import NotFoundError
from hfcli.engine.options import choice_of
from hfcli.engine.rule_ids import RuleId
from hfcli.engine.rules import CLASSIC, Rules
from hfcli.text.rule_wording import WRITTEN_FOR

# Each rule's title, for ``hf rules --list`` and the table's completion of ``rules ``.
RULE_TITLES: dict[RuleId, str] = {
    RuleId.C_SEAT: "seats and partnerships",
    RuleId.C_DECK: "the decks",
    RuleId.C_WILD: "wild cards and threes",
    RuleId.C_VALUE: "card values",
    RuleId.C_DEAL: "hands and feet",
    RuleId.C_UPCARD: "the upcard",
    RuleId.C_DEALS: "deals, dealer and first player",
    RuleId.C_MIN: "the first meld's minimum",
    RuleId.C_MELD: "what a meld is",
    RuleId.C_RATIO: "wild cards in a meld",
    RuleId.C_BOOK: "books and their kinds",
    RuleId.C_ONEOPEN: "one open meld of a rank",
    RuleId.C_TEAMMELD: "the partnership's melds",
    RuleId.C_RED3: "red threes",
    RuleId.C_DRAW: "drawing",
    RuleId.C_PILE: "taking the discard pile",
    RuleId.C_BLACK3: "black threes",
    RuleId.C_MELDING: "melding, and the first meld",
    RuleId.C_DISCARD: "discarding",
    RuleId.C_FOOT: "picking up the foot",
    RuleId.C_KEEP: "keeping cards in the foot",
    RuleId.C_OUT: "going out",
    RuleId.C_END: "the end of a deal",
    RuleId.C_SCORE: "scoring a deal",
    RuleId.C_GAME: "the game's winner",
    RuleId.V_DECK: "eleven: the decks",
    RuleId.V_DEAL: "eleven: hands and feet",
    RuleId.V_VALUE: "eleven: card values",
    RuleId.V_UPCARD: "eleven: the upcard",
    RuleId.V_RATIO: "eleven: wild cards in a meld",
    RuleId.V_NOWILD: "eleven: no wild melds",
    RuleId.V_BOOKS: "eleven: book bonuses",
    RuleId.V_OUT: "eleven: going out",
    RuleId.T_SIZE: "tables of 2 to 6",
    RuleId.T_DECK: "decks at other tables",
    RuleId.T_OUT: "going out in a side",
    RuleId.T_SCORE: "scoring at other tables",
    RuleId.T_TURN: "turns at other tables",
}


# The rules that read the same whatever the rule set.
FIXED_TEXTS: dict[RuleId, str] = {
    RuleId.C_WILD: (
        'Twos and jokers are wild. Threes are special (C-RED3, C-BLACK3). Natural ranks are 4 through '
        'Ace. Display order A K Q J 10 9 8 7 6 5 4 3 2.'
    ),
    RuleId.C_ONEOPEN: (
        'A partnership may not hold two incomplete melds of the same rank (wild melds count as one '
        '"rank"). A new meld of a rank may start only when no incomplete meld of that rank is on the '
        'table. Any number of completed books of one rank are allowed.'
    ),
    RuleId.C_TEAMMELD: (
        'Either partner may add cards to any incomplete meld of the partnership.'
    ),
    RuleId.C_RED3: (
        "Whenever a red three comes into a player's hand (dealt, drawn, found in the foot), it is laid "
        "face up in the partnership's area at once and replaced by a card from the stock; replacements "
        'that are red threes are handled the same way. Dealt red threes are laid down and replaced at '
        "the start of the deal, seat by seat from the first player. This is automatic, not a player's "
        'choice, and is not a meld. With an empty stock there is no replacement.'
    ),
    RuleId.C_MELDING: (
        "After drawing, the player may start melds and add to the partnership's melds, in any number. If"
        ' the partnership has not yet melded this deal, the cards it lays down in that first turn must '
        "total at least the deal's minimum (C-MIN): card values only, red threes and book bonuses do not"
        ' count; several melds may be combined; wilds count. When that first meld is made by taking the '
        "pile, only the top card and cards from the player's hand count, not the other taken cards."
    ),
    RuleId.C_FOOT: (
        "When a player's hand is empty they pick up their foot: (a) if they melded their last hand card,"
        ' they pick up the foot at once and go on with the turn (then meld and discard as usual); (b) if'
        ' they discarded their last hand card, they pick up the foot at once and play it from their next'
        ' turn. There is no penalty for discarding a wild card to reach the foot.'
    ),
    RuleId.C_END: (
        'The deal ends at once when a player goes out, or when the player to move finds the stock empty '
        'and cannot or will not take the discard pile. Then the deal is scored (C-SCORE).'
    ),
    RuleId.V_DECK: (
        'Five decks by default; six (or any number from 1 to 20) with the option decks.'
    ),
    RuleId.V_DEAL: (
        'Hand 11 cards, foot 11 cards.'
    ),
    RuleId.V_VALUE: (
        'Threes to sevens 5 (the same numbers as classic for every card).'
    ),
    RuleId.V_UPCARD: (
        'Only a red three, a two or a joker is buried and replaced; a black three may be the upcard (and'
        ' then stops the first player from taking the pile).'
    ),
    RuleId.V_RATIO: (
        'Wild cards may be in a meld only if it holds at least 4 natural cards; so a 7-card book holds '
        'at most 3 wilds.'
    ),
    RuleId.V_NOWILD: (
        'No wild melds and no wild books. A pile topped by a wild card cannot be taken.'
    ),
    RuleId.V_BOOKS: (
        'Clean (red) book 500, dirty (black) book 300.'
    ),
    RuleId.V_OUT: (
        'To go out the partnership needs at least 1 clean and 1 dirty book. The player gets rid of all '
        'cards: by melding them all or by melding all but one and discarding it. No permission is asked '
        'and the partner need not be in the foot.'
    ),
    RuleId.T_SIZE: (
        'Every C- and V- rule holds at any table, reading "partnership" as side: a partnership, a team of '
        'three, or one player alone. 2 to 6 players. Two, three and five play as individuals. Four play as '
        'two partnerships (the default) or as individuals. Six play as three partnerships of two, partners '
        'opposite (A B C A B C, the default), or as two teams of three (A B A B A B). options players, teams.'
    ),
    RuleId.T_DECK: (
        'One more deck than players by default (3 for two players, 7 for six). option decks.'
    ),
    RuleId.T_OUT: (
        "C-OUT's conditions for a side: every other member of the side has picked up their foot (option "
        'whole_side_in_foot: or one of them), and, where the rules need permission, the asker\'s next '
        'teammate in turn order answers. A player alone never asks, and needs only the books and their own '
        'foot.'
    ),
    RuleId.T_SCORE: (
        'C-SCORE per side; the side with the highest total wins; equal highest totals tie.'
    ),
    RuleId.T_TURN: (
        "Play passes clockwise; the deal rotates clockwise; the first player is the dealer's left, as at "
        'four.'
    ),
}

def rule_texts(rules: Rules = CLASSIC) -> dict[RuleId, str]:
    """Every rule's text, by id in the rule book's order, as ``rules`` plays it."""
    return {rule_id: WRITTEN_FOR[rule_id](rules) if rule_id in WRITTEN_FOR else FIXED_TEXTS[rule_id]
            for rule_id in RULE_TITLES}


# The classic rule book: the rule ids and their reference text.
RULE_TEXTS: dict[RuleId, str] = rule_texts(CLASSIC)


def find_rule(rule_id: str, rules: Rules = CLASSIC) -> tuple[RuleId, str] | None:
    """``(ID, text)`` for a rule id, case-insensitive (``c-pile`` finds C-PILE), or None."""
    key = choice_of(RuleId, rule_id.strip().upper())
    if key is None:
        return None
    return key, WRITTEN_FOR[key](rules) if key in WRITTEN_FOR else FIXED_TEXTS[key]


def rules_about(word: str) -> list[RuleId]:
    """The rule ids a word may mean: ``pile`` -> C-PILE, ``ratio`` -> C-RATIO, V-RATIO; else those
    whose title holds it (``jokers``, ``foot``)."""
    key = word.strip().upper()
    if not key:
        return []
    named = [r for r in RULE_TITLES if r.split("-", 1)[1] == key or key in r]
    return named or [r for r, title in RULE_TITLES.items() if word.strip().lower() in title]


def rule_ids() -> list[RuleId]:
    return list(RULE_TITLES)


def rule_list(width: int | None = 80) -> str:
    """Every rule id with its title, one a line: ``C-PILE     taking the discard pile``."""
    column = max(len(rule_id) for rule_id in RULE_TITLES) + 2
    return "\n".join(f"{rule_id:<{column}}{title}" for rule_id, title in RULE_TITLES.items())


def rule_text(rule_id: str, width: int | None = 80, rules: Rules = CLASSIC) -> str:
    """One rule as a readable paragraph, ``C-PILE  Taking the discard pile ...``, as ``rules`` plays
    it, broken between words to ``width`` columns (None: not broken)."""
    found = find_rule(rule_id, rules)
    if found is None:
        close = [r for r in RULE_TITLES if rule_id.strip().upper() in r]
        hint = f"; did you mean {', '.join(close)}?" if close else f"; rule ids: {', '.join(RULE_TITLES)}"
        raise NotFoundError(f"no rule {rule_id!r}{hint}")
    key, text = found
    lines = []
    for i, paragraph in enumerate(text.split("\n")):
        first = f"{key}  " if i == 0 else "  "
        marker = paragraph.split(" ", 1)[0] if i > 0 else ""
        # A numbered or dashed item's later lines sit under its text, not under its number.
        under = "  " + " " * (len(marker) + 1) if marker == "-" or marker.rstrip(".").isdigit() else "  "
        if width is None:
            lines.append(first + paragraph)
        else:
            # Words are never broken: a rule's text holds no word near a line's width, and an id or
            # an option's name cut in two could not be read.
            lines.append(textwrap.fill(paragraph, max(width, 20), initial_indent=first, subsequent_indent=under,
                                       break_long_words=False, break_on_hyphens=False))
    return "\n".join(lines)
