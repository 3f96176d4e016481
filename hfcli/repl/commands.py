"""What people type at the table: command names, short forms, help texts, and the reading of a
command line into the engine's one move notation: ``x 7`` -> ``discard 7``, ``pick up the pile`` ->
``pickup``, ``discard 3 of clubs`` -> ``discard 3C``, ``add Q Q to queens`` -> ``add Q Q to Q``,
``play 7s`` -> ``meld 7 7 7`` (or ``add 7 7 7`` when sevens are open). Whatever is typed, the
move the engine gets, the transcript records and the screen repeats is written one way."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from hfcli.engine.cards import NATURAL_RANKS, RANK_TOKENS, WILD_RANKS, Card, card, parse_rank
from hfcli.engine.errors import InvalidMoveError
from hfcli.render import hand_text, wrap_line, wrap_pieces
from hfcli.repl.cardwords import TARGET_MARKS, CardWords, suggest, target


@dataclass(frozen=True)
class Command:
    name: str
    aliases: tuple[str, ...]
    usage: str
    summary: str
    details: str = ""
    is_move: bool = False
    example: str = ""  # the cards a move command needs, as in 'discard 9'; "" for one that takes none
    fillers: frozenset[str] = frozenset()  # words a move that takes no cards may still be said with


COMMANDS: tuple[Command, ...] = (
    Command("draw", ("d",), "draw", "draw two cards from the stock (C-DRAW)", is_move=True,
            fillers=frozenset({"from", "the", "stock", "two", "cards"})),
    Command(
        "pickup", ("p", "pu", "take", "pick"), "pickup",
        "take the discard pile, melding its top card with a pair from your hand (C-PILE)",
        "You need two natural cards of the top card's rank (a matching wild pair for a wild top card). "
        "The top card and the pair are melded at once; the rest of the top 7 cards go to your hand. "
        "Also said: pick up, take, take the pile.",
        is_move=True, fillers=frozenset({"up", "the", "pile"}),
    ),
    Command(
        "meld", ("m",), "meld CARDS[, CARDS ...]", "lay down new melds, e.g. meld 9 9 9, K K 2 (C-MELD)",
        "Name cards by rank: 9, K, 2, JK; a ten as 10 or T; or in words: king, 3 kings, sevens (every seven you "
        "hold), deuce, joker. A meld is 3-7 cards of one rank with at most a third "
        "wild (C-RATIO), or 3-7 wild cards. Your partnership's first melds of a deal must reach the minimum "
        "(C-MIN) when you discard; several melds in one command count together. Several melds are parted by commas "
        "or by and: meld kings and eights (wild cards after and join the meld before: meld queens and a joker).",
        is_move=True, example="9 9 9",
    ),
    Command(
        "add", ("a",), "add CARDS [to RANK|wild]", "add cards to an open meld, e.g. add 9 2 to 9",
        "Naturals name their meld themselves (add 9 9); wild cards need a target: add 2 to 9, add JK to wild, "
        "add Q Q to queens.",
        is_move=True, example="9 2 to 9",
    ),
    Command(
        "play", (), "play CARDS [on RANK|wild]", "meld the cards, or add them where a meld of theirs is open",
        "play 7s lays every seven you hold: onto your open sevens if there are any, else as a new meld. "
        "play 9 2 on 9 adds; play 9 9 9, K K 2 melds.",
        is_move=True, example="7s",
    ),
    Command(
        "discard", ("x", "dis"), "discard CARD", "discard a card and end your turn, e.g. x 7 or x 7H (C-DISCARD)",
        "A rank (7, seven) discards one of your sevens; rank and suit (7H, 7 of hearts) picks that exact card. "
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
    Command(
        "say", (), "say TEXT", "say a line to the table, e.g. say well played (kept in the transcript)",
        "The other players at the table see it, and hf replay shows it where it was said. At most 200 characters.",
    ),
    Command("hand", ("h",), "hand", "show your hand grouped by rank"),
    Command("table", ("t",), "table [full]", "show the table (full: every meld's cards, however tall)"),
    Command("pile", (), "pile", "the pile: its top card, how many cards, and whether it can be taken"),
    Command("need", (), "need", "what your side still needs to go out"),
    Command("cards", (), "cards [SEAT]", "how many cards each seat holds, and who has picked up their foot"),
    Command("last", (), "last", "the moves since your last turn, again"),
    Command("who", (), "who", "who sits where"),
    Command("score", ("s",), "score", "the deal so far as it would score now, and every finished deal"),
    Command("log", ("l",), "log [N]", "the moves since your last turn (or the last N), numbered, with the AI's reasons",
            "With no number: every move since your last discard, and at least the last 10. why N tells "
            "the whole reason of the move numbered N."),
    Command("why", ("w",), "why [N|SEAT]", "the whole reason of the last AI move, of move N in the log, or of "
            "a seat's last move (why north)"),
    Command("rules", ("r",), "rules [ID|keys]", "how a game goes under the rules in force, one rule by id "
            "(rules C-PILE), or the rule set's house-rules keys (rules keys)"),
    Command("help", ("?",), "help [COMMAND]", "this list, or more about one command"),
    Command("quit", ("q", "exit"), "quit", "leave the game (it stays resumable from its transcript)"),
)

USAGE_WIDTH = max(len(command.usage) for command in COMMANDS) + 2  # the help list's first column
BY_WORD: dict[str, Command] = {word: command for command in COMMANDS for word in (command.name, *command.aliases)}
# The words a typo is compared with: names and the longer short forms (not x, d, p ...).
SPELLED_OUT = sorted(word for word in BY_WORD if len(word) > 2)


def lookup(word: str) -> Command | None:
    return BY_WORD.get(word.strip().lower())


@dataclass(frozen=True)
class Reading:
    """One command line as read: the command (None if the first word names none), the word and the
    rest as typed, and for a move either its notation or why it cannot be read."""

    command: Command | None
    word: str
    rest: str
    move: str | None = None
    error: str | None = None

    @property
    def typed(self) -> str:
        return f"{self.word} {self.rest}".strip()


def unknown_command(word: str) -> str:
    close = suggest(word, SPELLED_OUT)
    if close is not None:
        return f"Unknown command {word!r}; did you mean {close}? Type help for the list."
    return f"Unknown command {word!r}; type help for the list."


def read_line(line: str, hand: Sequence[Card] = (), open_melds: Collection[str] = ()) -> Reading:
    """Read a command line. Card phrases are read against ``hand`` (``sevens`` is every seven in it);
    ``open_melds`` (rank tokens and ``wild``) decides whether ``play`` melds or adds."""
    command, word, rest = split_line(line)
    reading = Reading(command, word, rest)
    if command is None or not command.is_move:
        return reading
    refused = shape_error(command, word, rest)
    if refused is not None:
        return Reading(command, word, rest, error=refused)
    try:
        notation = _move_notation(command, rest, CardWords(hand), open_melds)
    except InvalidMoveError as exc:
        return Reading(command, word, rest, error=str(exc))
    return Reading(command, word, rest, move=notation)


def _move_notation(command: Command, rest: str, words: CardWords, open_melds: Collection[str]) -> str:
    name = command.name
    if not command.example:
        return name
    if name == "discard":
        return f"discard {' '.join(words.group(rest, lone_plural=False))}"
    cards, aim = _split_target(rest) if name in ("add", "play") else (rest, None)
    if name == "add" or aim is not None:
        groups = [words.group(part, lone_plural=name != "add") for part in cards.split(",")]
    else:
        groups = [group for part in cards.split(",") for group in _melds_said_with_and(part, words)]
    body = ", ".join(" ".join(group) for group in groups)
    if name == "meld":
        return f"meld {body}"
    if name == "play":
        aim = aim or _open_meld_for(groups, open_melds)
        if aim is None:
            return f"meld {body}"
    return f"add {body}" + (f" to {aim}" if aim else "")


def _natural_ranks(tokens: list[str]) -> set[int]:
    return {_token_rank(t) for t in tokens} & set(NATURAL_RANKS)


def _melds_said_with_and(part: str, words: CardWords) -> list[list[str]]:
    """``kings and eights`` is two melds, as ``kings, eights`` is; but ``3 kings and a joker`` and ``a king
    and two kings`` are one: what follows an ``and`` joins the meld before it when it holds only
    wild cards or the same natural rank."""
    melds: list[list[str]] = []
    for piece in re.split(r"\band\b", part, flags=re.IGNORECASE):
        tokens = words.group(piece, lone_plural=True)
        if not tokens:
            continue
        naturals = _natural_ranks(tokens)
        if melds and (not naturals or not _natural_ranks(melds[-1]) or naturals == _natural_ranks(melds[-1])):
            melds[-1] = melds[-1] + tokens
        else:
            melds.append(tokens)
    return melds or [words.group(part, lone_plural=True)]


def _split_target(rest: str) -> tuple[str, str | None]:
    """``Q Q to the queens`` -> (``Q Q``, ``Q``); no ``to``/``on`` -> (rest, None)."""
    words = rest.split()
    marks = [i for i, w in enumerate(words) if w.lower() in TARGET_MARKS]
    if not marks:
        return rest, None
    i = marks[-1]
    return " ".join(words[:i]), target(" ".join(words[i + 1:]))


def _token_rank(token: str) -> int:
    """The rank of a notation token: a rank (``9``, ``JK``) or an exact card (``9H``)."""
    return parse_rank(token) if len(token) == 1 or token == "JK" else card(token).rank


def _open_meld_for(groups: list[list[str]], open_melds: Collection[str]) -> str | None:
    """The open meld ``play`` adds one group to: the one of its naturals' rank, or the wild meld for
    wild cards only; None means a new meld."""
    if len(groups) != 1 or not groups[0]:
        return None
    ranks = {_token_rank(t) for t in groups[0]}
    naturals = ranks & set(NATURAL_RANKS)
    if len(naturals) == 1:
        token = RANK_TOKENS[naturals.pop()]
        return token if token in open_melds else None
    if ranks <= set(WILD_RANKS) and "wild" in open_melds:
        return "wild"
    return None


def split_line(line: str) -> tuple[Command | None, str, str]:
    """``(command or None, the word typed, the rest of the line)``."""
    words = line.strip().split(None, 1)
    if not words:
        return None, "", ""
    word = words[0]
    rest = words[1].strip() if len(words) > 1 else ""
    return lookup(word), word, rest


def shape_error(command: Command, word: str, rest: str) -> str | None:
    """Why a move line is refused before the engine reads it: cards missing, or words after a move
    that takes none. Spoken in what was typed, so ``x`` alone is answered about ``x``; None when the
    line has the move's shape."""
    said = f"'{word}'" if word.lower() == command.name else f"'{word}' ({command.name})"
    if command.example and not rest:
        needs = "a card" if command.name == "discard" else "cards"
        return f"{said} needs {needs}, e.g. '{word} {command.example}'"
    if not command.example and rest and not set(rest.lower().split()) <= command.fillers:
        return f"{said} takes nothing after it; type just '{word}'"
    return None


