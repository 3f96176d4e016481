"""The program's dealings with the system: where files go, opening and making them, text from
outside made safe to print, worker processes, and the settings read from files (preferences, house
rules)."""
