"""The table keeps the person's move in sight: when their prompt comes back after the AI seats
played, the screen still shows their last move and every pickup and meld made after it (a recap
where the round ran long), the pile says how many cards a pickup takes, ``log`` shows the whole
round, and ``why`` gives any recent move's whole reason."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from positions import meld, position
from test_repl_support import Captured

from ai.base import Decision
from hfcli.engine.cards import KING, QUEEN, card
from hfcli.engine.events import Event, EventKind
from hfcli.engine.game import Game
from hfcli.engine.moves import Move
from hfcli.engine.reasons import ReasonKind, reason
from hfcli.engine.rules import preset
from hfcli.engine.view import SeatView
from hfcli.levels import make_player
from hfcli.repl.display import Display, Pace
from hfcli.repl.narration import Told, round_lines
from hfcli.repl.session import ERROR, INFO, Session
from hfcli.text.screen import pile_line, render_table


class Screen:
    """A terminal of ``lines`` rows: what the session says scrolls up, a typed line takes a row,
    and the prompt and the toolbar take the last two rows."""

    def __init__(self, columns: int, lines: int) -> None:
        self.columns, self.lines = columns, lines
        self.rows: list[str] = []

    def __call__(self, text: str) -> None:
        for line in text.split("\n"):
            # The session wraps what it says; a longer row (a command to copy) takes several.
            self.rows.append(line)

    def typed(self, prompt: str, line: str) -> None:
        self.rows.append(prompt + line)

    def visible(self) -> list[str]:
        return self.rows[-(self.lines - 2):]

    def logical(self) -> list[str]:
        """The visible rows, a wrapped row (it starts with spaces) joined to the one above."""
        joined: list[str] = []
        for row in self.visible():
            if row.startswith("  ") and joined:
                joined[-1] += " " + row.strip()
            else:
                joined.append(row)
        return joined


def told_in(lines: Sequence[str], name: str, shown: str) -> bool:
    """Whether a line tells ``name``'s move ``shown`` (as the log writes it: ``meld K K K``, ``add 2 to
    the nines``, ``take the pile, 7 cards``): the name first, then the verb and the cards, in the
    narration's words (``West melds K K K``) or the recap's (``West drew; melded K K K``)."""
    verb, _, rest = shown.partition(" ")
    if verb == "take":
        pattern = rf"^{name}\b.*\b(takes|took) the pile"
    elif verb == "add":
        cards = rest.partition(" to ")[0]
        pattern = rf"^{name}\b.*\badd.*{re.escape(cards)}"
    else:
        pattern = rf"^{name}\b.*\b{verb}.*{re.escape(rest)}"
    return any(re.search(pattern, line) for line in lines)


def play_with_hints(session: Session, screen: Screen, turns: int) -> list[tuple[list[str], list[tuple[str, str]]]]:
    """The person's moves as ``hint`` gives them, for ``turns`` discards; after each discard, the
    screen at the next prompt and the moves it must show (the discard, then every pickup, meld and add)."""
    seen = []
    session.start()
    discards = 0
    while discards < turns and not session.finished:
        assert session.hint_player is not None
        move = str(session.hint_player.choose(session.view).move)
        screen.typed(session.prompt, move)
        before = len(session.log)
        session.handle(move)
        if move.startswith("discard") and session.waiting is None and not session.finished:
            discards += 1
            mine = next(at for at in range(before, len(session.log)) if session.log[at].seat == 0)
            wanted = [("You", session.log[mine].shown)]
            wanted += [(session.names[e.seat], e.shown) for e in session.log[mine + 1:]
                       if e.move.split()[0] in ("pickup", "meld", "add")]
            seen.append((screen.logical(), wanted))
        elif session.waiting is not None:
            screen.typed(session.prompt, "")
            session.handle("")
    return seen


def test_after_every_round_the_screen_shows_the_persons_discard_and_what_followed_at_80x24() -> None:
    game = Game(preset("classic"), seed=7)
    screen = Screen(80, 24)
    session = Session(game, {s: make_player("normal", 7, s) for s in (1, 2, 3)}, echo=screen,
                      hint_player=make_player("normal", 7, 0), display=Display(size=lambda: (80, 24)))
    rounds = play_with_hints(session, screen, 20)
    assert len(rounds) == 20
    long_rounds = 0
    for lines, wanted in rounds:
        long_rounds += len(wanted) > 3
        for name, shown in wanted:
            assert told_in(lines, name, shown), (name, shown, "\n".join(lines))
    assert long_rounds >= 3  # rounds with several melds, which a plain narration scrolled away


def test_at_60x20_the_round_keeps_the_screen_and_the_table_shrinks_to_the_pile_and_hand() -> None:
    game = Game(preset("classic"), seed=7)
    screen = Screen(60, 20)
    session = Session(game, {s: make_player("normal", 7, s) for s in (1, 2, 3)}, echo=screen,
                      hint_player=make_player("normal", 7, 0), display=Display(size=lambda: (60, 20)))
    [(lines, wanted)] = play_with_hints(session, screen, 1)
    # seed 7: South (as hint plays) draws, lays the nines and throws the four; West, North and East
    # all meld before South's next turn.
    text = "\n".join(lines)
    assert "You discarded 4♣." in lines
    assert "West drew; melded 10 10 10, K K K; added 10 10, K; discarded 5♣." in lines
    assert "Pile: 3♣ on top, 5 cards  (blocked: a three is on top)" in lines and "Your hand (8): " in text
    assert len(screen.visible()) == 18 and all(len(row) <= 60 for row in screen.visible())


def test_a_short_round_is_told_once_without_a_recap() -> None:
    game = Game(preset("classic"), seed=7)
    screen = Screen(80, 60)
    session = Session(game, {s: make_player("normal", 7, s) for s in (1, 2, 3)}, echo=screen,
                      hint_player=make_player("normal", 7, 0), display=Display(size=lambda: (80, 60)))
    play_with_hints(session, screen, 1)
    assert any(row.startswith("You discard 4♣") for row in screen.rows)
    assert not any(row.startswith("You discarded") for row in screen.rows)


def test_a_round_is_recapped_a_line_a_seat() -> None:
    draw = Told(1, Move.parse("draw"), (Event(EventKind.DRAW, 1, count=2),))
    meld_ = Told(1, Move.parse("meld K K K, T T 2"), ())
    add_nine = Told(1, Move.parse("add 9"), ())
    add_two = Told(1, Move.parse("add 2 to 9"), ())
    discard = Told(1, Move.parse("discard 5"), (), discarded=card("5C"))
    taken = Event(EventKind.TAKE, 2, cards=tuple(card(t) for t in ("8H", "5C", "4S")), count=3)
    pickup = Told(2, Move.parse("pickup"), (taken,), pair=(card("8S"), card("8D")))
    ask = Told(2, Move.parse("ask"), ())
    yes = Told(0, Move.parse("yes"), ())
    foot = Told(2, Move.parse("meld 7 7 7"), (Event(EventKind.FOOT, 2, count=13),))
    mine = Told(0, Move.parse("discard 4"), (), discarded=card("4D"))
    kings = Told(3, Move.parse("add K"), (), books=(meld("K K K K K K K"),))
    fours = Told(3, Move.parse("add 4 4"), ())
    aces = Told(3, Move.parse("add A"), (), books=(meld("A A A A A 2 2"),))
    lines = round_lines([mine, draw, meld_, add_nine, add_two, discard, pickup, ask, yes, foot, kings, fours, aces],
                        human=0, names={1: "West", 2: "North", 3: "East"})
    assert lines == [
        "You discarded 4♦.",
        "West drew; melded K K K, 10 10 2; added 9 2 to the nines; discarded 5♣.",
        "North took the pile with 8 8 (3 cards, 8♥ on top); asked to go out.",
        "You answered yes.",
        "North melded 7 7 7; picked up the foot.",
        "East added K, 4 4, A; closed a clean book of kings and a dirty book of aces.",
    ]


class SamePlan:
    """West lays the first meld in two moves, giving the same plan for each, then discards."""

    name = "same plan"

    def __init__(self) -> None:
        self.step = 0

    def choose(self, view: SeatView) -> Decision:
        moves = ["draw", "meld K K K", "meld Q Q Q", "discard 9"]
        move = Move.parse(moves[min(self.step, 3)])
        self.step += 1
        plan = reason(ReasonKind.OPENING_PLAN, minimum=50, plan=((KING, 3, 0), (QUEEN, 3, 0)), private=("plan",))
        return Decision(move, plan if move.kind in ("meld",) else reason(ReasonKind.ONLY_WAY_ON))


def test_a_plan_is_said_once_a_turn() -> None:
    game = position("""
        turn: W draw
        W hand: K K K Q Q Q 9 5 6
        S hand: 4 4 8 8 J J
        N hand: 5 5 6 6 7
        E hand: 5 6 7 8 9
        pile: 10
    """)
    out = Captured()
    session = Session(game, {1: SamePlan(), 2: make_player("random", 1, 2), 3: make_player("random", 1, 3)},
                      echo=out)
    session.host.step()
    session.host.step()
    session.host.step()
    told = [line for line in out.lines if line.startswith("West melds")]
    # West is an opponent: its plan, the cards it holds, is its own; the minimum is the table's.
    assert told == ["West melds K K K — toward the first meld of 50 or more.", "West melds Q Q Q."]


def test_the_pile_says_how_many_cards_a_pickup_takes() -> None:
    game = position("""
        turn: S draw
        S hand: 7 7 4 5
        pile: 9 9 8 8 6 6 5 5 7C
    """)
    assert pile_line(game.view(0)) == "Pile: 7♣ on top, 9 cards (a pickup takes 7)"
    assert "Pile: 7♣ on top, 9 cards (a pickup takes 7)" in render_table(game.view(0), height=24)
    small = position("""
        turn: S draw
        S hand: 7 7 4 5
        pile: 6 6 5 5 7C
    """)
    assert pile_line(small.view(0)) == "Pile: 7♣ on top, 5 cards"
    blocked = position("""
        turn: S draw
        S hand: 7 7 4 5
        pile: 9 9 8 8 6 6 5 5 3C
    """)
    assert pile_line(blocked.view(0)) == "Pile: 3♣ on top, 9 cards  (blocked: a three is on top)"


def _session_after_one_round() -> tuple[Session, Captured]:
    game = Game(preset("classic"), seed=7)
    out = Captured()
    session = Session(game, {s: make_player("normal", 7, s) for s in (1, 2, 3)}, echo=out,
                      hint_player=make_player("normal", 7, 0))
    session.start()
    session.handle("draw")
    session.handle("discard 4")
    session.handle("draw")
    session.handle("discard 5")
    return session, out


def test_log_with_no_number_shows_every_move_since_the_persons_discard() -> None:
    session, out = _session_after_one_round()
    out.clear()
    session.handle("log")
    mine = max(at for at, e in enumerate(session.log) if e.seat == 0 and e.move.startswith("discard"))
    numbered = [line for line in out.lines if re.match(r"^ *\d+ ", line)]
    assert len(numbered) == max(10, len(session.log) - mine)
    assert numbered[-len(session.log) + mine].split()[0] == str(mine + 1)
    assert re.match(rf"^ *{mine + 1}  South  discard 5♠$", numbered[-len(session.log) + mine])
    assert out.lines[0] == "Deal 1:"
    out.clear()
    session.handle("log 3")
    assert len(out.lines) == 4 and out.lines[-1].startswith(f"{len(session.log):>4}  ")


def test_why_gives_a_moves_whole_reason_by_number_or_seat() -> None:
    session, out = _session_after_one_round()
    last = max(at for at, e in enumerate(session.log) if e.reason)
    entry = session.log[last]
    out.clear()
    assert session.handle("why") == INFO
    assert out.lines[0].startswith(f"Move {last + 1}, deal 1: {session.names[entry.seat]} {entry.shown}. Why: ")
    west = max(at for at, e in enumerate(session.log) if e.seat == 1)
    out.clear()
    assert session.handle("why west") == INFO
    assert out.lines[0].startswith(f"Move {west + 1}, deal 1: West ")
    out.clear()
    assert session.handle(f"why {west + 1}") == INFO
    assert out.lines[0].startswith(f"Move {west + 1}, deal 1: West ")
    for wrong, said in (("why 0", "No move 0 in the log"), ("why 9999", "No move 9999"),
                        ("why nobody", "why takes a move's number from the log or a seat")):
        out.clear()
        assert session.handle(wrong) == ERROR
        assert said in out.text


def test_score_between_deals_tells_the_finished_deals_not_the_next_hand() -> None:
    game = Game(preset("classic"), seed=4)
    out = Captured()
    session = Session(game, {s: make_player("normal", 4, s) for s in (1, 2, 3)}, echo=out,
                      hint_player=make_player("normal", 4, 0), pace=Pace(hold_sheets=True))
    session.start()
    while session.waiting is None:
        assert session.hint_player is not None
        session.handle(str(session.hint_player.choose(session.view).move))
    out.clear()
    assert session.handle("score") == INFO
    assert out.lines[0] == "Finished deals:"
    assert "so far" not in out.text and "If the deal ended now" not in out.text
    assert out.lines[-1] == "Deal 2 starts when you press Enter."


def test_the_end_of_the_game_says_what_replay_review_and_practice_offer_and_breaks_long_paths() -> None:
    game = Game(preset("quick"), seed=3)
    screen = Screen(80, 24)
    session = Session(game, {s: make_player("normal", 3, s) for s in (1, 2, 3)}, echo=screen,
                      hint_player=make_player("normal", 3, 0), display=Display(size=lambda: (80, 24)),
                      program=".venv/bin/hf")
    session.transcript_path = Path("/home/someone/.local/share/hfcli/transcripts/2026-12-04T21-01-05-seed3.jsonl")
    session.start()
    while not session.finished:
        assert session.hint_player is not None
        session.handle(str(session.hint_player.choose(session.view).move))
    end = screen.rows[screen.rows.index("Transcript:"):]
    assert end == [
        "Transcript:",
        "  /home/someone/.local/share/hfcli/transcripts/2026-12-04T21-01-05-seed3.jsonl",
        "To replay it, move by move:",
        "  .venv/bin/hf replay \\",
        "    /home/someone/.local/share/hfcli/transcripts/2026-12-04T21-01-05-seed3.jsonl",
        "To see where your choices cost points, with the expert's move at each:",
        "  .venv/bin/hf review \\",
        "    /home/someone/.local/share/hfcli/transcripts/2026-12-04T21-01-05-seed3.jsonl",
        "To play those positions again and find a better move:",
        "  .venv/bin/hf practice \\",
        "    /home/someone/.local/share/hfcli/transcripts/2026-12-04T21-01-05-seed3.jsonl",
    ]
    assert all(len(row) <= 80 for row in end)


def test_the_toolbar_words_the_first_meld_one_way_at_every_width() -> None:
    from hfcli.text.screen import status_line

    game = Game(preset("classic"), seed=7)
    view = game.view(0)
    seen = {width: status_line(view, width=width) for width in (120, 80, 70, 60, 56)}
    for width, line in seen.items():
        assert len(line) <= width
        assert "min " not in line  # never "min 50" where another width says "first meld 50"
    assert "first meld 50" in seen[70]
    assert "first meld" not in seen[60]  # left off where it does not fit, never shortened


def test_help_explains_how_the_hand_is_written() -> None:
    game = Game(preset("classic"), seed=7)
    out = Captured()
    session = Session(game, {s: make_player("random", 7, s) for s in (1, 2, 3)}, echo=out,
                      display=Display(size=lambda: (80, 24)))
    session.start()
    out.clear()
    session.handle("help")
    assert "Your hand: K×2 K♥ K♠ is two kings: each rank's count, then its cards." in out.lines
    assert len(out.lines) <= 10
    out.clear()
    session.display = replace(session.display, ascii=True)
    session.handle("help hand")
    assert "  Your hand: Kx2 KH KS is two kings: each rank's count, then its cards." in out.lines


def test_the_log_replay_and_practice_write_suits_as_the_table_shows_them() -> None:
    from hfcli.text.notation import move_text, move_with_reason

    # What hf replay and practice print for a recorded move: an exact card with its symbol.
    assert move_with_reason("discard QC", None) == "discard Q♣"
    assert move_text("meld 7H 7S 7C, T T 2") == "meld 7♥ 7♠ 7♣, 10 10 2"
    assert move_text("discard TS", ascii=True) == "discard 10S"  # letters only where the table uses them
    assert move_text("add 2 to 9") == "add 2 to 9" and move_text("add 9 9") == "add 9 9"
    game = Game(preset("classic"), seed=7)
    out = Captured()
    session = Session(game, {s: make_player("random", 7, s) for s in (1, 2, 3)}, echo=out)
    session.start()
    session.handle("draw")
    session.handle("discard 4C")
    out.clear()
    session.handle("log 40")
    assert any(re.match(r"^ *\d+  South +discard 4♣$", line) for line in out.lines), out.text
    assert not re.search(r"\b(10|[2-9JQKA])[CDHS]\b", out.text)
