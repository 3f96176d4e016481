"""``hf host``: a table that friends join with the ordinary ssh client.

The server (asyncssh, imported only here, so the rest of the program starts without it) runs one
prompt_toolkit application per connection on the connection's channel: the join code, a name,
the lobby, then the table as ``hf play`` shows it, for that guest's seat only.
"""
