"""A census of partner blunders: what players first complain of in a partner, counted in self-play.

    python bench/partner_census.py [--levels easy,normal,hard,expert,baseline-hard] [--games N]
                                   [--seed S] [--rules classic] [--jobs J] [--checkpoint FILE]

Every level plays every seat of the same games: game ``i`` is dealt from the seed
``hfcli.reports.simulate.game_seed(S, i)`` for every level (duplicate shoes), so the levels are compared on
the same cards. The frozen ``baseline-hard`` (ai/baselines.py) is a level here too. The census is a
measurement after the fact: it reads the true hands of every seat, which no player sees.

For each level it prints, per 100 games, how often each of four blunders happened, with the count
and the number of opportunities for it:

(a) a costly yes: a "yes" to the partner's "may I go out?" after which the asker went out that
    turn, while the answerer's own cards (its hand, and its foot and the foot's red threes if not
    yet picked up) counted against the side more than going out gained it: the going-out bonus
    plus the card values of what the asker laid from the answer to going out. Opportunities: the
    yes answers.
(b) a wild card thrown: a discard of a two or a joker while the hand held a card that is not wild
    (a natural, four to ace, or a black three, which is always the cheaper throw) that could have
    gone instead. Opportunities: the discards made holding both a wild card and a card that is not.
(c) a pile handed over: the next seat, an opponent, took the pile topped by the seat's discard,
    while the seat held a card with which on top the engine would have refused that opponent the
    pile (C-PILE, C-BLACK3, by the opponent's true hand). Opportunities: the discards after which
    an opponent was next to play in the same deal; the piles taken are printed too.
(d) a missed going out: a turn in which the seat, playing from its foot with its side in its feet
    (C-OUT), held after its draw a hand that could meld down to a card to discard (or meld out,
    where that goes out) with the side's books complete by then (ai.meldable.can_go_out), while it
    had permission, needed none or could still ask, and while its side was ahead in the game (its
    total so far plus the deal as it would score if it ended now without anyone going out, above
    every other side's), and the turn did not go out. A turn whose going out waited on a yes that
    (a) would count costly is no opportunity: its partner's own cards counted more than the bonus
    and the asker's hand but its cheapest card (the most the asker could lay), and a no there is
    the answer (a) asks for. Opportunities: the other such turns. A missed turn is split by why:
    the seat never asked, the partner said no, or it had a yes and still did not.

With ``--checkpoint FILE`` every finished game's counts are appended to FILE (one JSON line each),
and a run started again with the same FILE plays only the games not yet there.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path

# Run as a script, this file's folder comes first on the path and its name would hide the ai package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

from ai.base import Decision  # noqa: E402
from ai.meldable import can_go_out, meld_shapes  # noqa: E402
from hfcli.engine.cards import JOKER, TWO, Card, rank_counts  # noqa: E402
from hfcli.engine.events import Event, EventKind  # noqa: E402
from hfcli.engine.game import Game  # noqa: E402
from hfcli.engine.melds import count_books  # noqa: E402
from hfcli.engine.moves import ASK, PICKUP, MoveKind  # noqa: E402
from hfcli.engine.rules import Rules, preset  # noqa: E402
from hfcli.engine.scoring import cards_value, score_team  # noqa: E402
from hfcli.engine.state import Phase  # noqa: E402
from hfcli.levels import every, make_player  # noqa: E402
from hfcli.reports.simulate import game_seed  # noqa: E402
from hfcli.table.match import play_game  # noqa: E402

DEFAULT_LEVELS = ("easy", "normal", "hard", "expert", "baseline-hard")
PRESETS = ("classic", "eleven", "quick")


@dataclass
class Census:
    """The counts of one or more games of one level."""

    games: int = 0
    yes_answers: int = 0  # (a) opportunities
    costly_yes: int = 0
    wild_chances: int = 0  # (b) opportunities
    wilds_thrown: int = 0
    feeding_chances: int = 0  # (c) opportunities
    piles_taken: int = 0
    piles_handed: int = 0
    out_turns: int = 0  # (d) opportunities
    outs_missed: int = 0
    missed_not_asked: int = 0
    missed_refused: int = 0
    missed_with_yes: int = 0

    def add(self, other: Census) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


def is_wild(c: Card) -> bool:
    return c.rank in (TWO, JOKER)


def own_cards_cost(game: Game, seat: int) -> int:
    """What ``seat``'s cards count against its side if the deal ends now (C-SCORE): its hand, and
    its foot with the foot's red threes while it is not picked up."""
    rules = game.rules
    cost = cards_value(game.hands[seat], rules)
    foot = game.feet[seat]
    if foot is not None:
        cost += cards_value(foot, rules) + rules.red_three_foot_penalty * sum(1 for c in foot if c.is_red_three)
    return cost


