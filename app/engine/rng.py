"""Seeded randomness that gives the same deal on every platform and Python version.

Python promises a stable sequence only for ``Random.random()`` with an integer seed, so the
shuffle is our own Fisher-Yates on ``random()``, and independent streams (the deal, each bot)
are derived from one table seed with SHA-256, never with ``hash()``.
"""

from __future__ import annotations

import hashlib
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


def shuffle(items: list[T], rng: Random) -> None:
    """Shuffle ``items`` in place (Fisher-Yates on ``rng.random()``)."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]
