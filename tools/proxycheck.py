"""Check an nginx or HAProxy configuration in front of table server processes, with the real proxy.

    python tools/proxycheck.py docs/proxy/nginx.conf
    python tools/proxycheck.py docs/proxy/haproxy.cfg --processes 2
    python tools/proxycheck.py /etc/nginx/nginx.conf        # an operator's own file

The file is made to run here (tools/proxyconf.py: every backend address a
port of the loopback, the proxy on 127.0.0.1 with a certificate made for the
check, lines that need the operator's machines left out and listed), then:

1. **Routes.** A stand-in answers at each backend's port and every path
   ``/p/NAME/`` the file routes is asked through the proxy: each must reach
   one backend of its own.
2. **Processes.** A throwaway PostgreSQL (tools/pgcluster.py, or
   ``--database-url``) and one ``mexican-train serve`` per route (fewer with
   ``--processes``: the others are down, as in a rolling upgrade), each with
   ``--public-address`` its own path behind the proxy and ``--trust-proxy``.
3. **One process loaded unevenly**: ``--uneven`` tables set up at the first
   process's own path.
4. **New tables through the door** (``/``): ``--creates`` tables, each of
   which must be set up within one hop (at most one ``moved``, to a path of
   the service); a rejoin of each at ``/t/CODE`` within one hop as well.
5. **Play** (unless ``--no-play``): two people at a table through the proxy,
   one joining at ``/t/CODE``, play a round.
6. **Addresses**: the servers saw the people's own address (127.0.0.2, from
   ``X-Forwarded-For``), never the proxy's (127.0.0.5).

Prints one JSON line of figures; exits 0 when every check holds, 1 when one
fails, 2 when the check cannot run (no proxy: install nginx or haproxy from
the machine's packages, or pass ``--install``). Every socket is on the loopback.
"""

from __future__ import annotations

import argparse
import asyncio
import http.server
import json
import os
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from proxyconf import NotAProxyFile, Prepared, prepare
from tablecheck import ServerProcess, free_port
from websockets.asyncio.client import connect

from game.ai import make_player
from game.memory.files import FileProblem, read_file
from game.net.client.client import Client
from game.net.protocol.addresses import in_service, table_url
from game.net.protocol.messages import PROTOCOL

PEOPLE_AT = "127.0.0.2"
"""The address the check's people connect from (the proxy sends from 127.0.0.5)."""
PROXY_WAIT = 30.0
"""Seconds the proxy may take to listen."""
ANSWER_WAIT = 60.0
"""Seconds a request may take to be answered (a loaded machine)."""
MAX_FILE = 1_000_000


class CheckFailed(Exception):
    """The configuration does not do what the service needs; the message says what."""


def proxy_binary(kind: str, install: bool = False) -> str | None:
    """The proxy's program, installed from the machine's packages when ``install`` and missing."""
    def found() -> str | None:
        return shutil.which(kind) or next((p for p in (f"/usr/sbin/{kind}",) if Path(p).exists()), None)
    if found() is None and install:
        subprocess.run(["apt-get", "install", "-y", "-q", kind], check=False, capture_output=True)
    return found()


def _certificate(folder: Path) -> tuple[Path, Path, Path]:
    """A self-signed certificate for 127.0.0.1, its key, and both in one file (HAProxy's)."""
    cert, key, pem = folder / "cert.pem", folder / "key.pem", folder / "both.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    pem.write_bytes(cert.read_bytes() + key.read_bytes())
    return cert, key, pem


def _start_proxy(prepared: Prepared, binary: str, folder: Path, port: int) -> subprocess.Popen[bytes]:
    """The proxy on its configuration, once it listens; CheckFailed with its words if it will not."""
    log = folder / "proxy.log"
    if prepared.kind == "nginx":
        conf = folder / "nginx.conf"
        (folder / "logs").mkdir(exist_ok=True)
        command = [binary, "-p", str(folder), "-c", str(conf), "-g",
                   f"daemon off; pid {folder / 'nginx.pid'}; error_log {log};"]
    else:
        conf = folder / "haproxy.cfg"
        command = [binary, "-db", "-f", str(conf)]
    conf.write_text(prepared.text)
    with open(log, "ab") as sink:
        proxy = subprocess.Popen(command, stdout=sink, stderr=sink, cwd=folder)
    deadline = time.monotonic() + PROXY_WAIT
    while proxy.poll() is None and time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proxy
        except OSError:
            time.sleep(0.05)
    _end(proxy)
    raise CheckFailed(f"the {prepared.kind} configuration does not run: "
                      f"{log.read_text(errors='replace').strip()[-600:]}")


