"""The table session: commands, short forms, refusals that change nothing, quitting, narration."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from test_repl_support import Captured, asked_after_the_humans_turn, make_session

from ai.base import Decision
from hfcli.engine.reasons import ReasonKind, reason
from hfcli.engine.view import SeatView
from hfcli.levels import make_player
from hfcli.repl.session import ERROR, INFO, OK, QUIT, Session
from hfcli.table import AiEndpoint
from hfcli.text.notation import card_text


def test_opening_screen_shows_the_table_and_asks_for_a_draw() -> None:
    session, out = make_session()
    session.start(["Welcome"])
    text = out.text
    assert "Deal 1 of 4" in text and "minimum first meld 50" in text
    assert "Your hand (13 cards)" in text
    assert "Pile:" in text and "Stock" in text
    assert session.host.game.to_move == 0 and session.host.game.phase == "draw"


def test_short_forms_map_onto_moves() -> None:
    session, out = make_session()
    session.start()
    stock = session.host.game.view(0).stock_size
    assert session.handle("d") == OK
    assert session.host.game.view(0).stock_size == stock - 2
    assert "You draw" in out.text
    hand_before = len(session.host.game.hands[0])
    token = session.host.game.hands[0][0].text
    out.clear()
    assert session.handle(f"x {token}") == OK
    assert "You discard" in out.text
    # the AI seats have played; the human is to move again with one card fewer
    assert session.host.game.to_move == 0
    assert len(session.host.game.hands[0]) == hand_before - 1


def test_illegal_move_names_the_rule_and_changes_nothing() -> None:
    session, out = make_session()
    session.start()
    before = session.host.game.clone()
    out.clear()
    assert session.handle("discard 7") == ERROR
    assert out.lines == [out.lines[0]]  # one line
    assert "Not allowed (C-DRAW): first draw from the stock or take the pile, then discard" in out.text
    assert session.host.game == before


def test_first_meld_below_the_minimum_is_refused_with_c_min() -> None:
    session, out = make_session(seed=7)
    session.start()
    session.handle("draw")
    # seed 7: South holds K K 2 (40 points), below the first deal's 50
    assert session.handle("meld K K 2") == OK
    out.clear()
    before = session.host.game.clone()
    assert session.handle("x 9") == ERROR
    assert "Not allowed (C-MIN)" in out.text
    assert session.host.game == before
    assert session.handle("undo") == OK
    assert session.host.game.teams[0].melds == []


def test_unknown_command_and_unreadable_cards_are_one_line_each() -> None:
    session, out = make_session()
    session.start()
    for line in ("frobnicate", "meld 9 9 Z", "add 2", "log x", "help nothing", "rules C-NOPE"):
        out.clear()
        assert session.handle(line) == ERROR, line
        assert len(out.lines) == 1, (line, out.lines)


def test_information_commands_do_not_change_the_game() -> None:
    session, out = make_session()
    session.start()
    before = session.host.game.clone()
    for line in ("hand", "h", "table", "score", "log", "log 3", "rules", "rules c-pile", "help", "help meld", "hint"):
        out.clear()
        assert session.handle(line) == INFO, line
        assert out.text.strip(), line
    assert session.host.game == before
    out.clear()
    session.handle("rules C-PILE")
    assert out.text.startswith("C-PILE  Taking the discard pile")


def test_hint_names_a_legal_move() -> None:
    session, out = make_session(level="normal")
    session.start()
    out.clear()
    session.handle("hint")
    assert out.text.startswith("Hint: ")
    move = out.text[len("Hint: "):].split(" — ")[0]
    assert session.host.game.is_legal(move)


def test_log_shows_ai_reasons() -> None:
    session, out = make_session(level="normal")
    session.start()
    session.handle("draw")
    session.handle(f"discard {session.host.game.hands[0][0].text}")
    out.clear()
    session.handle("log 20")
    ai_lines = [line for line in out.lines if "West" in line]
    assert ai_lines and all(" — " in line for line in ai_lines)


def test_quit_asks_to_confirm() -> None:
    session, out = make_session()
    session.start()
    assert session.handle("quit") == INFO
    assert session.prompt == "Leave the game? [y/N] "  # asked once, by the prompt
    assert session.handle("no") == INFO and not session.finished
    assert session.handle("q") == INFO
    assert session.handle("y") == QUIT and session.finished


def test_ai_turns_are_paced_one_pause_a_move() -> None:
    session, out = make_session()
    pauses: list[float] = []
    session.pace = replace(session.pace, seconds=0.5)
    session.pace = replace(session.pace, sleep=pauses.append)
    session.start()
    session.handle("draw")
    count_before = len(session.log)
    session.handle(f"discard {session.host.game.hands[0][0].text}")
    ai_moves = len(session.log) - count_before - 1
    assert ai_moves > 0 and pauses == [0.5] * ai_moves


def test_a_whole_deal_ends_with_every_score_line() -> None:
    session, out = make_session(seed=11)
    session.start()
    while session.host.game.deal_index == 0:
        hinted = session.hint_player
        assert hinted is not None
        move = hinted.choose(session.host.game.view(0)).move
        assert session.handle(str(move)) in (OK, QUIT)
    text = out.text
    for label in ("cards in melds and books", "clean books", "dirty books", "wild books", "red threes laid",
                  "going out", "cards left in hands", "cards in unpicked feet", "red threes in unpicked feet"):
        assert label in text
    result = session.host.game.results[0]
    total_line = next(line for line in out.lines if line.startswith("total "))
    assert total_line.split()[1:] == [str(t.total) for t in result.teams]
    assert "Deal 2 of 4 begins" in text



class AskingPartner:
    """North asks "may I go out?" whenever it may, and otherwise plays at random."""

    name = "asking"

    def __init__(self, seed: int) -> None:
        self.fallback = make_player("random", seed, 2)

    def choose(self, view: SeatView) -> Decision:
        for move in view.legal_moves:
            if move.kind == "ask":
                return Decision(move, reason(ReasonKind.ASK_READY))
        return self.fallback.choose(view)


def test_partner_asks_and_the_human_answers_with_the_facts_shown() -> None:
    session, out = make_session(seed=7)
    game = session.host.game
    session.host.seat(AiEndpoint(2, AskingPartner(7)))
    asked_after_the_humans_turn(session, out, (0, 2))
    text = out.text
    assert "North asks partner: may I go out?" in text
    assert "North asks: may I go out?" in text
    assert "Books: clean 0, dirty 0, wild 0" in text and "count -" in text
    assert "A yes lets North go out this turn: meld every card but one and discard the last" in text
    assert "A no: North keeps two cards or more after melding (C-KEEP)" in text
    assert session.prompt.startswith("May your partner go out?")
    before = game.clone()
    assert session.handle("maybe") == ERROR
    assert game == before
    assert session.handle("n") == OK
    assert "You answer no." in out.text
    assert game.turn.permission is False or game.turn_seat != 2


def _ctrl_c(seconds: float) -> bool:
    raise KeyboardInterrupt


def _key_press(seconds: float) -> bool:
    return True


@pytest.mark.parametrize("cut", [_ctrl_c, _key_press], ids=["ctrl-c", "key"])
def test_a_pause_cut_short_skips_the_rest_of_the_rounds_pauses_never_a_move(cut: Callable[[float], bool]) -> None:
    session, out = make_session()
    pauses: list[float] = []

    def sleep(seconds: float) -> bool:
        pauses.append(seconds)
        return cut(seconds)

    session.pace = replace(session.pace, seconds=0.25)
    session.pace = replace(session.pace, sleep=sleep)
    session.start()
    session.handle("draw")
    before = len(session.log)
    assert session.handle(f"discard {session.host.game.hands[0][0].text}") == OK
    assert len(session.log) - before > 2  # the human's discard and several AI moves
    assert pauses == [0.25]  # the first pause was cut short and no more were taken
    assert session.host.game.to_move == 0 and session.host.game.phase == "draw"


@pytest.mark.parametrize("rules", ["classic", "eleven"])
def test_a_whole_game_holds_each_score_sheet_and_ends_on_the_final_screen(rules: str) -> None:
    session, out = make_session(seed=4, level="normal", rules=rules)
    held: list[tuple[str, int]] = []  # what the hold said, and how many lines had been shown then
    session.pace = replace(session.pace, hold_sheets=True)
    session.transcript_path = Path("/tmp/my games/seed 4.jsonl")
    session.start()
    outcome = OK
    while not session.finished:
        if session.waiting is not None:
            held.append((out.lines[-1].split(" (")[0], len(out.lines) - 1))  # the lines before the message
            outcome = session.handle("")
            continue
        assert session.hint_player is not None
        outcome = session.handle(str(session.hint_player.choose(session.host.game.view(0)).move))
        assert outcome in (OK, QUIT), out.lines[-3:]
    assert outcome == QUIT
    result = session.host.game.result
    assert result is not None
    # C-DEALS: four deals, each score sheet held until the player asks for the next deal.
    assert [message for message, _ in held] == [
        "Press Enter to start deal 2 of 4.", "Press Enter to start deal 3 of 4.",
        "Press Enter to start deal 4 of 4.", "Press Enter for the final scores."]
    for deal, (_, shown) in enumerate(held):
        before = out.lines[:shown]
        assert before[-1].startswith("Game so far: ")
        assert any(line.startswith(f"Deal {deal + 1} score") for line in before[-14:])
        assert not any(line.startswith(f"Deal {deal + 2} of 4 begins") for line in before)
        if deal < 3:
            assert out.lines[shown + 2].startswith(f"Deal {deal + 2} of 4 begins")
    # C-GAME: the final screen says who won, and each side's sheet adds up its deals to its total.
    final = out.lines[held[-1][1] + 1:]
    first, second = sorted(result.totals, reverse=True)
    verdict = (f"Game over: a tie at {first}." if result.winner is None
               else f"Game over: {result.team_names[result.winner]} win, {first} to {second}.")
    assert final[1] == verdict
    # One column a side: each deal's total, then the game's, which adds them up.
    heading = next(i for i, line in enumerate(final) if line.split() == list(result.team_names))
    rows = [line.split() for line in final[heading + 1:heading + 6]]
    assert [row[:2] for row in rows[:4]] == [["deal", str(d)] for d in (1, 2, 3, 4)] and rows[4][0] == "game"
    for team in range(len(result.team_names)):
        assert [int(row[2 + team]) for row in rows[:4]] == [deal.teams[team].total for deal in result.deals]
        assert int(rows[4][1 + team]) == result.totals[team] == sum(int(row[2 + team]) for row in rows[:4])
    # V-NOWILD: the eleven rules have no wild melds, so no wild books are counted anywhere.
    assert ("wild books" in out.text and "wild 0" in out.text) == (rules == "classic")
    assert final[-7:] == ["Transcript: /tmp/my games/seed 4.jsonl", "To replay it, move by move:",
                          "  hf replay '/tmp/my games/seed 4.jsonl'",
                          "To see where your choices cost points, with the expert's move at each:",
                          "  hf review '/tmp/my games/seed 4.jsonl'",
                          "To play those positions again and find a better move:",
                          "  hf practice '/tmp/my games/seed 4.jsonl'"]
    assert session.handle("draw") == QUIT  # nothing more to do once the game is over


def test_a_whole_game_writes_every_ten_as_10_in_moves_reasons_log_and_hints() -> None:
    session, out = make_session(seed=4, level="normal")
    session.start()
    hints: list[str] = []
    while not session.finished:
        assert session.hint_player is not None
        session.handle("hint")
        hints.append(out.lines[-1])
        session.handle(str(session.hint_player.choose(session.host.game.view(0)).move))
    session.say(session.log_text(len(session.log)))  # what 'log' would show of the whole game
    text = out.text
    assert re.search(r"\b10[♣♦♥♠]", text) and re.search(r"melds? [^.]*\b10 10\b", text)
    assert re.search(r" — .*\btens?\b", text)  # the AI's reasons speak of tens
    assert not re.search(r"\bT[CDHS♣♦♥♠]?\b", text), [line for line in out.lines
                                                      if re.search(r"\bT[CDHS♣♦♥♠]?\b", line)]
    assert any("10" in hint for hint in hints)
    # The transcript's notation is untouched: the log keeps the moves as the engine wrote them.
    assert any(re.search(r"\bT\b", entry.move) for entry in session.log)


def test_a_hint_names_its_move_once() -> None:
    session, out = make_session(seed=7, level="normal")
    session.start()
    session.handle("draw")
    out.clear()
    session.handle("hint")
    assert re.fullmatch(r"Hint: (meld|add|discard) [^—:]+ — .+", out.text), out.text
    move = out.text[len("Hint: "):].split(" — ")[0]
    assert f"— {move}:" not in out.text and session.host.game.is_legal(move)


def test_help_says_a_ten_is_typed_as_10_or_t() -> None:
    session, out = make_session()
    session.start()
    assert session.handle("help") == INFO and "a ten as 10 or T" in out.text
    assert session.handle("help x") == INFO and "x 10" in out.text
    session.handle("d")
    tens = [c for c in session.host.game.hands[0] if c.text[0] == "T"]
    assert tens  # seed 7: South draws into a ten
    out.clear()
    assert session.handle(f"x 10{tens[0].suit}") == OK
    assert f"You discard {card_text(tens[0])}." in out.text and card_text(tens[0]).startswith("10")


@pytest.mark.parametrize(("line", "message"), [
    ("x", "'x' (discard) needs a card, e.g. 'x 9'"),
    ("dis", "'dis' (discard) needs a card, e.g. 'dis 9'"),
    ("discard", "'discard' needs a card, e.g. 'discard 9'"),
    ("m", "'m' (meld) needs cards, e.g. 'm 9 9 9'"),
    ("a", "'a' (add) needs cards, e.g. 'a 9 2 to 9'"),
    ("d 9", "'d' (draw) takes nothing after it; type just 'd'"),
    ("p now", "'p' (pickup) takes nothing after it; type just 'p'"),
    ("u 3", "'u' (undo) takes nothing after it; type just 'u'"),
    ("y x", "'y' (yes) takes nothing after it; type just 'y'"),
    ("n x", "'n' (no) takes nothing after it; type just 'n'"),
    ("x 9 9", "'x 9 9': discard exactly one card"),
    ("a 2", "'a 2': say which meld, e.g. 'a 2 to 9'"),
    ("add 2", "'add 2': say which meld, e.g. 'add 2 to 9'"),
])
def test_a_refused_short_form_is_answered_in_what_was_typed(line: str, message: str) -> None:
    session, out = make_session()
    session.start()
    if not line.startswith(("d", "p", "y", "n")):
        session.handle("d")
    before = session.host.game.clone()
    out.clear()
    assert session.handle(line) == ERROR
    assert out.lines == [f"Can't read that: {message}"]
    assert session.host.game == before


def test_score_in_the_middle_of_a_deal_counts_the_deal_so_far() -> None:
    session, out = make_session(seed=7)
    session.start()
    session.handle("draw")  # seed 7: South draws 9♠ 8♦ to K K Q J 10 9 8 7 7 6 4 2 2, a red three laid
    session.handle("meld K K 2, 7 7 2")
    out.clear()
    assert session.handle("score") == INFO
    rows = {line[:32].strip(): line[32:].split() for line in out.lines[1:7]}
    # C-VALUE: K K 2 is 10 + 10 + 20, 7 7 2 is 5 + 5 + 20; C-SCORE: a red three laid is +100.
    assert rows["cards in melds and books"] == ["70", "0"]
    assert rows["clean books"] == rows["dirty books"] == rows["wild books"] == ["0", "0"]
    assert rows["red threes laid"] == ["1:", "+100", "0"]
    assert rows["on the table now"] == ["170", "0"]
    # Q J 10 9 9 8 8 are 10 each, 6 and 4 are 5 each: 80 against, and the foot still to come.
    assert out.lines[7] == ("If the deal ended now, the 9 cards in your hand would count -80, "
                            "and your unpicked foot's 13 cards against you too.")
    assert out.lines[8] == ("West holds 13 (foot 13 unpicked); North holds 13 (foot 13 unpicked); "
                            "East holds 13 (foot 13 unpicked).")
    assert out.lines[-1] == "No deal finished yet: NS 0, EW 0."


def test_your_melds_are_listed_by_rank_as_the_table_lists_them() -> None:
    session, out = make_session(seed=7)
    session.start()
    session.handle("draw")
    out.clear()
    session.handle("meld 7 7 2, K K 2")  # laid sevens first
    melds = next(line for line in out.lines if line.startswith("Your melds: "))
    assert melds == "Your melds: K: K♥ K♠ 2♠ (3, dirty, 4 to book); 7: 7♣ 7♣ 2♦ (3, dirty, 4 to book)  " \
                    "(first meld so far 70 of 50)"


def test_a_pile_of_one_is_one_card_in_the_narration_and_the_ai_reason() -> None:
    session, out = make_session(seed=7, level="normal")
    session.start()
    session.handle("draw")
    session.handle("discard king")  # seed 7: West takes K 6, then North takes the one card left, 4♦
    assert "North takes the pile, 1 card: 4♦ — 1 card, " in out.text
    assert not re.search(r"\b1 cards\b", out.text)


def test_the_pace_is_brisk_by_default_and_the_readme_says_how_to_change_it() -> None:
    from click.testing import CliRunner

    from hfcli.cli import main

    help_text = " ".join(CliRunner().invoke(main, ["play", "--help"]).output.split())
    assert "--speed" in help_text and "[default: 0.25;" in help_text and "a key press skips" in help_text
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    assert "--speed 0" in readme and "any key skips" in readme


def test_the_turn_line_offers_the_pile_only_when_it_can_be_taken() -> None:
    session, out = make_session(seed=7)
    session.start()  # seed 7: a 6 on the pile and one 6 in South's hand (C-PILE needs two)
    assert "Your turn: draw (the pile cannot be taken).  (help lists every command)" in out.lines
    session, out = make_session(seed=4)
    session.start()  # seed 4: an 8 on the pile and 8♠ 8♠ in South's hand
    assert "Your turn: draw, or pick up the pile.  (help lists every command)" in out.lines


def test_help_all_wraps_each_summary_under_its_column_and_keeps_short_forms_whole() -> None:
    from hfcli.repl.commands import USAGE_WIDTH, help_text

    lines = help_text("all", 80).splitlines()
    assert all(len(line) <= 80 for line in lines)
    column = 2 + USAGE_WIDTH
    # The discard line is 84 columns unwrapped: its rule id and short forms go to a second line,
    # under the summary, and "[x, dis]" is not split between lines.
    at = next(i for i, line in enumerate(lines) if line.startswith("  discard CARD"))
    assert lines[at + 1] == " " * column + "(C-DISCARD) [x, dis]"
    # Unwrapped (a pipe or a file), each command stays on one line.
    whole = help_text("all").splitlines()
    assert any(line.startswith("  discard") and line.endswith("(C-DISCARD) [x, dis]") for line in whole)


def test_help_is_short_enough_to_leave_the_table_on_a_24_line_screen() -> None:
    from hfcli.repl.commands import COMMANDS, help_text

    session, out = make_session()
    session.display = replace(session.display, size=lambda: (80, 24))
    session.start()
    out.clear()
    assert session.handle("help") == INFO
    # The 24 lines hold the prompt and the status bar too; before, help was 34 lines at 80 columns.
    assert len(out.lines) <= 10 and all(len(line) <= 80 for line in out.lines)
    for command in COMMANDS:
        assert re.search(rf"\b{command.name}\b", out.text), command.name
    assert "help moves" in out.text and "help all" in out.text
    moves = help_text("moves", 80)
    assert "  discard CARD" in moves and "  quit" not in moves and "Other commands:" not in moves
    every = help_text("all", 80)
    assert "  discard CARD" in every and "  quit" in every
    assert session.handle("help all") == INFO and session.handle("help moves") == INFO


def _held_after_the_first_deal() -> tuple[Session, Captured]:
    """A session at the end of deal 1, its score sheet held (as in a terminal): seed 4, the hint's
    moves for South."""
    session, out = make_session(seed=4, level="normal")
    session.pace = replace(session.pace, hold_sheets=True)
    session.start()
    while session.waiting is None:
        assert session.hint_player is not None
        session.handle(str(session.hint_player.choose(session.host.game.view(0)).move))
    return session, out


def test_between_deals_quit_asks_and_leaves_and_a_move_waits_for_enter() -> None:
    session, out = _held_after_the_first_deal()
    assert out.lines[-1] == "Press Enter to start deal 2 of 4. (score, log, rules, help and quit work here too)"
    assert session.prompt == "Enter for deal 2> "
    moves = session.host.game.move_count
    out.clear()
    # Typed at the held sheet, a move is refused and the deal does not start: it was dropped before.
    assert session.handle("y") == ERROR
    assert out.text == "The deal is over: press Enter for deal 2 first ('y' is a move)."
    assert session.handle("score") == INFO and "Finished deals:" in out.text
    assert session.handle("hint") == ERROR and "No hint now: the deal is over" in out.text
    assert session.handle("quit") == INFO and session.prompt.startswith("Leave the game?")
    out.clear()
    assert session.handle("y") == QUIT and session.finished
    assert out.lines[0] == "You leave the table."
    assert session.host.game.move_count == moves  # nothing was played after the sheet


def test_between_deals_enter_starts_the_next_deal() -> None:
    session, out = _held_after_the_first_deal()
    assert not any(line.startswith("Deal 2 of 4 begins") for line in out.lines)
    out.clear()
    assert session.handle("quit") == INFO
    assert session.handle("n") == INFO and session.waiting is not None  # staying: still held
    assert session.handle("") == OK and session.waiting is None
    assert any(line.startswith("Deal 2 of 4 begins") for line in out.lines)
    assert session.host.game.deal_index == 1 and session.host.game.to_move == 0
    assert "Your turn" in out.text
