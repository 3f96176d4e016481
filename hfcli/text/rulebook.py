"""The rules the program plays, rule by rule: the reference text, shipped with the program
(``hf rules ID``, ``hf rules --all``, ``rules ID`` at the table).

Rule ids are what the engine's refusals cite: C-... for the classic rules, V-... where the
``eleven`` preset differs, T-... for tables other than four. A rule's text is written for a rule
set: what it says (the decks, the pile, the books to go out) is what that rule set plays, so at a
house-rules table ``rules C-PILE`` describes the pile as that table takes it. ``docs/rules.md``
records the choices made where this text is silent.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from hfcli.engine.errors import NotFoundError
from hfcli.engine.options import Teams, WildRatio, choice_of
from hfcli.engine.rule_ids import RuleId
from hfcli.engine.rules import CLASSIC, Rules

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

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
                "nineteen", "twenty")


def number_word(n: int) -> str:
    """``5`` -> ``five``: small numbers read as words in a rule's text, as a rule book writes them."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def _cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def _seat_text(rules: Rules) -> str:
    text = ('Four players in two partnerships, partners opposite: seats South, West, North, East in '
            'clockwise order; South/North against West/East. Melds, books and red threes belong to the '
            'partnership. Other tables: T-SIZE.')
    shape = rules.teams.shape(rules.players)
    if rules.players == 4 and shape is Teams.PAIRS:
        return text
    if shape is Teams.THREES:
        how = "two teams of three"
    elif shape is Teams.NONE:
        how = "everyone alone"
    else:
        how = "three partnerships of two"
    return text + f" This table: {number_word(rules.players)} players, {how} (T-SIZE)."


def _deck_text(rules: Rules) -> str:
    decks = rules.deck_count
    how = ("" if rules.decks or rules.players == 4
           else ", one more than the players (T-DECK)")
    plural = "s" if decks != 1 else ""
    return (f"{number_word(decks).capitalize()} 54-card deck{plural} (52 + 2 jokers){how}: "
            f"{rules.card_count} cards. option decks (1 to 20).")


def _value_text(rules: Rules) -> str:
    return (f"Card values: joker {rules.joker_value}; two {rules.two_value}; ace {rules.ace_value}; eight to king "
            f"{rules.high_value}; four to seven {rules.low_value}; black three {rules.black_three_value}. Red "
            'threes have no card value, only the bonus/penalty of C-RED3.')


def _deal_text(rules: Rules) -> str:
    return (f"Each player is dealt a hand of {rules.hand_size} cards and, separately, a foot of "
            f"{rules.foot_size} cards, face down. option hand_size, foot_size. The rest is the stock.")


def _upcard_text(rules: Rules) -> str:
    which = "a three (either color)" if rules.bury_black_three_upcard else "a red three"
    shows = "a natural card (4-A)" if rules.bury_black_three_upcard else "a natural card or a black three"
    return ("The top stock card is turned to start the discard pile. If it is "
            f"{which}, a two or a joker, it is buried: put into the stock at its middle position "
            f"(len(stock) // 2 from the top), and the next card is turned; repeat until {shows} shows."
            + ("" if rules.bury_black_three_upcard else " option bury_black_three_upcard."))


def _deals_text(rules: Rules) -> str:
    deals = "one deal" if rules.deals == 1 else f"{number_word(rules.deals)} deals"
    if rules.players == 4:
        order = ("Play and the deal pass to the left, i.e. clockwise: South, West, North, East. East deals "
                 "the first deal, so South plays first")
    else:
        order = ("Play and the deal pass to the left, i.e. clockwise. The last seat deals the first deal, so "
                 "South plays first (T-TURN)")
    text = f"A game is {deals}. {order}"
    if rules.deals > 1:
        text += ("; each later deal is dealt by the previous dealer's left-hand neighbour, and play starts "
                 "with the player to the dealer's left")
    text += ". option deals."
    if rules.game_target:
        text += f" The game ends sooner once a side has {rules.game_target} points (C-GAME)."
    return text


def _minimum_text(rules: Rules) -> str:
    if rules.meld_minimum_by.by_score:
        pairs = rules.score_minimums
        steps = [f"{pairs[0][1]} below {pairs[1][0]}" if len(pairs) > 1 else f"{pairs[0][1]}"]
        steps += [f"{minimum} from {start}" for start, minimum in pairs[1:]]
        text = ("Minimum first meld by the side's score at the start of the deal: "
                f"{', '.join(steps)} points. option meld_minimum_by, score_minimums.")
    else:
        minimums = list(rules.meld_minimums[: rules.deals])
        if rules.deals == 1:
            text = f"Minimum first meld: {minimums[0]} points. option meld_minimums."
        else:
            later = ("" if len(minimums) >= rules.deals
                     else f", and {minimums[-1]} for each later deal")
            text = (f"Minimum first meld per deal: {', '.join(map(str, minimums))} points{later}. "
                    "option meld_minimums.")
    if rules.minimum_waived_for_whole_hand:
        text += (" No minimum for a first meld that lays down the whole hand (every card melded, or all but "
                 "one discarded). option minimum_waived_for_whole_hand.")
    return text


