"""A guest in a real browser and a person through the desktop's client library play a whole blitz match."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from net.conftest import Running, start_server
from .browser import Browser, chromium_or_skip
from .guest import host_plays, hosted_table, page_url, play_through, take_seat


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Running]:
    """A table server with the guest page."""
    running, embedded = start_server(tmp_path / "server")
    yield running
    embedded.stop()


def test_a_browser_guest_plays_a_whole_blitz_match_beside_a_desktop_player(served: Running) -> None:
    command = chromium_or_skip()

    async def match() -> None:
        browser = Browser(360, 640)
        await browser.start(command)
        host = await hosted_table(served.url)
        try:
            assert host.joined is not None
            await take_seat(browser, page_url(served.url, host.joined.table), "Bea")
            assert await browser.evaluate("document.getElementById('lobby-seats').textContent.includes('Bea (you)')")
            await host.start()
            hosting = asyncio.create_task(host_plays(host))
            steps = await play_through(browser)
            await asyncio.wait_for(hosting, 120)
            assert "played" in steps, "the guest never laid a tile"
            over = await browser.evaluate("document.getElementById('over-rows').textContent")
            assert "Ana" in over and "Bea" in over
            badge = await browser.evaluate("[document.getElementById('badge').className, "
                                           "document.getElementById('badge').textContent]")
            assert badge == ["badge good", "Deal checked"], badge
            assert browser.errors == []
        finally:
            await host.close()
            await browser.close()

    asyncio.run(match())
