"""Learn to play: a guided first round, its steps as data (``lesson``), the
guide that follows them (``guide``) and the lesson's table (``play``). No pygame."""

from .guide import Guide, Verdict
from .lesson import Lesson, LessonError, Pointer, Step, describe_action, keys_for, load_lesson, step_words
from .play import LessonMatch, ScriptedWorker, check_lesson, checked_lesson, lesson_session

__all__ = [
    "Guide", "Lesson", "LessonError", "LessonMatch", "Pointer", "ScriptedWorker", "Step", "Verdict",
    "check_lesson", "checked_lesson", "describe_action", "keys_for", "lesson_session", "load_lesson", "step_words",
]