def _meld_text(rules: Rules) -> str:
    size = rules.book_size
    if not rules.wild_melds:
        return (f"A meld is 3 to {size} cards of one natural rank, possibly with wilds (C-RATIO); there are "
                f"no wild melds (V-NOWILD). A meld never holds more than {size} cards. Threes are never melded.")
    return (f"A meld is 3 to {size} cards of one natural rank, possibly with wilds (C-RATIO), or 3 to {size} "
            f"wild cards only (a wild meld). A meld never holds more than {size} cards. Threes are never melded.")


def _ratio_text(rules: Rules) -> str:
    size = rules.book_size
    ratio = rules.wild_ratio
    house = f' option wild_ratio = "{ratio}" (a house rule).' if ratio.house else ""
    if ratio.naturals_for_wilds:
        # A floor of naturals: the meld's size, not its wilds, is what the rule counts.
        principle = ratio.principle[0].upper() + ratio.principle[1:]
        return f"{principle} ({ratio.rule}); so a {size}-card book holds at most {ratio.wilds_in(size)} wilds.{house}"
    # The most wilds each size of meld may hold, as runs of sizes: "at most 1 wild in a meld of 3-5 cards".
    runs: dict[int, list[int]] = {}
    for cards in range(3, size + 1):
        runs.setdefault(ratio.wilds_in(cards), []).append(cards)
    steps = []
    for wilds, sizes in runs.items():
        if not wilds:
            continue
        low, high = sizes[0], sizes[-1]
        cards_text = f"{low}-{high}" if low < high else str(low)
        steps.append(f"at most {wilds} wild{'s' if wilds > 1 else ''} in a meld of {cards_text} cards")
    return (f"In a meld with naturals, {ratio.principle}, at all times: " + ", ".join(steps) + "." + house)


def _book_text(rules: Rules) -> str:
    kinds = "clean (no wilds), dirty (at least one wild and one natural)"
    kinds += ", wild (wild cards only)." if rules.wild_melds else " (no wild books, V-NOWILD)."
    return (f"A meld of {rules.book_size} cards is a complete book; nothing can be added to it. "
            f"Its kind is fixed then: {kinds}")


def _draw_text(rules: Rules) -> str:
    count = rules.draw_count
    drawn = "one card" if count == 1 else f"{number_word(count)} cards"
    return (f"A turn begins with exactly one of: (a) draw {drawn} from the stock (as many as are left if "
            "fewer), or (b) take the discard pile (C-PILE). Never both."
            + ("" if count == 2 else " option draw_count."))


def _pile_text(rules: Rules) -> str:
    if rules.pile_take == 0:
        takes = "Taking the discard pile takes all of it (option pile_take)."
    else:
        takes = f"Taking the discard pile takes its top {_cards(rules.pile_take)} (all of them if fewer)."
    conditions = ["the top card is not a three"]
    if rules.pile_needs_first_meld:
        conditions.append("the player's side has made its first meld in an earlier turn (option "
                          "pile_needs_first_meld)")
    if rules.pile_with_wild:
        conditions.append("the player holds two natural cards of the top card's rank, or one and a wild card "
                          "(option pile_with_wild; the natural pair is used when the hand holds it)")
        with_them = "the top card together with those two"
    else:
        conditions.append("the player holds two natural cards of the top card's rank")
        with_them = "the top card together with those two"
    text = (f"{takes} Allowed only when: {'; '.join(conditions)}; and {with_them} is melded at once, as a new "
            "meld or onto the partnership's incomplete meld of that rank (the result must obey C-MELD and "
            "C-RATIO).")
    if rules.wild_melds:
        text += (" If the top card is wild, it may be taken only with a matching wild pair (two twos for a two, "
                 "two jokers for a joker), melded as a wild meld.")
    else:
        text += " A pile with a wild card on top cannot be taken (V-NOWILD)."
    return text + " The other taken cards go to the player's hand."


def _black_three_text(rules: Rules) -> str:
    return ("Black threes cannot be melded; they can only be discarded. A black three on top of the discard "
            "pile stops the next player taking it (C-PILE). Left in hand or foot they count "
            f"{rules.black_three_value} against.")


