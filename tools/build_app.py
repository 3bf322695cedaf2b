"""Build the one-folder app: ``dist/mexican-train/`` with a ``mexican-train`` executable.

    pip install -c tools/app-constraints.txt -e '.[build]'
    python tools/build_app.py [--clean] [--wheel COMPILED.whl]

PyInstaller bundles Python, pygame-ce, the game and ``assets/`` (installed as ``game/assets``) into one
folder that runs with no Python installed (``mexican-train.exe`` on Windows). The game it bundles is
the compiled release wheel (``MEXICAN_TRAIN_COMPILE=1``, built here with pip unless ``--wheel`` gives
one), installed into the work folder, never the source tree; the app's ``--version`` must say
``(compiled core)``.
It builds for the system it runs on: the same command on Windows, macOS and
Linux. The app is not code-signed. It builds only with the exact versions
pinned in ``tools/app-constraints.txt``, and puts the licenses of everything
it bundles in the app's ``licenses/`` folder, found by what each part
declares (``tools/app_licenses.py``); it fails when one is missing. The last line printed is the app
folder.
"""

from __future__ import annotations

import argparse
import ast
import os
import runpy
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "mexican-train"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "app"

ENTRY = '''"""Entry point of the one-folder app (written by tools/build_app.py)."""

import multiprocessing
import sys

if __name__ == "__main__":
    # first of all: a computer-player worker started by the frozen app runs here and exits
    multiprocessing.freeze_support()
    from game.version import set_version

    set_version({version!r})  # the app has no package metadata: pyproject's version, read at build time
    from game.commands.cli import main

    sys.exit(main())
'''


SITE = WORK / "site"
"""Where the compiled wheel is installed for PyInstaller to take the game from."""
WHEELS = WORK / "wheel"
"""Where the compiled wheel is built when none is given."""

CONSTRAINTS = ROOT / "tools" / "app-constraints.txt"
LICENSES = ROOT / "tools" / "app-licenses"


def pinned() -> dict[str, str]:
    """The versions ``tools/app-constraints.txt`` pins, by distribution name."""
    pins = {}
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = (part.strip() for part in line.split("==", 1))
            pins[name.lower()] = version
    return pins


def off_pins() -> list[str]:
    """The pinned distributions installed at another version (or missing), as lines for the player."""
    from importlib.metadata import PackageNotFoundError, version

    wrong = []
    for name, wanted in pinned().items():
        try:
            found = version(name)
        except PackageNotFoundError:
            found = "missing"
        if found != wanted:
            wrong.append(f"{name} {found} (the app is built with {wanted})")
    return wrong


def gather_licenses(app: Path) -> list[str]:
    """Put the license of everything the app bundles into ``app/licenses`` (the distributions and native
    libraries PyInstaller's build records name, each with the license it declares); the problems found."""
    import app_licenses

    records = app_licenses.build_records(WORK / "work")
    dists, natives = app_licenses.bundled(records)
    declared = [app_licenses.declare(dist) for dist in dists]
    found = app_licenses.problems(declared, natives)
    folder = app / "licenses"
    shutil.rmtree(folder, ignore_errors=True)
    sources = {Path(dest).name: src for dest, src, kind in records if kind == "BINARY"}
    app_licenses.write(folder, declared, natives, sources)
    shutil.copy2(ROOT / "LICENSE", folder / "mexican-train-LICENSE.txt")
    shutil.copy2(ROOT / "assets" / "fonts" / "DejaVu-LICENSE.txt", folder / "DejaVu-LICENSE.txt")
    python_license = next((p for p in (Path(sys.base_prefix) / "LICENSE.txt",
                                       *Path(sys.base_prefix).glob("lib/python3*/LICENSE.txt")) if p.is_file()), None)
    if python_license is None:
        found.append("the Python interpreter's LICENSE.txt was not found under sys.base_prefix")
    else:
        shutil.copy2(python_license, folder / "python-LICENSE.txt")
    return found


def project_version() -> str:
    """``[project] version`` of pyproject.toml, the version's one source."""
    with open(ROOT / "pyproject.toml", "rb") as file:
        return str(tomllib.load(file)["project"]["version"])


def write_entry(version: str) -> Path:
    """Write the app's entry script into the work folder and return its path."""
    WORK.mkdir(parents=True, exist_ok=True)
    entry = WORK / f"{NAME}.py"
    entry.write_text(ENTRY.format(version=version), encoding="utf-8")
    return entry


def compiled_wheel(given: Path | None) -> Path:
    """The compiled release wheel: ``given``, or one built now from this tree (MEXICAN_TRAIN_COMPILE=1)."""
    if given is not None:
        return given
    shutil.rmtree(WHEELS, ignore_errors=True)
    print("building the compiled wheel (mypyc, about two minutes here)", flush=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(WHEELS),
                    str(ROOT)], env={**os.environ, "MEXICAN_TRAIN_COMPILE": "1"}, check=True)
    return next(WHEELS.glob("*.whl"))


