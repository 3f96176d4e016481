"""Every table, 2 to 6 players (T-SIZE), through the program: the transcript's seating, replay,
verify, resume and positions; a whole game at the table in 80x24; the question of going out."""

from __future__ import annotations

import json
import re
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from recording import record
from test_repl_support import asked_after_the_humans_turn, make_session

from ai import Decision
from hfcli import rules
from hfcli.cli import main
from hfcli.engine.events import Event
from hfcli.engine.game import Game
from hfcli.engine.reasons import ReasonKind, reason
from hfcli.engine.seating import FOUR_HANDED
from hfcli.engine.state import Phase
from hfcli.engine.view import SeatView
from hfcli.levels import make_player, recorded
from hfcli.repl.session import LINES_UNDER_TABLE, OK, QUIT
from hfcli.reports.simulate import MOVE_LIMIT
from hfcli.table import AiEndpoint
from hfcli.table.match import play_game
from hfcli.text.layout import visible_len
from hfcli.text.notation import card_count
from hfcli.text.screen import status_line
from hfcli.transcript import MALFORMED, SeatInfo, TranscriptError, TranscriptWriter, replay, resume
from hfcli.transcript.viewer import load

# (players, teams) of every table the game is played at.
TABLES = [(2, "auto"), (3, "auto"), (4, "pairs"), (4, "none"), (5, "auto"), (6, "pairs"), (6, "threes")]


def _header(path: Path) -> dict[str, object]:
    header = json.loads(path.read_text().splitlines()[0])
    assert isinstance(header, dict)
    return header


def _rewrite_header(path: Path, **changes: object) -> None:
    lines = path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0]) | changes
    header = {k: v for k, v in header.items() if v is not None}
    lines[0] = json.dumps(header, separators=(",", ":")) + "\n"
    path.write_text("".join(lines))


@pytest.mark.parametrize(
    ("players", "teams", "seating"),
    [
        (2, "auto", {"seats": ["S", "N"], "long_names": ["South", "North"], "sides": ["S", "N"],
                     "side_names": ["S", "N"], "first_dealer": "N"}),
        (3, "auto", {"seats": ["S", "NW", "NE"], "long_names": ["South", "Northwest", "Northeast"],
                     "sides": ["S", "NW", "NE"], "side_names": ["S", "NW", "NE"], "first_dealer": "NE"}),
        (4, "pairs", {"seats": ["S", "W", "N", "E"], "long_names": ["South", "West", "North", "East"],
                      "sides": ["NS", "EW", "NS", "EW"], "side_names": ["NS", "EW"], "first_dealer": "E"}),
        (6, "pairs", {"seats": ["S", "SW", "NW", "N", "NE", "SE"],
                      "long_names": ["South", "Southwest", "Northwest", "North", "Northeast", "Southeast"],
                      "sides": ["S+N", "SW+NE", "NW+SE", "S+N", "SW+NE", "NW+SE"],
                      "side_names": ["S+N", "SW+NE", "NW+SE"], "first_dealer": "SE"}),
        (6, "threes", {"seats": ["S", "SW", "NW", "N", "NE", "SE"],
                       "long_names": ["South", "Southwest", "Northwest", "North", "Northeast", "Southeast"],
                       "sides": ["S+NW+NE", "SW+N+SE", "S+NW+NE", "SW+N+SE", "S+NW+NE", "SW+N+SE"],
                       "side_names": ["S+NW+NE", "SW+N+SE"], "first_dealer": "SE"}),
    ],
)
def test_T_SIZE_the_header_records_the_seating(tmp_path: Path, players: int, teams: str,
                                               seating: dict[str, object]) -> None:
    path = tmp_path / "g.jsonl"
    game = record(path, players=players, teams=teams, moves=30)
    header = _header(path)
    assert header["seating"] == seating
    assert [s["seat"] for s in header["seats"]] == seating["seats"]  # type: ignore[index, union-attr]
    replayed = replay(path)
    assert replayed.header.seating == game.seating and replayed.game == game


