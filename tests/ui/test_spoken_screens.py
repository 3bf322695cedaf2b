"""Screens heard row by row, with the keys of every list: the round review's
decisions, the statistics' figures and a round's summary are read one row at a
time with Up/Down (Home/End the first and the last), each row with where it
stands; menus say where their element stands too."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from game.memory.stats import Statistics
from game.speech import Recording, Voice
from game.ui import theme
from game.ui.app import App
from game.ui.saves_bridge import SavesBridge
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.statistics import StatisticsScene
from game.ui.spoken_rows import TextRow

from .conftest import frames, frames_until, key
from .test_review_scene import _press, _round_over, _summary, small_review  # noqa: F401 - the fixture too
from .test_statistics import _finished


def heard(app: App) -> Recording:
    """Speech on through a recording."""
    recording = Recording()
    app.voice = Voice(recording, "system voice")
    return recording


def test_a_menu_says_where_its_element_stands_and_home_and_end_reach_the_ends(app: App) -> None:
    recording = heard(app)
    app.reset(app.routes.title())
    frames(app, 2)
    recording.lines.clear()
    key(app, pygame.K_END)
    assert recording.lines == ["Quit, button, 8 of 8"]
    key(app, pygame.K_UP)
    assert recording.lines[-1] == "Settings, button, 7 of 8"
    key(app, pygame.K_HOME)
    assert recording.lines[-1] == "New match, button, 1 of 8"


def test_the_round_review_is_heard_decision_by_decision_and_enter_shows_one(app: App) -> None:
    recording = heard(app)
    session = _round_over()
    _press(_summary(app, session), "Review this round")
    review = app.top
    assert isinstance(review, ReviewScene)
    assert recording.lines[-1].startswith("Round 1 review, You. Valued from what you could see then")
    assert frames_until(app, lambda: review.job.finished, 60)
    frames(app, 1)
    ready = recording.lines[-1]
    count = len(review.decisions)
    assert ready.startswith("The review is ready.") and f"{count} decisions with a choice" in ready
    key(app, pygame.K_DOWN)
    first = review.decisions[0]
    assert recording.lines[-1].startswith(f"Turn {first.turn}, You: ") and recording.lines[-1].endswith(
        f", 1 of {len(review.focusables())}")
    key(app, pygame.K_DOWN)
    assert recording.lines[-1].startswith(f"Turn {review.decisions[1].turn}, You: ")
    assert review.pane.scrolls, "the list is longer than its pane: it has to follow the row read"
    for _ in range(count):  # the list follows the row read, the gold ring on it
        key(app, pygame.K_DOWN)
        row = review.focused()
        if isinstance(row, TextRow):
            assert row.rect is not None and review.pane.view.contains(row.rect)
            assert tuple(app.screen.get_at((row.rect.centerx, row.rect.top - 2)))[:3] == theme.GOLD
    assert review.pane.offset > 0
    key(app, pygame.K_HOME)
    key(app, pygame.K_RETURN)
    assert type(app.top).__name__ == "ReplayScene"


def test_statistics_are_read_row_by_row_with_each_figure_named(app: App, saves: SavesBridge) -> None:
    recording = heard(app)
    session = _finished(7, people=("Ana", "Ben"))
    app.push(app.routes.match_end(session))
    scene = app.routes.statistics()
    assert isinstance(scene, StatisticsScene)
    app.push(scene)
    frames(app, 2)
    name = scene.people[scene.person]
    assert f"Statistics. {name}'s figures, 1 of 2 people" in recording.lines[-1]
    key(app, pygame.K_DOWN)
    row = recording.lines[-1]
    total = scene.stats.overall(name)
    assert row.startswith(f"All matches: matches {total.matches}, won ") and "rounds won" in row
    assert "hints" in row and row.endswith(f"of {len(scene.focusables())}")
    key(app, pygame.K_RIGHT)
    assert recording.lines[-1].startswith(f"{scene.people[scene.person]}'s figures, 2 of 2 people")
    said = []
    for _ in range(len(scene.focusables())):
        key(app, pygame.K_DOWN)
        said.append(recording.lines[-1])
        row = scene.focused()
        if isinstance(row, TextRow):  # the ring on the row read, scrolled into view
            assert row.rect is not None and scene.pane.view.contains(row.rect)
            assert tuple(app.screen.get_at((row.rect.centerx, row.rect.top - 2)))[:3] == theme.GOLD
    assert any(line.startswith("Last match total, lower is better: ") for line in said)
    assert any(line.startswith("Round reviews, costly or clear mistakes per round") for line in said)


def test_statistics_with_no_match_say_so() -> None:
    scene = StatisticsScene(Statistics())
    assert scene.spoken_body().startswith("No finished match yet") and scene.spoken_rows() == []


def test_a_round_summary_reads_each_hand_and_score_row_again_on_the_arrows(app: App) -> None:
    recording = heard(app)
    session = _round_over()
    summary = _summary(app, session)
    frames(app, 70)  # its first second is deaf to keys meant for the table
    key(app, pygame.K_DOWN)
    names = session.match.names
    assert recording.lines[-1].startswith(f"{names[0]}: ")
    assert summary.focused() is summary.rows[0] and summary.rows[0].rect == summary.hand_rows[0].box
    key(app, pygame.K_DOWN)
    assert recording.lines[-1].startswith(f"{names[1]}: ")
    assert summary.rows[1].rect == summary.hand_rows[1].box
    key(app, pygame.K_END)
    for _ in summary.widgets:  # up over the buttons to the score sheet's last row
        key(app, pygame.K_UP)
    row = summary.focused()
    assert isinstance(row, TextRow) and row.text.startswith(f"{names[-1]}: round 1 ")
    assert row.rect is not None and summary.pane.view.contains(row.rect)
    rows = summary.spoken_rows()
    assert any(row.text.startswith(f"{names[0]}: round 1 ") for row in rows)


@pytest.mark.parametrize("kind", ["review", "statistics"])
def test_rows_never_repeat_their_neighbour(app: App, saves: SavesBridge, kind: str) -> None:
    heard(app)
    if kind == "statistics":
        app.push(app.routes.match_end(_finished(7, people=("Ana",))))
        app.push(app.routes.statistics())
    else:
        _press(_summary(app, _round_over()), "Review this round")
        review = app.top
        assert isinstance(review, ReviewScene) and frames_until(app, lambda: review.job.finished, 60)
    scene = app.top
    assert isinstance(scene, (ReviewScene, StatisticsScene))
    rows = [row.text for row in scene.spoken_rows()]
    assert rows and all(a != b for a, b in pairwise(rows))


def test_a_new_start_stops_what_the_screens_it_clears_were_saying(app: App) -> None:
    recording = heard(app)
    app.reset(app.routes.title())
    app.push(app.routes.settings())
    stops = recording.stops
    app.reset(app.routes.title())
    assert recording.stops == stops + 1 and recording.lines[-1].startswith("Mexican Train.")


def test_a_row_ending_in_a_stop_is_said_with_its_place_without_a_stray_stop() -> None:
    from game.ui.spoken_rows import position

    assert position("You: out: 0 points.", 0, 4) == "You: out: 0 points, 1 of 4"


def test_save_as_says_the_name_offered_and_how_to_save(app: App) -> None:
    from .conftest import position as seated, table_for
    from .test_saves_ui import _save_as

    recording = heard(app)
    table_for(app, seated([(4, 3)]))
    _save_as(app, "")
    said = next(line for line in recording.lines if line.startswith("Save as."))
    assert said.startswith("Save as. Type a name") and "Name of the save, text field: Classic, round 1" in said


def test_the_load_list_says_how_many_saves_it_holds(app: App, saves: SavesBridge) -> None:
    from .conftest import position as seated

    recording = heard(app)
    session = seated([(4, 3)])
    for name in ("Sunday", "Monday"):
        assert saves.save_named(session, name) is None
    app.push(app.routes.load())
    assert "Load a game. 2 saved games, the latest first: Down reads them." in recording.lines[-1]


def test_the_persons_own_statistics_are_theirs(app: App, saves: SavesBridge) -> None:
    recording = heard(app)
    app.push(app.routes.match_end(_finished(7, people=("You",))))
    app.push(app.routes.statistics())
    frames(app, 2)
    assert "Statistics. Your figures." in recording.lines[-1]
