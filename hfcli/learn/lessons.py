"""Lessons by topic (``hf learn pile``, ``hf learn C-PILE``): a few small positions of one idea,
each with one right move, and a word on each wrong one.

A move the rules refuse is explained by the engine's own refusal, as the table says it; a move
the rules allow but that is worse carries its sentence here. Figures in braces come from the
rule set (see :mod:`hfcli.learn.course`). ``lesson_for`` finds the lesson for a rule id or a
word: what a report on a game (the review's key moments) calls to suggest one.
"""

from __future__ import annotations

from hfcli.engine.options import choice_of
from hfcli.engine.rule_ids import RuleId
from hfcli.learn.course import Lesson, Step, Try, Wrong

# Two clean books (aces, queens) and two dirty (fours, nines): what the quick rules need to go out.
BOOKS = "AS AD AH AC AS AD AH / QC QD QH QS QC QD QH / 4C 4D 4H 2C 4S 4D 4H / 9C 9D 9H 9S 9C 2D 9D"


def _one(topic: str, rule: RuleId, table: str, then: str, right: Try) -> Step:
    return Step(topic, rule, (right,), table=table, then=then)


PILE = Lesson(
    "pile", "The pile", (RuleId.C_PILE, RuleId.C_DRAW, RuleId.C_BLACK3), words=("discard-pile", "pickup", "draw"),
    summary="when to take the discard pile, and when you cannot",
    steps=(
        _one("a pair of the top card", RuleId.C_PILE, """
            S hand: 9C 9D KS 6H 5C 8D JH
            NS melds: AS AD AH
            NS opened: yes
            pile: 4C 7S KH QD 9H
        """, "The pile's top card is a 9, and you hold two nines. Start your turn.",
            Try("pickup", "take the pile, or draw?",
                "Right: the 9 and your pair make a meld at once, and the pile's next cards come to your hand.",
                quote=(RuleId.C_PILE, "Taking the discard pile takes"),
                wrong=(Wrong("draw", "drawing brings two cards you cannot see; the pile brings the 9 you can "
                                     "meld at once and more cards besides."),))),
        _one("one natural is not enough", RuleId.C_PILE, """
            S hand: 9C 2D KS 6H 5C 8D JH
            NS melds: AS AD AH
            NS opened: yes
            pile: 4C 7S KH QD 9H
        """, "The top card is a 9 again, but you hold one nine and a two.",
            Try("draw", "take the pile, or draw?",
                "Right: a wild card does not make the pair the pile asks for.",
                quote=(RuleId.C_PILE, "two natural cards"),
                wrong=(Wrong("pickup", "one natural and a wild card are not a pair."),))),
        _one("a black three on top", RuleId.C_BLACK3, """
            S hand: KC KD KS 6H 5C 8D JH
            NS melds: AS AD AH
            NS opened: yes
            pile: 4C 7S KH 3S
        """, "West threw a black three onto a king. You hold three kings.",
            Try("draw", "take the pile, or draw?",
                "Right: a black three on top closes the pile for one turn.",
                quote=(RuleId.C_BLACK3, "stops the next"),
                wrong=(Wrong("pickup"),))),
        _one("a pile for the other side", RuleId.C_DISCARD, """
            turn: S, meld
            S hand: 7C 7D QS 5H 6C
            NS melds: AS AD AH
            NS opened: yes
            EW melds: QC QD QH
            EW opened: yes
            pile: 8C 9D
        """, "West, who plays next, has a meld of queens on the table. You have drawn and melded what you can.",
            Try("discard 6", "which card do you throw: the queen, a seven or the six?",
                "Right: a six helps nobody; the queen would go on West's queens and the sevens are a pair.",
                quote=(RuleId.C_PILE, "as a new meld or onto"),
                wrong=(Wrong("discard Q", "West's side has queens open: with two queens West takes the pile "
                                          "and adds to them."),
                       Wrong("discard 7", "you would break your pair of sevens, which can take a pile of sevens."))),
        ),
    ),
)

