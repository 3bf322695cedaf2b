"""The documents: every relative link and anchor leads somewhere (checked offline), and no document
speaks of the working sessions or issue numbers the project was built in."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIP = {".git", ".venv", "build", "dist", "node_modules", ".pytest_cache", ".hypothesis"}

LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$", re.MULTILINE)
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def documents() -> list[Path]:
    """Every Markdown file of the project (not those of the environment or a build)."""
    return sorted(p for p in ROOT.rglob("*.md") if not SKIP & set(p.relative_to(ROOT).parts[:-1]))


def prose(text: str) -> str:
    """``text`` with its fenced and indented code blocks and its inline code blanked (links there are examples)."""
    kept: list[str] = []
    fenced = code = False
    blank = True
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            fenced, blank = not fenced, False
            kept.append("")
        elif fenced or not stripped:
            blank = blank or not stripped
            kept.append("")
        else:
            code = line.startswith(("    ", "\t")) and (blank or code)
            blank = False
            kept.append("" if code else re.sub(r"``.*?``|`[^`]*`", "", line))
    return "\n".join(kept)


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's words
    text = re.sub(r"<[^>]+>|[*_`]", "", text).strip().lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of ``path``'s headings (a repeated heading gets -1, -2, ... as on GitHub)."""
    found: set[str] = set()
    counts: dict[str, int] = {}
    for line in prose(path.read_text(encoding="utf-8")).splitlines():
        match = HEADING.match(line)
        if match:
            base = slug(match.group(2))
            found.add(base if base not in counts else f"{base}-{counts[base]}")
            counts[base] = counts.get(base, 0) + 1
    return found


def broken_links(path: Path, root: Path = ROOT) -> list[str]:
    """The relative links and anchors of ``path`` (a document under ``root``) that lead nowhere."""
    text = prose(path.read_text(encoding="utf-8"))
    problems = []
    for target in [*LINK.findall(text), *REFERENCE.findall(text)]:
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
            continue  # an address on the web (checked by no test: offline)
        file_part, _, anchor = target.partition("#")
        where = (path.parent / file_part).resolve() if file_part else path
        name = path.relative_to(root)
        if not where.exists():
            problems.append(f"{name}: {target} (no such file)")
        elif root not in where.parents and where != root:
            problems.append(f"{name}: {target} (outside the repository)")
        elif anchor and where.suffix == ".md" and anchor not in anchors(where):
            problems.append(f"{name}: {target} (no heading with that anchor)")
    return problems


def unreachable(root: Path, start: Path, generated: frozenset[Path] = frozenset()) -> list[str]:
    """The Markdown documents under ``root`` that no chain of relative links from ``start`` reaches
    (``generated`` copies, such as the package index page, are not read for themselves)."""
    seen = {start}
    waiting = [start]
    while waiting:
        path = waiting.pop()
        text = prose(path.read_text(encoding="utf-8"))
        for target in [*LINK.findall(text), *REFERENCE.findall(text)]:
            file_part = target.partition("#")[0]
            if not file_part or re.match(r"[a-z][a-z0-9+.-]*:", file_part, re.IGNORECASE):
                continue
            where = (path.parent / file_part).resolve()
            if where.suffix == ".md" and where.is_file() and where not in seen:
                seen.add(where)
                waiting.append(where)
    docs = sorted(p for p in root.rglob("*.md") if not SKIP & set(p.relative_to(root).parts[:-1]))
    return [str(p.relative_to(root)) for p in docs if p not in seen and p not in generated]


def test_every_document_is_reached_from_the_readme() -> None:
    """A stranger who starts at the README finds every document by following links."""
    assert unreachable(ROOT, ROOT / "README.md", frozenset({ROOT / "docs" / "index-page.md"})) == []


def test_the_reach_check_finds_a_document_no_link_leads_to(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text("# Game\n\n[manual](docs/README.md#top) `[not a link](docs/orphan.md)`\n",
                                        encoding="utf-8")
    (tmp_path / "docs" / "README.md").write_text("# Top\n\n[play](playing.md) [web](https://example.org/x.md)\n",
                                                 encoding="utf-8")
    (tmp_path / "docs" / "playing.md").write_text("# Playing\n\n[back](../README.md)\n", encoding="utf-8")
    (tmp_path / "docs" / "orphan.md").write_text("# Nobody links here\n", encoding="utf-8")
    assert unreachable(tmp_path, tmp_path / "README.md") == ["docs/orphan.md"]


@pytest.mark.skipif(not (ROOT / ".git").exists(),
                    reason="the links lead into the repository; an sdist leaves out its screenshot galleries")
def test_every_relative_link_and_anchor_in_the_documents_leads_somewhere() -> None:
    docs = documents()
    assert ROOT / "README.md" in docs and ROOT / "docs" / "ai.md" in docs
    problems = [problem for path in docs for problem in broken_links(path)]
    assert problems == []


def test_the_link_check_finds_a_missing_file_a_missing_anchor_and_a_link_outside(tmp_path: Path) -> None:
    root = tmp_path / "repository"
    (root / "docs").mkdir(parents=True)
    (tmp_path / "outside.md").write_text("# Elsewhere\n", encoding="utf-8")
    (root / "docs" / "ai.md").write_text("# Computer players\n\n## The levels\n", encoding="utf-8")
    page = root / "docs" / "page.md"
    page.write_text("# A title\n\n## Second: part (two)\n\n[ok](#second-part-two) [ok](ai.md#the-levels) "
                    "[gone](no-such.md) [bad](#nowhere) [bad](ai.md#nowhere) [out](../../outside.md) "
                    "`[code](skipped.md)`\n\n    [indented](also-skipped.md)\n", encoding="utf-8")
    assert [p.split(": ", 1)[1] for p in broken_links(page, root)] == [
        "no-such.md (no such file)", "#nowhere (no heading with that anchor)",
        "ai.md#nowhere (no heading with that anchor)", "../../outside.md (outside the repository)"]


def test_no_document_speaks_of_working_sessions_or_issue_numbers() -> None:
    said = re.compile(r"\b(?:issues?\s+#?\d+|#\d+\b|(?:first|second|third|fourth|fifth|sixth|seventh|eighth|"
                      r"ninth|tenth|working|this|that|a later|the earlier|earlier) sessions?)\b", re.IGNORECASE)
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}"
             for path in documents() for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if said.search(line)]
    assert found == []
