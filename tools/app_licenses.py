"""The licenses of everything the one-folder app bundles, found by what each part declares.

A Python distribution declares its license in its metadata (``License-Expression``,
else ``License``, else its ``License ::`` classifiers) and names its license
files (``License-File``, found in its ``.dist-info``); a distribution whose
wheel carries no license file gets the text from ``tools/app-licenses/``
(``SUPPLIED``). A native library (the Python interpreter's own, SDL's and
what they use) is named by its file and found in ``LIBRARIES``; on a system
with ``dpkg`` its package's copyright notice is copied too.

``problems`` is the check: a distribution with no declared license or no
license file, or a native library ``LIBRARIES`` does not know. It runs on the
distributions the game needs as installed (``runtime_distributions``: fast,
run by ``python tools/check_packages.py licenses`` in ``.ci/run``) and, in
``tools/build_app.py``, on what PyInstaller really put in the app
(``bundled``, read from its build records).
"""

from __future__ import annotations

import ast
import fnmatch
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib.metadata import Distribution, PackageNotFoundError, distribution, distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEXTS = ROOT / "tools" / "app-licenses"
GAME = "mexican-train"
BOOTLOADER = "pyinstaller"
"""The app's executable is PyInstaller's bootloader, so its distribution is always bundled."""
EXECUTABLE = "the app's executable"
"""How the executable is named among the native libraries."""

SUPPLIED: dict[str, tuple[str, ...]] = {
    "pygame-ce": ("LGPL-2.1.txt",),  # its wheel declares LGPL 2.1 but carries no license file
}
"""Distributions whose wheel carries no license file: the texts ``tools/app-licenses/`` holds for them."""


@dataclass(frozen=True)
class Library:
    """A native library the app may carry: its file-name pattern, what it is, its license and the text."""

    pattern: str
    component: str
    license: str
    text: str
    """A file in ``tools/app-licenses/``, or the address of the license upstream."""