FIRST_MELD = Lesson(
    "first-meld", "The first meld", (RuleId.C_MIN, RuleId.C_MELDING), words=("minimum", "opening", "open"),
    summary="the points your side's first meld of a deal must reach",
    steps=(
        _one("reaching the minimum", RuleId.C_MIN, """
            turn: S, meld
            S hand: KC KD KS 9C 9D 9S 5H 7C 8D
        """, "Your side has not melded yet this deal. You have drawn.",
            Try("meld K K K, 9 9 9", "lay a first meld that counts at least {minimum} points.",
                "Right: two melds in one go count together, and the kings and nines reach it.",
                quote=(RuleId.C_MELDING, "several melds may be combined"),
                wrong=(Wrong("meld K K K", "three kings alone are short of {minimum}: you could not discard "
                                           "after them without melding more."),
                       Wrong("discard 5", "you hold a first meld past the minimum: lay it, and the cards count "
                                          "for you instead of against you.")))),
        _one("a joker makes it", RuleId.C_MIN, """
            turn: S, meld
            S hand: QC QD QS JK 6H 6C 8D
        """, "Your side has not melded yet. You hold three queens and a joker.",
            Try("meld Q Q Q JK", "lay a first meld of at least {minimum} points.",
                "Right: a joker counts {joker}, and with the queens the meld is past {minimum}.",
                quote=(RuleId.C_MELDING, "wilds count"),
                wrong=(Wrong("meld Q Q Q", "three queens at {high} each are short of {minimum}."),))),
        _one("once your side has melded", RuleId.C_MIN, """
            turn: S, meld
            S hand: 5C 5D 5S 9H JD
            NS melds: AS AD AH AC
            NS opened: yes
        """, "North made your side's first meld a turn ago.",
            Try("meld 5 5 5", "your fives count {low} each, little. Meld them, or keep them?",
                "Right: the minimum is for the side's first meld only; now any meld goes down.",
                quote=(RuleId.C_MELDING, "If the partnership has not yet melded"),
                wrong=(Wrong("discard 5", "the minimum is behind you: melded cards count for your side, cards "
                                          "in hand against it."),))),
    ),
)

WILDS = Lesson(
    "wilds", "Wild cards and the ratio", (RuleId.C_RATIO, RuleId.C_WILD), words=("wild", "ratio", "wild-ratio"),
    summary="how many twos and jokers a meld may hold",
    steps=(
        _one("one wild with three naturals", RuleId.C_RATIO, """
            turn: S, meld
            S hand: 8C 8D 8S 2H 2D KC 6C
            NS opened: yes
        """, "You hold three eights and two twos.",
            Try("meld 8 8 8 2", "meld the eights with as many twos as the rules allow.",
                "Right: three naturals carry one wild card.", quote=(RuleId.C_RATIO, "at least twice"),
                wrong=(Wrong("meld 8 8 8 2 2"), Wrong("meld 8 8 2 2")))),
        _one("the ratio counts the whole meld", RuleId.C_RATIO, """
            turn: S, meld
            S hand: 7H 2H JK 9C 5C
            NS melds: 7C 7D 7S 7C 2C
            NS opened: yes
        """, "Your side's sevens hold four naturals and a two; you hold a seven, a two and a joker.",
            Try("add 7 2 to 7", "make the sevens a book: seven cards.",
                "Right: five naturals and two wild cards are seven cards within the ratio.",
                quote=(RuleId.C_RATIO, "at most 2 wilds"),
                wrong=(Wrong("add 2 JK to 7"),
                       Wrong("add 2 to 7", "allowed, but six cards are not a book; with the seven too they are."))),
        ),
        _one("two naturals and a wild", RuleId.C_RATIO, """
            turn: S, meld
            S hand: KC KD 2S 2D 6C 9H
            NS opened: yes
        """, "You hold two kings and two twos.",
            Try("meld K K 2", "start a meld of kings.",
                "Right: two naturals are twice one wild card.", quote=(RuleId.C_RATIO, "at least twice"),
                wrong=(Wrong("meld K 2 2"), Wrong("meld K K 2 2"),
                       Wrong("meld K K"), ))),
    ),
)

