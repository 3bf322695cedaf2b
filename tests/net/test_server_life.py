"""The server's life: TLS, a table whose people all left, the thread-friendly client, no pygame."""

from __future__ import annotations

import asyncio
import json
import ssl
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from game.net.client.threaded_client import ThreadedClient

from .conftest import ManualClock, Running, connected, next_of, start_server, wait_until_nobody_is_connected


def _tables_open(port: int) -> int:
    """How many tables the server holds, from its health check."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=10) as response:
        return int(json.loads(response.read())["tables"])


def test_a_table_everyone_left_is_unloaded_and_days_later_rejoins_at_its_position(tmp_path: Path) -> None:
    clock = ManualClock()
    running, embedded = start_server(tmp_path / "server", clock=clock, unload_after=600.0)
    try:
        async def leave_a_started_table() -> tuple[str, str, dict]:  # type: ignore[type-arg]
            host = await connected(running.url)
            joined = await host.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])
            await host.start()
            update = await next_of(host, "update")
            while update.view is None or update.view.to_move != 0:
                update = await next_of(host, "update")
            await host.close()
            return joined.table, joined.token, update.data["view"]

        code, token, last_view = asyncio.run(leave_a_started_table())
        wait_until_nobody_is_connected(running.port)  # the table's last person is gone before the time passes
        clock.advance(601)
        deadline = time.monotonic() + 30
        while _tables_open(running.port) and time.monotonic() < deadline:
            time.sleep(0.05)  # the next tick of the server's timers unloads it
        assert _tables_open(running.port) == 0
        clock.advance(3 * 86400)

        async def come_back() -> dict:  # type: ignore[type-arg]
            back = await connected(running.url)
            await back.rejoin(code, token)
            update = await next_of(back, "update")
            await back.close()
            return update.data["view"]

        assert asyncio.run(come_back()) == last_view
        assert _tables_open(running.port) == 1
    finally:
        embedded.stop()


def test_the_thread_friendly_client_never_blocks_and_hands_over_the_messages(server: Running) -> None:
    client = ThreadedClient(server.url)
    try:
        assert client.poll() == []
        client.connect().result(timeout=10)
        joined = client.call(client.client.create("Ana", "classic", 2, seats=["person", "easy"])).result(timeout=10)
        assert joined.seat == 0 and joined.host
        client.call(client.client.start()).result(timeout=10)
        deadline = time.monotonic() + 20
        seen: list[str] = []
        while "update" not in seen and time.monotonic() < deadline:
            seen += [message.type for message in client.poll()]
            time.sleep(0.01)
        assert "table" in seen and "update" in seen
        assert client.client.view is not None and len(client.client.view.hand) > 0
    finally:
        client.close()


def test_closing_the_client_does_not_wait_on_a_peer_that_never_answers_the_close(server: Running) -> None:
    client = ThreadedClient(server.url)
    client.connect().result(timeout=10)
    released, finished = threading.Event(), threading.Event()
    real_close = client.client.close

    async def close_that_hangs() -> None:
        """The closing handshake of a connection half gone: no answer until released."""
        while not released.is_set():
            await asyncio.sleep(0.01)
        await real_close()
        finished.set()

    client.client.close = close_that_hangs  # type: ignore[method-assign]
    client.close()  # the window's thread: returns although the close has not finished
    assert not finished.is_set()
    released.set()
    assert finished.wait(timeout=20), "the client's own thread finishes the close"


def _self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key (openssl)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    return cert, key


def test_the_server_speaks_tls_with_a_certificate(tmp_path: Path) -> None:
    try:
        cert, key = _self_signed(tmp_path)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("openssl cannot make a test certificate here")
    running, embedded = start_server(tmp_path / "server", certfile=str(cert), keyfile=str(key))
    try:
        context = ssl.create_default_context(cafile=str(cert))

        async def hello() -> str:
            client = await connected(f"wss://127.0.0.1:{running.port}/", ssl_context=context)
            joined = await client.create("Ana", "classic", 2)
            await client.close()
            return joined.table

        assert len(asyncio.run(hello())) == 11
    finally:
        embedded.stop()


def test_the_network_package_loads_no_pygame() -> None:
    code = ("import sys, game.net.server.server, game.net.client.client, game.net.server.serve; "
            "print(any(m.startswith('pygame') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_damaged_table_file_is_skipped_and_left_as_it_is(tmp_path: Path) -> None:
    tables = tmp_path / "server" / "tables"
    tables.mkdir(parents=True)
    damaged = {
        "table-aaaa.json": b"{not json",
        "table-bbbb.json": json.dumps({"format": "mexican-train table", "version": 1, "code": "ABCDE-FGHJK",
                                       "id": "bbbb", "state": "lobby", "settings": {"preset": "classic"},
                                       "seats": []}).encode(),
        "table-cccc.json": json.dumps({"format": "mexican-train table", "version": 1, "code": "ABCDE-FGHJK",
                                       "id": "cccc", "state": "playing",
                                       "settings": {"preset": "classic", "players": 2, "length": "full",
                                                    "house_rules": {}, "stand_in": "easy", "grace": 60,
                                                    "deal_wait": 30},
                                       "seats": [{"kind": "person", "name": "A\u202e", "token": "0" * 32,
                                                  "stand_in": False, "left": False}] * 2}).encode(),
    }
    for name, data in damaged.items():
        (tables / name).write_bytes(data)
    running, embedded = start_server(tmp_path / "server")
    try:
        assert _tables_open(running.port) == 0
        for name, data in damaged.items():
            assert (tables / name).read_bytes() == data
    finally:
        embedded.stop()


def test_an_embedded_server_refuses_a_data_folder_another_server_holds(tmp_path: Path) -> None:
    from game.net.server.embedded import EmbeddedServer
    from game.net.store import StoreLocked

    running, embedded = start_server(tmp_path / "server")
    try:
        with pytest.raises(StoreLocked, match="another table server uses"):
            EmbeddedServer(tmp_path / "server").start()
        assert _tables_open(running.port) == 0
    finally:
        embedded.stop()


def test_the_thread_friendly_clients_messages_go_on_when_a_join_reopens_its_connection(server: Running) -> None:
    host = ThreadedClient(server.url)
    guest = ThreadedClient(server.url)
    try:
        host.connect().result(timeout=10)
        table = host.call(host.client.create("Ana", "classic", 2, seats=["person", "open"])).result(timeout=10)
        guest.connect().result(timeout=10)  # at /: the join reopens it at /t/CODE
        guest.call(guest.client.join(table.table, "Ben")).result(timeout=20)
        host.call(host.client.start()).result(timeout=10)
        deadline = time.monotonic() + 30
        seen: list[str] = []
        while "update" not in seen and time.monotonic() < deadline:
            seen += [message.type for message in guest.poll()]
            time.sleep(0.01)
        assert "update" in seen and "closed" not in seen
    finally:
        host.close()
        guest.close()
