"""Events: the same deals for everyone who plays them, and results anyone can check (docs/events.md).

- :mod:`hfcli.event.shoes`: how an event's cards and its AI's seed derive from its key, and the
  SHA-256 commitment that names each shoe.
- :mod:`hfcli.event.spec`: an event (its name, rules, seat, levels and shoes), its file, and the
  daily deal made from a date.
- :mod:`hfcli.event.entries`: checking an entry (a transcript) against its event.
- :mod:`hfcli.event.scoring`: duplicate scoring, deal by deal: matchpoints and IMPs.
- :mod:`hfcli.event.board`: the leaderboard as text, markdown, CSV or JSON.
"""
