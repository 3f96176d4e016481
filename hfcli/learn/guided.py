"""The guided first deal (``hf learn``): one hand-picked deal of the quick rules, an idea a step,
in the order a teacher brings them in. The other seats play fixed moves, so it goes the same way
every time; a step that starts "later" puts the deal further on, where its idea comes up.

Figures in braces come from the rule set, quotes from the rule text, refusals from the engine
(see :mod:`hfcli.learn.course`).
"""

from __future__ import annotations

from hfcli.engine.rule_ids import RuleId
from hfcli.learn.course import Lesson, Step, Try, Wrong

# Books on the table for the last steps: two clean (aces, queens), two dirty (fours, nines).
_BOOKS = "AS AD AH AC AS AD AH / QC QD QH QS QC QD QH / 4C 4D 4H 2C 4S 4D 4H / 9C 9D 9H 9S 9C 2D 9D"

STEPS: tuple[Step, ...] = (
    Step(
        "drawing two", RuleId.C_DRAW,
        table="""
            S hand: 4C 4D 4H 2C 2D AS AD
            pile: 8D
            stock: AH QS 7C 7D
        """,
        then=("You sit South; your partner is North, across the table; West and East play against you. "
              "Your hand is at the bottom of the table. Your foot, a second hand of {foot} cards, waits "
              "face down until your hand is gone."),
        tries=(
            Try("draw", "every turn starts by taking cards. Type draw.",
                "You took {draw} cards from the stock, the face-down pile.",
                quote=(RuleId.C_DRAW, "A turn begins with")),
        ),
    ),
    Step(
        "melds of three or more", RuleId.C_MELD,
        tries=(
            Try("meld 4 4", "a meld is cards of one rank laid on the table. Try a pair first: meld 4 4.",
                "Two cards are not a meld.", quote=(RuleId.C_MELD, "A meld is 3"), refused=True),
            Try("meld 4 4 4", "now three of them: meld 4 4 4.",
                "Three fours make a meld. It belongs to your side: North may add to it too.",
                quote=(RuleId.C_TEAMMELD, "Either partner")),
        ),
    ),
    Step(
        "wild cards and the 2:1 ratio", RuleId.C_RATIO,
        tries=(
            Try("add 2 2 to 4", "twos and jokers are wild: they join any meld. Try both twos: add 2 2 to 4.",
                "Too many wild cards for three naturals.", quote=(RuleId.C_RATIO, "at least twice"),
                refused=True),
            Try("add 2 to 4", "one wild card with three fours is within the ratio: add 2 to 4.",
                "Your fours now hold a wild card: a two counts {two} points, a joker {joker}.",
                quote=(RuleId.C_WILD, "Twos and jokers are wild")),
        ),
    ),
    Step(
        "the first meld's minimum", RuleId.C_MIN,
        tries=(
            Try("discard Q", "you could end your turn now by discarding. Try it: discard Q.",
                "Your side's first melds of the deal must add up to {minimum} points before you discard; "
                "the fours and the two are short of it (card values: rules C-VALUE).",
                quote=(RuleId.C_MIN, "Minimum first meld"), refused=True),
            Try("meld A A A", "aces count {ace} each. Meld them: meld A A A.",
                "Now your first meld is past the minimum. From now on your side melds freely.",
                quote=(RuleId.C_MELDING, "several melds may be combined")),
        ),
    ),
    Step(
        "discarding", RuleId.C_DISCARD,
        tries=(
            Try("discard Q", "a turn ends with one discard, face up on the pile. Keep the two: discard Q.",
                "Your turn is over; West plays next. Whatever you throw, West may take with a pair.",
                quote=(RuleId.C_DISCARD, "A turn ends with discarding"),
                wrong=(Wrong("discard 2", "a two is worth {two} points and fits any meld: throw the queen, "
                                          "the card you can use least."),)),
        ),
    ),
    Step(
        "the pile, and why a pair matters", RuleId.C_PILE,
        table="""
            S hand: JH QC QD 9S 4S 4D 2H
            NS melds: 4C 4D 4H 2C / AS AD AH
            NS opened: yes
            pile: 5S 7D KC JC
            stock: 8S 6H 4C TD KH 5S QS 7C
        """,
        stock_left=150,
        then=("A few turns later. East has just thrown a jack: the pile's top card is the J. Taking the pile "
              "brings many cards at once, but only with a pair of its top card."),
        tries=(
            Try("pickup", "try to take the pile: pickup.",
                "You hold one jack, not two.", quote=(RuleId.C_PILE, "two natural cards"), refused=True),
            Try("draw", "so draw instead: draw.", "Two cards from the stock, as every turn without the pile."),
            Try("discard J", "throw the jack back: discard J.",
                "West, North and East play now. Watch the pile's top card.",
                wrong=(Wrong("discard Q", "you hold two queens: keep the pair, it can take the pile."),
                       Wrong("discard 4", "your side has fours on the table: a four is worth keeping to add."))),
            Try("pickup", "East threw a queen, and you hold two queens: pickup.",
                "The queen and your pair were melded at once, and the pile's next cards, up to {pile_take}, "
                "went to your hand.", quote=(RuleId.C_PILE, "Taking the discard pile takes")),
        ),
        others=(("W", "draw"), ("W", "discard 4C"), ("N", "draw"), ("N", "discard KH"),
                ("E", "draw"), ("E", "discard QS")),
    ),
    Step(
        "books", RuleId.C_BOOK,
        tries=(
            Try("add 4 4 4 to 4", "a meld of {book} cards is a book. Your fours have four cards: add 4 4 4 to 4.",
                "Seven cards: a book. It holds a wild card, so it is dirty: {dirty_bonus} points at the end. "
                "A book with no wild card is clean: {clean_bonus}.", quote=(RuleId.C_BOOK, "Its kind")),
            Try("add 2 to 4", "a book is closed. Try to add your two to it anyway: add 2 to 4.",
                "Nothing can be added to a book.", quote=(RuleId.C_BOOK, "nothing can be added"), refused=True),
        ),
    ),
    Step(
        "reaching the foot", RuleId.C_FOOT,
        table="""
            turn: S, meld
            S hand: 9C 9D 9S JC JD
            S foot: 3H 3S 5C 5D 5H KS 7D
            NS melds: 4C 4D 4H 2C 4S 4D 4H / AS AD AH / QC QD QH / JS JH JH
            NS opened: yes
            pile: 6C
            stock: 8C TC 6D 6S 8S 8D
        """,
        stock_left=110,
        then=("Later in the deal: you have drawn, and five cards are left in your hand. When the hand is "
              "gone, you play on from your foot."),
        tries=(
            Try("meld 9 9 9", "meld the nines: meld 9 9 9.", "Two cards left, both jacks."),
            Try("add J J to J", "your side has jacks open: add J J to J.",
                "Your hand is empty: you picked up your foot at once, and your turn goes on.",
                quote=(RuleId.C_FOOT, "if they melded their last hand card")),
        ),
    ),
    Step(
        "red and black threes", RuleId.C_BLACK3,
        tries=(
            Try("discard 3", "your foot held a red three: it went down by itself and a card replaced it "
                "(C-RED3). A black three is only for discarding: discard 3.",
                "A black three on the pile stops West taking it.", quote=(RuleId.C_BLACK3, "stops the next"),
                wrong=(Wrong("discard K", "a king on top would let West take the pile with a pair of kings."),)),
        ),
        others=(("W", "draw"), ("W", "discard 6D")),
        done="West had to draw: the black three kept the pile closed. A red three counts {red_three} for your "
             "side (one left in an unpicked foot costs as much).",
    ),
    Step(
        "asking to go out", RuleId.C_OUT,
        table=f"""
            turn: S, meld
            S hand: 5C 5D 5H KS KD 7D
            S foot: picked up
            N foot: picked up
            N hand: 6C 8D
            NS melds: {_BOOKS} / KC KH KH
            NS red threes: 3H
            NS opened: yes
            EW melds: TC TD TH TS / 8C 8D 8H
            EW opened: yes
            pile: 6C JH
            stock: 8C TC 6D
        """,
        stock_left=90,
        then=("Three turns later. You play from your foot, North too, and your side has {clean} clean and "
              "{dirty} dirty books: enough to go out, which ends the deal."),
        tries=(
            Try("meld 5 5 5", "lay what you can: meld 5 5 5.", "Three cards left: two kings and a seven."),
            Try("add K K to K", "going out is melding all but one card and discarding the last. Add the kings: "
                "add K K to K.", "One card would be left, and only a player going out may get that low.",
                quote=(RuleId.C_KEEP, "may never be left"), refused=True),
            Try("ask", "so ask North first: ask.", "You asked; North answers at once.",
                quote=(RuleId.C_OUT, "may I go out")),
            Try("add K K to K", "North said yes: you may go out this turn. Now the kings: add K K to K.",
                "One card left: the seven."),
            Try("discard 7", "and go out: discard 7.",
                "You went out, which ends the deal: its score sheet is above."),
        ),
        others=(("N", "yes"),),
    ),
    Step(
        "the score sheet", RuleId.C_SCORE, tries=(),
        done=("Each side scores its melds, books ({clean_bonus} clean, {dirty_bonus} dirty), red threes and "
              "going out ({going_out}); cards left in hands and feet count against it."),
    ),
)

GUIDED = Lesson("guided", "Your first deal", (), STEPS,
                summary="a whole deal, one idea a step, from drawing to the score sheet")
