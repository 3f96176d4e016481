"""What a discard would hand the next player.

A discard goes on top of the pile, and the next player may take the pile with it (C-PILE) only
by holding two natural cards of its rank (two twos or two jokers for a wild card), or, with
``pile_with_wild``, one natural of it and a wild card. How likely that is comes from what this
seat knows of their hand: cards seen taken from the pile and still held, the cards of the rank
(and the wild cards) not yet seen anywhere, and the last time they showed no pair of it (they
discarded one, or drew while the pile was topped by one): only the cards come since could have
made the pair. What the pickup would be worth to them comes from the
cards it takes: the top card and their pair on the table, a book closed, cards onto their open
melds, wild cards, their first meld made.

Everything here is built from a :class:`SeatView` and the seat's :class:`SeatKnowledge` only.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import NamedTuple

from ai.hand import open_melds
from ai.knowledge import PASSED, RANKS, SeatKnowledge, Sign
from hfcli.engine.cards import JOKER, THREE, TWO
from hfcli.engine.melds import CLEAN_BOOK, DIRTY_BOOK, WILD, WILD_BOOK, BookKind, Meld
from hfcli.engine.reasons import Reason, ReasonKind, reason
from hfcli.engine.rules import Rules
from hfcli.engine.view import SeatView

# What one card taken from the pile is worth to the player who takes it, in points: a step
# toward a book (500 or 300 for seven cards) on top of its card value, less when it only may
# combine with cards they hold.
ONTO_MELD = 35.0
WILD_CARD = 40.0
WITH_A_PAIR = 20.0
LOOSE = 8.0
# How much of a book's bonus a meld of so many cards is worth, one to seven cards.
BOOK_SHARE = (0.0, 0.05, 0.1, 0.25, 0.35, 0.5, 0.7, 1.0)
FIRST_MELD = 60.0  # a side that has not melded gets to lay its hand down
# Before a side's first meld a pickup must reach the minimum from the top card and the hand.
FIRST_MELD_ODDS = 0.5
# How often a player who discards a card of a rank keeps another (breaking a pair).
KEPT_ONE = 0.15
# How often a player who draws instead of taking a pile topped by a rank holds one of it.
HELD_ONE_PASSING = 0.5
# How much less often a player holds what takes the pile topped by a rank their side has an open
# meld of: the cards that fit it are laid as they come. In 40 games of baseline-hard, a discard
# of such a rank was taken 1.0% of the time onto a pile of seven or more (3.2% onto a smaller
# one), any other rank 7.6% (10.4%).
HELD_BESIDE_MELD = 0.2
# The chance of a pair a player who does not count cards assumes for every rank.
UNCOUNTED_PAIR = 0.15
# ... and of a pair or a single with a wild card, where one natural and a wild take the pile
# (pile_with_wild): counted, thirteen unknown cards of a shoe of five decks hold a pair of a
# rank with 20 cards out about 25% of the time and a single and a wild (30 out) about 30%
# more, 2.2 times as often; the guess grows in the same proportion.
UNCOUNTED_PAIR_OR_WILD = 0.33
# The top cards one natural and a wild card cannot take (with pile_with_wild): wild cards and threes.
_NO_WILD_HELP = (TWO, JOKER, THREE)


def natural_total(rules: Rules, rank: int) -> int:
    """How many cards of ``rank`` the shoe holds."""
    return natural_totals(rules.deck_count)[rank]


@functools.cache
def natural_totals(decks: int) -> tuple[int, ...]:
    """How many cards of each rank a shoe of ``decks`` decks holds, by rank index."""
    return tuple(decks * (2 if rank == JOKER else 4) for rank in range(RANKS))


def book_bonus(rules: Rules, kind: BookKind) -> int:
    if kind is CLEAN_BOOK:
        return rules.clean_book_bonus
    if kind is DIRTY_BOOK:
        return rules.dirty_book_bonus
    return rules.wild_book_bonus


class Threat(NamedTuple):
    """The next player and a discard of one rank: how likely they take the pile, and its worth
    (a named tuple: a discard weighs one for every card it could throw)."""

    chance: float  # they hold what taking the pile with this card on top needs
    gain: float  # points the pickup is worth to them
    words: Callable[[], Reason]  # what is true of it, made a reason only when one is given

    @property
    def cost(self) -> float:
        return self.chance * self.gain

    @property
    def risk(self) -> Reason:
        return self.words()


class NextPlayer:
    """The seat that plays after this one, as far as this seat can see it."""

    def __init__(
        self, view: SeatView, knowledge: SeatKnowledge, *, counting: bool = True, exact: bool = False,
        melds_laid: bool = False,
    ) -> None:
        """``counting``: weigh the cards not yet seen and what the next player showed of their
        hand (else only the cards seen taken from the pile); ``exact``: the chances of drawing
        them without replacement (hypergeometric) rather than the binomial approximation;
        ``melds_laid``: a player lays the cards that fit their side's open melds, so seldom holds
        a pair of such a rank (:data:`HELD_BESIDE_MELD`)."""
        self.counting = counting
        self.exact = exact
        self.melds_laid = melds_laid
        rules = view.rules
        seating = view.seating
        seat = seating.next_seat(view.seat)
        team = seating.team_of[seat]
        self.rules = rules
        self.seat = seat
        self.name = seating.long_names[seat]
        self.friendly = team == view.team
        self.melds: dict[int, Meld] = open_melds(view.melds[team])
        self.opened = view.opened[team]
        self.known = knowledge.known_of(seat)
        self.knowledge = knowledge
        seen = knowledge.seen_counts(view)
        # The seat's own known cards are in ``seen`` (as another seat's); they are not in the pool.
        self.out = list(map(operator.sub, natural_totals(rules.deck_count), seen))
        self.unseen = max(1, rules.card_count - sum(seen))
        self.slots = max(0, view.hand_sizes[seat] - sum(self.known))
        self.take = min(rules.pile_limit, view.pile_size + 1)
        # The cards a pickup would take under the discard, top first.
        self.taken = [c.rank for c in reversed(view.pile[len(view.pile) - (self.take - 1):])]
        self._taken_worth: list[float] | None = None
        # The signs this seat has of the next player's hand, read once for every rank's chances.
        self._no_pair = knowledge.no_pair.get(seat, {})
        self._received = knowledge.received.get(seat, 0)
        # _spread by (slots, out): ranks with as many cards out share it, and a rank's chances
        # ask for it once or twice.
        self._spreads: dict[tuple[int, int], tuple[float, float]] = {}
        self._pile_with_wild = rules.pile_with_wild
        # What every rank's pickup_gain reads of the rules, read once a decision.
        self._values = rules.rank_values
        self._book = rules.book_size
        self._shares = book_shares(rules.book_size)

    def _worth_of_taken(self) -> list[float]:
        """What each of the cards under the discard is worth to them, whatever the discard (a
        card of the discard's own rank is counted apart, with the book it makes)."""
        if self._taken_worth is None:
            values = self.rules.rank_values
            taken = self.taken
            worth: list[float] = []
            for r in taken:
                if r == THREE:
                    worth.append(-values[THREE])
                elif r in (TWO, JOKER):
                    worth.append(WILD_CARD + values[r])
                elif r in self.melds:
                    worth.append(ONTO_MELD + values[r])
                elif self.known[r] or taken.count(r) >= 2:
                    worth.append(WITH_A_PAIR + values[r])
                else:
                    worth.append(LOOSE)
            self._taken_worth = worth
        return self._taken_worth

    def pair_chance(self, rank: int) -> float:
        """The chance they hold what taking the pile with ``rank`` on top needs: two natural
        cards of it (a matching wild pair for a wild), or, where the rules let one natural and
        a wild card take it (``pile_with_wild``), one of it and a wild card."""
        return sum(self.chances(rank))

    def chances(self, rank: int) -> tuple[float, float]:
        """The chances that they take the pile topped by ``rank`` with two natural cards of it,
        and (``pile_with_wild``) with one of it and a wild card, holding no pair."""
        have = self.known[rank]
        if have >= 2:
            return 1.0, 0.0
        if self._pile_with_wild and rank not in _NO_WILD_HELP:  # self.with_wild(rank), read once a decision
            return self._pair_or_wild_chances(rank)
        if not self.counting:
            return UNCOUNTED_PAIR, 0.0
        odds = self._odds
        out = self.out[rank]
        # knowledge.last_no_pair(self.seat, rank), from the signs read once.
        shown = self._no_pair.get(rank)
        if shown is None:
            return odds(2 - have, self.slots, out), 0.0
        # They showed no pair then: only the cards come since can have made one, with the one
        # they may have held (a pair broken by a discard; a single beside a pile passed up).
        sign = shown[1]
        slots = min(self.slots, self._received - shown[0])
        if have == 1:
            return odds(1, slots, out), 0.0
        held = HELD_ONE_PASSING if sign is PASSED else KEPT_ONE
        return held * odds(1, slots, out) + (1 - held) * odds(2, slots, out), 0.0

    def with_wild(self, rank: int) -> bool:
        """Whether one natural of ``rank`` and a wild card would take the pile (C-PILE with
        ``pile_with_wild``, a natural top card only; C-RATIO always holds on the meld it makes,
        since V-RATIO's "four" cannot go with it)."""
        return self.rules.pile_with_wild and rank not in _NO_WILD_HELP

    def _known_wilds(self) -> int:
        return self.known[TWO] + self.known[JOKER]

    def _pair_or_wild_chances(self, rank: int) -> tuple[float, float]:
        """:meth:`chances` where one natural and a wild card take the pile too: that of a pair,
        and that of exactly one natural times that of a wild card among their unknown cards
        (taken as independent). A pile passed up with one natural in hand showed no wild card
        then either: only the cards come since can have brought one."""
        have = self.known[rank]
        if not self.counting:
            return UNCOUNTED_PAIR, UNCOUNTED_PAIR_OR_WILD - UNCOUNTED_PAIR
        spread = self._spread
        out = self.out[rank]
        wild_out = self.out[TWO] + self.out[JOKER]
        wild = 1.0 if self._known_wilds() else 1.0 - spread(self.slots, wild_out)[0]
        sign_since = self.knowledge.last_no_pair(self.seat, rank)
        if sign_since is None:
            none, one = spread(self.slots, out)
            if have == 1:
                return 1.0 - none, none * wild
            return max(0.0, 1.0 - none - one), one * wild
        fresh, sign = sign_since
        slots = min(self.slots, fresh)
        none, one = spread(slots, out)
        # The wild card beside a natural held when the sign was shown: any of their unknown
        # cards after a discard, only the cards come since after a pile passed up.
        wild_then = wild
        if sign is PASSED and not self._known_wilds():
            wild_then = 1.0 - spread(slots, wild_out)[0]
        if have == 1:
            return 1.0 - none, none * wild_then
        held = HELD_ONE_PASSING if sign is PASSED else KEPT_ONE
        pair = held * (1.0 - none) + (1 - held) * max(0.0, 1.0 - none - one)
        return pair, held * none * wild_then + (1 - held) * one * wild

    def _odds(self, need: int, slots: int, out: int) -> float:
        """The chance that ``slots`` unseen cards hold ``need`` (1 or 2) of a rank with ``out``
        cards among the unseen ones."""
        if out < need or slots < need:
            return 0.0
        none, one = self._spread(slots, out)
        if need == 1:
            return 1.0 - none
        return max(0.0, 1.0 - none - one)

    def _spread(self, slots: int, out: int) -> tuple[float, float]:
        """The chances that ``slots`` unseen cards hold none and exactly one of ``out`` cards
        among the unseen ones."""
        if slots == 0 or out == 0:
            return 1.0, 0.0
        key = (slots, out)
        found = self._spreads.get(key)
        if found is None:
            found = self._spreads[key] = self._spread_of(slots, out)
        return found

    def _spread_of(self, slots: int, out: int) -> tuple[float, float]:
        """:meth:`_spread`, worked out."""
        unseen = max(self.unseen, out + slots)
        if self.exact:
            none = 1.0
            for i in range(slots):
                none *= (unseen - out - i) / (unseen - i)
            one = none * slots * out / max(1, unseen - out - slots + 1)
        else:
            p = out / unseen
            q = 1.0 - p
            none = q**slots
            one = slots * p * q ** (slots - 1)
        return none, one

    def threat(self, rank: int) -> Threat:
        """What discarding a card of ``rank`` hands the next player."""
        rules = self.rules
        seat = self.seat
        if self.friendly:
            return Threat(0.0, 0.0, lambda: reason(ReasonKind.PARTNER_NEXT, seat=seat))
        if rank == THREE:
            return Threat(0.0, 0.0, lambda: reason(ReasonKind.NO_PILE_ON_THREE, seat=seat))
        if rules.pile_needs_first_meld and not self.opened:
            return Threat(0.0, 0.0, lambda: reason(ReasonKind.NO_PILE_BEFORE_MELD, seat=seat))
        meld_rank = WILD if rank in (TWO, JOKER) else rank
        if meld_rank == WILD and not rules.wild_melds:
            return Threat(0.0, 0.0, lambda: reason(ReasonKind.NO_PILE_ON_WILD, seat=seat))
        meld = self.melds.get(meld_rank)
        if meld is not None and len(meld.cards) + 3 > rules.book_size:
            return Threat(0.0, 0.0, lambda: reason(ReasonKind.NO_ROOM, seat=seat, rank=meld_rank))
        pair, by_wild = self.chances(rank)
        if self.melds_laid and meld is not None and self.known[rank] < 2:
            pair *= HELD_BESIDE_MELD
            by_wild *= HELD_BESIDE_MELD
        chance = pair + by_wild
        if chance == 0.0:
            return Threat(0.0, 0.0, lambda: self._why_not(rank))
        gain, closes = self.pickup_gain(rank, meld)
        if by_wild:
            # A wild card from their hand makes the meld dirty: the gain of either way, weighed.
            dirty, dirty_closes = self.pickup_gain(rank, meld, with_wild=True)
            gain = (pair * gain + by_wild * dirty) / chance
            closes = closes if pair >= by_wild else dirty_closes
        if not self.opened:
            chance *= FIRST_MELD_ODDS
        # Built as a plain tuple: a discard weighs one for every card it could throw.
        return _new_tuple(Threat, (chance, gain, lambda: self._risk(rank, chance, closes)))

    def _risk(self, rank: int, chance: float, closes: str | None) -> Reason:
        """What a discard of ``rank`` risks. What the next player showed (cards taken from the
        pile, a card thrown, a pile passed up) is public; the chance is worked out from the cards
        this seat holds too, so it is this seat's."""
        wild = self.with_wild(rank)
        known = self.known[rank]
        if known >= 2:
            how = "holds-two"
        elif wild and known and self._known_wilds():
            how = "holds-one-and-wild"
        elif not self.counting:
            how = "could-if"
        else:
            how = "could"
        sign = self.knowledge.last_no_pair(self.seat, rank) if known == 0 and self.counting else None
        return reason(
            ReasonKind.RISK, seat=self.seat, rank=rank, take=self.take, how=how, with_wild=wild or None,
            book=closes, first_meld=(closes is None and not self.opened) or None, held=known or None,
            sign=None if sign is None else _SIGN_WORD[sign[1]], since=None if sign is None else sign[0],
            chance=fact_chance(chance), private=("chance",),
        )

    def _why_not(self, rank: int) -> Reason:
        """Why the next player cannot take the pile with ``rank`` on top."""
        seat = self.seat
        left = self.out[rank] + self.known[rank]
        wild = self.with_wild(rank) or None
        if left < 2 and not (wild and left):
            # How many are out of sight counts the cards this seat holds: the hand's.
            return reason(ReasonKind.NONE_UNSEEN, seat=seat, rank=rank, left=left, private=("left",))
        sign = self.knowledge.last_no_pair(seat, rank)
        if sign is not None and sign[0] == 0:
            return reason(ReasonKind.NOTHING_SINCE, seat=seat, rank=rank, sign=_SIGN_WORD[sign[1]])
        if self.slots == 0:
            return reason(ReasonKind.ALL_KNOWN, seat=seat, rank=rank, with_wild=wild)
        if self.slots == 1 and not wild:
            return reason(
                ReasonKind.FEW_UNKNOWN, seat=seat, rank=rank, unknown=self.slots, hand=self.slots + sum(self.known)
            )
        return reason(ReasonKind.TOO_FEW_UNSEEN, seat=seat, rank=rank, left=left, with_wild=wild, private=("left",))

    def pickup_gain(self, rank: int, meld: Meld | None, with_wild: bool = False) -> tuple[float, str | None]:
        """Points taking the pile topped by ``rank`` would be worth to them (``with_wild``: with
        one natural and a wild card from the hand), and the kind of book it closes at once (None
        if none)."""
        rules = self.rules
        book = self._book
        taken = self.taken
        gain = 3.0 * self._values[rank]
        size = len(meld.cards) if meld is not None else 0
        same = taken.count(rank) + max(0, self.known[rank] - 2)
        after = min(book, size + 3 + same)
        if rank == TWO or rank == JOKER:
            kind = WILD_BOOK
        else:
            kind = DIRTY_BOOK if with_wild or meld is not None and meld.wilds else CLEAN_BOOK
        closes: str | None = None
        if after >= book:
            gain += book_bonus(rules, kind)
            closes = str(kind)
        else:
            shares = self._shares
            gain += book_bonus(rules, kind) * (shares[after] - shares[size])
        worth_of_taken = self._taken_worth
        if worth_of_taken is None:
            worth_of_taken = self._worth_of_taken()
        for r, worth in zip(taken, worth_of_taken, strict=True):
            if r != rank:
                gain += worth  # in the pile's order, as they are added up card by card
        if not self.opened:
            gain += FIRST_MELD
        return gain, closes


_new_tuple = tuple.__new__  # a named tuple without its __new__'s argument handling


def fact_chance(chance: float) -> float:
    """A chance as a reason keeps it: three significant figures, so that a small chance stays
    above nought and a transcript line stays short."""
    return float(f"{chance:.3g}")


def book_share(cards: int, book: int) -> float:
    """How much of a book's bonus a meld of ``cards`` cards is worth."""
    return BOOK_SHARE[min(7, round(cards * 7 / book))]


@functools.cache
def book_shares(book: int) -> tuple[float, ...]:
    """:func:`book_share` of melds of 0 to ``book`` cards, by their cards (read once a rule set)."""
    return tuple(book_share(cards, book) for cards in range(book + 1))


# What the next player did that showed no pair of a rank, as a reason's fact.
_SIGN_WORD = {Sign.PASSED: "passed", Sign.DISCARDED: "threw"}