def as_typed(message: str, reading: Reading) -> str:
    """The engine's reading error put back in what the player typed: the line it quotes
    (``'discard 9 9': ...``) and its examples (``e.g. 'add 2 to 9'``) use the words typed."""
    assert reading.command is not None and reading.move is not None
    quoted = f"{reading.move!r}:"
    if message.startswith(quoted):
        message = f"{reading.typed!r}:{message[len(quoted):]}"
    if reading.word == reading.command.name:
        return message
    return message.replace(f"'{reading.move.split()[0]} ", f"'{reading.word} ")


# What ``help`` takes besides a command: the moves in full, or every command.
HELP_TOPICS = {"moves": "every move, with examples", "all": "every command"}
CARD_NAMES = ("Cards are named by rank (9, K, 2, JK) or exactly (7H); type a ten as 10 or T (10H or TH). "
              "Words work too: pick up, discard king, discard 3 of clubs, play sevens, add Q Q to queens.")


def hand_legend(ascii: bool = False) -> str:
    """How the hand is written, with an example in the table's own notation: ``K×2 K♥ K♠ is two kings``."""
    kings = [card("KH"), card("KS")]
    shown = hand_text(kings, ascii=ascii)
    return f"Your hand: {shown} is two kings: each rank's count, then its cards."


