"""The rules the program plays, rule by rule: the reference text, shipped with the program
(``hf rules ID``, ``hf rules --all``).

Rule ids are what the engine's refusals cite: C-... for the classic rules, V-... where the
``eleven`` preset differs. ``docs/rules.md`` records the choices made where this text is silent.
"""

from __future__ import annotations

import textwrap

from hfcli.engine.rules import Rules

RULE_TEXTS: dict[str, str] = {
    'C-SEAT': (
        'Four players in two partnerships, partners opposite: seats South, West, North, East in '
        'clockwise order; South/North against West/East. Melds, books and red threes belong to the '
        'partnership. Other tables: T-SIZE.'
    ),
    'C-DECK': (
        'Five 54-card decks (52 + 2 jokers): 270 cards. option decks (1 to 20).'
    ),
    'C-WILD': (
        'Twos and jokers are wild. Threes are special (C-RED3, C-BLACK3). Natural ranks are 4 through '
        'Ace. Display order A K Q J 10 9 8 7 6 5 4 3 2.'
    ),
    'C-VALUE': (
        'Card values: joker 50; two 20; ace 20; eight to king 10; four to seven 5; black three 5. Red '
        'threes have no card value, only the bonus/penalty of C-RED3.'
    ),
    'C-DEAL': (
        'Each player is dealt a hand of 13 cards and, separately, a foot of 13 cards, face down. option '
        'hand_size, foot_size. The rest is the stock.'
    ),
    'C-UPCARD': (
        'The top stock card is turned to start the discard pile. If it is a three (either color), a two '
        'or a joker, it is buried: put into the stock at its middle position (len(stock) // 2 from the '
        'top), and the next card is turned; repeat until a natural card (4-A) shows.'
    ),
    'C-DEALS': (
        'A game is four deals. Play and the deal pass to the left, i.e. clockwise: South, West, North, '
        'East. East deals the first deal, so South plays first; each later deal is dealt by the previous'
        " dealer's left-hand neighbour, and play starts with the player to the dealer's left. option "
        'deals.'
    ),
    'C-MIN': (
        'Minimum first meld per deal: 50, 90, 120, 150 points. option meld_minimums.'
    ),
    'C-MELD': (
        'A meld is 3 to 7 cards of one natural rank, possibly with wilds (C-RATIO), or 3 to 7 wild cards'
        ' only (a wild meld). A meld never holds more than 7 cards. Threes are never melded.'
    ),
    'C-RATIO': (
        'In a meld with naturals, natural cards must number at least twice the wild cards, at all times:'
        ' at most 1 wild in a meld of 3-5 cards, at most 2 in a meld of 6-7.'
    ),
    'C-BOOK': (
        'A meld of 7 cards is a complete book; nothing can be added to it. Its kind is fixed then: clean'
        ' (no wilds), dirty (at least one wild and one natural), wild (wild cards only).'
    ),
    'C-ONEOPEN': (
        'A partnership may not hold two incomplete melds of the same rank (wild melds count as one '
        '"rank"). A new meld of a rank may start only when no incomplete meld of that rank is on the '
        'table. Any number of completed books of one rank are allowed.'
    ),
    'C-TEAMMELD': (
        'Either partner may add cards to any incomplete meld of the partnership.'
    ),
    'C-RED3': (
        "Whenever a red three comes into a player's hand (dealt, drawn, found in the foot), it is laid "
        "face up in the partnership's area at once and replaced by a card from the stock; replacements "
        'that are red threes are handled the same way. Dealt red threes are laid down and replaced at '
        "the start of the deal, seat by seat from the first player. This is automatic, not a player's "
        'choice, and is not a meld. With an empty stock there is no replacement.'
    ),
    'C-DRAW': (
        'A turn begins with exactly one of: (a) draw two cards from the stock (as many as are left if '
        'fewer), or (b) take the discard pile (C-PILE). Never both.'
    ),
    'C-PILE': (
        'Taking the discard pile takes its top 7 cards (all of them if fewer). Allowed only when: the '
        "top card is not a three; the player holds two natural cards of the top card's rank; and the top"
        " card together with those two is melded at once, as a new meld or onto the partnership's "
        'incomplete meld of that rank (the result must obey C-MELD and C-RATIO). If the top card is '
        'wild, it may be taken only with a matching wild pair (two twos for a two, two jokers for a '
        "joker), melded as a wild meld. The other taken cards go to the player's hand."
    ),
    'C-BLACK3': (
        'Black threes cannot be melded; they can only be discarded. A black three on top of the discard '
        'pile stops the next player taking it (C-PILE). Left in hand or foot they count 5 against.'
    ),
    'C-MELDING': (
        "After drawing, the player may start melds and add to the partnership's melds, in any number. If"
        ' the partnership has not yet melded this deal, the cards it lays down in that first turn must '
        "total at least the deal's minimum (C-MIN): card values only, red threes and book bonuses do not"
        ' count; several melds may be combined; wilds count. When that first meld is made by taking the '
        "pile, only the top card and cards from the player's hand count, not the other taken cards."
    ),
    'C-DISCARD': (
        'A turn ends with discarding one card face up on the discard pile (any card, wilds and black '
        'threes included), except as in C-FOOT (a).'
    ),
    'C-FOOT': (
        "When a player's hand is empty they pick up their foot: (a) if they melded their last hand card,"
        ' they pick up the foot at once and go on with the turn (then meld and discard as usual); (b) if'
        ' they discarded their last hand card, they pick up the foot at once and play it from their next'
        ' turn. There is no penalty for discarding a wild card to reach the foot.'
    ),
    'C-KEEP': (
        'A player who is playing from their foot may never be left with no cards except by going out '
        '(C-OUT). In particular, a player who asked to go out and was refused must keep at least two '
        'cards after melding that turn: one to discard, one to keep.'
    ),
    'C-OUT': (
        'A player who is playing from their foot goes out by melding all but one of the cards they hold '
        'and discarding the last one. All of these must hold at that moment:\n'
        '1. the partnership has at least 2 clean books, 2 dirty books and 1 wild book (option '
        'books_to_go_out);\n'
        "2. the player's partner has picked up their own foot;\n"
        '3. the player asked the partner "may I go out?" this turn and the partner said yes. The '
        "partner's answer is that player's decision (the AI's or the human's), and it is part of the "
        'record. Asking is allowed once per turn, at any point of the turn before the discard. A yes '
        'does not oblige the player to go out.'
    ),
    'C-END': (
        'The deal ends at once when a player goes out, or when the player to move finds the stock empty '
        'and cannot or will not take the discard pile. Then the deal is scored (C-SCORE).'
    ),
    'C-SCORE': (
        'Each partnership, for the deal:\n'
        '- plus the card values (C-VALUE) of every card in its melds and books, complete or not;\n'
        '- plus 500 for each clean book, 300 for each dirty book, 1500 for each wild book;\n'
        '- plus 100 for each red three laid down in its area;\n'
        '- plus 100 if one of its players went out;\n'
        "- minus the card values of every card left in its players' hands and unpicked feet;\n"
        '- minus 100 for each red three still in an unpicked foot.'
    ),
    'C-GAME': (
        'Game score is the sum of the deal scores. After the last deal the higher total wins; equal '
        'totals are a tie.'
    ),
    'V-DECK': (
        'Five decks by default; six (or any number from 1 to 20) with the option decks.'
    ),
    'V-DEAL': (
        'Hand 11 cards, foot 11 cards.'
    ),
    'V-VALUE': (
        'Threes to sevens 5 (the same numbers as classic for every card).'
    ),
    'V-UPCARD': (
        'Only a red three, a two or a joker is buried and replaced; a black three may be the upcard (and'
        ' then stops the first player from taking the pile).'
    ),
    'V-RATIO': (
        'Wild cards may be in a meld only if it holds at least 4 natural cards; so a 7-card book holds '
        'at most 3 wilds.'
    ),
    'V-NOWILD': (
        'No wild melds and no wild books. A pile topped by a wild card cannot be taken.'
    ),
    'V-BOOKS': (
        'Clean (red) book 500, dirty (black) book 300.'
    ),
    'V-OUT': (
        'To go out the partnership needs at least 1 clean and 1 dirty book. The player gets rid of all '
        'cards: by melding them all or by melding all but one and discarding it. No permission is asked '
        'and the partner need not be in the foot.'
    ),
    'T-SIZE': (
        'Every C- and V- rule holds at any table, reading "partnership" as side: a partnership, a team of '
        'three, or one player alone. 2 to 6 players. Two, three and five play as individuals. Four play as '
        'two partnerships (the default) or as individuals. Six play as three partnerships of two, partners '
        'opposite (A B C A B C, the default), or as two teams of three (A B A B A B). options players, teams.'
    ),
    'T-DECK': (
        'One more deck than players by default (3 for two players, 7 for six). option decks.'
    ),
    'T-OUT': (
        "C-OUT's conditions for a side: every other member of the side has picked up their foot (option "
        'whole_side_in_foot: or one of them), and, where the rules need permission, the asker\'s next '
        'teammate in turn order answers. A player alone never asks, and needs only the books and their own '
        'foot.'
    ),
    'T-SCORE': (
        'C-SCORE per side; the side with the highest total wins; equal highest totals tie.'
    ),
    'T-TURN': (
        "Play passes clockwise; the deal rotates clockwise; the first player is the dealer's left, as at "
        'four.'
    ),
}

