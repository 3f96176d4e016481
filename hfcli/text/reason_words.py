"""Each kind of reason in words (:data:`WORDS`): the one table :mod:`hfcli.text.reason_text` says
every reason from. A kind's words take the reason's facts and give a clause, in full, short
beside a move, and as a lesson."""

from __future__ import annotations

from hfcli.engine.melds import WILD
from hfcli.engine.melds import meld_rank_name as rank_plural
from hfcli.engine.reasons import ReasonKind
from hfcli.system.printable import printable
from hfcli.text.reason_facts import (
    Facts,
    Said,
    Words,
    a_rank,
    cards,
    chance_words,
    fixed_words,
    move_as_written,
    percent,
    pile_words,
    private_words,
    rank_or_wild,
    rank_words,
    searched_words,
    seat_verb,
)


def _needs(f: Facts) -> str:
    plural = rank_plural(f.integer("rank"))
    return f"two {plural}, or one and a wild card" if f.get("with_wild") else f"two {plural}"


def _pile(f: Facts) -> str:
    rank, take = f.integer("rank"), f.integer("take")
    effect = f["effect"]
    if effect == "closes":
        did = f"closes a {f['book']} book of {rank_plural(rank)}"
    elif effect == "starts":
        did = f"starts a meld of {rank_plural(rank)}"
    else:
        did = f"onto our {rank_plural(rank)}"
    fits = f.get("fits")
    more = f", {fits} more that fit" if fits else ""
    return f"{cards(take)}, {did}{more}"


def _pile_not_worth(f: Facts) -> Said:
    drawn = f.integer("drawn")
    return Said(f"the pile ({_pile(f)}) is worth less than {cards(drawn)} from the stock to this hand",
                short="the pile is worth less than a draw")


def _pile_slows(f: Facts) -> Said:
    head = "the books are there and going out is what counts"
    if not f.has("later"):
        return Said(head)
    later, now = f.integer("later"), f.integer("now")
    return Said(f"{head}: after taking the {cards(f.integer('take'))}, {cards(later)} could not be melded ({now} now)",
                short="going out counts more than the pile")


def _plan(f: Facts) -> str:
    parts = []
    plan = f["plan"]
    assert isinstance(plan, tuple)
    for rank, naturals, wilds in plan:
        if rank == WILD:
            parts.append(f"{wilds} wild cards")
        else:
            parts.append(f"{naturals} {rank_plural(rank)}" + (f" with {wilds} wild" if wilds else ""))
    return ", ".join(parts)


def _opening_plan(f: Facts) -> Said:
    head = f"toward the first meld of {f.integer('minimum')} or more"
    if not f.has("plan"):
        return Said(head)
    return Said(f"{head}; the plan: {_plan(f)}", short=head)


def _closes_book(f: Facts) -> str:
    rank = f.integer("rank")
    if rank == WILD:
        return "closes a wild book"
    return f"closes a {f['book']} book of {rank_plural(rank)}"


def _toward_book(f: Facts) -> str:
    rank = f.integer("rank")
    if rank == WILD:
        return "toward a wild book"
    return f"toward a {f['book']} book of {rank_plural(rank)}"


def _foot_plan(f: Facts) -> str:
    return {"meld-out": "meld out to the foot", "discard-out": "discard out to the foot"}[str(f["finish"])]


def _block(f: Facts) -> str:
    return f"blocks the {pile_words(f.integer('take'))} for {f.seat()}"


def _one_of_set(f: Facts) -> str:
    return f"one of {f.integer('held')} {rank_plural(f.integer('rank'))}"


def _breaks_pair(f: Facts) -> str:
    f["held"]
    return f"breaks a pair of {rank_plural(f.integer('rank'))}"


def _single(f: Facts) -> str:
    f["held"]
    return f"a single {rank_or_wild(f.integer('rank'))}"


def _highest(f: Facts) -> str:
    f["held"]
    return "the highest card that cannot be melded"


def _none_unseen(f: Facts) -> str:
    left = f.integer("left")
    where = "every other one is in sight" if left == 0 else "only one other is out of sight"
    return f"{f.seat()} cannot hold two {rank_plural(f.integer('rank'))}: {where}"


def _too_few_unseen(f: Facts) -> str:
    f["left"]
    return f"too few {rank_plural(f.integer('rank'))} are out of sight for {f.seat()} to take the pile with {_needs(f)}"


def _sign(f: Facts) -> str:
    """What the seat did that showed no pair of the rank: ``threw a king``."""
    rank = f.integer("rank")
    if f["sign"] == "passed":
        return f"passed up a pile topped by {a_rank(rank)}"
    return f"threw {a_rank(rank)}"


