"""hf play --screen-reader: the game told in words, a line at a time, each line saying who it is
about; and every command's output, in that mode, free of escapes, box lines, chart bars and suits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_repl_support import Captured

from hfcli.cli import main
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.levels import make_player
from hfcli.repl.session import ERROR, INFO
from hfcli.repl.spoken import SpokenSession

GOLDEN = Path(__file__).parent.parent / "transcripts" / "golden"
# What a screen reader stumbles on: any escape (colour, cursor movement), a box-drawing or block
# character (U+2500-U+259F), a suit symbol (U+2660-U+2667), the times sign of the hand's groups.
UNSPEAKABLE = re.compile("[\x1b\u2500-\u259f\u2660-\u2667\u00d7]")
WHO = re.compile(r"^(You|South|West|North|East|Table|Hint): ")


def spoken_session(seed: int = 7, level: str = "random") -> tuple[SpokenSession, Captured]:
    game = Game(preset("classic"), seed=seed)
    out = Captured()
    players = {seat: make_player(level, seed, seat) for seat in (1, 2, 3)}
    return SpokenSession(game, players, echo=out, hint_player=make_player(level, seed, 0)), out


def said(session: SpokenSession, out: Captured, line: str) -> str:
    out.clear()
    session.handle(line)
    return out.text


def test_each_state_command_answers_in_a_sentence_worked_out_by_hand() -> None:
    # Seed 7 deals South K♥ K♠ Q♣ J♣ 10♣ 9♦ 8♦ 7♣ 7♣ 6♠ 4♣ 2♦ 2♠ and the red three 3♥; the pile is 6♦.
    session, out = spoken_session()
    session.start()
    assert out.lines[-1] == "You: your turn."
    assert "Table: red threes on the table: your side one." in out.lines  # the 3♥ dealt to South
    assert said(session, out, "hand") == (
        "You: your hand, thirteen cards: kings: two (hearts, spades); queens: one, clubs; jacks: one, clubs; "
        "tens: one, clubs; nines: one, diamonds; eights: one, diamonds; sevens: two (two clubs); sixes: one, "
        "spades; fours: one, clubs; twos: two.")
    assert said(session, out, "pile") == "Table: the pile has one card, a six of diamonds on top."
    assert said(session, out, "table") == (
        "Table: Your side has not melded; one red three.\n"
        "Table: West and East have not melded.\n"
        "Table: the pile has one card, a six of diamonds on top.\n"
        "Table: the stock has 164 cards.")  # 270 - 4 x 26 dealt - 1 on the pile - 1 for the red three
    assert said(session, out, "need") == (
        "You: to go out, your side needs two clean books, two dirty books and one wild book, its first meld "
        "of 50 or more, and you to play from your foot.")
    # The red three is 100 on the table; the hand: seven cards of 10 (K K Q J 10 9 8), four of 5
    # (7 7 6 4), two twos of 20: 70 + 20 + 40 = 130.
    assert said(session, out, "score") == (
        "Table: on the table this deal, your side 100, West and East 0; your hand counts minus 130.\n"
        "Table: game so far, your side 0, West and East 0.")
    assert said(session, out, "last") == "Table: nothing has happened since your last turn."
    assert said(session, out, "cards") == (
        "Table: you thirteen cards, foot not picked up; West thirteen cards, foot not picked up; "
        "North thirteen cards, foot not picked up; East thirteen cards, foot not picked up.")
    assert said(session, out, "cards north") == "Table: North thirteen cards, foot not picked up."
    assert said(session, out, "who") == "Table: you sit South; your partner: North; opponents: West, East."
    assert session.handle("cards nobody") == ERROR
    assert out.lines[-1].startswith("Table: cards takes a seat")


def test_after_the_persons_move_each_other_seat_is_one_line_and_last_says_them_again() -> None:
    session, out = spoken_session()
    session.start()
    session.handle("draw")
    assert out.lines[-1] == "You: drew a nine of spades and an eight of diamonds."
    out.clear()
    session.handle("discard the four of clubs")
    round_ = list(out.lines)
    assert round_[0] == "You: discarded a four."
    assert [line.split(":")[0] for line in round_] == ["You", "West", "North", "East", "You"]
    assert round_[-1].startswith("You: your turn.")
    assert said(session, out, "last") == "\n".join(round_[:-1])
    # After this round of seed 7 the pile holds five cards, a black three on top (C-BLACK3).
    assert said(session, out, "pile") == "Table: the pile has five cards, a black three on top, which blocks it."


def test_no_line_of_a_whole_game_holds_an_escape_a_box_line_or_a_suit() -> None:
    """Every move and every command at every turn of a whole game, the person's moves chosen by
    the hint's player: nothing a screen reader stumbles on, and each told line says who it is about."""
    session, out = spoken_session(seed=11)
    session.start(["Welcome."])
    player = make_player("normal", 11, 0)
    commands = ["hand", "pile", "table", "need", "score", "last", "cards", "cards 2", "who", "log", "why",
                "help", "help all", "rules", "rules C-PILE", "hint", "nonsense", "discard a queen of stars"]
    turns = 0
    while not session.finished and turns < 400:
        turns += 1
        if session.waiting is not None:
            session.handle("")
            continue
        for command in commands[turns % len(commands):][:3]:
            assert session.handle(command) in (INFO, ERROR)
        told_before = len(out.lines)
        session.handle(str(player.choose(session.view).move))
        for line in out.lines[told_before:]:
            assert not line or WHO.match(line), line
    assert session.is_over
    for line in out.lines:
        assert not UNSPEAKABLE.search(line), line


