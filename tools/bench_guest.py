"""The guest page's plays and draws in motion, timed by the browser's own frames (``bench.py --only guest``).

A table server on 127.0.0.1, a desktop host (the client library, an Easy
player's choices) and the machine's headless Chromium at phone size (360x640)
as the guest, driven as the browser tests drive it (tests/web/). Once the
guest sits at the table the browser's CPU is slowed four times (DevTools'
``Emulation.setCPUThrottlingRate``) and a ``requestAnimationFrame`` loop in
the page keeps the time between frames while a tile is flying (a play from a
hand to its train, a draw from the boneyard); a ``PerformanceObserver`` of
long animation frames counts the frames that took over 50 ms. One round is
played at a person's pace (each player takes ``PACE`` seconds over an act); the figures are milliseconds between frames (median and 95th
percentile) and the share of frames that came later than one and a half
frames at 60 Hz (a dropped frame), over the frames with a tile in flight.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from net.conftest import start_server
from web.browser import Browser, chromium_or_skip
from web.guest import PLAY_ONE, host_plays, hosted_table, page_url, take_seat

SLOWED = 4
"""How many times slower the browser's CPU runs."""
FRAME_MS = 1000 / 60
"""A frame at 60 Hz, in milliseconds."""
PACE = 0.7
"""Seconds each player takes over an act (a brisk person's pace: a tap on a tile, a tap on its train)."""
ROUND_WITHIN = 600.0
"""Seconds a round may take at that pace (a bound on a failure)."""

RECORD = """(() => {
  const kept = { flying: [], long: 0, flights: 0 };
  let last = 0;
  const tick = (now) => {
    if (last && guestPage.motion.flying > 0) kept.flying.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => {
      if (guestPage.motion.flying > 0) kept.long += list.getEntries().length;
    }).observe({ type: "long-animation-frame" });
  } catch (error) { kept.long = -1; }
  window.__frames = kept;
  return true;
})()"""
"""The page's frame recorder: the time between frames while a tile flies, and long animation frames."""


def _percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


async def _one_round(url: str) -> tuple[list[float], int, int]:
    """Play one round as the guest with the CPU slowed: the frame gaps in flight, long frames, flights."""
    browser = Browser(360, 640, True)
    await browser.start(chromium_or_skip())
    host = await hosted_table(url)
    try:
        assert host.joined is not None
        await take_seat(browser, page_url(url, host.joined.table), "Bea")
        await browser.call("Emulation.setCPUThrottlingRate", {"rate": SLOWED})
        await browser.evaluate(RECORD)
        await host.start()
        hosting = asyncio.create_task(host_plays(host, pause=PACE))
        deadline = asyncio.get_running_loop().time() + ROUND_WITHIN
        while await browser.evaluate(PLAY_ONE) not in ("summary", "next"):
            if asyncio.get_running_loop().time() > deadline:
                raise RuntimeError(f"the round did not end in {ROUND_WITHIN:.0f} s")
            await asyncio.sleep(PACE)
        kept = await browser.evaluate("({flying: __frames.flying, long: __frames.long,"
                                      " flights: guestPage.motion.flown})")
        hosting.cancel()
        await asyncio.gather(hosting, return_exceptions=True)
        return [float(x) for x in kept["flying"]], int(kept["long"]), int(kept["flights"])
    finally:
        await host.close()
        await browser.close()


def guest_frames() -> dict[str, float]:
    """One played round's frame figures with tiles flying, the browser's CPU slowed four times."""
    running, embedded = start_server(Path(tempfile.mkdtemp(prefix="bench-guest-")) / "server")
    try:
        gaps, long_frames, flights = asyncio.run(_one_round(running.url))
    finally:
        embedded.stop()
    if not gaps:
        raise RuntimeError("no frame was timed with a tile in flight")
    return {
        "guest_frame_ms_p50": round(statistics.median(gaps), 2),
        "guest_frame_ms_p95": round(_percentile(gaps, 0.95), 2),
        "guest_dropped_share": round(sum(1 for g in gaps if g > 1.5 * FRAME_MS) / len(gaps), 4),
        "guest_long_frames": float(long_frames),
        "guest_frames_timed": float(len(gaps)),
        "guest_flights": float(flights),
    }
