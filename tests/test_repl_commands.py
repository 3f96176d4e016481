"""The table's commands: each registered with its handler and its help together, so a command the
help lists is one the table answers, and what a command asks for that is not there (a rule id, a
command, a move in the log) is said at the table as an error, never raised out of it."""

from __future__ import annotations

import pytest
from test_repl_support import make_session

from hfcli.engine.errors import HandFootError, NotFoundError
from hfcli.engine.rules import CLASSIC
from hfcli.repl.commands import BY_WORD, COMMANDS, Command, help_text
from hfcli.repl.session import ERROR, INFO
from hfcli.text.rulebook import rule_text


def test_every_command_has_its_handler_and_help_and_every_short_form_names_it() -> None:
    names = [command.name for command in COMMANDS]
    assert len(names) == len(set(names)) == 26
    for command in COMMANDS:
        assert callable(command.handler) and command.summary and command.usage.startswith(command.name)
        for word in (command.name, *command.aliases):
            assert BY_WORD[word] is command
    # The moves come first in the help, in the order a turn is played.
    assert names[:6] == ["draw", "pickup", "meld", "add", "play", "discard"]
    assert names[-2:] == ["help", "quit"]


@pytest.mark.parametrize("command", [c for c in COMMANDS if not c.is_move], ids=lambda c: c.name)
def test_every_command_the_help_lists_is_answered_by_the_table(command: Command) -> None:
    session, out = make_session()
    session.start()
    name = command.name
    out.clear()
    outcome = session.handle(name if name != "say" else "say good luck")
    assert "Unknown command" not in out.text
    assert outcome == INFO or (name == "why" and outcome == ERROR)  # no move has a reason yet
    assert help_text(name).startswith(command.usage)


@pytest.mark.parametrize(("line", "said"), [
    ("help nothing", "no command 'nothing'; type help for the list, help moves or help all for more"),
    ("rules C-ZZZ", "no rule 'C-ZZZ'; rule ids: C-SEAT"),
    ("why", "No move has a reason yet: the AI players give theirs as they play."),
])
def test_what_is_not_there_is_said_as_an_error_line(line: str, said: str) -> None:
    session, out = make_session()
    session.start()
    out.clear()
    assert session.handle(line) == ERROR
    assert out.lines[0].startswith(said)


def test_a_name_that_names_nothing_is_a_hand_foot_error_with_the_words_to_say() -> None:
    with pytest.raises(NotFoundError) as raised:
        help_text("nothing")
    assert str(raised.value) == "no command 'nothing'; type help for the list, help moves or help all for more"
    with pytest.raises(HandFootError) as rule:
        rule_text("C-ZZZ", 80, CLASSIC)
    assert str(rule.value).startswith("no rule 'C-ZZZ'")  # no quotes a KeyError would add
    assert not isinstance(rule.value, KeyError)
