"""Where the game's asset files live: the package ``game.assets``.

In the source tree the assets are the top-level ``assets/`` folder; the
packaging maps it to ``game/assets`` (``[tool.setuptools.package-dir]``), so a
wheel or the one-folder app holds them inside the game, and an editable
install maps the package to the source folder. Every asset is found through
``importlib.resources`` on that package, never by a path of the repository,
so every kind of install finds the same files the same way.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

PACKAGE = "game.assets"
"""The package that holds the data files (``assets/`` in the source tree)."""


def asset(*parts: str) -> Traversable:
    """The asset file or folder at ``parts`` of the assets (it may not exist)."""
    return files(PACKAGE).joinpath(*parts)


def asset_path(*parts: str) -> Path:
    """The asset as a path on disk, for libraries that open files by name (pytmx, SDL_ttf).

    The game is installed unzipped (wheel, editable or PyInstaller folder), so its
    package data are plain files; a zipped install is refused with a clear error.
    """
    found = asset(*parts)
    if not isinstance(found, Path):
        raise RuntimeError(  # noqa: TRY004 - how the game was installed, not a bad call
            f"the game's assets are not files on disk ({found}); install it unzipped")
    return found


def table_map() -> Path:
    """The Tiled map of the table layout."""
    return asset_path("maps", "table.tmx")


def lesson_file(name: str = "first-round") -> Path:
    """A lesson of Learn to play (``lessons/NAME.json``)."""
    return asset_path("lessons", f"{name}.json")


def font_file(name: str) -> Path:
    """A font file of the assets' ``fonts/`` by file name."""
    return asset_path("fonts", name)
