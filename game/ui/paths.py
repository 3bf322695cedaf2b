"""Where the game's asset files live: ``game/assets/`` inside the installed package.

Every asset is found through ``importlib.resources``, never from the
repository, so a wheel install, an editable install and the one-folder app
(PyInstaller) all find the same files.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

PACKAGE = "game"
"""The package whose ``assets/`` folder holds the data files."""


def asset(*parts: str) -> Traversable:
    """The asset file or folder at ``parts`` under ``game/assets/`` (it may not exist)."""
    return files(PACKAGE).joinpath("assets", *parts)


def asset_path(*parts: str) -> Path:
    """The asset as a path on disk, for libraries that open files by name (pytmx, SDL_ttf).

    The game is installed unzipped (wheel, editable or PyInstaller folder), so its
    package data are plain files; a zipped install is refused with a clear error.
    """
    found = asset(*parts)
    if not isinstance(found, Path):
        raise RuntimeError(f"the game's assets are not files on disk ({found}); install it unzipped")
    return found


def table_map() -> Path:
    """The Tiled map of the table layout."""
    return asset_path("maps", "table.tmx")


def font_file(name: str) -> Path:
    """A font file of ``game/assets/fonts/`` by file name."""
    return asset_path("fonts", name)
