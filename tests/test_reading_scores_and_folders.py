"""How ``hf stats``, ``hf verify`` and ``hf replay`` read what they are given: scores no deal can
reach (in deal_end lines and in a start position's results), folders nested deeper than Python's
recursion limit, symbolic links that lead back up the tree, and folders that cannot be listed."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from hfcli.cli import main
from hfcli.engine.errors import RulesError
from hfcli.engine.rules import CLASSIC, from_mapping
from hfcli.engine.scoring import deal_points_limit

GOLDEN = Path(__file__).resolve().parent.parent / "transcripts" / "golden"
QUICK_GAME = GOLDEN / "quick-normal-seed8.jsonl"


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def played_by_ann(path: Path, *totals: tuple[int, int]) -> Path:
    """A transcript of Ann's (South, human) classic game whose deals scored ``totals`` (NS, EW), and
    finished: only the lines hf stats reads (the deal_end and game_end lines, and one move)."""
    header = json.loads((GOLDEN / "classic-normal-seed1.jsonl").read_text().splitlines()[0])
    header["seats"][0].update(name="Ann", kind="human", level=None)
    lines = [json.dumps(header), '{"e":"move","seat":"S","move":"draw"}']  # a game with a move counts
    for deal, (ns, ew) in enumerate(totals, start=1):
        lines.append(json.dumps({"e": "deal_end", "deal": deal, "by": "stock", "went_out": None,
                                 "scores": {"NS": {"total": ns}, "EW": {"total": ew}}}))
    lines.append('{"e":"game_end","totals":{},"winner":null}')
    path.write_text("\n".join(lines) + "\n")
    return path


# ---------------------------------------------------------------------------- scores


def test_the_classic_deal_limit_is_every_card_at_fifty_and_a_wild_book_bonus_for_every_seven() -> None:
    # Five decks: 270 cards at 50 (13,500), 38 books at 1,500 (57,000), 10 red threes at 100
    # (1,000) and going out (100).
    assert deal_points_limit(CLASSIC) == 71_600


def test_a_deal_total_no_deal_can_score_is_malformed_at_its_line_in_hf_stats(tmp_path: Path) -> None:
    played_by_ann(tmp_path / "edited.jsonl", (3000, 1000), (10**400, 5))
    code, out, _ = invoke("stats", str(tmp_path))
    assert code == 0
    assert out.splitlines()[1] == (
        f"No games of yours yet. Not counted: 1 unreadable ({tmp_path / 'edited.jsonl'}:4: a deal_end total no "
        "deal of these rules can score (they allow at most 71,600 either way))."
    )
    code, out, _ = invoke("stats", "--json", str(tmp_path))
    assert code == 0 and json.loads(out)["games"]["played"] == 0


def test_a_deal_total_at_the_limit_either_way_is_counted(tmp_path: Path) -> None:
    played_by_ann(tmp_path / "a.jsonl", (71_600, -71_600))
    played_by_ann(tmp_path / "b.jsonl", (-71_601, 0))
    code, out, _ = invoke("stats", "--json", str(tmp_path))
    data = json.loads(out)
    assert code == 0 and data["games"]["played"] == 1 and data["best_game"]["margin"] == 143_200
    assert data["unreadable"] == [f"{tmp_path / 'b.jsonl'}:3: a deal_end total no deal of these rules can score "
                                  "(they allow at most 71,600 either way)"]


@pytest.fixture(scope="module")
def what_if_game(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The lines of a what-if game from after move 600 of the classic golden game (deal 4): its
    header's start position holds the results of deals 1 to 3."""
    from recording import record_what_if

    path = tmp_path_factory.mktemp("what-if") / "what-if.jsonl"
    record_what_if(path, GOLDEN / "classic-normal-seed1.jsonl", 600, moves=4)
    return path.read_text().splitlines()


@pytest.mark.parametrize(("new", "message"), [
    ('"meld_points":"lots"', 'NS\'s meld_points must be a whole number, not "lots"'),
    ('"meld_points":true', "NS's meld_points must be a whole number, not true"),
    ('"meld_points":1e3', "NS's meld_points must be a whole number, not 1000.0"),
    ('"meld_points":' + "9" * 400,
     "NS's total is more than a deal of these rules can score (at most 71,600 either way)"),
])
def test_a_start_positions_deal_result_that_no_deal_can_score_is_malformed(
    tmp_path: Path, what_if_game: list[str], new: str, message: str
) -> None:
    header = json.loads(what_if_game[0])
    assert '"meld_points":855,' in header["position"]  # NS's cards in melds in deal 1
    header["position"] = header["position"].replace('"meld_points":855', new, 1)
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join([json.dumps(header), *what_if_game[1:]]) + "\n")
    expected = f"{path}:1: the start position: line 6: result 1: {message}\n"
    for command in (["verify"], ["replay", "--print"], ["replay", "--score-sheet"]):
        code, out, err = invoke(*command, str(path))
        assert (code, out, err) == (2, "", expected), command


