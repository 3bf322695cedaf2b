"""The table server: connections, arrivals, the tables in memory, the outbox, limits, thinking, the cluster.

``server.Server`` runs it, ``serve`` is ``mexican-train serve``, ``embedded``
runs it on a thread of another program.
"""
