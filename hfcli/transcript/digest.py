"""The state digest a transcript records after every turn (``docs/transcript.md``).

A short fingerprint of the table: the deal, phase, seats to move, the stock's size, the pile,
every hand and foot, every meld and red three, who has opened, and the scores so far. It is
computed from what the engine exposes; the engine itself knows nothing of it.
"""

from __future__ import annotations

import hashlib
import operator

from hfcli.engine.cards import Card, card_code
from hfcli.engine.game import Game
from hfcli.engine.melds import Meld

_HAND_END = b"\xff"
_FOOT_PICKED_UP = b"\xfe"
_OPENED, _NOT_OPENED = b"\xfd", b"\xfc"
_MELD_END = b"\xfb"



class Digester:
    """Computes digests of one game as it goes on, keeping the bytes of what has not changed.

    A turn changes one hand, the pile's top and a few melds, while a replay asks for a digest
    every turn: each hand, foot and red-three list keeps its bytes while its cards compare equal
    to those they were made from, the pile is read only past the cards already coded, and each
    meld (an immutable value) keeps its bytes while the same meld lies in the same place.
    """

    def __init__(self) -> None:
        self._slots: list[tuple[list[Card] | None, bytes]] = []
        self._pile: tuple[list[Card], bytes] = ([], b"")
        self._tables: list[tuple[list[Meld], list[bytes], bytes]] = []  # each side's melds, one by one and joined
        self._totals: tuple[int, str] = (-1, "")  # the totals as text, for so many finished deals

    def digest(self, game: Game) -> str:
        deal, turn = game.deal, game.turn
        teams = deal.teams
        slots = self._slots
        if not slots:
            slots += [(None, b"")] * (2 * len(deal.hands) + len(teams))
            self._tables = [([], [], b"")] * len(teams)
        parts: list[bytes] = []
        i = 0
        for cards in (*deal.hands, *deal.feet):
            if cards is None:
                parts.append(_FOOT_PICKED_UP)
            else:
                coded, codes = slots[i]
                if coded != cards:
                    codes = bytes(map(card_code, cards)) + _HAND_END
                    slots[i] = (list(cards), codes)
                parts.append(codes)
            i += 1
        # The pile mostly grows by one discard a turn: only its new cards are read.
        pile = deal.pile
        coded_pile, codes = self._pile
        if pile[: len(coded_pile)] != coded_pile:
            coded_pile, codes = [], b""
        if len(coded_pile) != len(pile):
            codes += bytes(map(card_code, pile[len(coded_pile):]))
            self._pile = (list(pile), codes)
        parts.append(codes)
        tables = self._tables
        for t, team in enumerate(teams):
            parts.append(_OPENED if team.opened else _NOT_OPENED)
            melds = team.melds
            laid, each, codes = tables[t]
            if len(laid) != len(melds) or not all(map(operator.is_, laid, melds)):
                # A turn replaces or adds a meld or two: the others keep their bytes.
                kept = len(laid)
                each = [
                    each[j] if j < kept and laid[j] is m else bytes(map(card_code, m.cards)) + _MELD_END
                    for j, m in enumerate(melds)
                ]
                codes = b"".join(each)
                tables[t] = (list(melds), each, codes)
            parts.append(codes)
            reds = team.red_threes
            coded, codes = slots[i]
            if coded != reds:
                codes = bytes(map(card_code, reds))
                slots[i] = (list(reds), codes)
            parts.append(codes)
            i += 1
        done, totals = self._totals
        if done != len(game.results):
            done, totals = len(game.results), str(game.totals())
            self._totals = (done, totals)
        # The stock only ever loses cards from its top after the deal, so with the recorded shoe
        # its size says which cards it holds.
        # The phase is a str: joined as it is, without the enum's formatting.
        head = " ".join((str(deal.index), turn.phase, str(turn.to_move), str(turn.seat), str(len(deal.stock)), totals))
        return hashlib.blake2b(head.encode() + b"".join(parts), digest_size=8).hexdigest()


def digest(game: Game) -> str:
    """The digest of ``game`` as it stands (without keeping anything for the next one)."""
    return Digester().digest(game)
