"""The engine's card constants for the compiled search, as ``Final`` names.

Compiled with mypyc (``app.bots.compiled``), a ``Final`` module-level name is a C variable,
while a plain or imported one is looked up in the module's dict at every use; the playouts
read these millions of times a second (about 15 % of a Hard decision went to those lookups).
The values are the engine's own, never written twice: the compiled modules import them from
here instead of from ``app.engine.cards``.
"""

from __future__ import annotations

from typing import Final

from app.engine import cards

FOOL: Final = cards.FOOL
PAGAT: Final = cards.PAGAT
WORLD: Final = cards.WORLD
DECK_SIZE: Final = cards.DECK_SIZE
STRENGTH: Final = cards.STRENGTH
VALUE: Final = cards.VALUE
SUIT_OF: Final = cards.SUIT_OF
IS_TRUMP: Final = cards.IS_TRUMP
IS_PIP: Final = cards.IS_PIP
TRUMPS: Final = int(cards.Suit.TRUMPS)
"""Suits as plain ints: 0-3 the plain suits, 4 trumps, 5 none (the Fool)."""
SUIT: Final[tuple[int, ...]] = tuple(int(s) for s in cards.SUIT_OF)
"""Each card's suit as a plain int (``SUIT_OF`` holds ``Suit`` members)."""
