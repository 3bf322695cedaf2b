"""The UI's door to saved games (issue 6 builds ``game.saves``).

The UI calls only these functions. Until ``game.saves`` provides
``default_store()`` (a store with ``autosave(session)``,
``continue_latest() -> (session, note)``, ``list_saves()`` and
``load(path) -> session``, ``save_named(session, name)`` and
``delete(path)``, raising ``game.saves.SaveError``), they report that there
is no saved game yet.
"""

from __future__ import annotations

from typing import Any

from ..session import GameSession

NO_SAVES = "No saved game yet"


_STORE: list[Any] = []


def _store() -> Any | None:
    """The save store (one per run), or None while game.saves is not available."""
    if _STORE:
        return _STORE[0]
    try:
        from .. import saves

        store = saves.default_store()
    except (ImportError, AttributeError):
        return None
    except Exception:  # noqa: BLE001 - a broken save folder must not stop the game
        return None
    _STORE.append(store)
    return store


def flush() -> None:
    """Wait for pending autosaves to reach the disk (before the game exits)."""
    if _STORE and hasattr(_STORE[0], "flush"):
        try:
            _STORE[0].flush()
        except Exception:  # noqa: BLE001, S110
            pass


def _reason(error: BaseException) -> str:
    """A refusal's reason for the player."""
    return str(getattr(error, "reason", "") or error)


def _error_types() -> tuple[type[BaseException], ...]:
    try:
        from .. import saves

        return (saves.SaveError, OSError, ValueError)
    except (ImportError, AttributeError):
        return (OSError, ValueError)


def available() -> bool:
    """Whether saving and loading works in this build."""
    return _store() is not None


def autosave(session: GameSession) -> str | None:
    """Save ``session`` as the autosave; returns a problem to show, or None."""
    store = _store()
    if store is None:
        return None
    try:
        store.autosave(session)
    except _error_types() as error:
        return f"Could not save: {_reason(error)}"
    return None


def save_named(session: GameSession, name: str) -> str | None:
    """Save ``session`` under ``name``; returns a problem to show, or None."""
    store = _store()
    if store is None:
        return "Saving is not available in this build."
    try:
        store.save_named(session, name)
    except _error_types() as error:
        return f"Could not save: {_reason(error)}"
    return None


def delete(entry: Any) -> str | None:
    """Delete one entry of ``list_saves()`` (and its backup); a problem to show, or None."""
    store = _store()
    if store is None:
        return NO_SAVES
    try:
        store.delete(getattr(entry, "path", entry))
    except _error_types() as error:
        return f"Could not delete: {_reason(error)}"
    return None


def default_name(session: GameSession) -> str:
    """A name to offer for a named save: the rules and the round, e.g. "Classic, round 3"."""
    match = session.match
    rules = str(getattr(match.setup.options, "preset", "game")).replace("-", " ").title()
    return f"{rules}, round {max(1, match.round_number)}"


def continue_latest() -> tuple[GameSession | None, str]:
    """The latest saved game and a note for the player, or (None, reason)."""
    store = _store()
    if store is None:
        return None, NO_SAVES
    try:
        session, note = store.continue_latest()
    except _error_types() as error:
        return None, _reason(error) or NO_SAVES
    if session is None:
        return None, note or NO_SAVES
    return session, note or ""


def list_saves() -> list[Any]:
    """Saved games to offer on the Load screen (entries as the store gives them)."""
    store = _store()
    if store is None:
        return []
    try:
        return list(store.list_saves())
    except _error_types():
        return []


def load(entry: Any) -> tuple[GameSession | None, str]:
    """Load one entry of ``list_saves()``; (session, '') or (None, reason)."""
    store = _store()
    if store is None:
        return None, NO_SAVES
    path = getattr(entry, "path", entry)
    try:
        return store.load(path), ""
    except _error_types() as error:
        return None, _reason(error)


def describe_lines(entry: Any) -> tuple[str, str, str]:
    """A save entry as (name, date, details): the details give the rules, the
    round and the scores, or for a damaged save why it cannot be read."""
    name = getattr(entry, "name", None) or describe(entry)
    label = "Autosave" if getattr(entry, "is_autosave", False) else str(name)
    date = getattr(entry, "date", None)
    when = date.strftime("%d %b %Y  %H:%M") if date is not None else ""
    problem = getattr(entry, "problem", None)
    if problem:
        return label, when, f"Cannot be read: {problem}"
    if not hasattr(entry, "round"):
        return label, when, ""
    rules = str(entry.preset).replace("-", " ").title()
    scores = "  \u00b7  ".join(
        f"{seat} {score}" for seat, score in zip(getattr(entry, "seat_names", []), getattr(entry, "scores", []))
    )
    details = f"{rules}  \u00b7  round {entry.round} of {entry.rounds}"
    return label, when, f"{details}  \u2014  {scores}" if scores else details


def describe(entry: Any) -> str:
    """A one-line label for a save entry."""
    name = getattr(entry, "name", None)
    if isinstance(name, str) and hasattr(entry, "round"):
        if getattr(entry, "problem", None):
            return f"{name}  \u00b7  cannot be read: {entry.problem}"
        label = "Autosave" if getattr(entry, "is_autosave", False) else name
        when = entry.date.strftime("%d %b %H:%M") if getattr(entry, "date", None) else ""
        return f"{label}  \u00b7  {entry.preset}, round {entry.round} of {entry.rounds}  \u00b7  {when}"
    for attr in ("label", "title", "name"):
        value = getattr(entry, attr, None)
        if isinstance(value, str) and value:
            return value
    path = getattr(entry, "path", entry)
    return str(getattr(path, "name", path))
