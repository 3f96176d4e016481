"""``hf verify``: exit codes, FILE:LINE messages, --ai, and fuzzed transcripts that never crash it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from recording import record

from hfcli.cli import main
from hfcli.transcript import DIVERGENCE, MALFORMED, SeatInfo, TranscriptError
from hfcli.transcript.verify import verify_file

GOLDEN = Path(__file__).resolve().parent.parent / "transcripts" / "golden"


@pytest.fixture(scope="module")
def short_game(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("short") / "short.jsonl"
    record(path, moves=120)
    return path.read_bytes()


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["verify", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


def lines_of(path: Path) -> list[str]:
    return path.read_text().splitlines(keepends=True)


def recorded_lines(tmp_path: Path, marker: str) -> tuple[Path, list[str], int]:
    """A 60-move game's file, its lines, and the index of the first line holding ``marker``."""
    path = tmp_path / "g.jsonl"
    record(path, moves=60)
    lines = lines_of(path)
    return path, lines, next(i for i, t in enumerate(lines) if marker in t)


def test_golden_folder_verifies_with_a_summary_line_per_file() -> None:
    code, out, err = run(str(GOLDEN))
    assert code == 0, err
    assert len(out.splitlines()) == len(list(GOLDEN.glob("*.jsonl")))
    assert all(": ok, " in line and "finished" in line for line in out.splitlines())


def test_a_changed_drawn_card_is_a_divergence_at_its_line(tmp_path: Path) -> None:
    path, lines, i = recorded_lines(tmp_path, '"e":"draw"')
    data = json.loads(lines[i])
    real = data["cards"]
    data["cards"] = "JK JK" if real != "JK JK" else "4C 4C"
    lines[i] = json.dumps(data) + "\n"
    path.write_text("".join(lines))
    code, _, err = run(str(path))
    assert code == 1
    assert err.startswith(f"{path}:{i + 1}: expected draw by ")
    assert f"got draw by {data['seat']} of {real!r}" in err


def test_a_changed_digest_is_a_divergence(tmp_path: Path) -> None:
    path, lines, i = recorded_lines(tmp_path, '"e":"digest"')
    lines[i] = '{"e":"digest","digest":"0000000000000000"}\n'
    path.write_text("".join(lines))
    code, _, err = run(str(path))
    assert code == 1 and f":{i + 1}: expected digest 0000000000000000 (as recorded), got " in err


def test_an_illegal_move_names_the_rule(tmp_path: Path) -> None:
    path, lines, i = recorded_lines(tmp_path, '"move":"draw"')
    lines[i] = lines[i].replace('"move":"draw"', '"move":"discard 5"')
    path.write_text("".join(lines))
    code, _, err = run(str(path))
    assert code == 1 and f":{i + 1}: expected 'discard 5' by " in err and "to be legal, got C-DRAW: " in err


def test_a_newer_version_is_refused_with_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record(path, moves=10)
    lines = lines_of(path)
    lines[0] = lines[0].replace('"version":2', '"version":3')
    path.write_text("".join(lines))
    code, _, err = run(str(path))
    assert code == 2 and err.strip() == f"{path}:1: unsupported version 3: this program (0.1.0) reads versions 1 to 2"