def help_text(topic: str | None = None, width: int | None = None, ascii: bool = False) -> str:
    """``help``: the commands by name in a few lines that leave the table on a 24-line screen;
    ``help moves``: every move with its summary; ``help all``: every command; ``help COMMAND``: one
    command's usage. Wrapped to ``width`` with each summary's lines under its own column, and a
    command's short forms (``[x, dis]``) kept on one line."""
    if topic and topic.strip().lower() in HELP_TOPICS:
        return _command_list(width, moves_only=topic.strip().lower() == "moves")
    if topic:
        command = lookup(topic)
        if command is None:
            raise KeyError(f"no command {topic!r}; type help for the list, help moves or help all for more")
        short = f" (short: {', '.join(command.aliases)})" if command.aliases else ""
        lines = [f"{command.usage}{short}", *wrap_line(f"  {command.summary}", width, indent="")]
        if command.details:
            lines += wrap_line(f"  {command.details}", width, indent="")
        if command.name == "hand":
            lines += wrap_line(f"  {hand_legend(ascii)}", width, indent="")
        return "\n".join(lines)
    lines = []
    for heading, is_move in (("Moves:", True), ("Other:", False)):
        named = [command.name + (f" ({command.aliases[0]})" if command.aliases else "")
                 for command in COMMANDS if command.is_move == is_move]
        lines += wrap_pieces([[heading], *([f"{name}," if i < len(named) - 1 else name]
                                           for i, name in enumerate(named))], width, lead="", indent="  ", between=" ")
    for text in (
        "A turn: draw (or pick up the pile), meld and add as you like, then discard.",
        "Cards: 9, K, 2, JK or exactly 7H; a ten as 10 or T; words too: pick up, discard king.",
        hand_legend(ascii),
        "help moves: every move, with examples; help all: every command; help COMMAND: one of them.",
    ):
        lines += wrap_line(text, width, indent="  ")
    return "\n".join(lines)


def _command_list(width: int | None, moves_only: bool) -> str:
    lines = []
    column = " " * (2 + USAGE_WIDTH)
    groups = (("Moves:", True),) if moves_only else (("Moves:", True), ("Other commands:", False))
    for heading, is_move in groups:
        lines.append(heading)
        for command in COMMANDS:
            if command.is_move == is_move:
                words: list[list[str]] = [[word] for word in command.summary.split(" ")]
                if command.aliases:
                    words.append([f"[{', '.join(command.aliases)}]"])
                lead = f"  {command.usage:<{USAGE_WIDTH}}"
                lines += wrap_pieces(words, width, lead=lead, indent=column, between=" ")
    lines += wrap_line(f"{CARD_NAMES} Tab completes; help COMMAND says more.", width, indent="")
    return "\n".join(lines)
