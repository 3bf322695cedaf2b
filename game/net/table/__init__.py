"""One network table's rules as a state machine: seats, settings, pace, the fair deal, what it sends.

No sockets and no database: a request goes in, messages and the writes to
store come out (``table.Table``).
"""