def _discard_text(rules: Rules) -> str:
    text = ("A turn ends with discarding one card face up on the discard pile (any card, wilds and black "
            "threes included), except as in C-FOOT (a)")
    if rules.go_out_by_melding_all:
        text += ", or when a player goes out by melding every card (V-OUT)"
    return text + "."


def _keep_text(rules: Rules) -> str:
    text = ("A player who is playing from their foot may never be left with no cards except by going out "
            "(C-OUT).")
    if rules.going_out_needs_permission:
        text += (" In particular, a player who asked to go out and was refused must keep at least two "
                 "cards after melding that turn: one to discard, one to keep.")
    return text


def _books_needed(rules: Rules) -> str:
    counts = [(rules.clean_books_to_go_out, "clean"), (rules.dirty_books_to_go_out, "dirty")]
    if rules.wild_melds:
        counts.append((rules.wild_books_to_go_out, "wild"))
    parts = [f"{n} {kind} book{'s' if n > 1 else ''}" for n, kind in counts if n]
    options = "(options clean_books_to_go_out, dirty_books_to_go_out, wild_books_to_go_out)"
    if not parts:
        return f"no books are needed {options}"
    books = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"the partnership has at least {books} {options}"


def _out_text(rules: Rules) -> str:
    how = "melding all but one of the cards they hold and discarding the last one"
    if rules.go_out_by_melding_all:
        how = "melding every card they hold, or all but one and discarding the last one"
    conditions = [_books_needed(rules)]
    if rules.partner_in_foot_to_go_out:
        conditions.append("the player's partner has picked up their own foot")
    if rules.going_out_needs_permission:
        conditions.append(
            'the player asked the partner "may I go out?" this turn and the partner said yes. The '
            "partner's answer is that player's decision (the AI's or the human's), and it is part of the "
            "record. Asking is allowed once per turn, at any point of the turn before the discard. A yes "
            "does not oblige the player to go out")
    else:
        conditions.append("no permission is asked")
    lines = [f"A player who is playing from their foot goes out by {how}. All of these must hold at that moment:"]
    lines += [f"{i}. {condition}{';' if i < len(conditions) else '.'}" for i, condition in enumerate(conditions, 1)]
    return "\n".join(lines)


def _score_text(rules: Rules) -> str:
    bonuses = f"plus {rules.clean_book_bonus} for each clean book, {rules.dirty_book_bonus} for each dirty book"
    bonuses += f", {rules.wild_book_bonus} for each wild book;" if rules.wild_melds else ";"
    return "\n".join([
        "Each partnership, for the deal:",
        "- plus the card values (C-VALUE) of every card in its melds and books, complete or not;",
        f"- {bonuses}",
        f"- plus {rules.red_three_bonus} for each red three laid down in its area;",
        f"- plus {rules.going_out_bonus} if one of its players went out;",
        "- minus the card values of every card left in its players' hands and unpicked feet;",
        f"- minus {rules.red_three_foot_penalty} for each red three still in an unpicked foot.",
    ])


def _game_text(rules: Rules) -> str:
    text = "Game score is the sum of the deal scores. "
    if rules.game_target:
        text += (f"The game ends after the first deal in which a side has {rules.game_target} points or more, "
                 f"or after {'the deal' if rules.deals == 1 else f'{number_word(rules.deals)} deals'}, "
                 "whichever is first (option game_target). ")
    last = "the deal" if rules.deals == 1 and not rules.game_target else "the last deal"
    return text + f"After {last} the higher total wins; equal totals are a tie."


