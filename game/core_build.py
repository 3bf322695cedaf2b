"""Which modules a release build compiles with mypyc, and which build this process runs.

The rules engine, the computer players' search, the review's playouts and the
checks and replay every save read goes through are compiled into C extensions
for the release wheels and the one-folder app (``MEXICAN_TRAIN_COMPILE=1``, see
docs/performance.md); the same source runs as plain Python in a development
install and wherever no compiled wheel fits. ``setup.py`` reads ``COMPILED`` from this file (by path, without
importing the game), ``mexican-train --version`` says which build runs, and
CI fails a compiled wheel in which any of these modules stayed Python.
"""

from __future__ import annotations

from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES, PathFinder
from typing import Final

ENGINE: Final = (
    "actions", "build", "chance", "dealcode", "driver", "ending", "errors", "events", "fairdeal", "fields",
    "frozen", "history", "legality", "length", "match", "option_ranges", "options", "round", "round_data", "start",
    "tiles", "turn", "turn_rules", "view",
)
"""Every module of ``game/engine`` but its ``__init__``, which only gathers their names (and
which mypyc, whose shared library lies inside the package, would give a wrong ``__path__``)."""

COMPILED: Final = (
    *(f"game/engine/{name}.py" for name in ENGINE),
    "game/ai/chain.py", "game/ai/inference.py", "game/ai/medium.py", "game/ai/search.py", "game/ai/seeding.py",
    "game/review/value.py",
    "game/saves/checks.py", "game/saves/codec.py", "game/saves/replay.py", "game/saves/validate.py",
    "game/saves/validate_round.py",
)
"""The source files a release build compiles, relative to the project's root."""

COMPILED_LABEL: Final = "compiled core"
PURE_LABEL: Final = "pure Python"


def module_name(path: str) -> str:
    """The module a source file of ``COMPILED`` defines: ``game/ai/chain.py`` is ``game.ai.chain``."""
    parts = path.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_extension(filename: str | None) -> bool:
    """Whether a module loaded from ``filename`` is a compiled extension (``.so``, ``.pyd``)."""
    return filename is not None and filename.endswith(tuple(EXTENSION_SUFFIXES))


def loaded_files() -> dict[str, str | None]:
    """Each module of ``COMPILED`` (imported if it was not) and the file it runs from."""
    return {name: import_module(name).__file__ for name in map(module_name, COMPILED)}


def found_file(name: str) -> str | None:
    """The file the importer takes for module ``name`` from its package's folders (its parent imported)."""
    parent, _, _ = name.rpartition(".")
    spec = PathFinder.find_spec(name, import_module(parent).__path__)
    return None if spec is None else spec.origin


def still_python() -> list[str]:
    """The modules of ``COMPILED`` that run as Python in this process, or would if imported
    afresh (empty: all compiled). Both count: mypyc's shared library holds every compiled
    module, so a compiled module that imports a sibling whose own extension file is missing
    runs the compiled code all the same, while a fresh import would find the ``.py``."""
    loaded = loaded_files()
    return [name for name in loaded if not (is_extension(loaded[name]) and is_extension(found_file(name)))]


def build_label() -> str:
    """Which build runs, for ``--version``: the compiled core, pure Python, or
    which modules of a compiled build run as Python (a broken install)."""
    python = still_python()
    if not python:
        return COMPILED_LABEL
    if len(python) == len(COMPILED):
        return PURE_LABEL
    return f"{COMPILED_LABEL}, but {len(python)} of {len(COMPILED)} modules run as Python"
