"""The rooms of game/ import only the rooms they may (docs/architecture.md draws the same table).

``RULES`` is the one table: each room (a package of game/, or one of the
network package's rooms) and what it may import besides itself and the
floor (the few modules directly in game/). An entry is a room, or a single
module of a room when only that module may be taken. Every import counts:
at the top, inside a function, and under ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"

FLOOR = ("game.version", "game.lazy", "game.native", "game.pools", "game.core_build")
"""The modules directly in game/: every room may take them; they take no room (but ``__main__``)."""

NET_BELOW = ("game.engine", "game.memory", "game.saves")

RULES: dict[str, tuple[str, ...]] = {
    "game": (),
    "game.__main__": ("game.commands",),
    "game.engine": (),
    "game.ai": ("game.engine",),
    "game.review": ("game.engine", "game.ai", "game.memory.files"),
    "game.memory": ("game.engine", "game.ai.levels", "game.review.cache"),
    "game.saves": ("game.engine", "game.ai", "game.review", "game.memory"),
    "game.words": ("game.engine", "game.ai", "game.memory.session"),
    "game.scenarios": ("game.engine", "game.memory.files"),
    "game.speech": ("game.memory.files",),
    "game.tutorial": ("game.engine", "game.ai", "game.memory.session", "game.memory.files", "game.words.rules_help"),
    "game.look": (),
    "game.web": ("game.look", "game.memory.files", "game.net.protocol.addresses"),
    "game.net": (),
    "game.net.protocol": ("game.engine", "game.ai", "game.memory.files", "game.memory.names"),
    "game.net.store": ("game.net.protocol", "game.memory.files", "game.saves.lock"),
    "game.net.table": (
        "game.engine", "game.memory.names", "game.memory.session", "game.saves.codec", "game.net.protocol",
        "game.net.store.records", "game.net.store.rows", "game.net.store.base",
    ),
    "game.net.server": (
        *NET_BELOW, "game.ai.decision", "game.net.loops", "game.net.protocol", "game.net.table", "game.net.store",
        "game.web",
    ),
    "game.net.client": (
        *NET_BELOW, "game.ai.levels", "game.net.loops", "game.net.protocol", "game.net.table", "game.net.store",
    ),
    "game.play": (
        "game.engine", "game.ai", "game.review", "game.words", "game.memory", "game.net.client", "game.net.protocol",
    ),
    "game.ui": (
        "game.engine", "game.ai", "game.review", "game.saves", "game.words", "game.memory", "game.speech",
        "game.tutorial", "game.play", "game.net.client", "game.net.protocol", "game.net.server", "game.look",
    ),
    "game.commands": (
        "game.engine", "game.ai", "game.review", "game.saves", "game.words", "game.memory", "game.scenarios",
        "game.ui", "game.net.server",
    ),
}
"""Each room and the rooms (or single modules of a room) it may import besides itself and the floor."""


def room_of(module: str) -> str:
    """The room ``module`` lies in: the longest name in ``RULES`` it is or lies under."""
    return max((room for room in RULES if module == room or module.startswith(room + ".")), key=len)


def modules(root: Path) -> dict[str, Path]:
    """Every module under ``root`` (a folder named ``game``) by its dotted name."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The game's modules ``module`` imports: a module named in ``from X import name`` where it is one,
    else the package ``X``; relative imports resolved."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, *([base] if base else [])])
            named = [f"{base}.{alias.name}" for alias in node.names]
            found.update(name for name in named if name in known)
            if any(name not in known for name in named):
                found.add(base)
    return {name for name in found if name == "game" or name.startswith("game.")}


def allowed(importer: str, imported: str) -> bool:
    """Whether the rule table lets ``importer``'s room import ``imported``."""
    room = room_of(importer)
    if room_of(imported) == room or imported in FLOOR:
        return True
    return any(imported == entry or imported.startswith(entry + ".") for entry in RULES[room])


def violations(root: Path) -> list[str]:
    """'importer -> imported' for every import under ``root`` the rule table does not allow."""
    known = modules(root)
    return sorted(f"{module} -> {imported}" for module, path in known.items()
                  for imported in imports(module, path, known) if not allowed(module, imported))


def test_every_room_imports_only_what_the_rule_table_allows() -> None:
    assert violations(GAME) == []


def test_every_package_of_the_game_has_its_room_in_the_rule_table() -> None:
    packages = {name for name, path in modules(GAME).items() if path.name == "__init__.py"}
    assert {package for package in packages if package not in RULES and room_of(package) == "game"} == set()
    assert {"game.net.protocol", "game.net.table", "game.net.store", "game.net.server", "game.net.client"} <= packages


def test_the_check_finds_a_type_only_import_from_server_to_client_and_a_lazy_one_up(tmp_path: Path) -> None:
    game = tmp_path / "game"
    for folder in ("net/server", "net/client", "net/table", "engine", "ui"):
        (game / folder).mkdir(parents=True)
    for init in ("", "net", "net/server", "net/client", "net/table", "engine", "ui"):
        (game / init / "__init__.py").write_text("")
    (game / "net" / "client" / "client.py").write_text("from ..table import seats\n")
    (game / "net" / "table" / "seats.py").write_text("")
    (game / "ui" / "scene.py").write_text("")
    (game / "net" / "server" / "tables.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from ..table.seats import Seat\n"
        "if TYPE_CHECKING:\n"
        "    from ..client.client import Client\n")
    (game / "engine" / "rules.py").write_text("def f():\n    from ..ui import scene\n")
    assert violations(game) == ["game.engine.rules -> game.ui.scene", "game.net.server.tables -> game.net.client.client"]
