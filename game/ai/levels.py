"""The names of the computer players, light enough to load with the title
screen and the save reader (the players themselves load on first use)."""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
"""The difficulty levels offered to players, weakest first."""

KIND_NAMES: tuple[str, ...] = ("random", *LEVELS)
"""Every kind a seat may be given: ``random`` and the four levels (the keys of ``KINDS``)."""
