"""The frozen baseline: today's hard kept under a name of its own, which hf simulate seats."""

from __future__ import annotations

import json
from dataclasses import fields, replace

from click.testing import CliRunner

from ai import RuleBasedPlayer
from ai.baselines import BASELINE_HARD
from ai.strategy import HARD, Style
from hfcli.cli.simulate import simulate as simulate_command
from hfcli.engine.game import Game
from hfcli.engine.rules import preset
from hfcli.levels import make_player, recorded

# The plays hard has taken up since the baseline was frozen, each a field on in HARD and off in
# the baseline (a partner's trust: the census of bench/partner_census.py).
TAKEN_UP = ("keep_wilds", "spare_own_cards", "out_when_ahead", "melds_laid")


def test_baseline_hard_is_todays_hard_field_by_field() -> None:
    # The baseline is written out weight by weight; while HARD is today's the two agree on every
    # field but the plays hard has taken up. A tuning that changes HARD on purpose writes the old
    # values here, not into ai/baselines.py: the baseline stays where it is.
    for f in fields(Style):
        if f.name in TAKEN_UP:
            assert getattr(HARD, f.name) is True and getattr(BASELINE_HARD, f.name) is False, f.name
        else:
            assert getattr(BASELINE_HARD, f.name) == getattr(HARD, f.name), f.name
    assert BASELINE_HARD is not HARD


def test_baseline_hard_plays_every_move_as_hard_without_the_plays_it_took_up() -> None:
    rules = preset("quick")
    before = replace(HARD, **dict.fromkeys(TAKEN_UP, False))

    def moves(kind: str) -> list[str]:
        game = Game(rules, 7)
        players = [
            make_player(kind, 7, s) if kind != "hard" else RuleBasedPlayer(7, s, before) for s in game.seating.seats
        ]
        played = []
        while not game.is_over:
            seat = game.turn.to_move
            decision = players[seat].choose(game.view(seat))
            played.append(f"{decision.move} | {decision.reason}")
            game.apply(decision.move)
        return played

    assert moves("baseline-hard") == moves("hard")


def test_the_baseline_is_named_for_what_it_is_and_keeps_its_own_style() -> None:
    player = make_player("baseline-hard", 1, 0)
    assert isinstance(player, RuleBasedPlayer)
    assert player.name == "baseline-hard" and player.style is BASELINE_HARD


def test_simulate_seats_the_baseline_but_play_does_not_offer_it() -> None:
    result = CliRunner().invoke(
        simulate_command,
        ["--games", "1", "--rules", "quick", "--ns", "baseline-hard", "--ew", "hard", "--swap", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["players"] == {"NS": "baseline-hard", "EW": "hard"}
    # The same player on the same shoes from both sides: every game is shared alike.
    assert data["wins"]["NS"] == data["wins"]["EW"] == 1
    assert "baseline-hard" not in recorded()