def install_site(wheel: Path) -> None:
    """Install ``wheel`` (the game alone) into ``SITE``, where PyInstaller finds the game."""
    shutil.rmtree(SITE, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(SITE),
                    str(wheel)], check=True)


def hidden_imports() -> list[str]:
    """What PyInstaller cannot see the compiled modules import: mypyc's shared library, and the
    modules outside the game that the compiled sources import (read from those sources)."""
    compiled = runpy.run_path(str(ROOT / "game" / "core_build.py"))["COMPILED"]
    found = {runpy.run_path(str(ROOT / "tools" / "clean_build.py"))["GROUP"] + "__mypyc"}
    for source in compiled:
        for node in ast.walk(ast.parse((ROOT / source).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
    return sorted(name for name in found if name != "__future__" and not name.startswith("mypy_extensions"))


def pyinstaller_args(entry: Path, clean: bool, site: Path = SITE) -> list[str]:
    """PyInstaller's command line for a one-folder, console app of the game installed in ``site``."""
    hidden = [arg for name in hidden_imports() for arg in ("--hidden-import", name)]
    args = [
        sys.executable, "-m", "PyInstaller", str(entry),
        "--onedir", "--name", NAME, "--noconfirm", "--log-level", "WARN",
        "--distpath", str(DIST), "--workpath", str(WORK / "work"), "--specpath", str(WORK),
        "--paths", str(site), *hidden,
        # assets/ as game/assets (the package game.assets, mapped there by pyproject's package-dir):
        # the Tiled map, its tileset image, fonts and sounds
        "--add-data", f"{ROOT / 'assets'}{os.pathsep}game/assets",
        "--collect-submodules", "game",  # scenes and players imported inside functions
        # not used by the game; it would bring GNU Readline (GPL) and terminfo into the app
        "--exclude-module", "readline",
        # PostgreSQL is for a table server of its own (the postgres extra); the app's server keeps SQLite
        "--exclude-module", "psycopg", "--exclude-module", "psycopg_binary",
    ]
    return [*args, "--clean"] if clean else args


def executable() -> Path:
    """The app's executable inside the app folder."""
    return DIST / NAME / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def check_app(version: str) -> None:
    """Run the built executable with ``--version``; exit if it does not answer as expected."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
    done = subprocess.run([str(executable()), "--version"], capture_output=True, text=True, env=env, timeout=120,
                          check=False)
    expected = f"{NAME} {version} (compiled core)"
    if done.returncode != 0 or done.stdout.strip() != expected:
        sys.exit(f"the built app answered {done.stdout.strip()!r} (exit {done.returncode}), not {expected!r}\n"
                 f"{done.stderr}")
    print(f"checked: {executable().name} --version says {expected}")


def main(argv: list[str] | None = None) -> int:
    """Build the app, check it starts, and print its folder as the last line."""
    parser = argparse.ArgumentParser(description="Build the one-folder app with PyInstaller.")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    parser.add_argument("--wheel", type=Path, help="the compiled wheel to bundle (default: build one)")
    args = parser.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401 - only to say how to get it
    except ImportError:
        print("PyInstaller is missing: pip install -e '.[build]'", file=sys.stderr)
        return 2
    wrong = off_pins()
    if wrong:
        print("the app is built only with the pinned versions; these differ:\n  " + "\n  ".join(wrong)
              + f"\ninstall them with: pip install -c {CONSTRAINTS.relative_to(ROOT)} -e '.[build]'",
              file=sys.stderr)
        return 2
    version = project_version()
    entry = write_entry(version)
    install_site(compiled_wheel(args.wheel))
    print(f"building {NAME} {version} for {sys.platform} with PyInstaller (under a minute here)", flush=True)
    # from the work folder: this tree's game must not be the one PyInstaller finds
    built = subprocess.run(pyinstaller_args(entry, args.clean), cwd=WORK, check=False)
    if built.returncode != 0:
        print(f"PyInstaller failed (exit {built.returncode})", file=sys.stderr)
        return built.returncode
    check_app(version)
    found = gather_licenses(DIST / NAME)
    for problem in found:
        print(f"licenses: {problem}", file=sys.stderr)
    if found:
        return 1
    kept = DIST / NAME / "licenses"
    print(f"licenses: {sum(1 for p in kept.rglob('*') if p.is_file())} files in {kept}, listed in THIRD-PARTY.md")
    print(DIST / NAME)
    return 0


if __name__ == "__main__":
    sys.exit(main())
