"""Where the game's asset files live (fonts, the Tiled table map)."""

from __future__ import annotations

from pathlib import Path

ASSETS = Path(__file__).resolve().parents[2] / "assets"
FONTS = ASSETS / "fonts"
TABLE_MAP = ASSETS / "maps" / "table.tmx"
