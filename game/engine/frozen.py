"""The base of the engine's frozen values: they pickle by their fields.

A view goes to a computer player's worker process and an action comes back,
pickled both ways. A frozen dataclass compiled by mypyc cannot be unpickled
by setting its fields one by one (they are frozen), so every frozen value
pickles as a call of its class with its fields, which both builds can undo.
"""

from __future__ import annotations

import dataclasses
from typing import Any


class Frozen:
    """Pickles as its class called with its fields in order (subclasses are frozen dataclasses).

    It declares no ``__slots__``: mypyc refuses a dataclass with slots over a
    base that has them (the subclasses keep theirs)."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """The class and the fields to call it with (pickle's protocol)."""
        return type(self), tuple(getattr(self, field.name) for field in dataclasses.fields(self))  # type: ignore[arg-type]
