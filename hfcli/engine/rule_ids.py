"""The rule ids the engine's refusals cite, in the rule book's order.

C-... for the classic rules, V-... where the ``eleven`` preset differs, T-... for tables other than
four. Each is a StrEnum whose value is the id's text, so a refusal's message, a transcript and a
scenario file read exactly as the text always did (``C-PILE: the discard pile is empty``).
``hfcli.text.rulebook`` gives each its title and its text.
"""

from __future__ import annotations

from enum import StrEnum


class RuleId(StrEnum):
    C_SEAT = "C-SEAT"
    C_DECK = "C-DECK"
    C_WILD = "C-WILD"
    C_VALUE = "C-VALUE"
    C_DEAL = "C-DEAL"
    C_UPCARD = "C-UPCARD"
    C_DEALS = "C-DEALS"
    C_MIN = "C-MIN"
    C_MELD = "C-MELD"
    C_RATIO = "C-RATIO"
    C_BOOK = "C-BOOK"
    C_ONEOPEN = "C-ONEOPEN"
    C_TEAMMELD = "C-TEAMMELD"
    C_RED3 = "C-RED3"
    C_DRAW = "C-DRAW"
    C_PILE = "C-PILE"
    C_BLACK3 = "C-BLACK3"
    C_MELDING = "C-MELDING"
    C_DISCARD = "C-DISCARD"
    C_FOOT = "C-FOOT"
    C_KEEP = "C-KEEP"
    C_OUT = "C-OUT"
    C_END = "C-END"
    C_SCORE = "C-SCORE"
    C_GAME = "C-GAME"
    V_DECK = "V-DECK"
    V_DEAL = "V-DEAL"
    V_VALUE = "V-VALUE"
    V_UPCARD = "V-UPCARD"
    V_RATIO = "V-RATIO"
    V_NOWILD = "V-NOWILD"
    V_BOOKS = "V-BOOKS"
    V_OUT = "V-OUT"
    T_SIZE = "T-SIZE"
    T_DECK = "T-DECK"
    T_OUT = "T-OUT"
    T_SCORE = "T-SCORE"
    T_TURN = "T-TURN"
