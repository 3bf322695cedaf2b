"""The build backend (tools/clean_build.py): the compiled core only when a release
asks for it, mypy asked for only then and at the pinned version, an editable
install never compiled, and mypyc's C files and objects cleared by every build."""

from __future__ import annotations

import importlib.util
import os
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def backend() -> ModuleType:
    """tools/clean_build.py as a module."""
    spec = importlib.util.spec_from_file_location("clean_build", ROOT / "tools" / "clean_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["clean_build"] = module
    spec.loader.exec_module(module)
    return module


def test_only_a_one_asks_for_the_compiled_build_and_a_stray_value_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    build = backend()
    monkeypatch.delenv("MEXICAN_TRAIN_COMPILE", raising=False)
    assert not build.compile_requested()
    for value, wanted in (("0", False), ("1", True), (" 1 ", True), ("", False)):
        monkeypatch.setenv("MEXICAN_TRAIN_COMPILE", value)
        assert build.compile_requested() is wanted
    monkeypatch.setenv("MEXICAN_TRAIN_COMPILE", "yes")
    with pytest.raises(ValueError, match="MEXICAN_TRAIN_COMPILE must be 1"):
        build.compile_requested()


def test_mypy_is_a_build_requirement_only_when_compiling_and_at_the_checks_pin(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    build = backend()
    monkeypatch.chdir(ROOT)
    with open(ROOT / "pyproject.toml", "rb") as file:
        check = tomllib.load(file)["project"]["optional-dependencies"]["check"]
    pin = next(r for r in check if r.startswith("mypy=="))
    assert build.pinned_mypy() == pin
    monkeypatch.setattr(build._setuptools, "get_requires_for_build_wheel", lambda settings=None: ["wheel"])
    monkeypatch.setenv("MEXICAN_TRAIN_COMPILE", "0")
    assert build.get_requires_for_build_wheel() == ["wheel"]
    monkeypatch.setenv("MEXICAN_TRAIN_COMPILE", "1")
    assert build.get_requires_for_build_wheel() == ["wheel", pin]


def test_an_editable_install_never_compiles_whatever_the_environment_says(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    build = backend()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MEXICAN_TRAIN_COMPILE", "1")
    seen: list[list[object]] = []
    monkeypatch.setattr(build._setuptools, "build_editable",
                        lambda *args: seen.append(build.extensions()) or "game.whl")
    assert build.build_editable(str(tmp_path)) == "game.whl"
    assert seen == [[]], "setup.py was given compiled modules for an editable install"


def test_a_build_clears_mypyc_files_and_objects_an_earlier_one_left(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    build = backend()
    monkeypatch.chdir(tmp_path)
    left = [Path("build/mypyc/game/__native_compiled_core.c"), Path("build/mypyc/cache/3.11/game.data.json"),
            Path("build/temp.linux-x86_64-cpython-311/build/mypyc/game/__native_compiled_core.o"),
            Path("build/lib.linux-x86_64-cpython-311/game/engine/round.cpython-311-x86_64-linux-gnu.so")]
    for path in left:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x")
    kept = Path("build/app/mexican-train.py")  # the one-folder app's work folder is not the wheel's
    kept.parent.mkdir(parents=True)
    kept.write_text("x")
    monkeypatch.setenv("MEXICAN_TRAIN_COMPILE", "0")
    monkeypatch.setattr(build._setuptools, "build_wheel", lambda *args: "game.whl")
    assert build.build_wheel(str(tmp_path)) == "game.whl"
    assert [str(p) for p in left if p.exists()] == [] and kept.exists()
    assert not os.path.exists("build/mypyc")
