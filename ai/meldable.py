"""What a hand can still meld, worked out on counts of cards by rank: how many cards would be
left over, whether the hand can meld out (or all but one card), and whether it can go out: meld
down to its last card with the partnership's books complete, counting the books it closes on the
way (C-OUT).

These work on plain counts and meld shapes, not on a game, so a player can try them on hands
and tables that do not exist yet (after a pickup, after a move it is weighing).
"""

from __future__ import annotations

from collections.abc import Iterable

from ai.knowledge import RANKS, target_rank
from hfcli.engine.cards import JOKER, NATURAL_RANKS, THREE, TWO
from hfcli.engine.melds import WILD, Meld
from hfcli.engine.moves import MELD_KIND, Move
from hfcli.engine.rules import Rules

MeldShape = tuple[int, int, int]  # an open meld's cards, naturals, wilds
Books = tuple[int, int, int]  # clean, dirty, wild


def meld_shapes(melds: tuple[Meld, ...]) -> dict[int, MeldShape]:
    """The partnership's open melds by rank, as (cards, naturals, wilds)."""
    return {m.rank: (len(m.cards), m.naturals, m.wilds) for m in melds if not m.is_book}


def leftover_of(rules: Rules, counts: list[int], shapes: dict[int, MeldShape]) -> int:
    """How many of ``counts`` could not be melded onto ``shapes`` or into new melds.

    One card fewer leaves at most one card fewer over, whatever the card: a three, a single or
    one beyond a book goes; a pair broken leaves a single and frees its wild card (which covers
    another pair, or makes a third wild for a wild meld); a smaller meld or an open meld taking
    one card fewer has at most one more place for a wild card; a wild card fewer is at most one
    fewer without a place. :func:`can_finish` counts on it (and a property test checks it)."""
    book = rules.book_size
    pair_takes_wild = rules.wild_ratio.pair_takes_wild
    caps = rules.wild_caps
    left = counts[THREE]
    wild_room = 0
    pairs = 0
    # What _share works out for each rank, written out here: this is asked a thousand times a game.
    for rank in NATURAL_RANKS:
        n = counts[rank]
        if not n:
            continue
        shape = shapes.get(rank)
        if shape is not None:
            size, nat0, wild0 = shape
            put = min(n, book - size)
            n -= put
            wild_room += max(0, min(book - size - put, caps[nat0 + put] - wild0))
        if n >= 3:
            nat = min(n, book)
            wild_room += min(book - nat, caps[nat])
            n = max(0, n - book) if n > book and n - book < 3 else 0
        if n == 2 and pair_takes_wild:
            pairs += 1
        else:
            left += n
    return _left_with_wilds(rules, shapes, left, wild_room, pairs, counts[TWO] + counts[JOKER])


def _share(
    book: int, pair_takes_wild: bool, caps: tuple[int, ...], n: int, shape: MeldShape | None
) -> tuple[int, int, int]:
    """One rank's part of :func:`leftover_of`'s sums for ``n`` cards of it: the cards left over,
    the places for wild cards, and the pairs that need one."""
    if not n:
        return 0, 0, 0
    room = 0
    if shape is not None:
        size, nat0, wild0 = shape
        put = min(n, book - size)
        n -= put
        room += max(0, min(book - size - put, caps[nat0 + put] - wild0))
    if n >= 3:
        nat = min(n, book)
        room += min(book - nat, caps[nat])
        n = max(0, n - book) if n > book and n - book < 3 else 0
    if n == 2 and pair_takes_wild:
        return 0, room, 1
    return n, room, 0


def _left_with_wilds(
    rules: Rules, shapes: dict[int, MeldShape], left: int, wild_room: int, pairs: int, wilds: int
) -> int:
    """:func:`leftover_of` from its sums over the natural ranks (``left`` counting the threes)
    and the wild cards held: each pair takes a wild card, the rest go to the wild meld (or make
    one) and onto the places on natural melds."""
    book = rules.book_size
    if wilds < pairs:
        left += 2 * (pairs - wilds)
        wilds = 0
    else:
        wilds -= pairs
    if wilds and rules.wild_melds:
        shape = shapes.get(WILD)
        if shape is not None:
            wilds -= min(wilds, book - shape[0])
        if wilds >= 3:
            wilds = max(0, wilds - book)
    if wilds:
        left += wilds - min(wilds, wild_room)
    return left


