"""tools/build_app.py asks PyInstaller for the right app (nothing is built here)."""

from __future__ import annotations

import ast
import importlib.util
import tomllib
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def build_app() -> ModuleType:
    """tools/build_app.py as a module."""
    spec = importlib.util.spec_from_file_location("build_app", ROOT / "tools" / "build_app.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_app_is_one_folder_named_mexican_train_and_carries_the_assets() -> None:
    tool = build_app()
    args = tool.pyinstaller_args(Path("entry.py"), clean=False)
    assert "--onedir" in args and args[args.index("--name") + 1] == "mexican-train"
    import os

    assert args[args.index("--add-data") + 1] == f"{ROOT / 'assets'}{os.pathsep}game/assets"
    assert tool.DIST / "mexican-train" == ROOT / "dist" / "mexican-train"


def test_the_app_builds_only_with_the_pinned_versions_and_names_every_bundled_license() -> None:
    tool = build_app()
    pins = tool.pinned()
    assert {"pygame-ce", "pytmx", "platformdirs", "pyinstaller"} <= set(pins)
    assert all(version and version[0].isdigit() for version in pins.values())
    notice = (tool.LICENSES / "THIRD-PARTY.md").read_text(encoding="utf-8")
    for component in ("CPython", "pygame-ce", "SDL2", "FreeType", "pytmx", "platformdirs", "DejaVu"):
        assert component in notice
    for text in ("LGPL-2.1.txt", "LGPL-3.0.txt", "GPL-3.0.txt", "zlib.txt", "FTL.txt"):
        assert (tool.LICENSES / text).stat().st_size > 500 or text == "zlib.txt"


def test_the_entry_script_calls_freeze_support_first_and_bakes_the_pyproject_version() -> None:
    tool = build_app()
    version = tool.project_version()
    with open(ROOT / "pyproject.toml", "rb") as file:
        assert version == tomllib.load(file)["project"]["version"]
    tree = ast.parse(tool.ENTRY.format(version=version))
    main_block = next(n for n in tree.body if isinstance(n, ast.If))
    assert ast.unparse(main_block.test) == "__name__ == '__main__'"
    assert ast.unparse(main_block.body[0]) == "multiprocessing.freeze_support()"
    assert f"set_version({version!r})" in ast.unparse(main_block)
    assert ast.unparse(main_block.body[-1]) == "sys.exit(main())"
