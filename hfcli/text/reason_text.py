"""A player's reason in words: the one place a :class:`~hfcli.engine.reasons.Reason` becomes text.

Each kind of reason has its words (:data:`hfcli.text.reason_words.WORDS`), made from the reason's
facts (:mod:`hfcli.text.reason_facts`), in the forms the places that show a reason need:

- :func:`phrase`: a short phrase beside a move at the table (``a single king; East could take
  the pile, about 42%``), no capital, no full stop;
- :func:`sentence`: the whole reason for ``why`` and the log, a sentence with every fact;
- :func:`lesson`: the reason as the review and practice teach it, inside the sentence they make
  of a decision: the whole reason without the search's own figure (the review gives its own,
  from more imagined deals).

Each takes ``public_only``: the reason without the facts private to the seat that reasons (its
hand, its plan, a chance worked out from its cards), as another player at the table may be told
it. A clause whose facts are not all there is left out, never guessed at. Seats are named from
``names``, the seat ``you`` as "you".

Adding a kind of reason: a member of :class:`ReasonKind` and its entry in ``WORDS``; the
table, ``why``, the log, the transcript and the review all say it from there.
"""

from __future__ import annotations

from enum import Enum

from hfcli.engine.reasons import Reason, ReasonKind
from hfcli.text.reason_facts import Facts, MissingFact, Names
from hfcli.text.reason_words import WORDS


class Form(Enum):
    PHRASE = "phrase"
    SENTENCE = "sentence"
    LESSON = "lesson"


def clauses(
    reason: Reason, form: Form, names: Names = (), *, you: int | None = None, public_only: bool = False
) -> list[str]:
    """The clauses of ``reason`` and its parts in ``form``, in the order they are said."""
    if public_only:
        reason = reason.public()
    out: list[str] = []
    for part in reason.walk():
        words = WORDS[part.kind]
        try:
            said = words(Facts(part, names, you))
        except MissingFact:
            continue
        if said is None:
            continue
        if isinstance(said, str):
            text = said
        elif form is Form.PHRASE:
            text = said.full if said.short is None else said.short
        elif form is Form.LESSON:
            text = said.full if said.lesson is None else said.lesson
        else:
            text = said.full
        if text:
            out.append(text)
    return out


def phrase(reason: Reason | None, names: Names = (), *, you: int | None = None, public_only: bool = False) -> str:
    """The short phrase beside a move at the table (``a single king; East could take the pile,
    about 42%``); "" when nothing may be said."""
    if reason is None:
        return ""
    return "; ".join(clauses(reason, Form.PHRASE, names, you=you, public_only=public_only))


def sentence(reason: Reason | None, names: Names = (), *, you: int | None = None, public_only: bool = False) -> str:
    """The whole reason as a sentence, for ``why`` and the log: ``A single king; East could take
    the 7-card pile with two kings (a chance of about 42%); the safest card held: ...``."""
    if reason is None:
        return ""
    return _as_sentence(clauses(reason, Form.SENTENCE, names, you=you, public_only=public_only))


def lesson(reason: Reason | None, names: Names = (), *, you: int | None = None) -> str:
    """The reason as the review and practice teach it, in the sentence they make of a decision
    (``the expert prefers add K (closes a dirty book of kings)``): the whole reason, without the
    search's own figure; no capital, no full stop."""
    if reason is None:
        return ""
    return "; ".join(clauses(reason, Form.LESSON, names, you=you))


def record_text(reason: Reason, names: Names) -> str:
    """The words a transcript keeps beside the reason's data: the whole reason, for a reader
    that does not read the data (and for a person reading the file). Words recorded before
    reasons were data are kept as they were: escaped where they are shown, never in the file."""
    if reason.kind is ReasonKind.RECORDED:
        return str(reason.facts["text"])
    return "; ".join(clauses(reason, Form.SENTENCE, names))


def _as_sentence(said: list[str]) -> str:
    if not said:
        return ""
    first, space, rest = "; ".join(said).partition(" ")
    return f"{first.capitalize()}{space}{rest}."