def can_finish(
    rules: Rules, counts: list[int], shapes: dict[int, MeldShape], keep_one: bool, leftover: int | None = None
) -> bool:
    """Whether every card can be melded (``keep_one``: every card but one, left to discard);
    ``leftover`` is ``leftover_of`` the counts, when the caller has it already."""
    if leftover is None:
        leftover = leftover_of(rules, counts, shapes)
    if not keep_one:
        return leftover == 0
    if leftover > 1:
        # One card fewer leaves at most one fewer card unmeldable (see leftover_of): with two or
        # more left over now, no card kept back lets the rest meld.
        return False
    # Whether leftover_of is 0 with some card fewer: its sums are worked out once, rank by rank,
    # and a card fewer changes only its own rank's part (or the wild cards held, or the threes).
    book = rules.book_size
    pair_takes_wild = rules.wild_ratio.pair_takes_wild
    caps = rules.wild_caps
    left = counts[THREE]
    room = pairs = 0
    fewer: list[tuple[int, int, int]] = []  # each natural rank held: its part with one card fewer, less its part
    for rank in NATURAL_RANKS:
        n = counts[rank]
        if n:
            shape = shapes.get(rank)
            left0, room0, pairs0 = _share(book, pair_takes_wild, caps, n, shape)
            left1, room1, pairs1 = _share(book, pair_takes_wild, caps, n - 1, shape)
            left += left0
            room += room0
            pairs += pairs0
            fewer.append((left1 - left0, room1 - room0, pairs1 - pairs0))
    wilds = counts[TWO] + counts[JOKER]
    if counts[THREE] and _left_with_wilds(rules, shapes, left - 1, room, pairs, wilds) == 0:
        return True
    for less_left, less_room, less_pairs in fewer:
        if _left_with_wilds(rules, shapes, left + less_left, room + less_room, pairs + less_pairs, wilds) == 0:
            return True
    return bool(wilds) and _left_with_wilds(rules, shapes, left, room, pairs, wilds - 1) == 0


def after_move(
    rules: Rules, move: Move, counts: list[int], shapes: dict[int, MeldShape], books: Books = (0, 0, 0)
) -> tuple[list[int], dict[int, MeldShape], Books]:
    """The hand counts, open melds and books once a one-group meld or add is made."""
    ranks = [p.rank for p in move.groups[0]]
    counts = list(counts)
    wild = 0
    natural = WILD  # the rank of the group's first natural card (WILD if none)
    for r in ranks:
        counts[r] -= 1
        if r == TWO or r == JOKER:
            wild += 1
        elif natural == WILD:
            natural = r
    shapes = dict(shapes)
    if move.kind is MELD_KIND:
        rank = natural
        size, nat0, wild0 = 0, 0, 0
    else:
        rank = target_rank(move)
        size, nat0, wild0 = shapes.get(rank, (0, 0, 0))
    size += len(ranks)
    if size >= rules.book_size:
        shapes.pop(rank, None)
        clean, dirty, wilds = books
        if rank == WILD:
            books = (clean, dirty, wilds + 1)
        elif wild0 + wild:
            books = (clean, dirty + 1, wilds)
        else:
            books = (clean + 1, dirty, wilds)
    else:
        shapes[rank] = (size, nat0 + len(ranks) - wild, wild0 + wild)
    return counts, shapes, books


def can_go_out(rules: Rules, counts: list[int], shapes: dict[int, MeldShape], books: Books, keep: int) -> bool:
    """Whether the hand can be melded down to ``keep`` cards (1: the card to discard; 0: meld
    out, V-OUT) so that the partnership then holds the books C-OUT asks for."""
    if keep == 0:
        return _melds_out_with_books(rules, counts, shapes, books)
    threes = counts[THREE]
    if threes > 1:
        return False  # a black three can never be melded (C-BLACK3), and only one is kept
    # With a black three in hand it is the card kept; no other card need be tried. Without one,
    # a natural left single once its open meld is full never melds (see _melds_out_with_books):
    # with two such singles no card kept helps, with one only keeping it can.
    tries: Iterable[int] = (THREE,) if threes else _keep_tries(rules.book_size, counts, shapes)
    for rank in tries:
        if counts[rank]:
            counts[rank] -= 1
            ok = _melds_out_with_books(rules, counts, shapes, books)
            counts[rank] += 1
            if ok:
                return True
    return False


