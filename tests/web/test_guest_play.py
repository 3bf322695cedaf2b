"""A phone guest plays by dragging a tile to its train (the play flies there), sees nothing fly when it asks
for reduced motion, and comes back to its seat by itself when its connection drops."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest
from net.conftest import Running, start_server

from .browser import Browser
from .guest import PLAY_ONE, play_through, seated_guest

MY_TURN = ("document.body.dataset.screen === 'play' && guestPage.seat.view && "
           "guestPage.seat.view.to_move === guestPage.seat.joined.seat && "
           "document.querySelector('#hand .tile.plays') !== null")
"""The guest is to move and a tile of its hand plays."""


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Running]:
    """A table server with the guest page."""
    running, embedded = start_server(tmp_path / "server")
    yield running
    embedded.stop()


async def at_table(url: str, scenario: Callable[[Browser], Awaitable[None]], reduced: bool = False) -> None:
    """A 360x640 guest seated at a started blitz table whose host plays along; ``scenario`` runs with it."""
    async with seated_guest(url, reduced) as browser:
        await browser.until("document.body.dataset.screen === 'play'", "the table")
        await scenario(browser)
        assert browser.errors == []


async def touch(browser: Browser, kind: str, x: float, y: float) -> None:
    """One finger's touch event at (``x``, ``y``) CSS pixels (an end when ``kind`` is touchEnd)."""
    points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
    await browser.call("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


async def until_my_turn(browser: Browser) -> None:
    """Play on (draws and ends) until the guest is to move with a tile that plays."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 120
    while not await browser.evaluate(MY_TURN):
        screen = await browser.evaluate("document.body.dataset.screen")
        assert screen == "play", f"the round ended before the guest had a tile to play ({screen})"
        if await browser.evaluate("guestPage.seat.view && guestPage.seat.view.to_move === guestPage.seat.joined.seat"):
            await browser.evaluate("(() => { for (const id of ['draw', 'end']) { const b = document.getElementById(id);"
                                   " if (!b.disabled) { b.click(); return; } } })()")
        assert loop.time() < deadline, "the guest never had a tile to play"
        await asyncio.sleep(0.1)


def test_a_phone_guest_plays_a_tile_by_dragging_it_to_its_train_and_the_tile_flies_there(served: Running) -> None:
    async def dragged(browser: Browser) -> None:
        await until_my_turn(browser)
        tile = await browser.evaluate("document.querySelector('#hand .tile.plays').dataset.tile")
        start = await browser.evaluate(f"(() => {{ const r = document.querySelector('[data-tile=\"{tile}\"]')"
                                       ".getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        # where it goes: tap it once to see its trains lit (the table as it is while a tile is held), once more
        # to put it down again
        await browser.evaluate(f"document.querySelector('[data-tile=\"{tile}\"]').click()")
        train = await browser.evaluate("guestPage.board.targets[0]")
        end = await browser.evaluate(f"(() => {{ const p = guestPage.board.placeOf({train}, 999); return [p.x, p.y]; }})()")
        await browser.evaluate(f"document.querySelector('[data-tile=\"{tile}\"]').click()")
        assert await browser.evaluate("guestPage.hand.picked") is None
        flown = await browser.evaluate("guestPage.motion.flown")
        last_tile = await browser.evaluate("guestPage.seat.view.hand.length") == 1  # it ends the round: no flight
        await touch(browser, "touchStart", *start)
        for step in range(1, 9):
            await touch(browser, "touchMove", start[0] + (end[0] - start[0]) * step / 8,
                        start[1] + (end[1] - start[1]) * step / 8)
        await touch(browser, "touchEnd", *end)
        await browser.until(f"!guestPage.seat.view.hand.includes({tile!r}) && "
                            f"guestPage.seat.view.trains.some((t) => t.includes({tile!r}))", "the dragged tile played")
        assert await browser.evaluate("document.querySelector('.ghost')") is None  # the dragged copy is gone
        if not last_tile:  # the play flew from the hand to its train
            assert await browser.evaluate("guestPage.motion.flown") > flown, await browser.evaluate(
                "JSON.stringify({over: guestPage.seat.view.round_over, hand: guestPage.seat.view.hand.length,"
                " trains: guestPage.seat.view.trains.map((t) => t.length), reduced: guestPage.motion.still.matches})")

    asyncio.run(at_table(served.url, dragged))


def test_with_reduced_motion_asked_for_nothing_flies(served: Running) -> None:
    async def still(browser: Browser) -> None:
        before = await browser.evaluate("guestPage.seat.view.trains.flat().length")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 120
        while await browser.evaluate("guestPage.seat.view.trains.flat().length") < before + 4:
            assert loop.time() < deadline, "four tiles were not played"
            assert await browser.evaluate(PLAY_ONE) != "summary"
            await asyncio.sleep(0.1)
        assert await browser.evaluate("guestPage.motion.flown") == 0
        assert await browser.evaluate("document.querySelectorAll('.flyer').length") == 0
        assert await browser.evaluate("guestPage.board.hidden.size") == 0  # every tile is drawn at once

    asyncio.run(at_table(served.url, still, reduced=True))


def test_a_guest_whose_connection_drops_comes_back_to_its_seat_and_plays_on(served: Running) -> None:
    async def dropped(browser: Browser) -> None:
        for _ in range(3):
            await browser.evaluate(PLAY_ONE)
        token = await browser.evaluate("guestPage.seat.joined.token")
        await browser.evaluate("window.__socket = guestPage.seat.connection.socket; window.__socket.close()")
        await browser.until("guestPage.seat.connection.socket !== null && guestPage.seat.connection.socket !== "
                            "window.__socket && guestPage.seat.connection.open && !guestPage.seat.coming",
                            "the page to come back")
        assert await browser.evaluate("guestPage.seat.joined.seat") == 1
        assert await browser.evaluate("guestPage.seat.joined.token") == token
        await play_through(browser, until="summary")

    asyncio.run(at_table(served.url, dropped))