def standing(game: Game) -> list[int]:
    """Each side's total so far plus the deal as it would score if it ended now with no one out."""
    rules, seating = game.rules, game.seating
    totals = game.totals()
    out = []
    for team, name in enumerate(seating.team_names):
        side = game.teams[team]
        members = seating.members(team)
        hands = [game.hands[s] for s in members]
        feet = [f for s in members if (f := game.feet[s]) is not None]
        deal = score_team(name, side.melds, len(side.red_threes), False, hands, feet, rules).total
        out.append(totals[team] + deal)
    return out


def ahead(game: Game, team: int) -> bool:
    """Whether ``team`` stands above every other side (:func:`standing`)."""
    points = standing(game)
    return all(points[team] > p for t, p in enumerate(points) if t != team)


def could_go_out(game: Game) -> bool:
    """Whether the seat whose turn it is could go out this turn from where it stands (see (d))."""
    rules, seating = game.rules, game.seating
    seat = game.turn_seat
    if game.feet[seat] is not None:
        return False
    partners = seating.partners(seat)
    if rules.partner_in_foot_to_go_out and partners:
        picked = [game.feet[p] is None for p in partners]
        if not (all(picked) if rules.whole_side_in_foot else any(picked)):
            return False
    if rules.going_out_needs_permission and partners:
        permission = game.turn.permission
        if permission is False or permission is None and not game.is_legal(ASK):
            return False
    melds = tuple(game.teams[seating.team_of[seat]].melds)
    shapes, books = meld_shapes(melds), count_books(melds)
    counts = rank_counts(game.hands[seat])
    if can_go_out(rules, counts, shapes, books, keep=1):
        return True
    return rules.go_out_by_melding_all and can_go_out(rules, counts, shapes, books, keep=0)


def costly_to_ask(game: Game) -> bool:
    """Whether the yes the seat whose turn it is still needs to go out would count as costly (a):
    the answering partner's own cards against the bonus and the most the asker could lay."""
    rules, seating = game.rules, game.seating
    seat = game.turn_seat
    partners = seating.partners(seat)
    if game.turn.permission is not None or not (rules.going_out_needs_permission and partners):
        return False
    hand = game.hands[seat]
    lays = cards_value(hand, rules) - min(cards_value([c], rules) for c in hand)
    return own_cards_cost(game, partners[0]) > rules.going_out_bonus + lays


