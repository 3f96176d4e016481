"""A rule set in words: each house-rules key with its value and meaning (``hf rules --keys``), and
how a game of the set goes, a sentence a line (the summary at a table's start), each marking what
differs from another set."""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from hfcli.engine.options import Teams, WildRatio
from hfcli.engine.rules import Rules
from hfcli.text.rule_wording import number_word

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
