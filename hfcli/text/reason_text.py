"""A player's reason in words: the one place a :class:`~hfcli.engine.reasons.Reason` becomes text.

Each kind of reason has its words here (:data:`WORDS`), made from the reason's facts, in the
forms the places that show a reason need:

- :func:`phrase`: a short phrase beside a move at the table (``a single king; East could take
  the pile, about 42%``), no capital, no full stop;
- :func:`sentence`: the whole reason for ``why`` and the log, a sentence with every fact;
- :func:`lesson`: the reason as the review and practice teach it, inside the sentence they make
  of a decision: the whole reason without the search's own figure (the review gives its own,
  from more imagined deals).

Each takes ``public_only``: the reason without the facts private to the seat that reasons (its
hand, its plan, a chance worked out from its cards), as another player at the table may be told
it. A clause whose facts are not all there is left out, never guessed at. Seats are named from
``names``, the seat ``you`` as "you".

Adding a kind of reason: a member of :class:`ReasonKind` and its entry in :data:`WORDS`; the
table, ``why``, the log, the transcript and the review all say it from there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from hfcli.engine.cards import JOKER, RANK_NAMES, RANK_TOKENS, TEN
from hfcli.engine.errors import InvalidMoveError
from hfcli.engine.melds import WILD
from hfcli.engine.melds import meld_rank_name as rank_plural
from hfcli.engine.moves import Move, Pick
from hfcli.engine.reasons import Reason, ReasonKind
from hfcli.system.printable import printable

Names = Mapping[int, str] | Sequence[str]


class Form(Enum):
    PHRASE = "phrase"
    SENTENCE = "sentence"
    LESSON = "lesson"


class _Missing(Exception):
    """A fact a clause needs is not there (left out as private): the clause is not said."""


class Facts:
    """A reason's facts as its words read them: a fact left out (private, in the public form)
    makes the clause that needs it go unsaid."""

    __slots__ = ("_facts", "_names", "_you")

    def __init__(self, reason: Reason, names: Names, you: int | None) -> None:
        self._facts = reason.facts
        self._names = names
        self._you = you

    def __getitem__(self, name: str) -> object:
        try:
            return self._facts[name]
        except KeyError:
            raise _Missing(name) from None

    def get(self, name: str) -> object | None:
        return self._facts.get(name)

    def has(self, name: str) -> bool:
        return name in self._facts

    def integer(self, name: str) -> int:
        value = self[name]
        assert isinstance(value, int)
        return value

    def number(self, name: str) -> float:
        value = self[name]
        assert isinstance(value, (int, float))
        return float(value)

    def seat(self, name: str = "seat") -> str:
        """The seat ``name`` by its name, ``you`` for the reader's own."""
        return self._seat_name(self.integer(name))

    def _seat_name(self, seat: int) -> str:
        if seat == self._you:
            return "you"
        try:
            return self._names[seat]
        except (KeyError, IndexError):
            return f"seat {seat + 1}"

    def whose(self, name: str = "seat") -> str:
        """``West's``, or ``your``."""
        return "your" if self.is_you(name) else f"{self.seat(name)}'s"

    def is_you(self, name: str = "seat") -> bool:
        return self._facts.get(name) == self._you is not None

    def seats(self, name: str) -> str:
        seats = self[name]
        assert isinstance(seats, tuple)
        return and_list([self._seat_name(seat) for seat in seats])


@dataclass(frozen=True)
class Said:
    """A clause of a reason: ``full`` for ``why`` and the log; ``short`` beside a move at the
    table (``full`` when None); ``lesson`` in a review (``full`` when None; "" leaves it out)."""

    full: str
    short: str | None = None
    lesson: str | None = None


Words = Callable[[Facts], Said | str | None]


# ---------------------------------------------------------------- how things are said


