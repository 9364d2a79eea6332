"""Seeded randomness that gives the same deal on every platform and Python version.

Python promises a stable sequence only for ``Random.random()`` with an integer seed, so the
shuffle is our own Fisher-Yates on ``random()``, and independent streams (the deal, each bot)
are derived from one seed with SHA-256, never with ``hash()``.

Two kinds of seed: the arena and ``replay`` take an explicit, public seed (``stream``: anyone
may reproduce their deals); a table's seed is a server-side secret (``keyed_stream``: HMAC-SHA-256
keyed by it, with a 256-bit result), so that no stream's output, nor the labels that name it
(the deal's number, a decision's step), tells anything about the secret or about any other
stream, such as the next deal.
"""

from __future__ import annotations

import hashlib
import hmac
from random import Random
from typing import TypeVar

T = TypeVar("T")


def derive_seed(seed: int | str, *labels: int | str) -> int:
    """A 64-bit seed for the stream named by ``labels`` under ``seed``."""
    text = "/".join(str(part) for part in (seed, *labels))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def stream(seed: int | str, *labels: int | str) -> Random:
    """An independent ``Random`` for the stream named by ``labels`` under ``seed``."""
    return Random(derive_seed(seed, *labels))


def keyed_stream(secret: str, *labels: int | str) -> Random:
    """An independent ``Random`` for the stream named by ``labels`` under a secret key: the
    whole 256-bit HMAC seeds it, so a stream cannot be found by trying seeds either."""
    message = "/".join(str(label) for label in labels).encode()
    digest = hmac.new(secret.encode(), message, hashlib.sha256).digest()
    return Random(int.from_bytes(digest, "big"))


def shuffle(items: list[T], rng: Random) -> None:
    """Shuffle ``items`` in place (Fisher-Yates on ``rng.random()``)."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]
