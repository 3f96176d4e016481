"""``say TEXT``: a line to the table, kept in the transcript as a remark, shown escaped, shown by
``hf replay``, passed over by ``hf verify`` and ``--resume``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_repl_support import recorded_session

from hfcli.engine.game import Game
from hfcli.engine.rules import CLASSIC
from hfcli.engine.view import SeatView
from hfcli.levels import make_player
from hfcli.repl.session import ERROR, INFO
from hfcli.table import AiEndpoint, Moved, Remark, Table
from hfcli.transcript import TranscriptError, resume
from hfcli.transcript.verify import verify_file
from hfcli.transcript.viewer import game_text, load, screen


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def test_say_records_the_remark_between_moves_and_shows_it_escaped(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    session, writer, out = recorded_session(path, seed=4)
    session.start()
    session.handle("draw")
    moves_before = session.host.game.move_count
    out.clear()
    assert session.handle("say nice \x1b[2J draw") == INFO
    assert out.lines == ["You say: nice \\x1b[2J draw"]  # seen, not obeyed by the terminal
    assert session.host.game.move_count == moves_before  # the game did not change
    said = _lines(path)[-1]
    assert said == {"e": "say", "seat": "S", "text": "nice \x1b[2J draw"}  # the file keeps what was typed
    session.close()


def test_say_up_to_200_characters_and_no_more(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    session, writer, out = recorded_session(path, seed=4)
    session.start()
    out.clear()
    assert session.handle("say " + "a" * 201) == ERROR
    assert out.lines == ["Not said: a remark has at most 200 characters, not 201."]
    assert session.handle("say") == ERROR
    assert out.lines[-1] == "Not said: write the words after say, e.g. say good luck."
    assert session.handle("say \udcff") == ERROR  # a byte that was not UTF-8, as a pipe passes it on
    assert out.lines[-1] == "Not said: the line holds bytes that are not UTF-8 text."
    assert not [line for line in _lines(path) if line["e"] == "say"]
    assert session.handle("say " + "b" * 200) == INFO
    assert _lines(path)[-1] == {"e": "say", "seat": "S", "text": "b" * 200}
    session.close()


class Person:
    holding = False

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.heard: list[Remark] = []

    def receive(self, moved: Moved) -> None:
        pass

    def hear(self, remark: Remark) -> None:
        self.heard.append(remark)

    def ask(self, view: SeatView) -> None:
        return None


def test_every_endpoint_hears_a_remark_and_the_table_refuses_what_cannot_be_said() -> None:
    people = [Person(0), Person(2)]
    table = Table(Game(CLASSIC, seed=1), [*people, AiEndpoint(1, make_player("random", 1, 1)),
                                          AiEndpoint(3, make_player("random", 1, 3))])
    table.say(2, "hello")
    assert [p.heard for p in people] == [[Remark(2, "hello")], [Remark(2, "hello")]]
    with pytest.raises(ValueError, match="at most 200 characters"):
        table.say(0, "x" * 201)
    assert [len(p.heard) for p in people] == [1, 1]


def test_verify_passes_over_remarks_and_replay_shows_them_where_they_were_said(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    session, writer, out = recorded_session(path, seed=4)
    session.start()
    session.handle("say good luck")  # before South's first move (the AI seats have not moved: South deals first?)
    first = session.host.game.move_count
    session.handle("draw")
    session.handle("say \x07oops")
    session.close()
    verified = verify_file(path)
    assert verified.moves == session.host.game.move_count  # the remarks are no moves
    recording = load(path)
    assert [(r.after, r.seat, r.text) for r in recording.replayed.remarks] == [
        (first, 0, "good luck"), (first + 1, 0, "\x07oops")]
    text = list(game_text(recording, 0, omniscient=False))
    said = [i for i, line in enumerate(text) if "says:" in line]
    assert [text[i].strip() for i in said] == ["You (South) says: good luck", "You (South) says: \\x07oops"]
    draw = next(i for i, line in enumerate(text) if line.startswith(f"{first + 1:5}. "))
    assert said[0] < draw < said[1]  # each where it was said: before South's draw, and after it
    assert "says: \\x07oops" in screen(recording, first + 1, 0, omniscient=False)


def test_a_remark_by_no_seat_of_the_table_is_malformed(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    session, writer, out = recorded_session(path, seed=4)
    session.start()
    session.close()
    with path.open("a", encoding="utf-8") as file:
        file.write('{"e":"say","seat":"Q","text":"hi"}\n')
    lines = len(path.read_text(encoding="utf-8").splitlines())
    with pytest.raises(TranscriptError) as failed:
        verify_file(path)
    assert failed.value.line == lines and "no seat here" in str(failed.value)


def test_a_game_with_remarks_resumes_and_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    session, writer, out = recorded_session(path, seed=4)
    session.start()
    session.handle("say one")
    session.handle("draw")
    session.close()
    resumed = resume(path, fsync=False)
    assert resumed.game == session.host.game
    resumed.writer.close()
