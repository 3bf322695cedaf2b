"""The guest page's tests' helpers: a server, a desktop host's table, and a person who plays through the page.

``PLAY_ONE`` is what a person does at the page, run in the browser: on the
round's summary, go on; at the table, on their turn, tap a tile that plays
and then its first train, else Draw, else End turn (the buttons a player
taps, not the page's insides). It answers the screen the page shows.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from net.conftest import connected

from game.ai import make_player
from game.net.client.client import Client

from .browser import Browser, chromium_or_skip

PLAY_ONE = """(() => {
  const screen = document.body.dataset.screen || "";
  if (screen === "summary") { document.getElementById("summary-next").click(); return "next"; }
  if (screen !== "play") return screen;
  const tile = document.querySelector("#hand .tile.plays");
  if (tile) {
    if (tile.getAttribute("aria-pressed") !== "true") tile.click();
    const train = document.querySelector("#targets button");
    if (train) { train.click(); return "played"; }
  }
  for (const id of ["draw", "end"]) {
    const button = document.getElementById(id);
    if (!button.disabled) { button.click(); return id; }
  }
  return screen;
})()"""
"""One step of a person at the page (see the module's docstring)."""


def page_url(server_url: str, code: str) -> str:
    """The table's link (``http://HOST:PORT/t/CODE``) from the server's WebSocket address."""
    return server_url.replace("ws://", "http://", 1).rstrip("/") + f"/t/{code}"


async def hosted_table(url: str, players: int = 2, seats: list[str] | None = None, **settings: object) -> Client:
    """A desktop host (Ana) at a new blitz table whose seat 1 is open for the guest."""
    host = await connected(url)
    await host.create("Ana", "classic", players, length="blitz", seats=seats or ["person", "open"], **settings)
    return host


async def take_seat(browser: Browser, link: str, name: str) -> None:
    """Open the link, type a name and join; wait until the page shows the lobby."""
    await browser.open(link)
    await browser.until("document.body.dataset.screen === 'join'", "the join form")
    await browser.evaluate(f"document.getElementById('join-name').value = {name!r}")
    await browser.evaluate("document.querySelector('#join-form button').click()")
    await browser.until("document.body.dataset.screen === 'lobby'", "the lobby")


async def play_through(browser: Browser, until: str = "over", within: float = 240.0,
                       on_screen: Callable[[str], Awaitable[None]] | None = None) -> list[str]:
    """Play the page's seat until it shows the screen ``until``; the steps taken. ``on_screen`` is
    awaited with each screen's name the first time it shows (``until``'s among them)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    steps: list[str] = []
    seen: set[str] = set()
    while True:
        screen = await browser.evaluate("document.body.dataset.screen || ''")
        if on_screen is not None and screen not in seen:
            seen.add(screen)
            await on_screen(screen)
        if screen == until:
            return steps
        steps.append(str(await browser.evaluate(PLAY_ONE)))
        if loop.time() > deadline:
            state = await browser.evaluate(
                "JSON.stringify({view: guestPage.seat.view && [guestPage.seat.view.to_move, guestPage.seat.view.legal],"
                " joined: guestPage.seat.joined, status: document.getElementById('status').textContent,"
                " line: document.getElementById('message-line').textContent})")
            raise AssertionError(f"the page did not reach {until} in {within:.0f} s: {steps[-5:]}, {state}, "
                                 f"{browser.errors}")
        await asyncio.sleep(0.05)


async def host_plays(host: Client, last: str = "match_end", pause: float = 0.0) -> None:
    """The desktop host plays its seat (an Easy player's choices) until ``last``: whenever its view says
    it is to move, once per position, and again after a refusal (say, sent while the guest was away);
    ``pause`` seconds before each act (a person's pace)."""
    player = make_player("easy", "ana")
    acted: tuple[int, int] | None = None
    while True:
        message = await host.next(timeout=120.0)
        if message.type == last:
            return
        if message.type == "error":
            acted = None
            await asyncio.sleep(0.2)
        view, joined = host.view, host.joined
        if view is None or joined is None or not view.legal or view.to_move != joined.seat:
            continue
        position = (host.round, host.moves)
        if position != acted:
            acted = position
            if pause:
                await asyncio.sleep(pause)
            await host.act(player.choose(view))


@asynccontextmanager
async def seated_guest(url: str, reduced: bool = False) -> AsyncIterator[Browser]:
    """A 360x640 guest (Bea) seated at a started blitz table whose desktop host plays along to the
    round's end (``reduced``: the browser asks for reduced motion). On leaving, the host's own
    failure, if it failed, is raised; the host and the browser are closed whatever happened."""
    browser = Browser(360, 640)
    await browser.start(chromium_or_skip())
    if reduced:
        await browser.call("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    host = await hosted_table(url)
    hosting: asyncio.Task[None] | None = None
    try:
        assert host.joined is not None
        await take_seat(browser, page_url(url, host.joined.table), "Bea")
        await host.start()
        hosting = asyncio.create_task(host_plays(host, "round_end"))
        yield browser
        if hosting.done():
            hosting.result()  # the host's failure, if it failed
    finally:
        if hosting is not None:
            hosting.cancel()
            await asyncio.gather(hosting, return_exceptions=True)
        await host.close()
        await browser.close()