def test_a_file_without_a_header_is_malformed(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text('{"e":"move","seat":"S","move":"draw"}\n')
    code, _, err = run(str(path))
    assert code == 2 and "not a transcript" in err


def test_a_line_that_is_not_utf8_is_named_with_its_byte(tmp_path: Path, short_game: bytes) -> None:
    lines = short_game.split(b"\n")
    lines[2] = lines[2][:5] + b"\xe9" + lines[2][5:]
    path = tmp_path / "g.jsonl"
    path.write_bytes(b"\n".join(lines))
    code, _, err = run(str(path))
    assert code == 2 and f"{path}:3: not UTF-8 text (byte 6 of the line)" in err


@pytest.mark.parametrize(
    ("change", "message"),
    [(lambda shoe: shoe.replace("9D", "9X", 1), "bad shoe: '9X' is not a card"),
     (lambda shoe: shoe.replace("9D", "9H", 1), "the shoe is not 5 full deck(s) of 54 cards (270 cards)"),
     (lambda shoe: shoe.replace(" ", "  ", 1), "bad shoe: cards are separated by single spaces"),
     (lambda shoe: shoe.rsplit(" ", 1)[0], "the shoe is not 5 full deck(s) of 54 cards (269 cards)")],
)
def test_a_shoe_that_is_not_the_decks_is_malformed(
    tmp_path: Path, short_game: bytes, change: Callable[[str], str], message: str
) -> None:
    lines = short_game.decode().split("\n")
    deal = json.loads(lines[1])
    deal["shoe"] = change(deal["shoe"])
    lines[1] = json.dumps(deal, separators=(",", ":"))
    path = tmp_path / "g.jsonl"
    path.write_text("\n".join(lines))
    code, _, err = run(str(path))
    assert code == 2 and f"{path}:2: {message}" in err, err


def test_unknown_keys_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record(path, moves=40)
    lines = [t.replace('{"e":"draw",', '{"e":"draw","note":"extra",') for t in lines_of(path)]
    lines[0] = lines[0].replace('{"format"', '{"comment":"hand-edited","format"')
    path.write_text("".join(lines))
    assert run(str(path))[0] == 0


def test_ai_flag_fails_where_todays_ai_chooses_differently(tmp_path: Path) -> None:
    honest = tmp_path / "honest.jsonl"
    record(honest, ("greedy", "random", "greedy", "random"), moves=200)
    assert run("--ai", str(honest))[0] == 0
    # The same labels, but West actually played at random: today's greedy player disagrees.
    liar = tmp_path / "liar.jsonl"
    labels = [SeatInfo(f"P{i}", "ai", level) for i, level in enumerate(("greedy", "greedy", "greedy", "random"))]
    record(liar, ("greedy", "random", "greedy", "random"), seats=labels, moves=200)
    assert run(str(liar))[0] == 0
    code, _, err = run("--ai", str(liar))
    assert code == 1 and "(as recorded), got " in err and "from today's AI at W" in err


def test_an_unfinished_game_verifies_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record(path, moves=30)
    code, out, _ = run(str(path))
    assert code == 0 and "unfinished in deal 1" in out


def test_a_torn_last_line_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    record(path, moves=30)
    with path.open("a") as handle:
        handle.write('{"e":"mo')
    code, _, err = run(str(path))
    assert code == 0 and "torn last line dropped" in err


# ---------------------------------------------------------------------------- fuzzing


def _check_verdict(path: Path) -> None:
    try:
        verify_file(path)
    except TranscriptError as exc:
        assert exc.fault in (DIVERGENCE, MALFORMED)
        assert str(exc).startswith(f"{path}:") and exc.message


FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(data=st.binary(max_size=400))
def test_random_bytes_never_crash(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(data)
    _check_verdict(path)


@FUZZ
@given(cut=st.integers(min_value=0, max_value=10**6), junk=st.binary(max_size=20))
def test_cut_files_never_crash(tmp_path: Path, short_game: bytes, cut: int, junk: bytes) -> None:
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(short_game[: cut % (len(short_game) + 1)] + junk)
    _check_verdict(path)


@FUZZ
@given(i=st.integers(min_value=0), j=st.integers(min_value=0))
def test_swapped_lines_are_caught(tmp_path: Path, short_game: bytes, i: int, j: int) -> None:
    lines = short_game.decode().splitlines(keepends=True)
    a, b = i % len(lines), j % len(lines)
    if lines[a] == lines[b]:
        return
    lines[a], lines[b] = lines[b], lines[a]
    path = tmp_path / "fuzz.jsonl"
    path.write_text("".join(lines))
    try:
        verify_file(path)
    except TranscriptError as exc:
        assert exc.fault in (DIVERGENCE, MALFORMED) and exc.line >= min(a, b) + 1
    else:
        # Only two moves of one turn that commute (adds to different melds) may swap unnoticed.
        assert json.loads(lines[a])["e"] == json.loads(lines[b])["e"] == "move"


MOVES = ["draw", "pickup", "discard 5", "discard JK", "meld 9 9 9", "add 2 to 9", "ask", "yes", "no", "undo",
         "end", "meld", "fly away", "discard 9Z", ""]


@FUZZ
@given(i=st.integers(min_value=0), move=st.sampled_from(MOVES), key=st.sampled_from(["move", "cards", "seat", "e"]),
       value=st.one_of(st.text(max_size=12), st.integers(), st.none(), st.sampled_from(["AS KS", "JK", "S", "W"])))
def test_altered_fields_never_crash(tmp_path: Path, short_game: bytes, i: int, move: str, key: str,
                                    value: object) -> None:
    lines = short_game.decode().splitlines(keepends=True)
    n = 1 + i % (len(lines) - 1)
    data = json.loads(lines[n])
    data[key] = move if key == "move" else value
    lines[n] = json.dumps(data) + "\n"
    path = tmp_path / "fuzz.jsonl"
    path.write_text("".join(lines))
    _check_verdict(path)


@FUZZ
@given(header=st.dictionaries(st.sampled_from(["format", "version", "rules", "seed", "seats"]),
                              st.one_of(st.integers(), st.text(max_size=5), st.none(), st.lists(st.integers()),
                                        st.dictionaries(st.text(max_size=8), st.integers()))))
def test_altered_headers_never_crash(tmp_path: Path, short_game: bytes, header: dict[str, object]) -> None:
    lines = short_game.decode().splitlines(keepends=True)
    data = json.loads(lines[0])
    data.update(header)
    lines[0] = json.dumps(data) + "\n"
    path = tmp_path / "fuzz.jsonl"
    path.write_text("".join(lines))
    _check_verdict(path)


def test_a_missing_file_or_an_empty_folder_is_a_one_line_error(tmp_path: Path) -> None:
    code, _, err = run(str(tmp_path / "nope.jsonl"))
    assert code == 2 and err.strip() == f"{tmp_path / 'nope.jsonl'}:0: cannot read: No such file or directory"
    code, _, err = run(str(tmp_path))
    assert code == 2 and err.strip() == f"{tmp_path}: no transcripts (*.jsonl) in this folder"


def test_jobs_give_the_same_lines_in_the_same_order() -> None:
    one = run(str(GOLDEN))
    two = run("--jobs", "2", str(GOLDEN))
    assert one == two and one[0] == 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=st.lists(st.tuples(st.integers(min_value=0), st.binary(min_size=1, max_size=8)), min_size=1, max_size=4))
def test_the_command_never_shows_a_traceback(tmp_path: Path, short_game: bytes, edits: list[tuple[int, bytes]]) -> None:
    data = bytearray(short_game)
    for at, junk in edits:
        i = at % len(data)
        data[i : i + len(junk)] = junk
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(bytes(data))
    code, out, err = run(str(path))
    assert "Traceback" not in out + err
    if code:
        assert code in (1, 2) and err.startswith(f"{path}:") and err.count("\n") == 1
    else:
        assert ": ok, " in out


def test_a_missing_event_line_is_a_divergence_naming_both(tmp_path: Path) -> None:
    path, lines, i = recorded_lines(tmp_path, '"e":"draw"')
    drawn = json.loads(lines[i])
    del lines[i]
    path.write_text("".join(lines))
    code, _, err = run(str(path))
    assert code == 1 and err.startswith(f"{path}:{i + 1}: expected move ")
    assert f"(as recorded), got draw by {drawn['seat']} of {drawn['cards']!r} from the replay first" in err


_MOVE_TEXT = st.text(alphabet=st.sampled_from('SWNEX "\\\\}{,:ab9T\u00e9\u2028\n\t'), max_size=12)


@given(seat=_MOVE_TEXT, move=_MOVE_TEXT, chain=st.none() | st.sampled_from(["0a1b2c3d", "0A1B2C3D", "123", "x"]),
       reason=st.none() | _MOVE_TEXT, raw=st.booleans(), tail=st.sampled_from(["", " ", "x"]))
def test_the_quick_move_reader_agrees_with_json(
    seat: str, move: str, chain: str | None, reason: str | None, raw: bool, tail: str
) -> None:
    # Lines are built both as the writer writes them (json.dumps) and raw, with quotes, escapes and
    # control characters unescaped; the string-search reader must read exactly what JSON reads, or step aside.
    from hfcli.transcript.kinds import read_move_line

    def quote(value: str) -> str:
        return f'"{value}"' if raw else json.dumps(value, ensure_ascii=False)

    text = '{"e":"move","seat":' + quote(seat) + ',"move":' + quote(move)
    text += "" if chain is None else ',"chain":' + quote(chain)
    text += ("" if reason is None else ',"reason":' + quote(reason)) + "}" + tail
    quick = read_move_line(text)
    if quick is None:
        return
    data = json.loads(text)
    expected = {"e": "move", "seat": quick[0], "move": quick[1]}
    if quick[2] is not None:
        expected["chain"] = quick[2]
    if quick[3] is not None:
        expected["reason"] = quick[3]
    assert data == expected
