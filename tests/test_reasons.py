"""Reasons as data: the value, its words in each form, what another seat is told of it, and a
partner's risky discard that says why.

Chances are worked out by hand as in tests/test_ai_discards.py: 270 cards (C-DECK) less those
South can see, West's 13 cards drawn from them (the normal level's binomial approximation).
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import position
from test_ai_discards import WEST, discard, reasons, round_to_south

from hfcli.engine.cards import KING, NINE, TEN
from hfcli.engine.events import Event, EventKind
from hfcli.engine.game import Game
from hfcli.engine.moves import parse_move
from hfcli.engine.reasons import FACTS, FactType, Reason, ReasonKind, reason, recorded
from hfcli.engine.rules import preset
from hfcli.engine.seat import Player
from hfcli.levels import make_player
from hfcli.repl.narration import describe_move
from hfcli.table import AiEndpoint, Moved, Table
from hfcli.text.reason_facts import Facts, Said
from hfcli.text.reason_text import lesson, phrase, record_text, sentence
from hfcli.text.reason_words import WORDS
from hfcli.transcript import SeatInfo, TranscriptWriter, replay
from hfcli.transcript.kinds import move_line
from hfcli.transcript.lines import RecordedMove

R = ReasonKind
NAMES = ("South", "West", "North", "East")

# ------------------------------------------------------------------ the value


def test_a_reason_keeps_its_facts_and_says_which_are_private() -> None:
    why = reason(R.SINGLE, reason(R.RISK, seat=1, rank=KING, take=7, how="could", chance=0.42, private=("chance",)),
                 rank=KING, held=1, private=("held",))
    assert why.fact("rank") == KING and why.is_private("held") and not why.is_private("rank")
    assert why.has_private()
    public = why.public()
    assert public.facts == {"rank": KING}
    assert public.parts[0].facts == {"seat": 1, "rank": KING, "take": 7, "how": "could"}
    assert not public.has_private()
    # A fact left None is no fact: nothing to say, nothing to keep private.
    assert reason(R.PILE_GAINS, take=3, effect="starts", rank=NINE, fits=None, private=("fits",)).private == frozenset()


def test_a_reason_names_only_the_facts_of_the_closed_list() -> None:
    with pytest.raises(ValueError, match="no such fact"):
        Reason(R.SINGLE, {"colour": "red"})
    with pytest.raises(ValueError, match="private fact"):
        Reason(R.SINGLE, {"rank": KING}, frozenset({"held"}))


_VALUES = {
    FactType.RANK: st.sampled_from([-1, *range(14)]),
    FactType.SEAT: st.integers(0, 5),
    FactType.SEATS: st.lists(st.integers(0, 5), max_size=3).map(tuple),
    FactType.CHANCE: st.floats(0, 1),
    FactType.POINTS: st.floats(-5000, 5000, allow_nan=False),
    FactType.COUNT: st.integers(0, 300),
    FactType.COUNTS: st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)),
    FactType.BOOK: st.sampled_from(["clean", "dirty", "wild"]),
    FactType.MOVE: st.sampled_from(["discard T", "add 2 to wild", "pickup"]),
    FactType.FLAG: st.booleans(),
    FactType.PLAN: st.lists(st.tuples(st.integers(1, 11), st.integers(0, 7), st.integers(0, 3)), max_size=3).map(tuple),
    FactType.NEAR: st.lists(st.tuples(st.integers(1, 11), st.integers(1, 2), st.sampled_from(["clean", "dirty"])),
                            max_size=2).map(tuple),
    FactType.TEXT: st.text(max_size=20),
}


@st.composite
def reasons_(draw: st.DrawFn, depth: int = 2) -> Reason:
    names = draw(st.lists(st.sampled_from(sorted(n for n, t in FACTS.items() if t is not FactType.WORD)),
                          max_size=4, unique=True))
    facts = {name: draw(_VALUES[FACTS[name]]) for name in names}
    private = draw(st.sets(st.sampled_from(names))) if names else set()
    parts = tuple(draw(st.lists(reasons_(depth - 1), max_size=2))) if depth > 0 else ()
    return Reason(draw(st.sampled_from(list(ReasonKind))), facts, frozenset(private), parts)


@settings(max_examples=200, deadline=None)
@given(reasons_())
def test_a_reason_reads_back_from_its_json_as_it_was(why: Reason) -> None:
    assert Reason.from_json(json.loads(json.dumps(why.to_json()))) == why


@pytest.mark.parametrize("data, problem", [
    ({"kind": "telepathy"}, "no such kind"),
    ({"kind": "single", "facts": {"rank": "Z"}}, "no such rank"),
    ({"kind": "single", "facts": {"held": -1}}, "not a count"),
    ({"kind": "risk", "facts": {"chance": 1.5}}, "not a chance"),
    ({"kind": "single", "facts": {"rank": "K"}, "private": ["held"]}, "private facts"),
    ({"kind": "single", "mood": 1}, "no field"),
    ("single", "JSON object"),
])
def test_a_reason_that_is_not_one_is_refused_with_what_is_wrong(data: object, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        Reason.from_json(data)


# ------------------------------------------------------------------ the words


def test_every_kind_of_reason_has_its_words() -> None:
    assert set(WORDS) == set(ReasonKind)


def test_the_three_forms_and_the_public_one() -> None:
    risk = reason(R.RISK, seat=1, rank=KING, take=7, how="could", chance=0.42, private=("chance",))
    safest = reason(R.SAFEST, rank=KING, held=1, chance=0.42, other_rank=NINE, other_chance=0.48,
                    private=("held", "chance", "other_rank", "other_chance"))
    why = reason(R.SINGLE, risk, safest, rank=KING, held=1, private=("held",))
    assert phrase(why, NAMES) == (
        "a single king; West could take the pile, about 42%; the safest card held, the next about 48%"
    )
    assert sentence(why, NAMES) == (
        "A single king; West could take the 7-card pile with two kings (a chance of about 42%); "
        "the safest card held: the next safest, a nine, has a chance of about 48%."
    )
    # What any player at the table could know, and nothing of the hand.
    assert phrase(why, NAMES, public_only=True) == "West could take the pile"
    assert sentence(why, NAMES, public_only=True) == "West could take the 7-card pile with two kings."
    # The reader's own seat is "you".
    assert phrase(why, NAMES, you=1).startswith("a single king; you could take the pile")


def test_the_expert_s_own_figure_is_in_the_whole_reason_and_left_out_of_the_lesson() -> None:
    why = reason(R.SEARCH_SAFER_DISCARD, instead="discard T", rank=TEN, seat=1, taken=9, samples=24, gain=131.6,
                 private=("instead", "rank", "taken", "samples", "gain"))
    assert sentence(why, NAMES) == (
        "Not the ten, which would let West take the pile in 9 of 24 imagined deals; "
        "about 132 points better than discard 10."
    )
    assert lesson(why, NAMES) == "not the ten, which would let West take the pile in 9 of 24 imagined deals"
    assert phrase(why, NAMES, public_only=True) == ""


def test_words_recorded_before_reasons_were_data_are_shown_as_written_and_told_to_no_one_else() -> None:
    old = recorded("discard 9: a single nine\x1b[2J")
    assert phrase(old) == "discard 9: a single nine\\x1b[2J"  # as written, escaped for the screen
    assert phrase(old, public_only=True) == ""


class Extra(StrEnum):
    """A kind of reason a test adds: its words are all it needs to be said everywhere."""

    HUNCH = "hunch"


def test_a_new_kind_of_reason_added_in_one_place_is_said_at_the_table_in_why_and_in_the_review(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hfcli.reports.review_text import review_lines
    from hfcli.review import Finding, Review

    def hunch(f: Facts) -> Said:
        return Said(f"a hunch about the {f.integer('take')}-card pile", short="a hunch")

    monkeypatch.setitem(WORDS, Extra.HUNCH, hunch)  # type: ignore[index]  # the one place
    why = Reason(Extra.HUNCH, {"take": 9})  # type: ignore[arg-type]
    move = parse_move("discard 9")
    # At the table, beside the move.
    table = describe_move(1, move, [Event(EventKind.MOVE, 1, move)], human=0, names=dict(enumerate(NAMES)),
                          reason=phrase(why, NAMES))
    assert table == "West discards 9 — a hunch."
    # In ``why``: the whole sentence.
    assert sentence(why, NAMES) == "A hunch about the 9-card pile."
    # In the review: the lesson the report gives.
    finding = Finding(number=5, deal=1, played="discard 7", preferred="discard 9", reason=lesson(why, NAMES),
                      kind="discard", cost=120.0, low=80.0, high=160.0, samples=64, score=[0, 0])
    lines = list(review_lines(Review("game.jsonl", 0, "South", 64, 10, [finding], ["NS", "EW"], seat_short="S")))
    assert any(line.endswith("the expert prefers discard 9: a hunch about the 9-card pile.") for line in lines)


# ------------------------------------------------------------------ a partner who says why


def test_the_safest_card_held_names_the_next_safest_and_its_chance() -> None:
    # 267 cards unseen. Jokers: 9 of them (10 in the shoe), p = 9/267: 1 - q^13 - 13 p q^12 = 7%.
    # Twos: 19 unseen: 24%, as kings in tests/test_ai_discards.py.
    game = position(f"S hand: JK 2C\n{WEST}\nNS opened\nEW opened\npile: 7D\nturn: S meld")
    assert discard(game) == (
        "discard JK",
        "nothing else to throw; West could take the 2-card pile with two jokers (a chance of about 7%); "
        "the safest card held: the next safest, a two, has a chance of about 24%",
    )


def test_a_risk_as_great_as_every_other_card_s_says_no_card_held_is_safer() -> None:
    # Kings and twos both have 19 unseen: 24% each. The two is a wild card, dearer to give up.
    game = position(f"S hand: KD 2C\n{WEST}\nNS opened\nEW opened\npile: 7D\nturn: S meld")
    assert discard(game) == (
        "discard K",
        "a single king; West could take the 2-card pile with two kings (a chance of about 24%); "
        "no card held is safer: a two, too, has a chance of about 24%",
    )


def test_a_hand_of_one_rank_says_every_card_held_is_of_it() -> None:
    game = position(f"S hand: KD KH KS\n{WEST}\nNS opened\nEW opened\npile: 7D\nturn: S meld")
    move, why = discard(game)
    assert move == "discard K"
    assert why.endswith("; every card held is a king")


@pytest.mark.parametrize("hand, melds, kept", [
    # A wild card: 9 jokers unseen (7%) against 19 kings (24%).
    ("KD JK", "", "the safer joker, about 7%, is a wild card, kept for a book"),
    # A pair: 18 nines unseen (22%).
    ("KD 9H 9S", "", "the safer nine, about 22%, is kept as a pair toward a book"),
    # Three of a rank: 17 aces unseen (20%).
    ("KD AH AS AD", "", "the safer ace, about 20%, is kept as a meld in waiting"),
    # A card that goes onto our nines: 16 nines unseen of 264 cards, p = 16/264: 18%.
    ("KD 9H", "\nNS melds: 9 9 9", "the safer nine, about 18%, is kept to go onto our meld"),
])
def test_a_risk_taken_over_a_safer_card_says_why_that_card_was_kept(hand: str, melds: str, kept: str) -> None:
    game = position(f"S hand: {hand}\n{WEST}\nNS opened{melds}\nEW opened\npile: 7D\nturn: S meld")
    move, why = discard(game)
    assert move == "discard K"
    assert why.endswith(f"; worth the risk: {kept}")


def test_a_seat_with_few_unknown_cards_is_said_to_hold_too_few_not_too_few_cards() -> None:
    # West takes a pile of queens, kings below, and keeps the two kings: three cards in hand after
    # its discard, two of them known to all. Only one is unknown: too few to hold two tens.
    game = position(
        "S hand: TD QH 5C 6D\n"
        "W hand: QC QD 4C\n"
        "NS opened\nEW opened\n"
        "pile: 9C KS KH QS\n"
        "stock: 8C 8D 8H 8S 9D 9H 9S TC TD TH\n"
        "turn: W draw"
    )
    round_to_south(game, "pickup", "9", "8", "8")
    assert len(game.hands[1]) == 3
    assert reasons(game)["discard T"] == "a single ten; only 1 of West's 3 cards is not known, too few to hold two tens"
    # With one card left: it holds only that card.
    game = position("S hand: TD 9H\nW hand: 4C\nNS opened\nEW opened\npile: 7D\nturn: S meld")
    assert reasons(game)["discard T"] == "a single ten; West holds only 1 card, too few to hold two tens"


# ------------------------------------------------------------------ who is told what


class Watching(AiEndpoint):
    """An AI seat that is told every move, as a person's seat at a hosted table is."""

    __slots__ = ("moved",)
    listens = True

    def __init__(self, seat: int, player: Player) -> None:
        super().__init__(seat, player)
        self.moved: list[Moved] = []

    def receive(self, moved: Moved) -> None:
        self.moved.append(moved)


