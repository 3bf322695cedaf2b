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
    from .server import Config


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``serve`` subcommand's options."""
    serve = sub.add_parser("serve", help="run a table server for network play (see docs/server.md)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1; 0.0.0.0 for every network)")
    serve.add_argument("--port", type=int, default=8765, help="port (default 8765; 0: any free port)")
    serve.add_argument("--data", default="mexican-train-server", help="folder for the tables' saves")
    serve.add_argument("--certfile", help="TLS certificate (PEM) to serve wss://")
    serve.add_argument("--keyfile", help="TLS private key (PEM) for --certfile")
    serve.add_argument("--grace-idle", type=float, default=600.0, dest="idle_close",
                       help="seconds a table with no one connected stays open (default 600)")
    serve.add_argument("--hello-timeout", type=float, default=10.0,
                       help="seconds a connection not at a table may stay silent (default 10)")
    serve.add_argument("--save-every", type=float, default=5.0,
                       help="seconds between saves of a changed table (default 5; a kill -9 loses at most this)")
    serve.add_argument("--max-tables", type=int, default=5000, help="tables the server holds at most (default 5000)")
    serve.add_argument("--tables-per-address", type=int, default=20,
                       help="open tables one address may set up (default 20; behind a proxy every player shares one)")
    serve.add_argument("--workers", type=int, default=None, help="computer-player processes (default: cores, at most 4)")


def serve_command(args: argparse.Namespace) -> int:
    """Run the server; 0 after a clean stop, 2 when it cannot start."""
    if bool(args.certfile) != bool(args.keyfile):
        print("mexican-train serve: --certfile and --keyfile go together", file=sys.stderr)
        return 2
    from ..saves import SaveError
    from .server import Config

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr)
    logging.getLogger("websockets").setLevel(logging.WARNING)  # one line per table event, not per connection
    config = Config(args.host, args.port, Path(args.data), args.certfile, args.keyfile,
                    hello_timeout=args.hello_timeout, idle_close=args.idle_close, workers=args.workers,
                    save_every=args.save_every, max_tables=args.max_tables,
                    tables_per_address=args.tables_per_address)
    try:
        return asyncio.run(_serve(config))
    except (SaveError, OSError) as error:
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