def _end(process: subprocess.Popen[bytes] | None) -> None:
    """Stop a proxy started here."""
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(20)


class _StandIn(http.server.BaseHTTPRequestHandler):
    """Answers any request with the port it listens on (routes are found by it)."""

    def do_GET(self) -> None:
        """The port, as text."""
        body = str(self.server.server_address[1]).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_: Any) -> None:
        """Quiet."""


def _routes(prepared: Prepared, base: str, context: ssl.SSLContext | None) -> dict[str, str]:
    """Which backend address each ``/p/NAME/`` reaches through the proxy (stand-ins answer there)."""
    stand_ins = [http.server.ThreadingHTTPServer(("127.0.0.1", port), _StandIn) for port in prepared.ports.values()]
    for stand_in in stand_ins:
        threading.Thread(target=stand_in.serve_forever, daemon=True).start()
    by_port = {port: address for address, port in prepared.ports.items()}
    routes: dict[str, str] = {}
    try:
        for name in prepared.names:
            url = f"{base.replace('ws', 'http', 1)}p/{name}/health"
            try:
                with urllib.request.urlopen(url, timeout=ANSWER_WAIT, context=context) as answer:
                    routes[name] = by_port[int(answer.read())]
            except (OSError, ValueError, KeyError) as error:
                raise CheckFailed(f"/p/{name}/ reaches no backend through the proxy: {error}") from None
    finally:
        for stand_in in stand_ins:
            stand_in.shutdown()
            stand_in.server_close()
    shared = {address for address in routes.values() if list(routes.values()).count(address) > 1}
    if shared:
        raise CheckFailed(f"several process paths reach the same backend {sorted(shared)}: {routes}")
    return routes


async def _ask(url: str, request: dict[str, Any], context: ssl.SSLContext | None) -> dict[str, Any]:
    """The answer to one request on a fresh connection from ``PEOPLE_AT``, after its hello."""
    async with connect(url, ssl=context if url.startswith("wss") else None, open_timeout=ANSWER_WAIT,
                       local_addr=(PEOPLE_AT, 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL}))
        await ws.send(json.dumps(request))
        while True:
            answer: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), ANSWER_WAIT))
            if answer["type"] not in ("welcome", "servers"):
                return answer


async def _followed(url: str, request: dict[str, Any], context: ssl.SSLContext | None,
                    service: str) -> tuple[dict[str, Any], int, str]:
    """A request sent on as ``moved`` says, at most three times: (the answer, the hops, where)."""
    hops = 0
    while True:
        answer = await _ask(url, request, context)
        if answer["type"] != "moved" or hops == 3:
            return answer, hops, url
        if not in_service(answer["to"], [service]):
            raise CheckFailed(f"moved to {answer['to']}, outside the service at {service}")
        hops += 1
        url = table_url(answer["to"], str(request.get("table", "")))


def _health(base: str, name: str, context: ssl.SSLContext | None) -> dict[str, Any]:
    """One process's health, asked at its path through the proxy."""
    url = f"{base.replace('ws', 'http', 1)}p/{name}/health"
    with urllib.request.urlopen(url, timeout=ANSWER_WAIT, context=context) as answer:
        return dict(json.loads(answer.read()))


def _door_answers(base: str, context: ssl.SSLContext | None) -> None:
    """Wait until the door (``/health`` through the proxy) reaches a process.

    A proxy that checks its backends (HAProxy's ``check``) may have marked them
    down while the processes started; it takes them back after its own checks.
    """
    url = f"{base.replace('ws', 'http', 1)}health"
    deadline = time.monotonic() + ANSWER_WAIT
    while True:
        try:
            with urllib.request.urlopen(url, timeout=ANSWER_WAIT, context=context) as answer:
                answer.read()
                return
        except OSError as error:
            if time.monotonic() > deadline:
                raise CheckFailed(f"the door {url} reaches no process: {error}") from None
            time.sleep(0.2)


