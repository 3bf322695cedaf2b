"""mypyc's class options, for the modules a release build compiles (``game.core_build``).

``mypyc_attr(allow_interpreted_subclasses=True)`` lets plain Python subclass a
compiled class (the lessons' match, the lab's trial players). mypyc reads the
decorator when it compiles; in plain Python it changes nothing, so the game
needs no mypy at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["mypyc_attr"]

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:

    def mypyc_attr(*names: str, **options: Any) -> Any:
        """A class decorator that leaves the class as it is (mypyc reads it at compile time)."""
        return lambda cls: cls
