"""One hierarchy of errors for bad input, under HandFootError, each with words fit to show a person;
the exit status for a transcript that does not replay decided by the command line alone; and one
rule for a seed nobody gave."""

from __future__ import annotations

import pytest

from hfcli.cli import transcript_exit_code
from hfcli.engine.errors import HandFootError, NotFoundError, PlayerError, TableError
from hfcli.engine.game import Game
from hfcli.engine.numbers import MAX_SEED, chosen_seed
from hfcli.engine.rules import preset
from hfcli.event.spec import EventError
from hfcli.levels import find, make_player
from hfcli.system.config import ConfigError
from hfcli.system.files import UnreadableFile
from hfcli.table import NotYourTurn, Table
from hfcli.transcript import DIVERGENCE, MALFORMED, TranscriptError
from hfcli.transcript.writer import HeaderTooLong


@pytest.mark.parametrize("error", [TranscriptError, ConfigError, EventError, UnreadableFile, HeaderTooLong,
                                   NotYourTurn, TableError, PlayerError, NotFoundError])
def test_every_error_for_bad_input_is_a_hand_and_foot_error(error: type[Exception]) -> None:
    assert issubclass(error, HandFootError) and issubclass(error, ValueError)


def test_the_table_refuses_what_it_cannot_do_with_a_table_error() -> None:
    table = Table(Game(preset("quick"), seed=3))
    with pytest.raises(TableError, match="^this table has no seat 9$"):
        table.say(9, "hello")
    with pytest.raises(TableError):
        table.say(0, "   ")  # a blank line is not said


def test_a_player_asked_to_move_where_none_is_legal_and_an_unknown_level_say_so() -> None:
    game = Game(preset("quick"), seed=3)
    view = game.view(1)  # South is to move: nothing is legal for West
    assert not view.legal_moves
    for level in ("random", "normal"):
        with pytest.raises(PlayerError, match="no legal moves"):
            make_player(level, 3, 1).choose(view)
    with pytest.raises(NotFoundError, match="^unknown player 'grandmaster'; choose from "):
        find("grandmaster")


def test_the_exit_status_of_a_transcript_that_does_not_replay_is_the_command_lines_to_decide() -> None:
    assert transcript_exit_code(DIVERGENCE) == 1  # what hf verify exists to find
    assert transcript_exit_code(MALFORMED) == 2  # bad input, as for every other command
    error = TranscriptError("g.jsonl", 3, "expected 'draw'", DIVERGENCE)
    assert str(error) == "g.jsonl:3: expected 'draw'" and error.fault is DIVERGENCE
    assert not hasattr(error, "exit_code")


def test_a_seed_nobody_gave_is_fresh_and_secret_and_a_given_one_is_kept() -> None:
    assert chosen_seed(7) == (7, True)
    fresh = [chosen_seed(None) for _ in range(16)]
    assert all(not given and 0 <= seed <= MAX_SEED for seed, given in fresh)
    assert len({seed for seed, _ in fresh}) == 16
    assert max(seed for seed, _ in fresh) > 2**64  # 128 bits, not a guessable range
    games = [Game(preset("quick")).seed for _ in range(4)]
    assert len(set(games)) == 4 and max(games) > 2**64  # a game dealt without a seed asks the same rule
