"""``python -m hfcli.transcript regenerate [FOLDER]``: rewrite the golden games on purpose."""

from __future__ import annotations

import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    usage = "usage: python -m hfcli.transcript regenerate [FOLDER]   (default transcripts/golden)"
    if argv and argv[-1] in ("-h", "--help"):
        print(usage)
        return 0
    if not argv or argv[0] != "regenerate" or len(argv) > 2 or argv[-1].startswith("-"):
        print(usage, file=sys.stderr)
        return 2
    from hfcli.transcript.golden import regenerate

    folder = Path(argv[1]) if len(argv) == 2 else Path("transcripts/golden")
    for path in regenerate(folder):
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
