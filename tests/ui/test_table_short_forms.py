"""At the largest text in the smallest window the top bar's score and the hand's heading
give way part by part, to shorter forms shown whole, never a count cut by an ellipsis."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ui.app import App
from game.ui.fonts import TextLog, font, ready, recording
from game.ui.table.still import leading_parts
from game.ui.table.tray import heading_forms
from game.ui.ui_scale import use_scale

from .conftest import frames, position, table_for

ELLIPSIS = "\u2026"


@pytest.fixture
def largest_text() -> Iterator[None]:
    """Text at 200% for the test, back to 100% after it."""
    use_scale(2.0)
    yield
    use_scale(1.0)


def test_the_score_line_drops_its_least_important_words_before_cutting_a_number() -> None:
    """From the full line down to the bare score, each form fits whole or the next is tried;
    a room too narrow for any shows nothing rather than 'You: 1…'."""
    ready()
    line = "You: 104 pts  \u00b7  place 1 of 4"
    face = font(20, "bold")
    seen = []
    for room in range(face.size(line)[0] + 10, 0, -4):
        said = leading_parts(line, 20, "bold", room)
        assert ELLIPSIS not in said and face.size(said)[0] <= room, (room, said)
        if said and said not in seen:
            seen.append(said)
        assert said == "" or "104" in said, (room, said)
    assert seen == [line, "You: 104 pts", "You: 104", "104 pts"]
    assert leading_parts("leader Ana (78 pts)", 20, "bold",
                         face.size("Ana 78")[0]) == "Ana 78"


def test_the_hand_heading_keeps_its_counts_whole_as_it_shortens() -> None:
    """Each shorter heading keeps the tile count; the last says only that."""
    from game.engine.tiles import tile_id

    hand = [tile_id(12, 5), tile_id(4, 1)]
    forms = heading_forms("Your hand", hand, face_down=False, scrolls=True)
    assert forms[0].endswith("more tiles") and forms[-1] == "2 tiles"
    assert forms[1:] == ["Your hand  \u00b7  2 tiles, 22 pips", "2 tiles, 22 pips", "2 tiles"]
    assert all("2 tiles" in form for form in heading_forms("Ana's hand", hand, face_down=True, scrolls=False))


def test_at_200pc_in_the_smallest_window_the_score_and_heading_show_whole(app: App, largest_text: None) -> None:
    """At 1024x640 and 200% the table's score and hand heading are drawn with no ellipsis,
    the heading with the hand's count."""
    app.screen = pygame.Surface((1024, 640))
    table = table_for(app, position([(12, 5), (4, 1), (3, 3), (9, 2), (6, 6), (6, 0), (11, 3), (8, 8)]))
    table.resize((1024, 640))
    frames(app, 3)
    with recording(TextLog()) as log:
        app.draw()
    lines = [d.line for d in log.drawn]
    assert table.frame is not None
    score = [line for line in lines if "pts" in line or line.startswith("You")]
    assert score and all(ELLIPSIS not in line for line in score), score
    assert table.tray.heading in lines and "8 tiles" in table.tray.heading
    assert ELLIPSIS not in table.tray.heading
    table.close()
