"""A lesson as data: a fixed deal, the round's actions, and the guide's steps.

The lesson file (``assets/lessons/first-round.json``, found through
``game.ui.paths.lesson_file`` and read through the one
safe reader ``game.memory.files``) holds the rules preset, the seats, the deal (every
tile in the order dealt), every action of the round in the match record's text
form (``play 12-7 on 0``, ``draw``, ``end``), and the steps. A step is what
the game says (one or two sentences; ``said``, where those point at what the
eyes see, the same for the ear: the keys are added to either from the step's
action), what it points at, and what completes it: a ``do`` step waits for the person's action (the round's next action of
theirs), a step without ``do`` waits for Next (Enter). ``at`` sets how many of
the round's actions are made before a step shows (the computers' turns in
between); a ``do`` step shows when its action is next.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..ai import KINDS
from ..engine import DRAW, END, MEXICAN, Action, Play, RuleOptions, parse_action, preset
from ..engine.actions import ActionSyntaxError
from ..engine.start import round_tiles
from ..engine.tiles import TEXT, Tile, TileSyntaxError, parse_tile
from ..memory.files import FileProblem, bad_character, parse_json, read_file

FORMAT_MARK = "mexican-train lesson"
VERSION = 1
MAX_BYTES = 100_000
PLACES = ("hand", "hub", "boneyard", "end")
"""What a step may point at besides a tile and a train: your hand, the hub, the boneyard, the End turn button."""


class LessonError(ValueError):
    """A lesson file that cannot be used; the message says why."""


@dataclass(frozen=True, slots=True)
class Pointer:
    """What a step points at (glow and arrow): a tile in the person's hand, a
    train (a seat number or ``MEXICAN``: where a tile goes, or on a step that
    explains, its last tile), a seat's marker and a place (``PLACES``), each optional."""

    tile: Tile | None = None
    train: int | None = None
    place: str | None = None
    marker: int | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """One step: ``say`` (the game's words), ``action`` to wait for (None: Next),
    ``at`` (the round's actions made before it shows), what it points at and,
    for a ``do`` step, ``other``: what to say when the person makes another
    legal move (None: a sentence made from ``say``)."""

    say: str
    action: Action | None
    at: int
    point: Pointer
    other: str | None = None
    why: str | None = None
    """The rules help section behind the step (its Why? opens it), or None."""
    said: str | None = None
    """The step's words for the ear where ``say`` points at what the eyes see (None: ``say``)."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """A whole lesson: the table, the deal, the round's actions and the steps,
    plus what the round summary says at its end."""

    options: RuleOptions
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    deal: tuple[Tile, ...]
    actions: tuple[str, ...]
    steps: tuple[Step, ...]
    learned: tuple[str, ...]
    scoring: str
    person: int = 0

    def parsed(self, index: int) -> Action:
        """The round's action number ``index`` as an engine action."""
        return parse_action(self.actions[index], len(self.names), self.options.setup(len(self.names)).set_max)


def load_lesson(path: Path) -> Lesson:
    """Read and check the lesson at ``path`` (the game's own are found by
    ``game.ui.paths.lesson_file``); LessonError saying why it cannot be used."""
    try:
        doc = parse_json(read_file(path, MAX_BYTES, owned=False), "a lesson")
    except FileNotFoundError:
        raise LessonError(f"the lesson file {path.name} is missing") from None
    except FileProblem as problem:
        raise LessonError(f"the lesson file cannot be read: {problem}") from None
    return lesson_from(doc)


