"""What people type at the table: every command registered with its handler and its help together,
as litecli registers its special commands, and the help screens made from them. A move command's
handler plays the move the line reads as (:mod:`hfcli.repl.reading`); the others answer from the
seat's screens. The table's order here is the order ``help`` lists them in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from hfcli.engine.cards import card
from hfcli.engine.errors import NotFoundError
from hfcli.engine.numbers import whole_number
from hfcli.repl.cardwords import suggest
from hfcli.repl.seat import INFO
from hfcli.text.layout import wrap_line, wrap_pieces
from hfcli.text.notation import hand_text
from hfcli.text.rule_sets import describe_rules, play_summary
from hfcli.text.rulebook import rule_text

if TYPE_CHECKING:
    from hfcli.engine.view import SeatView
    from hfcli.repl.display import Display


class SeatSession(Protocol):
    """The person's seat as its commands see it (:class:`hfcli.repl.session.Session`): what they
    show and do. Named here so that the commands need not import the session that runs them."""

    @property
    def view(self) -> SeatView: ...

    display: Display

    def say(self, text: str, *, wrap: bool = True) -> None: ...
    def error(self, text: str) -> str: ...
    def hand(self) -> str: ...
    def table(self, full: bool = False) -> str: ...
    def pile(self) -> str: ...
    def need(self) -> str: ...
    def cards(self, rest: str) -> str: ...
    def last(self) -> str: ...
    def who(self) -> str: ...
    def scores(self) -> str: ...
    def log_text(self, count: int | None = None) -> str: ...
    def why_text(self, rest: str) -> str: ...
    def hint(self) -> str: ...
    def remark(self, text: str) -> str: ...
    def request_quit(self) -> str: ...
    def play_typed(self, reading: Reading) -> str: ...


# A command's handler: acts on a line read as the command (at ``session``) and says what it did
# (the session's OK, INFO, ERROR or QUIT). What was asked for and is not there (a rule id, a
# command, a move in the log) is raised as NotFoundError, which the session says as an error.
Handler = Callable[[SeatSession, "Reading"], str]


@dataclass(frozen=True)
class Command:
    name: str
    aliases: tuple[str, ...]
    usage: str
    summary: str
    handler: Handler
    details: str = ""
    is_move: bool = False
    example: str = ""  # the cards a move command needs, as in 'discard 9'; "" for one that takes none
    fillers: frozenset[str] = frozenset()  # words a move that takes no cards may still be said with


@dataclass(frozen=True)
class Reading:
    """One command line as read (:func:`hfcli.repl.reading.read_line`): the command (None if the
    first word names none), the word and the rest as typed, and for a move either its notation or
    why it cannot be read."""

    command: Command | None
    word: str
    rest: str
    move: str | None = None
    error: str | None = None

    @property
    def typed(self) -> str:
        return f"{self.word} {self.rest}".strip()


_REGISTERED: list[Command] = []


def table_command(
    name: str, *aliases: str, usage: str = "", summary: str, details: str = ""
) -> Callable[[Handler], Handler]:
    """Register the decorated function as the handler of command ``name``, with its help."""

    def register(handler: Handler) -> Handler:
        _REGISTERED.append(Command(name, aliases, usage or name, summary, handler, details))
        return handler

    return register


def _play(session: SeatSession, reading: Reading) -> str:
    """Every move command's handler: the move the line reads as, played (or why it cannot be read)."""
    return session.play_typed(reading)


def move_command(
    name: str, *aliases: str, usage: str = "", summary: str, details: str = "", example: str = "",
    fillers: frozenset[str] = frozenset(),
) -> None:
    """Register the move ``name`` (played by :func:`_play`), with its help; ``example`` is the cards
    it needs, as in ``discard 9`` ("" for a move that takes none)."""
    _REGISTERED.append(Command(name, aliases, usage or name, summary, _play, details, True, example, fillers))


# ---------------------------------------------------------------------------------------- moves