BOOKS_LESSON = Lesson(
    "books", "Books", (RuleId.C_BOOK, RuleId.C_ONEOPEN), words=("book", "clean", "dirty"),
    summary="seven-card melds, clean and dirty, and what comes after",
    steps=(
        _one("a clean book", RuleId.C_BOOK, """
            turn: S, meld
            S hand: 9S 9H 2C 6C JD
            NS melds: 9C 9D 9H 9S 9C
            NS opened: yes
        """, "Your side has five nines, no wild card. You hold two nines and a two.",
            Try("add 9 9 to 9", "close the nines into a book.",
                "Right: seven nines, no wild card: a clean book, {clean_bonus} points.",
                quote=(RuleId.C_BOOK, "Its kind"),
                wrong=(Wrong("add 9 2 to 9", "the two makes it a dirty book: {dirty_bonus} instead of "
                                             "{clean_bonus}, and the seven cards close it with a nine left over."),
                       Wrong("add 9 9 2 to 9")))),
        _one("a book is closed", RuleId.C_BOOK, """
            turn: S, meld
            S hand: KS KH KD 6C JD
            NS melds: KC KD KH KS KC KD KH
            NS opened: yes
        """, "Your side has a book of kings. You hold three more kings.",
            Try("meld K K K", "where do the kings go?",
                "Right: a book takes nothing more, but a new meld of kings may start beside it.",
                quote=(RuleId.C_ONEOPEN, "Any number of completed books"),
                wrong=(Wrong("add K K K to K"),))),
        _one("a dirty book", RuleId.C_BOOK, """
            turn: S, meld
            S hand: JS 2H JK 6C 8D
            NS melds: JC JD JH JS 2C
            NS opened: yes
        """, "Your side's jacks hold four naturals and a two. You hold a jack, a two and a joker.",
            Try("add J 2 to J", "close the jacks into a book.",
                "Right: five jacks and two twos: a dirty book, {dirty_bonus} points.",
                quote=(RuleId.C_BOOK, "dirty (at least one wild"),
                wrong=(Wrong("add 2 JK to J"),
                       Wrong("add J JK to J", "allowed, but a joker counts {joker} and the two {two}: the book "
                                              "is as dirty with the two, and the joker stays for another meld.")))),
    ),
)

FOOT = Lesson(
    "foot", "The foot", (RuleId.C_FOOT, RuleId.C_KEEP), words=("feet", "keep"),
    summary="reaching your foot, and the cards you must keep there",
    steps=(
        _one("meld the last cards", RuleId.C_FOOT, """
            turn: S, meld
            S hand: 6C 6D 6S
            NS melds: AS AD AH
            NS opened: yes
        """, "Three sixes are all that is left in your hand.",
            Try("meld 6 6 6", "reach your foot.",
                "Right: melding your last card picks up the foot at once, and your turn goes on.",
                quote=(RuleId.C_FOOT, "if they melded their last hand card"),
                wrong=(Wrong("discard 6", "you would reach the foot only next turn, and throw a card you "
                                          "could meld."),))),
        _one("discarding the last card", RuleId.C_FOOT, """
            turn: S, meld
            S hand: QC QD
            NS melds: QS QH QD
            NS opened: yes
        """, "Two queens are left in your hand, and your side has queens open.",
            Try("add Q Q to Q", "reach your foot this turn.",
                "Right: both queens go down and you play your foot now.",
                quote=(RuleId.C_FOOT, "go on with the turn"),
                wrong=(Wrong("discard Q", "discarding your last card picks up the foot, but you play it only "
                                          "from your next turn; the queens were worth melding."),))),
        _one("keep a card in the foot", RuleId.C_KEEP, """
            turn: S, meld
            S hand: 8C 8D 8H JS
            S foot: picked up
            NS melds: AS AD AH
            NS opened: yes
        """, "You play from your foot: three eights and a jack. North has not reached their foot.",
            Try("discard J", "meld the eights, or discard?",
                "Right: you cannot go out yet, so you must keep cards: throw the jack, keep the eights.",
                quote=(RuleId.C_KEEP, "may never be left"),
                wrong=(Wrong("meld 8 8 8"),))),
    ),
)

