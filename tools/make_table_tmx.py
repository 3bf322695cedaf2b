"""Write assets/maps/table.tmx (Tiled XML) and its felt tileset image.

    python tools/make_table_tmx.py

The map is 1600x900 design pixels in 20-pixel tiles. A tile layer ``felt``
paints the table; object layers name the anchors the table scene looks up:
``table`` (hub, felt, hand_tray, boneyard, score_panel, message_area,
buttons, top_bar) and ``seats-N`` for every seat count N = 2..8 (one panel
per seat, ``seat_0`` .. ``seat_{N-1}``, and ``mexican``).
"""

from __future__ import annotations

import math
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "assets" / "maps"
"""The source folder (the repository's, not an installed copy): the map is written into git."""
W, H, T = 1600, 900, 20
COLS, ROWS = W // T, H // T

FELT, FELT_ALT, RIM, TRAY, BAR = 1, 2, 3, 4, 5
TILE_COLORS = {FELT: (22, 96, 64), FELT_ALT: (24, 100, 67), RIM: (92, 56, 30), TRAY: (58, 36, 22), BAR: (26, 30, 38)}

TOP_BAR = (0, 0, 1600, 44)
FELT_RECT = (200, 40, 1200, 704)
HAND_TRAY = (200, 744, 1200, 156)
BONEYARD = (0, 744, 200, 156)
BUTTONS = (1400, 744, 200, 156)
SCORE_PANEL = (1180, 0, 420, 44)
MESSAGE = (360, 690, 880, 46)
HUB = (800 - 70, 380 - 70, 140, 140)
COLUMN_Y, COLUMN_H = 52, 684
LEFT_X, RIGHT_X, COLUMN_W = 6, 1406, 188


def seat_panels(n: int) -> list[tuple[str, tuple[int, int, int, int]]]:
    """Panel rectangles for ``n`` seats plus the Mexican train, around the felt."""
    left_count = math.ceil((n + 1) / 2)
    left = list(range(left_count))  # seats 0.. bottom to top on the left
    right = [*range(left_count, n), -1]  # then top to bottom on the right, Mexican last
    out: list[tuple[str, tuple[int, int, int, int]]] = []
    for column, x, bottom_up in ((left, LEFT_X, True), (right, RIGHT_X, False)):
        count = len(column)
        slot = COLUMN_H / max(count, 1)
        h = int(min(150, slot - 10))
        for i, seat in enumerate(column):
            pos = count - 1 - i if bottom_up else i
            y = int(COLUMN_Y + pos * slot + (slot - h) / 2)
            name = "mexican" if seat == -1 else f"seat_{seat}"
            out.append((name, (x, y, COLUMN_W, h)))
    return out


def felt_gid(col: int, row: int) -> int:
    """Which tile paints the cell at (col, row)."""
    x, y = col * T, row * T
    if y < TOP_BAR[3]:
        return BAR
    if y >= HAND_TRAY[1]:
        return TRAY
    fx, fy, fw, fh = FELT_RECT
    if fx <= x < fx + fw and fy <= y < fy + fh - 4:
        return FELT_ALT if (col * 7 + row * 3) % 11 == 0 else FELT
    return RIM


def write_tileset_png(path: Path) -> None:
    """The five 20x20 tiles of the felt tileset, side by side."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    surf = pygame.Surface((T * len(TILE_COLORS), T))
    for gid, color in TILE_COLORS.items():
        surf.fill(color, ((gid - 1) * T, 0, T, T))
    pygame.image.save(surf, str(path))


def build() -> ET.ElementTree:
    """The map as an XML tree."""
    root = ET.Element("map", {
        "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal", "renderorder": "right-down",
        "width": str(COLS), "height": str(ROWS), "tilewidth": str(T), "tileheight": str(T), "infinite": "0",
        "nextlayerid": "20", "nextobjectid": "200",
    })
    ts = ET.SubElement(root, "tileset", {
        "firstgid": "1", "name": "felt", "tilewidth": str(T), "tileheight": str(T),
        "tilecount": str(len(TILE_COLORS)), "columns": str(len(TILE_COLORS)),
    })
    ET.SubElement(ts, "image", {"source": "felt.png", "width": str(T * len(TILE_COLORS)), "height": str(T)})
    names = {FELT: "felt", FELT_ALT: "felt-alt", RIM: "rim", TRAY: "tray", BAR: "bar"}
    for gid, name in names.items():
        tile = ET.SubElement(ts, "tile", {"id": str(gid - 1)})
        props = ET.SubElement(tile, "properties")
        ET.SubElement(props, "property", {"name": "kind", "value": name})
    layer = ET.SubElement(root, "layer", {"id": "1", "name": "felt", "width": str(COLS), "height": str(ROWS)})
    data = ET.SubElement(layer, "data", {"encoding": "csv"})
    rows = [",".join(str(felt_gid(c, r)) for c in range(COLS)) for r in range(ROWS)]
    data.text = "\n" + ",\n".join(rows) + "\n"
    object_id = 1

    def add_group(layer_id: int, name: str, objects: list[tuple[str, tuple[int, int, int, int], bool]]) -> None:
        nonlocal object_id
        group = ET.SubElement(root, "objectgroup", {"id": str(layer_id), "name": name})
        for obj_name, (x, y, w, h), ellipse in objects:
            obj = ET.SubElement(group, "object", {
                "id": str(object_id), "name": obj_name, "x": str(x), "y": str(y), "width": str(w), "height": str(h),
            })
            if ellipse:
                ET.SubElement(obj, "ellipse")
            object_id += 1

    add_group(2, "table", [
        ("hub", HUB, True), ("felt", FELT_RECT, False), ("hand_tray", HAND_TRAY, False),
        ("boneyard", BONEYARD, False), ("score_panel", SCORE_PANEL, False), ("message_area", MESSAGE, False),
        ("buttons", BUTTONS, False), ("top_bar", TOP_BAR, False),
    ])
    for n in range(2, 9):
        add_group(2 + n, f"seats-{n}", [(name, rect, False) for name, rect in seat_panels(n)])
    ET.indent(root)
    return ET.ElementTree(root)


def main() -> int:
    """Write the tileset image and the map."""
    MAPS.mkdir(parents=True, exist_ok=True)
    write_tileset_png(MAPS / "felt.png")
    build().write(MAPS / "table.tmx", encoding="UTF-8", xml_declaration=True)
    print(f"wrote {MAPS / 'table.tmx'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