async def _uneven_then_creates(args: argparse.Namespace, base: str, names: list[str],
                               context: ssl.SSLContext | None) -> dict[str, Any]:
    """Load the first process unevenly, then set tables up through the door and rejoin each there."""
    create = {"type": "create", "name": "Ana", "preset": "classic", "players": 2, "length": "blitz",
              "seats": ["person", "easy"]}
    for _ in range(args.uneven):
        answer = await _ask(f"{base}p/{names[0]}/", create, context)
        if answer["type"] != "joined":
            raise CheckFailed(f"a table set up at /p/{names[0]}/ was not taken there: {answer}")
    deadline = time.monotonic() + ANSWER_WAIT
    while (await asyncio.to_thread(_health, base, names[0], context))["tables"] < args.uneven:
        if time.monotonic() > deadline:
            raise CheckFailed("the unevenly loaded process does not count its tables")
        await asyncio.sleep(0.1)
    await asyncio.sleep(2.5 * args.lease / 5)  # two heartbeats: every process knows the counts
    before = [(await asyncio.to_thread(_health, base, name, context))["tables"] for name in names]
    hops, seats = [], []
    for _ in range(args.creates):
        answer, hop, _where = await _followed(base, create, context, base)
        if answer["type"] != "joined":
            raise CheckFailed(f"a table set up through the door after {hop} hops: {answer}")
        hops.append(hop)
        seats.append((answer["table"], answer["token"]))
    rejoins = []
    for code, token in seats:
        answer, hop, _where = await _followed(table_url(base, code), {"type": "rejoin", "table": code,
                                                                     "token": token}, context, base)
        if answer["type"] != "joined":
            raise CheckFailed(f"a rejoin at /t/{code} after {hop} hops: {answer}")
        rejoins.append(hop)
    after = [(await asyncio.to_thread(_health, base, name, context))["tables"] for name in names]
    return {"tables_per_process_before": before, "tables_per_process_after": after,
            "creates": len(hops), "creates_sent_on": sum(1 for h in hops if h), "create_hops_max": max(hops, default=0),
            "rejoins": len(rejoins), "rejoin_hops_max": max(rejoins, default=0)}


async def _play(base: str, context: ssl.SSLContext | None) -> int:
    """Two people through the proxy, the second joining at /t/CODE through the door: one round; its moves."""
    ana, ben = Client(base, ssl_context=context), Client(base, ssl_context=context)
    await ana.connect()
    table = await ana.create("Ana", "classic", 2, length="blitz", seats=["person", "open"])
    await ben.join(table.table, "Ben")
    await ana.start()
    moves = 0

    async def seat(client: Client, index: int) -> None:
        nonlocal moves
        player = make_player("easy", str(index))
        while True:
            message = await client.next(timeout=ANSWER_WAIT)
            view = message.view
            if message.type == "update" and view is not None and view.legal and view.to_move == index:
                await client.act(player.choose(view))
                moves += 1
            if message.type == "round_end":
                return
    await asyncio.gather(seat(ana, 0), seat(ben, 1))
    for client in (ana, ben):
        await client.close()
    return moves


