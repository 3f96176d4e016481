"""Every file under transcripts/ verifies: the scenarios (one rule each) and the golden games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hfcli import rules
from hfcli.engine.rules import from_mapping
from hfcli.engine.seating import table
from hfcli.transcript import DIVERGENCE, MALFORMED, TranscriptError
from hfcli.transcript.golden import GOLDEN
from hfcli.transcript.scenario import build_shoe, dealt_position
from hfcli.transcript.verify import transcript_files, verify_file

ROOT = Path(__file__).resolve().parent.parent / "transcripts"
FILES = sorted(transcript_files(ROOT))
SCENARIOS = sorted((ROOT / "scenarios").glob("*.jsonl"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_every_transcript_verifies(path: Path) -> None:
    verified = verify_file(path)
    assert verified.warning is None
    assert ": ok," in verified.summary


def test_scenarios_cover_the_required_rules() -> None:
    rules = {json.loads(p.read_text().splitlines()[0])["rule"] for p in SCENARIOS}
    required = {"C-PILE", "C-RATIO", "C-ONEOPEN", "C-MIN", "C-FOOT", "C-KEEP", "C-OUT", "C-RED3", "C-BLACK3", "C-END"}
    assert required <= rules
    assert len([r for r in rules if r.startswith("V-")]) >= 2
    assert len(SCENARIOS) >= 12


def test_golden_games_include_both_presets() -> None:
    presets = {json.loads(p.read_text().splitlines()[0])["rules"]["name"] for p in (ROOT / "golden").glob("*.jsonl")}
    assert {"classic", "eleven"} <= presets
    assert len(list((ROOT / "golden").glob("*.jsonl"))) >= 3


def test_golden_games_are_recorded_at_every_table_size() -> None:
    """T-SIZE: golden games at two, three, four, and six in pairs and in threes, each file recorded
    from its entry in GOLDEN (rules, table, seed and each seat's level)."""
    tables = set()
    for spec in GOLDEN:
        header = json.loads((ROOT / "golden" / f"{spec.name}.jsonl").read_text().splitlines()[0])
        assert header["seed"] == spec.seed and rules.from_mapping(header["rules"]) == spec.rules()
        assert [seat["level"] for seat in header["seats"]] == list(spec.levels)
        assert len(header["seating"]["seats"]) == spec.players
        tables.add((spec.players, len(header["seating"]["side_names"])))
    assert {(2, 2), (3, 3), (4, 2), (6, 3), (6, 2)} <= tables


def _edit(src: Path, dst: Path, old: str, new: str) -> Path:
    text = src.read_text()
    assert old in text
    dst.write_text(text.replace(old, new, 1))
    return dst


def test_a_scenario_expecting_the_wrong_rule_fails_at_its_line(tmp_path: Path) -> None:
    path = _edit(ROOT / "scenarios" / "c-ratio.jsonl", tmp_path / "s.jsonl", '"rule":"C-RATIO"}', '"rule":"C-MELD"}')
    with pytest.raises(TranscriptError) as info:
        verify_file(path)
    assert info.value.fault is DIVERGENCE and info.value.line == 3
    assert "expected 'meld 9 9 2 2' refused by C-MELD, got C-RATIO" in str(info.value)


def test_a_scenario_expecting_a_wrong_score_fails(tmp_path: Path) -> None:
    path = _edit(ROOT / "scenarios" / "v-out.jsonl", tmp_path / "s.jsonl", '"total":160', '"total":260')
    with pytest.raises(TranscriptError, match="expected NS total 260 in deal 1, got 160") as info:
        verify_file(path)
    assert info.value.fault is DIVERGENCE


def test_a_scenario_expecting_an_illegal_move_that_is_legal_fails(tmp_path: Path) -> None:
    path = _edit(
        ROOT / "scenarios" / "c-pile-pair.jsonl", tmp_path / "s.jsonl",
        '"hand":"9C 4D 5D 6D KS"},"W":{"hand":"9D 9S',
        '"hand":"9C 9S 5D 6D KS"},"W":{"hand":"9D 4D',
    )
    with pytest.raises(TranscriptError, match="got it accepted"):
        verify_file(path)


def test_a_scenario_naming_cards_not_in_the_decks_is_malformed(tmp_path: Path) -> None:
    path = _edit(ROOT / "scenarios" / "c-ratio.jsonl", tmp_path / "s.jsonl", '"hand":"9C 9D', '"hand":"9C 9C')
    with pytest.raises(TranscriptError, match="no 9C left in 1 deck") as info:
        verify_file(path)
    assert info.value.fault is MALFORMED and info.value.line == 1


def test_a_scenario_stating_a_fact_the_program_does_not_know_is_malformed_and_says_which(tmp_path: Path) -> None:
    path = _edit(ROOT / "scenarios" / "c-black3.jsonl", tmp_path / "s.jsonl", '"pile_top":"3C"', '"pile_colour":"3C"')
    with pytest.raises(TranscriptError) as info:
        verify_file(path)
    assert info.value.fault is MALFORMED and info.value.message == "unknown state fact 'pile_colour'"


def _header(path: Path) -> dict[str, Any]:
    header: dict[str, Any] = json.loads(path.read_text().splitlines()[0])
    return header


DEAL_FORM = [p for p in SCENARIOS if "deal" in _header(p)]


def _dealt_text(path: Path) -> str:
    header = _header(path)
    rules = from_mapping(header["rules"])
    seating = table(rules.players, rules.teams)
    shoe = build_shoe(rules, header["deal"], seating.names, seating.next_seat(seating.first_dealer))
    return dealt_position(rules, seating, shoe)


def test_a_deal_is_the_position_its_shoe_deals_red_threes_laid_and_replaced() -> None:
    lines = _dealt_text(ROOT / "scenarios" / "c-red3.jsonl").splitlines()
    # South was dealt 3D 9C 9D 9H KC over the stock's AS: the red three is laid, AS replaces it.
    assert "S hand: 9C 9D 9H KC AS" in lines and "NS red threes: 3D" in lines
    assert "deal: 1, dealer E" in lines and "turn: S, draw" in lines and "seed: 0" in lines
    pair = _dealt_text(ROOT / "scenarios" / "c-pile-pair.jsonl").splitlines()
    assert "S hand: 9C 4D 5D 6D KS" in pair and "W hand: 9D 9S 5C 6C KH" in pair and "pile: 9H" in pair


@pytest.mark.parametrize("path", DEAL_FORM, ids=lambda p: p.stem)
def test_a_scenario_verifies_the_same_from_the_position_text_its_deal_deals(path: Path, tmp_path: Path) -> None:
    lines = path.read_text().splitlines()
    header = _header(path)
    del header["rules"], header["deal"]
    header["position"] = _dealt_text(path).splitlines()
    converted = tmp_path / path.name
    converted.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    summary = verify_file(converted).summary
    assert summary.replace(str(converted), "") == verify_file(path).summary.replace(str(path), "")


def test_a_scenario_may_start_from_position_text_with_melds_already_on_the_table(tmp_path: Path) -> None:
    path = ROOT / "scenarios" / "c-book.jsonl"
    header = _header(path)
    assert "deal" not in header and "NS melds: 9C 9D 9H 9S 9C 9D 9H / KC KD KH" in header["position"]
    assert "3 moves, 4 expectations" in verify_file(path).summary
    # The text may also be one string of lines.
    header["position"] = "\n".join(header["position"]) + "\n"
    as_string = tmp_path / "c-book.jsonl"
    as_string.write_text("\n".join([json.dumps(header), *path.read_text().splitlines()[1:]]) + "\n")
    assert "3 moves, 4 expectations" in verify_file(as_string).summary


def test_a_scenario_with_both_a_position_and_a_deal_is_malformed(tmp_path: Path) -> None:
    path = _edit(ROOT / "scenarios" / "c-book.jsonl", tmp_path / "s.jsonl", '"position":', '"deal":{},"position":')
    with pytest.raises(TranscriptError, match="from a 'position', or from 'rules' and a 'deal', not both") as info:
        verify_file(path)
    assert info.value.fault is MALFORMED and info.value.line == 1


def test_a_scenario_position_the_reader_refuses_is_malformed_naming_the_position_line(tmp_path: Path) -> None:
    path = _edit(ROOT / "scenarios" / "c-book.jsonl", tmp_path / "s.jsonl", '"turn: S, meld"', '"turn: S, dance"')
    with pytest.raises(TranscriptError, match="bad position: line 6: turn: the phase is draw, meld") as info:
        verify_file(path)
    assert info.value.fault is MALFORMED and info.value.line == 1
    path = _edit(ROOT / "scenarios" / "c-book.jsonl", tmp_path / "t.jsonl", '"position":[', '"position":[7,')
    with pytest.raises(TranscriptError, match="position must be the position text: a string, or a list of its lines"):
        verify_file(path)


JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 300), st.text(max_size=6),
              st.sampled_from(["S", "C-PILE", "9H 9S", "draw", "illegal", "state", "score", "NS"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=6,
)


@settings(max_examples=80, deadline=None)
@given(which=st.sampled_from(SCENARIOS), line=st.integers(min_value=0), key=st.sampled_from(
    ["rules", "deal", "position", "rule", "version", "expect", "move", "seat", "team", "deal", "hand", "rule", "total",
     "phase"]),
    value=JSONISH)
def test_altered_scenarios_end_in_a_verdict_never_a_crash(which: Path, line: int, key: str, value: object) -> None:
    import tempfile

    lines = which.read_text().splitlines()
    n = line % len(lines)
    data = json.loads(lines[n])
    data[key] = value
    lines[n] = json.dumps(data)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.jsonl"
        path.write_text("\n".join(lines) + "\n")
        try:
            verify_file(path)
        except TranscriptError as exc:
            assert exc.fault in (DIVERGENCE, MALFORMED) and exc.message
