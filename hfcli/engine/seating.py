"""Seats and partnerships as data (C-SEAT): who sits where, in play order, and who partners whom."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Seating:
    """Seats in clockwise play order, and the partnership index of each seat."""

    names: tuple[str, ...] = ("S", "W", "N", "E")
    long_names: tuple[str, ...] = ("South", "West", "North", "East")
    team_of: tuple[int, ...] = (0, 1, 0, 1)
    team_names: tuple[str, ...] = ("NS", "EW")
    # C-DEALS: the seat that deals the first deal.
    first_dealer: int = 3
    # Worked out once: the rules ask who a seat's partners are on every listing of moves.
    _partners: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        partners = tuple(
            tuple(s for s in range(len(self.names)) if s != seat and self.team_of[s] == self.team_of[seat])
            for seat in range(len(self.names))
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
        return self._partners[seat]

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % len(self.names)

    def seat_index(self, name: str) -> int:
        key = name.strip().upper()[:1]
        for i, n in enumerate(self.names):
            if n == key:
                return i
        raise ValueError(f"unknown seat {name!r}; seats are {', '.join(self.names)}")


FOUR_HANDED = Seating()
