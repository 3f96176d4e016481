"""Learning the game at the table (``hf learn``): the guided first deal and lessons by topic.

One job a module: :mod:`.positions` writes a lesson's table as position text, :mod:`.course` is
what a lesson is made of and how its words are filled from the rules, :mod:`.guided` and
:mod:`.lessons` are the lessons themselves, :mod:`.session` runs one at the table's REPL.
``lesson_for`` finds the lesson for a rule id or a topic word.
"""

from hfcli.learn.lessons import LESSONS, lesson_for

__all__ = ["LESSONS", "lesson_for"]