LIBRARIES: tuple[Library, ...] = (
    Library("libpython3*", "CPython, the interpreter", "PSF-2.0", "python-LICENSE.txt"),
    Library("python3*.dll", "CPython, the interpreter", "PSF-2.0", "python-LICENSE.txt"),
    Library("libssl*", "OpenSSL", "Apache-2.0", "Apache-2.0.txt"),
    Library("libcrypto*", "OpenSSL", "Apache-2.0", "Apache-2.0.txt"),
    Library("libffi*", "libffi", "MIT", "https://github.com/libffi/libffi/blob/master/LICENSE"),
    Library("libbz2*", "bzip2", "bzip2-1.0.6", "https://sourceware.org/git/?p=bzip2.git;a=blob;f=LICENSE"),
    Library("liblzma*", "XZ Utils (liblzma)", "0BSD OR public domain",
            "https://github.com/tukaani-project/xz/blob/master/COPYING"),
    Library("libuuid*", "util-linux libuuid", "BSD-3-Clause",
            "https://github.com/util-linux/util-linux/blob/master/libuuid/COPYING"),
    Library("libz.*", "zlib", "Zlib", "zlib.txt"),
    Library("libsqlite3*", "SQLite (the table server's database)", "blessing (public domain)",
            "https://www.sqlite.org/copyright.html"),
    Library("sqlite3*.dll", "SQLite (the table server's database)", "blessing (public domain)",
            "https://www.sqlite.org/copyright.html"),
    Library("libtinfo*", "ncurses (terminfo)", "X11", "https://invisible-island.net/ncurses/ncurses-license.html"),
    Library("libreadline*", "GNU Readline", "GPL-3.0-or-later", "GPL-3.0.txt"),
    Library("libstdc++*", "GCC's C++ runtime", "GPL-3.0-or-later WITH GCC-exception-3.1",
            "GPL-3.0.txt, GCC-exception-3.1.txt"),
    Library("libgcc_s*", "GCC's runtime", "GPL-3.0-or-later WITH GCC-exception-3.1",
            "GPL-3.0.txt, GCC-exception-3.1.txt"),
    Library("libSDL2*", "SDL2, SDL2_image, SDL2_mixer, SDL2_ttf", "Zlib", "zlib.txt"),
    Library("SDL2*", "SDL2, SDL2_image, SDL2_mixer, SDL2_ttf", "Zlib", "zlib.txt"),
    Library("libfreetype*", "FreeType", "FTL", "FTL.txt"),
    Library("libharfbuzz*", "HarfBuzz", "MIT-Modern-Variant", "https://github.com/harfbuzz/harfbuzz/blob/main/COPYING"),
    Library("libpng*", "libpng", "Libpng", "http://www.libpng.org/pub/png/src/libpng-LICENSE.txt"),
    Library("libjpeg*", "libjpeg-turbo", "IJG AND BSD-3-Clause",
            "https://github.com/libjpeg-turbo/libjpeg-turbo/blob/main/LICENSE.md"),
    Library("libtiff*", "libtiff", "libtiff", "https://gitlab.com/libtiff/libtiff/-/blob/master/LICENSE.md"),
    Library("libwebp*", "libwebp", "BSD-3-Clause", "https://chromium.googlesource.com/webm/libwebp/+/refs/heads/main/COPYING"),
    Library("libsharpyuv*", "libwebp (libsharpyuv)", "BSD-3-Clause",
            "https://chromium.googlesource.com/webm/libwebp/+/refs/heads/main/COPYING"),
    Library("libFLAC*", "FLAC", "BSD-3-Clause", "https://github.com/xiph/flac/blob/master/COPYING.Xiph"),
    Library("libogg*", "libogg", "BSD-3-Clause", "https://xiph.org/licenses/bsd/"),
    Library("libvorbis*", "libvorbis", "BSD-3-Clause", "https://xiph.org/licenses/bsd/"),
    Library("libopus*", "Opus, opusfile", "BSD-3-Clause", "https://opus-codec.org/license/"),
    Library("libmpg123*", "mpg123", "LGPL-2.1-only", "LGPL-2.1.txt"),
    Library("libsndfile*", "libsndfile", "LGPL-2.1-or-later", "LGPL-2.1.txt"),
    Library("libfluidsynth*", "FluidSynth", "LGPL-2.1-or-later", "LGPL-2.1.txt"),
    Library("libwavpack*", "WavPack", "BSD-3-Clause", "https://github.com/dbry/WavPack/blob/master/COPYING"),
    Library("libxmp*", "libxmp", "MIT", "https://github.com/libxmp/libxmp/blob/master/docs/COPYING"),
    Library("libbrotli*", "Brotli", "MIT", "https://github.com/google/brotli/blob/master/LICENSE"),
    Library("libportmidi*", "PortMidi", "MIT", "https://github.com/PortMidi/portmidi/blob/master/license.txt"),
    Library("libasound*", "alsa-lib", "LGPL-2.1-or-later", "LGPL-2.1.txt"),
    Library(EXECUTABLE, "PyInstaller's bootloader", "GPL-2.0-or-later WITH Bootloader-exception",
            "pyinstaller-COPYING.txt"),
)
"""Every native library a build of the app has carried, by file name (a new one fails the check until named here)."""


@dataclass(frozen=True)
class Declared:
    """What a distribution declares: its name and version, its license, its license files."""

    name: str
    version: str
    license: str
    files: tuple[Path, ...]
    supplied: tuple[str, ...]


