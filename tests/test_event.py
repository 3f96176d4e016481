"""Events (``hf event``): the shoes and their commitments, the event file, the daily deal, entries
checked and refused, duplicate scoring and the leaderboard, and playing an event once."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from ai.base import Decision
from hfcli.cli import main
from hfcli.engine.cards import Card, format_cards, new_shoe
from hfcli.engine.game import Game
from hfcli.engine.rules import PRESETS
from hfcli.engine.view import SeatView
from hfcli.event import shoes as derive
from hfcli.event.board import text as board_text
from hfcli.event.entries import Entry, Refused, check
from hfcli.event.results import Line, Results, results
from hfcli.event.scoring import IMP_TABLE, imps, margin, percent, ranks, score
from hfcli.event.spec import Event, EventError, daily, file_text, new_event, read, write
from hfcli.levels import make_player
from hfcli.table.match import play_game
from hfcli.transcript import SeatInfo, TranscriptWriter
from hfcli.transcript.resume import resume

QUICK_TWO = PRESETS["quick"].replace(deals=2)  # two short deals: an event of several deals, quickly played


def invoke(args: list[str], stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, args, input=stdin, auto_envvar_prefix="HF")
    return result.exit_code, result.output


def quick_event(name: str = "Sunday", partner: str = "hard", opponents: str = "hard") -> Event:
    return new_event(name, QUICK_TWO, partner, opponents)


class OtherMove:
    """A player who plays as ``level`` does but, at its first decision from its ``at``-th on with a
    choice, the last other legal move."""

    def __init__(self, level: str, seed: int, seat: int, at: int) -> None:
        self.inner = make_player(level, seed, seat)
        self.name = self.inner.name
        self.at, self.count, self.changed = at, 0, False

    def choose(self, view: SeatView) -> Decision:
        chosen = self.inner.choose(view)
        self.count += 1
        others = [m for m in view.legal_moves if m != chosen.move and m.kind != "undo"]
        if self.count < self.at or self.changed or not others:
            return chosen
        self.changed = True
        return Decision(others[-1], chosen.reason)


def record_entry(
    event: Event, path: Path, name: str, level: str, *, moves: int | None = None,
    shoes: tuple[tuple[Card, ...], ...] | None = None, players: Mapping[int, object] | None = None,
) -> Game:
    """An entry as hf event play records it, the person's moves chosen by the AI at ``level``."""
    game = Game(event.rules, event.seed, seating=event.seating, shoes=shoes or event.shoes)
    seats = [SeatInfo(name, "human", None) if s == event.seat else
             SeatInfo(event.seating.long_names[s], "ai", event.levels[s]) for s in event.seating.seats]
    levels = {event.seat: level, **event.levels}
    chosen = [(players or {}).get(s) or make_player(levels[s], event.seed, s) for s in event.seating.seats]
    with TranscriptWriter.create(path, game, seats, fsync=False, header={"event": event.header()}) as writer:
        play_game(game, chosen,  # type: ignore[arg-type]
                  on_move=lambda events, d: writer.record(events, None if events[0].seat == event.seat else d.reason),
                  max_moves=moves)
    return game


# The shoes ----------------------------------------------------------------------------------------

def test_the_daily_deal_is_derived_as_the_docs_say_worked_by_hand() -> None:
    # SHA-256 of "hfcli shoe|daily 2026-12-04|deal 1|block 0", its first two 64-bit numbers:
    digest = hashlib.sha256(b"hfcli shoe|daily 2026-12-04|deal 1|block 0").hexdigest()
    assert digest.startswith("d1fb34cbc343a2f6" "1af8702449070020")
    first, second = 0xD1FB34CBC343A2F6, 0x1AF8702449070020
    # Both are below 2**64 - 2**64 % n (no number passed over), so the first swap takes place
    # 15130745422840308470 % 270 = 230 of the five decks in order: the fifth deck starts at 216, and
    # its card 14 (3C 3D 3H 3S, 4C..4S, 5C..5S, 6C 6D, then 6H) is 6H. It goes to the bottom, place 269.
    assert first == 15130745422840308470 and first % 270 == 230
    # The second: 1943426540356698144 % 269 = 186, the fourth deck's (from 162) card 24: 9C.
    assert second == 1943426540356698144 and second % 269 == 186
    shoe = daily(dt.date(2026, 12, 4)).shoes[0]
    assert [c.text for c in shoe[-2:]] == ["9C", "6H"]
    assert len(shoe) == 270 and sorted(c.text for c in shoe) == sorted(c.text for c in new_shoe(5))
    # The AI's seed: the first 8 bytes of SHA-256 of "hfcli seed|daily 2026-12-04", shifted right 11 bits.
    seed = int(hashlib.sha256(b"hfcli seed|daily 2026-12-04").hexdigest()[:16], 16) >> 11
    assert daily(dt.date(2026, 12, 4)).seed == seed == 3071601161471312