def test_a_file_without_a_seating_was_played_at_the_four_seat_partnership_table(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    game = record(path, moves=200)
    _rewrite_header(path, seating=None)
    assert "seating" not in _header(path)
    replayed = replay(path)
    assert replayed.header.seating == FOUR_HANDED and replayed.game == game


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seats": ["S", "NW"]}, "must name 3 seats"),
        ({"long_names": ["South", "North\x1b[2J", "Northeast"]}, "long names and side names are letters"),
        ({"seats": ["S", "S", "NE"]}, "each named once"),
        ({"seats": ["S", "nw", "NE"]}, "capital letters"),
        ({"sides": ["S", "NW", "E"]}, "every seat's side is one of side_names"),
        ({"first_dealer": "E"}, "first_dealer must be one of the seats, not 'E'"),
        ({"side_names": "S NW NE"}, "each a list of text"),
    ],
)
def test_a_bad_seating_is_refused_at_line_1(tmp_path: Path, change: dict[str, object], message: str) -> None:
    path = tmp_path / "g.jsonl"
    record(path, players=3, moves=10)
    seating = _header(path)["seating"]
    assert isinstance(seating, dict)
    _rewrite_header(path, seating=seating | change)
    with pytest.raises(TranscriptError) as caught:
        replay(path)
    assert caught.value.line == 1 and caught.value.fault is MALFORMED
    assert message in caught.value.message
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output and "\x1b" not in result.output


@pytest.mark.parametrize(("players", "teams"), [(3, "auto"), (6, "threes")])
def test_resume_at_any_table_continues_where_the_file_ends(tmp_path: Path, players: int, teams: str) -> None:
    path = tmp_path / "g.jsonl"
    partial = record(path, players=players, teams=teams, seed=4, moves=400)
    resumed = resume(path, fsync=False)
    assert resumed.game == partial and resumed.game.seating == partial.seating
    assert len(resumed.moves) == 400
    game = resumed.game
    seats = game.seating.seats
    play_game(game, [make_player("random", 9, s) for s in seats],
              on_move=lambda events, d: resumed.writer.record(events, d.reason))
    resumed.writer.close()
    again = replay(path)
    assert again.finished and again.game == game and again.game.totals() == game.totals()
    assert len(again.game.totals()) == len(game.seating.team_names)


