"""Who may sit down: the join code a guest types and the name a guest gives.

A name is shown to everyone in the lobby, the seat labels, the narration and the prompt, so it
must not pass for another: no letters of two scripts mixed (``Ηost`` with a Greek Eta), no blank
that is not a space (U+3164, a braille blank), no stack of accents, no styled or wide letters
(``Ｈｏｓｔ``, ``𝐇𝐨𝐬𝐭``), no brackets (``South (Host)``) and not a seat's or the program's own word.
Two names are the same when they look the same: their letters compared by a skeleton that folds
case, accents and the Cyrillic and Greek letters that look Latin.
"""

from __future__ import annotations

import hmac
import secrets
import unicodedata

from hfcli.system.printable import BLANK_LOOKING, hidden_characters, printable

# No letters that are read as others (0/o, 1/l/i): the code is read out over the phone.
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
CODE_LENGTH = 8  # 31**8, about 2**40: out of reach at a few tries per connection
MAX_NAME = 20  # characters: a guest's name is shown in the lobby, the seat labels and the prompt
MAX_MARKS = 2  # accents on one letter (Vietnamese has two); more is a pile that spills onto other lines
NAME_MARKS = " .'-_&"  # besides letters and digits
RESERVED = ("ai", "host", "the ai", "you", "nobody", "free", "away")  # words the table's own lines use
# Scripts that are written together: Japanese mixes Han with its kana, Korean Han with Hangul, and
# any of them may hold a Latin word. Any other mix of scripts in a name is refused.
_TOGETHER = (frozenset({"LATIN", "CJK", "HIRAGANA", "KATAKANA"}), frozenset({"LATIN", "CJK", "HANGUL"}),
             frozenset({"LATIN", "CJK", "BOPOMOFO"}))
# Letters of other scripts that look like Latin ones, each case as it looks (a Greek capital Eta is
# an H, its small letter an n), read before case is folded.
_LOOKALIKES = str.maketrans(dict(zip(
    "АВЕКМНОРСТХУЅІЈаеорсухіјѕԁԛԝӏьвкмнтΑΒΕΖΗΙΚΜΝΟΡΤΥΧονικρυχαı",
    "ABEKMHOPCTXYSIJaeopcyxijsdqwlbbkmhtABEZHIKMNOPTYXovikpuxai", strict=True)))


def new_code() -> str:
    """A fresh join code, e.g. ``k7mq-x2pa`` (the dash is for reading; it may be left out)."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{letters[:4]}-{letters[4:]}"


def code_matches(typed: str, code: str) -> bool:
    """Whether ``typed`` is ``code``, spaces, dashes and case aside; in constant time, so the time
    taken tells nothing of how much of it was right."""
    def plain(text: str) -> bytes:
        return "".join(text.split()).replace("-", "").lower().encode("utf-8", "surrogateescape")

    return hmac.compare_digest(plain(typed), plain(code))


def plain_name(typed: str) -> str:
    """A name as the table keeps it: the spaces around it dropped and those within it single, wide
    and styled letters as plain ones (NFKC: ``Ｈｏｓｔ`` is ``Host``)."""
    return " ".join(word for word in unicodedata.normalize("NFKC", typed).split(" ") if word)


def name_problem(name: str, seat_names: tuple[str, ...] = ()) -> str | None:
    """Why ``name`` (as typed) cannot be a guest's name at the table, or None. ``seat_names`` are
    the seats' own names (North, N): a guest named North would read as a seat."""
    if hidden_characters(name):
        return f"'{printable(name)}' has characters that do not print; a name is printable text"
    if any(c in BLANK_LOOKING for c in name):
        return f"'{printable(name)}' has a character that shows as a blank; a name has letters, and spaces"
    if not name.strip():
        return "a name cannot be blank"
    plain = plain_name(name)
    marks = 0
    scripts: set[str] = set()
    for char in unicodedata.normalize("NFD", plain):
        kind = unicodedata.category(char)
        if kind.startswith("M"):
            marks += 1
            if marks > MAX_MARKS:
                return f"'{printable(plain)}' piles up accents; a letter has at most {MAX_MARKS}"
            continue
        marks = 0
        if kind.startswith("L"):
            scripts.add(unicodedata.name(char, "UNKNOWN").split(" ")[0])
        elif not (kind == "Nd" or char in NAME_MARKS):
            return (f"'{printable(plain)}' has '{printable(char)}'; a name has letters, digits, spaces and "
                    f"{' '.join(NAME_MARKS.strip())} only")
    if len(plain) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters, not {len(plain)}"
    if not scripts:
        return "a name needs a letter"
    if len(scripts) > 1 and not any(scripts <= together for together in _TOGETHER):
        return (f"'{printable(plain)}' mixes letters of {len(scripts)} alphabets "
                f"({', '.join(sorted(s.lower() for s in scripts))}), so it could pass for another name")
    folded = plain.casefold()
    if folded in RESERVED or any(same_name(plain, seat) for seat in seat_names):
        return f"'{printable(plain)}' is one of the table's own words; give your own name"
    return None


def skeleton(name: str) -> str:
    """What a name looks like, for telling names apart: case, accents, wide or styled letters and
    spaces left out, and letters that look Latin read as Latin (``Тiny`` with a Cyrillic T is ``tiny``)."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name)
                   if not unicodedata.category(c).startswith("M") and not c.isspace())
    return bare.translate(_LOOKALIKES).casefold()


def same_name(one: str, other: str) -> bool:
    """Names that look the same are one name: "ann" comes back as "Ann", and "Аnn" with a Cyrillic
    A cannot sit beside "Ann"."""
    return skeleton(one) == skeleton(other)
