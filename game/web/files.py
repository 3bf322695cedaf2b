"""The page's files, read once from the package with the look made into two of them, and found by name only.

A request names a file by its bare name (``main.js``); anything else is not
one of the page's files. Nothing is ever looked up on disk from a request's
path: ``PageFiles`` holds every file in memory, read when the server starts.
The files' ``version`` is a hash of them all: their addresses hold it, so a
browser may keep them for a year and still never mixes two versions.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Final

from ..look.export import look, style_sheet
from ..memory.files import read_file

NAME: Final = re.compile(r"[a-z0-9][a-z0-9-]{0,40}\.(html|js|css|json|svg)")
"""A file's name: lowercase letters, digits and dashes, then its kind."""
TYPES: Final = {"html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
                "css": "text/css; charset=utf-8", "json": "application/json",
         "svg": "image/svg+xml"}
"""The content type of each kind of file."""
MOST_BYTES: Final = 200_000
"""The largest file of the page read (each)."""
PAGE: Final = "index.html"
"""The page itself (served at a table's address, not among the files by name)."""


@dataclass(frozen=True)
class PageFile:
    """One file of the page: its bytes and content type."""

    body: bytes
    content_type: str


class PageFiles:
    """Every file of the page, by name, and the version their addresses carry."""

    def __init__(self, folder: Path | None = None) -> None:
        self.files: dict[str, PageFile] = {}
        for path in sorted(_folder(folder).iterdir(), key=lambda p: p.name):
            if NAME.fullmatch(path.name) and path.is_file():
                self.files[path.name] = PageFile(read_file(path, MOST_BYTES, owned=False), _kind(path.name))
        if PAGE not in self.files:
            raise FileNotFoundError(f"the guest page's {PAGE} is missing from {_folder(folder)}")
        self.files["look.json"] = PageFile(json.dumps(look(), separators=(",", ":")).encode(), TYPES["json"])
        self.files["look.css"] = PageFile(style_sheet().encode(), TYPES["css"])
        digest = hashlib.sha256()
        for name, found in sorted(self.files.items()):
            digest.update(f"{name}\n{len(found.body)}\n".encode() + found.body)
        self.version = digest.hexdigest()[:16]
        """A hash of every file: their addresses change whenever one does."""
        self.page = self.files.pop(PAGE).body.decode()

    def get(self, name: str) -> PageFile | None:
        """The file ``name`` (a bare name), or None when the page has no such file."""
        return self.files.get(name) if NAME.fullmatch(name) else None

    def modules(self) -> list[str]:
        """The names of the page's JavaScript modules (preloaded by the page)."""
        return [name for name in self.files if name.endswith(".js")]

    @property
    def weight(self) -> int:
        """Bytes of the page and every file it loads."""
        return len(self.page.encode()) + sum(len(f.body) for f in self.files.values())


def _folder(folder: Path | None) -> Path:
    """The folder of the page's files: ``page/`` of this package, unless a test names another."""
    if folder is not None:
        return folder
    found = Path(str(files(__package__ or "game.web").joinpath("page")))
    if not found.is_dir():
        raise FileNotFoundError(f"the guest page's files are not a folder on disk ({found}): install the game unzipped")
    return found


def _kind(name: str) -> str:
    """The content type of the file ``name``."""
    return TYPES[name.rsplit(".", 1)[1]]
