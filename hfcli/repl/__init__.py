"""The interactive table for ``hf play``: one module a concern.

``session`` holds the game and answers command lines (no terminal code, so tests drive it
directly); ``commands`` maps what people type onto moves; ``narration`` words the moves;
``completer``, ``toolbar``, ``keys`` and ``style`` are the prompt_toolkit parts; ``loop`` runs a
session in a terminal or, when stdin is not one, line by line from a pipe.
"""
