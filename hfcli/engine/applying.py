"""Applying a validated move: what each kind of move does to the table, and what follows from it
(a red three laid, a foot picked up, going out, the end of the deal)."""

from __future__ import annotations

from hfcli.engine.cards import Card
from hfcli.engine.config import GameConfig
from hfcli.engine.dealing import begin_turn, end_deal, give
from hfcli.engine.events import Event, EventKind, draw_event, move_event
from hfcli.engine.generation import legal_moves
from hfcli.engine.legality import pickup_pair
from hfcli.engine.melds import WILD, Meld
from hfcli.engine.moves import ASK_KIND, DRAW_KIND, END_KIND, NO_KIND, PICKUP_KIND, UNDO_KIND, YES_KIND, Move
from hfcli.engine.state import ANSWER_PHASE, DRAW_PHASE, MELD_PHASE, GameState, Undo
from hfcli.engine.validation import DiscardPlan, LayPlan, Plan


def apply_plan(config: GameConfig, state: GameState, move: Move, plan: Plan) -> list[Event]:
    """Apply ``move`` (already validated into ``plan``) for the seat to move; return its events.
    The move's event shows the cards it puts on the table, for everyone to see (the notation
    names ranks; the event names the physical cards)."""
    turn = state.turn
    seat = turn.to_move
    if isinstance(plan, LayPlan):
        events: list[Event] = [move_event(seat, move, tuple(plan.used))]
        _lay(config, state, seat, plan, events)
        _end_if_stuck(config, state, events)
        return events
    if isinstance(plan, DiscardPlan):
        events = [move_event(seat, move, (plan.card,))]
        _discard(config, state, seat, plan.card, events)
        return events
    events = [move_event(seat, move)]
    kind = move.kind
    if kind is DRAW_KIND:
        _draw(config, state, seat, events)
    elif kind is PICKUP_KIND:
        _pickup(config, state, seat, events)
    elif kind is ASK_KIND:
        turn.asked = True
        turn.answer_return = turn.phase
        turn.phase = ANSWER_PHASE
        turn.to_move = config.seating.partners(seat)[0]
    elif kind is YES_KIND or kind is NO_KIND:
        turn.permission = kind is YES_KIND
        turn.phase = turn.answer_return
        turn.answer_return = DRAW_PHASE
        turn.to_move = turn.seat
    elif kind is UNDO_KIND:
        _undo(config, state, seat)
    elif kind is END_KIND:
        end_deal(config, state, None, events)
    if kind is DRAW_KIND or kind is YES_KIND or kind is NO_KIND:
        _end_if_stuck(config, state, events)
    return events


def _end_if_stuck(config: GameConfig, state: GameState, events: list[Event]) -> None:
    """C-END: red threes that an empty stock cannot replace (drawn, or found in a foot picked up by
    melding) can leave a player in their foot one card they may not discard (C-KEEP); the turn
    cannot end, so the deal does."""
    if not state.deal.stock and state.turn.phase is MELD_PHASE and not legal_moves(config, state):
        end_deal(config, state, None, events)


def _draw(config: GameConfig, state: GameState, seat: int, events: list[Event]) -> None:
    """C-DRAW: two cards from the stock (``draw_count``), or what is left of it."""
    stock = state.deal.stock
    drawn = [stock.pop() for _ in range(min(config.rules.draw_count, len(stock)))]
    events.append(draw_event(seat, tuple(drawn)))
    give(config, state, seat, drawn, events)
    state.turn.phase = MELD_PHASE


def _pickup(config: GameConfig, state: GameState, seat: int, events: list[Event]) -> None:
    """C-PILE: the top card and a pair from the hand are melded at once; the rest of the taken
    cards go to the hand."""
    rules, deal, turn = config.rules, state.deal, state.turn
    hand = deal.hands[seat]
    team = deal.teams[config.seating.team_of[seat]]
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
    _after_lay(config, state, seat, events)


def _lay(config: GameConfig, state: GameState, seat: int, plan: LayPlan, events: list[Event]) -> None:
    deal, turn = state.deal, state.turn
    team = deal.teams[config.seating.team_of[seat]]
    if turn.undo is None:
        # The hand list itself is kept: from here on the seat's hand is a new list (plan.rest).
        turn.undo = Undo(deal.hands[seat], tuple(team.melds), turn.opening_value, turn.counting, turn.laid)
    deal.hands[seat] = plan.rest
    book_size = config.rules.book_size
    for rank, cards, at in plan.groups:
        if at is None:
            team.melds.append(Meld(rank, cards, book_size))
        else:
            team.melds[at] = team.melds[at].plus(cards)
    turn.opening_value += plan.counted_value
    turn.counting = plan.counting_after
    turn.laid = True
    _after_lay(config, state, seat, events)


def _after_lay(config: GameConfig, state: GameState, seat: int, events: list[Event]) -> None:
    """C-FOOT (a) and going out by melding: what an empty hand means after laying cards."""
    deal = state.deal
    if deal.hands[seat]:
        return
    if config.rules.minimum_waived_for_whole_hand:
        # C-MIN waived: laying down the whole hand is the side's first meld, whatever it is worth.
        deal.teams[config.seating.team_of[seat]].opened = True
    if deal.feet[seat] is None:
        # Only reachable when going out by melding every card is allowed (V-OUT).
        _go_out(config, state, seat, events)
        return
    _pick_up_foot(config, state, seat, events)


def _pick_up_foot(config: GameConfig, state: GameState, seat: int, events: list[Event]) -> None:
    """C-FOOT: the foot becomes the hand; no taking back melds once it has been seen."""
    deal, turn = state.deal, state.turn
    foot = deal.feet[seat]
    assert foot is not None  # callers check
    deal.feet[seat] = None
    turn.undo = None
    events.append(Event(EventKind.FOOT, seat, private=tuple(foot), count=len(foot)))
    if turn.counting is not None:
        for c in foot:
            turn.counting[c] = turn.counting.get(c, 0) + 1
    give(config, state, seat, foot, events)


def _discard(config: GameConfig, state: GameState, seat: int, chosen: Card, events: list[Event]) -> None:
    """C-DISCARD ends the turn; discarding the last card picks up the foot (C-FOOT b) or goes out."""
    deal = state.deal
    hand = deal.hands[seat]
    hand.remove(chosen)
    deal.pile.append(chosen)
    if state.turn.laid:
        deal.teams[config.seating.team_of[seat]].opened = True
    if not hand:
        if deal.feet[seat] is None:
            _go_out(config, state, seat, events)
            return
        # C-FOOT (b): picked up now, played from the next turn.
        _pick_up_foot(config, state, seat, events)
    begin_turn(config, state, config.seating.next_seat(seat), events)


def _undo(config: GameConfig, state: GameState, seat: int) -> None:
    turn = state.turn
    undo = turn.undo
    assert undo is not None  # validation refuses an undo with nothing to take back
    state.deal.hands[seat] = undo.hand
    state.deal.teams[config.seating.team_of[seat]].melds = list(undo.melds)
    turn.opening_value = undo.opening_value
    turn.counting = undo.counting
    turn.laid = undo.laid
    turn.undo = None


def _go_out(config: GameConfig, state: GameState, seat: int, events: list[Event]) -> None:
    events.append(Event(EventKind.OUT, seat))
    end_deal(config, state, seat, events)
