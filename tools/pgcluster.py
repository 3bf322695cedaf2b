"""A throwaway PostgreSQL cluster for the tests and tools: made, started, used and removed.

It runs the server this kind of machine has installed (``initdb``,
``pg_ctl``), as the ``postgres`` user when the tests run as root (the server
refuses to run as root), listening only on a Unix socket in its own
temporary folder: nothing beyond this machine can reach it (the tests'
fixture makes a cluster that cannot start a failure under ``CI=true``, and
skips the tests that need it elsewhere).

    python tools/pgcluster.py      # start one, print its address, stop it on Enter
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

START_WAIT = 60
"""Seconds ``pg_ctl`` may take to start the cluster (a loaded machine)."""


class ClusterUnavailable(Exception):
    """No PostgreSQL server can run here; the message says why."""


class Cluster:
    """One PostgreSQL cluster in a temporary folder, on a Unix socket there."""

    def __init__(self) -> None:
        for tool in ("initdb", "pg_ctl"):
            if shutil.which(tool) is None:
                raise ClusterUnavailable(f"PostgreSQL's {tool} is not on the PATH")
        self.folder = Path(tempfile.mkdtemp(prefix="mexican-train-pg-"))
        self.data = self.folder / "data"
        self._as: list[str] = []
        if os.geteuid() == 0:
            self._as = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.folder, "postgres")
        self._count = 0
        try:
            self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")
            options = f"-k {self.folder} -c listen_addresses='' -c fsync=off -c max_connections=200"
            self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w",
                      "-t", str(START_WAIT), "start")
        except (OSError, subprocess.CalledProcessError) as error:
            log = self.folder / "log"
            said = log.read_text(errors="replace")[-500:] if log.exists() else getattr(error, "stderr", "") or ""
            self.remove()
            raise ClusterUnavailable(f"PostgreSQL did not start: {error} {said}".strip()) from None

    def _run(self, *command: str) -> None:
        """One of PostgreSQL's programs, as the cluster's owner."""
        subprocess.run([*self._as, *command], check=True, capture_output=True, text=True, timeout=120)

    def url(self, database: str = "postgres") -> str:
        """The address of ``database`` on this cluster's socket."""
        return f"postgresql://postgres@/{database}?host={self.folder}"

    def new_database(self) -> str:
        """A fresh, empty database; its address."""
        import psycopg

        self._count += 1
        name = f"test_{self._count}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        """Stop the cluster at once and remove its folder."""
        if self.data.exists():
            subprocess.run([*self._as, "pg_ctl", "-D", str(self.data), "-m", "immediate", "stop"],
                           capture_output=True, timeout=60, check=False)
        self.remove()

    def remove(self) -> None:
        """Remove the cluster's folder."""
        shutil.rmtree(self.folder, ignore_errors=True)


if __name__ == "__main__":
    cluster = Cluster()
    try:
        print(cluster.url(), flush=True)
        input("PostgreSQL runs; press Enter to stop it and remove its folder. ")
    finally:
        cluster.stop()
