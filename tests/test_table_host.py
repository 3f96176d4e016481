"""The table as a host: what each seat's endpoint is told, in what order against the transcript,
and a game with people at several seats played to its end through ``Table.play``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.base import Decision, Player
from hfcli.engine.errors import HandFootError
from hfcli.engine.events import EventKind
from hfcli.engine.game import Game
from hfcli.engine.rules import CLASSIC
from hfcli.engine.view import SeatView
from hfcli.levels import make_player
from hfcli.table import AiEndpoint, Moved, NotYourTurn, Remark, Table
from hfcli.transcript import SeatInfo, TranscriptWriter, replay
from hfcli.transcript.verify import verify_file


class Listening(AiEndpoint):
    """An AI endpoint that keeps everything the table sends it."""

    listens = True

    def __init__(self, seat: int, player: Player) -> None:
        super().__init__(seat, player)
        self.told: list[Moved] = []
        self.asked: list[SeatView] = []

    def receive(self, moved: Moved) -> None:
        self.told.append(moved)

    def ask(self, view: SeatView) -> Decision:
        self.asked.append(view)
        return super().ask(view)


class Person:
    """A person at a remote seat: asked, answers later (None); keeps what it is told."""

    holding = False

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.told: list[Moved] = []
        self.heard: list[Remark] = []

    def receive(self, moved: Moved) -> None:
        self.told.append(moved)

    def hear(self, remark: Remark) -> None:
        self.heard.append(remark)

    def ask(self, view: SeatView) -> None:
        return None


def test_each_ai_endpoint_is_told_no_card_of_another_seats_hand_or_foot() -> None:
    """Over a whole four-seat game, every private card an endpoint is told (what a draw, a foot or a
    red three's replacement brought) is its own seat's; the number of another seat's hidden cards
    is told (a draw of two, a red three replaced), never the cards; and every view it is asked
    with is its own seat's, holding that seat's hand."""
    game = Game(CLASSIC, seed=5)
    listening = [Listening(seat, make_player("normal", 5, seat)) for seat in game.seating.seats]
    hands_when_asked: list[tuple[int, tuple[str, ...]]] = []

    class Watched(Table):
        def ask(self) -> tuple[int, Decision] | None:
            if not self.game.is_over:
                seat = self.game.to_move
                hands_when_asked.append((seat, tuple(sorted(c.text for c in self.game.hands[seat]))))
            return super().ask()

    table = Watched(game, listening)
    table.run()
    assert game.is_over
    hidden_draws = 0
    for endpoint in listening:
        assert len(endpoint.told) == game.move_count  # told every move, its own and the others'
        for moved in endpoint.told:
            for event in moved.events:
                if event.seat != endpoint.seat:
                    assert event.private == (), (endpoint.seat, event)
                    if event.kind is EventKind.DRAW:
                        hidden_draws += 1
                        assert event.count in (1, 2)
        assert {view.seat for view in endpoint.asked} == {endpoint.seat}
    # Every seat's own draws reached it with their cards.
    for endpoint in listening:
        own_draws = [e for m in endpoint.told for e in m.events if e.kind is EventKind.DRAW and e.seat == endpoint.seat]
        assert own_draws and all(len(e.private) == e.count for e in own_draws)
    assert hidden_draws > 0
    asked = [(v.seat, tuple(sorted(c.text for c in v.hand))) for e in listening for v in e.asked]
    assert sorted(asked) == sorted(hands_when_asked)


def test_a_red_three_replaced_at_another_seat_is_told_as_one_card_not_which() -> None:
    """C-RED3: that a card from the stock replaced another seat's red three is public (``count``),
    which card it was is not: South is told each of the others' red threes (move by move, event by
    event, as its holder was) with no card and the number of cards its holder got."""
    game = Game(CLASSIC, seed=1)
    listening = {s: Listening(s, make_player("random", 1, s)) for s in game.seating.seats}
    Table(game, listening.values()).run()
    compared = replaced = 0
    for number, moved in enumerate(listening[0].told):
        for index, event in enumerate(moved.events):
            if event.kind is EventKind.RED_THREE and event.seat != 0:
                assert event.seat is not None
                holders = listening[event.seat].told[number].events[index]
                assert holders.kind is EventKind.RED_THREE and holders.cards == event.cards
                assert event.private == () and event.count == len(holders.private)
                compared += 1
                replaced += bool(holders.private)
    assert compared and replaced


class Checking(Person):
    """A person whose every move and everyone else's it is told is already in the transcript."""

    def __init__(self, seat: int, path: Path) -> None:
        super().__init__(seat)
        self.path = path
        self.checked = 0

    def receive(self, moved: Moved) -> None:
        lines = [json.loads(line) for line in self.path.read_text(encoding="utf-8").splitlines()[1:]]
        moves = [line for line in lines if line["e"] == "move"]
        assert len(moves) == self.checked + 1, "told of a move the transcript does not hold"
        names = ("S", "W", "N", "E")
        assert (moves[-1]["seat"], moves[-1]["move"]) == (names[moved.seat], str(moved.move))
        self.checked += 1
        super().receive(moved)


