"""Answers to a browser's requests for the guest page: the page at a table's address, its files by name.

The page is served at every address a WebSocket of the service opens at
(``/``, ``/t/CODE``, ``/p/NAME/``, ``/p/NAME/t/CODE``, under any prefix a
proxy leaves on them): the same address answers a browser with the page and
a WebSocket with the game. Its files are at ``PREFIX/web/VERSION/NAME``;
anything else is not found (nothing is listed). The page runs under a
strict Content-Security-Policy: its own scripts and styles only, nothing
inline, and connections only to its own server and the service's other
processes (so a ``moved`` can be followed).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final
from urllib.parse import urlsplit

from ..net.protocol.addresses import request_path
from .files import PageFiles

FILES_FOLDER: Final = "web"
"""The folder of the page's files under the service's address."""
SAFE_PATH: Final = re.compile(r"[A-Za-z0-9._~/-]{0,200}")
"""A path prefix the page may name in its own text (anything else is not served)."""
SAFE_HOST: Final = re.compile(r"[A-Za-z0-9.:\[\]-]{1,100}")
"""A ``Host`` header the policy may name."""
YEAR: Final = 365 * 24 * 3600
"""Seconds a browser may keep a file of the page (its address changes with every version)."""
COMMON: Final = (("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
                 ("Cross-Origin-Resource-Policy", "same-origin"))
"""Headers of every answer."""


@dataclass(frozen=True)
class Answer:
    """An HTTP answer: its status, headers and body."""

    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes

    def header(self, name: str) -> str:
        """The value of the header ``name`` ('' when absent)."""
        return next((value for key, value in self.headers if key.lower() == name.lower()), "")


class GuestPage:
    """The guest page and its files, ready to answer requests."""

    def __init__(self, page_files: PageFiles | None = None) -> None:
        self.files = page_files or PageFiles()

    def answer(self, path: str, host: str = "", service: Iterable[str] = (), etag: str = "") -> Answer:
        """The answer to a browser's GET of ``path``: the page, a file or not found. ``host`` is the
        request's ``Host`` header, ``service`` the addresses of the service's live processes (the
        page may connect to them), ``etag`` the request's ``If-None-Match``."""
        path = path.split("?", 1)[0].split("#", 1)[0]
        parts = path.split("/")
        if len(parts) >= 4 and parts[-3] == FILES_FOLDER and parts[-2] == self.files.version:
            found = self.files.get(parts[-1])
            if found is not None:
                return _ok(found.body, found.content_type, (("Cache-Control", f"public, max-age={YEAR}, immutable"),),
                           etag)
        elif request_path(path) is not None and SAFE_PATH.fullmatch(path):
            body = self._page(_prefix(path)).encode()
            return _ok(body, "text/html; charset=utf-8", (("Cache-Control", "no-cache"),
                       ("Content-Security-Policy", policy(host, service)), ("X-Frame-Options", "DENY")), etag)
        return Answer(404, (*COMMON, ("Content-Type", "text/plain; charset=utf-8")), b"Not found\n")

    def _page(self, prefix: str) -> str:
        """The page's HTML with its files' addresses under ``prefix``."""
        where = f"{prefix}{FILES_FOLDER}/{self.files.version}/"
        preload = "\n".join(f'<link rel="modulepreload" href="{where}{name}">' for name in self.files.modules())
        return self.files.page.replace("<!--preload-->", preload).replace('"./', f'"{where}')


def policy(host: str, service: Iterable[str]) -> str:
    """The page's Content-Security-Policy: its own files only, nothing inline, connections to its own
    server (``host``, as the browser named it) and to the service's processes (``service``)."""
    sources = ["'self'"]
    if SAFE_HOST.fullmatch(host):
        sources += [f"ws://{host}", f"wss://{host}"]
    for address in service:
        origin = _origin(address)
        if origin and origin not in sources:
            sources.append(origin)
    return ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            f"connect-src {' '.join(sources)}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


def _origin(address: str) -> str:
    """``ws://host:port`` of a ``ws://`` or ``wss://`` address ('' for anything else)."""
    try:
        parts = urlsplit(address)
    except ValueError:
        return ""
    if parts.scheme not in ("ws", "wss") or not SAFE_HOST.fullmatch(parts.netloc):
        return ""
    return f"{parts.scheme}://{parts.netloc}"


def _prefix(path: str) -> str:
    """The service's own path in a page's path: all before ``t/CODE`` (``/`` at the least)."""
    parts = [part for part in path.split("/") if part]
    if len(parts) >= 2 and parts[-2] == "t":
        parts = parts[:-2]
    return "/" + "".join(f"{part}/" for part in parts)


def _ok(body: bytes, content_type: str, headers: tuple[tuple[str, str], ...], etag: str) -> Answer:
    """200 with ``body``, or 304 when the browser holds that very body (``etag``)."""
    tag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
    if etag and tag in (part.strip() for part in etag.split(",")):
        return Answer(304, (*COMMON, ("ETag", tag), *headers), b"")
    return Answer(200, (*COMMON, ("Content-Type", content_type), ("ETag", tag), *headers), body)
