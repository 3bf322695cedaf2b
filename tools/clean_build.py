"""The project's build backend: setuptools' own, after removing what an
earlier build left in the source tree (``build/lib``, ``build/bdist.*``, the
file list ``*.egg-info/SOURCES.txt``, mypyc's C files and objects), so a wheel
or an sdist never carries a file that is no longer in the source or no longer
asked for; and, for a release, the engine and the search compiled with mypyc.

setuptools copies the package into ``build/lib`` and zips that folder; a file
deleted from the source stays there until the folder goes, and pip, pipx and
``python -m build`` all build in the tree. It also adds to an sdist every
file the previous build's ``SOURCES.txt`` lists, so a file MANIFEST.in no
longer takes would stay in the sdist of a tree that was built before. ``pyproject.toml`` names this
module as the backend (``backend-path = ["tools"]``).

``MEXICAN_TRAIN_COMPILE=1`` in the environment makes ``build_wheel`` compile
the modules ``game/core_build.py`` lists (``setup.py`` asks ``extensions``),
and only then asks for mypy, at the version the ``check`` extra pins, as a
build requirement. The variable reaches the wheel ``python -m build`` makes
from the sdist, as every build step runs in the same environment. An
editable install never compiles: a compiled module left beside the source
would run instead of the ``.py`` a developer edits.
"""

from __future__ import annotations

import os
import re
import runpy
import shutil
import tomllib
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401  (the backend's other hooks, unchanged)
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

SWITCH = "MEXICAN_TRAIN_COMPILE"
"""The environment variable that asks for the compiled release build (``1``; unset or ``0``: pure)."""
MYPYC_DIR = Path("build") / "mypyc"
"""Where mypyc writes its C files and its type-check cache (removed before and after every build)."""
GROUP = "mexican_train_core"
"""The name of the shared library that holds the compiled modules (``mexican_train_core__mypyc.*.so``, beside
the ``game`` package: mypyc finds the modules' files from where it lies, so it cannot go inside)."""

_compiling = False
"""Set while ``build_wheel`` builds a release: ``setup.py`` then asks ``extensions`` for the modules."""


def compile_requested() -> bool:
    """Whether the environment asks for the compiled build; ValueError for a value that is neither."""
    value = os.environ.get(SWITCH, "").strip()
    if value not in ("", "0", "1"):
        raise ValueError(f"{SWITCH} must be 1 (compile the core) or 0 (pure Python), not {value[:20]!r}")
    return value == "1"


def pinned_mypy() -> str:
    """The requirement ``mypy==X`` exactly as the ``check`` extra of pyproject.toml pins it."""
    with open("pyproject.toml", "rb") as file:
        check = tomllib.load(file)["project"]["optional-dependencies"]["check"]
    pins = [r for r in check if re.fullmatch(r"mypy==[\w.]+", r.replace(" ", ""))]
    if len(pins) != 1:
        raise ValueError("pyproject.toml's check extra must pin mypy exactly once (mypy==X)")
    return pins[0].replace(" ", "")


def extensions() -> list[Any]:
    """The C extensions of the compiled modules while a release wheel is built, else none."""
    if not _compiling:
        return []
    from mypyc.build import mypycify

    compiled = list(runpy.run_path("game/core_build.py")["COMPILED"])
    options = [f"--cache-dir={MYPYC_DIR / 'cache'}", "--config-file=pyproject.toml"]
    return list(mypycify([*options, *compiled], opt_level="3", target_dir=str(MYPYC_DIR), group_name=GROUP))


def _fresh() -> None:
    """Remove the leftovers of an earlier build from the tree's ``build/`` folder."""
    build = Path("build")
    for stale in [build / "lib", *build.glob("lib.*"), *build.glob("bdist.*"), *build.glob("temp.*"), MYPYC_DIR]:
        shutil.rmtree(stale, ignore_errors=True)
    for listing in Path().glob("*.egg-info/SOURCES.txt"):
        listing.unlink(missing_ok=True)


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """setuptools' build requirements, and the pinned mypy (mypyc) when compiling."""
    needed = list(_setuptools.get_requires_for_build_wheel(config_settings))
    return [*needed, pinned_mypy()] if compile_requested() else needed


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    """An sdist of exactly what MANIFEST.in and the package data take now."""
    _fresh()
    return str(_setuptools.build_sdist(sdist_directory, config_settings))


def build_wheel(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                metadata_directory: str | None = None) -> str:
    """A wheel of exactly the files in the source now: pure Python (``py3-none-any``),
    or with the core compiled for this platform when ``MEXICAN_TRAIN_COMPILE=1``."""
    global _compiling
    _fresh()
    _compiling = compile_requested()
    try:
        return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))
    finally:
        _compiling = False
        _fresh()


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    """An editable wheel, after the same clean-up: always pure Python, whatever the environment says."""
    _fresh()
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))
