"""Every computer kind decides as recorded under its version (tests/ai/data/decisions.json).

A save records the version of each kind that played a round, and
``verify-deal`` decides a computer's move again only under the same
version: so a kind must never decide differently without a new version.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from game.ai import make_player
from game.ai.levels import KIND_NAMES, VERSIONS
from game.engine import SeatView, deal_round, determinize, preset, seat_view
from game.engine.actions import action_text
from game.net.protocol.wire import view_from_json
from game.saves.validate import check_options

DATA = Path(__file__).resolve().parent / "data" / "decisions.json"
REFRESH = "python tools/record_decisions.py"


@cache
def recorded() -> dict[str, Any]:
    """The data file."""
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


def view_of(entry: dict[str, Any]) -> SeatView:
    """A recorded position as the seat to move sees it."""
    table = recorded()["tables"][entry["table"]]
    options = check_options(table["options"], table["preset"])
    return view_from_json(entry["view"], options.setup(table["players"]))


def test_the_positions_cover_every_preset_and_real_choices() -> None:
    data = recorded()
    assert sorted(data["versions"]) == sorted(KIND_NAMES)
    assert {t["preset"] for t in data["tables"]} == {"classic", "hub", "tournament", "star-ranch", "tap"}
    assert len(data["positions"]) >= 25
    assert all(len(entry["view"]["legal"]) >= 3 for entry in data["positions"])
    split = [e for e in data["positions"] if len(set(e["decisions"].values())) > 1]
    assert len(split) >= len(data["positions"]) // 2, "most positions tell the kinds apart"


@pytest.mark.parametrize("kind", KIND_NAMES)
def test_a_kind_decides_as_recorded_under_its_version(kind: str) -> None:
    data = recorded()
    version = data["versions"][kind]
    assert version == VERSIONS[kind], (
        f"{kind} is at version {VERSIONS[kind]} but its decisions were recorded under version {version}: "
        f"record them again with {REFRESH} and commit the file"
    )
    for number, entry in enumerate(data["positions"]):
        again = action_text(make_player(kind, entry["seed"]).choose(view_of(entry)))
        assert again == entry["decisions"][kind], (
            f"{kind} (version {version}) now plays '{again}' at position {number}, where it played "
            f"'{entry['decisions'][kind]}': its decisions changed, so bump the level's version "
            f"(VERSIONS in game/ai/levels.py) and record the decisions again with {REFRESH}"
        )


def test_the_engine_offers_each_recorded_position_its_legal_actions_in_the_recorded_order() -> None:
    """The kinds read a position's legal actions in the engine's order (a random pick, the first of
    equals): a change of that order changes their decisions in play though the recorded views, which
    carry the old order, would still pass the test above. Rebuilt with any deal of the unseen
    tiles (the list depends on the seat's own hand and the table alone), each position lists its
    actions as recorded."""
    for number, entry in enumerate(recorded()["positions"]):
        view = view_of(entry)
        unseen = iter(view.unseen_tiles())
        hidden = {seat: [next(unseen) for _ in range(size)] for seat, size in enumerate(view.hand_sizes)
                  if seat != view.seat}
        state = determinize(view, hidden, list(unseen))
        assert tuple(state.legal_actions()) == view.legal, (
            f"position {number}: the engine lists the legal actions differently from the recorded view, so "
            f"every kind may decide differently in play: bump the versions (VERSIONS in game/ai/levels.py) "
            f"and record the decisions again with {REFRESH}"
        )


def test_medium_decides_alike_whatever_the_order_of_the_legal_actions() -> None:
    """Medium ranks the plays by a key that two plays never share (on one train, equal pips mean
    the same tile), so its choice is a function of the set of legal actions, whatever the engine's
    order (which changed Random's, Easy's, Hard's and Expert's decisions, not Medium's). The
    others read the order (a random pick, a search whose candidates keep the order of equals).
    Over every decision of a few rounds of Medium."""
    rng = random.Random(52)
    checked = 0
    for rules, players in (("classic", 4), ("hub", 3), ("star-ranch", 2), ("tap", 6)):
        setup = preset(rules).setup(players)
        for deal in range(3):
            engine = setup.engines[deal % len(setup.engines)] if setup.engines else None
            state = deal_round(setup, engine, 0, random.Random(f"order/{rules}/{deal}"), record_events=False)
            while not state.round_over:
                view = seat_view(state, state.to_move)
                chosen = make_player("medium", "order").choose(view)
                if len(view.legal) > 2:
                    checked += 1
                    for order in (view.legal[::-1], tuple(rng.sample(view.legal, len(view.legal)))):
                        again = make_player("medium", "order").choose(replace(view, legal=order))
                        assert again == chosen, f"{rules}: Medium reads the order of {[str(a) for a in order]}"
                state.apply(chosen)
    assert checked > 100
