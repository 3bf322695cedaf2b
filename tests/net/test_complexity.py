"""Every function of the network package stays within complexity 15.

Counted as radon counts it, stricter than the mccabe count ruff's C901 holds
game/net to (pyproject.toml): one for the function, one for each if, elif,
conditional expression, loop, except, with, assert and case, one for each
comprehension and each of its conditions, and one for each boolean operator
beyond the first operand. A nested function is counted on its own.
"""

from __future__ import annotations

import ast
from pathlib import Path

NET = Path(__file__).resolve().parents[2] / "game" / "net"
LIMIT = 15
BRANCHES = (ast.If, ast.IfExp, ast.For, ast.AsyncFor, ast.While, ast.ExceptHandler, ast.With, ast.AsyncWith,
            ast.Assert, ast.match_case)
Function = ast.FunctionDef | ast.AsyncFunctionDef


def complexity(function: Function) -> int:
    """The function's own complexity (nested functions, classes and lambdas left out)."""
    count, stack = 1, list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, BRANCHES):
            count += 1
        elif isinstance(node, ast.comprehension):
            count += 1 + len(node.ifs)
        elif isinstance(node, ast.BoolOp):
            count += len(node.values) - 1
        stack.extend(ast.iter_child_nodes(node))
    return count


def functions(tree: ast.AST) -> list[Function]:
    """Every function and method in ``tree``, nested ones too."""
    return [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


def too_complex(folder: Path) -> list[str]:
    """'path:line name (count)' for each function under ``folder`` over ``LIMIT``."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for function in functions(ast.parse(path.read_text(encoding="utf-8"))):
            count = complexity(function)
            if count > LIMIT:
                found.append(f"{path.relative_to(folder.parent)}:{function.lineno} {function.name} ({count})")
    return found


def test_every_function_of_the_network_package_is_within_complexity_15() -> None:
    assert too_complex(NET) == []


def test_the_count_adds_branches_boolean_operators_and_comprehensions(tmp_path: Path) -> None:
    (tmp_path / "net").mkdir()
    names = [f"x{i}" for i in range(13)]
    (tmp_path / "net" / "tangled.py").write_text(
        f"def tangled({', '.join(names)}, items):\n"
        f"    if {' and '.join(names)}:\n"  # 1 for the function, 1 for the if, 12 for its operators
        f"        return [i for i in items if i]\n"  # 2: the comprehension and its condition
        f"    def inner():\n"
        f"        return x0 or x1\n"  # counted on its own: 2
        f"    return None\n")
    (tmp_path / "net" / "plain.py").write_text("def plain(x):\n    return x or 1\n")
    tree = ast.parse((tmp_path / "net" / "tangled.py").read_text())
    assert [complexity(f) for f in functions(tree)] == [16, 2]
    assert too_complex(tmp_path / "net") == ["net/tangled.py:1 tangled (16)"]
