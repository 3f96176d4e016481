"""The rule-based strategy's styles: what each level of play thinks about (:class:`Style`).

The strategy itself is one named function per decision, each reading a :class:`SeatView` (and
the seat's :class:`SeatKnowledge` of the public history) and returning a move with its reason, as
data (:mod:`hfcli.engine.reasons`): the draw (:mod:`ai.drawing`), the first meld
(:mod:`ai.opening`), melding and books (:mod:`ai.melding`), and the discard
(:mod:`ai.discarding`). The levels differ only through their style, which switches parts on or off.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Style:
    """What a level of play does and does not think about."""

    name: str
    block_with_threes: bool = True
    count_cards: bool = True  # ... from the cards not yet seen and what they showed (else only known pairs)
    reserve_wilds: bool = True  # keep wilds toward the wild book while one is needed
    guard_clean: bool = True  # don't dirty a clean meld close to a book (two cards short or less)
    low_stock: int = 10  # stock size (at two cards a draw) at which to play for points on the table
    pile_margin: float = 0.0  # how much better than a draw the pile must look
    lookahead: bool = False  # weigh the possible draws from the unseen cards
    pair_wild_hand: int = 5  # hand size from which a pair is laid with a wild card
    rush_burden: float = 1.5  # cost of each useless pile card once the books are there
    wild_first: bool = False  # wild cards go to wild books (1500) before dirty ones
    always_clean: bool = False  # guard clean melds close to a book even when no clean book is needed
    race_danger: float = 0.3  # weight of feeding the next player once the books are there
    feed_weight: float = 1.0  # weight of what a discard hands the next player (the pile is lost to this side too)
    exact_odds: bool = False  # the next player's chance of a pair drawn without replacement
    # Once the dirty books are there, wild cards go to wild books only, the first and any after:
    # seven of them in a wild book are worth 1500, about 200 each, while a wild card that closes
    # a dirty book trades the clean book its naturals could become (500) for 300.
    hoard_wilds: bool = False
    # What keeping a card is worth when choosing a discard, in points on top of its card value:
    pair_keep: float = 75.0  # a pair melds with one more card or a wild card, and takes a pile topped by its rank
    set_keep: float = 120.0  # three or more: a meld waiting in the hand
    fits_keep: float = 200.0  # it goes onto the partnership's open meld
    # A partner who throws a wild card while holding a card that is not wild is the first thing
    # players complain of: with this, a wild card is kept over any other card but one that would
    # all but surely hand the next player a book (WILD_SPARED).
    keep_wilds: bool = False
    # Answering "may I go out?" (ai.going_out): no when this seat's own cards would cost the side
    # more than going out gains (a foot just picked up), and yes when the side is ahead in the game.
    spare_own_cards: bool = False
    out_when_ahead: bool = False
    # Feeding the next player (ai.risk): they seldom hold a pair of a rank their side has an open
    # meld of, since the cards that fit it are laid as they come.
    melds_laid: bool = False


EASY = Style(
    "easy", block_with_threes=False, count_cards=False,
    reserve_wilds=False, guard_clean=False, low_stock=0, pile_margin=2.0,
)
NORMAL = Style("normal")
# hard's feed_weight: against normal, 2.0 won 58.6%, 59.7% and 59.0% of 1,000 games on three
# seed ranges and 1.5 won 60.4%, 61.2% and 60.0% (1.0 and 1.25 were as good on the first two);
# 1.5 keeps its discards handing over the pile less often than normal's.
HARD = Style(
    "hard", lookahead=True, rush_burden=0.5, wild_first=True, pile_margin=-1.0, always_clean=True,
    exact_odds=True, feed_weight=1.5, hoard_wilds=True, keep_wilds=True,
    spare_own_cards=True, out_when_ahead=True, melds_laid=True,
)
STYLES = {s.name: s for s in (EASY, NORMAL, HARD)}
