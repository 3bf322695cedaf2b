"""Several server processes on one PostgreSQL, at the level of the database: the schema made once
however many start together, a dead process's tables taken at once, a handover only for a seat's token."""

from __future__ import annotations

import asyncio

from pgcluster import Cluster

from game.net.store.postgres import PostgresStore


def test_three_servers_starting_together_on_an_empty_database_all_come_up(postgres_cluster: Cluster) -> None:
    """Their schema transactions take turns (without the lock two of three failed with a duplicate
    type or column nearly every time)."""

    async def start_three(url: str) -> list[BaseException]:
        stores = [PostgresStore(url) for _ in range(3)]
        results = await asyncio.gather(*(store.open() for store in stores), return_exceptions=True)
        for store in stores:
            await store.close()
        return [r for r in results if isinstance(r, BaseException)]

    failed = [asyncio.run(start_three(postgres_cluster.new_database())) for _ in range(10)]
    assert not any(failed), [f"{type(e).__name__}: {e}" for run in failed for e in run]
