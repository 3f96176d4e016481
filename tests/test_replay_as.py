"""``hf replay --as SEAT``: a seat's moves, each beside exactly what that seat saw when it chose it."""

from __future__ import annotations

import re
from collections import Counter

from click.testing import CliRunner
from recording import GOLDEN

from hfcli.cli import main
from hfcli.engine.cards import Card
from hfcli.transcript.viewer import load, moves_of

GAME = GOLDEN / "classic-normal-seed1.jsonl"
CARD = re.compile(r"(?<![A-Za-z0-9])(?:(?:10|[2-9AKQJ])[CDHS]|JK)(?![A-Za-z0-9])")


def shown(card: Card) -> str:
    return card.text.replace("T", "10", 1) if card.text.startswith("T") else card.text


def test_no_card_outside_wests_view_is_ever_printed() -> None:
    result = CliRunner().invoke(main, ["replay", str(GAME), "--as", "W", "--print", "--ascii"])
    assert result.exit_code == 0, result.output
    screens = result.output.split("\nMove ")
    recording = load(GAME)
    west = moves_of(recording, 1)
    assert len(screens) == len(west) == 219
    for k, screen in zip(west, screens, strict=True):
        assert re.match(rf"(Move )?{k + 1} of 850, deal \d: what West saw", screen), screen[:80]
        view = recording.position(k).view(1)
        # What West could know: its hand, the pile, every meld and red three on the table, and every
        # card the public history showed it (discards, melds, pile cards taken, upcards).
        seen = Counter(shown(c) for c in view.hand)
        seen.update(shown(c) for c in view.pile)
        seen.update(shown(c) for side in view.melds for meld in side for c in meld.cards)
        seen.update(shown(c) for side in view.red_threes for c in side)
        public = Counter(shown(c) for event in view.history for c in event.cards)
        printed = Counter(CARD.findall(screen))
        for text, count in printed.items():
            assert count <= seen[text] + public[text], f"move {k + 1}: {text} shown {count} times\n{screen}"
        # Its own hand is shown whole.
        hand = Counter(shown(c) for c in view.hand)
        assert all(printed[text] >= n for text, n in hand.items())


def test_hidden_cards_are_never_among_what_is_shown() -> None:
    # A sharper look at West's first move: the cards in the other hands, the feet and the stock of
    # which West had not seen one copy anywhere; none is on its screen, though they are many.
    from hfcli.transcript.viewer import as_seat_screen

    recording = load(GAME)
    k = moves_of(recording, 1)[0]
    game = recording.position(k)
    view = game.view(1)
    visible = {c for c in (*view.hand, *view.pile)} | {c for e in view.history for c in e.cards}
    visible |= {c for side in view.melds for m in side for c in m.cards}
    visible |= {c for side in view.red_threes for c in side}
    hidden = [*game.hands[0], *game.hands[2], *game.hands[3], *(c for f in game.feet if f for c in f),
              *game.deal.stock]
    secret = {shown(c) for c in hidden if c not in visible}
    screen = as_seat_screen(recording, k, 1, ascii=True)
    assert len(secret) > 20 and not secret & set(CARD.findall(screen))
    assert "West played: draw" in screen


def test_replay_as_steps_through_one_seats_moves() -> None:
    result = CliRunner().invoke(main, ["replay", str(GAME), "--as", "W"], input="n\nb\ndeal 2\nq\n")
    assert result.exit_code == 0, result.output
    assert "Move 5 of 850, deal 1: what West saw (1 of its 219 moves)" in result.output
    assert "(2 of its 219 moves)" in result.output
    assert ", deal 2: what West saw" in result.output
    result = CliRunner().invoke(main, ["replay", str(GAME), "--as", "W", "--omniscient"])
    assert result.exit_code == 2 and "--as shows one seat's view" in result.output
