"""The nginx and HAProxy configurations of docs/proxy/, checked with the real proxies by
tools/proxycheck.py: two and three processes behind one address, one loaded unevenly first, every
new table and every rejoin within one hop. The proxies come from the machine's packages: skipped
where one is missing, failed under CI=true (.ci/run installs both)."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pgcluster import Cluster
from proxycheck import proxy_binary
from proxyconf import kind_of, prepare

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = {"nginx": ROOT / "docs" / "proxy" / "nginx.conf", "haproxy": ROOT / "docs" / "proxy" / "haproxy.cfg"}


def _proxycheck(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "tools" / "proxycheck.py"), *args], capture_output=True,
                          text=True, timeout=600, cwd=ROOT, check=False)


@pytest.mark.parametrize(("kind", "processes"), [("nginx", 3), ("nginx", 2), ("haproxy", 3), ("haproxy", 2)])
def test_the_shipped_proxy_configuration_sends_every_request_to_its_process_within_one_hop(
        kind: str, processes: int, postgres_cluster: Cluster) -> None:
    if proxy_binary(kind) is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{kind} is needed under CI=true (apt-get install {kind}; .ci/run does)")
        pytest.skip(f"no {kind} here; CI runs this test")
    extra = [] if processes == 3 else ["--no-play"]
    done = _proxycheck(str(SHIPPED[kind]), "--processes", str(processes), "--uneven", "5", "--creates", "8",
                       "--database-url", postgres_cluster.new_database(), *extra)
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["proxy"] == kind and figures["processes"] == processes and figures["failed"] == ""
    assert figures["tables_per_process_before"][0] == 5 and figures["creates_sent_on"] >= 1
    assert figures["create_hops_max"] <= 1 and figures["rejoin_hops_max"] <= 1
    assert sum(figures["tables_per_process_after"]) == 5 + 8
    assert figures["people_seen_at_their_own_address"] and figures["left_out"] == []


def test_proxycheck_explains_itself_and_refuses_what_is_no_proxy_configuration(tmp_path: Path) -> None:
    helped = _proxycheck("--help")
    assert helped.returncode == 0 and "usage:" in helped.stdout and "--processes" in helped.stdout
    assert "listening" not in helped.stdout + helped.stderr
    readme = tmp_path / "notes.txt"
    readme.write_text("just some words\n")
    refused = _proxycheck(str(readme))
    assert refused.returncode == 2 and "neither an nginx" in refused.stderr
    missing = _proxycheck(str(tmp_path / "absent.conf"))
    assert missing.returncode == 2 and "proxycheck:" in missing.stderr


OPERATOR_NGINX = """\
user www-data;
pid /run/nginx.pid;
include /etc/nginx/modules-enabled/*.conf;
events { worker_connections 768; }
http {
    include /etc/nginx/mime.types;
    access_log /var/log/nginx/access.log;
    map $http_upgrade $connection_upgrade { default upgrade; '' close; }
    upstream door { server game1.internal:9000; server [fd00::2]:9000; }
    server { listen 80; listen [::]:80; return 301 https://$host$request_uri; }
    server {
        listen 443 ssl http2;
        listen [::]:443 ssl http2;
        ssl_certificate /etc/ssl/play.pem;  # the operator's
        ssl_certificate_key /etc/ssl/play.key;
        ssl_stapling on;
        resolver 1.1.1.1;
        location /game/p/one/ { proxy_pass http://game1.internal:9000; }
        location /game/p/two/ { proxy_pass http://[fd00::2]:9000; }
        location /game/ { proxy_pass http://door; }
    }
}
"""

OPERATOR_HAPROXY = """\
global
\tlog /dev/log\tlocal0
\tchroot /var/lib/haproxy
\tstats socket /run/haproxy/admin.sock mode 660 level admin
\tuser haproxy
\tdaemon
defaults
\tlog\tglobal
\tmode\thttp
\terrorfile 503 /nowhere/503.http
frontend insecure
\tbind :80
\thttp-request redirect scheme https
frontend play
\tbind :443 ssl crt /etc/haproxy/play.pem
\tbind :::443 ssl crt /etc/haproxy/play.pem
\tuse_backend one if { path_beg /p/one/ }
\tdefault_backend door
backend door
\tserver one 10.1.1.1:9000 check
backend one
\tserver one 10.1.1.1:9000
"""


def test_an_operators_file_is_made_to_run_on_the_loopback_with_its_routes_kept(tmp_path: Path) -> None:
    ports = itertools.count(20001)
    cert, key, pem = tmp_path / "c.pem", tmp_path / "k.pem", tmp_path / "ck.pem"
    nginx = prepare(OPERATOR_NGINX, 18443, cert, key, pem, lambda: next(ports))
    assert kind_of(OPERATOR_NGINX) == "nginx" and nginx.tls
    assert nginx.names == ["one", "two"] and nginx.backends == ["game1.internal:9000", "[fd00::2]:9000"]
    assert "listen 127.0.0.1:18443 ssl;" in nginx.text and "proxy_pass http://127.0.0.1:20001;" in nginx.text
    assert "server 127.0.0.1:20001;\n" in nginx.text and "server 127.0.0.1:20002;\n" in nginx.text
    for gone in ("www-data", "/run/nginx.pid", "include", "/var/log", "ssl_stapling", "1.1.1.1", "[::]",
                 "game1.internal", "/etc/ssl"):
        assert gone not in nginx.text, gone
    assert nginx.text.count("listen 127.0.0.1:") == 2, "one listen per server block, all on the loopback"
    haproxy = prepare(OPERATOR_HAPROXY, 18443, cert, key, pem, lambda: next(ports))
    assert kind_of(OPERATOR_HAPROXY) == "haproxy" and haproxy.tls and haproxy.names == ["one"]
    assert f"bind 127.0.0.1:18443 ssl crt {pem}" in haproxy.text and haproxy.text.count("bind ") == 2
    for gone in ("/dev/log", "chroot", "admin.sock", "user haproxy", "daemon", "log\tglobal", "/nowhere", ":::443",
                 "10.1.1.1"):
        assert gone not in haproxy.text, gone
    assert haproxy.text.count("source 127.0.0.5") == 2, "every backend sends from the check's proxy address"
