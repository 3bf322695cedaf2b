"""The table: the scene where a match is played, and its parts.

``scene`` wires them together; ``input`` turns the person's keys and mouse into
commands; the controller (``game.play``) applies actions; ``picture`` catches
up with the engine; ``tray``, ``geometry``, ``board``, ``parts`` and ``paint``
work out and paint a frame; ``message_line``, ``handover``, ``undo``,
``tips`` and ``log_panel`` are the table's smaller jobs.
"""
