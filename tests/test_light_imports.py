"""The title screen, the session and the save reader start without the
computer players' search or the round review behind them (start-up time),
and the light names they use instead agree with the real registry."""

from __future__ import annotations

import subprocess
import sys

from game.ai import KIND_NAMES, KINDS, LEVELS

HEAVY = ("game.ai.search", "game.ai.inference", "game.ai.medium", "game.review.value", "game.review.rounds")


def test_kind_names_name_every_registered_player_in_order() -> None:
    assert KIND_NAMES == tuple(KINDS)
    assert set(LEVELS) < set(KIND_NAMES)


def test_session_save_reader_and_title_load_no_search() -> None:
    code = (
        "import sys\n"
        "import game.memory.session, game.saves, game.saves.validate, game.ui.scenes.title, game.review\n"
        f"print(','.join(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.splitlines()[-1:]
    assert loaded == [""]


def test_the_review_search_still_loads_on_first_use() -> None:
    import game.review

    assert callable(game.review.review_round) and callable(game.review.value_decision)


def test_the_players_and_the_hint_load_on_first_use_as_themselves() -> None:
    import types

    import game.ai

    assert callable(game.ai.make_player) and callable(game.ai.hint)
    assert not isinstance(game.ai.hint, types.ModuleType), "the hint function, not its module"
    from game.ai import hint

    assert hint is game.ai.hint
