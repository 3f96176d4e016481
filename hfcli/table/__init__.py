"""The table as a host: one object owns a game, its random source and its transcript, and every
seat is an endpoint that is told only what its seat may see and asked for its seat's moves."""

from hfcli.table.endpoints import MAX_REMARK, AiEndpoint, Endpoint, Moved, Remark, remark_problem, seen_by
from hfcli.table.host import NotYourTurn, Recorder, Table

__all__ = [
    "MAX_REMARK",
    "AiEndpoint",
    "Endpoint",
    "Moved",
    "NotYourTurn",
    "Recorder",
    "Remark",
    "Table",
    "remark_problem",
    "seen_by",
]