def declared_license(dist: Distribution) -> str:
    """The license ``dist`` declares: its expression, else a one-line License field, else its classifiers."""
    meta = dist.metadata
    expression = _field(dist, "License-Expression")
    if expression:
        return expression
    field = _field(dist, "License")
    if field and "\n" not in field and len(field) <= 120:
        return field
    classifiers = [c.split(" :: ")[-1] for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
    if classifiers:
        return "; ".join(classifiers)
    return field.splitlines()[0][:120] if field else ""


def _field(dist: Distribution, key: str) -> str:
    """A metadata field of ``dist``, stripped ('' when it is absent)."""
    values = dist.metadata.get_all(key) or []
    return str(values[0]).strip() if values else ""


def license_files(dist: Distribution) -> tuple[Path, ...]:
    """The files ``dist``'s ``License-File`` entries name, as installed in its ``.dist-info``."""
    names = set(dist.metadata.get_all("License-File") or [])
    found: list[Path] = []
    for item in dist.files or []:
        parts = item.parts
        if not parts or not parts[0].endswith(".dist-info"):
            continue
        inside = "/".join(parts[2:] if len(parts) > 2 and parts[1] == "licenses" else parts[1:])
        if inside in names:
            path = Path(str(dist.locate_file(item)))
            if path.is_file():
                found.append(path)
    return tuple(sorted(found))


def declare(dist: Distribution) -> Declared:
    """What ``dist`` declares about its license."""
    name = canonical(dist.metadata["Name"])
    return Declared(name, dist.version, declared_license(dist), license_files(dist), SUPPLIED.get(name, ()))


def canonical(name: str) -> str:
    """A distribution name as PyPI compares them (``PyTMX`` and ``pytmx`` alike)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def runtime_distributions(root: str = GAME) -> list[Distribution]:
    """The installed distributions the game needs at run time: its requirements without extras, and theirs."""
    seen: dict[str, Distribution] = {}
    todo = [root]
    while todo:
        name = canonical(todo.pop())
        if name in seen:
            continue
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            continue  # a requirement for another platform or Python
        seen[name] = dist
        for requirement in dist.requires or []:
            if re.search(r"\bextra\s*==", requirement):
                continue
            match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
            if match:
                todo.append(match.group(1))
    return [dist for name, dist in sorted(seen.items()) if name != GAME]


def problems(declared: Iterable[Declared], libraries: Iterable[str] = ()) -> list[str]:
    """What keeps the app's licenses from being complete (empty: nothing)."""
    found = []
    for item in declared:
        if not item.license:
            found.append(f"{item.name} {item.version} declares no license")
        if not item.files and not item.supplied:
            found.append(f"{item.name} {item.version} carries no license file: add its text to tools/app-licenses/"
                         " and name it in SUPPLIED (tools/app_licenses.py)")
        for text in item.supplied:
            if not (TEXTS / text).is_file():
                found.append(f"{item.name}: tools/app-licenses/{text} is missing")
    for name in libraries:
        if library(name) is None:
            found.append(f"the native library {name} has no license in LIBRARIES (tools/app_licenses.py)")
    return found


def library(file_name: str) -> Library | None:
    """The ``LIBRARIES`` entry of a native library file, or None."""
    return next((lib for lib in LIBRARIES if fnmatch.fnmatchcase(file_name, lib.pattern)), None)


def _toc_entries(value: object) -> Iterator[tuple[str, str, str]]:
    """Every (destination, source, kind) entry in a PyInstaller TOC structure."""
    if isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, str) for v in value):
        yield value[0], value[1], value[2]
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _toc_entries(item)


def build_records(work: Path) -> list[tuple[str, str, str]]:
    """The entries of every TOC file PyInstaller wrote in ``work`` (what went into the app, and from where)."""
    entries: list[tuple[str, str, str]] = []
    for toc in sorted(work.rglob("*.toc")):
        entries.extend(_toc_entries(ast.literal_eval(toc.read_text(encoding="utf-8"))))
    return entries


def _owners() -> dict[Path, Distribution]:
    """Every installed file, by its resolved path, and the distribution that installed it."""
    owners: dict[Path, Distribution] = {}
    for dist in distributions():
        for item in dist.files or []:
            owners[Path(str(dist.locate_file(item))).resolve()] = dist
    return owners


