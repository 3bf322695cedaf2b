"""The host's lobby shows a QR code of the table's link for a phone's camera, and every link in words."""

from __future__ import annotations

import pygame
import pytest
import segno

from game.ui.online import lobby as lobby_module
from game.ui.online.connection import EVERYONE
from game.ui.online.kept import KeptSeat
from game.ui.online.lobby import LobbyScene
from game.ui.online.table_link import QUIET_ZONE, table_links
from game.ui.sizing import sizes_for


class HostsLobby(LobbyScene):
    """A lobby of a table this game hosts (no connection: only what is shown is looked at)."""

    @property
    def is_host(self) -> bool:
        """This game set the table up."""
        return True


def lobby_at(host: str) -> HostsLobby:
    """The host's lobby of table K3F9Q-2XAMB on port 8765, listening on ``host``."""
    scene = HostsLobby.__new__(HostsLobby)
    scene.link = None
    scene.seat = KeptSeat("ws://127.0.0.1:8765/", "K3F9Q-2XAMB", "t", "Ana", host=host, port=8765)
    scene._links = None
    scene._qr = None
    scene.boxes = {"qr": pygame.Rect(500, 300, 600, 400)}
    return scene


def test_every_link_is_said_in_words_and_the_qr_code_carries_the_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby_module, "network_addresses", lambda: ["192.168.1.20", "10.0.0.5"])
    scene = lobby_at(EVERYONE)
    words = scene.where_to_join()
    assert "http://192.168.1.20:8765/t/K3F9Q-2XAMB" in words and "http://10.0.0.5:8765/t/K3F9Q-2XAMB" in words
    pygame.font.init()
    surface = pygame.Surface((1600, 900))
    surface.fill((1, 2, 3))
    at = scene.draw_link_code(surface, sizes_for((1600, 900)))
    assert at is not None and scene.boxes["qr"].contains(at)
    rows = [list(row) for row in segno.make("http://192.168.1.20:8765/t/K3F9Q-2XAMB", error="m")
            .matrix_iter(border=QUIET_ZONE)]
    module = at.w // len(rows)
    left, top = at.left + (at.w - module * len(rows)) // 2, at.top + (at.h - module * len(rows)) // 2
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            colour = surface.get_at((left + x * module + module // 2, top + y * module + module // 2))
            assert (colour.r < 128) == bool(dark), f"module {x},{y} of the drawn code is not the link's"


def test_a_table_only_this_computer_can_reach_shows_no_code() -> None:
    scene = lobby_at("127.0.0.1")
    assert scene.links() == []
    assert scene.draw_link_code(pygame.Surface((1600, 900)), sizes_for((1600, 900))) is None
    assert "127.0.0.1:8765" in scene.where_to_join()


def test_the_link_is_the_guest_pages_address_at_the_address_the_host_chose() -> None:
    assert table_links("192.168.1.7", 9000, "ABCDE-12345", ["10.0.0.1"]) == ["http://192.168.1.7:9000/t/ABCDE-12345"]
    assert table_links(EVERYONE, 9000, "ABCDE-12345", []) == []