@pytest.mark.parametrize(("key", "lowest", "highest"), [
    ("joker_value", 0, 1_000), ("black_three_value", 0, 1_000),
    ("wild_book_bonus", -100_000, 100_000), ("red_three_foot_penalty", -100_000, 100_000),
])
def test_card_values_and_bonuses_have_bounds(key: str, lowest: int, highest: int) -> None:
    assert getattr(from_mapping({key: highest}), key) == highest
    assert getattr(from_mapping({key: lowest}), key) == lowest
    for value in (highest + 1, lowest - 1):
        with pytest.raises(RulesError, match=f"rules: {key} must be between {lowest} and {highest}, not {value}"):
            from_mapping({key: value})


# ---------------------------------------------------------------------------- folders


@pytest.fixture
def deep_tree(tmp_path: Path) -> Iterator[Path]:
    """A folder 1,000 levels deep (deeper than Python's recursion limit) with the quick golden game
    at the bottom and, there, a link back up to the top."""
    top = tmp_path / "deep"
    top.mkdir()
    here = os.getcwd()
    os.chdir(top)  # one level at a time, so no path gets near PATH_MAX
    try:
        for _ in range(1000):
            os.mkdir("d")
            os.chdir("d")
        shutil.copy(QUICK_GAME, "game.jsonl")
        os.symlink(top, "back-to-the-top")
    finally:
        os.chdir(here)
    yield top
    remove_deep_tree(top)


def remove_deep_tree(top: Path) -> None:
    """Remove a tree of folders ``d`` in ``d``, a level at a time: shutil.rmtree, and pytest's own
    clean-up of old temporary folders, recurse once a level, and fail a thousand levels down."""
    while (top / "d").is_dir():
        if (top / "d" / "d").is_dir():
            os.rename(top / "d" / "d", top / "deeper")
        shutil.rmtree(top / "d")
        if (top / "deeper").is_dir():
            os.rename(top / "deeper", top / "d")
    shutil.rmtree(top)


def test_hf_verify_walks_a_folder_a_thousand_deep_and_through_a_link_loop_once(deep_tree: Path) -> None:
    code, out, err = invoke("verify", str(deep_tree))
    assert (code, err) == (0, "")
    (line,) = out.splitlines()
    assert line.startswith(f"{deep_tree}/{'d/' * 1000}game.jsonl: ok, ")


def test_hf_stats_walks_a_folder_a_thousand_deep(deep_tree: Path) -> None:
    code, out, _ = invoke("stats", str(deep_tree))
    assert code == 0
    assert out.splitlines()[1] == "No games of yours yet. Not counted: 1 game of AI players only."


def test_a_link_to_a_folder_is_followed_and_its_games_counted_once(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    played_by_ann(tmp_path / "games" / "a.jsonl", (300, 100))
    (tmp_path / "elsewhere").mkdir()
    played_by_ann(tmp_path / "elsewhere" / "b.jsonl", (100, 300))
    (tmp_path / "games" / "more").symlink_to(tmp_path / "elsewhere")
    (tmp_path / "games" / "again").symlink_to(tmp_path / "games")
    code, out, _ = invoke("stats", "--json", str(tmp_path / "games"))
    results = json.loads(out)["results"]
    assert code == 0 and (results["games"], results["won"], results["lost"]) == (2, 1, 1)


@pytest.fixture
def locked_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``tmp_path`` holds a.jsonl, the quick golden game, then the folder b, which cannot be listed
    (as for a user without its read permission: the tests run as root, whom chmod does not stop),
    then c.jsonl, another copy."""
    shutil.copy(QUICK_GAME, tmp_path / "a.jsonl")
    (tmp_path / "b").mkdir()
    shutil.copy(QUICK_GAME, tmp_path / "b" / "hidden.jsonl")
    shutil.copy(QUICK_GAME, tmp_path / "c.jsonl")
    listing = os.scandir

    def scandir(path: str | os.PathLike[str]) -> Iterator[os.DirEntry[str]]:
        if Path(path) == tmp_path / "b":
            raise PermissionError(13, "Permission denied", str(path))
        return listing(path)

    monkeypatch.setattr(os, "scandir", scandir)
    return tmp_path


def test_hf_verify_stops_at_a_folder_it_cannot_read_and_names_it(locked_folder: Path) -> None:
    code, out, err = invoke("verify", str(locked_folder))
    assert code == 2
    assert [line.split(": ok")[0] for line in out.splitlines()] == [str(locked_folder / "a.jsonl")]
    assert err == f"{locked_folder / 'b'}: cannot read this folder: Permission denied\n"


def test_hf_verify_of_a_folder_it_cannot_read_at_all_is_one_line(locked_folder: Path) -> None:
    code, out, err = invoke("verify", str(locked_folder / "b"))
    assert (code, out, err) == (2, "", f"{locked_folder / 'b'}: cannot read this folder: Permission denied\n")


def test_hf_stats_counts_a_folder_it_cannot_read_and_says_so(locked_folder: Path) -> None:
    code, out, _ = invoke("stats", str(locked_folder / "b"))
    assert code == 0
    assert out.splitlines()[1] == (f"No games of yours yet. Not counted: 1 unreadable ({locked_folder / 'b'}: "
                                   "cannot read this folder: Permission denied).")
    code, out, _ = invoke("stats", "--json", str(locked_folder))
    data = json.loads(out)
    assert data["not_counted"] == {"ai-only": 2}
    assert data["unreadable"] == [f"{locked_folder / 'b'}: cannot read this folder: Permission denied"]
