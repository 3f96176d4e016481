"""Tab completion on a Document: commands, the cards actually held, open melds, rule ids."""

from __future__ import annotations

from collections import Counter

from positions import meld
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from test_repl_support import make_session

from hfcli.engine.cards import card
from hfcli.repl.completer import TableCompleter
from hfcli.repl.session import Session
from hfcli.text.notation import rank_label


def complete(session: Session, text: str) -> dict[str, str]:
    completer = TableCompleter(lambda: session.host.game.view(0))
    found = completer.get_completions(Document(text, len(text)), CompleteEvent(completion_requested=True))
    return {c.text: c.display_meta_text for c in found}


def test_first_word_completes_commands_with_descriptions() -> None:
    session, _ = make_session()
    found = complete(session, "d")
    assert set(found) == {"draw ", "discard "}  # a space after the word, ready for what follows
    assert all(found.values())
    assert "hint " in complete(session, "hi")


def test_cards_offered_are_exactly_the_ranks_in_hand() -> None:
    session, _ = make_session()
    held = Counter(c.rank for c in session.host.game.hands[0])
    found = complete(session, "discard ")
    assert set(found) == {rank_label(r) for r in held}
    for rank, count in held.items():
        assert found[rank_label(rank)].endswith(f"{count} in hand")


def test_a_ten_completes_as_10_whether_typed_1_or_t() -> None:
    session, _ = make_session(seed=7)  # seed 7: South holds one ten, the ten of clubs
    assert "10" in complete(session, "add ") and "T" not in complete(session, "add ")
    assert "10" in complete(session, "add 1") and "10" in complete(session, "add t")
    assert "10C" in complete(session, "discard 10") and "10C" in complete(session, "discard T")
    assert not any("T" in text for text in complete(session, "discard "))


def test_cards_complete_after_a_comma_and_by_prefix() -> None:
    session, _ = make_session(seed=7)  # South holds kings (K K) and two twos in seed 7
    assert "K K 2" in complete(session, "meld 9 9 9, K")
    assert "K K 2" in complete(session, "m K")
    assert "K" in complete(session, "meld K K 2, 7 7 ")  # inside a meld, every rank held (a wild to add)


def test_meld_offers_the_melds_the_hand_can_make_not_every_rank() -> None:
    # seed 7: South holds K K, Q, J, 10, 9, 8, 7 7, 6, 4 and 2 2: two pairs that a two can make a meld
    # of (C-RATIO: one wild in three); the singles make none, and were offered before.
    session, _ = make_session(seed=7)
    assert complete(session, "meld ") == {"K K 2": "kings: 2 and a wild card, a new meld",
                                          "7 7 2": "sevens: 2 and a wild card, a new meld"}
    # A meld named already uses its cards: the kings' two leaves one two, for the sevens.
    assert complete(session, "meld K K 2, ") == {"7 7 2": "sevens: 2 and a wild card, a new meld"}
    assert complete(session, "meld K K 2, 7 7 2, ") == {}
    # Three or more of a rank are offered whole; a rank with an open meld is added to, not melded (C-ONEOPEN).
    game = session.host.game
    game.hands[0][:] = [c for c in game.hands[0] if c.text != "QC"] + [card("QD"), card("QH"), card("QS"), card("QS")]
    assert complete(session, "meld q") == {"Q Q Q Q": "queens: 4, a new meld"}
    game.teams[0].melds.append(meld("Q Q Q"))
    assert "Q Q Q Q" not in complete(session, "meld ")


def test_discard_offers_exact_cards_once_a_rank_is_typed() -> None:
    session, _ = make_session(seed=7)
    exact = {c.text for c in session.host.game.hands[0] if c.text.startswith("K")}
    found = complete(session, "discard K")
    assert exact <= set(found)
    assert complete(session, "discard KH ") == {}


def test_add_to_completes_open_melds_only() -> None:
    session, _ = make_session(seed=7)
    session.start()
    session.handle("draw")
    session.handle("meld K K 2, 7 7 2")
    found = complete(session, "add 2 to ")
    assert set(found) == {"K", "7"}
    assert "to book" in found["K"]
    assert set(complete(session, "play 2 on ")) == {"K", "7"}
    assert complete(session, "play ") == complete(session, "discard ") != {}  # play may add: every rank held


def test_rules_and_help_complete_their_arguments() -> None:
    session, _ = make_session()
    assert "C-PILE" in complete(session, "rules C-P")
    assert set(complete(session, "help me")) == {"meld"}
    assert complete(session, "hand ") == {}
    assert complete(session, "nonsense ") == {}


def test_help_completes_its_topics_and_rules_complete_ids_with_titles() -> None:
    session, _ = make_session()
    meld = complete(session, "me")["meld "]
    assert complete(session, "help m") == {"moves": "every move, with examples", "meld": meld}
    assert "all" in complete(session, "help a") and "add" in complete(session, "help a")
    assert complete(session, "rules c-pi") == {"C-PILE": "taking the discard pile"}


def test_a_completed_command_word_is_followed_by_a_space_and_shown_without_it() -> None:
    session, _ = make_session()
    completer = TableCompleter(lambda: session.host.game.view(0))
    [meld] = completer.get_completions(Document("mel", 3), CompleteEvent(completion_requested=True))
    assert meld.text == "meld " and meld.display_text == "meld"
    buffer_text = "mel"[: len("mel") + meld.start_position] + meld.text
    assert buffer_text + "K K K" == "meld K K K"  # the cards are typed straight after the Tab
    assert set(complete(session, "help me")) == {"meld"}  # an argument is not followed by a space
