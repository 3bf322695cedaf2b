"""Package attributes loaded on first use, so that a package starts light."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_getattr(package: str, homes: Mapping[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``homes`` names the submodule
    that defines each lazy attribute; a value once found is kept in
    ``namespace`` (the package's globals), in place of any submodule of the
    same name (``game.ai.hint`` the function, not its module)."""

    def find(name: str) -> Any:
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{homes[name]}", package), name)
        namespace[name] = value
        return value

    return find