def test_a_commitment_is_the_sha256_of_the_shoe_as_a_transcript_writes_it() -> None:
    shoe = daily(dt.date(2026, 12, 4)).shoes[0]
    assert derive.commitment(shoe) == hashlib.sha256(format_cards(shoe).encode()).hexdigest()
    assert daily(dt.date(2026, 12, 4)).commitments == (
        "512fd67e709d3eb85ac9e42e5baadb0e0602b9279302721a77a622ccbfb05d51",)


def test_each_deal_and_each_day_has_its_own_shoe() -> None:
    event = quick_event()
    assert event.shoes[0] != event.shoes[1]
    assert daily(dt.date(2026, 12, 4)).shoes != daily(dt.date(2026, 12, 5)).shoes
    assert new_event("Sunday", QUICK_TWO, "hard", "hard").shoes != event.shoes  # a fresh secret each time


# The event file -----------------------------------------------------------------------------------

def test_an_event_file_reads_back_as_the_event_it_was_made_from(tmp_path: Path) -> None:
    event = quick_event("Sunday at Gran's")
    path = tmp_path / "sunday.toml"
    write(event, path)
    assert read(path) == event
    text = path.read_text()
    assert len(text) < 2000  # small enough to paste into a chat
    assert all(c in text for c in event.commitments) and event.id in text
    assert "deals = 2" in text and 'preset = "quick"' in text
    with pytest.raises(FileExistsError):
        write(event, path)  # never written over


@pytest.mark.parametrize(("old", "new", "why"), [
    ('name = "Sunday"', 'name = "Monday"', "the id is not the SHA-256 of the event"),
    ('opponents = "hard"', 'opponents = "easy"', "the id is not the SHA-256 of the event"),
    ("deals = 2", "deals = 1", "the rules play 1 deals, and the file commits to 2 shoes"),
])
def test_an_event_file_changed_after_it_was_made_is_refused(tmp_path: Path, old: str, new: str, why: str) -> None:
    path = tmp_path / "sunday.toml"
    write(quick_event(), path)
    path.write_text(path.read_text().replace(old, new))
    with pytest.raises(EventError, match=why):
        read(path)


def test_an_event_file_whose_secret_was_changed_is_refused(tmp_path: Path) -> None:
    event = quick_event()
    path = tmp_path / "sunday.toml"
    path.write_text(file_text(event).replace(event.key, "0" * 32))
    with pytest.raises(EventError, match="does not deal the shoe the file commits to for deal 1"):
        read(path)


