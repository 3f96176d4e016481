"""A reason in words, as the tests read it: the clauses of the whole reason joined as the
transcript writes them (``hfcli.text.reason_text.record_text``), seats by the default table's names."""

from __future__ import annotations

from hfcli.engine.reasons import Reason
from hfcli.engine.seat import Decision
from hfcli.text.reason_text import Form, clauses

NAMES = ("South", "West", "North", "East")


def said(reason: Reason | Decision | None, names: tuple[str, ...] = NAMES, *, public_only: bool = False) -> str:
    """``reason`` (or a decision's) in words: ``a single king; West could take ...``."""
    if isinstance(reason, Decision):
        reason = reason.reason
    if reason is None:
        return ""
    return "; ".join(clauses(reason, Form.SENTENCE, names, public_only=public_only))