def _keep_tries(book: int, counts: list[int], shapes: dict[int, MeldShape]) -> Iterable[int]:
    """The ranks of the cards worth keeping back in :func:`can_go_out` (a hand with no black
    three): the one natural left single after its open meld is full, where there is one; none
    where there are two or more; else every rank."""
    single = -1
    for rank in NATURAL_RANKS:
        n = counts[rank]
        if not n:
            continue
        shape = shapes.get(rank)
        if shape is not None:
            n -= min(n, book - shape[0])
        if n == 1:
            if single >= 0:
                return ()
            single = rank
    return (single,) if single >= 0 else range(RANKS)


def _split(n: int, book: int) -> tuple[int, ...]:
    """New melds for ``n`` naturals of one rank with no open meld: a book first when the rest
    can still be melded, else melds of three or more."""
    if n <= book:
        return (n,)
    rest = n - book
    if rest >= 3 or rest == 2:
        return (book, *_split(rest, book))
    return (n - 3, 3) if n - 3 <= book else (book, *_split(rest, book))


def _melds_out_with_books(rules: Rules, counts: list[int], shapes: dict[int, MeldShape], books: Books) -> bool:
    """Whether every card of ``counts`` can be melded with the books complete at the end."""
    laid = _natural_melds(rules, counts, shapes, books)
    return laid is not None and _books_and_wilds_fit(rules, shapes, books[2], *laid)


# Natural melds left open: (rank, cards, naturals, wilds).
_Open = list[tuple[int, int, int, int]]


def _natural_melds(
    rules: Rules, counts: list[int], shapes: dict[int, MeldShape], books: Books
) -> tuple[int, int, _Open, int] | None:
    """Every natural card of ``counts`` laid on the open melds ``shapes`` or in melds of its own:
    the clean and dirty books then, the melds left open and the wild cards not used on pairs; None
    when a card cannot be melded (a three, or a single)."""
    if counts[THREE]:
        return None
    book = rules.book_size
    pair_takes_wild = rules.wild_ratio.pair_takes_wild
    clean, dirty, _ = books
    groups: list[tuple[int, int, int, int]] = []  # natural melds left open: (rank, cards, naturals, wilds)
    wilds = counts[TWO] + counts[JOKER]
    for rank in NATURAL_RANKS:
        n = counts[rank]
        shape = shapes.get(rank)
        if shape is not None:
            size, nat, w = shape
            put = min(n, book - size)
            n -= put
            if size + put >= book:
                if w:
                    dirty += 1
                else:
                    clean += 1
            else:
                groups.append((rank, size + put, nat + put, w))
        if not n:
            continue
        for part in _split(n, book):
            if part >= book:
                clean += 1
            elif part >= 3:
                groups.append((rank, part, part, 0))
            elif part == 2 and pair_takes_wild and wilds:
                wilds -= 1  # a pair melds with one wild card
                groups.append((rank, 3, 2, 1))
            else:
                return None
    return clean, dirty, groups, wilds


def _books_and_wilds_fit(
    rules: Rules, shapes: dict[int, MeldShape], wild_books: int, clean: int, dirty: int, groups: _Open, wilds: int
) -> bool:
    """Whether the books to go out are there once the wild cards close what they can, and the wild
    cards left over fit on the open melds or in wild melds."""
    book = rules.book_size
    if clean < rules.clean_books_to_go_out:
        return False
    caps = rules.wild_caps
    # Dirty books still missing are closed with wild cards, on the melds nearest a book.
    # (List comprehensions and loops, not generators: a generator resumes once a meld.)
    closable = [(book - size, i) for i, (rank, size, nat, w) in enumerate(groups) if w + book - size <= caps[nat]]
    closable.sort()
    missing = max(0, rules.dirty_books_to_go_out - dirty)
    if missing > len(closable):
        return False
    closed: set[int] = set()
    for cost, i in closable[:missing]:
        closed.add(i)
        wilds -= cost
    wild_open = shapes[WILD][0] if WILD in shapes else 0
    missing_wild = max(0, rules.wild_books_to_go_out - wild_books)
    if missing_wild:
        if not rules.wild_melds:
            return False
        wilds -= (book - wild_open) + (missing_wild - 1) * book
        wild_open = 0
    if wilds < 0:
        return False
    # The wild cards left over must fit somewhere: on open natural melds, or in wild melds.
    room = 0
    for i, (_rank, size, nat, w) in enumerate(groups):
        if i not in closed:
            room += min(book - size, caps[nat] - w)
    if wilds <= room:
        return True
    if not rules.wild_melds:
        return False
    if wild_open:
        # The open wild meld takes what fits; once it is a book, a new one takes three or more.
        space = book - wild_open
        return wilds - room <= space or wilds - space >= 3
    return wilds >= 3