def test_hf_event_new_writes_the_file_and_prints_the_commitments(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    code, out = invoke(["event", "new", "--name", "Club night", "--rules", "quick", "--deals", "2",
                        "--opponents", "normal", "-o", str(path)])
    assert code == 0, out
    event = read(path)
    assert (event.name, event.rules.deals, event.partner, event.opponents) == ("Club night", 2, "hard", "normal")
    assert f"Event {event.id}" in out
    assert f"deal 1: {event.commitments[0]}" in out and f"deal 2: {event.commitments[1]}" in out
    code, out = invoke(["event", "new", "--name", "Again", "-o", str(path)])
    assert code == 2 and "the file exists" in out


def test_the_daily_deal_is_the_same_in_two_data_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written = []
    for folder in ("one", "two"):
        monkeypatch.setenv("HF_DATA_DIR", str(tmp_path / folder))
        path = tmp_path / f"{folder}.toml"
        code, out = invoke(["event", "daily", "--date", "2026-12-04", "--write", str(path)])
        assert code == 0, out
        written.append(path.read_text())
        code, out = invoke(["event", "daily", "--date", "2026-12-04", "--speed", "0"], "")
        assert code == 0, out
    assert written[0] == written[1]
    shoes = []
    for folder in ("one", "two"):
        (entry,) = (tmp_path / folder / "events").glob("daily-2026-12-04-*.jsonl")
        deal = next(json.loads(line) for line in entry.read_text().splitlines() if '"e":"deal"' in line)
        shoes.append(deal["shoe"])
    assert shoes[0] == shoes[1] == format_cards(daily(dt.date(2026, 12, 4)).shoes[0])


# Entries checked ----------------------------------------------------------------------------------

def test_an_entry_played_as_the_event_says_counts(tmp_path: Path) -> None:
    event = quick_event()
    game = record_entry(event, tmp_path / "ann.jsonl", "Ann", "normal")
    entry = check(event, tmp_path / "ann.jsonl")
    assert isinstance(entry, Entry), entry
    assert entry.player == "Ann" and not entry.pair and entry.results == tuple(game.results)
    assert entry.deal_moves[0] == 0


def test_an_entry_dealt_another_deals_shoe_is_refused(tmp_path: Path) -> None:
    event = quick_event()
    swapped = (event.shoes[1], event.shoes[0])
    record_entry(event, tmp_path / "swapped.jsonl", "Sly", "hard", shoes=swapped)
    refused = check(event, tmp_path / "swapped.jsonl")
    assert isinstance(refused, Refused)
    assert refused.reason == "deal 1 was dealt the event's deal 2 shoe, not its own"


def test_an_entry_dealt_a_shoe_of_no_deal_of_the_event_is_refused(tmp_path: Path) -> None:
    event = quick_event()
    other = quick_event()
    record_entry(event, tmp_path / "other.jsonl", "Sly", "hard", shoes=other.shoes)
    refused = check(event, tmp_path / "other.jsonl")
    assert isinstance(refused, Refused)
    found = derive.commitment(other.shoes[0])
    assert refused.reason == (f"deal 1 was dealt another shoe than the event's (its SHA-256 begins {found[:12]}, "
                              f"the event's {event.commitments[0][:12]})")


def test_an_entry_with_an_ai_move_changed_and_its_digests_made_again_is_refused(tmp_path: Path) -> None:
    event = quick_event()
    path = tmp_path / "edited.jsonl"
    # West's third move is another legal one; the writer makes the chain and every digest as for a
    # game really played so, and the file verifies as a game: only today's AI tells the move is not West's.
    record_entry(event, path, "Sly", "hard", players={1: OtherMove("hard", event.seed, 1, 3)})
    from hfcli.transcript import replay

    assert replay(path).finished  # the file is whole and verifies without --ai
    refused = check(event, path)
    assert isinstance(refused, Refused)
    assert "from today's AI at W" in refused.reason and refused.reason.startswith("line ")


def test_an_entry_whose_level_was_changed_is_refused(tmp_path: Path) -> None:
    event = quick_event(opponents="hard")
    path = tmp_path / "level.jsonl"
    record_entry(event, path, "Sly", "hard")
    lines = path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["seats"][1]["level"] = "easy"
    path.write_text(json.dumps(header, separators=(",", ":")) + "\n" + "".join(lines[1:]))
    refused = check(event, path)
    assert isinstance(refused, Refused)
    assert refused.reason == "a level changed: West played easy; the event's opponents play hard"


def test_an_unfinished_entry_is_refused(tmp_path: Path) -> None:
    event = quick_event()
    record_entry(event, tmp_path / "half.jsonl", "Dan", "hard", moves=40)
    refused = check(event, tmp_path / "half.jsonl")
    assert isinstance(refused, Refused)
    assert refused.reason == "unfinished: 0 of 2 deals played"


def test_an_entry_of_another_event_or_of_no_event_is_refused(tmp_path: Path) -> None:
    event, other = quick_event("Sunday"), quick_event("Monday")
    record_entry(other, tmp_path / "monday.jsonl", "Ann", "hard")
    refused = check(event, tmp_path / "monday.jsonl")
    assert isinstance(refused, Refused) and refused.reason == "an entry of another event (Monday), not of Sunday"
    plain = tmp_path / "plain.jsonl"
    game = Game(QUICK_TWO, 5)
    seats = [SeatInfo("P", "ai", "easy") for _ in range(4)]
    with TranscriptWriter.create(plain, game, seats, fsync=False):
        pass
    refused = check(event, plain)
    assert isinstance(refused, Refused) and refused.reason == "not an entry of an event: its header names none"


def test_a_pairs_entry_counts_and_a_person_in_an_opponents_seat_does_not(tmp_path: Path) -> None:
    event = quick_event()
    for path, human in ((tmp_path / "pair.jsonl", 2), (tmp_path / "west.jsonl", 1)):
        game = Game(event.rules, event.seed, seating=event.seating, shoes=event.shoes)
        seats = [SeatInfo(f"P{s}", "human", None) if s in (0, human) else
                 SeatInfo(event.seating.long_names[s], "ai", event.levels[s]) for s in event.seating.seats]
        players = [make_player("hard", event.seed, s) for s in event.seating.seats]
        with TranscriptWriter.create(path, game, seats, fsync=False, header={"event": event.header()}) as writer:
            play_game(game, players, on_move=lambda events, d, w=writer: w.record(events, None))
    pair = check(event, tmp_path / "pair.jsonl")
    assert isinstance(pair, Entry) and pair.pair and pair.player == "P0 & P2"
    west = check(event, tmp_path / "west.jsonl")
    assert isinstance(west, Refused)
    assert west.reason == "West was a person's seat; the AI plays the event's opponents"


# Scoring ------------------------------------------------------------------------------------------

def test_imps_follow_the_table() -> None:
    assert [imps(d) for d in (0, 45, 50, 99, 100, 1575, 5999, 6000, 20000)] == [0, 0, 1, 1, 2, 14, 23, 24, 24]
    assert imps(-1575) == -14
    assert len(IMP_TABLE) == 24 and list(IMP_TABLE) == sorted(IMP_TABLE)


def test_the_margin_is_the_side_less_the_best_other_side() -> None:
    from hfcli.engine.scoring import DealEnding, DealResult, TeamScore

    def team(name: str, points: int) -> TeamScore:
        return TeamScore(name, points, 0, 0, 0, 0, 0, 0, 0, 0, False, 0, 0, 0, 0, 0)

    deal = DealResult(0, DealEnding.OUT, 0, (team("S", 900), team("W", 1200), team("N", -100)))
    assert margin(deal, 0) == -300 and margin(deal, 1) == 300 and margin(deal, 2) == -1300


def test_matchpoints_and_imps_worked_by_hand() -> None:
    # Three results on two deals. Deal 1 margins 500, 500, -200: the two 500s tie (1/2 each) and
    # beat -200 (1 each): 1 1/2, 1 1/2, 0. Deal 2: 100, 900, 100: the 100s beat nothing and tie
    # each other (1/2 each), 900 beats both: 1/2, 2, 1/2.
    # IMPs deal 1: A against B 0, against C +700 -> 10 IMPs: (0 + 10) / 2 = 5; B likewise 5;
    # C: -10 twice, -10. Deal 2: A against B -800 -> -11, against C 0: -5.5; B +11 twice: 11; C -5.5.
    scored = score([(500, 100), (500, 900), (-200, 100)])
    assert [s.matchpoints for s in scored] == [
        (Fraction(3, 2), Fraction(1, 2)), (Fraction(3, 2), Fraction(2)), (Fraction(0), Fraction(1, 2))]
    assert [s.imps for s in scored] == [
        (Fraction(5), Fraction(-11, 2)), (Fraction(5), Fraction(11)), (Fraction(-10), Fraction(-11, 2))]
    # Each deal is worth 2 a result (two others to beat): 4 in all. A has 2: 50%; B 3 1/2: 87.5%; C 1/2.
    assert [percent(s, 3) for s in scored] == [Fraction(50), Fraction(175, 2), Fraction(25, 2)]
    assert ranks(scored) == [2, 1, 3]


def test_the_leaderboard_worked_by_hand() -> None:
    event = quick_event("Sunday")
    scored = score([(500, 100), (500, 900), (-200, 100)])
    lines = [
        Line("Bob", "bob.jsonl", False, scored[1], 1, 87.5, (0, 60)),
        Line("Ann", "ann.jsonl", False, scored[0], 2, 50.0, (0, 58)),
        Line("par", None, False, scored[2], 3, 12.5),
    ]
    board = Results(event, lines, [Refused("cat.jsonl", "Cat", "unfinished: 1 of 2 deals played")], "hard")
    assert board_text(board, "hf").splitlines() == [
        "Sunday: 2 deals of quick rules; you South, partner hard, opponents hard.",
        f"Event {event.id[:16]}: 2 entries counted, 1 refused. Par: the AI in your seat.",
        "",
        "Rank Player               Matchpoints      %    IMPs  Best deal    Worst deal",
        "  1  Bob                           3½   87.5   +16.0  2: +900      1: +500",
        "  2  Ann                            2   50.0    -0.5  1: +500      2: +100",
        "  3  par: the AI (hard)             ½   12.5   -15.5  2: +100      1: -200",
        "Each deal is worth 2 matchpoints: one for each other result beaten, ½ a tie.",
        "",
        "Deal 1                     Margin  Matchpoints    IMPs",
        "  Ann                        +500           1½    +5.0",
        "  Bob                        +500           1½    +5.0",
        "  par: the AI (hard)         -200            0   -10.0",
        "  Best entry: Bob. To watch it:",
        "    hf replay bob.jsonl --deal 1",
        "",
        "Deal 2                     Margin  Matchpoints    IMPs",
        "  Bob                        +900            2   +11.0",
        "  Ann                        +100            ½    -5.5",
        "  par: the AI (hard)         +100            ½    -5.5",
        "  Best entry: Bob. To watch it:",
        "    hf replay bob.jsonl --deal 2",
        "",
        "Refused, not ranked:",
        "  cat.jsonl (Cat): unfinished: 1 of 2 deals played",
    ]
    assert max(len(line) for line in board_text(board, "hf").splitlines()) <= 80


def test_an_event_made_played_by_three_entries_and_ranked(tmp_path: Path) -> None:
    event = quick_event("Sunday")
    event_path = tmp_path / "sunday.toml"
    write(event, event_path)
    entries = tmp_path / "entries"
    entries.mkdir()
    record_entry(event, entries / "ann.jsonl", "Ann", "normal")
    record_entry(event, entries / "sly.jsonl", "Sly", "hard", players={3: OtherMove("hard", event.seed, 3, 2)})
    record_entry(event, entries / "dan.jsonl", "Dan", "easy", moves=25)
    found = results(event, [entries])
    assert [r.player for r in found.refused] == ["Dan", "Sly"]
    assert [line.name for line in found.lines if not line.is_par] == ["Ann"]
    code, out = invoke(["event", "results", str(event_path), str(entries), "--json"])
    assert code == 0, out
    data = json.loads(out)
    ann = next(row for row in data["field"] if row["player"] == "Ann")
    par = next(row for row in data["field"] if row["par"])
    # Two results: on each deal the larger margin takes the one matchpoint there is, a tie half each.
    for deal in range(2):
        mine, theirs = ann["deals"][deal]["margin"], par["deals"][deal]["margin"]
        assert ann["deals"][deal]["matchpoints"] == (1 if mine > theirs else 0.5 if mine == theirs else 0)
        assert ann["deals"][deal]["imps"] == imps(mine - theirs)
    assert {r["player"]: r["reason"].split(":")[0] for r in data["refused"]} == {
        "Dan": "unfinished", "Sly": r["reason"].split(":")[0] if (r := data["refused"][1]) else ""}
    code, out = invoke(["event", "results", str(event_path), str(entries), "--format", "csv"])
    assert code == 0 and out.splitlines()[0].startswith("rank,player,file,pair,matchpoints")


# Playing an event ---------------------------------------------------------------------------------

def test_an_event_played_again_in_the_same_data_folder_keeps_the_first_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_DATA_DIR", str(tmp_path / "data"))
    event = quick_event()
    event_path = tmp_path / "sunday.toml"
    write(event, event_path)
    code, out = invoke(["event", "play", str(event_path), "--speed", "0"], "")
    assert code == 0, out
    (entry,) = (tmp_path / "data" / "events").glob("*.jsonl")
    entry.unlink()
    record_entry(event, entry, "Ann", "hard")
    before = entry.read_bytes()
    code, out = invoke(["event", "play", str(event_path), "--speed", "0"], "")
    assert code == 1
    assert f"you have played Sunday already in this data folder, and your first entry stands: {entry}" in out
    assert entry.read_bytes() == before


def test_an_unfinished_entry_goes_on_with_the_events_own_shoes(tmp_path: Path) -> None:
    event = quick_event()
    path = tmp_path / "half.jsonl"
    record_entry(event, path, "Ann", "hard", moves=10)
    resumed = resume(path, fsync=False, shoes=event.shoes)
    try:
        assert resumed.game.config.given_shoes[1] == event.shoes[1]
    finally:
        resumed.writer.close()


def test_an_entry_goes_on_with_hf_event_play_not_hf_play_resume(tmp_path: Path) -> None:
    event = quick_event()
    path = tmp_path / "half.jsonl"
    record_entry(event, path, "Ann", "hard", moves=10)
    code, out = invoke(["play", "--resume", str(path), "--speed", "0"], "")
    assert code == 1 and "is an entry of the event Sunday: go on with it with hf event play EVENT-FILE" in out


def test_an_event_is_played_in_its_seat_against_its_ai_without_hints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_DATA_DIR", str(tmp_path / "data"))
    event = quick_event(partner="easy", opponents="normal")
    event_path = tmp_path / "sunday.toml"
    write(event, event_path)
    code, out = invoke(["event", "play", str(event_path), "--speed", "0", "--name", "Ann"], "hint\n")
    assert code == 0, out
    assert "No hints in an event: everyone plays it on their own." in out
    (entry,) = (tmp_path / "data" / "events").glob("*.jsonl")
    header = json.loads(entry.read_text().splitlines()[0])
    assert header["event"] == {"name": "Sunday", "id": event.id, "shoes": list(event.commitments)}
    assert [(s["name"], s["kind"], s["level"]) for s in header["seats"]] == [
        ("Ann", "human", None), ("West", "ai", "normal"), ("North", "ai", "easy"), ("East", "ai", "normal")]
    assert header["seed"] == event.seed


def test_results_without_an_entry_show_par_alone(tmp_path: Path) -> None:
    event = quick_event()
    event_path = tmp_path / "sunday.toml"
    write(event, event_path)
    (tmp_path / "none").mkdir()
    code, out = invoke(["event", "results", str(event_path), str(tmp_path / "none")])
    assert code == 0, out
    assert "0 entries counted" in out and "No entry counts yet: par stands alone" in out
    code, out = invoke(["event", "results", str(tmp_path / "missing.toml"), str(tmp_path / "none")])
    assert code == 2 and "cannot read" in out


def test_hf_stats_counts_a_data_folders_event_entries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_DATA_DIR", str(tmp_path / "data"))
    event = quick_event()
    (tmp_path / "data" / "events").mkdir(parents=True)
    record_entry(event, tmp_path / "data" / "events" / "sunday.jsonl", "Ann", "hard")
    code, out = invoke(["stats", "--json"])
    assert code == 0, out
    assert json.loads(out)["from"] == [str(tmp_path / "data" / "events")]
    assert "1 game" in invoke(["stats"])[1]


def test_hf_replay_says_a_game_is_an_events_entry(tmp_path: Path) -> None:
    event = quick_event("Sunday")
    record_entry(event, tmp_path / "ann.jsonl", "Ann", "hard", moves=12)
    code, out = invoke(["replay", str(tmp_path / "ann.jsonl"), "--print"])
    assert code == 0, out
    assert f"This is an entry of the event Sunday (event {event.id[:16]})." in out
    code, out = invoke(["replay", str(tmp_path / "ann.jsonl")], "q\n")
    assert f"This is an entry of the event Sunday (event {event.id[:16]})." in out


def test_results_in_several_processes_are_the_same(tmp_path: Path) -> None:
    event = quick_event("Sunday")
    record_entry(event, tmp_path / "ann.jsonl", "Ann", "normal")
    record_entry(event, tmp_path / "bob.jsonl", "Bob", "easy", moves=30)
    one, two = results(event, [tmp_path]), results(event, [tmp_path], jobs=2)
    assert one == two and [r.player for r in two.refused] == ["Bob"]


def test_the_event_file_in_the_docs_is_a_real_one(tmp_path: Path) -> None:
    docs = (Path(__file__).resolve().parent.parent / "docs" / "events.md").read_text(encoding="utf-8")
    block = docs.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "sunday.toml"
    path.write_text(block, encoding="utf-8")
    event = read(path)
    assert (event.name, event.rules.deals, event.partner, event.opponents) == ("Sunday", 2, "hard", "hard")
    assert f'"id":"{event.id[:8]}...' in docs and f"(event {event.id[:16]})" in docs