def lesson_from(doc: Any) -> Lesson:
    """A lesson from its parsed JSON; LessonError naming what is wrong."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT_MARK or doc.get("version") != VERSION:
        raise LessonError("it is not a lesson file of this version")
    try:
        options = preset(str(doc["rules"]))
        seats = doc["seats"]
        names = tuple(_words(s["name"], 20) for s in seats)
        kinds = _kinds(seats)
        setup = options.setup(len(names))
        set_max = setup.set_max
        deal = tuple(parse_tile(str(t), set_max) for t in doc["deal"])
        if sorted(deal) != round_tiles(setup, setup.engines[0] if setup.engines else None):
            raise LessonError("the deal is not the round's set of tiles, each once")
        actions = tuple(str(a) for a in doc["actions"])
        for text in actions:
            parse_action(text, len(names), set_max)
        steps = _steps(doc["steps"], actions, len(names), set_max)
        learned = tuple(_words(line) for line in doc["learned"])
        scoring = _words(doc["scoring"])
    except (KeyError, TypeError) as error:
        raise LessonError(f"a field is missing or of the wrong kind ({error})") from None
    except (ActionSyntaxError, TileSyntaxError, ValueError) as error:
        raise LessonError(str(error)) from None
    return Lesson(options, names, kinds, deal, actions, steps, learned, scoring)


def _kinds(seats: Any) -> tuple[str, ...]:
    """Who plays each seat: the person first (``human``), then computer levels."""
    kinds = tuple(str(s["kind"]) for s in seats)
    if not kinds or kinds[0] != "human" or any(kind not in KINDS for kind in kinds[1:]):
        raise LessonError("the first seat must be the person's and the others computer levels")
    return kinds


def _words(value: Any, limit: int = 300) -> str:
    """A sentence fit to draw: text of at most ``limit`` characters without control characters."""
    if not isinstance(value, str) or not value.strip() or len(value) > limit or bad_character(value) is not None:
        raise LessonError(f"'{str(value)[:40]}' is not a sentence the game can show")
    return value


def _steps(raw: Any, actions: tuple[str, ...], players: int, set_max: int) -> tuple[Step, ...]:
    """The steps, each ``do`` step placed at its action: the first of the round's
    actions from where the previous step left that has its text."""
    steps = []
    cursor = 0
    for number, item in enumerate(raw, 1):
        action = parse_action(str(item["do"]), players, set_max) if "do" in item else None
        if action is None:
            at = int(item.get("at", cursor))
        else:
            start = int(item.get("at", cursor))  # "at" picks one of several same actions (two seats' draws)
            at = next((i for i in range(start, len(actions)) if actions[i] == str(item["do"])), -1)
            if at < 0:
                raise LessonError(f"step {number}: '{item['do']}' is not among the round's actions from "
                                  f"action {cursor} on")
        if at < cursor:
            raise LessonError(f"step {number} goes back to action {at} (the lesson is already at {cursor})")
        cursor = at + 1 if action is not None else at
        point = _pointer(item.get("point", []), action, players, set_max)
        other = _words(item["other"]) if "other" in item else None
        why = str(item["why"]) if "why" in item else None
        said = _words(item["said"]) if "said" in item else None
        steps.append(Step(_words(item["say"]), action, at, point, other, why, said))
    return tuple(steps)


def _pointer(raw: Any, action: Action | None, players: int, set_max: int) -> Pointer:
    """What a step points at: as written (``tile:12-7``, ``train:0``, ``train:mexican``,
    ``marker:2``, ``hand``, ``hub``, ``boneyard``, ``end``), else what its action uses."""
    tile: Tile | None = None
    train: int | None = None
    place: str | None = None
    marker: int | None = None
    for word in raw:
        kind, _, value = str(word).partition(":")
        if kind == "tile":
            tile = parse_tile(value, set_max)
        elif kind == "train":
            train = MEXICAN if value == "mexican" else int(value)
            if not -1 <= train < players:
                raise LessonError(f"'{word}' is not a train at this table")
        elif kind == "marker":
            marker = int(value)
            if not 0 <= marker < players:
                raise LessonError(f"'{word}' is not a seat's marker at this table")
        elif kind in PLACES:
            place = kind
        else:
            raise LessonError(f"'{word}' is nothing a step can point at")
    if not raw and isinstance(action, Play):
        tile, train = action.tile, action.train
    elif not raw and action == DRAW:
        place = "boneyard"
    elif not raw and action == END:
        place = "end"
    return Pointer(tile, train, place, marker)


def describe_action(action: Action, names: tuple[str, ...], person: int = 0) -> str:
    """A short instruction for ``action`` ("play the 12-7 on your train")."""
    if isinstance(action, Play):
        if action.train == MEXICAN:
            where = "the Mexican train"
        elif action.train == person:
            where = "your train"
        else:
            where = f"{names[action.train]}'s train"
        return f"play the {TEXT[action.tile]} on {where}"
    if action == DRAW:
        return "draw from the boneyard (a click on it, or D)"
    if action == END:
        return "end your turn (E)"
    return str(action)


def keys_for(action: Action | None) -> str:
    """The keys that do what a step waits for ("Keys: press 1 to play the 12-7."; the table plays the tile
    the step points at when none is picked up);
    a step that only explains waits for Enter."""
    if isinstance(action, Play):
        key = "M" if action.train == MEXICAN else str(action.train + 1)
        return f"Keys: press {key} to play the {TEXT[action.tile]}."
    if action == DRAW:
        return "Keys: press D to draw."
    if action == END:
        return "Keys: press E to end your turn."
    return "Press Enter to go on."


def step_words(step: Step) -> str:
    """A step as it is said aloud: its words for the ear, then the keys that do what it waits for."""
    return f"{step.said or step.say} {keys_for(step.action)}"
