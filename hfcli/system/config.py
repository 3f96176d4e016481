"""A player's preferences, kept between games: a small TOML file in the platform's config folder.

``config.toml`` in ``platformdirs.user_config_path("hfcli")`` (``$XDG_CONFIG_HOME/hfcli`` or
``~/.config/hfcli`` on Linux, ``~/Library/Application Support/hfcli`` on macOS, the roaming AppData
on Windows); ``HF_CONFIG_DIR`` names another folder. ``hf config`` shows and sets the keys. A value
given on the command line or in the environment (``HF_PLAY_SPEED``, ``HF_SCREEN_READER``) wins
over the file, which wins over the program's defaults.

The file is made 0600 in a 0700 folder, as every file hf makes, and read as any file from
outside: bounded, its keys checked; a key it does not know is left alone, a bad value is an
error that names the file, the key and what it takes.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from hfcli import levels
from hfcli.engine.errors import HandFootError
from hfcli.engine.numbers import decimal_number
from hfcli.system.files import PRIVATE_FILE, FileTooLarge, make_private_folder, read_text_file
from hfcli.system.printable import hidden_characters, printable

APP = "hfcli"
FILE_NAME = "config.toml"
MAX_BYTES = 64 * 1024  # far more than every key's value; a larger file is not a config file
MAX_NAME = 40
MAX_SPEED = 60.0

Value = bool | float | str


class ConfigError(HandFootError):
    """A config file that cannot be read, or a value a key does not take: the message says which."""


def _boolean(text: str) -> bool:
    word = text.strip().lower()
    if word in ("yes", "on", "true", "1"):
        return True
    if word in ("no", "off", "false", "0"):
        return False
    raise ValueError("takes yes or no")


def _speed(text: str) -> float:
    try:
        return decimal_number(text.strip(), "a pause", 0, MAX_SPEED)
    except ValueError:
        raise ValueError(f"takes a number of seconds from 0 to {MAX_SPEED:g}") from None


def _level(text: str) -> str:
    word = text.strip().lower()
    if word not in levels.offered():
        raise ValueError(f"takes one of {', '.join(levels.offered())}")
    return word


def _level_or_auto(text: str) -> str:
    word = text.strip().lower()
    if word not in (*levels.offered(), levels.AUTO):
        raise ValueError(f"takes one of {', '.join((*levels.offered(), levels.AUTO))}")
    return word


def _name(text: str) -> str:
    name = text.strip()
    if not name or hidden_characters(name) or len(name) > MAX_NAME:
        raise ValueError(f"takes printable text of 1 to {MAX_NAME} characters")
    return name


@dataclass(frozen=True)
class Key:
    """One preference: its name in the file, what it means, and how a typed value is read."""

    name: str
    meaning: str
    read: Callable[[str], Value]
    default: Value


KEYS: dict[str, Key] = {key.name: key for key in (
    Key("screen-reader", "every table and report in words for a screen reader (hf play --screen-reader)",
        _boolean, False),
    Key("four-color", "suits in four colours: spades black, hearts red, diamonds blue, clubs green", _boolean, False),
    Key("ascii", "suits as letters (7H) instead of symbols", _boolean, False),
    Key("speed", f"seconds to pause after each AI move, 0 to {MAX_SPEED:g}", _speed, 0.25),
    Key("name", "your name at the table", _name, "You"),
    Key("level", "skill of every AI seat (auto: the level nearest an even game for you)", _level_or_auto, "normal"),
    Key("partner-level", "skill of your partner or teammates", _level, ""),
    Key("opponent-level", "skill of everyone else", _level, ""),
)}


def config_dir() -> Path:
    override = os.environ.get("HF_CONFIG_DIR")
    if override:
        if hidden_characters(override):
            raise ConfigError(f"HF_CONFIG_DIR has control characters ({printable(override)!r})")
        return Path(override).expanduser()
    try:
        return platformdirs.user_config_path(APP, appauthor=False)
    except RuntimeError as exc:
        raise ConfigError(f"no home folder for hf's config ({exc}); set HF_CONFIG_DIR") from None


def config_path() -> Path:
    return config_dir() / FILE_NAME


def _checked(name: str, value: object, where: str) -> Value:
    """A value from the file, as its key takes it."""
    key = KEYS[name]
    if isinstance(key.default, bool):
        if not isinstance(value, bool):
            raise ConfigError(f"{where}: {name} takes true or false, not {printable(repr(value))}")
        return value
    try:
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            key.read("")  # says what the key takes
        return key.read(str(value))
    except ValueError as exc:
        raise ConfigError(f"{where}: {name} {exc}, not {printable(repr(value))}") from None


def load(path: Path | None = None) -> dict[str, Value]:
    """The preferences the file sets (only those it sets); no file is no preferences."""
    path = path if path is not None else config_path()
    try:
        data = read_text_file(path, MAX_BYTES)
    except FileNotFoundError:
        return {}
    except FileTooLarge:
        raise ConfigError(f"{path}: larger than {MAX_BYTES:,} bytes; it is not hf's config file") from None
    except OSError as exc:
        raise ConfigError(f"{path}: {printable(exc.strerror or str(exc))}") from None
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: not a TOML file ({printable(str(exc))})") from None
    return {name: _checked(name, value, str(path)) for name, value in table.items() if name in KEYS}


def _toml(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return json.dumps(value)  # a JSON string is a TOML basic string: quotes and escapes alike


def save(settings: Mapping[str, Value], path: Path | None = None) -> Path:
    """Write ``settings`` as the whole file (made 0600, its folder 0700), through a file beside it
    renamed over it, so a crash leaves the old file or the new one."""
    path = path if path is not None else config_path()
    make_private_folder(path.parent)
    lines = ["# hf's preferences: hf config shows and sets them; the command line overrides them."]
    lines += [f"{name} = {_toml(settings[name])}" for name in KEYS if name in settings]
    temporary = path.with_name(f".{path.name}.{os.getpid()}.new")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), PRIVATE_FILE)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return path


def set_value(name: str, text: str, path: Path | None = None) -> tuple[Value, Path]:
    """``hf config KEY VALUE``: the value read as the key takes it, kept in the file with the others."""
    key = KEYS.get(name)
    if key is None:
        raise ConfigError(f"no preference {printable(name)!r}; the keys are {', '.join(KEYS)}")
    try:
        value = key.read(text)
    except ValueError as exc:
        raise ConfigError(f"{name} {exc}, not {printable(text)!r}") from None
    settings = load(path)
    settings[name] = value
    return value, save(settings, path)


def unset(name: str, path: Path | None = None) -> Path:
    if name not in KEYS:
        raise ConfigError(f"no preference {printable(name)!r}; the keys are {', '.join(KEYS)}")
    settings = load(path)
    settings.pop(name, None)
    return save(settings, path)


def screen_reader_wanted(flag: bool = False, settings: Mapping[str, Value] | None = None) -> bool:
    """Whether the output is for a screen reader: the option, HF_SCREEN_READER, or the file
    (``settings``, where the caller has read it already)."""
    if flag:
        return True
    env = os.environ.get("HF_SCREEN_READER")
    if env is not None and env.strip():
        try:
            return _boolean(env)
        except ValueError:
            return True  # set to something: meant as on
    if settings is not None:
        return bool(settings.get("screen-reader", False))
    try:
        return bool(load().get("screen-reader", False))
    except ConfigError:
        return False
