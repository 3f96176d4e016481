"""How long a line the table reads."""

# No command comes near this (a meld of every rank at once is some 100 characters).
MAX_LINE = 500
