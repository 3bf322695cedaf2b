"""The title screen shows the game's version in a corner."""

from __future__ import annotations

from typing import Any

import pytest

from game.ui import fonts
from game.ui.app import App
from game.ui.scenes import title as title_module
from game.version import game_version

from .conftest import frames


def test_the_title_screen_shows_the_version_in_the_bottom_left_corner(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, Any, str]] = []

    def spy(target: Any, line: str, size: int, color: Any, pos: Any, anchor: str = "topleft", *rest: Any) -> Any:
        drawn.append((line, pos, anchor))
        return fonts.blit_text(target, line, size, color, pos, anchor, *rest)

    monkeypatch.setattr(title_module, "blit_text", spy)
    app.push(app.routes.title())
    frames(app, 2)
    shown = [(pos, anchor) for line, pos, anchor in drawn if line == f"version {game_version()}"]
    assert shown, "the version is drawn on the title screen"
    (x, y), anchor = shown[0]
    width, height = app.screen.get_size()
    assert anchor == "bottomleft" and x < width * 0.1 and y > height * 0.9