# Every command, in each of its forms that writes for a person (the games folder: a few quick games
# where Ann, a person, sits South, made by the test; EVENT: an event file the test makes).
EVERY_COMMAND = [
    (["--help"], ""),
    (["play", "--seed", "3", "--speed", "0", "--rules", "quick"], "hand\ntable\ndraw\nscore\nx 5\nhint\nquit\ny\n"),
    (["play", "--seed", "3", "--speed", "0", "--rules", "quick", "--four-color"], "hand\ndraw\nquit\ny\n"),
    (["replay", str(GOLDEN / "quick-normal-seed8.jsonl")], "n\nn 30\nhand\ntable\na\nhand\nb 5\nend\nq\n"),
    (["replay", "--as", "W", str(GOLDEN / "quick-normal-seed8.jsonl")], "n\nb\nq\n"),
    (["replay", "--print", str(GOLDEN / "quick-normal-seed8.jsonl")], ""),
    (["replay", "--score-sheet", str(GOLDEN / "quick-normal-seed8.jsonl")], ""),
    (["verify", str(GOLDEN / "quick-normal-seed8.jsonl")], ""),
    (["simulate", "--games", "1", "--rules", "quick", "--seed", "1", "--levels", "random"], ""),
    (["review", "--seat", "E", "--samples", "4", str(GOLDEN / "quick-normal-seed8.jsonl")], ""),
    (["practice", "--seat", "E", str(GOLDEN / "quick-normal-seed8.jsonl")], "table\nhand\ndiscard 9\nskip\n"),
    (["rules"], ""),
    (["rules", "C-RATIO"], ""),
    (["rules", "quick", "--keys"], ""),
    (["stats", "GAMES"], ""),
    (["stats", str(GOLDEN)], ""),
    (["learn", "pile"], "hand\nhint\ndraw\npickup\nquit\ny\n"),
    (["learn", "--list"], ""),
    (["learn"], "hand\ntable\nquit\ny\n"),
    (["host", "--help"], ""),
    (["event", "daily", "--date", "2026-12-04", "--speed", "0"], "hand\ndraw\nx 5\nquit\ny\n"),
    (["event", "new", "--name", "Sunday", "--deals", "1", "-o", "EVENT"], ""),
    (["event", "show", "EVENT"], ""),
    (["config"], ""),
]
# What no line may hold for a screen reader: the above, and a cursor movement or colour escape
# anywhere (CSI, OSC, or any other escape), a carriage return redrawing a line, a backspace.
MOVES_THE_CURSOR = re.compile("[\x1b\r\x08]")


def test_every_command_is_run_for_a_screen_reader() -> None:
    """A command added to hf is added to the list below it too."""
    from hfcli.cli import COMMANDS

    assert {args[0] for args, _ in EVERY_COMMAND if not args[0].startswith("-")} == set(COMMANDS)


