"""Seats and sides as data (C-SEAT, T-SIZE): who sits where, in play order, and who plays with whom.

A side is a partnership, a team of three, or one player alone; melds, books, red threes and scores
belong to a side. Seats are named for where they sit around the table, clockwise from South, and
play passes clockwise (C-DEALS, T-TURN).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hfcli.engine.options import Teams, choice_of

# Where each seat sits at a table of 2 to 6, clockwise from South: short name, long name.
_PLACES: dict[int, tuple[tuple[str, str], ...]] = {
    2: (("S", "South"), ("N", "North")),
    3: (("S", "South"), ("NW", "Northwest"), ("NE", "Northeast")),
    4: (("S", "South"), ("W", "West"), ("N", "North"), ("E", "East")),
    5: (("S", "South"), ("W", "West"), ("NW", "Northwest"), ("NE", "Northeast"), ("E", "East")),
    6: (("S", "South"), ("SW", "Southwest"), ("NW", "Northwest"), ("N", "North"), ("NE", "Northeast"),
        ("SE", "Southeast")),
}


@dataclass(frozen=True)
class Seating:
    """Seats in clockwise play order, and the side of each seat."""

    names: tuple[str, ...] = ("S", "W", "N", "E")
    long_names: tuple[str, ...] = ("South", "West", "North", "East")
    team_of: tuple[int, ...] = (0, 1, 0, 1)
    team_names: tuple[str, ...] = ("NS", "EW")
    # C-DEALS: the seat that deals the first deal.
    first_dealer: int = 3
    # Worked out once: the rules ask who a seat's partners are on every listing of moves.
    _partners: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = len(self.names)
        # Each seat's teammates in turn order after it: T-OUT asks the first of them.
        partners = tuple(
            tuple((seat + k) % n for k in range(1, n) if self.team_of[(seat + k) % n] == self.team_of[seat])
            for seat in range(n)
        )
        object.__setattr__(self, "_partners", partners)

    @property
    def seats(self) -> range:
        return range(len(self.names))

    @property
    def teams(self) -> range:
        return range(len(self.team_names))

    def members(self, team: int) -> tuple[int, ...]:
        return tuple(s for s in self.seats if self.team_of[s] == team)

    def partners(self, seat: int) -> tuple[int, ...]:
        """The seat's teammates, in turn order after it (none for a player alone)."""
        return self._partners[seat]

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % len(self.names)

    def seat_index(self, name: str) -> int:
        """The seat called ``name``: its short name (``S``, ``NW``) or long name (``South``), or
        the first letter of a seat's name where that is unambiguous."""
        key = name.strip().upper()
        for i, (short, long) in enumerate(zip(self.names, self.long_names, strict=True)):
            if key in (short.upper(), long.upper()):
                return i
        matches = [i for i, short in enumerate(self.names) if short.startswith(key[:1])] if key else []
        if len(matches) == 1 and len(key) == 1:
            return matches[0]
        raise ValueError(f"unknown seat {name!r}; seats are {', '.join(self.names)}")


FOUR_HANDED = Seating()


def table(players: int, teams: Teams | str = Teams.AUTO) -> Seating:
    """The seating of a table of ``players`` (T-SIZE) in the sides ``teams`` (a value of
    :class:`Teams`, or its text) makes. The last seat deals first, so South plays first."""
    if players not in _PLACES:
        raise ValueError(f"a table seats 2 to 6 players, not {players}")
    chosen = choice_of(Teams, teams)
    if chosen is None:
        raise ValueError(f"teams are {', '.join(Teams)}, not {teams!r}")
    shape = chosen.shape(players)
    if not shape.fits(players):
        raise ValueError(f"{shape.sides_name} need {shape.needs}, not {players}")
    if players == 4 and shape is Teams.PAIRS:
        return FOUR_HANDED
    places = _PLACES[players]
    names = tuple(short for short, _ in places)
    long_names = tuple(long for _, long in places)
    team_of = shape.team_of(players)
    team_names = tuple(
        "+".join(names[s] for s in range(players) if team_of[s] == team) for team in range(max(team_of) + 1)
    )
    return Seating(names, long_names, team_of, team_names, players - 1)
