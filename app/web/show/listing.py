"""The list of tables (``/tables``), made so that a flood of new tables cannot push real ones
off it, and the sweep that deletes tables nobody joined.

The list has three parts:

- **Your tables**: the friends' tables this browser sat at (the ``trionfi_recent`` cookie),
  always shown, whatever else happens on the server.
- **Tables**: the 50 most recently changed friends' tables where more than one person sits:
  tables being played, finished matches, lobbies someone has joined.
- **Just created**: the 10 most recent tables where only their host sits, changed in the last
  ten minutes. A script creating empty tables (held to 10 a minute per address by
  ``app.web.http.limits``) can fill only this part, and only for ten minutes.

Why this and not only expiry: a table's friends find it by its link, QR code or short code,
never by the list, so a table that nobody has joined yet loses nothing by dropping off it; the
host keeps it under "Your tables". A table still waiting that nobody joined for a day is
deleted with its rows (``app.web.storage.sweep``), so such tables do not pile up in the
database either. A row that cannot be read is listed as damaged, never left out.
"""

from __future__ import annotations

from typing import Any

from app.engine.games import GAMES
from app.web.http.words import Spoken
from app.web.storage.store import TableStore

LISTED = 50
SOLO_LISTED = 10
SOLO_LISTED_S = 10 * 60.0
"""How long a table with only its host stays on the list after its last change."""


async def tables_context(store: TableStore, own: list[str], now: float) -> dict[str, Any]:
    """What ``pages/tables.html`` shows; ``own`` is the ids of this browser's tables."""
    yours = await store.listed(own)
    mine = {row.id for row in yours}
    in_use = [row for row in await store.friends_tables(LISTED) if row.id not in mine]
    solo = await store.solo_tables(now - SOLO_LISTED_S, SOLO_LISTED)
    return {
        "own": yours,
        "tables": in_use,
        "solo": [row for row in solo if row.id not in mine],
        "game_names": Spoken({key: game.name for key, game in GAMES.items()}),
    }