def test_replay_position_at_six_prints_a_position_of_that_table(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record(path, players=6, teams="threes", moves=120)
    result = CliRunner().invoke(main, ["replay", "--position", "100", str(path)])
    assert result.exit_code == 0, result.output
    assert ("seating: S South S+NW+NE, SW Southwest SW+N+SE, NW Northwest S+NW+NE, N North SW+N+SE, "
            "NE Northeast S+NW+NE, SE Southeast SW+N+SE; first dealer SE") in result.output
    assert Game.from_position(result.output) == load(path).position(100)


@pytest.mark.parametrize(("players", "teams"), TABLES)
def test_T_SIZE_a_whole_game_at_80x24_shows_every_seat_and_side_and_ends_on_one_column_a_side(
    players: int, teams: str
) -> None:
    session, out = make_session(seed=3, level="normal", players=players, teams=teams)
    game = session.host.game
    seating = game.seating
    session.display = replace(session.display, size=lambda: (80, 24))
    session.start()
    first = out.text
    # The first screen: every seat's hand and foot, every side's melds, books and red threes.
    table = first[first.index("Deal 1 of 4"):first.index("Your turn")].rstrip("\n").split("\n")
    assert len(table) <= 24 - LINES_UNDER_TABLE
    for seat in seating.seats:
        # The full table ("North   hand 13  foot 13"), or the compact one ("North 13, foot 13").
        shown = rf"{seating.long_names[seat]}(?: \(you\))?:?\s+(?:hand\s+)?{len(game.hands[seat])},?\s+foot 13"
        assert re.search(shown, first), seating.long_names[seat]
    assert len(re.findall(r"books:? clean", first)) == len(seating.team_names)
    assert first.count("red threes") == len(seating.team_names)
    assert len(status_line(game.view(0), width=80)) <= 80
    asked: list[tuple[str, int]] = []
    while not session.finished:
        assert len(session.toolbar()) <= 80
        if game.phase is Phase.ANSWER and game.to_move == 0:
            asked.append((session.prompt, game.turn_seat))
        assert session.hint_player is not None
        outcome = session.handle(str(session.hint_player.choose(game.view(0)).move))
        assert outcome in (OK, QUIT), out.lines[-3:]
    assert all(visible_len(line) <= 80 for line in out.lines)
    result = game.result
    assert result is not None and game.card_total() == game.rules.card_count
    # T-OUT: only a side with partners asks; a side of three asks the next teammate by name.
    asks = [line for line in out.lines if "may I go out?" in line]
    if all(not seating.partners(s) for s in seating.seats):
        assert asks == []
    for prompt, asker in asked:
        assert prompt == ("May your partner go out? [y/n] " if len(seating.partners(0)) == 1
                          else f"May {seating.long_names[asker]} go out? [y/n] ")
    # The deal sheets and the final screen: one column a side.
    sheets = [i for i, line in enumerate(out.lines) if line.startswith("Deal 1 score")]
    assert len(sheets) == 1 and out.lines[sheets[0]].split()[3:] == list(seating.team_names)
    final = out.lines[next(i for i, line in enumerate(out.lines) if line.startswith("Game over: ")):]
    assert final[2].split() == list(seating.team_names)
    assert final[7].split() == ["game", *map(str, result.totals)]


class Asker:
    """Asks "may I go out?" whenever it may; otherwise plays at random."""

    name = "asker"

    def __init__(self, seat: int) -> None:
        self.fallback = make_player("random", 7, seat)

    def choose(self, view: SeatView) -> Decision:
        ask = [move for move in view.legal_moves if move.kind == "ask"]
        return Decision(ask[0], reason(ReasonKind.ASK_READY)) if ask else self.fallback.choose(view)


def test_T_OUT_in_a_side_of_three_the_next_teammate_is_asked_and_sees_the_third_members_cards() -> None:
    """Six as two teams of three (South, Northwest, Northeast against the rest): Northeast's next
    teammate in turn order is South, the human, who answers (T-OUT)."""
    session, out = make_session(seed=7, players=6, teams="threes")
    game = session.host.game
    assert game.seating.partners(4) == (0, 2)
    session.host.seat(AiEndpoint(4, Asker(4)))
    asked_after_the_humans_turn(session, out, (0, 2, 4))  # the whole side in its feet
    assert game.phase is Phase.ANSWER and game.to_move == 0 and game.turn_seat == 4
    assert "Northeast asks you: may I go out?" in out.text
    assert session.prompt == "May Northeast go out? [y/n] "
    held = len(game.hands[2])
    assert (f"Northeast holds {card_count(len(game.hands[4]))}, Northwest {card_count(held)} (in the foot). "
            "Answer y or n.") in out.text
    assert session.handle("n") == OK
    assert "You answer no." in out.text


def test_T_OUT_a_player_alone_is_never_asked_and_the_table_never_says_partner() -> None:
    session, out = make_session(seed=2, level="normal", players=3)
    session.start()
    game = session.host.game
    while not session.finished:
        assert session.hint_player is not None
        session.handle(str(session.hint_player.choose(game.view(0)).move))
    assert "partner" not in out.text.lower() and "may I go out" not in out.text


def _play_recorded(path: Path, players: int, teams: str, kind: str, seed: int) -> Game:
    """A whole classic game at the table, every seat played by ``kind``, recorded through the writer,
    with every card of the shoe somewhere after every move (54 x decks: T-DECK)."""
    game = Game(rules.preset("classic").replace(players=players, teams=teams), seed=seed)
    seats = [SeatInfo(game.seating.long_names[s], "ai", kind) for s in game.seating.seats]
    players_ = [make_player(kind, seed, s) for s in game.seating.seats]
    assert game.card_total() == 54 * game.rules.deck_count == 54 * (players + 1)
    with TranscriptWriter.create(path, game, seats, fsync=False) as writer:
        def after(events: list[Event], decision: Decision) -> None:
            writer.record(events, decision.reason)
            assert game.card_total() == game.rules.card_count

        play_game(game, players_, on_move=after, max_moves=MOVE_LIMIT)
    assert game.is_over, "the game did not end"
    return game


def _verifies(path: Path, game: Game) -> None:
    replayed = replay(path)
    assert replayed.finished and replayed.game == game and replayed.game.totals() == game.totals()
    assert len(replayed.game.totals()) == len(game.seating.team_names)


@pytest.mark.parametrize("kind", ["random", "normal"])
@pytest.mark.parametrize(("players", "teams"), TABLES)
def test_T_SIZE_every_table_plays_to_the_end_with_every_card_somewhere_and_verifies(
    tmp_path: Path, players: int, teams: str, kind: str
) -> None:
    path = tmp_path / "game.jsonl"
    game = _play_recorded(path, players, teams, kind, seed=players * 10 + len(teams))
    _verifies(path, game)


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table_=st.sampled_from(TABLES), kind=st.sampled_from(recorded()), seed=st.integers(0, 2**31 - 1))
def test_T_SIZE_any_table_any_player_any_seed_keeps_every_card_and_verifies(
    table_: tuple[int, str], kind: str, seed: int
) -> None:
    players, teams = table_
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.jsonl"
        _verifies(path, _play_recorded(path, players, teams, kind, seed))


