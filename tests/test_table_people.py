"""Two people at one table, each a Session at a table set for both, as a host seats its guests:
each is told the other's moves without the other's cards, hears what the other says, and the
table waits for whichever of them is to move."""

from __future__ import annotations

from pathlib import Path

from test_repl_support import Captured

from hfcli.engine.game import Game
from hfcli.engine.rules import CLASSIC
from hfcli.levels import make_player
from hfcli.repl.session import ERROR, OK, Session
from hfcli.table import AiEndpoint, Table
from hfcli.transcript import SeatInfo, TranscriptWriter
from hfcli.transcript.verify import verify_file


def _table_for_two(tmp_path: Path, seed: int) -> tuple[Table, dict[int, Session], dict[int, Captured], Path]:
    game = Game(CLASSIC, seed=seed)
    path = tmp_path / "two.jsonl"
    seats = [SeatInfo("Ann", "human", None), SeatInfo("West", "ai", "easy"),
             SeatInfo("Bo", "human", None), SeatInfo("East", "ai", "easy")]
    table = Table(game, [AiEndpoint(s, make_player("easy", seed, s)) for s in (1, 3)],
                  recorder=TranscriptWriter.create(path, game, seats, fsync=False))
    out = {0: Captured(), 2: Captured()}
    people = {s: Session(table, human=s, echo=out[s]) for s in (0, 2)}
    return table, people, out, path


def test_two_sessions_at_one_table_see_each_others_moves_but_not_cards(tmp_path: Path) -> None:
    table, people, out, path = _table_for_two(tmp_path, seed=6)
    game = table.game
    assert table.pending() == 0 and table.run() == 0  # South (Ann) first: the table waits for her
    people[0].show_turn()
    assert "Your turn: draw" in out[0].text and out[2].text == ""
    out[0].clear()
    assert people[0].handle("draw") == OK
    drawn = [c.text for c in game.events[-1].private]
    assert game.events[-1].seat == 0 and len(drawn) == 2
    assert out[0].lines[0].startswith("You draw ")
    assert out[2].lines == ["South draws 2 cards."]  # Bo is told that Ann drew, not what
    assert people[2].handle("draw") == ERROR  # not Bo's turn
    assert out[2].lines[-1] == "It is not your turn."
    discard = game.hands[0][0].text
    people[0].handle(f"discard {discard}")
    assert table.pending() == 1
    table.run()  # the host plays West, then waits for North (Bo)
    assert table.pending() == 2
    people[2].show_turn()
    assert "Your turn:" in out[2].text
    table.say(2, "hi Ann")
    assert out[0].lines[-1] == "North says: hi Ann" and out[2].lines[-1] == "You say: hi Ann"
    for session in people.values():
        session.close()  # a session at a table it did not set leaves the transcript to the table
    table.close()
    assert verify_file(path).moves == game.move_count


def test_a_person_seated_again_after_an_ai_played_the_seat_sees_the_table_as_it_is(tmp_path: Path) -> None:
    """A guest who dropped: an AI plays the seat a while, then the guest's Session is seated again;
    its screens show the hand and the table as the game stands, not as the guest left them."""
    table, people, out, path = _table_for_two(tmp_path, seed=6)
    ann = people[0]
    assert ann.hand().startswith("Your hand (13)")
    table.seat(AiEndpoint(0, make_player("easy", 6, 0)))  # Ann dropped: an AI takes South
    while table.pending() != 2:
        table.step()
    table.seat(ann)  # back, while Bo is to move: South has drawn and discarded since
    hand = table.view(0).hand
    assert ann.view == table.view(0)
    assert ann.hand().startswith(f"Your hand ({len(hand)})") and len(hand) != 13
    table.close()
