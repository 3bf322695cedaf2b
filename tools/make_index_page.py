"""Write docs/index-page.md: the README as the package index shows it.

    python tools/make_index_page.py [--check]

A package index page (PyPI) shows the project's long description without the
repository around it, so the README's relative links (docs/..., LICENSE) and
images would break there. This writes the README again with every relative
link made absolute from ``[project.urls] Repository`` in pyproject.toml
(files under ``blob/main/``, images under ``raw/main/``). ``--check`` exits 1
when the page is out of date (a test runs it).
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGE = ROOT / "docs" / "index-page.md"
LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")
HEAD = "<!-- Written by tools/make_index_page.py from README.md: edit the README, then run it. -->\n\n"


def repository() -> str:
    """The project's repository address (pyproject's ``[project.urls] Repository``)."""
    with open(ROOT / "pyproject.toml", "rb") as file:
        return str(tomllib.load(file)["project"]["urls"]["Repository"]).rstrip("/")


def absolute(text: str, base: str) -> str:
    """``text`` with every relative Markdown link and image made absolute under ``base``."""

    def fix(found: re.Match[str]) -> str:
        bang, label, target = found.groups()
        if re.match(r"^[a-z]+:|^#", target):
            return found.group(0)
        kind = "raw" if bang else "blob"
        return f"{bang}[{label}]({base}/{kind}/main/{target.removeprefix('./')})"

    return LINK.sub(fix, text)


def render() -> str:
    """The index page's text."""
    return HEAD + absolute(README.read_text(encoding="utf-8"), repository())


def main(argv: list[str]) -> int:
    """Write the page, or with --check say whether it is up to date."""
    text = render()
    if "--check" in argv:
        if not PAGE.exists() or PAGE.read_text(encoding="utf-8") != text:
            print("docs/index-page.md is out of date: run python tools/make_index_page.py")
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
