"""The most card value a set of cards can lay down as new melds (C-MIN, C-MELDING, C-PILE).

Used to decide whether a partnership that has not melded yet may take the pile: it may only
when the top card and its hand can reach the deal's minimum, so a taken pile never strands it.
The search is a small knapsack over ranks on the number of wild cards used, so its cost does
not grow with the hand.
"""

from __future__ import annotations

from functools import lru_cache

from hfcli.engine.cards import JOKER, NATURAL_RANKS, TWO
from hfcli.engine.melds import WILD
from hfcli.engine.options import WildRatio
from hfcli.engine.rules import Rules

NEG = -1


@lru_cache(maxsize=4096)
def _naturals_by_wilds(naturals: int, max_w: int, book: int, ratio: WildRatio) -> tuple[int, ...]:
    """For k = 0..max_w wilds: the most naturals of one rank layable with exactly k wilds.

    Layable means: any number of complete books plus at most one incomplete meld (C-ONEOPEN),
    each obeying the rules' ``ratio`` (C-RATIO, V-RATIO). -1 where k wilds cannot be placed.
    """
    best = [NEG] * (max_w + 1)
    best[0] = 0
    per_book = ratio.wilds_in(book)  # most wilds one book can hold
    max_books = (naturals + max_w) // book
    for books in range(max_books + 1):
        for book_wilds in range(min(books * per_book, max_w) + 1):
            used = books * book - book_wilds
            if used > naturals:
                continue
            # no open meld
            if book_wilds <= max_w and used > best[book_wilds] and (books or book_wilds == 0):
                best[book_wilds] = used
            for size in range(3, book):
                for open_wilds in range(size + 1):
                    nat = size - open_wilds
                    if not ratio.allows(nat, open_wilds):
                        continue
                    k = book_wilds + open_wilds
                    total = used + nat
                    if k <= max_w and total <= naturals and total > best[k]:
                        best[k] = total
    return tuple(best)


def _wild_meld_sizes(wilds: int, book: int) -> list[int]:
    """Counts of wild cards that can be laid as wild melds: books plus one open wild meld."""
    sizes = [0]
    for c in range(3, wilds + 1):
        if c % book == 0 or c % book >= 3:
            sizes.append(c)
    return sizes


def max_opening_value(
    counts: list[int],
    twos: int,
    jokers: int,
    rules: Rules,
    forced_rank: int | None = None,
    forced_naturals: int = 3,
    free_wild_slots: int = 0,
) -> int:
    """The highest card value layable from natural ``counts`` (indexed by rank) and wilds.

    ``forced_rank`` must be laid with at least ``forced_naturals`` naturals (a pile taken on that
    rank: three, or two and a wild card where the rules let a natural and a wild take it), or
    ``WILD`` for a wild meld of at least three cards; -1 when that is impossible.
    ``free_wild_slots`` more wild cards may go where nothing limits them (a wild meld already laid
    and not yet a book).
    """
    values = rules.rank_values
    wilds = twos + jokers
    ratio = rules.wild_ratio
    book = rules.book_size
    # dp[k]: the most the natural melds so far are worth using k wild cards (NEG: not possible).
    dp = [NEG] * (wilds + 1)
    dp[0] = 0
    for rank in NATURAL_RANKS:
        n = counts[rank]
        if n < 2:  # a meld of three holds two naturals at least, whatever the wild ratio
            if rank == forced_rank:
                return NEG
            continue
        least = forced_naturals if rank == forced_rank else 0
        dp = _with_rank(dp, _naturals_by_wilds(n, wilds, book, ratio), values[rank], least)
    if rules.wild_melds:
        dp = _with_wild_meld(dp, book, 3 if forced_rank == WILD else 0, free_wild_slots)
    elif forced_rank == WILD:
        return NEG
    # Any wild slot takes any wild card, so the best k wilds are the jokers first.
    wild_values = [values[JOKER]] * jokers + [values[TWO]] * twos
    best = NEG
    running = 0
    for k in range(wilds + 1):
        if k:
            running += wild_values[k - 1]
        if dp[k] >= 0 and dp[k] + running > best:
            best = dp[k] + running
    return best


def _with_rank(dp: list[int], options: tuple[int, ...], value: int, least: int) -> list[int]:
    """``dp`` with a meld of one rank added: ``options[j]`` naturals with ``j`` wild cards (-1: not
    allowed), each worth ``value``, and at least ``least`` naturals of it."""
    wilds = len(dp) - 1
    new = [NEG] * (wilds + 1)
    for k, base in enumerate(dp):
        if base < 0:
            continue
        for j, nat in enumerate(options):
            if nat < 0 or k + j > wilds:
                continue
            if nat < least:
                continue
            score = base + nat * value
            if score > new[k + j]:
                new[k + j] = score
    return new


def _with_wild_meld(dp: list[int], book: int, least: int, free_wild_slots: int) -> list[int]:
    """``dp`` with the wild cards left over laid as wild melds of at least ``least`` cards, and up
    to ``free_wild_slots`` more where nothing limits them."""
    wilds = len(dp) - 1
    new = [NEG] * (wilds + 1)
    for k, base in enumerate(dp):
        if base < 0:
            continue
        for c in _wild_meld_sizes(wilds - k, book):
            if c < least:
                continue
            for extra in range(min(free_wild_slots, wilds - k - c) + 1):
                if base > new[k + c + extra]:
                    new[k + c + extra] = base
    return new
