"""What a lesson is made of: steps at a table, each asking for moves, and the words said about them.

A lesson's words never restate a rule: a figure (the first meld's minimum, the cards a draw
takes) is filled in from the rule set the lesson plays, a rule's own sentence is quoted from the
rule text the table shows (:mod:`hfcli.text.rulebook`), and a move the rules refuse is explained by
the engine's refusal, the very line the table prints. So a change to the rules or their text
shows in every lesson that speaks of it, and no lesson can drift from the table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hfcli.engine.errors import InvalidMoveError
from hfcli.engine.game import Game
from hfcli.engine.moves import Move
from hfcli.engine.rule_ids import RuleId
from hfcli.engine.rules import Rules
from hfcli.review.decisions import same_choice
from hfcli.text.rule_wording import number_word
from hfcli.text.rulebook import find_rule


@dataclass(frozen=True)
class Wrong:
    """A move a step warns against. ``why`` says what is wrong with a move the rules allow; a move
    the rules refuse needs none (the refusal says why), though ``why`` may add to it."""

    move: str
    why: str = ""


@dataclass(frozen=True)
class Try:
    """One move a step asks for. ``ask`` says what to try (before it), ``says`` why it was allowed
    or refused (after it), with ``quote``, a phrase of a rule's text whose sentence is shown
    with it. ``refused``: the rules refuse this move, and the step shows that on purpose."""

    move: str
    ask: str
    says: str
    quote: tuple[RuleId, str] | None = None
    refused: bool = False
    wrong: tuple[Wrong, ...] = ()


@dataclass(frozen=True)
class Step:
    """One idea at a table. ``table`` is the step's position (lines of the position text), or ""
    to go on at the table the step before left; ``then`` introduces a new table ("Three turns
    later."). ``others`` are the moves the other seats play during the step, in order, as
    ``(seat, move)``: the lesson goes the same way every time."""

    topic: str
    rule: RuleId
    tries: tuple[Try, ...]
    table: str = ""
    then: str = ""
    others: tuple[tuple[str, str], ...] = ()  # (seat, move)
    done: str = ""  # said once the step's moves and the others' are played
    stock_left: int | None = None  # the stock's size at a new table (None: every card not dealt)


@dataclass(frozen=True)
class Lesson:
    """A lesson by topic: a few small positions of one idea, or the guided first deal."""

    name: str  # what hf learn takes: pile, first-meld ...
    title: str
    rules: tuple[RuleId, ...]  # the rule ids that lead here (hf learn C-PILE)
    steps: tuple[Step, ...]
    words: tuple[str, ...] = ()  # other words that lead here (hf learn discard-pile)
    summary: str = ""
    preset: str = "quick"


def figures(rules: Rules) -> dict[str, str]:
    """The figures a lesson's words may name, ``{minimum}`` and the like, as ``rules`` plays them."""
    return {
        "minimum": str(rules.meld_minimum(0)),
        "draw": number_word(rules.draw_count),
        "book": str(rules.book_size),
        "clean": number_word(rules.clean_books_to_go_out),
        "dirty": number_word(rules.dirty_books_to_go_out),
        "pile_take": str(rules.pile_take) if rules.pile_take else "all",
        "clean_bonus": str(rules.clean_book_bonus),
        "dirty_bonus": str(rules.dirty_book_bonus),
        "red_three": str(rules.red_three_bonus),
        "going_out": str(rules.going_out_bonus),
        "hand": str(rules.hand_size),
        "foot": str(rules.foot_size),
        "two": str(rules.two_value),
        "joker": str(rules.joker_value),
        "ace": str(rules.ace_value),
        "high": str(rules.high_value),
        "low": str(rules.low_value),
    }


def words(text: str, rules: Rules) -> str:
    """A lesson's sentence with its figures filled in from ``rules``."""
    return text.format(**figures(rules))


class QuoteNotFound(LookupError):
    """A lesson quotes a phrase its rule's text no longer holds: the lesson must be written again."""


# A rule's text is quoted a sentence at a time, or a clause of a list ("...; ...; and ...").
_PIECES = re.compile(r"(?<=\.)\s+(?=[A-Z(])|\n|(?<=;)\s+")
_NUMBERED = re.compile(r"^\d+\.\s+")


def quote(rule: RuleId, phrase: str, rules: Rules) -> str:
    """The sentence (or the clause of a list) of ``rule``'s text, as ``rules`` plays it, that holds
    ``phrase``: what the table's ``rules ID`` says, word for word. QuoteNotFound when the text no
    longer says it."""
    found = find_rule(str(rule), rules)
    assert found is not None
    text = found[1]
    for piece in _PIECES.split(text):
        sentence = _NUMBERED.sub("", piece.strip())
        if phrase.lower() in sentence.lower():
            start = text.index(piece.strip())
            inside = start > 0 and text[:start].rstrip().endswith(";")
            return ("..." if inside else "") + sentence.rstrip(";") + ("..." if sentence.endswith(";") else "")
    raise QuoteNotFound(f"{rule}'s text no longer says {phrase!r}")


def quoted(rule: RuleId, phrase: str, rules: Rules) -> str:
    """The quote as a lesson shows it: ``C-PILE: "..." (rules C-PILE for the whole rule)``."""
    return f'{rule}: "{quote(rule, phrase, rules)}"'


def move_key(move: Move) -> tuple[object, ...]:
    """A move as the player chose it, the suits of its cards aside (``meld 9C 9D 9H`` is ``meld 9 9 9``)."""
    groups = tuple(sorted(tuple(sorted(pick.rank for pick in group)) for group in move.groups))
    return move.kind, groups, move.target


def same_move(game: Game, one: Move, other: Move) -> bool:
    """Whether ``one`` is the move ``other`` in ``game``: the same table after both, or, for moves
    the rules refuse, the same move but for its cards' suits."""
    if one == other:
        return True
    first, second = game.refusal(one), game.refusal(other)
    if first is not None or second is not None:
        return first is not None and second is not None and move_key(one) == move_key(other)
    return same_choice(game, one, other)


def parse(text: str) -> Move:
    """A lesson's move, in notation (a lesson with a move that does not parse is caught by its test)."""
    try:
        return Move.parse(text)
    except InvalidMoveError as exc:
        raise ValueError(f"a lesson's move {text!r} is not notation: {exc}") from None


LEARNER = 0  # the learner sits South, the first seat


def play_step(game: Game, step: Step, tries: int | None = None) -> int:
    """The step's moves played on ``game`` as the lesson plays them: the learner's (those the rules
    allow) and the other seats' fixed moves, each when its seat is to move; with ``tries``, only
    that many of the learner's, and the others' until the learner is to move again. The number of
    the others' moves played."""
    others = step.others
    used = 0
    for now in step.tries[:tries]:
        if now.refused:
            continue
        while game.to_move != LEARNER and used < len(others):
            game.apply(others[used][1])
            used += 1
        game.apply(now.move)
    while used < len(others) and not game.is_over and (tries is None or game.to_move != LEARNER):
        game.apply(others[used][1])
        used += 1
    return used


def step_start(lesson: Lesson, index: int, rules: Rules) -> Game:
    """The game as step ``index`` of ``lesson`` begins: the last table given at or before it, with
    the steps between played as the lesson plays them."""
    from hfcli.learn.positions import lesson_game

    first = max(i for i in range(index + 1) if i == 0 or lesson.steps[i].table)
    game = lesson_game(lesson.steps[first].table, rules, lesson.steps[first].stock_left)
    for step in lesson.steps[first:index]:
        play_step(game, step)
    return game
