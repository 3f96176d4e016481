"""What-if fidelity: how often the AI seats of a game started from a recorded position play on as
they did in the recorded game, when every seat makes the recorded moves.
Run: python bench/what_if.py [--every N] [TRANSCRIPT ...]   (default: every 5th move of each golden game)

From each start, fresh players of the recorded levels (as ``hf play --from`` seats them) play to
the end of that deal, in a game built from the position alone and in one built from the position
and the public history before it (what the what-if transcript's header records). A start counts
when every move to the end of the deal is the recorded one. Target: every start with the history,
for players whose choices follow from what they have seen (a ``random`` player's do not: its
random source is not part of the game).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from hfcli.engine.estimates import wilson
from hfcli.engine.game import Game
from hfcli.levels import make_player
from hfcli.transcript.viewer import load

ROOT = Path(__file__).resolve().parent.parent


def follows_record(game: Game, levels: list[str], seed: int | None, recorded: list[str]) -> bool:
    players = [make_player(level, seed, seat) for seat, level in enumerate(levels)]
    deal = game.deal_index
    for want in recorded:
        if game.deal_index != deal or game.is_over:
            return True
        seat = game.to_move
        got = str(players[seat].choose(game.view(seat)).move)
        if got != want:
            return False
        game.apply(got)
    return True


def measure(path: Path, every: int) -> None:
    recording = load(path)
    seats = recording.replayed.header.seats
    levels = [info.level or "normal" for info in seats]
    seed = recording.replayed.header.seed
    moves = [m.move for m in recording.moves]
    counts = {"position alone": 0, "with the history": 0}
    starts = range(0, len(moves), every)
    for k in starts:
        start = recording.position(k)
        text, history = start.to_position(), list(start.public_events)
        counts["position alone"] += follows_record(Game.from_position(text), levels, seed, moves[k:])
        counts["with the history"] += follows_record(Game.from_position(text, history), levels, seed, moves[k:])
    print(f"{path.name} ({', '.join(levels)}), {len(starts)} starts:")
    for label, same in counts.items():
        share, low, high = wilson(same, len(starts))
        print(f"  {label:<17} {same:4} play on as recorded  {share:6.1%}  (95% interval {low:.1%} to {high:.1%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("transcripts", nargs="*", type=Path)
    parser.add_argument("--every", type=int, default=5, help="a start every this many moves")
    args = parser.parse_args()
    for path in args.transcripts or sorted((ROOT / "transcripts" / "golden").glob("*.jsonl")):
        measure(path, args.every)


if __name__ == "__main__":
    main()
