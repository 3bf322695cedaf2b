"""Check what a player installs: the wheel holds exactly the game, the sdist
is a whole source release of a modest size, and a rebuild never carries a
file that was deleted.

    python tools/check_packages.py contents WHEEL
    python tools/check_packages.py sdist SDIST
    python tools/check_packages.py stale
    python tools/check_packages.py licenses
    python tools/check_packages.py compiled

``contents`` compares the wheel's files with the tracked package files
(``game/**.py`` and ``game/py.typed``) and assets (``assets/**``, installed
as ``game/assets/``), and checks the license files are in its metadata.
``sdist`` checks the sdist holds every tracked file of the game, its assets,
tests and tools (but the arena runs MANIFEST.in leaves out, ``LEFT_OUT``), and weighs
at most ``SDIST_MB``. ``licenses`` checks every
installed distribution the game needs at run time (what the one-folder app
bundles) declares a license and carries its text (``tools/app_licenses.py``;
``tools/build_app.py`` checks the app it builds the same way). ``compiled``, run by the Python of an
installed compiled wheel (outside the source tree), checks that every module
``game/core_build.py`` lists runs from a compiled extension. ``stale`` copies the
tracked tree to a temporary folder, builds a wheel there as ``pip`` does (in
the tree), deletes a tracked asset, builds again and checks the second wheel
no longer holds it. Each prints what differs and exits 1, or exits 0.
``.ci/run`` runs both.
"""

from __future__ import annotations

import runpy
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LICENSES = ("LICENSE",)
"""License files the metadata must hold (the fonts' own license lies beside them in the assets)."""
SDIST_MB = 10
"""The most an sdist may weigh, in megabytes (10**6 bytes)."""
GROUP = "mexican_train_core"
"""The name of mypyc's shared library in a compiled wheel (``tools/clean_build.py``)."""
LEFT_OUT = ("tools/lab/runs/*.jsonl",)
"""Tracked files MANIFEST.in leaves out of the sdist on purpose: the arena's kept runs (measurements,
in the repository; their README goes in)."""


def tracked(*folders: str) -> list[str]:
    """The files git tracks under ``folders`` (paths relative to the repository)."""
    done = subprocess.run(["git", "ls-files", "-z", "--", *folders], cwd=ROOT, capture_output=True, check=True)
    return sorted(name for name in done.stdout.decode().split("\0") if name)


def expected_files() -> set[str]:
    """The files a wheel of the game must hold, by their place inside it."""
    code = {name for name in tracked("game") if name.endswith(".py") or name == "game/py.typed"
            or name.startswith("game/web/page/")}
    assets = {"game/" + name for name in tracked("assets")}
    return code | assets


def wheel_files(wheel: Path) -> tuple[set[str], set[str]]:
    """The wheel's files outside its metadata, and the names in its metadata folder."""
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    meta = {n for n in names if ".dist-info/" in n}
    return names - meta, meta


def compiled_files(wheel: Path, files: set[str]) -> tuple[set[str], list[str]]:
    """A compiled wheel's extension modules: one beside each source of ``game/core_build.py``'s
    ``COMPILED`` and the shared library that holds them; and the problems (a pure wheel: none of them)."""
    compiled = runpy.run_path(str(ROOT / "game" / "core_build.py"))["COMPILED"]
    extensions = {name for name in files if name.endswith((".so", ".pyd"))}
    if wheel.name.endswith("-py3-none-any.whl"):
        return set(), [f"a pure wheel holds a compiled module: {name}" for name in sorted(extensions)]
    problems = []
    for source in compiled:
        stem = source.removesuffix(".py") + "."
        if not any(name.startswith(stem) and "/" not in name[len(stem):] for name in extensions):
            problems.append(f"the compiled wheel has no compiled module for {source}")
    if not any(name.startswith(GROUP + "__mypyc.") for name in extensions):
        problems.append(f"the compiled wheel lacks mypyc's shared library {GROUP}__mypyc")
    return extensions, problems


def check_contents(wheel: Path) -> list[str]:
    """What is wrong with ``wheel``'s contents (empty: nothing); a compiled
    (platform) wheel also holds an extension module for each compiled source."""
    files, meta = wheel_files(wheel)
    extensions, problems = compiled_files(wheel, files)
    files -= extensions
    wanted = expected_files()
    problems += [f"missing from the wheel: {name}" for name in sorted(wanted - files)]
    problems += [f"in the wheel but not a tracked package file or asset: {name}" for name in sorted(files - wanted)]
    for license_name in LICENSES:
        if not any(name.endswith("/" + license_name) for name in meta):
            problems.append(f"the wheel's metadata lacks {license_name}")
    return problems


def check_sdist(sdist: Path) -> list[str]:
    """What is wrong with ``sdist`` (empty: nothing): a missing source file, or too heavy."""
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    problems = [f"missing from the sdist: {name}" for name in tracked("game", "assets", "tests", "tools")
                if name not in names and not any(fnmatch(name, pattern) for pattern in LEFT_OUT)]
    size = sdist.stat().st_size
    if size > SDIST_MB * 10**6:
        problems.append(f"the sdist weighs {size / 10**6:.1f} MB, more than {SDIST_MB} MB")
    return problems


def build_wheel(tree: Path, out: Path) -> Path:
    """Build a wheel of ``tree`` into ``out`` the way pip does for an install (in the tree)."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--wheel-dir", str(out), str(tree)], check=True)
    return next(out.glob("*.whl"))


def check_stale() -> list[str]:
    """Whether a rebuild after deleting a file still ships it (the problem, or nothing)."""
    with tempfile.TemporaryDirectory() as work:
        tree = Path(work) / "tree"
        for name in tracked():
            target = tree / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target)
        victim = "assets/sounds/knock.wav"
        first = build_wheel(tree, Path(work) / "first")
        if f"game/{victim}" not in wheel_files(first)[0]:
            return [f"the first wheel does not hold {victim}: the check proves nothing"]
        (tree / victim).unlink()
        second = build_wheel(tree, Path(work) / "second")
        if f"game/{victim}" in wheel_files(second)[0]:
            return [f"a wheel rebuilt after deleting {victim} still holds it (a stale build/ folder)"]
    return []


def check_compiled() -> list[str]:
    """Which modules meant to be compiled run as Python in the installed game (the problems)."""
    from game.core_build import loaded_files, still_python

    files = loaded_files()
    return [f"{name} runs as Python from {files[name]}, not compiled" for name in still_python()]


def main(argv: list[str]) -> int:
    """Run one check."""
    if argv[:1] == ["contents"] and len(argv) == 2:
        problems = check_contents(Path(argv[1]))
    elif argv[:1] == ["sdist"] and len(argv) == 2:
        problems = check_sdist(Path(argv[1]))
    elif argv == ["stale"]:
        problems = check_stale()
    elif argv == ["compiled"]:
        problems = check_compiled()
    elif argv == ["licenses"]:
        import app_licenses

        problems = app_licenses.problems(app_licenses.declare(d) for d in app_licenses.runtime_distributions())
    else:
        print("\n".join(__doc__.strip().splitlines()[4:9]), file=sys.stderr)
        return 2
    for problem in problems:
        print(f"check_packages: {problem}", file=sys.stderr)
    if not problems:
        print(f"check_packages {argv[0]}: ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
