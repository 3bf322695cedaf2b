"""Play over the network: the table server, its protocol and the client library.

No pygame here. ``messages`` checks every request, ``wire`` turns events and
views into JSON, ``codes`` makes table codes and seat tokens, ``table`` is
one table's rules of who may do what, ``server`` the asyncio WebSocket
server, ``client`` the library a game (or a script) plays through.
``docs/protocol.md`` describes the messages, ``docs/server.md`` running a server.
"""