def _run(args: argparse.Namespace, prepared: Prepared, binary: str, folder: Path, cert: Path) -> dict[str, Any]:
    """Routes, processes, the uneven load, the creates, the play; the figures."""
    scheme = "wss" if prepared.tls else "ws"
    base = f"{scheme}://127.0.0.1:{args.proxy_port}/"
    context = ssl.create_default_context(cafile=str(cert)) if prepared.tls else None
    proxy = _start_proxy(prepared, binary, folder, args.proxy_port)
    cluster, servers = None, []
    try:
        routes = _routes(prepared, base, context)
        names = list(routes)[:args.processes or len(routes)]
        url = args.database_url
        if not url:
            from pgcluster import Cluster

            cluster = Cluster()
            url = cluster.new_database()
        log = folder / "servers.log"
        for name in names:
            servers.append(ServerProcess(folder / f"p-{name}", url, prepared.ports[routes[name]], log,
                                         ("--public-address", f"{base}p/{name}/", "--trust-proxy",
                                          "--lease", str(args.lease))))
            servers[-1].start()
        _door_answers(base, context)
        figures = asyncio.run(_uneven_then_creates(args, base, names, context))
        figures["moves_played"] = 0 if args.no_play else asyncio.run(_play(base, context))
    finally:
        for server in servers:
            server.stop()
        _end(proxy)
        if cluster is not None:
            cluster.stop()
    said = log.read_text(errors="replace")
    return {"proxy": prepared.kind, "processes": len(names), "routes": {n: routes[n] for n in names},
            "down": [n for n in routes if n not in names], **figures,
            "people_seen_at_their_own_address": f"from {PEOPLE_AT}" in said and "from 127.0.0.5" not in said,
            "left_out": prepared.left_out}


def _failures(args: argparse.Namespace, figures: dict[str, Any]) -> list[str]:
    """What the figures say is wrong."""
    wrong = []
    if figures["create_hops_max"] > 1 or figures["rejoin_hops_max"] > 1:
        wrong.append("a request took more than one hop")
    if figures["processes"] > 1 and args.uneven and not figures["creates_sent_on"]:
        wrong.append("no new table was sent on from the loaded process")
    if not figures["people_seen_at_their_own_address"]:
        wrong.append("the servers saw the proxy's address instead of the people's")
    if not args.no_play and not figures["moves_played"]:
        wrong.append("no move was played through the proxy")
    return wrong


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run the check, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n\n".join(__doc__.split("\n\n")[2:]))
    parser.add_argument("file", type=Path, help="an nginx or HAProxy configuration (docs/proxy/ has both)")
    parser.add_argument("--proxy", choices=("nginx", "haproxy"), help="which proxy reads it (default: by its words)")
    parser.add_argument("--processes", type=int, default=0,
                        help="server processes to run (default: one per /p/NAME/ route; fewer leave the others down)")
    parser.add_argument("--uneven", type=int, default=6, help="tables set up at the first process first (default 6)")
    parser.add_argument("--creates", type=int, default=12, help="tables then set up through the door (default 12)")
    parser.add_argument("--lease", type=float, default=5.0, help="the processes' --lease (default 5)")
    parser.add_argument("--no-play", action="store_true", help="leave out the round played through the proxy")
    parser.add_argument("--database-url", default="", help="an empty PostgreSQL database (default: a throwaway one)")
    parser.add_argument("--install", action="store_true", help="install the proxy from the machine's packages if missing")
    args = parser.parse_args(argv)
    began = time.monotonic()
    try:
        text = read_file(args.file, MAX_FILE, owned=False).decode("utf-8", "replace")
        with tempfile.TemporaryDirectory(prefix="mexican-train-proxy-") as folder_name:
            folder = Path(folder_name)
            args.proxy_port = free_port()
            cert, key, pem = _certificate(folder)
            prepared = prepare(text, args.proxy_port, cert, key, pem, free_port, args.proxy or "")
            if len(prepared.names) < 1 or not prepared.backends:
                raise CheckFailed("the file routes no /p/NAME/ path to a backend: each process needs a path of its own")
            binary = proxy_binary(prepared.kind, args.install)
            if binary is None:
                print(f"proxycheck: {prepared.kind} is not installed (apt-get install {prepared.kind}, or --install)",
                      file=sys.stderr)
                return 2
            figures = _run(args, prepared, binary, folder, cert)
    except FileNotFoundError:
        print(f"proxycheck: there is no file {args.file}", file=sys.stderr)
        return 2
    except (FileProblem, NotAProxyFile) as problem:
        print(f"proxycheck: {problem}", file=sys.stderr)
        return 2
    except CheckFailed as failed:
        print(json.dumps({"file": str(args.file), "failed": str(failed)}))
        return 1
    wrong = _failures(args, figures)
    print(json.dumps({"file": str(args.file), **figures, "failed": "; ".join(wrong),
                      "seconds": round(time.monotonic() - began, 1), "load_average_1min": round(os.getloadavg()[0], 2)}))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
