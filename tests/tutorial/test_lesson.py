"""The guided first round's data: the stored lesson fits its deal, a broken
lesson is caught, and the guide judges the person's moves step by step."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from game.engine import DRAW, END, MEXICAN, Play, parse_action, tile_id
from game.engine import events as ev
from game.tutorial import Guide, LessonError, check_lesson, lesson_session, load_lesson
from game.tutorial.lesson import lesson_from
from game.ui.paths import lesson_file


def raw_lesson() -> dict[str, object]:
    """The stored lesson file's JSON."""
    doc = json.loads(lesson_file().read_text(encoding="utf-8"))
    assert isinstance(doc, dict)
    return doc


def test_the_stored_lesson_fits_its_deal() -> None:
    """Every action of the stored round is legal on its deal, every move of the
    person is a step's, and the round ends with the person gone out."""
    assert check_lesson(load_lesson(lesson_file())) == []


def test_the_lesson_brings_up_every_rule_a_beginner_needs() -> None:
    """Played through, the round has the hub drawn for, a first-turn line, the
    Mexican train, markers up and a public train played on, doubles covered, a
    draw of the person's and the person going out."""
    lesson = load_lesson(lesson_file())
    session = lesson_session(lesson)
    match = session.match
    state = match.start_next_round()
    seen = list(state.events or [])
    for index in range(len(lesson.actions)):
        seen += match.apply(lesson.parsed(index))
    kinds = [type(e) for e in seen]
    assert kinds.index(ev.TileDrawn) < kinds.index(ev.EnginePlaced)  # drawn for
    person_plays = [e for e in seen if isinstance(e, ev.TilePlayed) and e.seat == 0]
    assert any(p.train == MEXICAN for p in person_plays)
    assert any(p.train == 2 for p in person_plays)  # Bruno's public train
    assert any(isinstance(e, ev.MarkerUp) and e.seat == 2 for e in seen)
    assert any(isinstance(e, ev.MarkerUp) and e.seat == 0 for e in seen)
    assert any(isinstance(e, ev.DoubleCovered) and e.seat == 0 for e in seen)
    assert any(isinstance(e, ev.DoubleCovered) and e.seat != 0 for e in seen)
    assert any(isinstance(e, ev.TileDrawn) and e.seat == 0 for e in seen[kinds.index(ev.EnginePlaced):])
    assert state.went_out == 0 and state.scores is not None and state.scores[0] == 0
    assert sum(1 for step in lesson.steps if step.action is not None) == 18  # the person's moves: each is a step


def test_an_edit_that_breaks_the_round_is_caught() -> None:
    """A lesson whose round has an illegal action, or a move of the person's
    that no step asks for, is named by the check."""
    doc = raw_lesson()
    actions = list(doc["actions"])  # type: ignore[call-overload]
    actions[18] = "play 5-1 on 3"  # Ana may not play on Carmen's private train
    doc["actions"] = actions
    problems = check_lesson(lesson_from(doc))
    assert any("not legal" in p for p in problems)
    doc = raw_lesson()
    doc["steps"] = [s for s in doc["steps"] if s.get("do") != "play 10-8 on 2"]  # type: ignore[attr-defined]
    problems = check_lesson(lesson_from(doc))
    assert any("no step asks for it" in p for p in problems)


def test_a_damaged_lesson_file_is_refused_with_the_reason(tmp_path: Path) -> None:
    """A lesson file that is not JSON, of another format, or with a step asking
    for an action the round does not hold is refused, saying why."""
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(LessonError, match="cannot be read"):
        load_lesson(bad)
    with pytest.raises(LessonError, match="not a lesson file"):
        lesson_from({"format": "something else"})
    doc = raw_lesson()
    doc["steps"] = [{"do": "play 6-6 on 3", "say": "No such move."}]
    with pytest.raises(LessonError, match="not among the round's actions"):
        lesson_from(doc)


