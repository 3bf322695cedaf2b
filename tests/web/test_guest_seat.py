"""A phone-sized guest keeps its seat across a reload, and its fair-deal badge turns red against a cheating server."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from net.cheats import install, to_ben
from net.conftest import Running, start_server

from game.engine.fairdeal import new_salt

from .browser import Browser, chromium_or_skip
from .guest import PLAY_ONE, hosted_table, page_url, play_through, seated_guest, take_seat


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Running]:
    """A table server with the guest page."""
    running, embedded = start_server(tmp_path / "server")
    yield running
    embedded.stop()


def test_a_phone_guest_keeps_its_seat_when_its_page_is_reloaded(served: Running) -> None:
    chromium_or_skip()  # skipped here, before the event loop, when there is no browser

    async def reloaded() -> None:
        async with seated_guest(served.url) as browser:
            await browser.until("document.body.dataset.screen === 'play' && "
                                "document.querySelectorAll('#hand .tile').length > 0", "the table")
            for _ in range(3):
                await browser.evaluate(PLAY_ONE)
            token = await browser.evaluate("JSON.parse(localStorage.getItem('mexican-train seats v1'))[0].token")
            await browser.reload()
            await browser.until("document.body.dataset.screen === 'play' && "
                                "document.querySelectorAll('#hand .tile').length > 0", "the seat taken back")
            assert await browser.evaluate("guestPage.seat.joined.seat") == 1
            assert await browser.evaluate("guestPage.seat.joined.token") == token
            assert "Bea (you)" in await browser.evaluate("document.getElementById('scores').textContent")
            assert await browser.evaluate("document.getElementById('join-form').offsetParent === null")
            await play_through(browser, until="summary")
            assert browser.errors == []

    asyncio.run(reloaded())


def _secret_changed(conn: Any, message: dict[str, Any]) -> dict[str, Any]:
    """The round's reveal names another secret than the one committed to (to the guest's seat only)."""
    if message["type"] == "round_end":
        message["reveal"]["secret"] = new_salt()
    return message


def test_the_badge_turns_red_and_says_what_failed_against_a_cheating_server(
    served: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    chromium_or_skip()  # skipped here, before the event loop, when there is no browser
    install(monkeypatch, to_ben(_secret_changed))

    async def cheated() -> None:
        async with seated_guest(served.url) as browser:
            await play_through(browser, until="summary")
            badge = await browser.evaluate("[document.getElementById('badge').className, "
                                           "document.getElementById('badge').textContent, "
                                           "document.getElementById('badge').title]")
            assert badge[:2] == ["badge bad", "Deal check failed"], badge
            assert "not the one" in badge[2] and "committed" in badge[2], badge
            assert "FAILED" in await browser.evaluate("document.getElementById('summary-deal').textContent")

    asyncio.run(cheated())


def test_the_join_form_lists_this_browsers_other_tables_with_where_each_stands(served: Running) -> None:
    command = chromium_or_skip()

    async def listed() -> None:
        browser = Browser(360, 640)
        await browser.start(command)
        first, second = await hosted_table(served.url), await hosted_table(served.url)
        try:
            assert first.joined is not None and second.joined is not None
            await take_seat(browser, page_url(served.url, first.joined.table), "Bea")
            await first.start()  # the first table is dealt: its first move is the host's or Bea's
            await browser.open(page_url(served.url, second.joined.table))
            await browser.until("document.body.dataset.screen === 'join'", "the join form")
            said = await browser.until(
                "document.querySelector('#kept-list .standing') && "
                "document.querySelector('#kept-list .standing').textContent", "where the first table stands")
            assert first.joined.table in await browser.evaluate("document.getElementById('kept-list').textContent")
            assert said.startswith(": ") and ("your move" in said or "not your move" in said), said
            assert await browser.evaluate("document.getElementById('join-name').value") == "Bea"
        finally:
            await first.close()
            await second.close()
            await browser.close()

    asyncio.run(listed())