# The rules whose text depends on the rule set, each written for one; the others read the same at
# every table.
WRITTEN_FOR: dict[RuleId, Callable[[Rules], str]] = {
    RuleId.C_SEAT: _seat_text,
    RuleId.C_DECK: _deck_text,
    RuleId.C_VALUE: _value_text,
    RuleId.C_DEAL: _deal_text,
    RuleId.C_UPCARD: _upcard_text,
    RuleId.C_DEALS: _deals_text,
    RuleId.C_MIN: _minimum_text,
    RuleId.C_MELD: _meld_text,
    RuleId.C_RATIO: _ratio_text,
    RuleId.C_BOOK: _book_text,
    RuleId.C_DRAW: _draw_text,
    RuleId.C_PILE: _pile_text,
    RuleId.C_BLACK3: _black_three_text,
    RuleId.C_DISCARD: _discard_text,
    RuleId.C_KEEP: _keep_text,
    RuleId.C_OUT: _out_text,
    RuleId.C_SCORE: _score_text,
    RuleId.C_GAME: _game_text,
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
    "wild_ratio": "; ".join(f'"{ratio}": {ratio.meaning}' for ratio in WildRatio),
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


def _file_values(rules: Rules) -> dict[str, object]:
    """The rule set's values as a house-rules file writes them (``pile_take = "all"`` for 0)."""
    values: dict[str, object] = rules.as_dict()
    if rules.pile_take == 0:
        values["pile_take"] = "all"
    return values


def describe_rules(
    rules: Rules, command: str = "hf rules", width: int = 80, base: Rules | None = None, file: bool = True
) -> str:
    """A rule set written out as a house-rules file would set it: each option's key and value, and
    what it means (with the rule id it sets), in lines of ``width`` columns where the key and value
    allow. ``command`` is how to read one rule where this is shown. With ``base`` (the preset a
    house-rules file starts from, or classic for another preset, ``file`` False), every value that
    differs from it is marked ``*`` and its value there follows its meaning."""
    lines = [f"Rules: {rules.name} ({rules.card_count} cards)."]
    values = _file_values(rules)
    preset_values = _file_values(base) if base is not None else values
    changed = [key for key in OPTION_MEANINGS if key != "name" and values[key] != preset_values[key]]
    if base is not None and file:
        lines.append(f"From the {base.name} preset; * marks the {len(changed)} value"
                     f"{'' if len(changed) == 1 else 's'} this file changes." if changed
                     else f"From the {base.name} preset, with no value changed.")
    elif base is not None:
        lines.append(f"* marks the {len(changed)} value{'' if len(changed) == 1 else 's'} that differ from "
                     f"{base.name}.")
    lines.append('A house-rules file (TOML): preset = "classic", "eleven" or "quick", and any key below.')
    column = 38
    for key, meaning in OPTION_MEANINGS.items():
        mark = "*" if key in changed else " "
        setting = f"{mark} {key} = {toml_value(values[key])}"
        if key in changed:
            meaning += f"; {base.name if base is not None else ''}: {toml_value(preset_values[key])}"
        if len(setting) >= column - 1:
            lines.append(setting)  # a long value: its meaning goes below it
            setting = ""
        lines.append(textwrap.fill(meaning, max(width, column + 20), initial_indent=f"{setting:<{column - 1}} ",
                                   subsequent_indent=" " * column))
    lines.append(f"Read one rule with: {command} ID (e.g. {command} C-PILE); {command} --list for every id.")
    heading = 3 if base is not None else 2
    lines[:heading] = [part for line in lines[:heading] for part in _fill(line, width)]
    lines[-1:] = _fill(lines[-1], width)
    return "\n".join(lines)


def _fill(text: str, width: int) -> list[str]:
    """A line of prose broken between words to ``width``."""
    return textwrap.wrap(text, max(width, 20), break_long_words=False, break_on_hyphens=False) or [""]


def _books_to_go_out(rules: Rules) -> str:
    counts = [(rules.clean_books_to_go_out, "clean"), (rules.dirty_books_to_go_out, "dirty")]
    if rules.wild_melds:
        counts.append((rules.wild_books_to_go_out, "wild"))
    parts = [f"{number_word(n)} {kind} book{'s' if n > 1 else ''}" for n, kind in counts if n]
    if not parts:
        return "no books"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _summary_minimums(rules: Rules) -> str:
    if rules.meld_minimum_by.by_score:
        return ", ".join(f"{minimum} from {start}" for start, minimum in rules.score_minimums) + " by the side's score"
    minimums = list(rules.meld_minimums[: rules.deals])
    return f"{minimums[0]} points" if rules.deals == 1 else f"{', '.join(map(str, minimums))} points, deal by deal"


def _ratio_summary(rules: Rules) -> str:
    ratio = rules.wild_ratio
    if ratio.naturals_for_wilds:
        return f"wild cards only in a meld of {ratio.naturals_for_wilds} naturals or more ({ratio.rule})"
    if ratio.naturals_per_wild == 1:
        return f"at most as many wild cards as naturals, 1:1 ({ratio.rule})"
    return (f"at most one wild card for every {number_word(ratio.naturals_per_wild)} naturals, "
            f"{ratio.naturals_per_wild}:1 ({ratio.rule}): K K 2 is a meld, K 2 2 is not")


# How a game goes, a sentence a line: each with the keys of a rule set it is made from, so that
# the lines whose values differ from another rule set's can be marked.
SUMMARY: tuple[tuple[tuple[str, ...], Callable[[Rules], str]], ...] = (
    (("players", "teams", "decks", "hand_size", "foot_size", "deals"), lambda r: (
        f"{number_word(r.players).capitalize()} players"
        + {Teams.PAIRS: " in partnerships, partners opposite", Teams.THREES: " in two teams of three"}.get(
            r.teams.shape(r.players), ", each alone")
        + f", {r.deck_count} decks with jokers ({r.card_count} cards). Each is dealt a hand of "
        f"{r.hand_size} cards and a foot of {r.foot_size}, played once the hand is gone. "
        f"A game is {'one deal' if r.deals == 1 else number_word(r.deals) + ' deals'}.")),
    (("draw_count", "pile_take", "pile_with_wild", "pile_needs_first_meld"), lambda r: (
        f"A turn: draw {number_word(r.draw_count)} cards from the stock, or take the discard pile"
        + (f" (at most its top {r.pile_take} cards)" if r.pile_take else "")
        + " by melding its top card with a pair of that rank from your hand (C-PILE); then meld as you "
        "like; then discard one card.")),
    (("wild_ratio", "wild_melds", "book_size"), lambda r: (
        f"A meld is 3 to {r.book_size} cards of one rank. Twos and jokers are wild: "
        f"{_ratio_summary(r)}." + (" A meld of wild cards only is allowed too." if r.wild_melds
                                  else " There are no melds of wild cards only (V-NOWILD)."))),
    (("meld_minimums", "meld_minimum_by", "score_minimums"), lambda r: (
        f"A side's first melds of a deal must count at least {_summary_minimums(r)} (C-MIN).")),
    (("book_size", "clean_book_bonus", "dirty_book_bonus", "wild_book_bonus", "wild_melds"), lambda r: (
        f"{r.book_size} cards make a book: clean (no wild card) {r.clean_book_bonus}, dirty {r.dirty_book_bonus}"
        + (f", wild {r.wild_book_bonus}." if r.wild_melds else "."))),
    (("red_three_bonus",), lambda r: (
        f"Red threes are laid at once and replaced from the stock ({r.red_three_bonus} each); a black "
        "three on the pile blocks it for the next player.")),
    (("clean_books_to_go_out", "dirty_books_to_go_out", "wild_books_to_go_out", "going_out_needs_permission",
      "partner_in_foot_to_go_out", "going_out_bonus", "go_out_by_melding_all"), lambda r: (
        "Going out (melding all but one card, discarding the last"
        + (", or melding every card" if r.go_out_by_melding_all else "")
        + f") ends the deal for +{r.going_out_bonus}; "
        f"it needs {_books_to_go_out(r)}"
        + (", the partner in their foot" if r.partner_in_foot_to_go_out else "")
        + (' and the partner\'s yes to "may I go out?"' if r.going_out_needs_permission else "") + " (C-OUT).")),
    (("joker_value", "two_value", "ace_value", "high_value", "low_value", "black_three_value", "game_target"),
     lambda r: (
        "Cards melded count for the side and cards left in hand and foot against it "
        f"(joker {r.joker_value}, two {r.two_value}, ace {r.ace_value}, 8 to K {r.high_value}, "
        f"4 to 7 {r.low_value}, black three {r.black_three_value}); the highest total "
        + (f"wins, after the deal in which a side reaches {r.game_target}." if r.game_target else "wins."))),
)


def play_summary(rules: Rules, command: str = "hf rules", width: int = 80, base: Rules | None = None) -> str:
    """How a game of ``rules`` goes, in a few short paragraphs made from its values; with ``base``
    (classic, or a house-rules file's preset), each paragraph a value of which differs from it is
    marked ``*``. Ends with where each rule and the house-rules keys are."""
    values = _file_values(rules)
    base_values = _file_values(base) if base is not None else values
    lines = [f"Hand and Foot, {rules.name} rules ({rules.card_count} cards)."]
    differs = [keys for keys, _ in SUMMARY if any(values[k] != base_values[k] for k in keys)]
    if base is not None and base.name != rules.name:
        lines.append(f"* marks what differs from {base.name}." if differs
                     else f"The same play as {base.name}.")
    for keys, sentence in SUMMARY:
        mark = "* " if keys in differs else "  "
        lines += textwrap.wrap(sentence(rules), max(width, 40), initial_indent=mark, subsequent_indent="  ",
                               break_long_words=False, break_on_hyphens=False)
    if command == "hf rules":
        more = f"{command} --list for every id; the house-rules keys and values: {command} --keys"
    else:
        more = f"the house-rules keys and values: {command} keys"
    lines += _fill(f"Each rule in full: {command} ID (e.g. {command} C-PILE); {more}.", width)
    return "\n".join(lines)
