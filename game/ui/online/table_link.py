"""A table's link for a browser (``http://ADDRESS:PORT/t/CODE``) and its QR code, for the host's lobby.

A friend's phone opens the link with its camera and takes a seat in the
guest page the table server serves (``game.web``), with nothing installed.
The QR code is made by ``segno`` (a well-kept pure-Python QR library) and
drawn as dark modules on a light ground with the quiet zone QR readers need.
"""

from __future__ import annotations

import pygame
import segno

from .connection import EVERYONE

QUIET_ZONE = 4
"""Modules of light margin around the code (the QR standard's quiet zone)."""
DARK = (20, 20, 24)
LIGHT = (250, 246, 232)
"""The code's two colours: near-black modules on the tiles' ivory."""


def table_links(host: str, port: int, code: str, addresses: list[str]) -> list[str]:
    """The links a browser joins the table at: at each of ``addresses`` when the server listens on every
    address (``EVERYONE``), else at the one address the host chose."""
    at = addresses if host == EVERYONE else [host]
    return [f"http://{address}:{port}/t/{code}" for address in at if address]


def qr_picture(text: str, size: int) -> pygame.Surface:
    """A QR code of ``text`` at most ``size`` pixels square (whole pixels per module, so it stays sharp)."""
    rows = [list(row) for row in segno.make(text, error="m").matrix_iter(border=QUIET_ZONE)]
    module = max(1, size // len(rows))
    picture = pygame.Surface((module * len(rows), module * len(rows)))
    picture.fill(LIGHT)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                picture.fill(DARK, (x * module, y * module, module, module))
    return picture