def _play(args: list[str], stdin: str = "", env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["play", "--speed", "0", *args], input=stdin, env=env, auto_envvar_prefix="HF")
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("args", "intro"),
    [
        (["--players", "2"], "You sit South and play alone; opponent North (easy)."),
        (["--players", "5", "--opponent-level", "hard"],
         "You sit South and play alone; opponents West (hard), Northwest (hard), Northeast (hard) and East (hard)."),
        (["--players", "6", "--partner-level", "hard"],
         "You sit South. Your partner North (hard); opponents SW+NE: Southwest (easy) and Northeast (easy); "
         "NW+SE: Northwest (easy) and Southeast (easy)."),
        (["--players", "6", "--teams", "threes", "--partner-level", "hard"],
         "You sit South. Your teammates Northwest (hard) and Northeast (hard); opponents Southwest (easy), "
         "North (easy) and Southeast (easy)."),
        (["--players", "4", "--teams", "none"],
         "You sit South and play alone; opponents West (easy), North (easy) and East (easy)."),
    ],
)
def test_T_SIZE_hf_play_seats_the_table_asked_for_and_names_everyone(tmp_path: Path, args: list[str],
                                                                      intro: str) -> None:
    path = tmp_path / "game.jsonl"
    code, text = _play([*args, "--level", "easy", "--seed", "3", "--transcript", str(path)], "quit\ny\n")
    assert code == 0, text
    assert intro in " ".join(text.split())
    header = _header(path)
    assert len(header["seating"]["seats"]) == header["rules"]["players"] == int(args[1])  # type: ignore[index]
    # Each seat's level, in play order after South, as the intro names it.
    said = dict(re.findall(r"(\w+) \((\w+)\)", intro))
    seats = header["seats"]
    assert isinstance(seats, list) and seats[0]["kind"] == "human"
    assert [seat["level"] for seat in seats[1:]] == [said[seat["name"]] for seat in seats[1:]]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "4", "--teams", "threes"], "teams of three need 6 players, not 4"),
        (["--players", "5", "--teams", "pairs"], "pairs need 4 or 6 players, not 5"),
        (["--players", "7"], "Invalid value for '--players'"),
        (["--players", "6", "--rules", "tiny.toml"], "too few to deal 108 cards to 6 players"),
    ],
)
def test_T_SIZE_a_table_hf_play_cannot_seat_is_a_one_line_error(tmp_path: Path, args: list[str], message: str,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    # Two decks deal hands and feet of 9 to four players (36 cards left), not to six.
    (tmp_path / "tiny.toml").write_text("decks = 2\nhand_size = 9\nfoot_size = 9\n")
    code, text = _play(args)
    assert code == 2 and message in text and "Traceback" not in text


def test_a_resumed_game_keeps_its_table(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    code, _ = _play(["--seed", "3", "--transcript", str(path)], "draw\nquit\ny\n", env={"HF_PLAY_PLAYERS": "3"})
    assert code == 0 and len(_header(path)["seating"]["seats"]) == 3  # type: ignore[index]
    code, text = _play(["--resume", str(path), "--players", "4"])
    assert code == 2 and "this game is played by three players, each alone; to resume it, leave out" in text
    code, text = _play(["--resume", str(path)], "quit\ny\n", env={"HF_PLAY_PLAYERS": "3"})
    assert code == 0 and "You sit South and play alone; opponents Northwest (normal) and Northeast (normal)." in text
