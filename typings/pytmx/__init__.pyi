"""Type stubs for the part of pytmx 3.32 the game uses (pytmx ships no types):
loading a Tiled map and reading its object groups and tile layers."""

from collections.abc import Callable, Iterator
from typing import Any

class TiledObject:
    name: str | None
    x: float
    y: float
    width: float
    height: float

class TiledObjectGroup:
    name: str
    def __iter__(self) -> Iterator[TiledObject]: ...

class TiledTileLayer:
    name: str
    def tiles(self) -> Iterator[tuple[int, int, Any]]: ...

class TiledMap:
    width: int
    height: int
    tilewidth: int
    tileheight: int
    def __init__(self, filename: str | None = None, image_loader: Callable[..., Any] = ..., **kwargs: Any) -> None: ...
    def get_layer_by_name(self, name: str) -> TiledObjectGroup | TiledTileLayer: ...
