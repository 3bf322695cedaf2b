"""Check the nginx configuration of docs/server.md: TLS ended at the proxy, tables routed by path.

    python tools/proxycheck.py            # installs nginx from the machine's packages if missing

Starts a throwaway PostgreSQL (tools/pgcluster.py), two table servers sharing
it (both with the proxy's address as ``--public-address`` and
``--trust-proxy``) and nginx in front of them on 127.0.0.1 with a
self-signed certificate, configured as docs/server.md says (``CONFIG``
below). Then a person sets a table up through the proxy at ``/``, a second
joins at ``/t/CODE`` from another loopback address (127.0.0.2), and they
play a round through the proxy (wss). Checks that both reach the table,
the match goes on, the table is handed over when the proxy sends a code to
the process that does not hold it, and the servers saw the people's own
addresses (from ``X-Forwarded-For``), not the proxy's. Prints one JSON
line; exits 1 on a failure. Not part of .ci/run (it installs a package).
Every socket is on the loopback.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import ssl
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tablecheck import ServerProcess, free_port

from game.ai import make_player
from game.net.client import Client

CONFIG = """\
events {}
http {
    map $http_upgrade $connection_upgrade { default upgrade; '' close; }
    upstream mexican_train {
        hash $request_uri consistent;      # /t/CODE: a table's connections reach one process
        server 127.0.0.1:PORT_A;
        server 127.0.0.1:PORT_B;
    }
    server {
        listen 127.0.0.1:PROXY_PORT ssl;
        ssl_certificate     CERT;
        ssl_certificate_key KEY;
        location / {
            proxy_pass http://mexican_train;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_read_timeout 1h;
            proxy_send_timeout 1h;
        }
    }
}
"""
"""The configuration docs/server.md shows (PORT_A, PORT_B, PROXY_PORT, CERT and KEY filled in here)."""


def _nginx() -> str:
    """nginx's path, installed from the machine's packages if need be."""
    found = shutil.which("nginx") or (Path("/usr/sbin/nginx").exists() and "/usr/sbin/nginx")
    if not found:
        subprocess.run(["apt-get", "install", "-y", "-q", "nginx-light"], check=True, capture_output=True)
        found = shutil.which("nginx") or "/usr/sbin/nginx"
    return str(found)


def _certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    return cert, key


async def _play(url: str, context: ssl.SSLContext, log: Path) -> dict[str, Any]:
    """Two people through the proxy: tables set up at / and joined at /t/CODE until the proxy sends a
    code to the process that does not hold its table (a handover), then one round played there."""
    for attempt in range(8):
        ana = Client(url, ssl_context=context)
        await ana.connect()
        table = await ana.create("Ana", "classic", 2, length="blitz", seats=["person", "open"])
        await ana.rejoin(table.table, table.token)  # now at /t/CODE, where the proxy sends this table
        ben = Client(url, ssl_context=context)
        await ben.join(table.table, "Ben")
        if "asked process" in log.read_text(errors="replace") or attempt == 7:
            break
        for client in (ana, ben):
            await client.close()
    await ana.start()
    players = {0: (ana, make_player("easy", "ana")), 1: (ben, make_player("easy", "ben"))}
    moves = 0

    async def seat(index: int) -> None:
        nonlocal moves
        client, player = players[index]
        while True:
            message = await client.next(timeout=60)
            view = message.view
            if message.type == "update" and view is not None and view.legal and view.to_move == index:
                await client.act(player.choose(view))
                moves += 1
            if message.type == "round_end":
                return
    await asyncio.gather(seat(0), seat(1))
    for client in (ana, ben):
        await client.close()
    return {"table": table.table, "tables_set_up": attempt + 1, "moves_played": moves}


def main() -> int:
    """Run it all, check, print the figures."""
    nginx = _nginx()
    from pgcluster import Cluster

    cluster = Cluster()
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mexican-train-proxy-") as folder_name:
        folder = Path(folder_name)
        cert, key = _certificate(folder)
        proxy_port, ports = free_port(), (free_port(), free_port())
        public = f"wss://127.0.0.1:{proxy_port}/"
        log = folder / "servers.log"
        database = cluster.new_database()
        servers = [ServerProcess(folder / f"p{i}", database, port, log,
                                 ("--public-address", public, "--trust-proxy", "--lease", "5"))
                   for i, port in enumerate(ports)]
        config = (CONFIG.replace("PORT_A", str(ports[0])).replace("PORT_B", str(ports[1]))
                  .replace("PROXY_PORT", str(proxy_port)).replace("CERT", str(cert)).replace("KEY", str(key))
                  .replace("proxy_pass http://mexican_train;", "proxy_pass http://mexican_train;\n"
                           "            proxy_bind 127.0.0.5;  # the check only: the proxy's own address differs"))
        (folder / "nginx.conf").write_text(config)
        (folder / "logs").mkdir()
        proxy = None
        try:
            for server in servers:
                server.start()
            proxy = subprocess.Popen([nginx, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g",
                                      f"daemon off; pid {folder / 'nginx.pid'}; error_log {folder / 'error.log'};"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1.0)
            context = ssl.create_default_context(cafile=str(cert))
            figures = asyncio.run(_play(public, context, log))
        finally:
            if proxy is not None:
                proxy.terminate()
                proxy.wait(10)
            for server in servers:
                server.stop()
            cluster.stop()
        said = log.read_text(errors="replace")
    result = {**figures, "handed_over": "asked process" in said and "taken over from process" in said,
              "people_seen_at_their_own_address": "from 127.0.0.1" in said and "from 127.0.0.5" not in said,
              "seconds": round(time.monotonic() - began, 1)}
    print(json.dumps(result))
    ok = figures["moves_played"] > 0 and result["handed_over"] and result["people_seen_at_their_own_address"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