def bundled(entries: Iterable[tuple[str, str, str]]) -> tuple[list[Distribution], list[str]]:
    """The distributions whose files went into the app, and the native libraries' file names."""
    owners = _owners()
    found: dict[str, Distribution] = {}
    natives: set[str] = set()
    for destination, source, kind in entries:
        if source:
            owner = owners.get(Path(source).resolve())
            if owner is not None:
                found.setdefault(canonical(owner.metadata["Name"]), owner)
        name = Path(destination).name
        if kind in ("BINARY", "EXECUTABLE") and ".cpython-" not in name and not name.endswith(".pyd"):
            natives.add(EXECUTABLE if kind == "EXECUTABLE" else name)
    try:
        found.setdefault(BOOTLOADER, distribution(BOOTLOADER))
    except PackageNotFoundError:
        pass  # records of a build made elsewhere
    found.pop(GAME, None)
    return [found[name] for name in sorted(found)], sorted(natives)


def debian_notice(path: str) -> Path | None:
    """The copyright notice of the Debian package that installed ``path``, where dpkg knows it."""
    if not shutil.which("dpkg"):
        return None
    for candidate in dict.fromkeys((path, str(Path(path).resolve()))):
        done = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True, check=False)
        if done.returncode == 0 and ":" in done.stdout:
            package = done.stdout.split(":", 1)[0].strip()
            notice = Path("/usr/share/doc") / package / "copyright"
            if notice.is_file():
                return notice
    return None


def write(app_licenses: Path, declared: list[Declared], natives: list[str],
          sources: dict[str, str] | None = None) -> None:
    """Copy every license text into ``app_licenses`` and write its THIRD-PARTY.md."""
    sources = sources or {}
    app_licenses.mkdir(parents=True, exist_ok=True)
    for text in TEXTS.glob("*.txt"):
        shutil.copy2(text, app_licenses / text.name)
    rows = []
    for item in declared:
        names = []
        for path in item.files:
            target = f"{item.name}-{path.name}"
            shutil.copy2(path, app_licenses / target)
            names.append(f"`{target}`")
        names += [f"`{text}`" for text in item.supplied]
        rows.append(f"| {item.name} | {item.version} | {item.license} | {', '.join(names)} |")
    system = app_licenses / "system"
    lib_rows = []
    for name in natives:
        lib = library(name)
        if lib is None:
            continue
        texts = ", ".join(f"`{t.strip()}`" if not t.strip().startswith("http") else t.strip()
                          for t in lib.text.split(","))
        notice = debian_notice(sources[name]) if name in sources else None
        if notice is not None:
            system.mkdir(exist_ok=True)
            shutil.copy2(notice, system / f"{notice.parent.name}-copyright.txt")
            texts += f"; `system/{notice.parent.name}-copyright.txt`"
        lib_rows.append(f"| `{name}` | {lib.component} | {lib.license} | {texts} |")
    intro = (TEXTS / "THIRD-PARTY.md").read_text(encoding="utf-8").rstrip()
    (app_licenses / "THIRD-PARTY.md").write_text(
        f"{intro}\n\n## Python distributions in this build\n\n"
        "| distribution | version | license (as it declares it) | text here |\n|---|---|---|---|\n"
        + "\n".join(rows)
        + "\n\n## Native libraries in this build\n\n"
        "| file | what it is | license | text here or upstream |\n|---|---|---|---|\n"
        + "\n".join(lib_rows) + "\n", encoding="utf-8")


def main() -> int:
    """Check the installed distributions the game needs: each declares a license and has its text."""
    declared = [declare(dist) for dist in runtime_distributions()]
    found = problems(declared)
    for problem in found:
        print(f"app licenses: {problem}", file=sys.stderr)
    if not found:
        print(f"app licenses: ok ({', '.join(item.name for item in declared)})")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