def and_list(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if not words:
        return ""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def rank_name(rank: int) -> str:
    return "wild card" if rank == WILD else RANK_NAMES[rank]


def a_rank(rank: int) -> str:
    name = rank_name(rank)
    return ("an " if name[0] in "aeio" else "a ") + name


def cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def percent(chance: float) -> str:
    """``about 42%``; under 1%, ``under 1%``."""
    return "under 1%" if chance < 0.01 else f"about {chance:.0%}"


def chance_words(chance: float) -> str:
    return "a chance under 1%" if chance < 0.01 else f"a chance of about {chance:.0%}"


def pile_words(take: int) -> str:
    return "card" if take == 1 else f"{take}-card pile"


def move_words(text: str) -> str:
    """A move in notation as the table writes it: a ten is ``10`` (``discard T`` -> ``discard 10``)."""
    try:
        move = Move.parse(text)
    except InvalidMoveError:
        return printable(text)
    groups = ", ".join(" ".join(_pick_words(p) for p in g) for g in move.groups)
    if not groups:
        return str(move)
    head = str(move.kind)
    if move.target is not None and " to " in str(move):  # the notation names the meld added to
        return f"{head} {groups} to {_rank_label(move.target)}"
    return f"{head} {groups}"


def _rank_label(rank: int) -> str:
    """A rank as the table writes it: ``10`` for tens, ``wild`` for the wild meld."""
    if rank == WILD:
        return "wild"
    return "10" if rank == TEN else RANK_TOKENS[rank]


def _pick_words(pick: Pick) -> str:
    label = _rank_label(pick.rank)
    return label if pick.card is None or pick.rank == JOKER else label + pick.card.suit


def _seat_verb(f: Facts, third: str, second: str, name: str = "seat") -> str:
    """``East holds`` or ``you hold``."""
    return f"{f.seat(name)} {second if f.is_you(name) else third}"


def _needs(f: Facts) -> str:
    plural = rank_plural(f.integer("rank"))
    return f"two {plural}, or one and a wild card" if f.get("with_wild") else f"two {plural}"


# ---------------------------------------------------------------- the words of each kind


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
    return f"a single {rank_name(f.integer('rank'))}"


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
        return f"{_seat_verb(f, 'holds', 'hold')} only {cards(hand)}, too few to hold {_needs(f)}"
    known = "is" if unknown == 1 else "are"
    return (f"only {unknown} of {f.whose()} {cards(hand)} {known} not known, "
            f"too few to hold {_needs(f)}")


def _risk(f: Facts) -> Said:
    rank, take = f.integer("rank"), f.integer("take")
    pile = pile_words(take)
    how = f["how"]
    if how == "holds-two":
        words = (f"{_seat_verb(f, 'holds', 'hold')} two {rank_plural(rank)} from the pile "
                 f"and would take the {pile} with it")
    elif how == "holds-one-and-wild":
        words = (f"{_seat_verb(f, 'holds', 'hold')} {a_rank(rank)} and a wild card from the pile "
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
        safer = f"the {rank_name(other)}, a little safer, is {kept}"  # the same in whole percents
    else:
        safer = f"the safer {rank_name(other)}, {percent(chance)}, is {kept}"
    return Said(f"worth the risk: {safer}", short=f"worth the risk: the {rank_name(other)} is {kept}")


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


def _gain(f: Facts) -> str:
    return f"about {f.number('gain'):.0f} points better than {move_words(str(f['instead']))}"


def _searched(words: Callable[[Facts], str]) -> Words:
    """An expert's reason: ``words``, then the search's gain (left out of a lesson: the review
    costs the decision itself, from more imagined deals)."""

    def said(f: Facts) -> Said:
        head = words(f)
        if not f.has("gain"):
            return Said(head)
        return Said(f"{head}; {_gain(f)}", short=head, lesson=head)

    return said


def _safer_discard(f: Facts) -> str:
    return (f"not the {rank_name(f.integer('rank'))}, which would let {f.seat()} take the pile "
            f"in {f.integer('taken')} of {f.integer('samples')} imagined deals")


def _hold(f: Facts) -> str:
    start = "go on" if f.get("laid") else "start"
    return f"holding the cards that {move_words(str(f['instead']))} would {start} laying"


def _lay(f: Facts) -> str:
    held = "the rest" if f.get("laid") else "every card"
    return f"laying down now rather than holding {held} and playing {move_words(str(f['instead']))}"


def _recorded(f: Facts) -> str:
    return printable(str(f["text"]))


def _const(text: str, short: str | None = None) -> Words:
    said = Said(text, short=short)
    return lambda f: said


def _private(words: Words, *needs: str) -> Words:
    """``words``, said only where the facts ``needs`` are there (they say something of the hand)."""

    def said(f: Facts) -> Said | str | None:
        for name in needs:
            f[name]
        return words(f)

    return said


def _rank_words(template: str) -> Words:
    return lambda f: template.format(plural=rank_plural(f.integer("rank")), name=rank_name(f.integer("rank")))


# Every kind's words: the one place a reason becomes text.
WORDS: dict[ReasonKind, Words] = {
    ReasonKind.PILE_GAINS: _pile,
    ReasonKind.PILE_NOT_WORTH: _pile_not_worth,
    ReasonKind.PILE_SLOWS_GOING_OUT: _pile_slows,
    ReasonKind.DRAW: _const("the pile cannot be taken"),
    ReasonKind.DRAW_ALWAYS: _const("this player always draws from the stock"),
    ReasonKind.PILE_STOCK_EMPTY: _const("the stock is empty"),
    ReasonKind.STOCK_EMPTY: _const("the stock is empty and the pile cannot be taken"),
    ReasonKind.OPENING_PLAN: _opening_plan,
    ReasonKind.WHOLE_HAND_DOWN: _const("the whole hand goes down, so there is no minimum"),
    ReasonKind.UNDO_SHORT: _const("these melds do not reach the first meld's minimum"),
    ReasonKind.MELD_TO_MINIMUM: _const("melding on to reach the first meld's minimum"),
    ReasonKind.NEW_MELD: _rank_words("a new meld of {plural}"),
    ReasonKind.PAIR_ON_TABLE: _const("gets the pair on the table"),
    ReasonKind.START_WILD_MELD: _const("starts a wild meld toward a wild book"),
    ReasonKind.ONTO_MELD: _rank_words("onto the {plural}"),
    ReasonKind.CLOSES_BOOK: _closes_book,
    ReasonKind.TOWARD_BOOK: _toward_book,
    ReasonKind.POINTS_ON_TABLE: _const("points on the table"),
    ReasonKind.TOWARD_GOING_OUT: _const("toward going out"),
    ReasonKind.LAY_EVERY_MELD: _const("lays down every meld it can"),
    ReasonKind.GOING_OUT: _const("going out"),
    ReasonKind.TO_THE_FOOT: _const("to the foot"),
    ReasonKind.FOOT_PLAN: _foot_plan,
    ReasonKind.BLOCK_WITH_THREE: _block,
    ReasonKind.THREE_UNMELDABLE: _const("a black three cannot be melded"),
    ReasonKind.ONLY_WILDS: _private(_const("nothing else to throw"), "held"),
    ReasonKind.WILD_LEAST_COST: _private(_const("every other card would cost more to throw"), "held"),
    ReasonKind.FITS_OUR_MELD: _rank_words("fits our {plural}"),
    ReasonKind.ONE_OF_SET: _one_of_set,
    ReasonKind.BREAKS_PAIR: _breaks_pair,
    ReasonKind.SINGLE: _single,
    ReasonKind.HIGHEST_UNMELDABLE: _highest,
    ReasonKind.LAST_CARD: _const("the last card, going out"),
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
    ReasonKind.SAFEST: _private(_safest, "held"),
    ReasonKind.RISK_WORTH_IT: _worth_it,
    ReasonKind.ASK: _ask,
    ReasonKind.ASK_READY: _const("ready to go out"),
    ReasonKind.ANSWER_YES: _const(""),
    ReasonKind.ANSWER_NO: _const(""),
    ReasonKind.GOING_OUT_WORTH: _going_out_worth,
    ReasonKind.WAITING_WORTH: _waiting_worth,
    ReasonKind.WAITING_NOTHING: _waiting_nothing,
    ReasonKind.OWN_CARDS_COST: _own_cards_cost,
    ReasonKind.AHEAD_IN_GAME: _ahead,
    ReasonKind.OUT_FOR_BONUS: _const("going out ends the deal with the bonus"),
    ReasonKind.SEARCH_SAFER_DISCARD: _searched(_safer_discard),
    ReasonKind.SEARCH_PILE: _searched(lambda f: "worth more than a draw from the stock"),
    ReasonKind.SEARCH_DRAW: _searched(lambda f: "taking the pile would cost more than it brings"),
    ReasonKind.SEARCH_HOLD: _searched(_hold),
    ReasonKind.SEARCH_LAY: _searched(_lay),
    ReasonKind.SEARCH_OTHER: _searched(lambda f: f"rather than {move_words(str(f['instead']))}"),
    ReasonKind.NO_BETTER_MOVE: _const("no better plan"),
    ReasonKind.ONLY_WAY_ON: _const("the only way on"),
    ReasonKind.RANDOM: _const("a random legal move"),
    ReasonKind.RECORDED: _recorded,
}


# ---------------------------------------------------------------- the forms


def clauses(
    reason: Reason, form: Form, names: Names = (), *, you: int | None = None, public_only: bool = False
) -> list[str]:
    """The clauses of ``reason`` and its parts in ``form``, in the order they are said."""
    if public_only:
        reason = reason.public()
    out: list[str] = []
    for part in reason.walk():
        words = WORDS[part.kind]
        try:
            said = words(Facts(part, names, you))
        except _Missing:
            continue
        if said is None:
            continue
        if isinstance(said, str):
            text = said
        elif form is Form.PHRASE:
            text = said.full if said.short is None else said.short
        elif form is Form.LESSON:
            text = said.full if said.lesson is None else said.lesson
        else:
            text = said.full
        if text:
            out.append(text)
    return out


def phrase(reason: Reason | None, names: Names = (), *, you: int | None = None, public_only: bool = False) -> str:
    """The short phrase beside a move at the table (``a single king; East could take the pile,
    about 42%``); "" when nothing may be said."""
    if reason is None:
        return ""
    return "; ".join(clauses(reason, Form.PHRASE, names, you=you, public_only=public_only))


def sentence(reason: Reason | None, names: Names = (), *, you: int | None = None, public_only: bool = False) -> str:
    """The whole reason as a sentence, for ``why`` and the log: ``A single king; East could take
    the 7-card pile with two kings (a chance of about 42%); the safest card held: ...``."""
    if reason is None:
        return ""
    return _as_sentence(clauses(reason, Form.SENTENCE, names, you=you, public_only=public_only))


def lesson(reason: Reason | None, names: Names = (), *, you: int | None = None) -> str:
    """The reason as the review and practice teach it, in the sentence they make of a decision
    (``the expert prefers add K (closes a dirty book of kings)``): the whole reason, without the
    search's own figure; no capital, no full stop."""
    if reason is None:
        return ""
    return "; ".join(clauses(reason, Form.LESSON, names, you=you))


def record_text(reason: Reason, names: Names) -> str:
    """The words a transcript keeps beside the reason's data: the whole reason, for a reader
    that does not read the data (and for a person reading the file). Words recorded before
    reasons were data are kept as they were: escaped where they are shown, never in the file."""
    if reason.kind is ReasonKind.RECORDED:
        return str(reason.facts["text"])
    return "; ".join(clauses(reason, Form.SENTENCE, names))


def _as_sentence(said: list[str]) -> str:
    if not said:
        return ""
    first, space, rest = "; ".join(said).partition(" ")
    return f"{first.capitalize()}{space}{rest}."
