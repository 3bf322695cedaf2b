"""The guest page as the table server serves it: its own files only, under a strict policy, cached, and none
with ``--no-web``; and its fair-deal arithmetic against the document's worked example."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from net.conftest import Running, health, start_server

from game.web.answer import GuestPage, policy
from game.web.files import PageFiles

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "game" / "web" / "page"
MOST_WEIGHT = 300_000
"""Bytes the page and every file it loads may weigh together (the issue's bound)."""


@pytest.fixture(scope="module")
def page() -> GuestPage:
    """The guest page, read once."""
    return GuestPage()


def test_the_page_at_a_tables_address_runs_under_a_strict_policy(page: GuestPage) -> None:
    for path in ("/t/K3F9Q-2XAMB", "/", "/p/b/t/K3F9Q-2XAMB", "/games/t/ABCDE-12345"):
        answer = page.answer(path, "192.168.1.20:8765", ["ws://192.168.1.20:8765/", "wss://play.example.org/p/b/"])
        assert answer.status == 200, path
        csp = answer.header("Content-Security-Policy")
        assert "default-src 'none'" in csp and "script-src 'self';" in csp and "unsafe" not in csp
        connect = re.search(r"connect-src ([^;]+)", csp)
        assert connect is not None
        assert connect.group(1).split() == ["'self'", "ws://192.168.1.20:8765", "wss://192.168.1.20:8765",
                                            "wss://play.example.org"]
        assert answer.header("X-Content-Type-Options") == "nosniff"
        assert answer.header("Cache-Control") == "no-cache"
        assert f"/web/{page.files.version}/main.js" in answer.body.decode()


def test_a_hostile_host_header_or_service_address_never_reaches_the_policy() -> None:
    csp = policy("evil; script-src *", ["javascript:alert(1)", "ws://x y/", "ws://ok:1/"])
    assert "evil" not in csp and "javascript" not in csp and "x y" not in csp
    assert "connect-src 'self' ws://ok:1;" in csp


def test_the_page_holds_no_inline_script_or_style() -> None:
    html = (PAGE / "index.html").read_text(encoding="utf-8")
    assert all('src="' in tag for tag in re.findall(r"<script[^>]*>", html)), "a script without src is inline"
    assert not re.search(r"\son[a-z]+=", html), "an inline event handler"
    assert not re.search(r"\sstyle=", html) and "<style" not in html, "an inline style"


def test_only_the_pages_own_files_are_served_and_cached_by_version(page: GuestPage) -> None:
    version = page.files.version
    found = page.answer(f"/web/{version}/main.js")
    assert found.status == 200 and found.header("Content-Type").startswith("text/javascript")
    assert "immutable" in found.header("Cache-Control")
    again = page.answer(f"/web/{version}/main.js", etag=found.header("ETag"))
    assert again.status == 304 and again.body == b""
    assert page.answer(f"/p/b/web/{version}/look.json").status == 200
    for path in (f"/web/{version}/", f"/web/{version}/../answer.py", f"/web/{version}/%2e%2e%2fanswer.py",
                 f"/web/{version}/answer.py", f"/web/{version}/index.html", f"/web/{version}/MAIN.JS",
                 "/web/0000000000000000/main.js", "/web/", "/etc/passwd", "/t/../../etc/passwd", "/favicon.ico",
                 f"/web/{version}/main.js/", "/t/<script>"):
        answer = page.answer(path)
        assert answer.status == 404, path
        assert b"<" not in answer.body and b"main.js" not in answer.body, "nothing is listed"


def test_a_changed_file_changes_every_files_address(tmp_path: Path) -> None:
    shutil.copytree(PAGE, tmp_path / "page")
    before = PageFiles(tmp_path / "page").version
    (tmp_path / "page" / "style.css").write_text("body { color: red; }\n", encoding="utf-8")
    assert PageFiles(tmp_path / "page").version != before


def test_the_page_and_its_files_weigh_under_300_kb(page: GuestPage) -> None:
    assert page.files.weight < MOST_WEIGHT, f"{page.files.weight} bytes"


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[tuple[Running, Running]]:
    """A server with the page and one started with --no-web."""
    with_page, first = start_server(tmp_path / "a")
    without, second = start_server(tmp_path / "b", web=False)
    yield with_page, without
    first.stop()
    second.stop()


def _get(url: str) -> tuple[int, dict[str, str], bytes]:
    """A browser's GET: status, headers, body."""
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_the_server_answers_a_browser_with_the_page_and_no_web_with_none(servers: tuple[Running, Running]) -> None:
    with_page, without = servers
    base = f"http://127.0.0.1:{with_page.port}"
    status, headers, body = _get(f"{base}/t/ABCDE-12345")
    assert status == 200 and b"Mexican Train" in body and "Content-Security-Policy" in headers
    assert f"ws://127.0.0.1:{with_page.port}" in headers["Content-Security-Policy"]
    version = re.search(rb"/web/([0-9a-f]{16})/main\.js", body)
    assert version is not None
    for _ in range(30):  # a page's files never count as connections, nor against their limits
        assert _get(f"{base}/web/{version.group(1).decode()}/main.js")[0] == 200
    assert health(with_page.port)["connections"] == 0
    assert _get(f"{base}/health")[0] == 200, "the health check is still the server's"
    status, _, body = _get(f"http://127.0.0.1:{without.port}/t/ABCDE-12345")
    assert status != 200 and b"Mexican Train" not in body


def test_the_pages_fair_deal_arithmetic_reproduces_the_documents_worked_example() -> None:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is needed under CI=true (apt-get install nodejs)")
        pytest.skip("no node here; CI runs this test")
    text = (ROOT / "docs" / "fair-deal.md").read_text(encoding="utf-8")
    block = text.split("**A worked example**", 1)[1].split("```", 2)[1]
    example = {k.strip(): v.strip() for k, v in (line.split(":", 1) for line in block.strip().splitlines())}
    script = f"""
      import {{ commitment, mixSeed, setOrder, shuffle, fingerprint, firstWords }} from "{(PAGE / 'fairdeal.js').as_uri()}";
      const e = {json.dumps(example)};
      const seed = mixSeed(e["secret"], [e["contribution 0"], e["contribution 1"]]);
      const order = shuffle(setOrder(9, false, 9), seed);
      console.log(JSON.stringify({{commitment: commitment(e["secret"]), seed, words: firstWords(seed, 4).join(" "),
        order: order.join(" "), fingerprint: fingerprint(e["secret"], order)}}));
    """
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True,
                          timeout=120)
    got = json.loads(done.stdout)
    assert got == {"commitment": example["commitment"], "seed": example["mix seed"], "words": example["block 0 words"],
                   "order": example["order"], "fingerprint": example["fingerprint"]}
