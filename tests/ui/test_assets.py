"""Every asset the game opens is found through the installed package, never the repository.

A wheel installed into site-packages has no repository beside it: the map,
its tileset image and the fonts must come from ``game/assets/`` through
``importlib.resources``. Nothing is built here; the checks hold for any
install, editable or not.
"""

from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from importlib.resources import files
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ui import fonts, layout
from game.ui.app import App
from game.ui.paths import asset, asset_path, font_file, table_map

from .conftest import frames, position, table_for

PACKAGE_ASSETS = Path(str(files("game.assets"))).resolve()
GAME_SOURCE = Path(str(files("game"))).resolve()


def _inside_package_assets(path: str | Path) -> bool:
    return Path(path).resolve().is_relative_to(PACKAGE_ASSETS)


def test_the_asset_folder_is_the_packages_own() -> None:
    assert asset().is_dir()
    assert Path(str(asset())).resolve() == PACKAGE_ASSETS
    # a source tree's top-level assets/ (an editable install maps the package there), or game/assets when installed
    assert PACKAGE_ASSETS.name == "assets" and PACKAGE_ASSETS.parent in (GAME_SOURCE, GAME_SOURCE.parent)


def test_the_table_map_and_every_image_it_names_are_package_files() -> None:
    tmx = table_map()
    assert tmx.is_file() and _inside_package_assets(tmx)
    sources = [image.get("source", "") for image in ET.parse(tmx).getroot().iter("image")]
    assert sources, "the map names its tileset image"
    for source in sources:
        assert (tmx.parent / source).is_file(), source
        assert _inside_package_assets(tmx.parent / source)


def test_every_font_the_ui_can_ask_for_is_a_package_file() -> None:
    for name in fonts._FILES.values():
        path = font_file(name)
        assert path.is_file() and _inside_package_assets(path), name
    assert asset("fonts", "DejaVu-LICENSE.txt").is_file(), "the fonts' license ships with them"


def test_asset_path_names_a_file_under_the_package() -> None:
    assert asset_path("maps", "table.tmx") == table_map()
    assert not asset("no-such-file.bin").is_file()


class _Opened:
    """Records every file the game opens through pygame and pytmx while it draws."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.files: list[str] = []
        self.default_fonts = 0
        real_font, real_load = pygame.font.Font, pygame.image.load
        real_map = layout.pytmx.TiledMap

        def font(name: Any, size: int) -> pygame.font.Font:
            if name is None:
                self.default_fonts += 1
            else:
                self.files.append(str(name))
            return real_font(name, size)

        def load(name: Any, *args: Any) -> pygame.Surface:
            self.files.append(str(name))
            return real_load(name, *args)

        def tiled_map(name: Any, *args: Any, **kwargs: Any) -> Any:
            self.files.append(str(name))
            return real_map(name, *args, **kwargs)

        monkeypatch.setattr(pygame.font, "Font", font)
        monkeypatch.setattr(pygame.image, "load", load)
        monkeypatch.setattr(layout.pytmx, "TiledMap", tiled_map)
        monkeypatch.setattr(layout, "_cached", None)
        fonts.forget_fonts()


def test_every_file_opened_while_playing_comes_from_the_package(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = _Opened(monkeypatch)
    try:
        app.push(app.routes.title())
        frames(app, 2)
        table_for(app, position([(4, 1), (6, 6), (9, 2)]))
        frames(app, 3)
    finally:
        fonts.forget_fonts()
    assert opened.default_fonts == 0, "no font fell back to pygame's default: every font file was found"
    assert str(table_map()) in opened.files
    assert any(f.endswith(".ttf") for f in opened.files) and any(f.endswith(".png") for f in opened.files)
    outside = [f for f in opened.files if not _inside_package_assets(f)]
    assert not outside, f"opened from outside the assets: {outside}"


def _game_modules() -> list[Path]:
    return sorted(GAME_SOURCE.rglob("*.py"))


def test_no_game_module_builds_a_path_from_its_own_file_or_the_repository() -> None:
    """``__file__`` and ``parents[...]`` lead to the repository in a clone but nowhere in an install."""
    offenders = []
    for path in _game_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "__file__":
                offenders.append(f"{path.name}:{node.lineno} uses __file__")
            if isinstance(node, ast.Attribute) and node.attr == "parents":
                offenders.append(f"{path.name}:{node.lineno} climbs parents")
    assert not offenders, offenders


def test_only_the_paths_module_names_the_assets_folder() -> None:
    """Other modules ask ``game.ui.paths`` for assets instead of naming the assets package or folder themselves."""
    naming = []
    for path in _game_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.Constant) and n.value in ("assets", "game.assets") for n in ast.walk(tree)):
            naming.append(path.relative_to(GAME_SOURCE).as_posix())
    assert naming == ["ui/paths.py"]
