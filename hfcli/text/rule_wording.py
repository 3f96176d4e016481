"""The rules whose words depend on the rule set, each written for the set a table plays: the
decks, the deal, the minimums, the pile, the books to go out, the scores. Small numbers are
words, as a rule book writes them."""

from __future__ import annotations

from collections.abc import Callable

from hfcli.engine.options import Teams
from hfcli.engine.rule_ids import RuleId
from hfcli.engine.rules import Rules

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