move_command("draw", "d", summary="draw two cards from the stock (C-DRAW)",
             fillers=frozenset({"from", "the", "stock", "two", "cards"}))
move_command(
    "pickup", "p", "pu", "take", "pick",
    summary="take the discard pile, melding its top card with a pair from your hand (C-PILE)",
    details="You need two natural cards of the top card's rank (a matching wild pair for a wild top card). "
    "The top card and the pair are melded at once; the rest of the top 7 cards go to your hand. "
    "Also said: pick up, take, take the pile.",
    fillers=frozenset({"up", "the", "pile"}),
)
move_command(
    "meld", "m", usage="meld CARDS[, CARDS ...]", summary="lay down new melds, e.g. meld 9 9 9, K K 2 (C-MELD)",
    details="Name cards by rank: 9, K, 2, JK; a ten as 10 or T; or in words: king, 3 kings, sevens (every seven "
    "you hold), deuce, joker. A meld is 3-7 cards of one rank with at most a third "
    "wild (C-RATIO), or 3-7 wild cards. Your partnership's first melds of a deal must reach the minimum "
    "(C-MIN) when you discard; several melds in one command count together. Several melds are parted by commas "
    "or by and: meld kings and eights (wild cards after and join the meld before: meld queens and a joker).",
    example="9 9 9",
)
move_command(
    "add", "a", usage="add CARDS [to RANK|wild]", summary="add cards to an open meld, e.g. add 9 2 to 9",
    details="Naturals name their meld themselves (add 9 9); wild cards need a target: add 2 to 9, add JK to wild, "
    "add Q Q to queens.",
    example="9 2 to 9",
)
move_command(
    "play", usage="play CARDS [on RANK|wild]", summary="meld the cards, or add them where a meld of theirs is open",
    details="play 7s lays every seven you hold: onto your open sevens if there are any, else as a new meld. "
    "play 9 2 on 9 adds; play 9 9 9, K K 2 melds.",
    example="7s",
)
move_command(
    "discard", "x", "dis", usage="discard CARD",
    summary="discard a card and end your turn, e.g. x 7 or x 7H (C-DISCARD)",
    details="A rank (7, seven) discards one of your sevens; rank and suit (7H, 7 of hearts) picks that exact card. "
    "A ten is 10 or T (x 10, x 10H, x TH).",
    example="9",
)
move_command(
    "ask", summary="ask your partner 'may I go out?' (C-OUT)",
    details="Allowed once a turn, before you discard, when you play from your foot and your partner is in theirs.",
)
move_command("yes", "y", summary="answer your partner: you may go out")
move_command("no", "n", summary="answer your partner: not yet")
move_command(
    "undo", "u", summary="take back this turn's melds (before the discard)",
    details="Not the pile's own meld, and not once you have picked up your foot.",
)
move_command("end", summary="with the stock empty, decline the pile and end the deal (C-END)")


# ---------------------------------------------------------------------------------------- the others


@table_command("hint", summary="what the AI would do in your seat, and why")
def _hint(session: SeatSession, reading: Reading) -> str:
    return session.hint()


@table_command(
    "say", usage="say TEXT", summary="say a line to the table, e.g. say well played (kept in the transcript)",
    details="The other players at the table see it, and hf replay shows it where it was said. At most 200 characters.",
)
def _say(session: SeatSession, reading: Reading) -> str:
    return session.remark(reading.rest)


@table_command("hand", "h", summary="show your hand grouped by rank")
def _hand(session: SeatSession, reading: Reading) -> str:
    session.say(session.hand())
    return INFO


@table_command("table", "t", usage="table [full]", summary="show the table (full: every meld's cards, however tall)")
def _table(session: SeatSession, reading: Reading) -> str:
    rest = reading.rest
    if rest.lower() not in ("", "full"):
        return session.error(f"table takes nothing, or full for the whole table, not {rest!r}.")
    session.say(session.table(full=bool(rest)))
    return INFO


