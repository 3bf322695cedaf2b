"""The release build compiles the whole engine and the search's hot modules,
and says which build runs (``game.core_build``)."""

from __future__ import annotations

from pathlib import Path

from game.core_build import COMPILED, ENGINE, module_name

ROOT = Path(__file__).resolve().parents[1]


def test_every_module_of_the_engine_is_compiled_in_a_release_build() -> None:
    on_disk = sorted(p.stem for p in (ROOT / "game" / "engine").glob("*.py") if p.stem != "__init__")
    assert sorted(ENGINE) == on_disk


def test_every_compiled_file_exists_and_names_its_module() -> None:
    assert all((ROOT / path).is_file() for path in COMPILED)
    assert module_name("game/engine/__init__.py") == "game.engine"
    assert "game/engine/__init__.py" not in COMPILED, "the package's __init__ stays Python"
    assert module_name("game/ai/search.py") == "game.ai.search"
