"""A real headless Chromium for the guest page's tests, driven over its DevTools protocol.

``Browser`` starts the machine's Chromium on the loopback only (its DevTools
port on 127.0.0.1, every other host name made unresolvable, no background
networking), opens one page and speaks the DevTools protocol to it over a
WebSocket (the ``websockets`` library the game already uses): navigate,
evaluate, set the viewport, take screenshots. ``chromium_or_skip`` finds the
browser: under ``CI=true`` a missing one fails the test, elsewhere it skips.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import signal
import subprocess
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

NAMES = ("chromium", "chromium-browser", "google-chrome")
"""The commands a Chromium may be installed as."""
START_WITHIN = 60.0
"""Seconds the browser may take to open its DevTools port (a bound on a failure, not a wait)."""
CALL_WITHIN = 60.0
"""Seconds one DevTools call may take."""


def chromium_or_skip() -> str:
    """The Chromium command; skips the test where there is none (fails it under CI=true)."""
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI") == "true":
        pytest.fail("Chromium is needed under CI=true (apt-get install chromium)")
    pytest.skip("no Chromium here (apt-get install chromium); CI runs these tests")


class BrowserError(Exception):
    """The page threw, or the browser could not do what it was asked."""


class Browser:
    """One headless Chromium with one page, driven over the DevTools protocol."""

    def __init__(self, width: int = 360, height: int = 640, mobile: bool = True) -> None:
        self.width, self.height, self.mobile = width, height, mobile
        self.folder = Path(tempfile.mkdtemp(prefix="mexican-train-chromium-"))
        self.process: subprocess.Popen[bytes] | None = None
        self.socket: ClientConnection | None = None
        self.calls = 0
        self.replies: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.errors: list[str] = []
        """Exceptions thrown in the page and console errors (a CSP refusal among them)."""
        self.reader: asyncio.Task[None] | None = None

    async def start(self, command: str, hosts: str = "127.0.0.1") -> None:
        """Start the browser (only ``hosts`` resolve) and attach to its page (closed again if that fails)."""
        try:
            await self._start(command, hosts)
        except BaseException:
            await self.close()
            raise

    async def _start(self, command: str, hosts: str) -> None:
        """Start the browser and attach to its page."""
        self.process = subprocess.Popen(
            [command, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
             "--disable-default-apps", "--metrics-recording-only", "--mute-audio", "--password-store=basic",
             f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {hosts}", "--remote-debugging-address=127.0.0.1",
             "--remote-debugging-port=0", f"--user-data-dir={self.folder}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        port_file = self.folder / "DevToolsActivePort"
        loop = asyncio.get_running_loop()
        deadline = loop.time() + START_WITHIN
        while not port_file.exists() or not port_file.read_text().strip():
            if self.process.poll() is not None or loop.time() > deadline:
                raise BrowserError("Chromium did not open its DevTools port")
            await asyncio.sleep(0.05)
        port = int(port_file.read_text().split()[0])
        pages = await asyncio.to_thread(_get_json, f"http://127.0.0.1:{port}/json/list")
        page = next(p for p in pages if p.get("type") == "page")
        self.socket = await connect(page["webSocketDebuggerUrl"], max_size=None, open_timeout=CALL_WITHIN)
        self.reader = asyncio.create_task(self._read())
        await self.call("Runtime.enable")
        await self.call("Page.enable")
        await self.call("Log.enable")
        await self.resize(self.width, self.height, self.mobile)

    async def resize(self, width: int, height: int, mobile: bool = True) -> None:
        """Make the page's viewport ``width`` x ``height`` CSS pixels (a touch phone when ``mobile``)."""
        self.width, self.height, self.mobile = width, height, mobile
        await self.call("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        await self.call("Emulation.setTouchEmulationEnabled", {"enabled": mobile})

    async def _read(self) -> None:
        """Hand each reply to its call; keep the page's errors."""
        assert self.socket is not None
        async for text in self.socket:
            message = json.loads(text)
            if "id" in message:
                reply = self.replies.pop(message["id"], None)
                if reply is not None and not reply.done():
                    reply.set_result(message)
            elif message.get("method") == "Runtime.exceptionThrown":
                details = message["params"]["exceptionDetails"]
                self.errors.append(str(details.get("exception", {}).get("description") or details.get("text")))
            elif message.get("method") == "Log.entryAdded" and message["params"]["entry"]["level"] == "error":
                self.errors.append(message["params"]["entry"]["text"])
            elif message.get("method") == "Runtime.consoleAPICalled" and message["params"]["type"] == "error":
                self.errors.append(" ".join(str(a.get("value", a.get("description"))) for a in message["params"]["args"]))

    async def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """One DevTools call and its result."""
        assert self.socket is not None
        self.calls += 1
        reply: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.replies[self.calls] = reply
        await self.socket.send(json.dumps({"id": self.calls, "method": method, "params": params or {}}))
        answer = await asyncio.wait_for(reply, CALL_WITHIN)
        if "error" in answer:
            raise BrowserError(f"{method}: {answer['error']}")
        result: dict[str, Any] = answer["result"]
        return result

    async def evaluate(self, expression: str) -> Any:
        """The value of ``expression`` in the page (a promise is awaited)."""
        result = await self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                      "returnByValue": True})
        if "exceptionDetails" in result:
            raise BrowserError(str(result["exceptionDetails"].get("exception", {}).get("description")))
        return result["result"].get("value")

    async def open(self, url: str) -> None:
        """Go to ``url`` and wait until its document has loaded."""
        await self.call("Page.navigate", {"url": url})
        await self.until("document.readyState === 'complete' && location.href !== 'about:blank'", "the page to load")

    async def reload(self) -> None:
        """Reload the page and wait until it has loaded again."""
        await self.evaluate("window.__before_reload = true")
        await self.call("Page.reload", {"ignoreCache": False})
        await self.until("document.readyState === 'complete' && !window.__before_reload", "the page to reload")

    async def until(self, expression: str, what: str, within: float = 120.0) -> Any:
        """Wait until ``expression`` is truthy in the page (its value); ``within`` seconds bound a failure."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while True:
            try:
                value = await self.evaluate(expression)
            except BrowserError:
                value = None
            if value:
                return value
            if loop.time() > deadline:
                raise BrowserError(f"waited {within:.0f} s for {what}; the page's errors: {self.errors}")
            await asyncio.sleep(0.05)

    async def screenshot(self, path: Path) -> None:
        """Save a PNG of the viewport."""
        shot = await self.call("Page.captureScreenshot", {"format": "png"})
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))

    async def close(self) -> None:
        """Close the browser and remove its profile."""
        if self.socket is not None:
            await self.socket.close()
        if self.reader is not None:
            self.reader.cancel()
            await asyncio.gather(self.reader, return_exceptions=True)
        if self.process is not None:  # its own process group: the wrapper script and every browser process
            _signal_group(self.process.pid, signal.SIGTERM)
            try:
                await asyncio.to_thread(self.process.wait, 30)
            except subprocess.TimeoutExpired:
                _signal_group(self.process.pid, signal.SIGKILL)
                await asyncio.to_thread(self.process.wait)
            _signal_group(self.process.pid, signal.SIGKILL)  # a browser process the wrapper left behind
        shutil.rmtree(self.folder, ignore_errors=True)


def _signal_group(pid: int, sig: signal.Signals) -> None:
    """Send ``sig`` to the process group this browser was started in (gone already: nothing)."""
    try:
        os.killpg(pid, sig)
    except ProcessLookupError:
        pass


def _get_json(url: str) -> Any:
    """A DevTools HTTP endpoint's JSON."""
    with urllib.request.urlopen(url, timeout=CALL_WITHIN) as answer:
        return json.loads(answer.read())
