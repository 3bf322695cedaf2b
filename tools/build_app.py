"""Build the one-folder app: ``dist/mexican-train/`` with a ``mexican-train`` executable.

    pip install -e '.[build]'
    python tools/build_app.py [--clean]

PyInstaller bundles Python, pygame-ce, the game and ``game/assets/`` into one
folder that runs with no Python installed (``mexican-train.exe`` on Windows).
It builds for the system it runs on: the same command on Windows, macOS and
Linux. The app is not code-signed. The last line printed is the app folder.
"""

from __future__ import annotations

import argparse
import os
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
    from game.cli import main

    sys.exit(main())
'''


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


def pyinstaller_args(entry: Path, clean: bool) -> list[str]:
    """PyInstaller's command line for a one-folder, console app of the game."""
    args = [
        sys.executable, "-m", "PyInstaller", str(entry),
        "--onedir", "--name", NAME, "--noconfirm", "--log-level", "WARN",
        "--distpath", str(DIST), "--workpath", str(WORK / "work"), "--specpath", str(WORK),
        "--paths", str(ROOT),
        "--collect-data", "game",  # game/assets/: the Tiled map, its tileset image, fonts
        "--collect-submodules", "game",  # scenes and players imported inside functions
    ]
    return [*args, "--clean"] if clean else args


def executable() -> Path:
    """The app's executable inside the app folder."""
    return DIST / NAME / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def check_app(version: str) -> None:
    """Run the built executable with ``--version``; exit if it does not answer as expected."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
    done = subprocess.run([str(executable()), "--version"], capture_output=True, text=True, env=env, timeout=120)
    expected = f"{NAME} {version}"
    if done.returncode != 0 or done.stdout.strip() != expected:
        sys.exit(f"the built app answered {done.stdout.strip()!r} (exit {done.returncode}), not {expected!r}\n"
                 f"{done.stderr}")
    print(f"checked: {executable().name} --version says {expected}")


def main(argv: list[str] | None = None) -> int:
    """Build the app, check it starts, and print its folder as the last line."""
    parser = argparse.ArgumentParser(description="Build the one-folder app with PyInstaller.")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    args = parser.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401 - only to say how to get it
    except ImportError:
        print("PyInstaller is missing: pip install -e '.[build]'", file=sys.stderr)
        return 2
    version = project_version()
    entry = write_entry(version)
    print(f"building {NAME} {version} for {sys.platform} with PyInstaller (a few minutes)", flush=True)
    built = subprocess.run(pyinstaller_args(entry, args.clean), cwd=ROOT)
    if built.returncode != 0:
        print(f"PyInstaller failed (exit {built.returncode})", file=sys.stderr)
        return built.returncode
    check_app(version)
    print(DIST / NAME)
    return 0


if __name__ == "__main__":
    sys.exit(main())