def _nothing_since(f: Facts) -> str:
    return f"{f.seat()} {_sign(f)} and {'have' if f.is_you() else 'has'} drawn nothing since"


def _all_known(f: Facts) -> str:
    needs = _needs(f)
    comma = "," if f.get("with_wild") else ""
    return f"{f.whose()} cards are all known, and {needs}{comma} are not among them"


def _few_unknown(f: Facts) -> str:
    unknown, hand = f.integer("unknown"), f.integer("hand")
    if unknown == hand:
        return f"{seat_verb(f, 'holds', 'hold')} only {cards(hand)}, too few to hold {_needs(f)}"
    known = "is" if unknown == 1 else "are"
    return (f"only {unknown} of {f.whose()} {cards(hand)} {known} not known, "
            f"too few to hold {_needs(f)}")


def _risk(f: Facts) -> Said:
    rank, take = f.integer("rank"), f.integer("take")
    pile = pile_words(take)
    how = f["how"]
    if how == "holds-two":
        words = (f"{seat_verb(f, 'holds', 'hold')} two {rank_plural(rank)} from the pile "
                 f"and would take the {pile} with it")
    elif how == "holds-one-and-wild":
        words = (f"{seat_verb(f, 'holds', 'hold')} {a_rank(rank)} and a wild card from the pile "
                 f"and would take the {pile} with them")
    elif how == "could-if":
        words = f"{f.seat()} could take the {pile} if {'you hold' if f.is_you() else 'they hold'} {_needs(f)}"
    else:
        words = f"{f.seat()} could take the {pile} with {_needs(f)}"
    if f.has("book"):
        words += f", closing a {f['book']} book"
    elif f.get("first_meld"):
        words += ", if it makes their first meld"
    short = f"{f.seat()} could take the pile" if how in ("could", "could-if") else words
    chance = f.get("chance")
    if how in ("holds-two", "holds-one-and-wild", "could-if") or not isinstance(chance, (int, float)):
        return Said(words, short=short)
    they = "you" if f.is_you() else "they"
    if f.get("held") == 1:
        known = f"{they} hold one from the pile: "
    elif f.has("sign"):
        known = f"{they} {_sign(f)}, {cards(f.integer('since'))} drawn since: "
    else:
        known = ""
    return Said(f"{words} ({known}{chance_words(float(chance))})", short=f"{short}, {percent(float(chance))}")


def _safest(f: Facts) -> Said:
    if not f.has("other_rank"):
        f["held"]
        return Said(f"every card held is {a_rank(f.integer('rank'))}", short="every card held is of this rank")
    other, chance = f.integer("other_rank"), f.number("other_chance")
    if f.has("chance") and chance <= f.number("chance"):
        return Said(f"no card held is safer: {a_rank(other)}, too, has {chance_words(chance)}",
                    short="no card held is safer")
    return Said(
        f"the safest card held: the next safest, {a_rank(other)}, has {chance_words(chance)}",
        short=f"the safest card held, the next {percent(chance)}",
    )


# Why a card safer than the one thrown was kept, by the kind of reason it had to be kept.
_KEPT_WORDS = {
    ReasonKind.BREAKS_PAIR.value: "kept as a pair toward a book",
    ReasonKind.ONE_OF_SET.value: "kept as a meld in waiting",
    ReasonKind.FITS_OUR_MELD.value: "kept to go onto our meld",
    ReasonKind.WILD_LEAST_COST.value: "a wild card, kept for a book",
    ReasonKind.ONLY_WILDS.value: "a wild card, kept for a book",
    ReasonKind.BLOCK_WITH_THREE.value: "a black three, kept to block a bigger pile",
    ReasonKind.THREE_UNMELDABLE.value: "a black three, worth keeping to block a pile",
    ReasonKind.SINGLE.value: "worth more to keep, all told",
}


def _worth_it(f: Facts) -> Said:
    other, chance = f.integer("other_rank"), f.number("other_chance")
    kept = _KEPT_WORDS.get(str(f["kept"]), "worth more to keep, all told")
    if f.has("chance") and percent(chance) == percent(f.number("chance")):
        safer = f"the {rank_or_wild(other)}, a little safer, is {kept}"  # the same in whole percents
    else:
        safer = f"the safer {rank_or_wild(other)}, {percent(chance)}, is {kept}"
    return Said(f"worth the risk: {safer}", short=f"worth the risk: the {rank_or_wild(other)} is {kept}")


_FINISH = {
    "discard-last": "discard the last card and go out",
    "meld-all-but-one": "meld every card but one and go out",
    "meld-all": "meld every card and go out",
}


