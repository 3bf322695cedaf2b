"""`mexican-train serve`: run the table server until SIGTERM or Ctrl+C."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .config import Config


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``serve`` subcommand's options."""
    serve = sub.add_parser("serve", help="run a table server for network play (see docs/server.md)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1; 0.0.0.0 for every network)")
    serve.add_argument("--port", type=int, default=8765, help="port (default 8765; 0: any free port)")
    serve.add_argument("--data", metavar="FOLDER", default=None,
                       help="folder of the tables' database (default: the platform's data folder, "
                            "e.g. ~/.local/share/mexican-train/table-server)")
    serve.add_argument("--database", metavar="URL", default="",
                       help="keep the tables in PostgreSQL at this postgresql:// address instead of SQLite "
                            "(needs the postgres extra: pip install 'mexican-train[postgres]')")
    serve.add_argument("--certfile", help="TLS certificate (PEM) to serve wss://")
    serve.add_argument("--keyfile", help="TLS private key (PEM) for --certfile")
    serve.add_argument("--retention", metavar="DAYS", type=float, default=30.0,
                       help="days an unfinished table is kept after its last move, and a finished one "
                            "after its end (default 30)")
    serve.add_argument("--unload-after", metavar="SECONDS", type=float, default=60.0,
                       help="seconds a table with no one at it stays in memory (default 60; it stays stored)")
    serve.add_argument("--hello-timeout", metavar="SECONDS", type=float, default=10.0,
                       help="seconds a connection not at a table may stay silent (default 10)")
    serve.add_argument("--max-tables", metavar="N", type=int, default=5000,
                       help="tables held in memory at most (default 5000)")
    serve.add_argument("--tables-per-address", metavar="N", type=int, default=20,
                       help="unfinished tables one address may have set up (default 20; behind a proxy "
                            "every player shares one address)")
    serve.add_argument("--tables-per-hour", metavar="N", type=int, default=30,
                       help="tables one address may set up per hour (default 30)")
    serve.add_argument("--workers", metavar="N", type=int, default=None,
                       help="computer-player processes (default: cores, at most 4)")
    serve.add_argument("--public-address", metavar="URL", default="",
                       help="where people reach this process (wss://play.example.org/), told to games when "
                            "several processes share one PostgreSQL (default ws://HOST:PORT/)")
    serve.add_argument("--lease", metavar="SECONDS", type=float, default=5.0,
                       help="seconds this process's tables stay its own after its last heartbeat while its "
                            "database connection stays open (a frozen or cut-off process); another takes them "
                            "over after that (default 5; heartbeats every fifth of it; shorter: a faster "
                            "takeover, but a process stalled that long loses its tables)")
    serve.add_argument("--no-web", action="store_true",
                       help="serve no guest page: a browser at a table's address is not answered (games only)")
    serve.add_argument("--trust-proxy", action="store_true",
                       help="take each client's address from X-Forwarded-For (only behind a proxy you run)")


def serve_command(args: argparse.Namespace) -> int:
    """Run the server; 0 after a clean stop, 2 when it cannot start."""
    if bool(args.certfile) != bool(args.keyfile):
        print("mexican-train serve: --certfile and --keyfile go together", file=sys.stderr)
        return 2
    if args.retention <= 0 or args.unload_after < 0 or not 1 <= args.lease <= 600:
        print("mexican-train serve: --retention must be above 0, --unload-after at least 0 and --lease "
              "from 1 to 600", file=sys.stderr)
        return 2
    from ..store import Retention, StoreError
    from .config import Config, default_data
    from .limits import LimitSettings

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr)
    logging.getLogger("websockets").setLevel(logging.WARNING)  # one line per table event, not per connection
    keep = args.retention * 86400.0
    config = Config(args.host, args.port, Path(args.data) if args.data else default_data(), args.database,
                    args.certfile, args.keyfile, hello_timeout=args.hello_timeout, unload_after=args.unload_after,
                    retention=Retention(keep, keep), workers=args.workers, max_tables=args.max_tables,
                    limits=LimitSettings(tables_per_hour=args.tables_per_hour, open_tables=args.tables_per_address),
                    public_address=args.public_address, trust_proxy=args.trust_proxy, lease=args.lease,
                    heartbeat_every=args.lease / 5, web=not args.no_web)
    try:
        return asyncio.run(_serve(config))
    except (StoreError, OSError) as error:
        print(f"mexican-train serve: cannot start: {getattr(error, 'reason', error)}", file=sys.stderr)
        return 2


async def _serve(config: Config) -> int:
    """Serve until a stop signal."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            signal.signal(sig, lambda *_: loop.call_soon_threadsafe(stop.set))
    from .server import Server

    ready: asyncio.Future[int] = loop.create_future()
    scheme = "wss" if config.certfile else "ws"
    ready.add_done_callback(lambda port: print(f"listening on {scheme}://{config.host}:{port.result()}/", flush=True))
    await Server(config).run(stop, ready)
    return 0
