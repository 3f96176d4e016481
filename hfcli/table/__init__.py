"""The table as a host: one object owns a game, its random source and its transcript, and every
seat is an endpoint that is told only what its seat may see and asked for its seat's moves."""

from hfcli.table.endpoints import AiEndpoint, Endpoint, Moved, Remark, seen_by
from hfcli.table.host import NotYourTurn, Recorder, Table

__all__ = ["AiEndpoint", "Endpoint", "Moved", "NotYourTurn", "Recorder", "Remark", "Table", "seen_by"]
