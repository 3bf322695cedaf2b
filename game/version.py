"""The game's version. Its one source is ``[project] version`` in pyproject.toml.

An installed game (wheel, pipx, editable) reads it from the package metadata
that the installer wrote from pyproject; the one-folder app has no package
metadata, so ``tools/build_app.py`` reads pyproject at build time and its
entry script passes the version to ``set_version`` before anything asks.
"""

from __future__ import annotations

from importlib import metadata

DISTRIBUTION = "mexican-train"
"""The distribution name in pyproject.toml (what pip and pipx install)."""
UNKNOWN = "0+unknown"
"""The version shown when the game runs from a folder that was never installed."""

_version: str | None = None


def set_version(text: str) -> None:
    """Fix the version the game reports (the one-folder app's entry script does this)."""
    global _version
    _version = text


def game_version() -> str:
    """The game's version, e.g. ``"0.1.0"`` (looked up once, then remembered)."""
    global _version
    if _version is None:
        try:
            _version = metadata.version(DISTRIBUTION)
        except metadata.PackageNotFoundError:
            _version = UNKNOWN
    return _version