def _books(needed: tuple[int, int, int]) -> str:
    words = []
    for n, kind in zip(needed, ("clean", "dirty", "wild"), strict=True):
        if n == 1:
            words.append(f"{kind} book")
        elif n > 1:
            words.append(f"{n} {kind} books")
    return " and ".join(words)


def _ask(f: Facts) -> str:
    needed = f["needed"]
    assert isinstance(needed, tuple)
    if any(needed):
        if not f.has("finish"):
            return f"a yes lets this turn close the {_books(needed)} still needed and go out"
        return f"a yes lets this turn close the {_books(needed)} still needed, {_FINISH[str(f['finish'])]}"
    plan = _FINISH[str(f["finish"])] if f.has("finish") else "go out"
    return f"the books are there; a yes lets this turn {plan}"


def _near(f: Facts) -> str:
    near = f.get("near")
    if not near:
        return ""
    assert isinstance(near, tuple)
    close = []
    for rank, short, kind in near:
        what = "wild meld is" if rank == WILD else f"{rank_plural(rank)} are"
        close.append(f"their {what} {'one card' if short == 1 else cards(short)} short of a {kind} book")
    return ": " + ", ".join(close)


def _going_out_worth(f: Facts) -> Said:
    points, bonus = f.number("points"), f.integer("bonus")
    return Said(f"going out now is worth about {points:.0f} (the {bonus} bonus, and no more turns for "
                f"{f.seats('seats')}{_near(f)})",
                short=f"going out now is worth about {points:.0f}")


def _ours(f: Facts) -> str:
    return "our hands" if f.integer("hands") > 1 else "this hand"


def _waiting_worth(f: Facts) -> Said:
    points = f.number("points")
    book = ""
    if f.has("book"):
        rank = f.integer("rank")
        of = "" if rank == WILD else f" of {rank_plural(rank)}"
        book = f", and a {f['book']} book{of}: {f.integer('bonus')}"
    return Said(f"waiting could add about {points:.0f} (the cards {_ours(f)} could still meld{book})",
                short=f"waiting could add about {points:.0f}")


def _waiting_nothing(f: Facts) -> str:
    f["points"]
    return f"waiting could add nothing (no card in {_ours(f)} could be melded)"


def _own_cards_cost(f: Facts) -> Said:
    own, bonus, lays = f.number("points"), f.integer("bonus"), f.number("other_points")
    return Said(f"going out now would count this hand's {own:.0f} against us, more than it gains "
                f"(the {bonus} bonus and about {lays:.0f} laid)",
                short="going out now would cost this hand more than it gains")


def _ahead(f: Facts) -> Said:
    lead, own, gain = f.number("lead"), f.number("points"), f.number("other_points")
    return Said(f"we are ahead in the game by about {lead:.0f} as things stand, and going out keeps us there "
                f"(this hand's {own:.0f} against the {gain:.0f} it gains)",
                short=f"we are ahead by about {lead:.0f}, and going out keeps us there")


def _safer_discard(f: Facts) -> str:
    return (f"not the {rank_or_wild(f.integer('rank'))}, which would let {f.seat()} take the pile "
            f"in {f.integer('taken')} of {f.integer('samples')} imagined deals")


def _hold(f: Facts) -> str:
    start = "go on" if f.get("laid") else "start"
    return f"holding the cards that {move_as_written(str(f['instead']))} would {start} laying"


def _lay(f: Facts) -> str:
    held = "the rest" if f.get("laid") else "every card"
    return f"laying down now rather than holding {held} and playing {move_as_written(str(f['instead']))}"


def _recorded(f: Facts) -> str:
    return printable(str(f["text"]))


