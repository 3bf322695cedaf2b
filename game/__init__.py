"""Mexican Train: a desktop dominoes game against computer players."""

from __future__ import annotations


def __getattr__(name: str) -> str:
    """``game.__version__``, read from the installed package (see ``game.version``)."""
    if name == "__version__":
        from .version import game_version

        return game_version()
    raise AttributeError(f"module 'game' has no attribute {name!r}")