def _people_and_ai(tmp_path: Path, seed: int) -> tuple[Table, dict[int, Player], Path]:
    game = Game(CLASSIC, seed=seed)
    path = tmp_path / "people.jsonl"
    seats = [SeatInfo("Ann", "human", None), SeatInfo("West", "ai", "easy"),
             SeatInfo("Bo", "human", None), SeatInfo("East", "ai", "easy")]
    writer = TranscriptWriter.create(path, game, seats, fsync=False)
    people = {0: Checking(0, path), 2: Checking(2, path)}
    table = Table(game, [people[0], AiEndpoint(1, make_player("easy", seed, 1)), people[2],
                         AiEndpoint(3, make_player("easy", seed, 3))], recorder=writer)
    # What the people type: moves a player of their own chooses from their seat's view.
    minds: dict[int, Player] = {s: make_player("easy", seed + 100, s) for s in people}
    return table, minds, path


@pytest.mark.slow
def test_two_people_and_two_ai_play_a_game_to_its_end_that_verifies(tmp_path: Path) -> None:
    """The table asks the AI seats and waits for the people, who play through Table.play when
    they are to move; every endpoint is told each move after the file holds it; the file replays."""
    table, minds, path = _people_and_ai(tmp_path, seed=3)
    waits = 0
    while True:
        table.run()
        seat = table.pending()
        if seat is None:
            break
        waits += 1
        decision = minds[seat].choose(table.view(seat))
        table.play(seat, decision.move)
    table.close()
    game = table.game
    assert game.is_over and waits > 0
    for seat in (0, 2):
        person = table.endpoint(seat)
        assert isinstance(person, Checking) and person.checked == game.move_count
    verified = verify_file(path)
    assert verified.moves == game.move_count
    assert replay(path).game == game


def test_a_seat_that_is_not_to_move_cannot_play(tmp_path: Path) -> None:
    table, _, _ = _people_and_ai(tmp_path, seed=3)
    table.run()
    seat = table.pending()
    assert seat in (0, 2)
    before = table.game.clone()
    other = 2 if seat == 0 else 0
    with pytest.raises(NotYourTurn, match="^It is not your turn.$"):
        table.play(other, "draw")
    # Refused as any move is: whatever answers a HandFootError (the REPL, the hosted table) answers it.
    with pytest.raises(HandFootError):
        table.play(other, "draw")
    assert table.game == before
    table.close()


def test_a_holding_endpoint_stops_the_loop_until_it_lets_go() -> None:
    game = Game(CLASSIC, seed=2)
    holder = Person(0)
    holder.holding = True
    table = Table(game, [holder, *(AiEndpoint(s, make_player("random", 2, s)) for s in (1, 2, 3))])
    game.apply("draw")
    game.apply(f"discard {game.hands[0][0].text}")  # West to move now
    assert table.step() is None and table.run() == 0 and game.to_move == 1
    holder.holding = False
    assert table.run() >= 3 * 2 and table.pending() == 0  # each AI seat drew and discarded at least
