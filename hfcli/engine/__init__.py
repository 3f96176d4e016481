"""The engine: Hand and Foot's rules as code, pure and deterministic.

Cards and their notation (``cards``), rule sets as data (``rules``), seats and sides
(``seating``), melds and books (``melds``), moves (``moves``), the first meld's arithmetic
(``opening``), scoring (``scoring``), what happens (``events``), what a game is played with
(``config``) and where it stands (``state``), what one seat sees (``view``), positions
(``position``) and the game itself (``game``), which puts the helpers that deal, apply and check
moves (``dealing``, ``applying``, ``legality``, ``validation``, ``generation``) behind one object;
no module imports ``game`` back. Nothing here reads or writes a file or a terminal, and nothing
here imports anything outside ``hfcli.engine``: the players (``ai``), transcripts, rendering,
the REPL and the CLI all sit above it.
"""