GOING_OUT = Lesson(
    "going-out", "Going out", (RuleId.C_OUT, RuleId.C_END), words=("out", "ask", "permission"),
    summary="asking your partner, and ending the deal",
    steps=(
        _one("ask first", RuleId.C_OUT, f"""
            turn: S, meld
            S hand: 5C 5D 5H KS
            S foot: picked up
            N foot: picked up
            NS melds: {BOOKS}
            NS opened: yes
        """, "You and North play from your feet, and your side has {clean} clean and {dirty} dirty books.",
            Try("ask", "you could go out: meld the fives, throw the king. What first?",
                "Right: going out needs your partner's yes, asked this turn.",
                quote=(RuleId.C_OUT, "may I go out"),
                wrong=(Wrong("meld 5 5 5"),
                       Wrong("discard K", "allowed, but it keeps three fives in your foot when you could go "
                                          "out and end the deal.")))),
        _one("after a yes", RuleId.C_OUT, f"""
            turn: S, meld
            asked: yes
            permission: yes
            S hand: 5C 5D 5H KS
            S foot: picked up
            N foot: picked up
            NS melds: {BOOKS}
            NS opened: yes
        """, "North said yes.",
            Try("meld 5 5 5", "go out: what now?",
                "Right: meld all but one card; then discard the king to go out.",
                quote=(RuleId.C_OUT, "melding all but one"),
                wrong=(Wrong("discard K", "the fives would stay in your foot, counting against you, and the "
                                          "deal would go on."),
                       Wrong("discard 5", "you would keep two fives and not go out.")))),
        _one("your partner in the foot", RuleId.C_OUT, """
            turn: S, meld
            S hand: 5C 5D 5H KS
            S foot: picked up
            NS melds: AS AD AH AC AS AD AH
            NS opened: yes
        """, "You play from your foot; North still holds a hand, and your side has one book.",
            Try("discard K", "can you go out?",
                "Right: not yet. North must reach their foot, and your side needs more books.",
                quote=(RuleId.C_OUT, "partner has picked up their own foot"),
                wrong=(Wrong("ask"), Wrong("meld 5 5 5")))),
    ),
)

LESSONS: tuple[Lesson, ...] = (PILE, FIRST_MELD, WILDS, BOOKS_LESSON, FOOT, GOING_OUT)


# The kinds of mistake a review names (hfcli.review.MistakeKind's values; a test checks each is
# one) and the lesson each leads to; the others (cards held, laying down) have none yet.
MISTAKE_LESSONS = {
    "pile given away": "pile",
    "pile not taken": "pile",
    "pile taken": "pile",
    "discard": "pile",
    "first meld too late or too costly": "first-meld",
    "going out missed or asked too early": "going-out",
}


def lesson_for(topic_or_rule: str) -> Lesson | None:
    """The lesson for a topic word (``pile``, ``first meld``, ``wild``), a rule id (``C-PILE``,
    ``c-ratio``) or a kind of mistake a review names (``pile given away``), or None: for a report
    on a game to suggest ``hf learn NAME``."""
    said = topic_or_rule.strip().lower()
    if said in MISTAKE_LESSONS:
        return next(lesson for lesson in LESSONS if lesson.name == MISTAKE_LESSONS[said])
    key = said.replace(" ", "-").replace("_", "-")
    if not key:
        return None
    rule = choice_of(RuleId, key.upper())
    for lesson in LESSONS:
        if key == lesson.name or key in lesson.words or (rule is not None and rule in lesson.rules):
            return lesson
    plural = key[:-1] if key.endswith("s") else key + "s"
    return next((lesson for lesson in LESSONS if plural == lesson.name or plural in lesson.words), None)


def lesson_list() -> list[str]:
    """``hf learn --list``: each lesson's name, what it covers, and its rules."""
    column = max(len(lesson.name) for lesson in LESSONS) + 2
    lines = [f"{'guided':<{column}}your first deal, an idea a step (hf learn)"]
    for lesson in LESSONS:
        rules = ", ".join(str(r) for r in lesson.rules)
        lines.append(f"{lesson.name:<{column}}{lesson.summary}; {len(lesson.steps)} positions ({rules})")
    return lines
