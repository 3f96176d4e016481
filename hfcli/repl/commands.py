"""What people type at the table: command names, short forms, help texts, and the mapping of a
command line onto the engine's one move notation (``x 7`` -> ``discard 7``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    name: str
    aliases: tuple[str, ...]
    usage: str
    summary: str
    details: str = ""
    is_move: bool = False
    example: str = ""  # the cards a move command needs, as in 'discard 9'; "" for one that takes none


COMMANDS: tuple[Command, ...] = (
    Command("draw", ("d",), "draw", "draw two cards from the stock (C-DRAW)", is_move=True),
    Command(
        "pickup", ("p", "pu", "take"), "pickup",
        "take the discard pile, melding its top card with a pair from your hand (C-PILE)",
        "You need two natural cards of the top card's rank (a matching wild pair for a wild top card). "
        "The top card and the pair are melded at once; the rest of the top 7 cards go to your hand.",
        is_move=True,
    ),
    Command(
        "meld", ("m",), "meld CARDS[, CARDS ...]", "lay down new melds, e.g. meld 9 9 9, K K 2 (C-MELD)",
        "Name cards by rank: 9, K, 2, JK; a ten as 10 or T. A meld is 3-7 cards of one rank with at most a third "
        "wild (C-RATIO), or 3-7 wild cards. Your partnership's first melds of a deal must reach the minimum "
        "(C-MIN) when you discard; several melds in one command count together.",
        is_move=True, example="9 9 9",
    ),
    Command(
        "add", ("a",), "add CARDS [to RANK|wild]", "add cards to an open meld, e.g. add 9 2 to 9",
        "Naturals name their meld themselves (add 9 9); wild cards need a target: add 2 to 9, add JK to wild.",
        is_move=True, example="9 2 to 9",
    ),
    Command(
        "discard", ("x", "dis"), "discard CARD", "discard a card and end your turn, e.g. x 7 or x 7H (C-DISCARD)",
        "A rank (7) discards one of your sevens; rank and suit (7H) picks that exact card. "
        "A ten is 10 or T (x 10, x 10H, x TH).",
        is_move=True, example="9",
    ),
    Command(
        "ask", (), "ask", "ask your partner 'may I go out?' (C-OUT)",
        "Allowed once a turn, before you discard, when you play from your foot and your partner is in theirs.",
        is_move=True,
    ),
    Command("yes", ("y",), "yes", "answer your partner: you may go out", is_move=True),
    Command("no", ("n",), "no", "answer your partner: not yet", is_move=True),
    Command(
        "undo", ("u",), "undo", "take back this turn's melds (before the discard)",
        "Not the pile's own meld, and not once you have picked up your foot.",
        is_move=True,
    ),
    Command("end", (), "end", "with the stock empty, decline the pile and end the deal (C-END)", is_move=True),
    Command("hint", (), "hint", "what the AI would do in your seat, and why"),
    Command("hand", ("h",), "hand", "show your hand grouped by rank"),
    Command("table", ("t",), "table", "show the whole table"),
    Command("score", ("s",), "score", "the score of every deal so far"),
    Command("log", ("l",), "log [N]", "the last N moves (default 10) with the AI's reasons"),
    Command("rules", ("r",), "rules [ID]", "the rules in force, or one rule by id (rules C-PILE)"),
    Command("help", ("?",), "help [COMMAND]", "this list, or more about one command"),
    Command("quit", ("q", "exit"), "quit", "leave the game (it stays resumable from its transcript)"),
)

BY_WORD: dict[str, Command] = {word: command for command in COMMANDS for word in (command.name, *command.aliases)}


def lookup(word: str) -> Command | None:
    return BY_WORD.get(word.strip().lower())


def split_line(line: str) -> tuple[Command | None, str, str]:
    """``(command or None, the word typed, the rest of the line)``."""
    words = line.strip().split(None, 1)
    if not words:
        return None, "", ""
    word = words[0]
    rest = words[1].strip() if len(words) > 1 else ""
    return lookup(word), word, rest


def move_text(command: Command, rest: str) -> str:
    """The engine notation for a move command: its full name and the rest as typed."""
    return f"{command.name} {rest}".strip()


def shape_error(command: Command, word: str, rest: str) -> str | None:
    """Why a move line is refused before the engine reads it: cards missing, or words after a move
    that takes none. Spoken in what was typed, so ``x`` alone is answered about ``x``; None when the
    line has the move's shape."""
    said = f"'{word}'" if word.lower() == command.name else f"'{word}' ({command.name})"
    if command.example and not rest:
        needs = "a card" if command.name == "discard" else "cards"
        return f"{said} needs {needs}, e.g. '{word} {command.example}'"
    if not command.example and rest:
        return f"{said} takes nothing after it; type just '{word}'"
    return None


def as_typed(message: str, command: Command, word: str, rest: str) -> str:
    """The engine's reading error put back in what the player typed: the line it quotes
    (``'discard 9 9': ...``) and its examples (``e.g. 'add 2 to 9'``) use the word typed."""
    if word == command.name:
        return message
    quoted = f"{move_text(command, rest)!r}:"
    if message.startswith(quoted):
        message = f"{f'{word} {rest}'.strip()!r}:{message[len(quoted):]}"
    return message.replace(f"'{command.name} ", f"'{word} ")


def help_text(topic: str | None = None) -> str:
    if topic:
        command = lookup(topic)
        if command is None:
            raise KeyError(f"no command {topic!r}; type help for the list")
        short = f" (short: {', '.join(command.aliases)})" if command.aliases else ""
        lines = [f"{command.usage}{short}", f"  {command.summary}"]
        if command.details:
            lines.append(f"  {command.details}")
        return "\n".join(lines)
    lines = []
    for heading, is_move in (("Moves:", True), ("Other commands:", False)):
        lines.append(heading)
        for command in COMMANDS:
            if command.is_move == is_move:
                short = f"  [{', '.join(command.aliases)}]" if command.aliases else ""
                lines.append(f"  {command.usage:<26}{command.summary}{short}")
    lines.append("Cards are named by rank (9, K, 2, JK) or exactly (7H); type a ten as 10 or T (10H or TH). "
                 "Tab completes; help COMMAND says more.")
    return "\n".join(lines)
