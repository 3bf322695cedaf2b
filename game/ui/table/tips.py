"""First-match tips: short, shown once each (remembered in the settings), when
the table first shows what they explain."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from ...engine import RoundState

if TYPE_CHECKING:
    from ..settings import Settings

TIPS: dict[str, str] = {
    "first-turn": "Your turn: drag a tile from your hand to a glowing train end, or click the tile, then the "
    "train. When nothing fits, the boneyard glows if you may draw. H suggests a move; L lists the moves so far.",
    "open-double": "A double lies across its train and pulses: it must be covered before anything else is "
    "played, by whoever's turn it is.",
    "public-train": "A green flag makes a train public: anyone may play on it. A red octagon keeps it "
    "private: only its owner plays there.",
    "empty-boneyard": "The boneyard is empty: when nothing fits you pass, and your train turns public.",
}
"""Each tip's key (remembered once shown) and text, in the order they are offered."""


def tip_outlived(key: str, your_turn: bool) -> bool:
    """Whether the tip ``key`` on show explains a moment that is over: the
    first-turn tip goes once the person's turn has passed (they have just done
    what it explains); the others stay until closed."""
    return key == "first-turn" and not your_turn


def due_tip(state: RoundState, human: int | None, your_turn: bool, seen: Collection[str]) -> str | None:
    """The key of a tip the table should show now (None: none is due), for the
    person in ``human``'s seat when the picture shows ``state``."""
    if human is None or state.round_over:
        return None
    showing = {
        "first-turn": your_turn,
        "open-double": bool(state.open_doubles),
        "public-train": any(state.public),
        "empty-boneyard": not state.boneyard,
    }
    return next((key for key in TIPS if showing[key] and key not in seen), None)


def next_tip(current: str | None, state: RoundState | None, human: int | None, yours: bool,
             settings: Settings) -> str | None:
    """The tip on show after this frame: ``current`` until it is outlived (``yours``:
    the person is to move) or the round is over (the summary comes over the table, and
    no tip stays behind it), else the one due now (``state``: the picture once it has
    caught up, None while it catches up or a demo plays), remembered in ``settings``
    as shown."""
    if state is not None and state.round_over:
        return None
    if current is not None and not tip_outlived(current, yours):
        return current
    key = None if state is None else due_tip(state, human, yours, settings.tips_seen)
    if key is not None:
        settings.saw_tip(key)
    return key