@pytest.mark.parametrize("args, stdin", EVERY_COMMAND, ids=[" ".join(a[:2]) for a, _ in EVERY_COMMAND])
def test_no_command_writes_an_escape_a_box_line_or_a_suit_for_a_screen_reader(
        args: list[str], stdin: str, tmp_path: Path) -> None:
    if "GAMES" in args:
        from test_stats import simulate_games

        simulate_games(tmp_path / "games", 6)
    args = [str(tmp_path / "games") if a == "GAMES" else str(tmp_path / "sunday.toml") if a == "EVENT" else a
            for a in args]
    if args[:2] == ["event", "show"]:
        made = CliRunner().invoke(main, ["event", "new", "--name", "Sunday", "--deals", "1", "-o", args[2]],
                                  env={"HF_DATA_DIR": str(tmp_path)})
        assert made.exit_code == 0, made.output
    result = CliRunner().invoke(main, args, input=stdin, env={"HF_SCREEN_READER": "1", "HF_DATA_DIR": str(tmp_path)},
                                auto_envvar_prefix="HF", color=True)
    assert result.exit_code in (0, 1), result.output
    assert result.output.strip()
    for line in result.output.splitlines():
        assert not UNSPEAKABLE.search(line), f"hf {' '.join(args)}: {line!r}"
    assert not MOVES_THE_CURSOR.search(result.output), f"hf {' '.join(args)}: {result.output!r}"


def test_the_same_commands_do_write_symbols_without_it(tmp_path: Path) -> None:
    """The test above would pass on output that never held a symbol: here, without the mode, it does."""
    result = CliRunner().invoke(main, ["replay", str(GOLDEN / "quick-normal-seed8.jsonl")], input="n\nq\n",
                                env={"HF_DATA_DIR": str(tmp_path)})
    assert UNSPEAKABLE.search(result.output)


