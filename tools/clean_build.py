"""The project's build backend: setuptools' own, after removing what an
earlier build left in the source tree (``build/lib``, ``build/bdist.*``, the
file list ``*.egg-info/SOURCES.txt``), so a wheel or an sdist never carries a
file that is no longer in the source or no longer asked for.

setuptools copies the package into ``build/lib`` and zips that folder; a file
deleted from the source stays there until the folder goes, and pip, pipx and
``python -m build`` all build in the tree. It also adds to an sdist every
file the previous build's ``SOURCES.txt`` lists, so a file MANIFEST.in no
longer takes would stay in the sdist of a tree that was built before. ``pyproject.toml`` names this
module as the backend (``backend-path = ["tools"]``).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401  (the backend's other hooks, unchanged)
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    get_requires_for_build_wheel,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)


def _fresh() -> None:
    """Remove the leftovers of an earlier build from the tree's ``build/`` folder."""
    build = Path("build")
    for stale in [build / "lib", *build.glob("bdist.*")]:
        shutil.rmtree(stale, ignore_errors=True)
    for listing in Path().glob("*.egg-info/SOURCES.txt"):
        listing.unlink(missing_ok=True)


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    """An sdist of exactly what MANIFEST.in and the package data take now."""
    _fresh()
    return str(_setuptools.build_sdist(sdist_directory, config_settings))


def build_wheel(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                metadata_directory: str | None = None) -> str:
    """A wheel of exactly the files in the source now."""
    _fresh()
    return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    """An editable wheel, after the same clean-up."""
    _fresh()
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))
