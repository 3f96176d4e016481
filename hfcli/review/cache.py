"""The reviews kept in the data folder: one file a transcript, seat and budget, read back at once."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from hfcli.review.model import Review, review_from_dict
from hfcli.system.files import make_private_folder

# A review's cache file says what it is, so that a file of another kind is never taken for one.
CACHE_FORMAT = "hfcli-review-cache"
# 2: costs judged by the learned evaluator; 3: a kind named anew; 4-6: what followed each move;
# 7: a pile handed over counts the cards the pickup took, and an unpicked foot is said once a deal.
CACHE_VERSION = 7


def cache_path(folder: Path, transcript: bytes, seat: int, samples: int) -> Path:
    """Where the review of ``seat`` at ``samples`` of the transcript whose bytes are ``transcript``
    is kept in ``folder``: named by the transcript's digest, so a changed file is reviewed afresh."""
    digest = hashlib.sha256(transcript).hexdigest()[:24]
    return folder / f"{digest}-seat{seat}-samples{samples}-v{CACHE_VERSION}.json"


def read_cached(path: Path) -> Review | None:
    """The review kept at ``path``, or None where there is none or it is not one of ours (a file
    that cannot be read as a cached review is left alone and reviewed afresh)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != CACHE_FORMAT or data.get("version") != CACHE_VERSION:
            return None
        return review_from_dict(data["review"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def write_cached(path: Path, result: Review) -> bool:
    """Keep a whole review at ``path`` (a file of the review's own cache: written to a new file
    beside it, then renamed over, so a reader never sees half of one; a file there that is not a
    cached review is never replaced). False where it cannot be written."""
    if result.interrupted:
        return False
    if path.exists() and read_cached(path) is None:
        return False
    data = {"format": CACHE_FORMAT, "version": CACHE_VERSION, "review": result.as_dict()}
    try:
        make_private_folder(path.parent)
        fd, temporary = tempfile.mkstemp(prefix=".review-", suffix=".tmp", dir=path.parent)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, sort_keys=True)
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)
        return False
    return True

