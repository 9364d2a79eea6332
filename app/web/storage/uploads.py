"""Uploaded hand records, kept for the viewing only: ``/replay/{key}`` shows one.

A small, short-lived cache in memory keyed by a random id, so that the replay's steps are plain
links that carry nothing but that id and the step's number. Each upload was checked once as
``trionfi replay`` checks a record (``app.web.routes.replays``); what is kept is its replay.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from typing import Generic, TypeVar

Kept = TypeVar("Kept")

UPLOAD_TTL_S = 60 * 60.0
"""How long an uploaded record stays viewable after it was last opened."""
UPLOADS_KEPT = 200
"""At most this many uploaded records are kept; the least recently viewed goes first."""


class Uploads(Generic[Kept]):
    """Uploads (a deal's replay, checked once), kept in memory for an hour after their last
    viewing (at most ``UPLOADS_KEPT``): the viewer's links carry only the random key."""

    def __init__(self, ttl_s: float = UPLOAD_TTL_S, kept: int = UPLOADS_KEPT) -> None:
        self.ttl_s = ttl_s
        self.kept = kept
        self._lock = threading.Lock()
        self._entries: OrderedDict[str, tuple[float, Kept]] = OrderedDict()

    def keep(self, shown: Kept, now: float | None = None) -> str:
        """Keep an uploaded deal's replay; its key, for ``/replay/{key}``."""
        key = secrets.token_urlsafe(16)
        moment = time.monotonic() if now is None else now
        with self._lock:
            self._drop_expired(moment)
            self._entries[key] = (moment, shown)
            while len(self._entries) > self.kept:
                self._entries.popitem(last=False)
        return key

    def get(self, key: str, now: float | None = None) -> Kept | None:
        moment = time.monotonic() if now is None else now
        with self._lock:
            self._drop_expired(moment)
            entry = self._entries.get(key)
            if entry is None:
                return None
            self._entries[key] = (moment, entry[1])
            self._entries.move_to_end(key)
            return entry[1]

    def _drop_expired(self, now: float) -> None:
        while self._entries:
            key, (seen, _) = next(iter(self._entries.items()))
            if now - seen <= self.ttl_s:
                return
            del self._entries[key]
