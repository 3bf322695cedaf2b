"""Every scene of the game's table of routes, and its dialogs, as a screen reader
hears them: each opens with words, and every element the keyboard reaches says
a label that holds the text it shows (a glyph button says words instead) and
differs from its neighbours'."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

import pytest

from game.speech import Recording, Voice
from game.speech.spoken import spoken
from game.ui.app import App
from game.ui.scenes.menu import MenuScene, spoken_label
from game.ui.spoken_rows import position
from game.ui.widgets import Button, Picker, TextField

from .test_text_fits import CASES, Case, Shown, configured, drawn_now, shown  # noqa: F401 - the fixtures too


def _meaningful(text: str) -> str:
    """The part of a visible text a label must hold: without a fitted text's ellipsis; '' for a glyph alone."""
    text = text.rstrip("\u2026").strip()
    return text if any(c.isalnum() for c in text) else ""


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_focusable_element_speaks_its_visible_label(
        configured: Callable[[tuple[int, int], float, str], App], shown: Shown, case: Case) -> None:  # noqa: F811
    app = configured((1280, 800), 1.0, "pips")
    recording = Recording()
    app.voice = Voice(recording, "system voice")
    case.build(app, shown)
    top = app.top
    assert top is not None
    assert top.spoken_intro().strip(), f"{case.name}: the scene on top says nothing as it opens"
    if not isinstance(top, MenuScene):
        return
    log = drawn_now(app)
    layer = len(app.stack) - 1
    items = top.focusables()
    said: list[str] = []
    for index, widget in enumerate(items):
        top.focus = index
        top.show_focus()
        label = spoken_label(widget)
        assert label.strip(), f"{case.name}: element {index} says nothing"
        if isinstance(widget, (Button, Picker, TextField)):
            box = widget.rect
            shown_texts = [_meaningful(d.line) for d in log.drawn if d.layer == layer and d.box == box]
            for text in filter(None, shown_texts):
                assert text in label, f"{case.name}: {label!r} does not hold its visible text {text!r}"
            if isinstance(widget, Button) and not _meaningful(widget.label):
                assert any(c.isalpha() for c in label.removesuffix(", button")), f"{case.name}: glyph {label!r}"
        said.append(label)
    for before, after in pairwise(said):
        assert before != after, f"{case.name}: two neighbours both say {before!r}"
    if items:
        recording.lines.clear()
        top.focus = -1
        top.move_focus(1)
        assert recording.lines == [spoken(position(" ".join(said[0].split()), 0, len(items)))], "moving the focus says the element reached"
