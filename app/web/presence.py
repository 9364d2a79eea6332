"""Who is at the table now: the last time each seat's browser asked for anything.

Pages of a friends' table poll every half second, so a seat not heard from for a few seconds
is away (a closed lid, a locked phone, a lost connection). Kept in memory only: after a
restart everyone is "not seen yet" until their page reconnects, a second later.
"""

from __future__ import annotations

import time

from app.web.tables import Table

ABSENT_AFTER = 6.0
"""Seconds without a request before a seat shows as away (background tabs poll once a
second at most; a few missed polls are not an absence)."""


class Presence:
    def __init__(self) -> None:
        self._seen: dict[str, dict[int, float]] = {}

    def saw(self, table_id: str, seat: int | None) -> None:
        if seat is not None:
            self._seen.setdefault(table_id, {})[seat] = time.monotonic()

    def is_connected(self, table_id: str, seat: int) -> bool:
        seen = self._seen.get(table_id, {}).get(seat)
        return seen is not None and time.monotonic() - seen < ABSENT_AFTER

    def states(self, table: Table) -> tuple[bool | None, ...]:
        """Per seat: connected or not for a person's seat, None for a computer player."""
        return tuple(
            None if seat.kind == "bot" or seat.is_free else self.is_connected(table.id, index)
            for index, seat in enumerate(table.seats)
        )

    def signature(self, table: Table) -> str:
        """The states as a short string: a page that shows other states needs a new frame."""
        marks = {True: "1", False: "0", None: "-"}
        return "".join(marks[state] for state in self.states(table))


presence = Presence()
"""The one tracker of this process (table ids are unique, so apps in one process share it)."""
