"""Who is at the table now: the last time each seat's browser asked for anything.

Pages of a friends' table poll every half second, so a seat not heard from for a few seconds
is away (a closed lid, a locked phone, a lost connection). Kept in memory only: after a
restart everyone is "not seen yet" until their page reconnects, a second later.

On a shared database (several servers) each server tells the others when it hears from a
seat (``announce``, at most every ``ANNOUNCE_S`` per seat, by NOTIFY), and notes what they
tell it (``heard``), so a person on another server shows as here.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from app.web.table.model import Table

ABSENT_AFTER = 6.0
"""Seconds without a request before a seat shows as away (background tabs poll once a
second at most; a few missed polls are not an absence)."""


ANNOUNCE_S = 2.0
"""How often at most a server tells the others that it heard from a seat."""


class Presence:
    def __init__(self) -> None:
        self._seen: dict[str, dict[int, float]] = {}
        self._announced: dict[tuple[str, int], float] = {}
        self.announce: Callable[[str, int], None] | None = None
        """Tells the other servers that this one heard from a seat (shared database)."""

    def saw(self, table_id: str, seat: int | None) -> None:
        if seat is None:
            return
        now = time.monotonic()
        self._seen.setdefault(table_id, {})[seat] = now
        if self.announce is not None and now - self._announced.get((table_id, seat), -1e9) > (
            ANNOUNCE_S
        ):
            self._announced[(table_id, seat)] = now
            self.announce(table_id, seat)

    def heard(self, table_id: str, seat: int) -> None:
        """Another server heard from the seat just now."""
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

    def marks(self, table: Table) -> str:
        """What a page shows of the table besides the deal, as a short string: per seat here
        (1), away (0), a computer (-) or a computer standing in (c); then F once the match
        is over (C: standing in while the person is back), with the rules changed for the
        next deal before it (``rules_mark``). A page that shows other marks needs them
        redrawn."""
        signs = {True: "1", False: "0", None: "-"}
        stand_in = {True: "C", False: "c", None: "c"}
        seats = "".join(
            (stand_in if seat.stand_in is not None else signs)[state]
            for seat, state in zip(table.seats, self.states(table), strict=True)
        )
        return seats + rules_mark(table) + ("F" if table.finished else "")

    def redraw_needed(self, mark: str, table: Table) -> bool:
        """Whether a page showing ``mark`` needs more than its seats redrawn: the match ended
        or the rules of the next deal changed since."""
        seats = len(table.seats)
        return mark[seats:] != self.marks(table)[seats:]


def rules_mark(table: Table) -> str:
    """Between deals, the rule options changed for the next deal (``R`` and one digit per
    option of the game); nothing while they are the current deal's."""
    deal = table.match.deal
    if deal is None or deal.options == table.match.options:
        return ""
    options = table.match.options
    return "R" + "".join(str(int(getattr(options, key))) for key in options.keys_for(table.game))