def test_the_guide_accepts_the_steps_move_and_explains_others() -> None:
    """The expected move completes the step (passing over the Next steps before
    it); another legal move is explained, not accepted; an illegal one says
    what the step wants."""
    lesson = load_lesson(lesson_file())
    guide = Guide(lesson)
    assert guide.step is not None and guide.step.action is None
    legal = (Play(tile_id(12, 7), 0), Play(tile_id(12, 5), 0))
    other = guide.judge(Play(tile_id(12, 5), 0), legal)
    assert not other.expected and other.legal and "12-7" in other.explain
    illegal = guide.judge(DRAW, legal)
    assert not illegal.expected and not illegal.legal and "12-7" in illegal.explain
    assert guide.judge(Play(tile_id(12, 7), 0), legal).expected
    guide.acted(Play(tile_id(12, 7), 0))
    assert guide.index == 3 and guide.step is not None and guide.step.action == Play(tile_id(7, 7), 0)


def test_the_guide_holds_the_computers_at_a_step() -> None:
    """Computers may make the round's actions only up to where the step in force
    shows; Next lets them on."""
    lesson = load_lesson(lesson_file())
    index = next(i for i, s in enumerate(lesson.steps) if s.action is None and s.at == 9)
    guide = Guide(lesson, index)
    assert guide.hold() == 9 and guide.due(9) and not guide.due(8)
    assert guide.next()
    assert guide.hold() == 17 and guide.step is not None
    assert guide.step.action == parse_action("play 12-5 on mexican", 4)
    assert not guide.next()  # a do step waits for its move
    end = next(i for i, s in enumerate(lesson.steps) if s.action == END)
    assert dataclasses.replace(lesson.steps[end]).point.place == "end"


def test_a_lesson_that_would_break_the_table_is_refused_at_load() -> None:
    """A deal that is not the round's tiles, a computer seat of no level or a
    sentence with control characters never reaches the table; a Why? naming
    no section of the rules is named by the check."""
    doc = raw_lesson()
    doc["deal"] = list(doc["deal"])[:-1]  # type: ignore[call-overload]
    with pytest.raises(LessonError, match="set of tiles"):
        lesson_from(doc)
    doc = raw_lesson()
    doc["seats"][1]["kind"] = "grandmaster"  # type: ignore[index]
    with pytest.raises(LessonError, match="computer levels"):
        lesson_from(doc)
    doc = raw_lesson()
    doc["steps"][0]["say"] = "Hello\u202e"  # type: ignore[index]
    with pytest.raises(LessonError, match="not a sentence"):
        lesson_from(doc)
    doc = raw_lesson()
    doc["steps"][1]["why"] = "nowhere"  # type: ignore[index]
    assert any("no section" in p for p in check_lesson(lesson_from(doc)))
    doc = raw_lesson()
    doc["steps"][1]["point"] = ["marker:1"]  # Ana's marker is down at the start
    assert any("which is not up" in p for p in check_lesson(lesson_from(doc)))


def test_the_check_tool_names_a_broken_lesson(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``tools/find_tutorial_deal.py --check`` says the stored lesson is sound
    (exit 0) and names what is wrong with a broken copy (exit 1)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    from find_tutorial_deal import main

    assert main(["--check"]) == 0
    doc = raw_lesson()
    actions = list(doc["actions"])  # type: ignore[call-overload]
    actions[18] = "play 5-1 on 3"
    doc["actions"] = actions
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["--check", str(broken)]) == 1
    assert "action 18 (play 5-1 on 3) is not legal" in capsys.readouterr().out


def test_the_lesson_speaks_of_the_computers_as_the_move_log_does() -> None:
    """The move log says "their train" of every seat; the lesson's words never say
    "his" or "her" marker (one way of speaking of a seat, whoever sits there)."""
    import re

    from game.engine import preset
    from game.words.narrate import tell

    lesson = load_lesson(lesson_file())
    words = [s.say for s in lesson.steps] + [s.other or "" for s in lesson.steps] + [*lesson.learned, lesson.scoring]
    gendered = re.compile(r"\b(he|she|his|her|hers|him|himself|herself)\b", re.IGNORECASE)
    assert [w for w in words if gendered.search(w)] == []
    logged = tell([ev.TurnStarted(1), ev.Passed(1), ev.MarkerUp(1), ev.TurnStarted(2)], lesson.names, 0,
                  preset("classic"), 20)
    assert "their train" in logged[0].text