def _table_of_listeners(open_partners: bool) -> tuple[list[Watching], list[Reason]]:
    """Four hard players, each told every move as its seat may be told it; the reasons they gave."""
    game = Game(preset("classic"), seed=11)
    seats = [Watching(seat, make_player("hard", 11, seat)) for seat in game.seating.seats]
    table = Table(game, seats, open_partners=open_partners)
    given: list[Reason] = []
    table.on_decision = lambda _game, decision: given.append(decision.reason) if decision.reason else None
    table.run(max_moves=400)
    return seats, given


def test_a_hosted_table_tells_no_seat_another_seat_s_private_facts() -> None:
    listeners, given = _table_of_listeners(open_partners=False)
    assert any(r.has_private() for r in given)  # the players did reason from their hands
    for listener in listeners:
        for moved in listener.moved:
            if moved.seat != listener.seat and moved.reason is not None:
                assert not moved.reason.has_private(), moved
        own = [m.reason for m in listener.moved if m.seat == listener.seat and m.reason is not None]
        assert any(r.has_private() for r in own)  # its own reasons, whole
    # What reaches a screen is the public words: no chance, no card held, no plan.
    words = [phrase(m.reason, NAMES) for m in listeners[0].moved if m.seat != 0]
    assert not any("%" in w or "held" in w or "the plan" in w or "pair of" in w for w in words)


