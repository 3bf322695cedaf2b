"""Screenshots of every screen of the guest page (the join form, the lobby, the table, a round's summary,
the match's end) at phone size (360x640) and on a computer (1280x800), into docs/screenshots/guest/.

    python tools/guest_shots.py [--out docs/screenshots/guest]

A table server on 127.0.0.1 with a desktop host (the client library) and the
machine's headless Chromium as the guest, driven as the browser tests drive it
(tests/web/): each size plays a whole blitz match and shoots each screen the
first time it shows.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from net.conftest import start_server
from web.browser import Browser, chromium_or_skip
from web.guest import host_plays, hosted_table, page_url, play_through, take_seat

SIZES = ((360, 640, True), (640, 360, True), (800, 360, True), (1280, 800, False))
"""(width, height, a touch phone) of each set of shots."""


async def shoot(url: str, width: int, height: int, mobile: bool, out: Path) -> list[Path]:
    """Play one match at ``width`` x ``height`` and save each screen; the files written."""
    browser = Browser(width, height, mobile)
    await browser.start(chromium_or_skip())
    host = await hosted_table(url)
    written: list[Path] = []

    async def shot(screen: str) -> None:
        if any(path.stem == screen for path in written):
            return
        await asyncio.sleep(0.4)  # the hand's arrival animation settles
        path = out / f"{width}x{height}" / f"{screen}.png"
        await browser.screenshot(path)
        written.append(path)

    try:
        assert host.joined is not None
        link = page_url(url, host.joined.table)
        await browser.open(link)
        await browser.until("document.body.dataset.screen === 'join'", "the join form")
        await browser.evaluate("document.getElementById('join-name').value = 'Bea'")
        await shot("join")
        await take_seat(browser, link, "Bea")
        await shot("lobby")
        await host.start()
        hosting = asyncio.create_task(host_plays(host))
        await play_through(browser, on_screen=shot)
        await asyncio.wait_for(hosting, 120)
    finally:
        await host.close()
        await browser.close()
    return written


def main() -> int:
    """Write the shots and print their paths."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots" / "guest"))
    args = parser.parse_args()
    running, embedded = start_server(Path(tempfile.mkdtemp(prefix="guest-shots-")) / "server")
    try:
        for width, height, mobile in SIZES:
            for path in asyncio.run(shoot(running.url, width, height, mobile, Path(args.out))):
                print(path)
    finally:
        embedded.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
