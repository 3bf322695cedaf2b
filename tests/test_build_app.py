"""tools/build_app.py asks PyInstaller for the right app, and the app's licenses are complete
by what each bundled part declares (nothing is built here)."""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
import tomllib
from importlib.metadata import PathDistribution
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def tool(name: str) -> ModuleType:
    """tools/NAME.py as a module."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def build_app() -> ModuleType:
    """tools/build_app.py as a module."""
    return tool("build_app")


def test_the_app_is_one_folder_named_mexican_train_and_carries_the_assets() -> None:
    tool = build_app()
    args = tool.pyinstaller_args(Path("entry.py"), clean=False)
    assert "--onedir" in args and args[args.index("--name") + 1] == "mexican-train"
    import os

    assert args[args.index("--add-data") + 1] == f"{ROOT / 'assets'}{os.pathsep}game/assets"
    assert tool.DIST / "mexican-train" == ROOT / "dist" / "mexican-train"


def test_the_app_builds_only_with_the_pinned_versions_and_leaves_readline_out() -> None:
    tool = build_app()
    pins = tool.pinned()
    assert {"pygame-ce", "pytmx", "platformdirs", "pyinstaller"} <= set(pins)
    assert all(version and version[0].isdigit() for version in pins.values())
    args = tool.pyinstaller_args(Path("entry.py"), clean=False)
    assert args[args.index("--exclude-module") + 1] == "readline"


def test_every_distribution_the_game_needs_declares_a_license_and_carries_its_text() -> None:
    licenses = tool("app_licenses")
    with open(ROOT / "pyproject.toml", "rb") as file:
        wanted = {licenses.canonical(re.match(r"[A-Za-z0-9._-]+", requirement).group(0))  # type: ignore[union-attr]
                  for requirement in tomllib.load(file)["project"]["dependencies"]}
    declared = [licenses.declare(dist) for dist in licenses.runtime_distributions()]
    assert wanted <= {item.name for item in declared}
    assert licenses.problems(declared) == []
    zeroconf = next(item for item in declared if item.name == "zeroconf")
    assert [path.name for path in zeroconf.files] == ["COPYING"]  # found by its metadata, not by its name


def test_a_distribution_that_carries_no_license_file_fails_the_check(tmp_path: Path) -> None:
    licenses = tool("app_licenses")
    info = tmp_path / "bare-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.4\nName: bare\nVersion: 1.0\nLicense-Expression: MIT\n",
                                   encoding="utf-8")
    (info / "RECORD").write_text("bare-1.0.dist-info/METADATA,,\n", encoding="utf-8")
    bare = licenses.declare(PathDistribution(info))
    assert bare.license == "MIT" and bare.files == ()
    assert any("bare 1.0 carries no license file" in problem for problem in licenses.problems([bare]))
    (info / "COPYING.txt").write_text("MIT License\n", encoding="utf-8")
    (info / "METADATA").write_text("Metadata-Version: 2.4\nName: bare\nVersion: 1.0\nLicense: MIT\n"
                                   "License-File: COPYING.txt\n", encoding="utf-8")
    (info / "RECORD").write_text("bare-1.0.dist-info/METADATA,,\nbare-1.0.dist-info/COPYING.txt,,\n",
                                 encoding="utf-8")
    licensed = licenses.declare(PathDistribution(info))
    assert [path.name for path in licensed.files] == ["COPYING.txt"] and licenses.problems([licensed]) == []


def test_every_native_library_needs_a_known_license_and_every_text_named_is_carried() -> None:
    licenses = tool("app_licenses")
    for name in ("libssl.so.3", "libSDL2-2-50d19f93.0.so.0.3200.10", "libpython3.11.so.1.0", "libstdc++.so.6"):
        assert licenses.library(name) is not None, name
    assert licenses.problems([], ["libnew-thing.so.1"]) == [
        "the native library libnew-thing.so.1 has no license in LIBRARIES (tools/app_licenses.py)"]
    written_at_build = {"python-LICENSE.txt", "pyinstaller-COPYING.txt"}
    for library in licenses.LIBRARIES:
        for text in (part.strip() for part in library.text.split(",")):
            assert text.startswith("http") or (licenses.TEXTS / text).is_file() or text in written_at_build, text
    for texts in licenses.SUPPLIED.values():
        assert all((licenses.TEXTS / text).stat().st_size > 1000 for text in texts)


def test_the_bundled_parts_are_read_from_pyinstallers_records() -> None:
    licenses = tool("app_licenses")
    import websockets

    records = [("websockets/__init__.py", websockets.__file__, "PYMODULE"),
               ("libz.so.1", "/lib/x86_64-linux-gnu/libz.so.1", "BINARY"),
               ("python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so", "/x/_ssl.so", "EXTENSION"),
               ("game/ui/app.py", str(ROOT / "game" / "ui" / "app.py"), "PYMODULE")]
    dists, natives = licenses.bundled(records)
    assert "websockets" in {licenses.canonical(d.metadata["Name"]) for d in dists}
    assert "mexican-train" not in {licenses.canonical(d.metadata["Name"]) for d in dists}
    assert natives == ["libz.so.1"]


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
