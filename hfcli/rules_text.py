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
        'partnership. (Engine: seats and teams are data, not constants; other player counts come later.)'
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


def describe_rules(rules: Rules) -> str:
    """A rule set written out for people, each line naming the rule it sets."""
    yes_no = {True: "yes", False: "no"}
    ratio = {"twice": "naturals at least twice the wilds", "four": "wilds only with 4 or more naturals"}
    minimums = ", ".join(str(m) for m in rules.meld_minimums)
    rows = [
        ("C-DECK", "decks", f"{rules.decks} ({rules.card_count} cards)"),
        ("C-DEAL", "hand / foot", f"{rules.hand_size} / {rules.foot_size} cards"),
        ("C-DEALS", "deals", str(rules.deals)),
        ("C-MIN", "first-meld minimums", minimums),
        ("C-VALUE", "card values", (
            f"joker {rules.joker_value}, two {rules.two_value}, ace {rules.ace_value}, "
            f"8-K {rules.high_value}, 4-7 {rules.low_value}, black three {rules.black_three_value}"
        )),
        ("C-RATIO", "wilds in a meld", ratio.get(rules.wild_ratio, rules.wild_ratio)),
        ("C-MELD", "wild melds", yes_no[rules.wild_melds]),
        ("C-BOOK", "book size", str(rules.book_size)),
        ("C-PILE", "pile cards taken", f"top {rules.pile_take}"),
        ("C-UPCARD", "black three upcard buried", yes_no[rules.bury_black_three_upcard]),
        ("C-SCORE", "book bonuses", (
            f"clean {rules.clean_book_bonus}, dirty {rules.dirty_book_bonus}, wild {rules.wild_book_bonus}"
        )),
        ("C-SCORE", "red threes", f"+{rules.red_three_bonus} laid, -{rules.red_three_foot_penalty} in a foot"),
        ("C-SCORE", "going out", f"+{rules.going_out_bonus}"),
        ("C-OUT", "books to go out", (
            f"clean {rules.clean_books_to_go_out}, dirty {rules.dirty_books_to_go_out}, "
            f"wild {rules.wild_books_to_go_out}"
        )),
        ("C-OUT", "partner's permission", yes_no[rules.going_out_needs_permission]),
        ("C-OUT", "partner must be in the foot", yes_no[rules.partner_in_foot_to_go_out]),
        ("V-OUT", "go out by melding every card", yes_no[rules.go_out_by_melding_all]),
    ]
    lines = [f"Rules: {rules.name}"]
    lines += [f"  {rule:<9} {label:<29} {value}" for rule, label, value in rows]
    lines.append("Read one rule with: hf rules ID (e.g. hf rules C-PILE).")
    return "\n".join(lines)