def test_solo_play_tells_the_partner_s_reasons_whole_and_the_opponents_public() -> None:
    listeners, _ = _table_of_listeners(open_partners=True)
    south = listeners[0]
    partner = [m.reason for m in south.moved if m.seat == 2 and m.reason is not None]
    opponents = [m.reason for m in south.moved if m.seat in (1, 3) and m.reason is not None]
    assert any(r.has_private() for r in partner)
    assert not any(r.has_private() for r in opponents)


def test_hf_play_opens_the_partners_reasons_and_the_host_does_not() -> None:
    from hfcli.repl.session import Session

    game = Game(preset("classic"), seed=3)
    session = Session(game, {s: make_player("easy", 3, s) for s in (1, 2, 3)}, echo=lambda _t: None)
    assert session.host.open_partners
    host = Path(__file__).resolve().parent.parent / "hfcli" / "host"
    assert not [path.name for path in host.glob("*.py") if "open_partners" in path.read_text(encoding="utf-8")]


# ------------------------------------------------------------------ the transcript


def test_a_transcript_keeps_the_reason_s_words_and_its_data(tmp_path: Path) -> None:
    game = Game(preset("quick"), seed=5)
    path = tmp_path / "game.jsonl"
    seats = [SeatInfo(name, "ai", "normal") for name in game.seating.long_names]
    writer = TranscriptWriter.create(path, game, seats, fsync=False)
    players = [make_player("normal", 5, seat) for seat in game.seating.seats]
    made: list[Reason | None] = []
    for _ in range(40):
        decision = players[game.to_move].choose(game.view(game.to_move))
        made.append(decision.reason)
        writer.record(game.apply(decision.move), decision.reason)
    writer.close()
    moves = replay(path).moves
    assert [m.why for m in moves] == made
    for move, why in zip(moves, made, strict=True):
        # The words, for a reader that does not read the data, and the data.
        assert why is not None and move.reason == record_text(why, game.seating.long_names)
        line = json.loads(move_line("S", move.move, move.reason, None, why))
        assert line["reason"] == move.reason and line["why"] == why.to_json()


