"""The guest page from an address that is not the loopback (a network namespace of the test's own): the deal
checks out with the page's own SHA-256, since a page on plain http from another address has no crypto.subtle."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .browser import chromium_or_skip

ADDRESS = "10.77.0.1"
"""The server's address inside the private namespace (on a veth pair there; nothing leaves the machine)."""
NETWORK = (f"ip link set lo up && ip link add mt0 type veth peer name mt1 && ip addr add {ADDRESS}/24 dev mt0"
           " && ip link set mt0 up && ip link set mt1 up")
"""The private namespace's network: the loopback, and the address on one end of a veth pair."""


def namespace_or_skip() -> None:
    """Skip where this process may not make a network namespace with a veth pair (say, not root)."""
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        pytest.skip("unshare and ip are needed for a network namespace of the test's own")
    tried = subprocess.run(["unshare", "-n", "sh", "-c", NETWORK], capture_output=True, text=True, check=False)
    if tried.returncode != 0:
        pytest.skip(f"no network namespace with a veth pair here (root is needed): {tried.stderr.strip()}")


def test_a_guest_served_from_another_address_than_the_loopback_checks_the_deal_green() -> None:
    chromium_or_skip()
    namespace_or_skip()
    script = Path(__file__).with_name("elsewhere.py")
    done = subprocess.run(
        ["unshare", "-n", "sh", "-c", f'{NETWORK} && exec "$0" "$1" "$2"', sys.executable, str(script), ADDRESS],
        capture_output=True, text=True, check=False, timeout=600,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    assert done.returncode == 0, done.stderr[-3000:]
    shown = json.loads(done.stdout.strip().splitlines()[-1])
    assert shown["location"].startswith(f"http://{ADDRESS}:"), shown
    assert shown["secure"] is False and shown["subtle"] is False, shown  # the page's own SHA-256 did the checks
    assert shown["badge"] == ["badge good", "Deal checked"], shown
    assert shown["errors"] == [], shown
