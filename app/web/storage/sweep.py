"""The sweep that deletes the friends' tables nobody joined, while the app runs.

A table still waiting for its players that nobody but its host joined is deleted with its rows
``ABANDONED_S`` after its last change, so that such tables (a script's, or a host who gave up)
do not pile up in the database; the list of tables stops showing them long before
(``app.web.show.listing``).
"""

from __future__ import annotations

import asyncio
import logging
import time

from app.web.storage.store import TableStore

log = logging.getLogger(__name__)

ABANDONED_S = 24 * 60 * 60.0
"""A table waiting for players that nobody joined is deleted this long after its last change."""
SWEEP_S = 10 * 60.0


async def drop_abandoned(store: TableStore, now: float) -> None:
    """Delete the tables waiting for players that nobody joined in ``ABANDONED_S``."""
    dropped = await store.drop_abandoned(now - ABANDONED_S)
    if dropped:
        log.info("deleted %d tables that nobody joined", dropped)


async def sweep_abandoned(store: TableStore) -> None:
    """Sweep every ``SWEEP_S`` seconds while the app runs."""
    while True:
        await asyncio.sleep(SWEEP_S)
        await drop_abandoned(store, time.time())
