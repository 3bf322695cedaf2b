"""Play over the network, in rooms that show its layers; no pygame here.

``protocol`` is what crosses the wire (the requests and their checks, events
and views as JSON, table codes and seat tokens, the refusals); ``table`` one
table's rules as a state machine with no sockets and no database (seats,
settings, pace, the fair deal, what it sends and what it notes to store);
``store`` the database; ``server`` the asyncio WebSocket server around them;
``client`` the library a game (or a script) plays through. Client and server
never import each other. ``docs/architecture.md`` has the rule of what each
room may import, ``docs/protocol.md`` the messages, ``docs/server.md``
running a server.
"""
