"""--four-color: each suit its own colour, in a palette colour-blind players tell apart; symbols
stay, and letters under --ascii."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from hfcli.cli import main
from hfcli.engine.cards import parse_cards
from hfcli.text import notation
from hfcli.text.notation import card_text, hand_text, use_four_colors

RESET = "\x1b[0m"


def test_four_colours_paint_each_suit_apart_and_keep_the_symbols() -> None:
    use_four_colors(True)
    spade, heart, diamond, club = (card_text(c, color=True) for c in parse_cards("7S 7H 7D 7C"))
    assert spade == "7♠"  # black: the terminal's own colour
    assert heart == f"\x1b[38;5;166m7♥{RESET}"  # vermilion
    assert diamond == f"\x1b[38;5;32m7♦{RESET}"  # blue
    assert club == f"\x1b[38;5;35m7♣{RESET}"  # bluish green
    assert card_text(parse_cards("7D")[0], color=True, ascii=True) == f"\x1b[38;5;32m7D{RESET}"
    assert card_text(parse_cards("7D")[0], color=False) == "7♦"  # no colour asked: none


def test_two_colours_by_default_red_for_hearts_and_diamonds() -> None:
    heart, diamond, club = (card_text(c, color=True) for c in parse_cards("7H 7D 7C"))
    assert heart == f"\x1b[31m7♥{RESET}" and diamond == f"\x1b[31m7♦{RESET}" and club == "7♣"


def test_a_hand_of_all_four_suits_shows_four_colours() -> None:
    use_four_colors(True)
    text = hand_text(parse_cards("AS AH KD QC"), color=True)
    assert all(code in text for code in ("\x1b[38;5;166mA♥", "\x1b[38;5;32mK♦", "\x1b[38;5;35mQ♣"))
    assert " A♠ " in text


def test_the_option_and_the_file_set_four_colours(tmp_path: Path) -> None:
    env = {"HF_DATA_DIR": str(tmp_path)}
    CliRunner().invoke(main, ["play", "--seed", "7", "--four-color"], input="quit\ny\n", env=env)
    assert notation.SUIT_COLORS == notation.FOUR_COLORS
    use_four_colors(False)
    CliRunner().invoke(main, ["config", "four-color", "yes"])
    CliRunner().invoke(main, ["rules", "C-PILE"])  # any command follows the file
    assert notation.SUIT_COLORS == notation.FOUR_COLORS