@table_command("pile", summary="the pile: its top card, how many cards, and whether it can be taken")
def _pile(session: SeatSession, reading: Reading) -> str:
    session.say(session.pile())
    return INFO


@table_command("need", summary="what your side still needs to go out")
def _need(session: SeatSession, reading: Reading) -> str:
    session.say(session.need())
    return INFO


@table_command("cards", usage="cards [SEAT]",
               summary="how many cards each seat holds, and who has picked up their foot")
def _cards(session: SeatSession, reading: Reading) -> str:
    session.say(session.cards(reading.rest))
    return INFO


@table_command("last", summary="the moves since your last turn, again")
def _last(session: SeatSession, reading: Reading) -> str:
    session.say(session.last())
    return INFO


@table_command("who", summary="who sits where")
def _who(session: SeatSession, reading: Reading) -> str:
    session.say(session.who())
    return INFO


@table_command("score", "s", summary="the deal so far as it would score now, and every finished deal")
def _score(session: SeatSession, reading: Reading) -> str:
    session.say(session.scores())
    return INFO


@table_command("log", "l", usage="log [N]",
               summary="the moves since your last turn (or the last N), numbered, with the AI's reasons",
               details="With no number: every move since your last discard, and at least the last 10. why N tells "
               "the whole reason of the move numbered N.")
def _log(session: SeatSession, reading: Reading) -> str:
    rest = reading.rest
    try:
        count = whole_number(rest, "log's number of moves", 1) if rest else None
    except ValueError as exc:
        return session.error(f"{exc}.")
    session.say(session.log_text(count))
    return INFO


@table_command("why", "w", usage="why [N|SEAT]",
               summary="the whole reason of the last AI move, of move N in the log, or of a seat's last move "
               "(why north)")
def _why(session: SeatSession, reading: Reading) -> str:
    session.say(session.why_text(reading.rest))
    return INFO


@table_command("rules", "r", usage="rules [ID|keys]",
               summary="how a game goes under the rules in force, one rule by id (rules C-PILE), or the rule set's "
               "house-rules keys (rules keys)")
def _rules(session: SeatSession, reading: Reading) -> str:
    rest, rules, width = reading.rest, session.view.rules, session.display.width
    if not rest:
        session.say(play_summary(rules, command="rules", width=width or 80), wrap=False)
    elif rest.strip().lower() in ("keys", "--keys"):
        session.say(describe_rules(rules, command="rules", width=width or 80))
    else:
        # Written for the rules this table plays, and already broken between words.
        session.say(rule_text(rest, width, rules), wrap=False)
    return INFO


@table_command("help", "?", usage="help [COMMAND]", summary="this list, or more about one command")
def _help(session: SeatSession, reading: Reading) -> str:
    session.say(help_text(reading.rest or None, session.display.width, ascii=session.display.ascii), wrap=False)
    return INFO


@table_command("quit", "q", "exit", summary="leave the game (it stays resumable from its transcript)")
def _quit(session: SeatSession, reading: Reading) -> str:
    return session.request_quit()


COMMANDS: tuple[Command, ...] = tuple(_REGISTERED)
USAGE_WIDTH = max(len(command.usage) for command in COMMANDS) + 2  # the help list's first column
BY_WORD: dict[str, Command] = {word: command for command in COMMANDS for word in (command.name, *command.aliases)}
# The words a typo is compared with: names and the longer short forms (not x, d, p ...).
SPELLED_OUT = sorted(word for word in BY_WORD if len(word) > 2)


def lookup(word: str) -> Command | None:
    return BY_WORD.get(word.strip().lower())


def unknown_command(word: str) -> str:
    close = suggest(word, SPELLED_OUT)
    if close is not None:
        return f"Unknown command {word!r}; did you mean {close}? Type help for the list."
    return f"Unknown command {word!r}; type help for the list."



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
            raise NotFoundError(f"no command {topic!r}; type help for the list, help moves or help all for more")
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