class Tracker:
    """The census of one game, fed every decision before it is applied (:meth:`before`, the
    ``on_decision`` hook of :func:`hfcli.table.match.play_game`) and the events it caused (:meth:`after`)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.census = Census()
        # (a): the asker, the answerer's cost, the card values laid since the yes
        self._yes: tuple[int, int] | None = None
        self._laid = 0
        # (c): the cards held with the discard that tops the pile, while the next seat, an
        # opponent, has not yet drawn (a discard of the last hand card brings up the foot, C-FOOT)
        self._held: list[Card] | None = None
        self._holding: list[Card] = []
        # (d): this turn could go out with the side ahead; whether it asked; the answer
        self._chance = False
        self._asked = False
        self._answer: bool | None = None

    def before(self, game: Game, decision: Decision) -> None:
        move = decision.move
        seat = game.to_move
        phase = game.phase
        seating = game.seating
        if phase is Phase.ANSWER:
            if move.kind is MoveKind.YES:
                self.census.yes_answers += 1
                self._yes = (game.turn_seat, own_cards_cost(game, seat))
                self._laid = 0
            return
        if phase is Phase.DRAW and self._held is not None and move.kind in (MoveKind.DRAW, MoveKind.PICKUP):
            held, self._held = self._held, None
            self.census.feeding_chances += 1
            if move.kind is MoveKind.PICKUP:
                self.census.piles_taken += 1
                if could_have_refused(game, held):
                    self.census.piles_handed += 1
        if phase is Phase.MELD and not self._chance and could_go_out(game):
            if ahead(game, seating.team_of[seat]) and not costly_to_ask(game):
                self._chance = True
                self.census.out_turns += 1
        if move.kind is MoveKind.DISCARD:
            hand = game.hands[seat]
            self._holding = list(hand)
            if any(is_wild(c) for c in hand) and not all(is_wild(c) for c in hand):
                self.census.wild_chances += 1
                if move.groups[0][0].rank in (TWO, JOKER):
                    self.census.wilds_thrown += 1
        elif move.kind is MoveKind.ASK:
            self._asked = True

    def after(self, events: Sequence[Event], decision: Decision) -> None:
        game = self.game
        move = decision.move
        if move.kind in (MoveKind.YES, MoveKind.NO):
            self._answer = move.kind is MoveKind.YES
        went_out = any(e.kind is EventKind.OUT for e in events)
        ended = any(e.kind in (EventKind.DEAL_END, EventKind.GAME_END) for e in events)
        if self._yes is not None and move.kind in (MoveKind.MELD, MoveKind.ADD):
            self._laid += sum(cards_value(e.cards, game.rules) for e in events if e.kind is EventKind.MOVE)
        if went_out and self._yes is not None:
            _, cost = self._yes
            if cost > game.rules.going_out_bonus + self._laid:
                self.census.costly_yes += 1
        turn_over = move.kind in (MoveKind.DISCARD, MoveKind.END) or went_out or ended
        if not turn_over:
            return
        self._yes = None
        if self._chance and not went_out:
            self.census.outs_missed += 1
            if not self._asked:
                self.census.missed_not_asked += 1
            elif self._answer is False:
                self.census.missed_refused += 1
            else:
                self.census.missed_with_yes += 1
        self._chance = self._asked = False
        self._answer = None
        self._held = None
        if move.kind is MoveKind.DISCARD and not ended:
            seat = next(e.seat for e in events if e.kind is EventKind.MOVE)
            seating = game.seating
            if seat is not None and seating.team_of[seating.next_seat(seat)] != seating.team_of[seat]:
                self._held = self._holding


def could_have_refused(game: Game, held: Sequence[Card]) -> bool:
    """Whether one of ``held`` (the cards its seat held as it discarded the pile's top card), on
    top of the pile instead, would have had the seat to move refused the pile (by its true hand)."""
    trial = game.clone()
    pile = trial.deal.pile
    for rank in sorted({c.rank for c in held} - {pile[-1].rank}):
        pile[-1] = next(c for c in held if c.rank == rank)
        if trial.refusal(PICKUP) is not None:
            return True
    return False


def census_of_game(rules: Rules, level: str, seed: int) -> Census:
    """Play one self-play game of ``level`` dealt from ``seed`` and count its blunders."""
    game = Game(rules, seed)
    players = [make_player(level, seed, s) for s in game.seating.seats]
    tracker = Tracker(game)
    play_game(game, players, on_decision=tracker.before, on_move=tracker.after)
    tracker.census.games = 1
    return tracker.census


def _task(args: tuple[Rules, str, int, int]) -> tuple[str, int, Census]:
    rules, level, index, seed = args
    return level, index, census_of_game(rules, level, seed)


class CheckpointError(Exception):
    """Why a checkpoint cannot be resumed, in one line."""


def read_checkpoint(path: Path | None, settings: dict[str, object]) -> dict[tuple[str, int], Census]:
    """The games a checkpoint holds, by level and index; its games must be of ``settings``."""
    done: dict[tuple[str, int], Census] = {}
    if path is None or not path.exists():
        return done
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            made = {key: row.pop(key) for key in settings}
            key = (row.pop("level"), row.pop("index"))
            counts = Census(**row)
        except (ValueError, KeyError, TypeError, AttributeError):
            raise CheckpointError(f"{path}: line {number} is not a census checkpoint's") from None
        if made != settings:
            other = ", ".join(f"--{k} {v}" for k, v in made.items() if settings[k] != v)
            raise CheckpointError(f"{path} was made with {other}") from None
        done[key] = counts
    return done


def run(
    rules_name: str, levels: Sequence[str], games: int, seed: int, jobs: int = 1, checkpoint: Path | None = None
) -> dict[str, Census]:
    """Every level's census over ``games`` games from ``seed``, game by game across the levels."""
    settings: dict[str, object] = {"rules": rules_name, "seed": seed}
    done = read_checkpoint(checkpoint, settings)
    rules = preset(rules_name)
    totals = {level: Census() for level in levels}
    tasks = []
    for index in range(games):
        for level in levels:
            if (level, index) in done:
                totals[level].add(done[(level, index)])
            else:
                tasks.append((rules, level, index, game_seed(seed, index)))
    results: Iterable[tuple[str, int, Census]]
    if jobs <= 1:
        results = map(_task, tasks)
    else:
        from hfcli.system.workers import parallel_map

        results = parallel_map(_task, tasks, jobs)
    out = checkpoint.open("a") if checkpoint is not None else None
    try:
        for level, index, census in results:
            totals[level].add(census)
            if out is not None:
                out.write(json.dumps({**settings, "level": level, "index": index, **asdict(census)}) + "\n")
                out.flush()
    finally:
        if out is not None:
            out.close()
    return totals


def per_100(count: int, games: int) -> str:
    return f"{100 * count / games:6.1f}" if games else "     -"


def table(totals: dict[str, Census]) -> list[str]:
    """The census as printed: a line per level, each blunder per 100 games (count/opportunities)."""
    lines = [
        f"{'level':<14}{'games':>6}  {'(a) costly yes':>22}  {'(b) wild thrown':>22}  "
        f"{'(c) pile handed':>22}  {'(d) out missed':>22}  (d) not asked/refused/with yes",
    ]
    for level, c in totals.items():
        g = c.games
        lines.append(
            f"{level:<14}{g:>6}  "
            f"{per_100(c.costly_yes, g)} {f'({c.costly_yes}/{c.yes_answers})':>15}  "
            f"{per_100(c.wilds_thrown, g)} {f'({c.wilds_thrown}/{c.wild_chances})':>15}  "
            f"{per_100(c.piles_handed, g)} {f'({c.piles_handed}/{c.piles_taken}/{c.feeding_chances})':>15}  "
            f"{per_100(c.outs_missed, g)} {f'({c.outs_missed}/{c.out_turns})':>15}  "
            f"{c.missed_not_asked}/{c.missed_refused}/{c.missed_with_yes}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default=",".join(DEFAULT_LEVELS))
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="classic", choices=PRESETS)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--checkpoint", type=Path)
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    unknown = [level for level in levels if level not in every() or level in ("random", "greedy")]
    if unknown or not levels:
        print(f"partner_census: unknown level {', '.join(unknown) or '(none)'}; choose from "
              f"{', '.join(DEFAULT_LEVELS)}", file=sys.stderr)
        return 1
    try:
        totals = run(args.rules, levels, args.games, args.seed, args.jobs, args.checkpoint)
    except CheckpointError as exc:
        print(f"partner_census: {exc}", file=sys.stderr)
        return 1
    print(f"{args.rules}, {args.games} self-play games a level from seed {args.seed} (the same shoes for every "
          "level); per 100 games (count/opportunities; (c): handed/taken/opportunities)")
    for line in table(totals):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