# Every kind's words: the one place a reason becomes text.
WORDS: dict[ReasonKind, Words] = {
    ReasonKind.PILE_GAINS: _pile,
    ReasonKind.PILE_NOT_WORTH: _pile_not_worth,
    ReasonKind.PILE_SLOWS_GOING_OUT: _pile_slows,
    ReasonKind.DRAW: fixed_words("the pile cannot be taken"),
    ReasonKind.DRAW_ALWAYS: fixed_words("this player always draws from the stock"),
    ReasonKind.PILE_STOCK_EMPTY: fixed_words("the stock is empty"),
    ReasonKind.STOCK_EMPTY: fixed_words("the stock is empty and the pile cannot be taken"),
    ReasonKind.OPENING_PLAN: _opening_plan,
    ReasonKind.WHOLE_HAND_DOWN: fixed_words("the whole hand goes down, so there is no minimum"),
    ReasonKind.UNDO_SHORT: fixed_words("these melds do not reach the first meld's minimum"),
    ReasonKind.MELD_TO_MINIMUM: fixed_words("melding on to reach the first meld's minimum"),
    ReasonKind.NEW_MELD: rank_words("a new meld of {plural}"),
    ReasonKind.PAIR_ON_TABLE: fixed_words("gets the pair on the table"),
    ReasonKind.START_WILD_MELD: fixed_words("starts a wild meld toward a wild book"),
    ReasonKind.ONTO_MELD: rank_words("onto the {plural}"),
    ReasonKind.CLOSES_BOOK: _closes_book,
    ReasonKind.TOWARD_BOOK: _toward_book,
    ReasonKind.POINTS_ON_TABLE: fixed_words("points on the table"),
    ReasonKind.TOWARD_GOING_OUT: fixed_words("toward going out"),
    ReasonKind.LAY_EVERY_MELD: fixed_words("lays down every meld it can"),
    ReasonKind.GOING_OUT: fixed_words("going out"),
    ReasonKind.TO_THE_FOOT: fixed_words("to the foot"),
    ReasonKind.FOOT_PLAN: _foot_plan,
    ReasonKind.BLOCK_WITH_THREE: _block,
    ReasonKind.THREE_UNMELDABLE: fixed_words("a black three cannot be melded"),
    ReasonKind.ONLY_WILDS: private_words(fixed_words("nothing else to throw"), "held"),
    ReasonKind.WILD_LEAST_COST: private_words(fixed_words("every other card would cost more to throw"), "held"),
    ReasonKind.FITS_OUR_MELD: rank_words("fits our {plural}"),
    ReasonKind.ONE_OF_SET: _one_of_set,
    ReasonKind.BREAKS_PAIR: _breaks_pair,
    ReasonKind.SINGLE: _single,
    ReasonKind.HIGHEST_UNMELDABLE: _highest,
    ReasonKind.LAST_CARD: fixed_words("the last card, going out"),
    ReasonKind.PARTNER_NEXT: lambda f: f"{f.seat()}, next to play, {'are' if f.is_you() else 'is'} a partner",
    ReasonKind.NO_PILE_ON_THREE: lambda f: f"{f.seat()} cannot take a pile topped by a black three",
    ReasonKind.NO_PILE_BEFORE_MELD: lambda f: (
        f"{f.whose()} side may not take the pile before its first meld"
    ),
    ReasonKind.NO_PILE_ON_WILD: lambda f: f"{f.seat()} cannot take a pile topped by a wild card",
    ReasonKind.NO_ROOM: lambda f: (
        f"{f.whose()} {rank_plural(f.integer('rank'))} have no room for three more"
    ),
    ReasonKind.NONE_UNSEEN: _none_unseen,
    ReasonKind.TOO_FEW_UNSEEN: _too_few_unseen,
    ReasonKind.NOTHING_SINCE: _nothing_since,
    ReasonKind.ALL_KNOWN: _all_known,
    ReasonKind.FEW_UNKNOWN: _few_unknown,
    ReasonKind.RISK: _risk,
    ReasonKind.SAFEST: private_words(_safest, "held"),
    ReasonKind.RISK_WORTH_IT: _worth_it,
    ReasonKind.ASK: _ask,
    ReasonKind.ASK_READY: fixed_words("ready to go out"),
    ReasonKind.ANSWER_YES: fixed_words(""),
    ReasonKind.ANSWER_NO: fixed_words(""),
    ReasonKind.GOING_OUT_WORTH: _going_out_worth,
    ReasonKind.WAITING_WORTH: _waiting_worth,
    ReasonKind.WAITING_NOTHING: _waiting_nothing,
    ReasonKind.OWN_CARDS_COST: _own_cards_cost,
    ReasonKind.AHEAD_IN_GAME: _ahead,
    ReasonKind.OUT_FOR_BONUS: fixed_words("going out ends the deal with the bonus"),
    ReasonKind.SEARCH_SAFER_DISCARD: searched_words(_safer_discard),
    ReasonKind.SEARCH_PILE: searched_words(lambda f: "worth more than a draw from the stock"),
    ReasonKind.SEARCH_DRAW: searched_words(lambda f: "taking the pile would cost more than it brings"),
    ReasonKind.SEARCH_HOLD: searched_words(_hold),
    ReasonKind.SEARCH_LAY: searched_words(_lay),
    ReasonKind.SEARCH_OTHER: searched_words(lambda f: f"rather than {move_as_written(str(f['instead']))}"),
    ReasonKind.NO_BETTER_MOVE: fixed_words("no better plan"),
    ReasonKind.ONLY_WAY_ON: fixed_words("the only way on"),
    ReasonKind.RANDOM: fixed_words("a random legal move"),
    ReasonKind.RECORDED: _recorded,
}
