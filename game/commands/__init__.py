"""The commands a person types: ``mexican-train`` and its subcommands (``simulate``,
``rules-check``, ``review``; ``saves`` and ``serve`` live with their rooms)."""