def find_rule(rule_id: str) -> tuple[str, str] | None:
    """``(ID, text)`` for a rule id, case-insensitive (``c-pile`` finds C-PILE), or None."""
    key = rule_id.strip().upper()
    text = RULE_TEXTS.get(key)
    return (key, text) if text is not None else None


def rule_ids() -> list[str]:
    return list(RULE_TEXTS)


def rule_text(rule_id: str, width: int = 96) -> str:
    """One rule as a readable paragraph: ``C-PILE  Taking the discard pile ...``."""
    found = find_rule(rule_id)
    if found is None:
        close = [r for r in RULE_TEXTS if rule_id.strip().upper() in r]
        hint = f"; did you mean {', '.join(close)}?" if close else f"; rule ids: {', '.join(RULE_TEXTS)}"
        raise KeyError(f"no rule {rule_id!r}{hint}")
    key, text = found
    lines = []
    for i, paragraph in enumerate(text.split("\n")):
        first = f"{key}  " if i == 0 else "  "
        lines.append(textwrap.fill(paragraph, width, initial_indent=first, subsequent_indent="  "))
    return "\n".join(lines)


# What each option of a rule set means, by its key in a house-rules file; the rule id it sets ends each.
OPTION_MEANINGS: dict[str, str] = {
    "name": "the rule set's name, shown at the table",
    "players": "players at the table, 2 to 6 (T-SIZE)",
    "teams": '"pairs" (four or six), "threes" (six), "none" (everyone alone), or "auto": pairs at four and '
             "six, alone otherwise (T-SIZE)",
    "decks": "54-card decks in the shoe; 0 is one more than the players (C-DECK, T-DECK)",
    "hand_size": "cards dealt to each hand (C-DEAL)",
    "foot_size": "cards dealt to each foot (C-DEAL)",
    "deals": "deals in a game (C-DEALS)",
    "meld_minimums": "the first meld's minimum, deal by deal (C-MIN)",
    "meld_minimum_by": '"deal": the minimum goes by the deal (meld_minimums); "score": by the side\'s score so '
                       "far (score_minimums) (C-MIN)",
    "score_minimums": "[score from, minimum] pairs for meld_minimum_by = \"score\"; a score below the first "
                      "uses the first (C-MIN)",
    "minimum_waived_for_whole_hand": "no minimum for a first meld that lays down the whole hand, all but one "
                                     "card discarded at most (C-MIN)",
    "game_target": "0: play every deal; else the game ends after the first deal in which a side has this "
                   "many points (or after the deals) (C-GAME)",
    "joker_value": "a joker's points (C-VALUE)",
    "two_value": "a two's points (C-VALUE)",
    "ace_value": "an ace's points (C-VALUE)",
    "high_value": "points of each eight to king (C-VALUE)",
    "low_value": "points of each four to seven (C-VALUE)",
    "black_three_value": "a black three's points (C-VALUE)",
    "clean_book_bonus": "bonus for each clean book (C-SCORE)",
    "dirty_book_bonus": "bonus for each dirty book (C-SCORE)",
    "wild_book_bonus": "bonus for each wild book (C-SCORE)",
    "red_three_bonus": "bonus for each red three laid (C-SCORE)",
    "red_three_foot_penalty": "each red three in an unpicked foot (C-SCORE)",
    "going_out_bonus": "bonus for going out (C-SCORE)",
    "clean_books_to_go_out": "clean books needed to go out (C-OUT)",
    "dirty_books_to_go_out": "dirty books needed to go out (C-OUT)",
    "wild_books_to_go_out": "wild books needed to go out (C-OUT)",
    "going_out_needs_permission": "going out needs the partner's yes (C-OUT)",
    "partner_in_foot_to_go_out": "the partner must be in the foot (C-OUT)",
    "whole_side_in_foot": "in a side of three, every other member must be in the foot (true) or one is "
                          "enough (false) (T-OUT)",
    "go_out_by_melding_all": "going out by melding every card (V-OUT)",
    "bury_black_three_upcard": "black three upcard buried (C-UPCARD)",
    "wild_ratio": '"twice": a meld\'s naturals at least twice its wilds (C-RATIO); '
                  '"four": wilds only with 4 naturals (V-RATIO)',
    "wild_melds": "melds of wild cards allowed (V-NOWILD)",
    "draw_count": "cards drawn from the stock each turn (C-DRAW)",
    "book_size": "cards in a complete book (C-BOOK)",
    "pile_take": 'pile cards taken, from the top, or "all" (C-PILE)',
    "pile_with_wild": "a natural and a wild card from the hand may take a pile with a natural on top (C-PILE)",
    "pile_needs_first_meld": "a side may take the pile only once it has made its first meld (C-PILE)",
}


def toml_value(value: object) -> str:
    """A rule's value as a house-rules file writes it: ``true``, ``"four"``, ``[50, 90]``, ``5``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return str(value)


def describe_rules(rules: Rules, command: str = "hf rules", width: int = 80) -> str:
    """A rule set written out as a house-rules file would set it: each option's key and value, and
    what it means (with the rule id it sets), in lines of ``width`` columns where the key and value
    allow. ``command`` is how to read one rule where this is shown."""
    lines = [f"Rules: {rules.name} ({rules.card_count} cards).",
             'A house-rules file (TOML): preset = "classic", "eleven" or "quick", and any key below.']
    values = rules.as_dict()
    if rules.pile_take == 0:
        values["pile_take"] = "all"
    column = 38
    for key, meaning in OPTION_MEANINGS.items():
        setting = f"  {key} = {toml_value(values[key])}"
        if len(setting) >= column - 1:
            lines.append(setting)  # a long value: its meaning goes below it
            setting = ""
        lines.append(textwrap.fill(meaning, max(width, column + 20), initial_indent=f"{setting:<{column - 1}} ",
                                   subsequent_indent=" " * column))
    lines.append(f"Read one rule with: {command} ID (e.g. {command} C-PILE).")
    return "\n".join(lines)
