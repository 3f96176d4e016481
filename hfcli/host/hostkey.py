"""The host's ssh key: made once (ed25519) in the data folder, readable by its owner only, and kept.

A guest's ssh client remembers the key the first time and warns if it ever changes, so the key is
never replaced: a file that is there is read, never written; one that cannot be read is an error
that says so, not a reason to make a new one.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from hfcli.system.files import make_private_folder

if TYPE_CHECKING:
    import asyncssh

KEY_NAME = "host_key"  # in the data folder


class HostKeyError(OSError):
    """The host key cannot be made or read; the message says why and where."""


@dataclass(frozen=True)
class HostKey:
    path: Path
    key: asyncssh.SSHKey
    made: bool  # made now (the first hf host on this account), not read

    @property
    def fingerprint(self) -> str:
        """As OpenSSH prints it when it first meets the host: ``SHA256:...``."""
        return str(self.key.get_fingerprint("sha256"))


def load_or_make(path: Path) -> HostKey:
    """The key at ``path``, made there first (mode 0600, the folder made if need be) when no file is."""
    import asyncssh

    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return _make(path)
    except OSError as exc:
        raise HostKeyError(f"cannot read the host key {path}: {exc.strerror or exc}") from None
    mode = os.stat(path).st_mode
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise HostKeyError(f"the host key {path} can be read by others (mode {stat.S_IMODE(mode):o}); "
                           f"chmod 600 {path}")
    try:
        return HostKey(path, asyncssh.import_private_key(data), made=False)
    except (asyncssh.KeyImportError, ValueError) as exc:
        raise HostKeyError(f"the host key {path} is not a private key ({exc}); move it away to make a new one") \
            from None


def _make(path: Path) -> HostKey:
    import asyncssh

    key = asyncssh.generate_private_key("ssh-ed25519", comment="hf host")
    data = key.export_private_key("openssh")
    try:
        make_private_folder(path.parent)
        # O_EXCL: another hf host that made the key a moment ago keeps its key; this one reads it.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return load_or_make(path)
    except OSError as exc:
        raise HostKeyError(f"cannot make the host key {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
    except OSError as exc:
        path.unlink(missing_ok=True)  # a key half written is no key: the next try makes it whole
        raise HostKeyError(f"cannot write the host key {path}: {exc.strerror or exc}") from None
    return HostKey(path, key, made=True)
