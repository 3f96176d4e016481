"""The interactive table for ``hf play``: one module a concern.

``session`` is the person's seat, built in layers a job each (``seat``, ``screens``, ``telling``,
``session``; no terminal code, so tests drive it directly); ``commands`` registers every command with
its handler and help; ``reading`` maps what people type onto moves; ``display`` is how a terminal
shows the table and paces the AI; ``narration`` words the moves;
``completer``, ``toolbar``, ``keys`` and ``style`` are the prompt_toolkit parts; ``loop`` runs a
session in a terminal or, when stdin is not one, line by line from a pipe.
"""
