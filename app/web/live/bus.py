"""The poll bus: the waiting polls of every table's pages, woken when the table changes.

Live updates are long polls (``app.web.routes.live``): a page's poll waits here until its
table changes, and each change (``changed``, called after the change is saved) wakes every
poll waiting on that table. The bus also remembers, per page, its latest poll (an older one of
the same page answers 204 at once and frees its connection) and the newest version an answer
to the page's own action gave it (a poll sent before that answer must not announce it again,
``answered_past``).

In memory only, and of this process: after a restart every page simply polls again.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict

SHOWN_PAGES = 4096
"""Pages whose newest shown version is remembered (the oldest are forgotten first)."""


class PollBus:
    def __init__(self) -> None:
        self._changes: dict[str, asyncio.Event] = {}
        """Per table, the event the waiting polls wait on; replaced at each change."""
        self._changed_by: dict[str, int | None] = {}
        self._polls: dict[tuple[str, str], int] = {}
        """(table, page) -> the number of that page's latest poll."""
        self._answered: OrderedDict[tuple[str, str], int] = OrderedDict()
        """(table, page) -> the newest version an answer to the page's own action gave it."""

    def changed(self, table_id: str, by: int | None) -> None:
        """Wake every poll waiting on the table (call on the event loop, after a save);
        ``by`` is the seat whose request made the change."""
        self._changed_by[table_id] = by
        self._wake(table_id)

    def last_change_by(self, table_id: str) -> int | None:
        return self._changed_by.get(table_id)

    async def wait_change(self, table_id: str, timeout: float) -> None:
        """Wait until the table changes, or ``timeout`` seconds."""
        event = self._changes.setdefault(table_id, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)

    # ------------------------------------------------------------------ one page's polls

    def begin_poll(self, table_id: str, page: str) -> int:
        """A page's new poll: the page's older waiting poll (its table was redrawn since)
        is woken to answer 204 and free its connection. Returns the new poll's number."""
        key = (table_id, page)
        number = self._polls.get(key, 0) + 1
        self._polls[key] = number
        self._wake(table_id)
        return number

    def is_superseded(self, table_id: str, page: str, number: int) -> bool:
        """Whether the page has polled again since (a request without a page id never is)."""
        return bool(page) and self._polls.get((table_id, page), number) != number

    def end_poll(self, table_id: str, page: str, number: int) -> None:
        if self._polls.get((table_id, page)) == number:
            del self._polls[(table_id, page)]

    def note_answered(self, table_id: str, page: str, version: int) -> None:
        """The answer to ``page``'s own action gives it the table at ``version`` (see
        ``answered_past``)."""
        if not page:
            return
        key = (table_id, page)
        self._answered[key] = max(version, self._answered.get(key, -1))
        self._answered.move_to_end(key)
        while len(self._answered) > SHOWN_PAGES:
            self._answered.popitem(last=False)

    def answered_past(self, table_id: str, page: str, version: int) -> bool:
        """Whether the answer to the page's own action gave it a newer table than
        ``version``, which a poll of the page names: the poll left the browser before that
        answer came (queued behind other requests) and its table has been redrawn since, so
        it is answered 204 rather than announce the action again.

        Once per answer: the note is then forgotten. The page may not have shown that answer
        after all (a poll's answer redrew its table first, and the page drops an answer whose
        element is gone), and its next poll, naming the same version, is then answered in
        full. Taking the answer's version for the page's would leave it stuck behind."""
        key = (table_id, page)
        if not page or self._answered.get(key, -1) <= version:
            return False
        del self._answered[key]
        return True

    def _wake(self, table_id: str) -> None:
        event = self._changes.pop(table_id, None)
        if event is not None:
            event.set()
