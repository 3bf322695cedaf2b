"""Tables an older server kept in JSON files come into the database once, and their people rejoin them."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from game.ai import make_player
from game.net.server.embedded import EmbeddedServer
from game.net.table.settings import Settings
from game.net.table.table import Table
from game.saves.codec import dumps_compact

from .conftest import HOST, ManualClock, connected, next_of


def _older_server_folder(folder: Path, clock: ManualClock, closed: bool) -> tuple[str, str, int]:
    """A table as an older server left it: a table file and its match's autosave, played a little.
    The table's code, the host's token and how many moves it holds."""
    table = Table("K3F9Q-2XAMB", Settings("classic", 2, "blitz"), ["person", "easy"], clock)
    token = table.open("Ana", "10.0.0.1")
    table.start(0)
    table.contribute(0, 1, "ab" * 32)
    assert table.session is not None
    match = table.session.match
    players = [make_player("easy", "ana"), make_player("easy", "bo")]
    while len(match.action_log[-1]) < 9:
        seat = match.current_player()
        assert seat is not None
        table._apply(players[seat].choose(match.view(seat)))
    tables = folder / "tables"
    tables.mkdir(parents=True)
    seats = [{"kind": s.kind, "name": s.name, "token": token if i == 0 else "", "stand_in": False, "left": False}
             for i, s in enumerate(table.seats)]
    doc = {"format": "mexican-train table", "version": 1, "code": table.code, "id": table.table_id,
           "state": "closed" if closed else "playing", "settings": table.settings.json(), "seats": seats}
    (tables / f"table-{table.table_id}.json").write_text(json.dumps(doc))
    (tables / f"autosave-{table.table_id}.json").write_bytes(dumps_compact(table.session, "autosave"))
    return table.code, token, len(match.action_log[-1])


def test_an_older_servers_table_closed_for_idleness_is_imported_and_rejoined_where_it_stood(tmp_path: Path) -> None:
    clock = ManualClock()
    code, token, moves = _older_server_folder(tmp_path / "server", clock, closed=True)
    before = {p.name: p.read_bytes() for p in (tmp_path / "server" / "tables").iterdir()}

    async def rejoin(url: str) -> int:
        ana = await connected(url)
        joined = await ana.rejoin(code, token)
        assert joined.seat == 0
        update = await next_of(ana, "update")
        await ana.close()
        return int(update.data["moves"])

    for _ in range(2):  # imported at the first start only; the second start reads the database
        embedded = EmbeddedServer(tmp_path / "server", HOST, 0, clock=clock, hello_timeout=5, tick=0.05, workers=1)
        port = embedded.start()
        try:
            assert asyncio.run(rejoin(f"ws://{HOST}:{port}/")) == moves
        finally:
            embedded.stop()
    assert {p.name: p.read_bytes() for p in (tmp_path / "server" / "tables").iterdir()} == before, \
        "the older files are left as they were"