def test_a_move_line_without_data_reads_as_its_words() -> None:
    old = RecordedMove(1, 2, 1, 0, "discard 9", "discard 9: a single nine")
    assert old.why == recorded("discard 9: a single nine")
    newer = RecordedMove(1, 2, 1, 0, "discard 9", "a telepathic nine", '{"kind":"telepathy"}')
    assert newer.why == recorded("a telepathic nine")  # a kind this version does not know: its words
    assert RecordedMove(1, 2, 1, 0, "draw", None).why is None


def test_a_safer_card_as_safe_in_whole_percents_is_called_a_little_safer() -> None:
    worth = reason(R.RISK_WORTH_IT, rank=6 - 3, held=1, chance=0.044, other_rank=KING, other_chance=0.036,
                   kept="single", private=("held", "chance", "other_rank", "other_chance", "kept"))
    # 4.4% and 3.6% are both "about 4%": the words do not say two equal figures differ.
    assert sentence(worth) == "Worth the risk: the king, a little safer, is worth more to keep, all told."


def test_a_seat_that_threw_the_rank_is_said_with_its_verb_for_you_too() -> None:
    from hfcli.engine.cards import SIX
    from hfcli.text.reason_text import phrase

    since = reason(ReasonKind.NOTHING_SINCE, seat=0, rank=SIX, sign="threw")
    names = {0: "South", 1: "West", 2: "North", 3: "East"}
    assert phrase(since, names) == "South threw a six and has drawn nothing since"
    assert phrase(since, names, you=0) == "you threw a six and have drawn nothing since"
