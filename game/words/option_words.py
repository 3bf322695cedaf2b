"""Rule options in a player's words: a short label for each option and a short
phrase for each value, as the setup screen's pickers show them.

The identifiers (``round_start``, ``draw-in-turn``) stay what scenario files
and saves use; the rules help shows them beside these words for scenario
authors.
"""

from __future__ import annotations

from typing import Any, Final

LABELS: Final[dict[str, str]] = {
    "set_max": "Domino set",
    "hand_size": "Tiles dealt",
    "first_engine": "First hub double",
    "rounds": "Rounds",
    "round_start": "Finding the hub double",
    "zero_zero_value": "The 0-0 counts",
    "multi_tile_start": "Several tiles at once",
    "own_train_first": "Own train before others",
    "mexican_after_own_turn": "Mexican a turn later",
    "start_public_unstarted": "Others start yours",
    "discretionary_markers": "Markers follow play",
    "may_open_own": "Open your own train",
    "after_double": "After laying a double",
    "double_order": "Open doubles covered",
    "going_out_on_double": "Last tile on a double",
    "cover_bonus_play": "Extra play after a cover",
    "uncovered_double_charge": "Open double charged",
    "suspension": "Suspension",
    "knock": "One tile left",
}
"""A short label per option (what the setup writes beside its picker)."""

_VALUES: Final[dict[str, dict[Any, str]]] = {
    "round_start": {
        "draw-in-turn": "draw in turn",
        "all-draw": "everyone draws",
        "designate-largest": "largest double",
        "held-out": "set aside",
        "held-out-winner": "set aside, winner",
        "highest-unused": "highest unused",
    },
    "multi_tile_start": {
        "first-turn": "on the first turn",
        "starting-turn": "when starting your train",
        "none": "never",
    },
    "after_double": {
        "cover-or-end": "cover or end turn",
        "cover-or-draw": "cover, drawing once",
        "extra-tile": "one more tile",
    },
    "double_order": {"oldest-first": "oldest first", "newest-first": "newest first"},
    "going_out_on_double": {"ends-round": "ends the round", "must-cover": "must be covered"},
    "knock": {"none": "nothing to say", "courtesy": "announced for you", "penalty": "knock, or a penalty tile"},
}


def label(name: str) -> str:
    """The short label of option ``name`` ('After laying a double')."""
    return LABELS.get(name, name.replace("_", " ").capitalize())


def phrase(name: str, value: Any) -> str:
    """The short phrase for ``value`` of option ``name`` ('cover it, or turn ends')."""
    words = _VALUES.get(name, {})
    if isinstance(value, str) and value in words:
        return words[value]
    if value is None:
        return {"set_max": "by player count", "hand_size": "by the deal table", "first_engine": "the highest",
                "rounds": "one per double"}.get(name, "automatic")
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if name == "set_max":
        return f"double-{value}"
    if name == "first_engine":
        return f"{value}-{value}"
    if name == "hand_size":
        return f"{value} tiles"
    if name == "zero_zero_value":
        return f"{value} points"
    return str(value)
