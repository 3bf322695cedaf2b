"""A guest at a table served from an address that is not the loopback, run inside a network namespace of its own.

    unshare -n sh -c 'ip link set lo up; ip link add v0 type veth peer name v1; ...; python tests/web/elsewhere.py ADDRESS'

``test_guest_elsewhere`` runs this in a private network namespace whose only
addresses are the loopback and ``ADDRESS`` on a veth pair inside it (nothing
leaves the machine). A server listens on ``ADDRESS``; a desktop host sets up
a table through it; a phone-sized headless Chromium opens the table's link
there, takes the seat and plays one round. It prints one JSON object: whether
the page had ``crypto.subtle`` (a page on plain http from another address
has none), the badge, the page's errors.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.net.server.embedded import EmbeddedServer  # noqa: E402
from net.conftest import connected  # noqa: E402
from web.browser import Browser, chromium_or_skip  # noqa: E402
from web.guest import host_plays, page_url, play_through, take_seat  # noqa: E402


async def one_round(address: str, port: int) -> dict[str, object]:
    """Play a round as a guest of the server at ``address``; what the page showed."""
    url = f"ws://{address}:{port}/"
    browser = Browser(360, 640)
    await browser.start(chromium_or_skip(), hosts=address)
    host = await connected(url)
    try:
        await host.create("Ana", "classic", 2, length="blitz", seats=["person", "open"])
        assert host.joined is not None
        link = page_url(url, host.joined.table)
        await take_seat(browser, link, "Bea")
        await host.start()
        hosting = asyncio.create_task(host_plays(host, "round_end"))
        playing = asyncio.create_task(play_through(browser, until="summary"))
        await asyncio.wait({hosting, playing}, return_when=asyncio.FIRST_COMPLETED)
        if hosting.done() and hosting.exception() is not None:  # the host stopped: say why, not a stalled page
            playing.cancel()
            await asyncio.gather(playing, return_exceptions=True)
            hosting.result()
        await playing
        hosting.cancel()
        await asyncio.gather(hosting, return_exceptions=True)
        return {
            "location": await browser.evaluate("location.href"),
            "secure": await browser.evaluate("window.isSecureContext"),
            "subtle": await browser.evaluate("Boolean(globalThis.crypto && crypto.subtle)"),
            "badge": await browser.evaluate("[document.getElementById('badge').className, "
                                            "document.getElementById('badge').textContent]"),
            "errors": browser.errors,
        }
    finally:
        await host.close()
        await browser.close()


def main() -> None:
    """Serve on the address named, play the round, print what the page showed."""
    address = sys.argv[1]
    embedded = EmbeddedServer(Path(tempfile.mkdtemp(prefix="guest-elsewhere-")) / "server", address, 0, workers=1)
    port = embedded.start()
    try:
        print(json.dumps(asyncio.run(one_round(address, port))))
    finally:
        embedded.stop()


if __name__ == "__main__":
    main()
