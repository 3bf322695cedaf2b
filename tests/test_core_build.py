"""The release build compiles the whole engine and the search's hot modules,
and says which build runs (``game.core_build``)."""

from __future__ import annotations

import ast
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


def _reused_handler_names(source: str) -> list[str]:
    """Names that two ``except ... as NAME`` clauses of one function bind to different exception types."""
    found = []
    for function in ast.walk(ast.parse(source)):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            types: dict[str, set[str]] = {}
            for node in ast.walk(function):
                if isinstance(node, ast.ExceptHandler) and node.name and node.type is not None:
                    types.setdefault(node.name, set()).add(ast.unparse(node.type))
            found += [f"{function.name}: {name}" for name, kinds in types.items() if len(kinds) > 1]
    return found


def test_no_compiled_function_binds_one_name_to_two_kinds_of_exception() -> None:
    # Compiled, the name keeps the type of the first clause that binds it, and the
    # second clause raises TypeError instead of handling its exception (a damaged
    # save's illegal move was reported as "cannot be read (TypeError)").
    assert _reused_handler_names("def f():\n    try: pass\n    except KeyError as e: pass\n"
                                 "    except ValueError as e: pass\n") == ["f: e"]
    reused = {path: _reused_handler_names((ROOT / path).read_text(encoding="utf-8")) for path in COMPILED}
    assert not {path: names for path, names in reused.items() if names}