def test_the_config_file_sets_the_mode_and_the_command_line_wins(tmp_path: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(main, ["config", "screen-reader", "yes"]).exit_code == 0
    result = runner.invoke(main, ["play", "--seed", "7", "--speed", "0"], input="hand\nquit\ny\n",
                           env={"HF_DATA_DIR": str(tmp_path)})
    assert "You: your turn." in result.output
    assert "You: your hand, thirteen cards: kings: two (hearts, spades);" in result.output
    # The environment says no for this game: the table as it is drawn.
    result = runner.invoke(main, ["play", "--seed", "7", "--speed", "0"], input="quit\ny\n",
                           env={"HF_DATA_DIR": str(tmp_path), "HF_SCREEN_READER": "0"})
    assert "Your hand (13 cards):" in result.output and "You: your turn" not in result.output


def test_a_turn_is_one_line_each_meld_said_once_and_the_reason_after_the_discard() -> None:
    from hfcli.engine.cards import card
    from hfcli.engine.events import Event, EventKind
    from hfcli.engine.moves import Move
    from hfcli.repl.narration import Told
    from hfcli.repl.spoken_turns import turn_words

    turn = [
        Told(1, Move.parse("draw"), (Event(EventKind.DRAW, 1, count=2),)),
        Told(1, Move.parse("meld T T T"), ()),
        Told(1, Move.parse("meld K K 2"), ()),
        Told(1, Move.parse("add 6"), ()),
        Told(1, Move.parse("add 2 to wild"), ()),
        Told(1, Move.parse("add T"), ()),  # onto the tens laid this turn: said with them
        Told(1, Move.parse("add Q Q"), ()),
        Told(1, Move.parse("discard 5C"), (Event(EventKind.FOOT, 1, count=13),), discarded=card("5C")),
    ]
    assert turn_words(turn, own=False, reason="risky") == (
        "melded four tens and two kings with a two; added a six and two queens; added a two to the wild meld; "
        "discarded a five, risky; picked up the foot")


def test_a_book_is_said_with_the_cards_that_closed_it_and_several_together() -> None:
    from hfcli.engine.cards import card
    from hfcli.engine.melds import BookKind, Meld
    from hfcli.engine.moves import Move
    from hfcli.repl.narration import Told
    from hfcli.repl.spoken_turns import turn_words

    def book(rank: str, kind: BookKind) -> Meld:
        naturals = [card(f"{rank}C")] * (7 if kind is BookKind.CLEAN else 6)
        cards = tuple(naturals + ([] if kind is BookKind.CLEAN else [card("2C")]))
        return Meld(naturals[0].rank, cards, book_size=7)

    tens = book("T", BookKind.CLEAN)
    one = [Told(1, Move.parse("add T T"), (), books=(tens,)), Told(1, Move.parse("discard 5"), ())]
    assert turn_words(one, own=False) == "added two tens for a clean book; discarded a five"
    two = [Told(1, Move.parse("add T T"), (), books=(tens,)), Told(1, Move.parse("add 9"), ()),
           Told(1, Move.parse("add K 2 to K"), (), books=(book("K", BookKind.DIRTY),)),
           Told(1, Move.parse("add Q"), (), books=(book("Q", BookKind.CLEAN),))]
    assert turn_words(two, own=False) == (
        "added two tens, a nine, a king with a two and a queen; closed two clean books and a dirty book")


def test_another_seats_discard_is_said_with_one_short_reason() -> None:
    """What a discard hands the next player, in a word (the whole reason is for why); nothing where
    the move says it (a black three blocks the pile); a short clause of any other reason."""
    from hfcli.engine.cards import FIVE, THREE
    from hfcli.engine.reasons import ReasonKind, reason
    from hfcli.repl.spoken_turns import spoken_reason

    names = {0: "South", 1: "West", 2: "North", 3: "East"}
    risk = reason(ReasonKind.RISK, seat=2, rank=FIVE, take=7, how="could", chance=0.13, private=("chance",))
    single = reason(ReasonKind.SINGLE, risk, rank=FIVE, held=1, private=("held",))
    assert spoken_reason(single.public(), names, 0) == "risky"
    safe = reason(ReasonKind.SINGLE, reason(ReasonKind.NO_ROOM, seat=2, rank=FIVE), rank=FIVE, held=1,
                  private=("held",))
    assert spoken_reason(safe.public(), names, 0) == "safe"
    assert spoken_reason(reason(ReasonKind.BLOCK_WITH_THREE, take=5, seat=2, rank=THREE), names, 0) == ""
    assert spoken_reason(reason(ReasonKind.FITS_OUR_MELD, rank=FIVE), names, 0) == "fits our fives"
    assert spoken_reason(None, names, 0) == ""


def test_a_reason_is_said_in_its_short_phrase_and_why_in_its_sentence() -> None:
    """A reason is put into words by the reasons' text layer (its first clause beside a move),
    never cut out of words by this mode; another seat's without its private facts."""
    from hfcli.engine.cards import FIVE
    from hfcli.engine.reasons import ReasonKind, reason
    from hfcli.repl.spoken_turns import short_reason

    risk = reason(ReasonKind.RISK, seat=2, rank=FIVE, take=7, how="could", chance=0.13, private=("chance",))
    single = reason(ReasonKind.SINGLE, risk, rank=FIVE, held=1, private=("held",))
    names = {0: "South", 1: "West", 2: "North", 3: "East"}
    assert short_reason(single, names, 0) == "a single five"
    assert short_reason(single.public(), names, 0) == "North could take the pile"
    assert short_reason(None, names, 0) == ""


def test_replay_says_each_move_and_who_made_it_and_draws_no_table(tmp_path: Path) -> None:
    """The golden game's first moves, read from its file: South draws AH JK (its draw line), melds
    5 5 JK and discards a 6; West draws two cards unseen by South. Back one step says where the
    replay stands; hand and table are said on request."""
    result = CliRunner().invoke(main, ["replay", str(GOLDEN / "quick-normal-seed8.jsonl")],
                                input="n 3\nn\nhand\nb\ntable\nq\n",
                                env={"HF_SCREEN_READER": "1", "HF_DATA_DIR": str(tmp_path)})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == ("Table: the start of the game, move 0 of 127; quick rules. Deal one of one; first meld 50; "
                        "East dealt.")
    start = lines.index("Move 1, South: drew an ace of hearts and a joker, the pile cannot be taken.")
    assert lines[start + 1] == "Move 2, South: melded two fives with a joker, toward the first meld of 50 or more."
    assert lines[start + 2].startswith("Move 3, South: discarded a six, a single six; West could take the pile")
    assert lines[start + 3] == "Move 4, West: drew two cards, the pile cannot be taken."
    assert lines[start + 4] == ("South: the hand, five cards: aces: one, hearts; queens: one, hearts; tens: one, "
                                "diamonds; nines: one, diamonds; twos: one.")
    assert lines[start + 5] == "Table: move 3 of 127, deal one. The move that led here:"
    assert lines[start + 7] == "Table: Your side melds: fives, three with one wild card."
    # No table drawn at a step: its lines (Pile:, melds:, Your hand) never appear.
    assert not any(line.startswith(("Pile:", "Your hand", "NS ", "EW ")) for line in lines), result.output
    for line in lines:
        assert not UNSPEAKABLE.search(line), line
