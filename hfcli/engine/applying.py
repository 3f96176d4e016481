"""Applying a validated move: what each kind of move does to the table, and what follows from it
(a red three laid, a foot picked up, going out, the end of the deal)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hfcli.engine.cards import Card
from hfcli.engine.dealing import begin_turn, end_deal, give
from hfcli.engine.events import Event, EventKind, draw_event, move_event
from hfcli.engine.legality import pickup_pair
from hfcli.engine.melds import WILD, Meld
from hfcli.engine.moves import ASK_KIND, DRAW_KIND, END_KIND, NO_KIND, PICKUP_KIND, UNDO_KIND, YES_KIND, Move
from hfcli.engine.state import ANSWER_PHASE, DRAW_PHASE, MELD_PHASE, Undo
from hfcli.engine.validation import DiscardPlan, LayPlan, Plan

if TYPE_CHECKING:
    from hfcli.engine.game import Game



def apply_plan(game: Game, move: Move, plan: Plan) -> list[Event]:
    """Apply ``move`` (already validated into ``plan``) for the seat to move; return its events.
    The move's event shows the cards it puts on the table, for everyone to see (the notation
    names ranks; the event names the physical cards)."""
    turn = game.turn
    seat = turn.to_move
    if isinstance(plan, LayPlan):
        events: list[Event] = [move_event(seat, move, tuple(plan.used))]
        _lay(game, seat, plan, events)
        _end_if_stuck(game, events)
        return events
    if isinstance(plan, DiscardPlan):
        events = [move_event(seat, move, (plan.card,))]
        _discard(game, seat, plan.card, events)
        return events
    events = [move_event(seat, move)]
    kind = move.kind
    if kind is DRAW_KIND:
        _draw(game, seat, events)
    elif kind is PICKUP_KIND:
        _pickup(game, seat, events)
    elif kind is ASK_KIND:
        turn.asked = True
        turn.answer_return = turn.phase
        turn.phase = ANSWER_PHASE
        turn.to_move = game.seating.partners(seat)[0]
    elif kind is YES_KIND or kind is NO_KIND:
        turn.permission = kind is YES_KIND
        turn.phase = turn.answer_return
        turn.answer_return = DRAW_PHASE
        turn.to_move = turn.seat
    elif kind is UNDO_KIND:
        _undo(game, seat)
    elif kind is END_KIND:
        end_deal(game, None, events)
    if kind is DRAW_KIND or kind is YES_KIND or kind is NO_KIND:
        _end_if_stuck(game, events)
    return events


def _end_if_stuck(game: Game, events: list[Event]) -> None:
    """C-END: red threes that an empty stock cannot replace (drawn, or found in a foot picked up by
    melding) can leave a player in their foot one card they may not discard (C-KEEP); the turn
    cannot end, so the deal does."""
    if not game.deal.stock and game.turn.phase is MELD_PHASE and not game.legal_moves():
        end_deal(game, None, events)


def _draw(game: Game, seat: int, events: list[Event]) -> None:
    """C-DRAW: two cards from the stock (``draw_count``), or what is left of it."""
    stock = game.deal.stock
    drawn = [stock.pop() for _ in range(min(game.rules.draw_count, len(stock)))]
    events.append(draw_event(seat, tuple(drawn)))
    give(game, seat, drawn, events)
    game.turn.phase = MELD_PHASE


def _pickup(game: Game, seat: int, events: list[Event]) -> None:
    """C-PILE: the top card and a pair from the hand are melded at once; the rest of the taken
    cards go to the hand."""
    rules, deal, turn = game.rules, game.deal, game.turn
    hand = deal.hands[seat]
    team = deal.teams[game.seating.team_of[seat]]
    taken = [deal.pile.pop() for _ in range(min(rules.pile_limit, len(deal.pile)))]
    top = taken[0]
    pair = pickup_pair(hand, top, rules)
    for c in pair:
        hand.remove(c)
    rank = WILD if top.is_wild else top.rank
    at = team.open_meld(rank)
    if at is None:
        team.melds.append(Meld(rank, (top, *pair), rules.book_size))
    else:
        team.melds[at] = team.melds[at].plus((top, *pair))
    if not team.opened:
        # C-MELDING: the top card and the pair (with pile_with_wild, perhaps a natural and a wild)
        # count toward the minimum, the other taken cards do not.
        turn.opening_value += sum(rules.rank_values[c.rank] for c in (top, *pair))
        counting: dict[Card, int] = {}
        for c in hand:
            counting[c] = counting.get(c, 0) + 1
        turn.counting = counting
    turn.laid = True
    hand.extend(taken[1:])
    events.append(Event(EventKind.TAKE, seat, cards=tuple(taken), count=len(taken)))
    turn.phase = MELD_PHASE
    _after_lay(game, seat, events)


def _lay(game: Game, seat: int, plan: LayPlan, events: list[Event]) -> None:
    deal, turn = game.deal, game.turn
    team = deal.teams[game.seating.team_of[seat]]
    if turn.undo is None:
        # The hand list itself is kept: from here on the seat's hand is a new list (plan.rest).
        turn.undo = Undo(deal.hands[seat], tuple(team.melds), turn.opening_value, turn.counting, turn.laid)
    deal.hands[seat] = plan.rest
    book_size = game.rules.book_size
    for rank, cards, at in plan.groups:
        if at is None:
            team.melds.append(Meld(rank, cards, book_size))
        else:
            team.melds[at] = team.melds[at].plus(cards)
    turn.opening_value += plan.counted_value
    turn.counting = plan.counting_after
    turn.laid = True
    _after_lay(game, seat, events)


def _after_lay(game: Game, seat: int, events: list[Event]) -> None:
    """C-FOOT (a) and going out by melding: what an empty hand means after laying cards."""
    deal = game.deal
    if deal.hands[seat]:
        return
    if game.rules.minimum_waived_for_whole_hand:
        # C-MIN waived: laying down the whole hand is the side's first meld, whatever it is worth.
        deal.teams[game.seating.team_of[seat]].opened = True
    if deal.feet[seat] is None:
        # Only reachable when going out by melding every card is allowed (V-OUT).
        _go_out(game, seat, events)
        return
    _pick_up_foot(game, seat, events)


def _pick_up_foot(game: Game, seat: int, events: list[Event]) -> None:
    """C-FOOT: the foot becomes the hand; no taking back melds once it has been seen."""
    deal, turn = game.deal, game.turn
    foot = deal.feet[seat]
    assert foot is not None  # callers check
    deal.feet[seat] = None
    turn.undo = None
    events.append(Event(EventKind.FOOT, seat, private=tuple(foot), count=len(foot)))
    if turn.counting is not None:
        for c in foot:
            turn.counting[c] = turn.counting.get(c, 0) + 1
    give(game, seat, foot, events)


def _discard(game: Game, seat: int, chosen: Card, events: list[Event]) -> None:
    """C-DISCARD ends the turn; discarding the last card picks up the foot (C-FOOT b) or goes out."""
    deal = game.deal
    hand = deal.hands[seat]
    hand.remove(chosen)
    deal.pile.append(chosen)
    if game.turn.laid:
        deal.teams[game.seating.team_of[seat]].opened = True
    if not hand:
        if deal.feet[seat] is None:
            _go_out(game, seat, events)
            return
        # C-FOOT (b): picked up now, played from the next turn.
        _pick_up_foot(game, seat, events)
    begin_turn(game, game.seating.next_seat(seat), events)


def _undo(game: Game, seat: int) -> None:
    turn = game.turn
    undo = turn.undo
    assert undo is not None  # validation refuses an undo with nothing to take back
    game.deal.hands[seat] = undo.hand
    game.deal.teams[game.seating.team_of[seat]].melds = list(undo.melds)
    turn.opening_value = undo.opening_value
    turn.counting = undo.counting
    turn.laid = undo.laid
    turn.undo = None


def _go_out(game: Game, seat: int, events: list[Event]) -> None:
    events.append(Event(EventKind.OUT, seat))
    end_deal(game, seat, events)
